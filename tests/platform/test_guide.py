"""How to play (cogs/guide_text.py, cogs/kit/guide_picture.py): every game's words in both
languages within Discord's limits, and its labelled picture: every label found on the
board, its mark beside its part, its words readable on a phone and in the language."""

from __future__ import annotations

import io
import math
import re
from typing import Any

import pytest
from PIL import Image
from pydantic import SecretStr

from bot.i18n import LANGUAGES, catalog, t
from bot.model import TableError
from bot.settings import Settings
from cogs.guide import _game
from cogs.guide_text import fits, guide_embed, guided_games, help_embed, rule_sections, rules_embed
from cogs.kit.common import presented_games
from cogs.kit.guide_marks import MARK, grown, overlap
from cogs.kit.guide_picture import guide_of, labelled, presenter_of, sample
from cogs.kit.pictures import measuring, min_text_size
from games.registry import GAMES as GAMES_BY_ID
from tests.platform.test_rules_docs import ROOT, page, prefix_of

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

# The prefix of each game's rule ids (AK-5.5, MM-4.4.2), as its rules page defines them.
PREFIX = {game_id: prefix_of(page(game_id)) for game_id in GAMES_BY_ID}
GAMES = sorted(PREFIX)


def test_every_game_offered_has_a_guide() -> None:
    assert sorted(guided_games()) == sorted(presented_games()) == GAMES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_says_the_goal_a_turn_in_five_lines_and_three_rules(game: str, language: str) -> None:
    own = catalog(language)
    for part in ("goal", "turn", "missed"):
        assert own.get(f"{game}.guide.{part}", "").strip(), (game, language, part)
    turn = own[f"{game}.guide.turn"].splitlines()
    assert [line[:3] for line in turn] == ["1. ", "2. ", "3. ", "4. ", "5. "], turn
    missed = own[f"{game}.guide.missed"].splitlines()
    assert len(missed) == 3 and all(line.startswith("• ") for line in missed), missed
    cited = re.compile(rf"\({PREFIX[game]}-\d+(\.\d+)*[^)]*\)\.?$")
    assert all(cited.search(line) for line in missed), missed  # each with its rule ids
    assert re.search(rf"\b{PREFIX[game]}-\d", own[f"{game}.guide.goal"])
    labels = [key for key in own if key.startswith(f"{game}.guide.label.")]
    assert len(labels) >= 4 and all(own[key].strip() for key in labels)


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_says_a_set_up_only_where_the_game_has_one(language: str) -> None:
    """A game whose players set up (its ``<game>.guide.setup``) says so second, after the
    goal; the others open on their first turn: no set-up field."""
    for game in guided_games():
        names = [field.name for field in guide_embed(game, language, picture=True).fields]
        if f"{game}.guide.setup" in catalog(language):
            assert names[:2] == [t("guide.goal", language), t("guide.setup", language)], game
        else:
            assert t("guide.setup", language) not in names, game


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_how_to_play_and_rules_fit_discord(language: str) -> None:
    assert fits(help_embed(language)) == []
    for game in GAMES:
        assert fits(guide_embed(game, language, picture=True)) == [], game
        assert fits(rules_embed(game, language)) == [], game
        sections = rule_sections(game, language)
        assert 4 <= len(sections) <= 8, game  # readable sections, not one paragraph
        assert all(len(text) <= 1024 and title.strip() for title, text in sections), game


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_names_or_links_the_players_guide(language: str) -> None:
    """/help points at docs/playing.md: linked under DOCS_URL, else named as a path."""
    named = help_embed(language, Settings(discord_token=SecretStr("t"), docs_url="").docs_page("playing.md"))
    assert "`docs/playing.md`" in str(named.fields[-1].value)
    settings = Settings(discord_token=SecretStr("t"), docs_url=" https://example.org/docs/ ")
    linked = help_embed(language, settings.docs_page("playing.md"))
    assert "(https://example.org/docs/playing.md)" in str(linked.fields[-1].value)
    assert fits(named) == fits(linked) == []


def test_a_game_id_nobody_offers_is_refused_in_words() -> None:
    with pytest.raises(TableError) as refused:
        _game("chess")
    assert refused.value.key == "error.unknown_game"
    assert [_game(game) for game in guided_games()] == guided_games()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_labelled_picture_marks_every_part_readably(game: str, language: str) -> None:
    with measuring() as sizes:
        drawn = labelled(game, language)
    assert drawn is not None and drawn.missing == (), drawn and drawn.missing
    guide = guide_of(game)
    assert guide is not None
    image = Image.open(io.BytesIO(drawn.png))
    assert image.width == drawn.width and image.height > drawn.board_height  # the key below the board
    assert len(drawn.marks) >= 4
    assert [m.number for m in drawn.marks] == list(range(1, len(drawn.marks) + 1))
    for mark in drawn.marks:
        left, top, right, bottom = mark.box
        assert left >= 0 and right <= drawn.width and top >= 0 and bottom <= drawn.board_height, mark
        assert not overlap(mark.box, mark.part), mark  # beside its part, not on it
        gap = max(mark.part[0] - right, left - mark.part[2], mark.part[1] - bottom, top - mark.part[3])
        assert gap <= 60, mark  # near enough to tell which part it names
        assert all(not overlap(mark.box, other.box) for other in drawn.marks if other is not mark)
        assert mark.lines and all(line.strip() for line in mark.lines)
    assert min(sizes) >= min_text_size(drawn.width), (min(sizes), drawn.width)
    words = {" ".join(m.lines) for m in drawn.marks}
    catalog_words = {t(key, language) for key in catalog(language) if key.startswith(f"{game}.guide.label.")}
    assert words <= catalog_words


@pytest.mark.parametrize("game", GAMES)
def test_a_mark_s_colour_is_none_of_the_board_s(game: str) -> None:
    """Seen once: the yellow numbered discs read as Tir Nan Og's territory values (and
    Akelarre's, Mag Mor's, Talismani's yellows). A mark's colour is one no board uses."""
    view = GAMES_BY_ID[game].view(sample(game), None)
    presenter = presenter_of(game)
    assert presenter is not None
    board = presenter.board_image(view, "en")
    assert board is not None
    image = Image.open(io.BytesIO(board)).convert("RGB")
    near = _count(image, MARK)
    assert near / (image.width * image.height) < 0.001, (game, near)
    # ... and its shape none of theirs: a pin, its tail out of the disc towards its part.
    drawn = labelled(game, "en")
    assert drawn is not None
    picture = Image.open(io.BytesIO(drawn.png)).convert("RGB")
    for mark in drawn.marks:
        r = (mark.box[2] - mark.box[0]) / 2
        cx, cy = (mark.box[0] + mark.box[2]) / 2, (mark.box[1] + mark.box[3]) / 2
        around = grown(mark.box, r)
        tail = [
            (x, y)
            for x in range(round(around[0]), round(around[2]))
            for y in range(round(around[1]), round(around[3]))
            if r + 2 < math.dist((x, y), (cx, cy)) < r * 1.8
            and 0 <= x < picture.width
            and 0 <= y < picture.height
            and _near(picture.getpixel((x, y)), MARK)
        ]
        assert len(tail) > r / 3, mark  # a disc alone has none


def _near(pixel: Any, colour: tuple[int, int, int]) -> bool:
    """A pixel near ``colour`` (a PNG may store it a little off)."""
    return sum((a - b) ** 2 for a, b in zip(pixel, colour, strict=True)) < 60**2


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in image.getcolors(1 << 20) or [] if _near(c, colour))


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_is_in_the_member_s_language_and_kept(game: str) -> None:
    english, italian = labelled(game, "en"), labelled(game, "it")
    assert english is not None and italian is not None and english.png != italian.png
    assert [m.lines for m in english.marks] != [m.lines for m in italian.marks]
    assert labelled(game, "en") is english  # drawn once, then kept


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_name_or_link_the_exact_rules_page(language: str) -> None:
    """/rules points at docs/rules/<game>.md, which the project has: linked under
    DOCS_URL, else named as a path."""
    for game in GAMES:
        assert (ROOT / "docs" / "rules" / f"{game}.md").is_file()
        named = rules_embed(game, language)
        assert f"`docs/rules/{game}.md`" in str(named.fields[-1].value)
        linked = rules_embed(game, language, f"https://example.org/docs/rules/{game}.md")
        assert f"(https://example.org/docs/rules/{game}.md)" in str(linked.fields[-1].value)
        assert named.fields[-1].name == linked.fields[-1].name == t("rules.exact_title", language)
        assert fits(named) == fits(linked) == []
