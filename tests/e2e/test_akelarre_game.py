"""Akelarre through the real slash commands and buttons (SimCord): a 3-player
game and a 4-player team game from ``/play akelarre`` to the final reveal.

The players follow the spec's §10 strategy (the engine's AI, asked for its
choice), but every choice goes through the panel's controls: the cards of a
move picked from the hand, then the destination (and joker value) among the
legal ones, takes, Done with the draw or a discard, the draw source, buying and paying, and
the owner's choice of 2 cards after a capture on their place. Along the way:
no favourite family reaches a public message or a custom_id before the end,
each player's panel shows their own favourite from the start, and the final
board reveals every favourite with the score in words."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import simcord

from bench.channel_players import akelarre_ending
from bot.i18n import t
from bot.model import table_of
from cogs.akelarre import PRESENTER
from games.akelarre.data import FAMILIES, family_of
from games.akelarre.state import AkelarreState
from games.registry import GAMES
from tests.akelarre.akelarre_helpers import same
from tests.e2e.helpers import (
    WHOLE_GAME,
    Table,
    custom_ids,
    make_table,
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)

AK = GAMES["akelarre"]


def suit(family: str) -> str:
    return t(f"akelarre.suit.{family}", "en")


def secrets_of(family: str) -> list[str]:
    """Texts that would give a favourite away (what the panel and the end say of it)."""
    return [
        t("akelarre.ui.favourite_was", "en", suit=suit(family)),
        t("akelarre.ui.favourite_text", "en", suit=suit(family)),
        t("akelarre.ui.your_favourite", "en"),
        f"favourite {suit(family)}",
    ]


def button_id(message: Any, payload: str) -> str | None:
    """The custom_id of the enabled button with exactly this payload."""
    for cid in custom_ids(message):
        if cid.endswith(f":a:{payload}"):
            return cid
    return None


async def press(player: simcord.MemberActor, shown: Any, payload: str) -> Any:
    target = button_id(shown, payload)
    assert target is not None, (payload, custom_ids(shown))
    result = await player.click(shown, custom_id=target)
    assert result.response is not None and result.response.ephemeral
    assert not (result.response.content or "").startswith(("⚠️", "⛔")), result.response.content
    return result.response


async def act_in_panel(table: Table, seat: int, kinds: Counter[str]) -> None:
    """The seat does what the §10 player would do, through its panel only."""
    state = await table.state()
    decision = AK.decision(state)
    assert decision is not None and seat in decision.actors
    wanted = AK.ai(seat).act(AK.view(state, seat), decision).model_dump(mode="json")
    legal = [a.model_dump(mode="json") for a in AK.legal_actions(state, seat) or []]
    index = next(i for i, a in enumerate(legal) if same(state, a) == same(state, wanted))
    action = legal[index]
    kind = action["kind"]
    player = await player_of(table, seat)
    shown = await panel(table, player)

    async def choose(payload: str, values: list[str]) -> Any:
        result = await player.select(shown, values, custom_id=select_id(shown, payload))
        assert result.response is not None and result.response.ephemeral
        assert not (result.response.content or "").startswith(("⚠️", "⛔")), result.response.content
        return result.response

    if kind in ("open", "add"):
        if action["cards"]:
            assert set(action["cards"]) <= set(options_of(shown, "pick")), (action, options_of(shown, "pick"))
            shown = await choose("pick", action["cards"])
        assert str(index) in options_of(shown, "L"), (action, custom_ids(shown))
        await choose("L", [str(index)])
    elif kind == "take":
        await choose("tk", [str(index)])
    elif (ending := akelarre_ending(state, seat, action)) is not None:
        # The end of the turn in one click (cogs/akelarre/whole.py): Done with the draw the
        # §10 player then makes, or the draw, or the discard, each with Phase C's answer
        # (the 🏕️ switch first if it buys).
        control, buys = ending
        if buys:
            kinds["buy"] += 1
            shown = await press(player, shown, "buy")
        if kind == "done":
            kinds["draw"] += 1  # its draw, in the same click
        if control == "dc":
            await choose("dc", [str(index)])
        else:
            await press(player, shown, control)
    elif kind in ("pay", "choose_payment"):
        if str(index) not in options_of(shown, "L"):  # more than 25 kinds: the family first
            shown = await choose("G.family", [family_of(action["card"])])
        await choose("L", [str(index)])
    else:
        target = button_id(shown, f"L.{index}")
        assert target is not None, (action, custom_ids(shown))
        result = await player.click(shown, custom_id=target)
        assert result.response is not None and result.response.ephemeral
    kinds[kind] += 1


async def check_owner_is_asked(table: Table, state: AkelarreState) -> None:
    """AK-6.3: the owner is pinged, and their panel shows the 5 cards to choose from."""
    assert state.payment is not None
    owner = state.payment.owner
    row = await table.row()
    user_id = table_of(row).seats[owner].user_id
    ping = table.channel.history()[-1].content or ""
    assert f"<@{user_id}>" in ping and "must pick 2 of its 5 cards" in ping, ping
    shown = await panel(table, await player_of(table, owner))
    text = shown.embeds[0].description or ""
    for card in state.payment.cards:
        assert t(f"akelarre.card.{card}", "en") in text, (card, text)
    assert len(options_of(shown, "L")) == 10  # every pair of the 5 cards


async def play_to_the_end(table: Table, favourites: list[str]) -> tuple[Counter[str], str]:
    """Every decision through the panels; returns the kinds played and the public
    text as it stood just before the last action (the end reveals everything)."""
    kinds: Counter[str] = Counter()
    before_end = ""
    taken_at = -1
    asked_owner = False
    for step in range(3000):
        state = await table.state()
        decision = AK.decision(state)
        if decision is None:
            break
        if decision.kind == "akelarre.payment" and not asked_owner:
            await check_owner_is_asked(table, state)
            asked_owner = True
        # The public text before the last action, taken only then (not the whole
        # channel read at every move): the engine tells whether the §10 move ends
        # the game, and ``taken_at`` checks that it was the last action.
        seat = decision.actors[0]
        after, _ = AK.play(state, seat, AK.ai(seat).act(AK.view(state, seat), decision))
        if AK.decision(after) is None:
            before_end, taken_at = table.public_text(), step
        await act_in_panel(table, seat, kinds)
    else:
        raise AssertionError("the game did not end")
    assert taken_at == step - 1, "the public text was taken just before the last action"
    for family in FAMILIES:
        for secret in secrets_of(family):
            assert secret not in before_end, f"a favourite leaked before the end: {secret}"
    for message in table.channel.history():
        for cid in custom_ids(message):
            assert len(cid) <= 100
            assert not any(f in cid for f in FAMILIES) and "FAV" not in cid, cid
    assert favourites
    return kinds, before_end


async def check_own_favourites(table: Table, favourites: list[str]) -> None:
    """Each player's panel shows their own favourite from the start, and nobody else's."""
    for seat, family in enumerate(favourites):
        shown = await panel(table, await player_of(table, seat))
        text = str(shown.embeds[0].to_dict())
        assert t("akelarre.ui.favourite_text", "en", suit=suit(family)) in text
        for other in FAMILIES:
            if other != family:
                assert t("akelarre.ui.favourite_text", "en", suit=suit(other)) not in text


def final_board(table: Table) -> str:
    """The board message's description once the game is over (the record on top)."""
    boards = [m for m in table.channel.history() if m.embeds and "Akelarre ·" in (m.embeds[0].title or "")]
    assert len(boards) == 1, "one board message, edited in place"
    return boards[0].embeds[0].description or ""


@WHOLE_GAME
async def test_three_players_from_play_to_the_reveal(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 1)  # a repeatable game
    names = ["ann", "bob", "cid"]
    table = make_table(simcord_env, names, channel="akelarre")
    spectator = table.guild.add_member(simcord_env.create_user("eve"))
    board = await start_game(table, "akelarre")
    # The board: its text, and the picture of the table.
    assert "Meeting places" in str(board.embeds[0].to_dict())
    assert [a.filename for a in board.attachments] == ["board.png"]

    # A non-player can look but not act.
    refused = await spectator.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert refused.ephemeral and "not playing at this table" in refused.response.content

    state = await table.state()
    favourites = list(state.favourites)
    await check_own_favourites(table, favourites)
    kinds, _ = await play_to_the_end(table, favourites)
    assert kinds["choose_payment"] > 0, "an owner chose 2 cards after a capture on their place"
    assert kinds["open"] > 0 and kinds["add"] > 0 and kinds["draw"] > 0 and kinds["done"] > 0

    row = await table.row()
    assert row.status == "finished" and row.result is not None
    outcome = AK.outcome(await table.state())
    assert outcome is not None
    description = final_board(table)
    headline = description.splitlines()[0]
    for standing in outcome.standings:
        name = names[standing.seat]
        if standing.winner:
            assert f"**{name}**" in headline, headline
        line = next(x for x in description.splitlines()[1:] if f"**{name}** —" in x)
        assert f"favourite {suit(favourites[standing.seat])}" in line, line
        assert PRESENTER.score_text(table_of(row), standing, "en") in line
        assert ("🏆" in line) == standing.winner, line
    assert "**Final ranking**" in description


@WHOLE_GAME
async def test_four_players_in_teams_from_play_to_the_reveal(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 2)
    names = ["ann", "bob", "cid", "dee"]
    table = make_table(simcord_env, names, channel="akelarre-teams")
    board = await start_game(table, "akelarre", teams=True)
    text = str(board.embeds[0].to_dict())
    assert "Team A: **ann** and **cid**" in text and "Team B: **bob** and **dee**" in text
    state = await table.state()
    assert state.teams
    favourites = list(state.favourites)
    await check_own_favourites(table, favourites)
    kinds, _ = await play_to_the_end(table, favourites)
    assert kinds["choose_payment"] > 0

    row = await table.row()
    outcome = AK.outcome(await table.state())
    assert row.status == "finished" and outcome is not None
    description = final_board(table)
    headline = description.splitlines()[0]
    totals = {
        team: sum(s.details["total"] for s in outcome.standings if s.seat % 2 == team) for team in (0, 1)
    }
    if totals[0] == totals[1]:
        assert "A draw" in headline and all(f"**{n}**" in headline for n in names), headline
    else:
        team = 0 if totals[0] > totals[1] else 1
        assert f"Team {'AB'[team]} wins" in headline and str(totals[team]) in headline, headline
        for seat in (team, team + 2):
            assert f"**{names[seat]}**" in headline
    for standing in outcome.standings:
        line = next(x for x in description.splitlines()[1:] if f"**{names[standing.seat]}** —" in x)
        assert f"favourite {suit(favourites[standing.seat])}" in line, line
        assert f"points for team {'AB'[standing.seat % 2]}" in line, line
        assert f"own score {standing.details['total']} point" in line, line
