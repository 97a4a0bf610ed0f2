"""Tir Nan Og Wars through the real slash commands and buttons (SimCord): a
3-player game from /play to the final scores, every choice made in the
players' private panels.

The players follow the spec's §10 strategy (the engine's AI, asked for its
choice) and the test finds that choice among the panel's controls, so it
proves the panel can express whatever a good player wants to do. Two
declarations are scripted: in the first fountain dispute everyone but the
last declarer takes part (a dispute with at least two participants), and in
the second the first declarer lets the deadline pass (the default: stay out).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import simcord

from bot.model import table_of
from cogs.tirnanog import PRESENTER
from cogs.tirnanog.words import creatures
from games.registry import GAMES
from tests.e2e.helpers import (
    WHOLE_GAME,
    Table,
    button,
    custom_ids,
    make_table,
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)

TIRNANOG = GAMES["tirnanog"]
SEED = 5
PLAYERS = ["ann", "bob", "cid"]
SELECT_OF = {"take_creatures": "LA", "take_territory": "LB", "consolidate": "LC"}
REVEAL = "Dispute for the magic fountain"


def wanted_action(state: Any, seat: int) -> dict[str, Any]:
    decision = TIRNANOG.decision(state)
    assert decision is not None
    action = TIRNANOG.ai(seat).act(TIRNANOG.view(state, seat), decision)
    return dict(action.model_dump(mode="json"))


async def act_in_panel(table: Table, seat: int, wanted: dict[str, Any]) -> str:
    """The seat does ``wanted`` through its panel's controls only."""
    state = await table.state()
    legal = [a.model_dump(mode="json") for a in TIRNANOG.legal_actions(state, seat) or []]
    assert wanted in legal, (wanted, legal)
    index = legal.index(wanted)
    player = await player_of(table, seat)
    shown = await panel(table, player)
    kind = wanted["kind"]

    async def choose(payload: str, values: list[str]) -> Any:
        result = await player.select(shown, values, custom_id=select_id(shown, payload))
        assert result.response is not None and result.response.ephemeral
        return result.response

    if kind == "declare":
        target = button(shown, f"L.{index}")
        assert target is not None, custom_ids(shown)
        await player.click(shown, custom_id=target)
    elif kind == "discard":
        # The picker lists every card of the hand once; pick as many of each species.
        counts = Counter(wanted["species"])
        values = [f"{s}.{i}" for s, n in counts.items() for i in range(n)]
        assert set(values) <= set(options_of(shown, "d")), (values, options_of(shown, "d"))
        await choose("d", values)
    else:
        if kind == "consolidate" and wanted["territory"] not in options_of(shown, "c"):
            raise AssertionError(("not offered", wanted, options_of(shown, "c")))
        if kind == "consolidate" and str(index) not in options_of(shown, "LC"):
            shown = await choose("c", [wanted["territory"]])
        payload = SELECT_OF[kind]
        assert str(index) in options_of(shown, payload), (wanted, custom_ids(shown))
        await choose(payload, [str(index)])
    return kind


def public_messages(table: Table) -> list[str]:
    return [m.content or "" for m in table.channel.history()]


@WHOLE_GAME
async def test_three_players_from_play_to_the_final_scores(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)  # a repeatable game
    table = make_table(simcord_env, PLAYERS, channel="tir-nan-og")
    spectator = table.guild.add_member(simcord_env.create_user("eve"))
    board = await start_game(table, "tirnanog")
    assert [a.filename for a in board.attachments] == ["board.png"]  # display and piles
    assert "Creature display" in str(board.embeds[0].to_dict())

    refused = await spectator.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert refused.ephemeral and "not playing at this table" in (refused.response.content or "")

    kinds: Counter[str] = Counter()
    disputes: list[dict[str, Any]] = []  # per dispute: hands before the reveal, participants
    timed_out = False
    moved_last: int | None = None  # the seat whose click made the last change
    for _ in range(1500):
        state = await table.state()
        decision = TIRNANOG.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        if decision.kind != "tirnanog.declare":
            kinds[await act_in_panel(table, seat, wanted_action(state, seat))] += 1
            moved_last = seat
            continue
        dispute = state.dispute
        assert dispute is not None
        if not dispute.declarations:  # a new dispute: remember what must stay secret
            disputes.append(
                {
                    "hands": {s: creatures(state.hand_counts(s), "en") for s in range(3)},
                    "messages": len(table.channel.history()),
                    "order": list(dispute.order),
                }
            )
        current = disputes[-1]
        # The ping, on the board below everything, names the one to declare and only
        # them; unless they made the move that asks them (their panel shows it).
        ping, mention = table.channel.last_message, f"<@{table.players[seat].id}>"
        assert ping is not None
        if seat != moved_last:
            assert ping.id == table.board().id and mention in (ping.content or ""), ping.content
        else:
            assert mention not in (ping.content or "") and mention not in (table.board().content or "")
        assert all(f"<@{p.id}>" not in (ping.content or "") for i, p in enumerate(table.players) if i != seat)
        # The board shows who takes part and who is still to declare, never a hand.
        board_text = str(table.board().embeds[0].to_dict())
        assert f"**{PLAYERS[seat]}** is declaring now" in board_text
        for s, hand in current["hands"].items():
            if hand != "no creatures":
                assert hand not in board_text, (s, hand)
        if len(disputes) == 2 and not dispute.declarations and not timed_out:
            await simcord_env.advance_time(table.bot.settings.live_short_seconds + 5)
            timed_out = True
            after = await table.state()
            assert after.dispute is None or after.dispute.declarations.get(seat) is False
            assert f"**{PLAYERS[seat]}** ran out of time" in table.public_text()
            moved_last = None  # the deadline moved: whoever is asked next is pinged
            continue
        if len(disputes) == 1:
            last = dispute.order[-1]
            wanted = {"kind": "declare", "take_part": seat != last}
        else:
            wanted = wanted_action(state, seat)
        kinds[await act_in_panel(table, seat, wanted)] += 1
        moved_last = seat
    else:
        raise AssertionError("the game did not end")
    assert timed_out, "a deadline passed during a declaration"
    assert kinds["take_creatures"] and kinds["take_territory"] and kinds["consolidate"] and kinds["declare"]

    # The first dispute: nothing of a hand in public (messages or ids) before the reveal,
    # then ONE public message with every participant's hand and the result.
    log = await table.bot.store.actions((await table.row()).id)
    reveal = next(
        e
        for entry in log
        for e in entry.events
        if e["key"] == "tirnanog.event.dispute_revealed" and e.get("seats") is None
    )
    participants = [h["seat"] for h in reveal["params"]["hands"]]
    assert len(participants) >= 2
    first = disputes[0]
    messages = public_messages(table)
    reveals = [i for i, m in enumerate(messages) if REVEAL in m]
    assert reveals, "the hands are revealed in public"
    at = reveals[0]
    for message in messages[first["messages"] : at]:
        assert "in hand →" not in message
        for seat in participants:
            hand = first["hands"][seat]
            assert hand == "no creatures" or hand not in message, (hand, message)
    shown = messages[at]
    for seat in participants:
        hand = first["hands"][seat]
        line = next(x for x in shown.splitlines() if x.startswith(f"• **{PLAYERS[seat]}**:"))
        assert hand in line or hand == "no creatures", (hand, line)
    outcome_words = ("wins the magic fountain", "Absolute tie")
    assert any(w in shown for w in outcome_words), shown
    for message in table.channel.history():
        for cid in custom_ids(message):
            assert len(cid) <= 100
            assert not any(s in cid for s in ("dragon", "elf", "fairy", "griffin", "centaur")), cid

    # The end: the board stays as the record, headline naming the winner, every score by source.
    row = await table.row()
    assert row.status == "finished" and row.result is not None
    outcome = TIRNANOG.outcome(await table.state())
    assert outcome is not None and outcome.winners
    info = table_of(row)
    final = next(m for m in table.channel.history() if m.id == info.message_id).embeds[0]
    record = (final.description or "").splitlines()
    assert record[0] == PRESENTER.final_headline(info, outcome, "en")
    assert f"**{PLAYERS[outcome.winners[0]]}**" in record[0] and "victory points" in record[0]
    assert record[1] == "**Final ranking**"
    for place, standing in enumerate(outcome.standings):
        line = record[2 + place]
        assert f"**{PLAYERS[standing.seat]}**" in line
        assert PRESENTER.score_text(info, standing, "en") in line
        assert f"{standing.score} VP" in line
        for source, words in (("scoring1", "intermediate scoring"), ("scoring2", "final scoring")):
            if standing.details[source]:
                assert f"{words} {standing.details[source]}" in line, line
    assert ("🏆" in record[2]) and outcome.standings[0].winner
