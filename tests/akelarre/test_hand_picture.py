"""The picture in a member's private panel (cogs/akelarre/hand_picture.py): their hand
with the board's card faces and their secret favourite (AK-2.2), the cards a legal
move plays now marked, the draft's picks lifted; drawn from the seat's own view, so
nothing of another seat's hand or favourite can change it."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cogs.akelarre import PRESENTER, hand_picture
from cogs.kit.pictures import measuring, min_text_size
from cogs.kit.presenter import PanelContext
from cogs.panel import panel_context
from games.akelarre import GAME, AkelarreState
from games.akelarre.data import FAMILIES, kind_of
from games.core import Rng
from tests.akelarre.akelarre_helpers import conserved
from tests.akelarre.test_picture import SETUPS, states
from tools.preview import table_for

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

PNG = b"\x89PNG\r\n\x1a\n"


def context(
    state: AkelarreState, seat: int, language: str = "en", draft: dict[str, object] | None = None
) -> PanelContext:
    table = table_for(state.players, language)
    return panel_context(GAME, state, 1, 1, table, seat, draft, language)


def picture(ctx: PanelContext) -> bytes:
    png = PRESENTER.panel_image(ctx)
    assert png is not None
    return png


def acting(state: AkelarreState) -> int | None:
    decision = GAME.decision(state)
    return None if decision is None else decision.actors[0]


def test_the_hand_is_drawn_readable_on_a_phone_in_both_languages() -> None:
    state = states(1, 1)[0]
    seat = acting(state)
    assert seat is not None
    for language in ("en", "it"):
        with measuring() as sizes:
            png = picture(context(state, seat, language))
        assert png.startswith(PNG)
        width, height = Image.open(io.BytesIO(png)).size
        assert width == hand_picture.WIDTH and 150 <= height <= 600
        assert min(sizes) >= min_text_size(width)
    assert picture(context(state, seat, "en")) != picture(context(state, seat, "it"))


def test_a_spectator_view_has_no_hand_picture() -> None:
    state = states(0, 1)[0]
    ctx = context(state, 0)
    ctx.view = GAME.view(state, None)
    assert PRESENTER.panel_image(ctx) is None


def test_what_may_be_played_now_is_marked_and_the_picks_are_lifted() -> None:
    """The acting seat's picture differs from the same hand drawn while waiting, and a
    card picked in the panel's draft changes it again."""
    state = states(2, 1)[0]
    seat = acting(state)
    assert seat is not None
    ctx = context(state, seat)
    assert ctx.legal, "the first player has moves at the deal"
    playable = hand_picture.playable_kinds(ctx.legal)
    hand = state.hands[seat]
    assert playable and playable <= {kind_of(c) for c in hand}
    waiting = context(state, seat)
    waiting.legal = None
    assert picture(ctx) != picture(waiting)
    picked = context(state, seat, draft={"cards": [next(c for c in hand if kind_of(c) in playable)]})
    assert picture(picked) != picture(ctx)


def test_playable_kinds_reads_opens_adds_and_discards_only() -> None:
    legal = [
        {"kind": "open", "place": "P1-1", "cards": ["F2a", "F3b"]},
        {"kind": "add", "place": "P2-1", "cards": ["GJa"]},
        {"kind": "discard", "card": "W5a"},
        {"kind": "take", "place": "P2-1", "card": "N4a"},  # a group's card, not the hand's
        {"kind": "draw", "source": "deck"},
    ]
    assert hand_picture.playable_kinds(legal) == {"F2", "F3", "GJ", "W5"}


def others_reshuffled(state: AkelarreState, seat: int, rng: random.Random) -> AkelarreState:
    """The same table as ``seat`` sees it, with every other hand, the deck and the
    others' favourites drawn again (the cards taken face up from a pile kept, AK-8.6)."""
    twin = state.model_copy(deep=True)
    shown = [state.shown_in_hand(s) for s in range(state.players)]
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in twin.hands[s] if c not in shown[s]] + twin.deck
    rng.shuffle(unseen)
    for s in others:
        rest = len(state.hands[s]) - len(shown[s])
        twin.hands[s] = [*shown[s], *unseen[:rest]]
        del unseen[:rest]
    twin.deck = unseen
    if state.step != "over":
        free = [f for f in FAMILIES if f != state.favourites[seat]]
        rng.shuffle(free)
        twin.favourites = [state.favourites[seat] if s == seat else free.pop() for s in range(state.players)]
        twin.unused_favourites = free
    twin.rng = Rng(seed=rng.getrandbits(48))
    return twin


@settings(max_examples=6, deadline=None, derandomize=True)
@given(setup=st.integers(0, len(SETUPS) - 1), seed=st.integers(0, 10_000), rng=st.randoms())
def test_no_other_seat_s_secret_changes_the_picture(setup: int, seed: int, rng: random.Random) -> None:
    """A member's picture is the same whatever the others hold: it shows only their own."""
    game = states(setup, seed)
    for index in sorted(rng.sample(range(len(game) - 1), 4)):
        state = game[index]
        seat = acting(state)
        if seat is None:
            continue
        twin = others_reshuffled(state, seat, rng)
        assert conserved(twin)
        assert twin.hands[seat] == state.hands[seat]
        assert picture(context(twin, seat)) == picture(context(state, seat)), (setup, seed, index)


@pytest.mark.parametrize("setup", range(len(SETUPS)))
def test_every_seat_at_every_step_of_a_game_gets_a_picture(setup: int) -> None:
    for state in states(setup, 2)[::7]:
        for seat in range(state.players):
            assert picture(context(state, seat)).startswith(PNG)
