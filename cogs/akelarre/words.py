"""Akelarre's words shared by the board, the panel and the final screen: catalog
texts, cards, families and names, and the Discord limits and styles they share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from bot import render
from bot.i18n import join, t
from bot.model import TableInfo
from games.akelarre.face import AkelarreView

TEAMS = "AB"


def ui(key: str, language: str, **params: Any) -> str:
    return t(f"akelarre.ui.{key}", language, **params)


def as_view(view: BaseModel) -> AkelarreView:
    assert isinstance(view, AkelarreView)
    return view


def card_name(label: str, language: str) -> str:
    """A card (or a joker with its value, ``GJ@5``) by its catalog name."""
    return t(f"akelarre.card.{label}", language)


def cards_text(labels: Sequence[str], language: str) -> str:
    return join([card_name(c, language) for c in labels], language) or t("common.nothing", language)


def suit(family: str, language: str) -> str:
    return t(f"akelarre.suit.{family}", language)


def plain_name(table: TableInfo, seat: int) -> str:
    """A player's name without markdown (select options do not render it)."""
    return render.plain_name(table, seat)


def seat_label(seat: int) -> str:
    """A player as the rules name seats (P1…Pn), where no table is at hand to name them by
    (a hint, the picture: both are drawn from a view alone)."""
    return f"P{seat + 1}"
