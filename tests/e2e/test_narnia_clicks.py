"""Narnia in few clicks, through SimCord, in English and Italian: each set-up
placement is one pick in the panel the member keeps open (the bot redraws it for their next
placement), and an attack is one pick of the whole-move menu, its conquest one more.

The members play what the normal AI would (from their own view), through their panels only,
and the interactions are counted as the channel bench counts them, My hand included."""

from __future__ import annotations

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
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)
from tests.e2e.test_narnia_game import act_in_panel

NARNIA = GAMES["narnia"]
SEED = 14  # two players: the first attack comes in round 1, and it conquers
WORDS = {
    "en": {"place": "Place the Witch's token on…", "attack": "Attack ", "odds": "% to conquer"},
    "it": {"place": "Colloca il gettone della Strega su…", "attack": "Attacca ", "odds": "% di riuscita"},
}


def placeholder(shown: Any, payload: str) -> str:
    for row in shown.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if str(c.get("custom_id", "")).endswith(f":s:{payload}"):
                return str(c.get("placeholder", ""))
    raise AssertionError(f"no select {payload}")


def option(shown: Any, payload: str, value: str) -> dict[str, Any]:
    for row in shown.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if str(c.get("custom_id", "")).endswith(f":s:{payload}"):
                return next(o for o in c["options"] if o["value"] == value)
    raise AssertionError(f"no select {payload}")


async def wanted(table: Table) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    state = await table.state()
    decision = NARNIA.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    action = NARNIA.ai(seat).act(NARNIA.view(state, seat), decision).model_dump(mode="json")
    legal = [a.model_dump(mode="json") for a in NARNIA.legal_actions(state, seat)]
    return seat, action, legal


@WHOLE_GAME
@pytest.mark.parametrize("language", ["en", "it"])
async def test_one_pick_a_placement_and_one_an_attack(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    monkeypatch.setattr("bot.replies.language_of", lambda locale: language)  # the members' Discord
    words = WORDS[language]
    table = make_table(simcord_env, ["ann", "bob"], channel="narnia")
    await start_game(table, "narnia", language=language)

    # The set-up: 24 placements, the last of each side forced (NA-3.4, NA-3.5). Each member
    # opens My hand once; after that, every placement is one pick in the panel they keep.
    kept: dict[int, simcord.ResponseMessage] = {}
    picks = opened = 0
    while (await table.state()).stage == "setup":
        seat, action, legal = await wanted(table)
        player = await player_of(table, seat)
        if seat not in kept:
            kept[seat] = await panel(table, player)
            opened += 1
        shown = kept[seat]
        index = str(legal.index(action))
        if action["kind"] == "place_witch":
            assert placeholder(shown, "L") == words["place"]
        assert index in options_of(shown, "L"), (action, custom_ids(shown))
        before = (await table.state()).setup_placed
        answer = (await player.select(shown, [index], custom_id=select_id(shown, "L"))).response
        assert answer is not None and answer.ephemeral
        picks += 1
        assert (await table.state()).setup_placed > before  # the pick played at once
    assert (picks, opened) == (22, 2)  # 22 placements asked, 24 interactions in all

    # Round 1 up to the first attack the members want, through fresh panels.
    for _ in range(20):
        seat, action, legal = await wanted(table)
        if action["kind"] == "attack":
            break
        await act_in_panel(table, seat)
    else:
        raise AssertionError("no attack in round 1")

    # The attack: My hand, then one pick; the conquest's move-in is one more click in the
    # panel the pick redrew. Three interactions, My hand included.
    player = await player_of(table, seat)
    shown = await panel(table, player)
    index = str(legal.index(action))
    values = options_of(shown, "LW")
    assert values[0] == index  # ranked as the normal AI ranks them: its choice first
    chosen = option(shown, "LW", index)
    assert chosen["label"].startswith(words["attack"]) and words["odds"] in chosen["label"]
    shown = (await player.select(shown, [index], custom_id=select_id(shown, "LW"))).response
    state = await table.state()
    assert state.battles[-1].attacker == seat and state.battles[-1].source == action["source"]
    assert state.phase == "invade" and state.actor == seat  # SEED's first attack conquers
    target = button(shown, "inv.")
    assert target is not None
    await player.click(shown, custom_id=target)
    assert (await table.state()).phase != "invade"
