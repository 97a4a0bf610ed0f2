"""The private panel's map (cogs/narnia/panel_map.py): the seat's own territories
outlined and, when it must act, what it may do now marked, drawn from its own view
only, readable on a phone, and never failing whatever the position."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cogs.kit.pictures import measuring, min_text_size
from cogs.kit.presenter import PanelContext
from cogs.narnia import PRESENTER, panel_map
from cogs.narnia.picture import LEGEND_ROW, WIDTH
from cogs.panel import panel_context
from games.core import Rng
from games.narnia import GAME, NarniaState
from tests.narnia.narnia_helpers import BLUE, RED, make_state
from tests.narnia.test_properties import random_action
from tools.preview import table_for

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

PNG = b"\x89PNG\r\n\x1a\n"


def context(
    state: NarniaState, seat: int, draft: dict[str, Any] | None = None, language: str = "en"
) -> PanelContext:
    return panel_context(GAME, state, 1, 1, table_for(state.players, language), seat, draft, language)


def picture(
    state: NarniaState, seat: int, draft: dict[str, Any] | None = None, language: str = "en"
) -> bytes:
    png = PRESENTER.panel_image(context(state, seat, draft, language))
    assert png is not None and png.startswith(PNG)
    return png


def frontier() -> NarniaState:
    """Red's turn: Caldron Pool and Archenland (with tokens) next to the Witch's
    Western Wild, Chippingford, Dwarf Mines and Great Woods; Blue far away."""
    board = {"caldron_pool": (RED, "2P 1P"), "archenland": (RED, "2P"), "cair_paravel": (BLUE, "1P")}
    return make_state(2, board)


def test_an_acting_seat_sees_its_attacks_as_arrows_and_a_waiting_seat_its_territories() -> None:
    state = frontier()
    marks = panel_map.marks(context(state, RED), GAME.view(state, RED))
    legal = {(a.source, a.target) for a in GAME.legal_actions(state, RED) if a.kind == "attack"}
    assert set(marks.arrows) == legal and legal  # every attack, nothing else
    assert set(marks.own) == {"archenland", "caldron_pool"}
    assert set(marks.lit) == {tid for pair in legal for tid in pair}
    waiting = panel_map.marks(context(state, BLUE), GAME.view(state, BLUE))
    assert waiting.own == ("cair_paravel",) and not waiting.arrows and not waiting.lit
    image = Image.open(io.BytesIO(picture(state, RED)))
    board = Image.open(io.BytesIO(PRESENTER.board_image(GAME.view(state, None), "en") or b""))
    assert image.size == (WIDTH, board.height + LEGEND_ROW)
    assert picture(state, BLUE) != picture(state, RED)


def test_the_chosen_source_keeps_only_its_own_arrows() -> None:
    state = frontier()
    marks = panel_map.marks(
        context(state, RED, {"mode": "attack", "from": "archenland"}), GAME.view(state, RED)
    )
    assert marks.picks == ("archenland",)
    assert marks.arrows and all(source == "archenland" for source, _ in marks.arrows)
    moves = panel_map.marks(context(state, RED, {"mode": "move"}), GAME.view(state, RED))
    assert set(moves.arrows) == {("caldron_pool", "archenland"), ("archenland", "caldron_pool")}
    assert moves.arrow == "move"


def test_the_picture_changes_with_what_the_seat_may_do() -> None:
    state = frontier()
    attacks, moves = picture(state, RED), picture(state, RED, {"mode": "move"})
    chosen = picture(state, RED, {"mode": "attack", "from": "caldron_pool"})
    assert len({attacks, moves, chosen}) == 3
    # Turn to Stone: the same map, a different value to give up, other territories to pick.
    board = {"caldron_pool": (RED, "2P 1P"), "archenland": (RED, "1P"), "cair_paravel": (BLUE, "1P")}
    twos = make_state(2, board, phase="stone", stage="card", required_value=2)
    ones = make_state(2, board, phase="stone", stage="card", required_value=1)
    assert panel_map.marks(context(twos, RED), GAME.view(twos, RED)).picks == ("caldron_pool",)
    assert picture(twos, RED) != picture(ones, RED)


def test_what_the_seat_cannot_see_changes_nothing() -> None:
    """Narnia hides only the future (deck order, the dice and bag draws to come)."""
    one, other = frontier(), frontier()
    other.deck = list(reversed(other.deck))
    other.rng = Rng(seed=12345)
    assert one.deck != other.deck
    for seat in (RED, BLUE):
        assert picture(one, seat) == picture(other, seat)


@pytest.mark.parametrize("language", ["en", "it"])
def test_text_is_readable_on_a_phone_and_in_the_tables_language(language: str) -> None:
    state = frontier()
    with measuring() as sizes:
        png = picture(state, RED, language=language)
    width = Image.open(io.BytesIO(png)).width
    assert sizes and min(sizes) >= min_text_size(width)
    other = "it" if language == "en" else "en"
    assert png != picture(state, RED, language=other)


@settings(max_examples=4, deadline=None, derandomize=True)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_any_position_draws_for_every_seat(players: int, seed: int) -> None:
    """Random legal play; a dozen positions of each game (one in eight, every kind of
    decision at least once), drawn for the acting seat and another, with the drafts the
    panel may hold, in either language."""
    state = GAME.new_game(players, seed)
    chooser = random.Random(seed)
    drafts: list[dict[str, Any] | None] = [
        None,
        {"mode": "move"},
        {"mode": "attack", "from": "stone_table"},
        {"mode": "move", "from": "stone_table", "to": "aslan_camp"},
        {"group": "stone_table"},
    ]
    seen: set[str] = set()
    drawn = 0
    for _ in range(200):
        decision = GAME.decision(state)
        if decision is None or drawn >= 12:
            break
        seat = decision.actors[0]
        if state.phase not in seen or chooser.random() < 1 / 8:
            seen.add(state.phase)
            for who in (seat, chooser.randrange(players)):
                picture(state, who, chooser.choice(drafts), chooser.choice(["en", "it"]))
            drawn += 1
        state, _ = GAME.play(state, seat, random_action(state, seat, chooser))
