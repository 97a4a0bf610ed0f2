"""Narnia's How to play picture (cogs/kit/guide_picture.py): the map of a real game some
rounds in, its parts labelled: the Witch's land and its tokens, a player's territory, a
bare flag."""

from __future__ import annotations

from bot.i18n import t
from cogs.kit.guide_picture import Finder, Guide, Label, Rect, Spot, literal
from games.narnia.face import NarniaView, TerritoryView


def name(territory: str, *, above: float = 0) -> Finder:
    """A territory, by its name on the map; with ``above``, the row that high above
    the name, where its mark and chips are."""
    words = literal(lambda language: _name(territory, language))

    def find(spots: list[Spot], language: str) -> Rect | None:
        box = words(spots, language)
        if box is None or not above:
            return box
        middle = (box[0] + box[2]) / 2
        return middle - above * 1.2, box[1] - above - 2, middle + above * 1.2, box[1] - 2

    return find


def _name(territory: str, language: str) -> str:
    return t(f"narnia.territory.{territory}", language)


def ready(v: NarniaView) -> bool:
    """Some rounds in, with a stack of tokens and a bare flag to show."""
    return (
        v.stage == "sequence"
        and v.round >= 3
        and _stacked(v) is not None
        and _witch(v) is not None
        and any(not t.stack for t in v.territories)
    )


def _stacked(v: NarniaView) -> TerritoryView | None:
    """A player's territory with two tokens or more."""
    return next((t for t in v.territories if t.owner is not None and len(t.stack) >= 2), None)


def _witch(v: NarniaView) -> TerritoryView | None:
    """A Witch territory with tokens, one with two or more if she has one (her stack
    shows "top first" then)."""
    held = sorted((t for t in v.territories if t.owner is None and t.stack), key=lambda t: len(t.stack) < 2)
    return held[0] if held else None


def labels(v: NarniaView) -> list[Label]:
    stacked, witch = _stacked(v), _witch(v)
    assert stacked is not None and witch is not None
    bare = next(t for t in v.territories if not t.stack)
    # The tokens' label names the Witch (a mark's number follows the reading order, so
    # "its" could name whatever came before), and points at her territory's tokens.
    return [
        Label("narnia.guide.label.witch", name(witch.id)),
        Label("narnia.guide.label.stack", name(witch.id, above=34)),
        Label("narnia.guide.label.player", name(stacked.id)),
        Label("narnia.guide.label.flag", name(bare.id, above=34)),
    ]


GUIDE = Guide(players=3, seed=7, ready=ready, labels=labels)
