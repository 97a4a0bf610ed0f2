"""What every board picture shares: the font, and the check that its text is
big enough to read on a phone.

A board picture is shown about 300–400 px wide in a phone's Discord client, so
text drawn smaller than 1/40 of the picture's width shrinks below ~8 px there.
Every picture draws its text with :func:`font`, so a test can record the sizes
it used (:func:`measuring`) and compare the smallest with the picture's width.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# The denominator of the readability rule: smallest text >= width / 40.
MIN_TEXT_FRACTION = 40

_recorded: list[list[int]] = []


@cache
def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def font(size: int) -> Font:
    """Pillow's built-in scalable font at ``size`` px (recorded while measuring)."""
    for sizes in _recorded:
        sizes.append(size)
    return _font(size)


@contextmanager
def measuring() -> Iterator[list[int]]:
    """Collect every text size asked of :func:`font` inside the block."""
    sizes: list[int] = []
    _recorded.append(sizes)
    try:
        yield sizes
    finally:
        _recorded.remove(sizes)


def min_text_size(width: int) -> int:
    """The smallest text size readable on a phone for a picture ``width`` px wide."""
    return -(-width // MIN_TEXT_FRACTION)
