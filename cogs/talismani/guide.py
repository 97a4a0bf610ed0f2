"""I Talismani del Tempo's How to play picture (cogs/kit/guide_picture.py): a real game
just after a reveal, its parts labelled."""

from __future__ import annotations

from cogs.kit.guide_picture import Guide, Label, either, spanning, words
from games.talismani.face import TalismaniView


def ready(v: TalismaniView) -> bool:
    """A few turns in, the plays of the last turn face up, the next stake chosen."""
    return v.turn >= 3 and v.reveal_turn is not None and not v.void and v.stake is not None


def labels(v: TalismaniView) -> list[Label]:
    # The stake: its word, its card and its worth ("half a talisman"), on one line.
    stake = spanning(
        words("talismani.ui.stake"), either(words("talismani.ui.half"), words("talismani.ui.whole"))
    )
    return [
        Label("talismani.guide.label.row", words("talismani.ui.row")),
        Label("talismani.guide.label.stake", stake),
        Label("talismani.guide.label.players", words("talismani.ui.picture.players")),
        Label("talismani.guide.label.plays", words("talismani.ui.picture.plays")),
    ]


GUIDE = Guide(players=4, seed=7, ready=ready, labels=labels)
