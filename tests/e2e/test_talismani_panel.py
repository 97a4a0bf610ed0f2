"""The Talismani panel for hands larger than a select holds (won cards refill
hands past 25 in small games): every legal play stays reachable."""

from __future__ import annotations

from typing import Any

from bot.model import Seat, TableInfo
from cogs.kit.presenter import PanelContext
from cogs.talismani.presenter import TalismaniPresenter
from games.talismani import GAME
from games.talismani.data import ALL_FAIRIES, JOKERS
from tests.talismani.talismani_helpers import make_state

PRESENTER = TalismaniPresenter()
TABLE = TableInfo(
    host_id=1,
    language="en",
    speed="live",
    max_seats=2,
    seats=[Seat(user_id=1, name="a"), Seat(user_id=2, name="b")],
)


def _context(state: Any, draft: dict[str, Any] | None) -> PanelContext:
    return PanelContext(
        channel_id=5,
        version=9,
        table=TABLE,
        seat=0,
        view=GAME.view(state, 0),
        decision=GAME.decision(state),
        draft=draft,
        language="en",
        legal=[a.model_dump(mode="json") for a in GAME.legal_actions(state, 0) or []],
    )


def _selects(view: Any) -> dict[str, list[str]]:
    out = {}
    for row in view.to_components():
        for c in row["components"]:
            if c["type"] == 3:
                payload = c["custom_id"].split(":", 4)[-1]
                out[payload] = [o["value"] for o in c["options"]]
    return out


def test_a_hand_of_29_cards_is_picked_suit_by_suit() -> None:
    hand = [*ALL_FAIRIES[:27], *JOKERS]
    state = make_state(2, [hand, ["storm-3"]], pad=0)
    _, view = PRESENTER.panel(_context(state, None))
    selects = _selects(view)
    assert len(selects["pick"]) <= 25 and "G.suit" in selects
    reachable = set()
    for group in selects["G.suit"]:
        click = PRESENTER.click(_context(state, None), "G.suit", [group])
        assert click.draft is not None
        _, grouped = PRESENTER.panel(_context(state, click.draft))
        options = set(_selects(grouped)["pick"])
        assert len(options) <= 25
        reachable |= {
            frozenset(a.cards) for a in GAME.legal_actions(state, 0) or [] if set(a.cards) <= options
        }
    # The two Jokers are identical in play and never played together (R7): the
    # select offers one of them, so a play with the other is reached as its twin.
    twin = {JOKERS[1]: JOKERS[0]}
    plays = {
        frozenset(twin.get(c, c) for c in a.cards)
        for a in GAME.legal_actions(state, 0) or []
        if a.kind == "play"
    }
    assert plays and plays <= reachable


def test_a_pick_keeps_the_suit_being_browsed() -> None:
    hand = [*ALL_FAIRIES[:27], *JOKERS]
    state = make_state(2, [hand, ["storm-3"]], pad=0)
    browse = PRESENTER.click(_context(state, None), "G.suit", ["snow"]).draft
    assert browse is not None
    picked = PRESENTER.click(_context(state, browse), "pick", ["snow-1", "snow-2"]).draft
    assert picked == {"suit": "snow", "cards": ["snow-1", "snow-2"]}
    _, view = PRESENTER.panel(_context(state, picked))
    assert {"snow-1", "snow-2"} <= set(_selects(view)["pick"])


def _buttons(view: Any) -> dict[str, dict[str, Any]]:
    return {
        c["custom_id"].split(":", 4)[-1]: c
        for row in view.to_components()
        for c in row["components"]
        if c["type"] == 2
    }


def test_the_play_button_says_what_it_plays_or_why_it_cannot() -> None:
    state = make_state(2, [["fog-1", "fog-2", "sun-3", "CW7", *JOKERS], ["storm-3"]], pad=0)
    _, view = PRESENTER.panel(_context(state, None))
    confirm = _buttons(view)["confirm"]
    assert confirm["disabled"] and "pick 1 or 2 cards first" in confirm["label"]
    assert _selects(view)["pick"].count(JOKERS[0]) == 1 and JOKERS[1] not in _selects(view)["pick"]

    embed, view = PRESENTER.panel(_context(state, {"cards": ["fog-1", "fog-2"]}))
    confirm = _buttons(view)["confirm"]
    assert not confirm["disabled"] and confirm["label"] == "Play 🌫️ Fog 1 + 🌫️ Fog 2"
    pick = next(f.value for f in embed.fields if f.name == "Your pick (not played yet)")
    assert "= " not in pick and ": 3 in 🌫️ Fog" in pick and "can be set aside to forge" in pick

    embed, view = PRESENTER.panel(_context(state, {"cards": ["fog-1", "sun-3"]}))
    confirm = _buttons(view)["confirm"]
    assert confirm["disabled"] and "cannot go together" in confirm["label"]
    pick = next(f.value for f in embed.fields if f.name == "Your pick (not played yet)")
    assert "cannot be played together" in pick
