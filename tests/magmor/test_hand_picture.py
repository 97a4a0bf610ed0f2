"""The private panel's picture of a member's cards and objective (cogs/magmor/hand_picture.py).

* a PNG for a seat, readable on a phone, in English and Italian;
* what the decision may spend is marked (exploring, the toll, Mag Mor), and the picture
  changes with it; the split's draft shows what it gives the leader;
* drawn from the seat's own view: other seats' hands and objectives never change a byte;
* no picture without a hand (a spectator's view); random positions never crash.
"""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import settings
from PIL import Image

from bot.i18n import LANGUAGES
from bot.model import Seat, TableInfo
from cogs.kit.pictures import measuring, min_text_size
from cogs.kit.presenter import PanelContext
from cogs.magmor import PRESENTER
from cogs.magmor.hand_picture import WIDTH, hand_of
from cogs.magmor.words import RESOURCES
from cogs.panel import panel_context
from games.magmor import GAME, MagmorState
from tests.magmor.magmor_helpers import conserved
from tests.positions import random_positions

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures


def table(language: str) -> TableInfo:
    return TableInfo(
        host_id=1,
        language=language,
        speed="live",
        max_seats=5,
        seats=[Seat(user_id=i + 1, name=f"P{i + 1}") for i in range(5)],
    )


def context(
    state: MagmorState, seat: int, draft: dict[str, Any] | None = None, language: str = "en"
) -> PanelContext:
    """The seat's panel context, as cogs.panel draws it."""
    return panel_context(GAME, state, 1, 1, table(language), seat, draft, language)


def step(state: MagmorState) -> MagmorState | None:
    decision = GAME.decision(state)
    if decision is None:
        return None
    seat = decision.actors[0]
    state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    return state


@cache
def ai_game(players: int, seed: int) -> tuple[MagmorState, ...]:
    states = [GAME.new_game(players, seed, {})]
    while (after := step(states[-1])) is not None:
        states.append(after)
    return tuple(states)


def first(phase: str, *, explore: bool = False) -> tuple[MagmorState, int]:
    """The first state of a phase (with a look the leader can pay for), and who acts."""
    for state in ai_game(4, 3):
        decision = GAME.decision(state)
        if state.phase != phase or decision is None:
            continue
        seat = decision.actors[0]
        legal = context(state, seat).legal or []
        if not explore or any(a["kind"] == "explore" for a in legal):
            return state, seat
    raise AssertionError(f"no {phase} state")


def test_a_readable_picture_in_both_languages() -> None:
    state, seat = first("pay")
    pngs = set()
    for language in LANGUAGES:
        with measuring() as sizes:
            png = PRESENTER.panel_image(context(state, seat, language=language))
        assert png is not None
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size[0] == WIDTH and image.size[1] < 300, image.size
        assert sizes and min(sizes) >= min_text_size(WIDTH), (language, min(sizes))
        pngs.add(png)
    assert len(pngs) == len(LANGUAGES)


def spendable(ctx: PanelContext) -> set[str]:
    hand = hand_of(ctx)
    assert hand is not None
    return {r for r, m in zip(RESOURCES, hand.marks, strict=True) if m == "playable"}


def test_what_the_decision_may_spend_is_marked() -> None:
    state, seat = first("choose", explore=True)
    ctx = context(state, seat)
    costs = {c.cell: c.explore_cost for c in ctx.view.grid}  # type: ignore[attr-defined]
    assert spendable(ctx) == {costs[a["cell"]] for a in ctx.legal or [] if a["kind"] == "explore"}
    looked = PRESENTER.panel_image(ctx)
    ctx.legal = [a for a in ctx.legal or [] if a["kind"] != "explore"]  # nothing to pay for
    assert spendable(ctx) == set() and PRESENTER.panel_image(ctx) != looked
    for phase, kind in (("pay", "pay"), ("magmor", "pay_magmor")):
        state, seat = first(phase)
        ctx = context(state, seat)
        legal = [a for a in ctx.legal or [] if a["kind"] == kind]
        named = {a["resource"] for a in legal} if kind == "pay" else {r for a in legal for r in a["cards"]}
        assert spendable(ctx) == named, phase
    waiting = hand_of(context(state, (seat + 1) % 4))
    assert waiting is not None and not {"playable", "selected"} & set(waiting.marks)


def test_the_split_draft_shows_what_it_gives_the_leader() -> None:
    state, seat = first("split")
    given_res = next(r for r in RESOURCES if state.taken.get(r))
    draft = {"to": seat, "alloc": {str(seat): {given_res: 1}}}
    hand = hand_of(context(state, seat, draft))
    assert hand is not None
    index = RESOURCES.index(given_res)
    assert hand.marks[index] == "selected" and hand.notes[index] == "+1"
    assert PRESENTER.panel_image(context(state, seat, draft)) != PRESENTER.panel_image(context(state, seat))


def test_no_picture_without_a_hand() -> None:
    state, seat = first("pay")
    ctx = context(state, seat)
    ctx.view = GAME.view(state, None)
    assert PRESENTER.panel_image(ctx) is None


# -- random positions, and what the seat may not see ----------------------------------


def others_redealt(state: MagmorState, seat: int, rng: random.Random) -> MagmorState:
    """The same table for ``seat``: the other seats' cards dealt anew among them (each keeps
    its hand size) and their objectives drawn anew from theirs and those set aside."""
    other = state.model_copy(deep=True)
    seats = [s for s in range(state.players) if s != seat]
    cards = [r for s in seats for r, n in state.hands[s].items() for _ in range(n)]
    rng.shuffle(cards)
    for s in seats:
        size = sum(state.hands[s].values())
        other.hands[s] = {r: cards[:size].count(r) for r in RESOURCES}
        cards = cards[size:]
    hidden = [state.objectives[s] for s in seats] + list(state.set_aside)
    rng.shuffle(hidden)
    for s in seats:
        other.objectives[s] = hidden.pop()
    other.set_aside = hidden
    assert conserved(other)
    return other


@settings(max_examples=25, deadline=None, derandomize=True)
@random_positions(GAME, moves=80)
def test_random_positions_and_what_the_seat_may_not_see(
    players: int, seed: int, moves: int, shuffle: int, language: str
) -> None:
    state = GAME.new_game(players, seed, {})
    for _ in range(moves):
        after = step(state)
        if after is None:
            break
        state = after
    rng = random.Random(shuffle)
    for seat in range(players):
        other = others_redealt(state, seat, rng)
        alloc = {str(rng.randrange(players)): {r: n for r, n in state.taken.items() if n}}
        for draft in (None, {"to": seat, "alloc": alloc}):
            png = PRESENTER.panel_image(context(state, seat, draft, language))
            assert png is not None
            assert PRESENTER.panel_image(context(other, seat, draft, language)) == png
