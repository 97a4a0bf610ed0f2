"""What every board picture shares: the font, and the check that its text is
big enough to read on a phone.

A board picture is shown about 300–400 px wide in a phone's Discord client, so
text drawn smaller than 1/40 of the picture's width shrinks below ~8 px there.
Every picture draws its text with :func:`font`, so a test can record the sizes
it used (:func:`measuring`) and compare the smallest with the picture's width.

The font is DejaVu Sans Condensed (as narrow as Pillow's own), shipped in
``cogs/fonts/`` (Bitstream Vera licence): Pillow's built-in font has no
accented letters, so Italian words such as "città" or "c'è" came out with
boxes, and a system font may be missing in a slim container.

Players are named as the board's text names them (``bot.render.seat_names``: their
names exactly as Discord gives them), through :func:`player_names`: an emoji the font
cannot draw is drawn as a sign it can (:data:`EMOJI_SIGNS`: ☺, ♥, ★ … else ✦), so it
never vanishes; what else it cannot draw (CJK) is left out rather than drawn as boxes,
and a name with nothing readable left is "Player 2". A name's own bidi controls are
left out (a right-to-left name is isolated instead: :func:`isolated`). :func:`fitted`
shortens a name too long for its room with "…".
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import t

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# The denominator of the readability rule: smallest text >= width / 40.
MIN_TEXT_FRACTION = 40

FONTS = Path(__file__).parent.parent / "fonts"  # cogs/fonts
REGULAR = FONTS / "DejaVuSansCondensed.ttf"
BOLD = FONTS / "DejaVuSansCondensed-Bold.ttf"

# A picture is drawn in flat colours and anti-aliased text: cut to a palette of 256
# (fast octree) it looks the same, and its PNG takes a third less time and half the
# bytes (Akelarre's boards: 15 ms and 75 KB in RGB, 10 ms and 33 KB so). zlib level 3:
# about 13 ms instead of 21 ms at Pillow's default 6 on an RGB board, for some 10 % more
# bytes. Every change redraws the board and the panels redrawn after it.
PNG_LEVEL = 3

_recorded: list[list[int]] = []


@cache
def _font(size: int, bold: bool) -> Font:
    return KeptMasks(str(BOLD if bold else REGULAR), size=size)


class KeptMasks(ImageFont.FreeTypeFont):
    """The font, its text's bitmaps kept: most of a picture's time went to rendering the
    same words again (Narnia's territory names, the chips' values, the legends) at every
    redraw. ``ImageDraw.text`` only reads the bitmap it is given (it blends it into the
    picture), so a kept one draws the very same pixels. A colour bitmap (mode RGBA) is
    changed by its caller and is not kept."""

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        key = (text, mode, args, tuple(kwargs.items()))
        try:
            hash(key)
        except TypeError:  # a list of features: drawn afresh
            return super().getmask2(text, mode, *args, **kwargs)
        if mode == "RGBA":
            return super().getmask2(text, mode, *args, **kwargs)
        return _mask(self, key)


@lru_cache(maxsize=8192)
def _mask(font: KeptMasks, key: tuple[Any, ...]) -> Any:
    text, mode, args, kwargs = key
    return ImageFont.FreeTypeFont.getmask2(font, text, mode, *args, **dict(kwargs))


def font(size: int, *, bold: bool = False) -> Font:
    """DejaVu Sans Condensed at ``size`` px (recorded while measuring)."""
    for sizes in _recorded:
        sizes.append(size)
    return _font(size, bold)


P = ParamSpec("P")
R = TypeVar("R")


def picture_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``lru_cache`` for a drawing (its arguments hashable): a panel is redrawn after
    every move at the table, and most redraws draw what was drawn before. While text
    sizes are being measured (:func:`measuring`) it draws afresh, so every size is
    recorded whatever was drawn earlier in the process."""

    def wrap(draw: Callable[P, R]) -> Callable[P, R]:
        # The arguments are hashable by this decorator's contract (lru_cache checks it).
        kept = cast(Callable[P, R], lru_cache(maxsize=maxsize)(draw))

        @wraps(draw)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            return draw(*args, **kwargs) if _recorded else kept(*args, **kwargs)

        return cached

    return wrap


@contextmanager
def measuring() -> Iterator[list[int]]:
    """Collect every text size asked of :func:`font` inside the block."""
    sizes: list[int] = []
    _recorded.append(sizes)
    try:
        yield sizes
    finally:  # by identity: a measuring block inside another holds an equal list
        _recorded[:] = [other for other in _recorded if other is not sizes]


def min_text_size(width: int) -> int:
    """The smallest text size readable on a phone for a picture ``width`` px wide."""
    return -(-width // MIN_TEXT_FRACTION)


# Where Discord shows an embed's image: fitted, never enlarged, into a box of about
# 400 x 300 CSS px on desktop (leovoel/embed-visualizer#30, measured in the client;
# opengraphplus.com "Discord embed images": "up to ~400px wide ... ~300px max height"),
# and no wider than a phone's message column (~300-350 px). A board is judged there:
# its smallest text, times the scale it is shown at, at least MIN_SHOWN_TEXT CSS px
# (Discord's own smallest text, a message's timestamp, is 12 px).
SHOWN_BOX = (400, 300)
MIN_SHOWN_TEXT = 11.0


def shown_scale(width: int, height: int) -> float:
    """The scale at which Discord shows a ``width`` x ``height`` embed image on desktop."""
    return min(1.0, SHOWN_BOX[0] / width, SHOWN_BOX[1] / height)


def shown_text(size: float, width: int, height: int) -> float:
    """How many CSS px text drawn at ``size`` px is tall where Discord shows the picture."""
    return size * shown_scale(width, height)


def bare(text: str) -> str:
    """A catalog name without its leading emoji ("🐉 Dragon" -> "Dragon"): the font has none."""
    head, _, rest = text.partition(" ")
    return rest if rest and not head[:1].isalnum() else text


def wrapped(
    draw: ImageDraw.ImageDraw, name: str, width: float, size: int, *, bold: bool = False
) -> list[str]:
    """``name`` at ``size`` px on one line, or on as few balanced lines as fit ``width``."""
    words = name.split(" ")

    def length(text: str) -> float:
        return draw.textlength(text, font=font(size, bold=bold))

    if length(name) <= width or len(words) == 1:
        return [name]
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    best = min(splits, key=lambda parts: max(length(p) for p in parts))
    if max(length(p) for p in best) <= width or len(words) == 2:
        return best
    lines: list[str] = []  # still too wide: greedy lines
    for word in words:
        if lines and length(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def png(image: Image.Image) -> bytes:
    """``image`` as the PNG bytes Discord is sent, in a palette of 256 colours."""
    if image.mode == "RGB":
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


# -- players' names --------------------------------------------------------------------

# Only emoji are made of these: once the emoji is left out, they would stand alone.
JOINERS = frozenset({"\u200d", *map(chr, range(0xFE00, 0xFE10))})
MAX_MARKS = 2  # combining marks kept on one letter (Vietnamese stacks two; "Zalgo" dozens)
NAMES_CACHE = 64


@cache
def _missing() -> bytes:
    return bytes(_font(24, False).getmask("\ufffe"))


@cache
def drawable(ch: str) -> bool:
    """Whether the font draws ``ch`` as itself (not as its missing-glyph box)."""
    if unicodedata.category(ch) in ("Cc", "Co", "Cn", "Cs") or ch in JOINERS:
        return False
    if unicodedata.category(ch) == "Cf":  # invisible format characters (bidi marks)
        return True
    return all(bytes(_font(24, bold).getmask(ch)) != _missing() for bold in (False, True))


# What an emoji the font lacks is drawn as: a sign of DejaVu's like it, by a word of
# its Unicode name, else a star. A picture cannot draw colour emoji without a font per
# glyph run at every place a name is drawn; a sign keeps "🐉 Ann" from reading "Ann",
# and "🐉" from reading "Player 1", on any machine (the font is the project's own).
EMOJI_SIGNS = (
    (("SMILING", "GRINNING", "LAUGHING", "WINKING"), "☺"),
    (("HEART",), "♥"),
    (("STAR", "SPARKLE", "GLOWING"), "★"),
    (("FLAG", "REGIONAL INDICATOR"), "⚑"),
    (("FLOWER", "BLOSSOM", "ROSE", "TULIP", "SUNFLOWER", "HIBISCUS"), "✿"),
    (("SNOW",), "❄"),
    (("SUN ", "SUNRISE"), "☀"),
    (("MUSICAL", "NOTE"), "♪"),
    (("CROWN",), "♛"),
    (("HORSE", "UNICORN"), "♞"),
)
EMOJI_SIGN = "✦"
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL = range(0x1F1E6, 0x1F200)
# A name's own bidi embeddings, overrides and isolates (U+202E turns the rest of a
# line around): left out, as in the text's names (bot.replies.text_name).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# Variation selectors and the keycap's enclosing mark only say how an emoji looks: a
# sign, or the letter they follow ("❤️", "1️⃣"), is drawn without them.
PRESENTATION = frozenset({*map(chr, range(0xFE00, 0xFE10)), "\u20e3"})


def _emoji(ch: str) -> bool:
    return ord(ch) in REGIONAL or (unicodedata.category(ch) == "So" and ord(ch) >= 0x2000)


def emoji_sign(ch: str) -> str:
    """The sign an emoji the font lacks is drawn as (:data:`EMOJI_SIGNS`)."""
    name = unicodedata.name(ch, "") + " "
    return next((sign for words, sign in EMOJI_SIGNS if any(w in name for w in words)), EMOJI_SIGN)


def _signed(name: str) -> str:
    """``name`` with each emoji the font lacks as one sign: a whole sequence (joined by
    ZWJ, with its skin tone and variation selector, a flag's two letters) as one."""
    out: list[str] = []
    going = False  # the last thing kept is an emoji's sign, its sequence still open
    joined = False  # ... and a ZWJ asks for the next emoji to join it
    flag = False  # ... and it is a flag's first letter
    for ch in name:
        if ch in BIDI_CONTROLS or ch in PRESENTATION:
            continue
        if going and ch in JOINERS:
            joined = joined or ch == "\u200d"
            continue
        if going and ord(ch) in SKIN_TONES:
            continue
        if _emoji(ch) and not drawable(ch):
            regional = ord(ch) in REGIONAL
            if going and (joined or (flag and regional)):
                joined = flag = False
                continue
            out.append(emoji_sign(ch))
            going, joined, flag = True, False, regional
            continue
        going = joined = flag = False
        out.append(ch)
    return "".join(out)


def readable(name: str) -> str:
    """``name`` as the font can draw it: unchanged when it can, else with each emoji it
    lacks as a sign (:func:`_signed`) and what else it cannot draw left out (each gap a
    space); "" when nothing readable is left."""
    signed = _signed(name)
    signs = {EMOJI_SIGN, *(sign for _, sign in EMOJI_SIGNS)}
    kept: list[str] = []
    marks = 0
    dropped = signed != name
    for ch in signed:
        mark = unicodedata.combining(ch) > 0
        ok = drawable(ch) and not (mark and (not kept or kept[-1] == " " or marks >= MAX_MARKS))
        if not ok:
            dropped = True
            if kept and kept[-1] != " ":
                kept.append(" ")
            continue
        marks = marks + 1 if mark else 0
        kept.append(ch)
    if not dropped:
        return name
    text = " ".join("".join(kept).split())
    return text if any(ch.isalnum() or ch in signs for ch in text) else ""


@lru_cache(maxsize=NAMES_CACHE)
def player_names(names: tuple[str, ...], players: int, language: str) -> tuple[str, ...]:
    """Every seat's name as a picture draws it: :func:`readable`, or "Player 2" when
    nothing readable is left (or no name is known: a picture drawn without a table). A
    name that lost letters and now reads like another seat's gets its seat number."""
    shown = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else ""
        shown.append(readable(name) or t("pictures.player", language, number=seat + 1))
    read = list(shown)  # compared as read, before any gets its number
    for seat in range(min(players, len(names))):
        others = read[:seat] + read[seat + 1 :]
        if read[seat] != names[seat] and read[seat] in others:
            shown[seat] = f"{read[seat]} ({seat + 1})"
    return tuple(isolated(name) for name in shown)


FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate


def isolated(name: str) -> str:
    """A right-to-left name (Arabic, Hebrew) kept apart from the words around it: without
    the isolate, "محمد · place 1" would be laid out right to left as a whole."""
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name):
        return f"{FSI}{name}{PDI}"
    return name


def fitted(draw: ImageDraw.ImageDraw, text: str, width: float, size: int, *, bold: bool = False) -> str:
    """``text`` as it fits ``width`` px at ``size``: whole, or cut and ended with "…"."""
    face = font(size, bold=bold)
    if draw.textlength(text, font=face) <= width:
        return text
    if text.startswith(FSI) and text.endswith(PDI):
        return f"{FSI}{fitted(draw, text[1:-1], width, size, bold=bold)}{PDI}"
    cut = len(text)
    while cut > 1:
        cut -= 1
        if unicodedata.combining(text[cut]):
            continue  # never part a letter from its accent
        shorter = text[:cut].rstrip() + "…"
        if draw.textlength(shorter, font=face) <= width:
            return shorter
    return text[:1] + "…"
