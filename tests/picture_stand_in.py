"""The presenters' pictures as tiny stand-ins, for tests that read no picture.

Most SimCord flows play whole games through the channel and the panels and check the
messages' text, controls and order: the board's and panels' pictures, drawn at every
change, were about a third of their CPU and were read by none of them. An autouse fixture
(``tests/conftest.py``) swaps each bound presenter's ``board_image`` and ``panel_image``
for a tiny PNG, unless the test carries ``@pytest.mark.pictures`` (or its module does):
every test that reads a picture, its size, its digest or its drawn text, or that draws
one on purpose. Drawing every game's pictures at many states of random games is
``tests/platform/test_drawing.py``'s.

The stand-in keeps what the bot does with a picture: a presenter with no picture still
gives None, and the stand-in's bytes are a digest of what the real picture is drawn
from (the board's ``board_image_key``; the seat's view, draft, decision and legal
actions for a panel), so a board is redrawn and a panel re-uploaded when its state
changes and kept when it does not, as with the real pictures. The How to play picture is
drawn on the real board (once a language, then kept by the process)."""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from typing import Any

from PIL import Image
from pydantic import BaseModel

from cogs.kit import guide_picture
from cogs.kit.bound import BoundPresenter
from cogs.kit.presenter import PanelContext, board_image_key
from games.core import Outcome

MARKER = "pictures"
REAL_BOARD = BoundPresenter.board_image


@lru_cache(maxsize=4096)
def tiny_png(drawn_from: str) -> bytes:
    """An 8×8 PNG whose pixels are a digest of ``drawn_from``."""
    digest = hashlib.sha256(drawn_from.encode()).digest()
    out = io.BytesIO()
    Image.frombytes("RGB", (8, 8), (digest * 6)[:192]).save(out, "PNG")
    return out.getvalue()


def _board(
    self: BoundPresenter,
    view: BaseModel,
    language: str,
    *,
    names: tuple[str, ...] = (),
    outcome: Outcome | None = None,
) -> bytes | None:
    if self.hooks.board_image is None:
        return None
    if getattr(guide_picture._recording, "spots", None) is not None:
        # The How to play picture is the board's with its words found and labelled; it is
        # kept once drawn (per process), so a stand-in would show in a later marked test.
        return REAL_BOARD(self, view, language, names=names, outcome=outcome)
    return tiny_png(f"{self.game_id}:board:{board_image_key(self, view, language, names, outcome)}")


def _panel(self: BoundPresenter, ctx: PanelContext) -> bytes | None:
    if self.hooks.panel_image is None:
        return None
    drawn_from: Any = (ctx.seat, ctx.language, ctx.draft, ctx.decision, ctx.legal, ctx.outcome)
    return tiny_png(f"{self.game_id}:panel:{drawn_from!r}:{ctx.view.model_dump_json()}")


class StandIn:
    """Swaps the presenters' pictures for stand-ins until :meth:`undo`."""

    def __init__(self) -> None:
        self._real = (BoundPresenter.board_image, BoundPresenter.panel_image)
        BoundPresenter.board_image = _board  # type: ignore[method-assign]
        BoundPresenter.panel_image = _panel  # type: ignore[method-assign]

    def undo(self) -> None:
        BoundPresenter.board_image, BoundPresenter.panel_image = self._real  # type: ignore[method-assign]
