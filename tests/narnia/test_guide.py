"""Narnia's How to play (cogs/narnia/guide.py, its guide words): what it says of the set-up,
and where its picture's marks point."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, t
from cogs.guide_text import guide_embed
from cogs.kit.guide_picture import labelled

# Draws the real picture (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures


@pytest.mark.parametrize("language", LANGUAGES)
def test_narnia_s_how_to_play_says_the_set_up_a_new_game_opens_on(language: str) -> None:
    """Practice opens on Narnia's set-up (NA-3.4, NA-3.5: the member places
    the Witch's tokens, then takes start territories) and How to play never said so."""
    embed = guide_embed("narnia", language, picture=True)
    names = [field.name for field in embed.fields]
    assert names[:2] == [t("guide.goal", language), t("guide.setup", language)], names
    setup = embed.fields[1].value or ""
    assert all(rule in setup for rule in ("NA-3.4", "NA-3.5")), setup


@pytest.mark.parametrize("language", LANGUAGES)
def test_narnia_s_tokens_mark_points_at_the_witch_s_tokens(language: str) -> None:
    """Seen once: "Its tokens" came right after "The White Witch's land" but pointed at a
    player's stack. The tokens' mark points at the row of tokens just above her
    territory's name, and its words name her (a mark's number follows reading order)."""
    drawn = labelled("narnia", language)
    assert drawn is not None
    by_words = {" ".join(m.lines): m for m in drawn.marks}
    witch = by_words[t("narnia.guide.label.witch", language)]
    stack = by_words[t("narnia.guide.label.stack", language)]
    assert stack.part[0] < witch.part[2] and witch.part[0] < stack.part[2]  # one column
    assert 0 <= witch.part[1] - stack.part[3] <= 5  # right above her territory's name
    assert t("narnia.ui.legend_witch", language) in " ".join(stack.lines)  # "White Witch"
