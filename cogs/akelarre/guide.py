"""Akelarre's How to play picture (cogs/kit/guide_picture.py): a turn of a real game with
groups on the meeting places and cards on the discard piles, its parts labelled."""

from __future__ import annotations

from cogs.kit.guide_picture import Guide, Label, either, words
from games.akelarre.face import AkelarreView

PICTURE = "akelarre.ui.picture"


def ready(v: AkelarreView) -> bool:
    """A turn under way, two groups on the table, something to draw from a pile, cards captured."""
    busy = [p for p in v.places if not p.free]
    return (
        v.step == "play"
        and v.held is None
        and v.payment is None
        and len(busy) >= 2
        and any(p.top is not None for p in v.piles)
        and any(s.point_count for s in v.seats)
        and v.deck_count > 0
    )


def labels(v: AkelarreView) -> list[Label]:
    return [
        Label("akelarre.guide.label.place", words(f"{PICTURE}.place")),
        Label(
            "akelarre.guide.label.needs", either(words(f"{PICTURE}.needs_set"), words(f"{PICTURE}.needs_run"))
        ),
        Label("akelarre.guide.label.piles", words(f"{PICTURE}.piles")),
        Label("akelarre.guide.label.deck", words(f"{PICTURE}.deck")),
        Label("akelarre.guide.label.captured", words(f"{PICTURE}.captured")),
    ]


GUIDE = Guide(players=3, seed=7, ready=ready, labels=labels)
