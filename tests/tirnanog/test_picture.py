"""Tir Nan Og's board picture shows the players: by name, with their victory
points, hand size, reserve (its territories' values against the limit) and stack (its
height and top card, face up by type or face down), and whose turn it is; and it is
redrawn when any of that changes. It is 800 px wide and at most 4:3, the
players two to a row with no "Players" title (tests/platform/test_shown_size.py holds
the shape and the text size)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from cogs.tirnanog import PRESENTER
from cogs.tirnanog.board import board_image_key as image_key
from cogs.tirnanog.picture import TURN_PHASES
from cogs.tirnanog.words import LIMIT
from games.tirnanog import GAME
from games.tirnanog.data import type_of
from tests.drawn_text import drawn_texts
from tools.preview import playthrough

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

NAMES = ("Ada", "Ben", "Cleo", "Dov")


def test_the_picture_shows_every_player_with_points_hand_reserve_and_stack() -> None:
    steps = playthrough(GAME, 4, 2)
    view = GAME.view(steps[2 * len(steps) // 3].state, None)
    assert any(s.reserve for s in view.seats) and any(s.top for s in view.seats)
    for language in ("en", "it"):
        with drawn_texts() as texts:
            png = PRESENTER.board_image(view, language, names=NAMES)
        assert png is not None
        width, height = Image.open(io.BytesIO(png)).size
        assert width == 800 and height <= 600, (width, height)
        for s in view.seats:
            assert NAMES[s.seat] in texts
            assert t("tirnanog.count.vp", language, count=s.vp) in texts
            assert str(s.hand_size) in texts
            assert t("tirnanog.ui.picture.reserve", language, value=s.reserve_value, limit=LIMIT) in texts
            assert t("tirnanog.ui.picture.stack", language, count=s.stack_size) in texts
        faces = [s for s in view.seats if s.top is not None and s.top_face_up]
        for s in faces:
            assert s.top is not None
            assert any(t(f"tirnanog.terrain.{type_of(s.top)}", language).endswith(x) for x in texts)


def test_the_picture_is_redrawn_when_a_player_changes() -> None:
    """The key the publisher redraws on covers each seat's points, hand, reserve and stack,
    and whose turn it is: a view changed in any one of them alone draws anew."""
    steps = playthrough(GAME, 3, 4)
    view = GAME.view(steps[len(steps) // 2].state, None)
    assert view.phase in TURN_PHASES
    seat = view.seats[1]
    changed = [
        seat.model_copy(update={"vp": seat.vp + 3}),
        seat.model_copy(update={"hand_size": seat.hand_size + 1}),
        seat.model_copy(update={"reserve": [*seat.reserve, "plain_01"]}),
        seat.model_copy(update={"stack_size": seat.stack_size + 1}),
    ]
    others = [view.model_copy(update={"seats": [view.seats[0], c, *view.seats[2:]]}) for c in changed]
    others.append(view.model_copy(update={"active": (view.active + 1) % view.players}))
    for other in others:
        assert image_key(other) != image_key(view)
        assert PRESENTER.board_image(other, "en") != PRESENTER.board_image(view, "en")
