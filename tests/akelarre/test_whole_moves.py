"""Akelarre's turn in fewer clicks (cogs/akelarre/whole.py, issue 31).

* Whole moves: the select lists the normal AI's opens and adds in its own order, the
  AI's move first, every option a legal action, never more than 25.
* ✅ Done with the draw: one click plays Done, then the draw from the button's source
  (two actions of the engine, ``Click.then``); the engine's own draw where the deck is
  the only source; a forged or stale source is refused; a final turn keeps a plain Done.
* Nothing is cut: every option, label and placeholder of every panel of random
  positions (drafts of the builder included) is written within Discord's limits,
  with the longest names Discord allows.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import settings

from bot.model import Seat, TableError, TableInfo
from cogs.akelarre import PRESENTER
from cogs.akelarre.whole import same_move, whole_moves
from cogs.kit.acts import ActButton, ActSelect
from cogs.panel import panel_context
from games.akelarre import GAME, AkelarreState, Done, Open
from games.akelarre.data import family_of
from tests.akelarre.akelarre_helpers import make_state, run
from tests.positions import random_positions
from tools.preview import controls, playthrough, table_for

SETUPS = [(3, {}), (4, {"teams": True}), (2, {})]


@cache
def ai_steps(players: int, seed: int) -> list[Any]:
    return playthrough(GAME, players, seed, {"teams": True} if players == 4 else {})


def ctx_of(state: AkelarreState, seat: int, language: str = "en", draft: dict[str, Any] | None = None) -> Any:
    return panel_context(GAME, state, 1, 7, table_for(state.players, language), seat, draft, language)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_whole_move_is_the_ai_move(players: int) -> None:
    """Wherever the AI opens or adds, its move heads the list, which follows its ranking."""
    checked = 0
    for step in ai_steps(players, 3):
        decision = step.decision
        if decision is None or decision.kind not in ("akelarre.play", "akelarre.final_turn"):
            continue
        seat = decision.actors[0]
        ctx = ctx_of(step.state, seat)
        moves = whole_moves(ctx, ctx.view)
        assert len(moves) <= 25
        assert all(ctx.legal[i] == a and a["kind"] in ("open", "add") for i, a in moves)
        assert len({i for i, _ in moves}) == len(moves)
        ai = GAME.ai(seat)
        ranked = [same_move(m.model_dump(mode="json")) for m in ai.ranked(ctx.view)]
        listed = [same_move(a) for _i, a in moves]
        assert listed == [k for k in ranked if k in listed], "in the AI's order"
        wanted = ai.act(ctx.view, decision).model_dump(mode="json")
        if wanted["kind"] in ("open", "add"):
            assert listed[0] == same_move(wanted), step.index
            checked += 1
    assert checked > 20


def played_state(piles: dict[str, list[str]], **options: Any) -> AkelarreState:
    """Seat 0 has opened a run on its place: it may go on, or end Phase A and draw 3."""
    hands = [
        ["F2a", "F3a", "F4a", "G6a", "D6a", "N6a", "W5a"],
        ["G2a", "G3a", "D2a", "D3a", "N2a", "N3a", "W2a"],
        ["G2b", "G3b", "D2b", "D3b", "N2b", "N3b", "W2b"],
    ]
    state = make_state(3, hands, piles=piles, **options)
    state, _ = run(state, 0, Open(place="P1-1", cards=["F2a", "F3a", "F4a"]))
    assert state.played and state.step == "play"
    return state


def buttons(view: Any) -> dict[str, str]:
    """Enabled buttons by payload: their labels."""
    return {
        c["custom_id"].split(":", 4)[-1]: c["label"]
        for c in controls(view)
        if c["type"] == 2 and not c.get("disabled")
    }


def test_done_draws_from_the_button_source_in_one_click() -> None:
    state = played_state({"goblins": ["G4a", "G5a"], "witches": ["W6a"]})
    ctx = ctx_of(state, 0)
    _embed, view = PRESENTER.panel(ctx)
    shown = buttons(view)
    assert shown["dn.d"] == "Done · draw 3 cards from the deck"
    assert shown["dn.1"] == "Done · 🍄 Goblins pile (2)" and shown["dn.4"] == "Done · 🧙 Witches pile (1)"
    assert not any(p.startswith("L.") for p in shown), "no plain Done beside them"
    click = PRESENTER.click(ctx, "dn.1", [])
    assert click.action == Done().model_dump(mode="json")
    assert click.then == [{"kind": "draw", "source": "goblins"}]
    after = state
    for action in [click.action, *click.then]:
        after, _ = GAME.play(after, 0, GAME.parse_action(action))
    assert sorted(after.hands[0]) == sorted(["G6a", "D6a", "N6a", "W5a", "G5a", "G4a"])
    assert after.piles["goblins"] == [] and after.active == 1
    # A pile that is empty, or no pile at all: refused, nothing is played.
    for forged in ("dn.0", "dn.9", "dn.x", "dn."):
        with pytest.raises(TableError):
            PRESENTER.click(ctx, forged, [])


def test_where_only_the_deck_is_left_the_engine_draws() -> None:
    for state in (played_state({}), played_state({"goblins": ["G4a"]}, stall_limit=1)):
        if state.stall_limit:
            state.stall_turns = 1  # R26: only the deck now
        ctx = ctx_of(state, 0, "it")
        _embed, view = PRESENTER.panel(ctx)
        assert list(buttons(view)) == ["dn.d", "refresh"]
        assert buttons(view)["dn.d"] == "Fatto · pesca 3 carte dal mazzo"
        click = PRESENTER.click(ctx, "dn.d", [])
        assert click.then == [], "AK-8.1: the engine draws by itself from the only source"
        after, _ = GAME.play(state, 0, GAME.parse_action(click.action or {}))
        assert len(after.hands[0]) == 7 and after.active == 1


def test_a_final_turn_keeps_done_alone() -> None:
    step = next(
        s
        for s in ai_steps(3, 3)
        if s.decision is not None and s.decision.kind == "akelarre.final_turn" and s.state.moved
    )
    seat = step.decision.actors[0]
    ctx = ctx_of(step.state, seat)
    shown = buttons(PRESENTER.panel(ctx)[1])
    assert not any(p.startswith("dn.") for p in shown)
    with pytest.raises(TableError):
        PRESENTER.click(ctx, "dn.d", [])


def test_the_draw_answers_phase_c_as_the_switch_says() -> None:
    """AK-9.1: with 5 captured cards a place may be bought after the draw. The ✅ click
    ends the turn with its draw, or, 🏕️ on, starts the purchase; the draw step's
    buttons and a discard whose draw is the engine's own do the same."""
    points = {0: ["G2c", "G3c", "D2c", "D3c", "N2c"]}
    state = played_state({"goblins": ["G4a"]}, points=points)
    ctx = ctx_of(state, 0)
    embed, view = PRESENTER.panel(ctx)
    assert buttons(view)["buy"] == "Buy a place too? (5 captured cards)"
    assert "press 🏕️ first, or the draw ends your turn" in (embed.description or "")
    click = PRESENTER.click(ctx, "dn.d", [])
    assert click.then == [{"kind": "draw", "source": "deck"}, {"kind": "end_turn"}]
    switched = PRESENTER.click(ctx, "buy", [])
    assert switched.action is None and switched.draft == {"buy": True}
    on = ctx_of(state, 0, draft={"buy": True})
    assert buttons(PRESENTER.panel(on)[1])["buy"] == "Buying a place after the draw ✓"
    click = PRESENTER.click(on, "dn.1", [])
    assert click.then == [{"kind": "draw", "source": "goblins"}, {"kind": "buy"}]
    after = state
    for action in [click.action, *click.then]:
        after, _ = GAME.play(after, 0, GAME.parse_action(action))
    assert after.step == "pay" and after.active == 0, "on to the five cards of the price"
    assert PRESENTER.click(ctx_of(state, 0, draft={"buy": True}), "buy", []).draft == {"buy": False}
    # Without the five cards, no switch, and no answer for a Phase C that will not ask.
    poor = played_state({"goblins": ["G4a"]})
    assert "buy" not in buttons(PRESENTER.panel(ctx_of(poor, 0))[1])
    with pytest.raises(TableError):
        PRESENTER.click(ctx_of(poor, 0), "buy", [])


def test_a_discard_ends_the_turn_where_its_draw_is_forced() -> None:
    hands = [
        ["F2a", "G4a", "D6a", "N6a", "W5a", "W3a", "F6a"],
        ["G2a", "G3a", "D2a", "D3a", "N2a", "N3a", "W2a"],
        ["G2b", "G3b", "D2b", "D3b", "N2b", "N3b", "W2b"],
    ]
    points = {0: ["G2c", "G3c", "D2c", "D3c", "N2c"]}
    state = make_state(3, hands, points=points, piles={"fairies": ["F3a"]})
    ctx = ctx_of(state, 0)
    legal = ctx.legal or []
    by_card = {a["card"]: str(i) for i, a in enumerate(legal) if a["kind"] == "discard"}
    # Onto the Fairies pile (R9: not to be drawn from) the deck is the only source: the end.
    alone = PRESENTER.click(ctx, "dc", [by_card["F2a"]])
    assert alone.then == [{"kind": "end_turn"}]
    after = state
    for action in [alone.action, *alone.then]:
        after, _ = GAME.play(after, 0, GAME.parse_action(action))
    assert after.active == 1 and len(after.hands[0]) == 7
    # Elsewhere the Fairies pile may be drawn: the draw step asks, with the switch.
    other = PRESENTER.click(ctx, "dc", [by_card["G4a"]])
    assert other.then == []
    drawing, _ = GAME.play(state, 0, GAME.parse_action(other.action or {}))
    assert drawing.step == "draw"
    _embed, view = PRESENTER.panel(ctx_of(drawing, 0))
    assert {"dr.d", "dr.0", "buy"} <= set(buttons(view))
    assert PRESENTER.click(ctx_of(drawing, 0), "dr.0", []).then == [{"kind": "end_turn"}]


# -- nothing is cut --------------------------------------------------------------
LONG_NAMES = [name.ljust(32, "_") for name in ("ann", "ÉLODIE", "x_y", "dee")]  # Discord's longest


@contextmanager
def written() -> Iterator[list[tuple[str, str]]]:
    """Every button label, select placeholder and option text as the panel wrote them,
    before ActButton.make and ActSelect.make apply their last guards (80, 150, 25 options)."""
    texts: list[tuple[str, str]] = []
    button, select = ActButton.make.__func__, ActSelect.make.__func__  # type: ignore[attr-defined]

    def make_button(cls: type[ActButton], *args: Any, **kwargs: Any) -> ActButton:
        texts.append(("button", args[3]))
        return button(cls, *args, **kwargs)  # type: ignore[no-any-return]

    def make_select(cls: type[ActSelect], *args: Any, **kwargs: Any) -> ActSelect:
        texts.append(("placeholder", args[3]))
        texts.append(("options", str(len(args[4]))))
        for option in args[4]:
            texts.extend([("option", option.label), ("option", option.description or "")])
        return select(cls, *args, **kwargs)  # type: ignore[no-any-return]

    with (
        patch.object(ActButton, "make", classmethod(make_button)),
        patch.object(ActSelect, "make", classmethod(make_select)),
    ):
        yield texts


LIMITS = {"button": 80, "placeholder": 150, "option": 100}


def drafts(ctx: Any) -> list[dict[str, Any] | None]:
    """The panel as drawn, and as the builder shows it for every move's cards (the place
    select, "Where do they go?") and every family of a payment's cards."""
    out: list[dict[str, Any] | None] = [None]
    picks = {
        tuple(sorted(a["cards"])) for a in ctx.legal or [] if a["kind"] in ("open", "add") and a["cards"]
    }
    out += [{"cards": list(cards)} for cards in sorted(picks)]
    out += [
        {"family": f} for f in sorted({family_of(a["card"]) for a in ctx.legal or [] if a["kind"] == "pay"})
    ]
    return out


def check_fits(state: AkelarreState, language: str) -> int:
    table = TableInfo(
        host_id=100,
        language=language,
        speed="live",
        max_seats=state.players,
        seats=[Seat(user_id=100 + i, name=LONG_NAMES[i]) for i in range(state.players)],
        options={"teams": True} if state.teams else {},
    )
    options = 0
    for seat in range(state.players):
        ctx = panel_context(GAME, state, 1, 7, table, seat, None, language)
        for draft in drafts(ctx):
            ctx.draft = draft
            with written() as texts:
                PRESENTER.panel(ctx)
            for what, text in texts:
                if what == "options":
                    assert int(text) <= 25
                    continue
                assert len(text) <= LIMITS[what], (what, text)
                assert what != "option" or not text.endswith("…"), text  # fit_text()'s last resort
                options += what == "option"
    return options


def test_no_text_of_the_panel_is_cut_to_a_limit() -> None:
    """Written to fit, never cut: no slice to Discord's limits in Akelarre's face."""
    import re
    from pathlib import Path

    import cogs.akelarre

    folder = Path(cogs.akelarre.__file__).parent
    builders = [
        m for m in folder.glob("*.py") if re.search(r"SelectOption|ActButton|ActSelect", m.read_text())
    ]
    assert {"panel.py", "picker.py", "whole.py"} <= {m.name for m in builders}
    for module in builders:  # the modules that write controls
        assert not re.search(r"\[:\s*(80|100|LABEL|DESCRIPTION)\s*\]", module.read_text()), module.name


@settings(max_examples=25, deadline=None, derandomize=True)
@random_positions(GAME, moves=300)
def test_no_option_is_cut(players: int, seed: int, moves: int, shuffle: int, language: str) -> None:
    """Random positions (random legal moves, so also 4-card groups on others' places,
    taken cards held and payments), every seat's panel: nothing past Discord's limits."""
    state = GAME.new_game(players, seed, {"teams": True} if players == 4 and seed % 2 else {})
    rng = random.Random(shuffle)
    for _ in range(moves):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
    check_fits(state, language)


def test_a_capture_on_another_place_fits_with_the_longest_names() -> None:
    """The defect of issue 31: "Where do they go?" cut its capture option mid-word. A set
    of five with jokers, completed on another's place, the longest names: it fits."""
    hands = [
        ["FJ", "GJ", "NJ", "WJ", "W2a", "W3a", "W4a"],
        ["G2a", "G3a", "D2a", "D3a", "N2a", "N3a", "W2b"],
        ["G2b", "G3b", "D2b", "D3b", "N2b", "N3b", "W2c"],
    ]
    state = make_state(3, hands, groups={"P2-1": ["F5a", "G5a", "D5a"]})
    for language in ("en", "it"):
        assert check_fits(state, language) > 0
        table = table_for(3, language)
        ctx = panel_context(GAME, state, 1, 7, table, 0, {"cards": ["NJ", "WJ"]}, language)
        _embed, view = PRESENTER.panel(ctx)
        where = next(c for c in controls(view) if c["custom_id"].endswith(":s:L"))
        captures = [o for o in where["options"] if "✨" in (o.get("description") or "")]
        assert captures, where["options"]
