"""Mag Mor's split through the leader's panel (SimCord), in English and Italian: a
ready-made split in one choice, one adjusted card by card, Confirm only once every
card has a player (MM-4.3.4), and values the panel never offered refused in words."""

from __future__ import annotations

import sys
from typing import Any

import pytest
import simcord

from cogs.magmor.split_options import encode, parse_preset
from games.registry import GAMES
from tests.e2e.helpers import (
    Table,
    button,
    custom_ids,
    forged,
    make_table,
    options_of,
    panel,
    select_id,
    start_game,
)

MAGMOR = GAMES["magmor"]
SEED = 31

WORDS = {
    "en": {
        "presets": "Ready-made splits",
        "usual": "The usual: ",
        "all": "All to ",
        "left": "1 card still to give",
        "bad_seat": "That player is not at this table",
        "bad_cards": "Those cards are not there to give or take back",
        "bad_preset": "That split does not hand out exactly the cards found",
    },
    "it": {
        "presets": "Spartizioni pronte",
        "usual": "Di solito: ",
        "all": "Tutto a ",
        "left": "manca ancora 1 carta da assegnare",
        "bad_seat": "Questo giocatore non è al tavolo",
        "bad_cards": "Queste carte non ci sono da dare o da riprendere",
        "bad_preset": "Questa spartizione non assegna esattamente le carte trovate",
    },
}


async def leader_panel(
    env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[Table, simcord.MemberActor, int, simcord.ResponseMessage]:
    """Four explorers; turn 1 opens with the leader's split of A1 (MM-3.9). SimCord's
    members speak en-US: the panel follows the member's language, so it is set here."""
    for module in ("cogs.panel", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)  # a repeatable deal
    table = make_table(env, ["ann", "bob", "cid", "dan"])
    await start_game(table, language=language)
    decision = MAGMOR.decision(await table.state())
    assert decision is not None and decision.kind == "magmor.split"
    seat = decision.actors[0]
    leader = table.member((await table.row()).table["seats"][seat]["user_id"])
    return table, leader, seat, await panel(table, leader)


def select(message: Any, payload: str) -> dict[str, Any]:
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if c.get("custom_id", "").endswith(f":s:{payload}"):
                return dict(c)
    raise AssertionError(f"no select {payload}")


def confirm(message: Any) -> dict[str, Any]:
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if c.get("custom_id", "").endswith(":a:sp.ok"):
                return dict(c)
    raise AssertionError("no Confirm")


async def choose(player: simcord.MemberActor, shown: Any, payload: str, value: str) -> Any:
    result = await player.select(shown, [value], custom_id=select_id(shown, payload))
    assert result.response is not None and result.response.ephemeral
    return result.response


async def logged_split(table: Table) -> dict[int, dict[str, int]]:
    log = await table.bot.store.actions((await table.row()).id)
    [split] = [a.action for a in log if a.action["kind"] == "split"]
    return {
        int(s): {r: n for r, n in c.items() if n} for s, c in split["allocation"].items() if any(c.values())
    }


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_ready_made_split_is_one_choice_and_a_confirm(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = WORDS[language]
    table, leader, _seat, shown = await leader_panel(simcord_env, language, monkeypatch)
    presets = select(shown, "sp.pre")
    assert presets["placeholder"].startswith(words["presets"])
    options = presets["options"]
    assert 3 <= len(options) <= 25 and len({o["value"] for o in options}) == len(options)
    for option in options:  # written to fit, never cut
        assert len(option["label"]) <= 100 and len(option.get("description", "")) <= 100
    # Only the first can be the normal AI's own split; "all to …" each other explorer is offered.
    assert not any(o["label"].startswith(words["usual"]) for o in options[1:])
    plain = [o["label"].removeprefix(words["usual"]) for o in options]
    assert sum(label.startswith(words["all"]) for label in plain) == 3
    assert confirm(shown)["disabled"], "nothing given yet"

    chosen = options[0]["value"]
    shown = await choose(leader, shown, "sp.pre", chosen)
    assert [o["value"] for o in select(shown, "sp.pre")["options"] if o.get("default")] == [chosen]
    assert not confirm(shown).get("disabled")
    version = (await table.row()).version
    await leader.click(shown, custom_id=button(shown, "sp.ok"))
    assert (await table.row()).version > version
    # My hand, the ready-made split, Confirm: three interactions (≤ 4).
    assert await logged_split(table) == parse_preset(chosen, 4)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_ready_made_split_adjusted_card_by_card(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = WORDS[language]
    table, leader, seat, shown = await leader_panel(simcord_env, language, monkeypatch)
    taken = {r: n for r, n in (await table.view(None)).taken.items() if n}
    nxt, third = (seat + 1) % 4, (seat + 2) % 4
    # Start from "all to the next explorer" ...
    shown = await choose(leader, shown, "sp.pre", encode({nxt: dict(taken)}))
    # ... keep one card of its share (a move: the split stays complete) ...
    shown = await choose(leader, shown, "sp.to", str(seat))
    move = next(v for v in options_of(shown, "sp.give") if v.endswith(f"+1.{nxt}"))
    res = move.partition("+")[0]
    shown = await choose(leader, shown, "sp.give", move)
    assert not confirm(shown).get("disabled")
    # ... put it back: one card has no player, so Confirm waits and says so ...
    shown = await choose(leader, shown, "sp.give", f"{res}-1")
    assert confirm(shown)["disabled"] and words["left"] in confirm(shown)["label"]
    assert button(shown, "sp.ok") is None
    # ... and give it to the third explorer instead.
    shown = await choose(leader, shown, "sp.to", str(third))
    shown = await choose(leader, shown, "sp.give", f"{res}+1")
    assert not confirm(shown).get("disabled")
    await leader.click(shown, custom_id=button(shown, "sp.ok"))
    expected = {nxt: {r: n - (r == res) for r, n in taken.items()}, third: {res: 1}}
    assert await logged_split(table) == {s: {r: n for r, n in c.items() if n} for s, c in expected.items()}


@pytest.mark.parametrize("language", ["en", "it"])
async def test_values_the_panel_never_offered_are_refused_in_words(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A modified client's values (a non-number seat, unknown cards, a split that
    hands out other cards) are answered with a reason, and change nothing."""
    words = WORDS[language]
    table, leader, seat, shown = await leader_panel(simcord_env, language, monkeypatch)
    taken = {r: n for r, n in (await table.view(None)).taken.items() if n}
    short = {r: n - 1 for r, n in taken.items()}  # one card of each type missing
    forgeries = [
        ("sp.to", ["x"], "bad_seat"),
        ("sp.to", ["9"], "bad_seat"),
        ("sp.to", ["²"], "bad_seat"),
        ("sp.give", ["gold+1"], "bad_cards"),
        ("sp.give", ["axe-1"], "bad_cards"),
        ("sp.give", ["water+1.9"], "bad_cards"),
        ("sp.pre", ["1z9"], "bad_preset"),
        ("sp.pre", [encode({seat: short})], "bad_preset"),
    ]
    version = (await table.row()).version
    ids = {payload: select_id(shown, payload) for payload in ("sp.to", "sp.give", "sp.pre")}
    for payload, values, reason in forgeries:
        refused = await forged(leader, shown, ids[payload], values)
        assert refused.ephemeral and refused.response is not None
        assert words[reason] in (refused.response.content or ""), (payload, values, refused.response.content)
        assert "wrong" not in (refused.response.content or "")
    assert (await table.row()).version == version
    # The draft is untouched: the panel still has every card to give.
    again = await panel(table, leader)
    assert confirm(again)["disabled"]
    assert all(":s:" in cid or ":a:" in cid or cid.endswith(":hand") for cid in custom_ids(again))
