"""How to play's picture: a real position of a game, drawn by the game's own board
picture, its parts numbered and named in the member's language.

Where is a part? Each game's ``picture.py`` lays its board out (and that layout
changes as the pictures improve), so a label does not repeat the layout: it finds
its part by the words the picture wrote there (a heading such as "Discard piles",
a territory's name, "Day 7 of 17"), recorded while the picture is drawn
(:func:`drawn_words`), and a label whose words are gone says so in the tests
rather than pointing at nothing. Each game says what to label in its face's
``guide.py`` (:class:`Guide`): the position to draw (the first one of a seeded
game between AI players that shows what the labels name) and its labels.

Each part gets a numbered mark beside it and its words in a key below the picture
(:mod:`cogs.kit.guide_marks`), at least 1/40 of the picture's width like every
picture's text (:mod:`cogs.kit.pictures`). The picture is the same for every member
of a language: it is drawn once and kept.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import io
import re
import string
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from bot.extensions import face
from bot.i18n import catalog, plural_forms, t
from cogs.kit.guide_marks import Mark, Rect, grown, marked
from cogs.kit.pictures import measuring, picture_cache, png
from cogs.kit.presenter import PRESENTERS, Presenter
from games.core import Game, GameState
from games.registry import GAMES

__all__ = [
    "Finder",
    "Guide",
    "Label",
    "Labelled",
    "Rect",
    "Spot",
    "either",
    "labelled",
    "literal",
    "spanning",
    "union",
    "words",
]


@dataclass(frozen=True)
class Spot:
    """Words the board picture wrote, and where."""

    text: str
    box: Rect


Finder = Callable[[list[Spot], str], Rect | None]  # the part, from the spots and the language


@dataclass(frozen=True)
class Label:
    """A label: its words (a catalog key) and how to find the part it names."""

    words: str
    find: Finder


@dataclass(frozen=True)
class Guide:
    """What a game's How to play picture shows: a seeded game between AI players,
    played until ``ready`` says the spectator view shows what the labels name."""

    players: int
    seed: int
    ready: Callable[[Any], bool]
    labels: Callable[[Any], list[Label]]  # given the spectator view
    options: dict[str, Any] | None = None


MAX_STEPS = 2_000


# -- the words a picture wrote --------------------------------------------------------------

_recording = threading.local()
_patch = threading.Lock()
_TEXT = ImageDraw.ImageDraw.text
_TEXT_ARGUMENTS = inspect.signature(_TEXT)


def _recorded_text(draw: ImageDraw.ImageDraw, *args: Any, **kwargs: Any) -> None:
    """``ImageDraw.text`` that also notes the words and their box for the thread recording."""
    _TEXT(draw, *args, **kwargs)
    spots: list[Spot] | None = getattr(_recording, "spots", None)
    if spots is None:
        return
    given = _TEXT_ARGUMENTS.bind(draw, *args, **kwargs).arguments
    text = str(given["text"])
    box = draw.textbbox(given["xy"], text, font=given.get("font"), anchor=given.get("anchor"))
    spots.append(Spot(text, (float(box[0]), float(box[1]), float(box[2]), float(box[3]))))


@contextmanager
def drawn_words() -> Iterator[list[Spot]]:
    """Every text drawn by this thread inside the block, with its box. Pillow has no
    hook for it, so ``ImageDraw.text`` is wrapped while the block runs; another
    thread drawing meanwhile (a board being published) is not recorded. Drawings
    kept by :func:`cogs.kit.pictures.picture_cache` are drawn afresh meanwhile (as while
    measuring), or a board drawn before would leave no words to find."""
    spots: list[Spot] = []
    with _patch, measuring():
        ImageDraw.ImageDraw.text = _recorded_text  # type: ignore[method-assign,assignment]
        _recording.spots = spots
        try:
            yield spots
        finally:
            _recording.spots = None
            ImageDraw.ImageDraw.text = _TEXT  # type: ignore[method-assign]


# -- finding a part ---------------------------------------------------------------------


def template(key: str, language: str, **fixed: object) -> re.Pattern[str]:
    """Catalog message ``key`` (any of its plural forms) as a pattern: the parameters
    given in ``fixed`` as they are, any other as any words (a seat drawn as "P1"
    today may be drawn by its name tomorrow)."""
    forms = plural_forms(language).get(key)
    texts = list(forms.values()) if forms else [catalog(language).get(key) or catalog("en")[key]]
    patterns = []
    for text in texts:
        pattern = ""
        for literal_text, name, _, _ in string.Formatter().parse(text):
            pattern += re.escape(literal_text)
            if name is not None:
                pattern += re.escape(str(fixed[name])) if name in fixed else ".+?"
        patterns.append(f"(?:{pattern})")
    return re.compile("|".join(patterns))


def _nth(spots: list[Spot], test: Callable[[str], bool], nth: int) -> Spot | None:
    found = [spot for spot in spots if test(spot.text)]
    return found[nth] if len(found) > nth else None


def words(key: str, *, nth: int = 0, grow: float = 0, **fixed: object) -> Finder:
    """The part where the picture wrote catalog message ``key`` (its ``nth`` time),
    ``grow`` px more all round (the badge or disc the words are written on)."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        pattern = template(key, language, **fixed)
        spot = _nth(spots, lambda text: pattern.fullmatch(text) is not None, nth)
        return None if spot is None else grown(spot.box, grow)

    return find


def literal(text: Callable[[str], str], *, nth: int = 0) -> Finder:
    """The part where the picture wrote ``text(language)``: a name, on one line or
    wrapped over several (drawn one after another), all its lines."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        wanted = text(language)
        found: list[Rect] = []
        for index, spot in enumerate(spots):
            drawn, boxes = spot.text, [spot.box]
            for following in spots[index + 1 :]:
                if not wanted.startswith(drawn + " "):
                    break
                drawn, boxes = f"{drawn} {following.text}", [*boxes, following.box]
            if drawn == wanted:
                found.append(union(boxes))
        return found[nth] if len(found) > nth else None

    return find


def spanning(*finders: Finder) -> Finder:
    """The part that spans what all of ``finders`` find (a heading and the words after it)."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        parts = [f(spots, language) for f in finders]
        return union([p for p in parts if p is not None]) if all(parts) else None

    return find


def union(boxes: list[Rect]) -> Rect:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def either(*finders: Finder) -> Finder:
    """The part the first of ``finders`` finds."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        return next((part for f in finders if (part := f(spots, language)) is not None), None)

    return find


# -- drawing --------------------------------------------------------------------------------


def guide_of(game_id: str) -> Guide | None:
    """The game's :class:`Guide`, from its face's ``guide`` module, if it has one."""
    name = face(game_id)
    module = f"{name}.guide" if name is not None else None
    if module is None or importlib.util.find_spec(module) is None:
        return None
    guide = getattr(importlib.import_module(module), "GUIDE", None)
    return guide if isinstance(guide, Guide) else None


def presenter_of(game_id: str) -> Presenter | None:
    """The game's presenter: registered by its cog, or (outside the bot: the preview,
    the tests) its face's ``PRESENTER``, as the cog registers it."""
    name = face(game_id)
    if game_id in PRESENTERS or name is None:
        return PRESENTERS.get(game_id)
    presenter = getattr(importlib.import_module(name), "PRESENTER", None)
    return presenter if isinstance(presenter, Presenter) else None


@cache
def sample(game_id: str) -> GameState:
    """The position the picture shows: the seeded game between AI players, played
    until the guide's ``ready`` holds (the picture is drawn from a real game)."""
    guide = guide_of(game_id)
    assert guide is not None, game_id
    game: Game[Any, Any] = GAMES[game_id]
    state: GameState = game.new_game(guide.players, guide.seed, guide.options)
    bots = [game.ai(seat) for seat in range(guide.players)]
    for _ in range(MAX_STEPS):
        decision = game.decision(state)
        if guide.ready(game.view(state, None)) or decision is None:
            break
        seat = decision.actors[0]
        state, _ = game.play(state, seat, bots[seat].act(game.view(state, seat), decision))
    return state


@picture_cache(maxsize=16)
def labelled(game_id: str, language: str) -> Labelled | None:
    """The game's How to play picture in ``language`` (None: the game has no guide or
    no board picture). Drawn off the event loop; kept, as every member sees the same."""
    guide = guide_of(game_id)
    presenter = presenter_of(game_id)
    if guide is None or presenter is None:
        return None
    view: BaseModel = GAMES[game_id].view(sample(game_id), None)
    with drawn_words() as spots:
        board = presenter.board_image(view, language)
    if board is None:
        return None
    found: list[tuple[str, Rect]] = []
    missing: list[str] = []
    for label in guide.labels(view):
        part = label.find(spots, language)
        if part is None:
            missing.append(label.words)
        else:
            found.append((t(label.words, language), part))
    found.sort(key=lambda label: (round(label[1][1] / 40), label[1][0]))  # in reading order
    picture = Image.open(io.BytesIO(board)).convert("RGB")
    image, marks = marked(picture, found, [s.box for s in spots])
    return Labelled(png(image), image.width, picture.height, marks, tuple(missing))


@dataclass(frozen=True)
class Labelled:
    """The labelled picture, and what a test checks of it."""

    png: bytes
    width: int
    board_height: int  # the board picture's; the key is below it
    marks: tuple[Mark, ...]
    missing: tuple[str, ...]  # the labels whose part was not found
