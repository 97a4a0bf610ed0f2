"""Words from events and errors, in a language, with player names."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import has, join, t
from bot.model import TableInfo
from games.core import Event, RuleError

BUNDLE_KEYS = ("cards",)
# Forms of a territory name a catalog may keep (``<game>.territory_<form>.<id>``).
# A name with its article or preposition, where a game's catalog keeps them
# (``<game>.territory_in.<id>`` → ``{territory_in}``: "nell'Accampamento di Aslan").
TERRITORY_FORMS = ("the", "in", "on", "from", "to")
SUIT_FORMS = ("of",)  # ``{suit_of}``: "delle 🧚 Fate" / "the 🧚 Fairies"


def _forms(
    game: str, kind: str, forms: tuple[str, ...], key: str, value: Any, language: str
) -> dict[str, str]:
    return {
        f"{key}_{form}": t(f"{game}.{kind}_{form}.{value}", language)
        for form in forms
        if has(f"{game}.{kind}_{form}.{value}")
    }


def seat_name(table: TableInfo, seat: int) -> str:
    if 0 <= seat < len(table.seats):
        return f"**{table.seats[seat].name}**"
    return f"P{seat + 1}"


def plain(name: str) -> str:
    """A member's name as Discord gives it, from the name a seat keeps (escaped for
    markdown, ``bot.replies.display_name``): for text that is not markdown, a select
    option or a button, where "x\\_y" would show its backslash."""
    return re.sub(r"\\(.)", r"\1", name)


def plain_name(table: TableInfo, seat: int) -> str:
    """A seat's member as :func:`plain` gives them (P1 … for a seat past the table's)."""
    return plain(table.seats[seat].name) if 0 <= seat < len(table.seats) else f"P{seat + 1}"


def seat_names(table: TableInfo) -> tuple[str, ...]:
    """Every seat's name as :func:`seat_name` gives it, without the markdown: what a
    picture draws (``cogs.kit.pictures.player_names`` makes them drawable)."""
    return tuple(plain(seat.name) for seat in table.seats)


def resource(game: str, resource_id: str, language: str) -> str:
    return t(f"{game}.resource.{resource_id}", language)


def counted(game: str, resource_id: str, count: int, language: str) -> str:
    """ "3 axes" / "1 ascia": the game's plural message ``<game>.resource_count.<id>``."""
    key = f"{game}.resource_count.{resource_id}"
    if has(key):
        return t(key, language, count=count)
    return f"{count} {resource(game, resource_id, language)}"


def bundle(game: str, cards: dict[str, int], language: str) -> str:
    parts = [counted(game, r, n, language) for r, n in cards.items() if n]
    return join(parts, language) if parts else t("common.nothing", language)


def format_params(game: str, table: TableInfo, params: dict[str, Any], language: str) -> dict[str, Any]:
    """Seats become names, resource, territory and card ids words, bundles and
    card lists text (the convention of :class:`games.core.Event`)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == "seat" or key.endswith("_seat"):
            out[key] = seat_name(table, value) if isinstance(value, int) else "-"
        elif key == "seats_list" or key.endswith("_seats_list"):
            out[key] = join([seat_name(table, seat) for seat in value], language)
        elif key == "resource" or key.endswith("_resource"):
            out[key] = resource(game, value, language)
        elif key == "cards" or key.endswith("_cards"):
            out[key] = bundle(game, value, language)
        elif key == "territory" or key.endswith("_territory"):
            out[key] = t(f"{game}.territory.{value}", language)
            out.update(_forms(game, "territory", TERRITORY_FORMS, key, value, language))
        elif key == "suit" or key.endswith("_suit"):
            out[key] = t(f"{game}.suit.{value}", language)
            out.update(_forms(game, "suit", SUIT_FORMS, key, value, language))
        elif key == "card" or key.endswith("_card"):
            out[key] = t(f"{game}.card.{value}", language)
        elif key == "cards_list" or key.endswith("_cards_list"):
            out[key] = join([t(f"{game}.card.{c}", language) for c in value], language) or t(
                "common.nothing", language
            )
        elif key == "terrain":
            out[key] = t(f"{game}.terrain.{value}", language)
        elif key == "allocation":
            out[key] = "; ".join(
                f"{seat_name(table, int(s))} ← {bundle(game, cards, language)}" for s, cards in value.items()
            )
        elif isinstance(value, bool):
            out[key] = t("common.auto", language) if value and key == "auto" else ""
        else:
            out[key] = value
    return out


OWN = "_own"


def event_key(event: Event) -> str:
    """The message for ``event``: a catalog may give an ``<key>_own`` variant,
    used when the actor acts on something of their own (``seat`` is
    ``owner_seat``), so a line never names one player twice ("on their own
    meeting place", not "on Dario's meeting place" after "Dario adds")."""
    params = event.params
    if "owner_seat" in params and params["owner_seat"] == params.get("seat") and has(event.key + OWN):
        return event.key + OWN
    return event.key


def event_text(game: str, table: TableInfo, event: Event, language: str) -> str:
    return t(event_key(event), language, **format_params(game, table, event.params, language))


def error_text(game: str | None, table: TableInfo | None, error: RuleError, language: str) -> str:
    params = format_params(game or "", table, error.params, language) if table else error.params
    text = t(error.key, language, **params) if has(error.key) else t("error.rule", language)
    if error.rule:
        text += " " + t("common.rule_ref", language, rule=error.rule)
    return text
