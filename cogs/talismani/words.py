"""The words the Talismani board, panel and final screen share: catalog look-ups, cards,
suits, talismans and the weather row in text, the hand's order, Discord's limits and styles."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.i18n import t
from cogs.kit.controls import FIELD_LIMIT
from games.talismani.face import TalismaniView, talismans_text


def ui(key: str, language: str, **params: Any) -> str:
    return t(f"talismani.ui.{key}", language, **params)


def card(card_id: str, language: str) -> str:
    return t(f"talismani.card.{card_id}", language)


def cards(ids: list[str], language: str) -> str:
    return ", ".join(card(c, language) for c in ids) or t("common.nothing", language)


def played(ids: list[str], language: str) -> str:
    """The cards of one play, as it is laid down: "🃏 Joker + 🌫️ Fog 2"."""
    return " + ".join(card(c, language) for c in ids)


def suit(suit_id: str, language: str) -> str:
    return t(f"talismani.suit.{suit_id}", language)


def talismans(halves: int, language: str) -> str:
    """A number of halves as talismans in words: "6½ talismans", "half a talisman"."""
    whole, half = divmod(halves, 2)
    if not half:
        return ui("talismans", language, count=whole)
    if not whole:
        return ui("half_talisman", language)
    return ui("talismans_and_half", language, amount=talismans_text(halves))


def tally(whole: int, halves: int, language: str, *, full: bool = False) -> str:
    """A running total a player can check: "3 whole + 2 halves = 4 talismans" (TT-13.1).
    On the board a zero part is left out ("2 halves = 1 talisman", "no talismans yet");
    ``full`` keeps both parts, for the final record."""
    total = talismans(2 * whole + halves, language)
    parts = [
        ui("count_whole", language, count=whole) if whole or full else "",
        ui("count_halves", language, count=halves) if halves or full else "",
    ]
    if not any(parts):
        return ui("no_talismans", language)
    return ui("tally", language, parts=" + ".join(p for p in parts if p), total=total)


def as_view(view: BaseModel) -> TalismaniView:
    assert isinstance(view, TalismaniView)
    return view


def sort_key(v: TalismaniView, card_id: str) -> tuple[int, int, str]:
    """Hand order: fairies by weather position then value, then specials."""
    head, _, tail = card_id.partition("-")
    if tail.isdigit() and head in v.row:
        return (v.row.index(head), int(tail), card_id)
    return (len(v.row), 0, card_id)


def weather_row(row: list[str], language: str, *, numbered: bool = False) -> str:
    """The row, dominant first and in bold; numbered where a place is to be chosen."""
    names = [suit(s, language) for s in row]
    if numbered:
        names = [f"{i}. {name}" for i, name in enumerate(names, start=1)]
    names[0] = f"**{names[0]}**"
    return " › ".join(names)


def fit(lines: list[str]) -> str:
    """Lines joined within a field's limit: whole lines only, never a cut word."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > FIELD_LIMIT:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)
