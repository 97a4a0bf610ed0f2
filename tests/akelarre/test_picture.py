"""The Akelarre board picture (cogs/akelarre/picture.py): a PNG of a sensible size for
2, 3 and 4 players and the team game, readable on a phone, in the table's language,
drawn from the spectator view alone and showing nothing that no one may see."""

from __future__ import annotations

import inspect
import io
import random
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cogs.akelarre import PRESENTER, board, picture
from cogs.kit.pictures import MIN_SHOWN_TEXT, measuring, min_text_size, shown_text
from games.akelarre import GAME, AkelarreState, AkelarreView
from games.akelarre.data import FAMILIES
from games.core import Rng
from tests.akelarre.akelarre_helpers import conserved
from tools.preview import playthrough

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

PUBLIC = ["language", "names", "outcome"]  # what a board picture is drawn from besides the view
SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {}), (4, {"teams": True})]
IDS = ["2p", "3p", "4p", "teams"]
PNG = b"\x89PNG\r\n\x1a\n"
# What no one may see before the end (AK-11.3): hands, deck order, favourites, the RNG.
HIDDEN = {"hands", "deck", "favourites", "unused_favourites", "rng"}


@cache
def states(setup: int, seed: int) -> list[AkelarreState]:
    """Every state of one game between AI players, from the deal to the end."""
    players, options = SETUPS[setup]
    return [step.state for step in playthrough(GAME, players, seed, options)]


def moments(game: list[AkelarreState]) -> list[AkelarreState]:
    """The deal, a card taken and not yet placed, an owner's choice, the final round,
    a third and two thirds of the way, and the end."""
    views = [GAME.view(s, None) for s in game]
    firsts = [
        next((i for i, v in enumerate(views) if test(v)), 0)
        for test in (
            lambda v: v.held is not None,
            lambda v: v.payment is not None,
            lambda v: v.final_round,
        )
    ]
    chosen = {0, len(game) // 3, 2 * len(game) // 3, len(game) - 1, *firsts}
    return [game[i] for i in sorted(chosen)]


def draw(view: AkelarreView, language: str = "en") -> bytes:
    png = PRESENTER.board_image(view, language)
    assert png is not None
    return png


def spectator(state: AkelarreState, language: str = "en") -> bytes:
    return draw(GAME.view(state, None), language)


@pytest.mark.parametrize("setup", range(len(SETUPS)), ids=IDS)
def test_a_png_of_a_sensible_size_readable_on_a_phone(setup: int) -> None:
    for state in moments(states(setup, 1)):
        with measuring() as sizes:
            png = spectator(state)
        assert png.startswith(PNG)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG"
        width, height = image.size
        # Drawn without an outcome (no result block): wide rather than tall.
        assert width == picture.WIDTH and 250 <= height <= 0.75 * width, (state.step, image.size)
        assert sizes, "text must be drawn with cogs.kit.pictures.font"
        assert min(sizes) >= min_text_size(width), (state.step, min(sizes), width)
        assert shown_text(min(sizes), width, height) >= MIN_SHOWN_TEXT, (state.step, min(sizes))


@pytest.mark.parametrize("setup", range(len(SETUPS)), ids=IDS)
def test_the_italian_picture_is_not_the_english_one(setup: int) -> None:
    for state in moments(states(setup, 2)):
        assert spectator(state, "en") != spectator(state, "it"), state.step


def test_the_team_game_shows_the_teams() -> None:
    """The same table drawn as a free-for-all game differs: the teams are drawn."""
    game = states(IDS.index("teams"), 1)
    for state in (game[len(game) // 2], game[-1]):
        alone = state.model_copy(update={"teams": False})
        assert GAME.view(state, None).teams == [[0, 2], [1, 3]]
        assert spectator(state) != spectator(alone)


def reshuffled(state: AkelarreState, rng: random.Random) -> AkelarreState:
    """The same table with everything no one may see drawn again: the hands (same
    sizes; the cards each took face up from a discard pile kept, AK-8.6) and the deck
    from the same cards, the favourites (public once the game is over, R25, so then
    kept) and the RNG."""
    twin = state.model_copy(deep=True)
    shown = [state.shown_in_hand(seat) for seat in range(state.players)]  # AK-8.6: public, they stay
    unseen = [card for seat, hand in enumerate(twin.hands) for card in hand if card not in shown[seat]]
    unseen += twin.deck
    rng.shuffle(unseen)
    for seat, hand in enumerate(state.hands):
        rest = len(hand) - len(shown[seat])
        twin.hands[seat] = [*shown[seat], *unseen[:rest]]
        del unseen[:rest]
    twin.deck = unseen
    if state.step != "over":
        families = rng.sample(FAMILIES, len(FAMILIES))
        twin.favourites = families[: state.players]
        twin.unused_favourites = families[state.players :]
    twin.rng = Rng(seed=rng.getrandbits(48))
    return twin


@settings(max_examples=8, deadline=None, derandomize=True)
@given(setup=st.integers(0, len(SETUPS) - 1), seed=st.integers(0, 10_000), rng=st.randoms())
def test_the_picture_shows_no_hidden_information(setup: int, seed: int, rng: random.Random) -> None:
    """Two states that differ only in what no one may see draw the same picture."""
    game = states(setup, seed)
    picks = [*sorted(rng.sample(range(len(game) - 1), 4)), len(game) - 1]
    changed = 0
    for index in picks:
        state = game[index]
        twin = reshuffled(state, rng)
        assert conserved(twin)
        assert twin.model_dump(exclude=HIDDEN) == state.model_dump(exclude=HIDDEN)
        changed += twin.model_dump(include=HIDDEN) != state.model_dump(include=HIDDEN)
        assert spectator(twin) == spectator(state), (setup, seed, index)
        assert board.board_image_key(GAME.view(twin, None)) == board.board_image_key(GAME.view(state, None))
    assert changed >= len(picks) - 1, "the hidden parts were drawn again, not copied"


def test_the_picture_is_drawn_from_the_view_alone() -> None:
    """The hook receives the view and the language, and besides only what the channel
    sees anyway (the players' names, the outcome once the game is over); a view cut loose
    from any state (through JSON) draws the same picture, and so does every seat's own
    view: a hand or a favourite in the view is never drawn."""
    for hook in (PRESENTER.board_image, board.board_image, picture.draw_table):
        parameters = inspect.signature(hook).parameters
        assert list(parameters) in (["view", *PUBLIC], ["v", *PUBLIC])
        assert all(parameters[p].kind is inspect.Parameter.KEYWORD_ONLY for p in PUBLIC[1:])
    game = states(IDS.index("teams"), 3)
    for state in moments(game)[:-1]:  # before the end: hands and favourites are secret
        view = GAME.view(state, None)
        png = draw(view)
        assert draw(AkelarreView.model_validate_json(view.model_dump_json())) == png
        for seat in range(state.players):
            own = GAME.view(state, seat)
            assert own.hand is not None and own.favourite is not None
            assert draw(own) == png


def test_the_picture_changes_only_with_its_key() -> None:
    """The publisher redraws only when the key changes: steps with the same key draw
    the same picture, and the key ignores steps that change nothing drawn."""
    game = states(0, 4)
    views = [GAME.view(s, None) for s in game]
    same = [(a, b) for a, b in pairwise(views) if board.board_image_key(a) == board.board_image_key(b)]
    assert any(a.model_dump_json() != b.model_dump_json() for a, b in same)
    for a, b in same[:: max(1, len(same) // 10)]:
        assert draw(a) == draw(b)
    assert len({board.board_image_key(v) for v in views}) > len(views) // 3
