"""Tir Nan Og's How to play picture (cogs/kit/guide_picture.py): the display and the
territory piles of a real game some turns in, its parts labelled."""

from __future__ import annotations

from bot.i18n import t
from cogs.kit.guide_marks import grown
from cogs.kit.guide_picture import Finder, Guide, Label, Rect, Spot, literal, union, words
from cogs.kit.pictures import bare
from games.tirnanog.face import TirNanOgView, is_fountain, type_of

SYMBOL = frozenset("?ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # a creature's initial on its disc, "?" any


def symbols_under(title: Finder, reach: float = 100, width: float = 220) -> Finder:
    """The creature symbols on a territory card: the one-letter discs below its title."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        head = title(spots, language)
        if head is None:
            return None
        found = [
            s.box
            for s in spots
            if s.text in SYMBOL
            and head[3] < s.box[1] < head[3] + reach
            and head[0] - 20 < s.box[0] < head[0] + width
        ]
        return grown(union(found), 12) if found else None  # the discs around the letters

    return find


def ready(v: TirNanOgView) -> bool:
    """Some turns in, with a fountain still hidden in a pile and territories to take."""
    return v.turn >= 8 and v.dispute is None and any(p.fountain_inside for p in v.piles)


def _shown(v: TirNanOgView) -> str:
    """The type of the first pile's top card (a territory, not a fountain)."""
    return next(type_of(p.top) for p in v.piles if p.top is not None and not is_fountain(p.top))


def labels(v: TirNanOgView) -> list[Label]:
    kind = _shown(v)
    title = literal(lambda language: bare(t(f"tirnanog.terrain.{kind}", language)))
    return [
        Label("tirnanog.guide.label.display", words("tirnanog.ui.picture.display")),
        Label("tirnanog.guide.label.deck", words("tirnanog.ui.picture.deck")),
        Label("tirnanog.guide.label.piles", words("tirnanog.ui.picture.piles")),
        Label("tirnanog.guide.label.cost", symbols_under(title)),
        Label("tirnanog.guide.label.fountain", words("tirnanog.ui.picture.fountain_badge", grow=8)),
    ]


GUIDE = Guide(players=3, seed=7, ready=ready, labels=labels)
