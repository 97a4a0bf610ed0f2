"""Narnia through the real slash commands and buttons (SimCord): the map
picture on the board, every battle rolled in public in one edited message,
and every choice made in the players' panels with selects of legal choices.

The players follow the spec's §10 strategy (the engine's AI, asked for its
choice), but every choice goes through the Discord controls, so the test
proves the panels can express whatever a good player wants to do."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import pytest
import simcord

from games.registry import GAMES
from tests.e2e.helpers import (
    WHOLE_GAME,
    Table,
    button,
    custom_ids,
    make_table,
    open_lobby,
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)

NARNIA = GAMES["narnia"]
SEED = 3
PLAYERS = ["ann", "bob", "cid"]
GROUP_FIELD = {"witch_pair": "target", "treachery": "source", "surprise": "territory"}


def _positions(stack: list[Any], values: list[int]) -> list[str]:
    """Stack positions holding these token values (tokens of a value are alike)."""
    wanted = Counter(values)
    out = []
    for index, token in enumerate(stack):
        if wanted[token.value] > 0:
            wanted[token.value] -= 1
            out.append(str(index))
    return out


async def act_in_panel(table: Table, seat: int) -> str:
    """The seat does what the §10 player would do, through its panel only."""
    state = await table.state()
    decision = NARNIA.decision(state)
    assert decision is not None
    view = NARNIA.view(state, seat)
    wanted = NARNIA.ai(seat).act(view, decision).model_dump(mode="json")
    kind = wanted["kind"]
    player = await player_of(table, seat)
    shown = await panel(table, player)

    async def click(payload: str) -> Any:
        target = button(shown, payload)
        assert target is not None, (payload, custom_ids(shown))
        return (await player.click(shown, custom_id=target)).response

    async def choose(payload: str, values: list[str]) -> Any:
        return (await player.select(shown, values, custom_id=select_id(shown, payload))).response

    legal = [a.model_dump(mode="json") for a in NARNIA.legal_actions(state, seat)]
    if kind == "surprise":  # equal tokens are alike: the legal list names each kind once
        stack = state.territories[wanted["territory"]].stack
        token = stack[wanted["index"]]
        wanted["index"] = next(
            a["index"]
            for a in legal
            if a.get("territory") == wanted["territory"] and stack[a["index"]] == token
        )
    if kind == "attack":  # every attack is one option of the whole-move menu
        index = legal.index(wanted)
        assert str(index) in options_of(shown, "LW"), (wanted, custom_ids(shown))
        await choose("LW", [str(index)])
        return kind
    if kind == "move":
        if button(shown, "mode.move") is not None:
            shown = await click("mode.move")
        if wanted["source"] in options_of(shown, "from") and len(options_of(shown, "from")) > 1:
            shown = await choose("from", [wanted["source"]])
        if len(options_of(shown, "to")) > 1:
            shown = await choose("to", [wanted["target"]])
        stack = state.territories[wanted["source"]].stack
        await choose("mt", _positions(stack, wanted["tokens"]))
        return kind
    if kind == "invade":
        source = state.battles[-1].source
        stack = state.territories[source].stack
        if not wanted["tokens"]:
            await click("inv.none")
        elif len(wanted["tokens"]) == len(stack):
            await click("inv.all")
        else:
            await choose("inv", _positions(stack, wanted["tokens"]))
        return kind
    index = legal.index(wanted)
    if button(shown, f"L.{index}") is not None:
        await click(f"L.{index}")
        return kind
    if kind in GROUP_FIELD and any(cid.endswith(":s:G.group") for cid in custom_ids(shown)):
        shown = await choose("G.group", [wanted[GROUP_FIELD[kind]]])
    assert str(index) in options_of(shown, "L"), (wanted, custom_ids(shown))
    await choose("L", [str(index)])
    return kind


@WHOLE_GAME
async def test_whole_game_from_play_to_the_winner(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)  # a repeatable game
    table = make_table(simcord_env, PLAYERS, channel="narnia")
    spectator = table.guild.add_member(simcord_env.create_user("eve"))
    board = await start_game(table, "narnia")
    assert [a.filename for a in board.attachments] == ["board.png"]  # the map
    assert board.embeds[0].image.url == "attachment://board.png"

    # A non-player can look but not act.
    refused = await spectator.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert refused.ephemeral and "not playing at this table" in refused.response.content

    kinds: Counter[str] = Counter()
    for _ in range(3000):
        state = await table.state()
        decision = NARNIA.decision(state)
        if decision is None:
            break
        kinds[await act_in_panel(table, decision.actors[0])] += 1
    else:
        raise AssertionError("the game did not end")

    row = await table.row()
    assert row.status == "finished" and row.result is not None
    assert row.result["outcome"]["standings"]
    assert "Final ranking" in table.public_text()

    # The final board stays as the game's record: the headline names the winner, and the
    # ranking gives every player's territories (the winner's with the 🏆).
    boards = [m for m in table.channel.history() if m.attachments and m.embeds]
    assert boards, "the board message with the map"
    final = boards[-1].embeds[0]
    assert final.image.url == "attachment://board.png"
    description = final.description or ""
    outcome = NARNIA.outcome(await table.state())
    assert outcome is not None and outcome.winners
    winner_name = PLAYERS[outcome.standings[0].seat]  # seats follow join order
    headline = description.splitlines()[0]
    assert "Narnia is free!" in headline and f"**{winner_name}** wins" in headline, description
    assert "**Final ranking**" in description
    for standing in outcome.standings:
        name = PLAYERS[standing.seat]
        line = next(x for x in description.splitlines() if f"**{name}** —" in x)
        assert f"{standing.score} territor" in line, line
        assert ("🏆" in line) == standing.winner, line
    assert kinds["attack"] > 0 and kinds["draw"] > 0

    # Every battle is one public message that shows every throw the engine rolled,
    # with both sides' dice sorted and the throw's winner, for this seeded game.
    throws: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in await table.bot.store.actions(row.id):
        for event in entry.events:
            if event.get("seats") is None and event["key"].endswith(("throw_won", "throw_lost")):
                params = dict(event["params"], witch_attacks=".witch_throw" in event["key"])
                throws[params["live"]].append(params)
    assert throws, "battles were fought"
    messages = [m.content or "" for m in table.channel.history()]
    witch_battles = 0
    for rolled in throws.values():
        shown = list(enumerate(rolled, 1))
        if len(shown) > 10:  # a long battle shows its first 2 and last 7 throws
            shown = [*shown[:2], *shown[-7:]]

        def sides(p: dict[str, Any]) -> tuple[str, str]:
            player = PLAYERS[p["seat"]]
            return ("❄️ Witch", f"**{player}**") if p["witch_attacks"] else (f"**{player}**", "❄️ Witch")

        lines = [
            f"**Throw {n}** — {sides(p)[0]} {p['attacker_dice']} vs {sides(p)[1]} {p['defender_dice']}"
            for n, p in shown
        ]
        holders = [m for m in messages if all(line in m for line in lines)]
        assert len(holders) == 1, f"one public message per battle, with every throw: {lines}"
        witch_battles += "White Witch" in holders[0].split("\n")[0]
    assert witch_battles > 0, "the Witch's dice are rolled in public too"
    for message in table.channel.history():
        assert all(len(cid) <= 100 for cid in custom_ids(message))


async def test_the_round_cap_is_chosen_at_play_and_shown_in_the_lobby_and_on_the_board(
    simcord_env: simcord.Env,
) -> None:
    """NA-4.8.9 / R34: 100 rounds unless the host says otherwise at /play (0: none)."""
    table = make_table(simcord_env, ["ann", "bob"], channel="narnia")
    ann, bob = table.players
    cancel = f"gm:{table.channel.id}:lobby:cancel"
    for rounds, said in ((None, "ends after round 100"), (0, "none (the game may run very long)")):
        options = {} if rounds is None else {"rounds": rounds}
        lobby = await open_lobby(table, "narnia", **options)
        field = next(f for f in lobby.embeds[0].fields if f.name == "Round cap")
        assert field.value == said
        await ann.click(lobby, custom_id=cancel)
    refused = await ann.slash(table.channel, "play", game="magmor", rounds=30)
    assert refused.ephemeral and "Only Narnia has a round cap" in (refused.response.content or "")

    lobby = await open_lobby(table, "narnia", rounds=30, language="it")
    field = next(f for f in lobby.embeds[0].fields if f.name == "Limite di turni")
    assert field.value == "finisce dopo il turno 30"
    await bob.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    await ann.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    row = await table.row()
    assert row.table["options"] == {"round_cap": 30}
    state = await table.state()
    assert state.round_cap == 30
    for _ in range(100):  # setup (24 placements) up to round 1's first decision
        if state.round:
            break
        decision = NARNIA.decision(state)
        assert decision is not None
        await act_in_panel(table, decision.actors[0])
        state = await table.state()
    assert table.board().embeds[0].title == "Narnia — turno 1 di 30"
