"""How a meeting place reads, on the board and in the panels: its name, its group
(a run or a set, jokers with their values), what it still needs and what may be taken."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import join
from bot.model import TableInfo
from bot.render import seat_name
from cogs.akelarre.words import capitalised, plain_name, suit, ui
from games.akelarre import PlaceView
from games.akelarre.data import family_of, is_joker


def place_name(
    table: TableInfo, owner: int, number: int, language: str, *, me: int | None = None, plain: bool = False
) -> str:
    """ "**Anna**'s place 1" (or "your place 1" in that player's own panel)."""
    if owner == me:
        return ui("your_place", language, number=number)
    name = plain_name(table, owner) if plain else seat_name(table, owner)
    return ui("place_of", language, seat=name, number=number)


def group_text(cards: Sequence[tuple[str, int]], language: str) -> str:
    """A group as read on the table: "🧚 Fairies run (2 · 3 (joker) · 4)" or
    "set of 5s (🧚 Fairies · 🍄 Goblins (joker) · 🌳 Druids)"."""
    families = [family_of(c) for c, _ in cards]
    if len(cards) > 1 and len(set(families)) == 1:
        values = " · ".join(ui("joker_value", language, value=v) if is_joker(c) else str(v) for c, v in cards)
        return ui("run", language, suit=suit(families[0], language), values=values)
    members = " · ".join(
        ui("joker_family", language, suit=suit(family_of(c), language))
        if is_joker(c)
        else suit(family_of(c), language)
        for c, _ in cards
    )
    # Italian names a set by its size as players do (tris, poker); English by its value.
    size = min(max(len(cards), 3), 5)
    word = ui(f"value_word.{cards[0][1] if cards else 2}", language)
    return ui(f"set_{size}", language, word=word, families=members)


def needs_text(place: PlaceView, language: str, *, over: bool = False) -> str:
    """What a group still needs to be complete, and what may be taken from it."""
    if place.kind == "set":
        families = join([suit(f, language) for f in place.needs_families], language)
        text = ui("needs_set", language, count=place.to_complete, families=families)
    else:
        values = [str(v) for v in place.needs_values]
        shown = values[0] if len(values) == 1 else ui("either", language, a=values[0], b=values[-1])
        text = ui("needs_run", language, count=place.to_complete, values=shown)
    if place.takeable and not over:
        if place.kind == "set":
            text += " " + ui("take_any", language)
        else:
            ends = sorted(c.value for c in place.cards if c.card in place.takeable)
            text += " " + ui("take_ends", language, a=ends[0], b=ends[-1])
    return text


def place_line(
    table: TableInfo,
    place: PlaceView,
    language: str,
    *,
    me: int | None = None,
    plain: bool = False,
    over: bool = False,
) -> str:
    name = capitalised(place_name(table, place.owner, place.number, language, me=me, plain=plain))
    if place.free:
        return ui("place_free", language, place=name)
    group = group_text([(c.card, c.value) for c in place.cards], language)
    return ui("place_line", language, place=name, group=group, needs=needs_text(place, language, over=over))
