"""The private panel's picture: the board's map, the seat's own territories outlined
and, when it must act, what it may do now marked on the map.

Drawn from the seat's own view and its legal actions only. What is marked follows
the panel's controls: territories to pick (placing a token, losing one, striking a
Witch stack) in gold; attacks, moves and where the Witch may strike as arrows across
the border; the draft's chosen "from" in gold with only its own arrows. The cells
out of play fade, so what may be done stands out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image

from bot.render import seat_names
from cogs.kit import legal
from cogs.kit.pictures import picture_cache
from cogs.kit.presenter import PanelContext
from cogs.narnia.board import map_highlight, map_image, map_legend, map_territories
from cogs.narnia.controls import turn_mode
from cogs.narnia.marked_map import Marks, marked_map, with_row
from cogs.narnia.picture import Legend, Territory
from cogs.narnia.words import as_view, ui
from games.narnia.face import NarniaView

PICKED = ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss", "surprise")
# The select a long list is narrowed by (cogs.kit.legal.narrowed): the draft's "group".
GROUP_FIELD = {"witch_pair": "target", "treachery": "source", "surprise": "territory"}


def panel_image(ctx: PanelContext) -> bytes:
    v = as_view(ctx.view)
    territories = map_territories(v)
    legend = map_legend(v, ctx.language, seat_names(ctx.table))
    return _picture(territories, map_highlight(v), legend, ctx.language, marks(ctx, v))


# A panel is drawn on opening, on every click and after every move at the table, each
# seat its own; many of these draw the same picture again (a click that only changes
# the draft's words, the seats that wait while the map does not change). Measured
# (medians over a 3-player game, 2 shared cores under load): a new map ~45-60 ms (the
# territories' names and the PNG are most of it), new marks on a map already drawn
# ~17 ms, a picture drawn before ~0.2 ms. The e2e whole game draws ~1060 panels, ~45 %
# of them from the cache.
@picture_cache(64)
def _picture(
    territories: tuple[Territory, ...],
    highlight: tuple[str, ...],
    legend: Legend,
    language: str,
    marks: Marks,
) -> bytes:
    return marked_map(_base(territories, highlight, legend, language), marks)


@picture_cache(8)
def _base(
    territories: tuple[Territory, ...], highlight: tuple[str, ...], legend: Legend, language: str
) -> Image.Image:
    """The board's map with room for the panel's legend row (copied before marking)."""
    return with_row(map_image(territories, highlight, legend, language))


def marks(ctx: PanelContext, v: NarniaView) -> Marks:
    """What the seat's panel marks: its territories, and its choices when it must act."""
    lang = ctx.language
    own = tuple(tv.id for tv in v.territories if tv.owner == ctx.seat and not tv.free)
    base = Marks(colour=v.seats[ctx.seat].colour, you=ui("map_you", lang), own=own)
    acting = ctx.decision is not None and ctx.seat in ctx.decision.actors
    if not acting or not ctx.legal:
        return base
    if v.phase in ("turn", "courage"):
        return _turn(ctx, base)
    if v.phase in PICKED:
        picks = tuple(dict.fromkeys(a["territory"] for _, a in legal.legal(ctx, *PICKED)))
        group = (ctx.draft or {}).get("group")  # a long surprise list narrowed to one stack
        picks = (group,) if group in picks else picks
        return _with(base, picks=picks, meaning=ui(f"map_{v.phase}", lang))
    if v.phase in ("witch_attack", "witch_pair"):
        pairs = _grouped(ctx, "witch_pair", legal.legal(ctx, "witch_pair"))
        return _with(base, arrows=pairs, arrow="witch", meaning=ui("map_witch_pair", lang))
    if v.phase == "treachery":  # any Witch territory may take the token: the sources are the choice
        pairs = _grouped(ctx, "treachery", legal.legal(ctx, "treachery"))
        picks = tuple(dict.fromkeys(source for source, _ in pairs))
        lit = (*picks, *(target for _, target in pairs))
        return _with(base, picks=picks, lit=lit, meaning=ui("map_treachery", lang))
    if v.phase == "invade" and v.battle is not None:
        invasion = ((v.battle.source, v.battle.target),)
        return _with(base, arrows=invasion, arrow="move", meaning=ui("map_invade", lang))
    return base  # a draw, a re-roll: nothing on the map to choose


def _turn(ctx: PanelContext, base: Marks) -> Marks:
    """The attacks or the moves the panel lists now; the chosen "from" and its arrows only."""
    mode = turn_mode(ctx)
    if mode is None:
        return base  # only a reinforcement or a pass
    draft = ctx.draft or {}
    pairs = tuple(dict.fromkeys((a["source"], a["target"]) for _, a in legal.legal(ctx, mode)))
    picks: tuple[str, ...] = ()
    sources = {source for source, _ in pairs}
    source = draft.get("from") if draft.get("from") in sources else None
    if source is None and len(sources) == 1:
        source = next(iter(sources))
    if source is not None:  # as the panel's "to" select: this source's targets only
        pairs = tuple(p for p in pairs if p[0] == source)
        target = draft.get("to")
        if mode == "move" and (source, target) in pairs:
            pairs = ((source, str(target)),)
        picks = (source,)
    return _with(base, picks=picks, arrows=pairs, arrow=mode, meaning=ui(f"map_{mode}", ctx.language))


def _grouped(
    ctx: PanelContext, kind: str, actions: list[tuple[int, dict[str, Any]]]
) -> tuple[tuple[str, str], ...]:
    """(source, target) pairs; once a long list is narrowed to a group (the draft's
    "group", see cogs.kit.legal.narrowed), that group's pairs only."""
    pairs = tuple(dict.fromkeys((a["source"], a["target"]) for _, a in actions))
    group = (ctx.draft or {}).get("group")
    side = 1 if GROUP_FIELD[kind] == "target" else 0
    return tuple(p for p in pairs if p[side] == group) or pairs


def _with(
    base: Marks,
    *,
    picks: tuple[str, ...] = (),
    arrows: tuple[tuple[str, str], ...] = (),
    arrow: str = "attack",
    lit: tuple[str, ...] = (),
    meaning: str = "",
) -> Marks:
    """``base`` with choices marked; the cells in play are the picks and the arrows' ends."""
    lit = lit or (*picks, *(tid for pair in arrows for tid in pair))
    return replace(
        base, picks=picks, arrows=arrows, arrow=arrow, lit=tuple(sorted(set(lit))), meaning=meaning
    )
