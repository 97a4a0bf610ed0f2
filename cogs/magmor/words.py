"""The words the Mag Mor board, panel and final screen share: catalog look-ups,
cards and terrain faces in text, the resources' order and emoji, the button colours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.lists import format_list
from pydantic import BaseModel

from bot.i18n import join, t
from bot.render import bundle, counted
from games.magmor.face import MagmorView

GAME = "magmor"
RESOURCES = ("water", "food", "axe", "pickaxe", "medicine")
EMOJI = {"water": "💧", "food": "🍞", "axe": "🪓", "pickaxe": "⛏️", "medicine": "💊"}


def ui(key: str, language: str, **params: Any) -> str:
    return t(f"magmor.ui.{key}", language, **params)


def count_of(res: str, n: int, language: str) -> str:
    """ "3 axes" / "3 accette": the catalog's plural forms."""
    return counted(GAME, res, n, language)


def cards_text(cards: Mapping[str, int], language: str) -> str:
    """A hand or a found pile with emoji, in the catalog's order of resources."""
    parts = [f"{EMOJI[r]} {count_of(r, cards[r], language)}" for r in RESOURCES if cards.get(r)]
    return join(parts, language) if parts else t("common.nothing", language)


def _rows(rows: Any) -> dict[str, int]:
    return {row.res: row.qty for row in rows}


def face_text(face: Any, language: str) -> str:
    return ui(
        "face",
        language,
        found=bundle(GAME, _rows(face.found), language),
        pay=bundle(GAME, _rows(face.pay), language),
    )


def either(items: list[str], language: str) -> str:
    """ "B1 or A2" / "B1 o A2": a choice between items (CLDR's "or" lists)."""
    return format_list(items, style="or", locale=language) if items else ""


def as_view(view: BaseModel) -> MagmorView:
    assert isinstance(view, MagmorView)
    return view
