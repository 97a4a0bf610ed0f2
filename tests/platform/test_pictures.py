"""The pictures' font draws every letter the Italian and English catalogs use."""

from __future__ import annotations

from bot.i18n import LANGUAGES, catalog
from cogs.kit.pictures import font, measuring, min_text_size


def _glyph(ch: str) -> bytes:
    mask = font(24).getmask(ch)
    return bytes(mask)


def test_every_catalog_letter_has_its_own_glyph() -> None:
    """Pillow's built-in font drew à, è, ù… as the same empty box: every
    letter of the catalogs must be drawn as itself, not as the missing-glyph box."""
    missing = _glyph("\ufffe")
    letters = {ch for language in LANGUAGES for text in catalog(language).values() for ch in text}
    letters = {ch for ch in letters if ch.isalpha() and ord(ch) < 0x2000}
    assert {"à", "è", "é", "ì", "ò", "ù"} <= letters
    boxed = sorted(ch for ch in letters if _glyph(ch) == missing)
    assert boxed == []


def test_sizes_are_recorded_while_measuring() -> None:
    with measuring() as sizes:
        font(18)
        font(30, bold=True)
    font(12)  # outside the block: not recorded
    assert sizes == [18, 30]
    assert min_text_size(800) == 20 and min_text_size(801) == 21
