"""Pictures name the players as the board's text does: by their names as
Discord gives them, never re-capitalised, never "P1"/"G1"; a name the font cannot draw
loses only what it cannot draw ("Player 2" when nothing is left), never shows boxes;
and every game's final board shows the winner, each place and score (in
the embed's final record, no longer drawn again above the picture)."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.i18n import LANGUAGES, t
from bot.render import seat_name
from cogs.kit.pictures import BIDI_CONTROLS, FSI, PDI, drawable, fitted, font, player_names, readable
from cogs.kit.record import with_final_record
from games.registry import GAMES
from games.talismani.game import talismans_text
from tests.drawn_text import drawn_texts
from tools.preview import Step, picture, playthrough, presented_games, presenter_of, table_for

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

# Hostile names: CJK only, emoji around a name, all lower case, emoji after an accent.
HOSTILE = ("山田太郎", "🔥Marco🔥", "ann", "Zoë 👩‍🚀")
SEAT_WORD = re.compile(r"\b[PG]\d{1,2}\b")  # "P1", "G2": how the pictures named seats before


def shown(language: str) -> list[str]:
    """How a picture draws HOSTILE's names: an emoji as a sign."""
    return [t("pictures.player", language, number=1), "✦Marco✦", "ann", "Zoë ✦"]


def test_a_name_the_font_draws_is_kept_exactly() -> None:
    for name in ("ann", "Zoë", "ÉLODIE", "Ёлка", "Ωmega", "d'Artagnan", "x" * 32, "☺ Bob"):
        assert readable(name) == name
    assert player_names(("ann", "bob"), 2, "en") == ("ann", "bob")


def test_what_the_font_cannot_draw_is_left_out_and_nothing_left_is_player_n() -> None:
    assert readable("Jo李Wei") == "Jo Wei"  # a gap becomes a space, never glued words
    assert readable("山田太郎") == ""
    assert readable("A\x00\x07B") == "A B"
    assert player_names(("山田太郎", "Bob"), 3, "it") == ("Giocatore 1", "Bob", "Giocatore 3")
    assert player_names(("山田太郎", "Bob"), 2, "en")[0] == "Player 1"


def test_an_emoji_the_font_lacks_is_drawn_as_a_sign_never_left_out() -> None:
    """Seen once: emoji vanished from names ("🐉" read "Player 1"). Each emoji, whole
    sequences too (ZWJ, skin tone, a flag's two letters), is one sign of the font's."""
    assert readable("🔥Marco🔥") == "✦Marco✦"
    assert readable("Zoë 👩‍🚀") == "Zoë ✦"
    assert readable("🐉🐉") == "✦✦" and readable("🐉") == "✦"
    assert readable("👨‍👩‍👧 fam") == "✦ fam" and readable("👍🏽ok") == "✦ok"
    assert readable("🇮🇹 Luca") == "⚑ Luca" and readable("💖 Sara") == "♥ Sara" and readable("✨x") == "★x"
    assert readable("❤️Bob") == "❤Bob" and readable("1️⃣ one") == "1 one"  # presentation marks go
    assert readable("😀 Ann") == "😀 Ann"  # the font's own emoji stay as they are
    assert player_names(("🐉", "Bob"), 2, "en") == ("✦", "Bob")


def test_a_name_s_own_bidi_controls_are_left_out_of_pictures() -> None:
    """U+202E in a name would turn the rest of a picture's line around: left out, and a
    right-to-left name isolated by the picture itself."""
    assert readable("\u202eevil") == "evil" and readable("a\u2069\u202eb\u202c") == "ab"
    assert player_names(("\u2068محمد\u2069", "\u202eBob"), 2, "en") == (f"{FSI}محمد{PDI}", "Bob")


def test_names_that_read_alike_once_cut_are_told_apart_by_their_seat() -> None:
    assert player_names(("Ann山", "Ann田", "Ann"), 3, "en") == ("Ann (1)", "Ann (2)", "Ann")
    assert player_names(("Ann🐶", "Ann🐸", "Ann"), 3, "en") == ("Ann✦ (1)", "Ann✦ (2)", "Ann")


def test_a_right_to_left_name_is_isolated_from_the_words_around_it() -> None:
    [name] = player_names(("محمد",), 1, "en")
    assert name == f"{FSI}محمد{PDI}"
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    assert fitted(draw, f"{FSI}{'محمد ' * 10}{PDI}", 120, 20).startswith(FSI)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.text(min_size=1, max_size=32))
def test_any_name_is_drawn_without_boxes_and_unchanged_when_it_can_be(name: str) -> None:
    out = readable(name)
    assert all(drawable(ch) for ch in out)
    assert not BIDI_CONTROLS & set(out)
    if all(drawable(ch) for ch in name) and not (set(name) & {"\u200d", "\ufe0f", "\u20e3", *BIDI_CONTROLS}):
        assert out == name


def test_a_long_name_is_shortened_to_its_room_with_an_ellipsis() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    name = "Bartholomew Fitzgerald-Smythe"
    short = fitted(draw, name, 150, 20, bold=True)
    assert short.endswith("…") and name.startswith(short[:-1].rstrip())
    assert draw.textlength(short, font=font(20, bold=True)) <= 150
    assert fitted(draw, "ann", 150, 20) == "ann"


@cache
def game_steps(game_id: str) -> tuple[Step, Step]:
    game = GAMES[game_id]
    steps = playthrough(game, min(max(4, game.min_players), game.max_players), 1)
    return steps[len(steps) // 2], steps[-1]


def read(game_id: str, step: Step, language: str, names: tuple[str, ...] = HOSTILE) -> str:
    """Every word the board picture of ``step`` draws, isolates taken out."""
    game = GAMES[game_id]
    with drawn_texts() as texts:
        png, _ = picture(
            presenter_of(game_id), game.view(step.state, None), language, names, game.outcome(step.state)
        )
    assert png is not None
    boxed = sorted({ch for text in texts for ch in text if not drawable(ch)})
    assert boxed == [], f"{game_id}: drawn as boxes: {boxed}"
    return "\n".join(texts).replace(FSI, "").replace(PDI, "")


@pytest.mark.parametrize("game_id", presented_games())
def test_every_picture_names_the_players_never_p1(game_id: str) -> None:
    middle, _ = game_steps(game_id)
    for language in LANGUAGES:
        words = read(game_id, middle, language)
        assert SEAT_WORD.findall(words) == []
        if game_id == "magmor":  # the grid names the party's leader only
            leader = GAMES[game_id].view(middle.state, None).leader
            assert leader is not None and shown(language)[leader] in words
        elif game_id == "narnia":  # no legend: the embed names whose mark is whose
            assert [n for n in shown(language)[:4] if n in words] == []
        else:
            assert [n for n in shown(language)[:4] if n not in words] == []


@pytest.mark.parametrize("game_id", presented_games())
def test_every_final_board_shows_the_winner_each_place_and_score(game_id: str) -> None:
    """In the embed's final record above the picture. Drawn above the board
    too, the result made every final picture too tall to read in Discord's box: the
    picture is the board as it ended, still naming its players."""
    game, presenter = GAMES[game_id], presenter_of(game_id)
    _, end = game_steps(game_id)
    outcome = game.outcome(end.state)
    assert outcome is not None and outcome.winners
    for language in LANGUAGES:
        table = table_for(len(outcome.standings), language)
        view = game.view(end.state, None)
        embed = presenter.board_embed(table, view, None, language)
        lines = (with_final_record(embed, presenter, table, outcome, language).description or "").splitlines()
        names = [seat_name(table, s.seat) for s in sorted(outcome.standings, key=lambda s: s.seat)]
        assert any(all(names[w] in line for w in outcome.winners) for line in lines[:1])  # first
        assert t("pictures.ranking", language) in "\n".join(lines)
        for standing in outcome.standings:  # its row: place, name (bold, as seat_name gives it), score
            [row] = [line for line in lines if f"{names[standing.seat]} —" in line]
            if standing.score is not None:
                score = talismans_text(standing.score) if game_id == "talismani" else str(standing.score)
                assert re.search(rf"(^|\D){re.escape(score)}(\D|$)", row), (row, score)
        words = read(game_id, end, language)
        assert t("pictures.ranking", language) not in words.splitlines()  # not drawn again


@pytest.mark.parametrize("game_id", presented_games())
def test_the_names_are_part_of_what_a_picture_is_cached_on(game_id: str) -> None:
    game, presenter = GAMES[game_id], presenter_of(game_id)
    middle, end = game_steps(game_id)
    for step in (middle, end):
        view, outcome = game.view(step.state, None), game.outcome(step.state)
        first = presenter.board_image(
            view, "en", names=("Alice", "Bruno", "Chiara", "Dario"), outcome=outcome
        )
        other = presenter.board_image(view, "en", names=("Wanda", "Xeno", "Yves", "Zack"), outcome=outcome)
        # Narnia's map draws no names, and a final picture is the board alone
        # (Mag Mor's names only the leader of a round under way).
        if game_id == "narnia":
            assert first == other
        elif game_id != "magmor" or (outcome is None and view.leader is not None):
            assert first != other


# Mag Mor names only the leader; Narnia's map names no one (the embed does).
@pytest.mark.parametrize("game_id", [g for g in presented_games() if g not in ("magmor", "narnia")])
def test_an_emoji_in_a_name_draws_ink_where_it_stands(game_id: str) -> None:
    """Seen once: "🐉 Ann" was drawn as "Ann", the emoji gone. The board drawn for
    "🐉 Ann" differs from the one for "Ann" where the name is, in inked pixels."""
    game = GAMES[game_id]
    middle, _ = game_steps(game_id)
    view = game.view(middle.state, None)

    def board(first: str) -> Image.Image:
        with drawn_texts():  # drawn afresh, not from the cache
            png, _ = picture(presenter_of(game_id), view, "en", (first, "Bruno", "Chiara", "Dario"), None)
        assert png is not None
        return Image.open(io.BytesIO(png)).convert("RGB")

    with_emoji, without = board("🐉 Ann"), board("Ann")
    changed = ImageChops.difference(with_emoji, without).convert("L").point(lambda v: 255 if v > 40 else 0)
    box = changed.getbbox()
    assert box is not None, "the emoji left no mark"
    assert changed.crop(box).histogram()[255] >= 20
