"""The split's two selects besides "who": the ready-made splits (``sp.pre``) and the
cards to give or take back (``sp.give``), their words and their values.

A ready-made split's value is the allocation itself ("1a2/2w1m1": seat 1 gets 2
axes, seat 2 a water and a medicine), so a click needs nothing recomputed and a
forged value is checked like any other: it must hand out exactly what was found.
Every label and description is written to fit Discord's 100 characters: when
long names would not fit, the names are shortened (never the rest of the text).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import discord

from bot.i18n import join
from bot.model import TableError
from bot.render import plain_name
from cogs.kit.presenter import PanelContext
from cogs.magmor.words import EMOJI, RESOURCES, count_of, ui
from games.magmor.face import Allocation, MagmorView, Preset, normal

LIMIT = 100  # Discord: characters of an option's label or description
CODE = {"water": "w", "food": "f", "axe": "a", "pickaxe": "p", "medicine": "m"}
RESOURCE_OF = {code: res for res, code in CODE.items()}
_SEAT = re.compile(r"([0-9])((?:[wfapm][1-9])+)")
_GIVE = re.compile(r"(water|food|axe|pickaxe|medicine)([+-])([1-9])(?:\.([0-9]))?")
NAME_WIDTHS = (None, 16, 10, 6)  # tried in turn until a text fits


# -- values ------------------------------------------------------------------------------


def encode(allocation: Allocation) -> str:
    return "/".join(
        str(seat) + "".join(f"{CODE[r]}{cards[r]}" for r in RESOURCES if cards.get(r))
        for seat, cards in sorted(allocation.items())
    )


def parse_preset(value: str, players: int) -> Allocation | None:
    """A ready-made split's value as an allocation, or None if it is not one."""
    allocation: Allocation = {}
    for chunk in value.split("/"):
        match = _SEAT.fullmatch(chunk)
        if match is None or int(match[1]) >= players or int(match[1]) in allocation:
            return None
        cards = allocation[int(match[1])] = {}
        for code, n in re.findall(r"([wfapm])([1-9])", match[2]):
            cards[RESOURCE_OF[code]] = cards.get(RESOURCE_OF[code], 0) + int(n)
    return normal(allocation)


def decode(value: str, v: MagmorView) -> Allocation:
    """A ready-made split's value, checked: known seats and every found card exactly
    once (MM-4.3.4); anything else is refused in words."""
    allocation = parse_preset(value, v.players)
    given: dict[str, int] = {}
    for cards in (allocation or {}).values():
        for res, n in cards.items():
            given[res] = given.get(res, 0) + n
    if allocation is None or given != {res: n for res, n in v.taken.items() if n}:
        raise TableError("magmor.ui.split_bad_preset")
    return allocation


def parse_give(values: list[str], players: int) -> tuple[str, int, int | None]:
    """``axe+2`` (give 2 axes from what is left), ``axe+1.3`` (give 1 from seat 3's
    share) or ``axe-1`` (take 1 back): the resource, the change and where from."""
    match = _GIVE.fullmatch(values[0]) if len(values) == 1 else None
    source = int(match[4]) if match is not None and match[4] is not None else None
    if match is None or (source is not None and (match[2] == "-" or source >= players)):
        raise TableError("magmor.ui.split_bad_cards")
    return match[1], int(match[3]) * (1 if match[2] == "+" else -1), source


def parse_seat(values: list[str], players: int) -> int:
    value = values[0] if len(values) == 1 else ""
    if re.fullmatch(r"[0-9]", value) is None or int(value) >= players:
        raise TableError("magmor.ui.split_bad_seat")
    return int(value)


# -- words -------------------------------------------------------------------------------

Name = Callable[[int], str]  # a seat's name as a text may show it


def fit(render: Callable[[Name], str], names: dict[int, str]) -> str:
    """``render(name)`` with the seats' names as long as Discord's limit allows."""
    for width in NAME_WIDTHS:

        def name(seat: int, width: int | None = width) -> str:
            full = names[seat]
            return full if width is None or len(full) <= width else full[: width - 1] + "…"

        text = render(name)
        if len(text) <= LIMIT:
            return text
    raise ValueError(f"no way to fit {text!r} in {LIMIT} characters")


def _names(ctx: PanelContext) -> dict[int, str]:
    names = {s: plain_name(ctx.table, s) for s in range(len(ctx.table.seats))}  # option text: plain
    names[ctx.seat] = ui("you_short", ctx.language)
    return names


def _emoji(cards: dict[str, int]) -> str:
    return "".join(EMOJI[r] * cards[r] for r in RESOURCES if cards.get(r))


def _cards(res: str, count: int, language: str) -> str:
    return f"{EMOJI[res]} {count_of(res, count, language)}"


def _detail(ctx: PanelContext, allocation: Allocation, name: Name) -> str:
    """ "bob ← 🪓🪓 · cid ← ⛏️ · you ← 💧💧": the others clockwise, then the leader."""
    seats = len(ctx.table.seats)
    order = sorted(allocation, key=lambda s: (s - ctx.seat) % seats or seats)
    return " · ".join(
        ui("preset_detail", ctx.language, seat=name(s), cards=_emoji(allocation[s])) for s in order
    )


def _label(ctx: PanelContext, preset: Preset, name: Name) -> str:
    lang = ctx.language
    to = name(preset.to) if preset.to is not None else ""
    if preset.kind == "keep":
        text = ui("preset_keep", lang)
    elif preset.kind == "all":
        text = ui("preset_all", lang, seat=to)
    elif preset.kind in ("type", "toll") and preset.res:
        key = "preset_type" if preset.kind == "type" else "preset_toll"
        text = ui(key, lang, cards=_cards(preset.res, preset.count, lang), seat=to)
    elif preset.kind == "each":
        if preset.to is None:
            text = ui("preset_each_exact", lang)
        else:
            text = ui("preset_each_you" if preset.to == ctx.seat else "preset_each", lang, seat=to)
    else:
        gifts = [
            ui("preset_gift", lang, cards=_emoji(cards), seat=name(seat))
            for seat, cards in sorted(preset.allocation.items())
            if seat != ctx.seat
        ]
        key = "preset_other" if ctx.seat in preset.allocation else "preset_other_all"
        text = ui(key, lang, gifts=join(gifts, lang))
    return ui("preset_usual", lang, split=text) if preset.usual else text


def preset_options(ctx: PanelContext, presets: list[Preset], draft: Allocation) -> list[discord.SelectOption]:
    """The ready-made splits as options, the one the draft now equals shown chosen."""
    names = _names(ctx)

    def option(preset: Preset) -> discord.SelectOption:
        return discord.SelectOption(
            label=fit(lambda name: _label(ctx, preset, name), names),
            value=encode(preset.allocation),
            description=fit(lambda name: _detail(ctx, preset.allocation, name), names),
            emoji="⭐" if preset.usual else None,
            default=preset.allocation == draft,
        )

    return [option(preset) for preset in presets]


def give_options(
    ctx: PanelContext, to: int, left: dict[str, int], alloc: Allocation
) -> list[discord.SelectOption]:
    """Cards for the chosen seat, several of a type in one step: from what is left to
    give, from another seat's share (to adjust a ready-made split), or taken back
    from it. Every card is counted once, so at most as many options as cards found (9)."""
    lang = ctx.language
    names = _names(ctx)
    seats = len(ctx.table.seats)
    you = "_you" if to == ctx.seat else ""

    def option(
        key: str, res: str, n: int, value: str, emoji: str, source: int | None = None
    ) -> discord.SelectOption:
        def render(name: Name) -> str:
            cards = count_of(res, n, lang)
            if source is None:
                return ui(key + you, lang, cards=cards, seat=name(to))
            mine = "_from_you" if source == ctx.seat else ""
            return ui(key + you + mine, lang, cards=cards, seat=name(to), source=name(source))

        return discord.SelectOption(label=fit(render, names), value=value, emoji=emoji)

    options = []
    for res in RESOURCES:
        options += [
            option("give_option", res, n, f"{res}+{n}", EMOJI[res]) for n in range(1, left.get(res, 0) + 1)
        ]
        for step in range(1, seats):
            source = (to + step) % seats
            held = alloc.get(source, {}).get(res, 0)
            options += [
                option("move_option", res, n, f"{res}+{n}.{source}", "🔁", source) for n in range(1, held + 1)
            ]
        held = alloc.get(to, {}).get(res, 0)
        options += [option("take_back_option", res, n, f"{res}-{n}", "↩️") for n in range(1, held + 1)]
    return options
