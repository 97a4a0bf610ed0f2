"""Every string a picture draws, for tests that read a picture's words: Pillow's
``ImageDraw.text`` is wrapped while the block runs. Drawing happens inside
:func:`cogs.kit.pictures.measuring`, so cached pictures are drawn afresh."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PIL import ImageDraw

from cogs.kit.pictures import measuring


@contextmanager
def drawn_texts() -> Iterator[list[str]]:
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> None:
        texts.append(str(words))
        original(self, xy, words, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        with measuring():
            yield texts
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
