"""An Akelarre turn in three clicks, through the real bot (SimCord), in English and in
Italian: My hand, the whole move the normal AI would make (first in its
list), then ✅ Done with the draw; the turn passes on, the channel tells the move and
the draw, and no click was answered with a refusal (a member who buys a meeting place
presses 🏕️ once more)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import simcord

from bench.channel_players import akelarre_ending
from bot.i18n import t
from games.registry import GAMES
from tests.e2e.helpers import Table, button, make_table, options_of, panel, player_of, select_id, start_game
from tests.e2e.test_akelarre_game import act_in_panel, press, same

AK = GAMES["akelarre"]
VERBS = {"en": ("Open ", "Add "), "it": ("Apri ", "Aggiungi ")}


def option(message: Any, payload: str, value: str) -> dict[str, Any]:
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if c.get("custom_id", "").endswith(f":s:{payload}"):
                return next(o for o in c["options"] if o["value"] == value)
    raise AssertionError(f"no option {value} in {payload}")


async def whole_turn(table: Table, language: str) -> int:
    """The acting member plays their turn as the §10 player would, by whole moves and a
    ✅ button only; returns how many interactions it took (My hand included)."""
    state = await table.state()
    decision = AK.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    player = await player_of(table, seat)
    shown = await panel(table, player)
    clicks = 1
    hint = t("akelarre.ui.whole_hint", language)
    assert hint in (shown.embeds[0].description or ""), shown.embeds[0].description
    while True:
        state = await table.state()
        decision = AK.decision(state)
        if decision is None or seat not in decision.actors or state.step != "play":
            return clicks
        wanted = AK.ai(seat).act(AK.view(state, seat), decision).model_dump(mode="json")
        legal = [a.model_dump(mode="json") for a in AK.legal_actions(state, seat) or []]
        if wanted["kind"] in ("open", "add"):
            index = next(i for i, a in enumerate(legal) if same(state, a) == same(state, wanted))
            whole = options_of(shown, "wm")
            assert whole and whole[0] == str(index), "the AI's move heads the whole moves"
            label = option(shown, "wm", whole[0])["label"]
            assert label.startswith(VERBS[language]) and len(label) <= 100, label
            result = await player.select(shown, [whole[0]], custom_id=select_id(shown, "wm"))
        else:
            ending = akelarre_ending(state, seat, wanted)
            assert wanted["kind"] == "done" and ending is not None, wanted
            control, buys = ending
            if buys:
                shown = await press(player, shown, "buy")
                clicks += 1
            target = button(shown, control)
            assert target is not None
            result = await player.click(shown, custom_id=target)
        clicks += 1
        assert result.response is not None and result.response.ephemeral
        assert not (result.response.content or "").startswith(("⚠️", "⛔")), result.response.content
        shown = result.response


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_turn_by_its_whole_move_in_three_clicks(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 1)  # the bench's deal
    monkeypatch.setattr("bot.replies.language_of", lambda locale: language)  # members speak it
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="akelarre")
    await start_game(table, "akelarre", language=language)
    played = 0
    for _ in range(60):
        state = await table.state()
        decision = AK.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        wanted = AK.ai(seat).act(AK.view(state, seat), decision)
        if decision.kind == "akelarre.play" and wanted.kind in ("open", "add") and not state.moved:
            turn = state.turn
            events = len(await table.bot.store.actions((await table.row()).id))
            assert await whole_turn(table, language) <= 3
            after = await table.state()
            assert after.turn == turn + 1 or AK.decision(after).kind in ("akelarre.buy", "akelarre.payment")
            log = await table.bot.store.actions((await table.row()).id)
            keys = [e["key"] for entry in log[events:] for e in entry.events]
            assert "akelarre.event.drew_deck" in keys or "akelarre.event.drew_pile" in keys, keys
            assert any(
                k in keys
                for k in ("akelarre.event.opened_set", "akelarre.event.opened_run", "akelarre.event.added")
            ), keys
            played += 1
            if played == 2:
                break
        else:
            await act_in_panel(table, seat, Counter())
    assert played == 2
