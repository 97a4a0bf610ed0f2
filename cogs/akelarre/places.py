"""How a meeting place reads, on the board and in the panels: its name, its group
(a run or a set, jokers with their values), what it still needs and what may be taken."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import join
from bot.model import TableInfo
from bot.render import seat_name
from cogs.akelarre.words import plain_name, suit, ui
from games.akelarre.face import PlaceView, family_of, is_joker


def place_name(
    table: TableInfo,
    owner: int,
    number: int,
    language: str,
    *,
    me: int | None = None,
    plain: bool = False,
    start: bool = False,
) -> str:
    """ "**anna**'s place 1" (or "your place 1" in that player's own panel); ``start``:
    as a line begins ("Your place 1", "Luogo 1 di anna"), from the catalog: a name is
    never re-capitalised."""
    suffix = "_start" if start else ""
    if owner == me:
        return ui(f"your_place{suffix}", language, number=number)
    name = plain_name(table, owner) if plain else seat_name(table, owner)
    return ui(f"place_of{suffix}", language, seat=name, number=number)


def group_text(cards: Sequence[tuple[str, int]], language: str) -> str:
    """A group as read on the table: "🧚 Fairies run (2 · 3 (joker) · 4)" or
    "three of a kind of 5s (🧚 Fairies · 🍄 Goblins (joker) · 🌳 Druids)"."""
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


def card_short(card: str, value: int | None, language: str) -> str:
    """A card in a few characters, as an option needs it: "🌳 4", "🍄 🃏5" (a joker as 5)."""
    emoji = ui(f"emoji.{family_of(card)}", language)
    if not is_joker(card):
        return f"{emoji} {value}"
    return f"{emoji} " + (
        ui("joker_short", language) if value is None else ui("joker_as", language, value=value)
    )


def group_short(cards: Sequence[tuple[str, int]], language: str, *, opened: bool = False) -> str:
    """A group in a few characters, for an option: "🌳 run 2·3·🃏4", "three of a kind of 5s 🧚·🍄🃏·🌳";
    ``opened``: as the object of "Open" ("a run 🌳 2·3·4", "un tris di 3 …")."""
    families = [family_of(c) for c, _ in cards]
    if len(cards) > 1 and len(set(families)) == 1:
        values = "·".join(ui("joker_as", language, value=v) if is_joker(c) else str(v) for c, v in cards)
        key = "open_run" if opened else "run_short"
        return ui(key, language, emoji=ui(f"emoji.{families[0]}", language), values=values)
    members = "·".join(
        ui(f"emoji.{family_of(c)}", language) + (ui("joker_short", language) if is_joker(c) else "")
        for c, _ in cards
    )
    size = min(max(len(cards), 3), 5)
    word = ui(f"value_word.{cards[0][1] if cards else 2}", language)
    return ui(f"{'open_set' if opened else 'set_short'}_{size}", language, word=word, families=members)


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
    name = place_name(table, place.owner, place.number, language, me=me, plain=plain, start=True)
    if place.free:
        return ui("place_free", language, place=name)
    group = group_text([(c.card, c.value) for c in place.cards], language)
    return ui("place_line", language, place=name, group=group, needs=needs_text(place, language, over=over))
