"""Small text helpers the Narnia parts share: the game's UI strings, territory
and card names, stacks and token values, who is who."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.i18n import has, t
from bot.model import TableInfo
from bot.render import seat_name
from games.narnia.face import CARD_TYPE, NarniaView, Pending

# Colour and shape together (colour-blind players): the map draws the same shapes.
COLOUR_EMOJI = {"red": "🔺", "blue": "🔷", "green": "🟢", "yellow": "🟨"}
WITCH_EMOJI = "❄️"


def ui(key: str, language: str, **params: Any) -> str:
    return t(f"narnia.ui.{key}", language, **params)


def as_view(view: BaseModel) -> NarniaView:
    assert isinstance(view, NarniaView)
    return view


def territory(tid: str, language: str) -> str:
    return t(f"narnia.territory.{tid}", language)


def form(tid: str, which: str, language: str) -> str:
    """The name with its article or preposition ("nell'Accampamento di Aslan")."""
    return t(f"narnia.territory_{which}.{tid}", language)


def card_name(card_id: str, language: str) -> str:
    key = f"narnia.card.{card_id}"
    return t(key, language) if has(key) else t(f"narnia.card.{CARD_TYPE.get(card_id, card_id)}", language)


def values(tokens: Iterable[int]) -> str:
    return " ".join(str(v) for v in tokens)


def stack_words(tokens: Iterable[int], language: str) -> str:
    """A stack top first ("3 2 1"), or "flag only"."""
    return values(tokens) or ui("flag_only", language)


def who(table: TableInfo, seat: int | None, language: str) -> str:
    return ui("witch", language) if seat is None else seat_name(table, seat)


def stack_text(v: NarniaView, tid: str, language: str) -> str:
    return stack_words((token.value for token in v.territory(tid).stack), language)


def percent(chance: float) -> int | str:
    """A chance in whole percent; "…" for one still being worked out (games.narnia.odds.Pending)."""
    return "…" if isinstance(chance, Pending) else round(chance * 100)
