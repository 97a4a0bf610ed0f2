"""The picture of the Talismani table (cogs/talismani/picture.py).

* a PNG of a sensible size for every player count (2 to 10), at many points of AI games,
  with nothing drawn past the right margin;
* readable on a phone (every text through cogs.kit.pictures.font, the smallest >= width / 40);
* localised: the Italian picture is not the English one;
* its key changes exactly when the picture does;
* no hidden information: it is drawn from the spectator view alone, so reshuffling what
  no one may see (the hands' cards, the secret plays not yet revealed, the secret
  set-aside answers) never changes a byte of it.
"""

from __future__ import annotations

import inspect
import io
import random
from functools import cache

import pytest
from hypothesis import settings
from PIL import Image

from bot.i18n import LANGUAGES
from cogs.kit.pictures import measuring, min_text_size
from cogs.talismani import PRESENTER
from cogs.talismani.picture import BACKGROUND, MARGIN, NAMED_ROW, WIDTH
from games.registry import GAMES
from games.talismani import Choice, TalismaniState, TalismaniView
from games.talismani.plays import card_plays
from tests.positions import random_positions
from tests.talismani.talismani_helpers import conserved

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

GAME = GAMES["talismani"]
PLAYERS = range(GAME.min_players, GAME.max_players + 1)


def step(state: TalismaniState) -> TalismaniState | None:
    """One AI move (the first seat asked), or None once the game is over."""
    decision = GAME.decision(state)
    if decision is None:
        return None
    seat = decision.actors[0]
    state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    return state


@cache
def ai_game(players: int, seed: int) -> tuple[TalismaniState, ...]:
    """Every state of one AI game, from the deal to the end."""
    states = [GAME.new_game(players, seed, {})]
    while (after := step(states[-1])) is not None:
        states.append(after)
    return tuple(states)


def points(states: tuple[TalismaniState, ...]) -> list[TalismaniState]:
    """The deal, the first state of every phase, the first reveal's next turn (secret plays
    under way beside a revealed turn), mid-game and the end."""
    chosen: dict[str, TalismaniState] = {"deal": states[0]}
    for state in states[1:]:
        chosen.setdefault(state.phase, state)
        if state.phase == "play" and state.reveal_turn is not None and any(state.choices):
            chosen.setdefault("play after a reveal", state)
        if state.void:
            chosen.setdefault("void", state)
    chosen["mid"] = states[len(states) // 2]
    chosen["end"] = states[-1]
    return list(chosen.values())


def draw(view: TalismaniView, language: str) -> tuple[bytes, list[int]]:
    with measuring() as sizes:
        png = PRESENTER.board_image(view, language)
    assert png is not None
    return png, sizes


@pytest.mark.parametrize("players", PLAYERS)
def test_a_readable_localised_png_for_every_player_count(players: int) -> None:
    drawn: list[tuple[str, bytes]] = []
    for state in points(ai_game(players, players)):
        view = GAME.view(state, None)
        pngs = {}
        for language in LANGUAGES:
            png, sizes = draw(view, language)
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG"
            width, height = image.size
            # Wide rather than tall even with 10 seats (Discord's 400 x 300 box), and
            # tall enough for the row and a seat.
            assert width == WIDTH and 300 <= height <= 0.75 * width, (players, state.phase, image.size)
            assert sizes, "text must be drawn with cogs.kit.pictures.font"
            assert min(sizes) >= min_text_size(width), (players, state.phase, language, min(sizes))
            # Nothing runs past the right margin (a long Italian word, a wide card).
            edge = image.convert("RGB").crop((WIDTH - MARGIN + 10, 0, WIDTH, height))
            assert edge.getcolors() == [(edge.width * height, BACKGROUND)], (players, state.phase, language)
            pngs[language] = png
        assert pngs["en"] != pngs["it"], (
            f"{players} players, {state.phase}: the Italian picture is the English one"
        )
        drawn.append((PRESENTER.board_image_key(view), pngs["en"]))
    # The key changes exactly when the picture does: it is what the picture is drawn from.
    keys, pictures = {key for key, _ in drawn}, {png for _, png in drawn}
    assert len(set(drawn)) == len(keys) == len(pictures) > 4


def test_the_picture_shows_more_rows_for_more_players() -> None:
    heights = [
        Image.open(io.BytesIO(draw(GAME.view(ai_game(n, n)[0], None), "en")[0])).size[1] for n in PLAYERS
    ]
    # Past NAMED_ROW seats the weather cards lose their names, so the rows grow
    # on each side of it.
    few = [h for n, h in zip(PLAYERS, heights, strict=True) if n <= NAMED_ROW]
    many = [h for n, h in zip(PLAYERS, heights, strict=True) if n > NAMED_ROW]
    assert few == sorted(few) and many == sorted(many) and few[0] < few[-1] and many[0] < many[-1]


# -- no hidden information --------------------------------------------------------------


def reshuffled(state: TalismaniState, rng: random.Random) -> TalismaniState:
    """The same table with what no one may see dealt again, consistently: the cards in hand
    go round the seats anew (each keeps its hand size), every secret play not yet revealed
    is drawn anew from its seat's new hand (or is a forge, when the seat may forge), and
    the set-aside answers given so far are drawn anew. Everything public stays put."""
    other = state.model_copy(deep=True)
    sizes = [len(hand) for hand in state.hands]
    cards = [card for hand in state.hands for card in hand]
    rng.shuffle(cards)
    if cards == [card for hand in state.hands for card in hand]:
        cards = cards[1:] + cards[:1]  # never the same deal: the test would prove nothing
    start = 0
    for seat, size in enumerate(sizes):
        other.hands[seat] = cards[start : start + size]
        start += size
    for seat, choice in enumerate(state.choices):
        if choice is None:
            continue
        options = [Choice(cards=play) for play in card_plays(other.hands[seat])]
        if other.forge_ready(seat):
            options.append(Choice(forge=True))
        other.choices[seat] = rng.choice(options)
    if state.phase == "set_aside":
        other.aside_answers = {seat: rng.random() < 0.5 for seat in state.aside_answers}
    assert conserved(other)
    return other


def check_same_picture(state: TalismaniState, rng: random.Random, language: str) -> None:
    other = reshuffled(state, rng)
    if sum(len(hand) for hand in state.hands) > 1:
        assert other.hands != state.hands  # the hidden part did change
    before, after = GAME.view(state, None), GAME.view(other, None)
    assert PRESENTER.board_image_key(before) == PRESENTER.board_image_key(after)
    assert PRESENTER.board_image(before, language) == PRESENTER.board_image(after, language)


@settings(max_examples=30, deadline=None, derandomize=True)
@random_positions(GAME, moves=400)
def test_what_no_one_may_see_never_changes_the_picture(
    players: int, seed: int, moves: int, shuffle: int, language: str
) -> None:
    state = GAME.new_game(players, seed, {})
    for _ in range(moves):
        after = step(state)
        if after is None:
            break
        state = after
    check_same_picture(state, random.Random(shuffle), language)


@pytest.mark.parametrize("players", [3, 10])
def test_secret_plays_under_way_do_not_show(players: int) -> None:
    """Mid-turn, with some seats' secret plays made and others not: only "has chosen" shows."""
    states = ai_game(players, 7)
    under_way = [s for s in states if s.phase == "play" and s.reveal_turn is not None and any(s.choices)]
    assert under_way
    rng = random.Random(players)
    for state in under_way[:: max(1, len(under_way) // 4)]:
        check_same_picture(state, rng, "it")


def test_the_picture_is_drawn_from_the_view_alone() -> None:
    """The hook gets the view and the language, and besides only what the channel sees
    anyway (the players' names, the outcome at the end); a view rebuilt from its JSON, tied
    to no state at all, draws the same picture."""
    parameters = inspect.signature(PRESENTER.board_image).parameters
    assert list(parameters) == ["view", "language", "names", "outcome"]
    assert parameters["names"].kind is parameters["outcome"].kind is inspect.Parameter.KEYWORD_ONLY
    assert list(inspect.signature(PRESENTER.board_image_key).parameters) == ["view"]
    states = ai_game(6, 3)
    view = GAME.view(states[len(states) // 2], None)
    assert view.hand is None and view.my_choice is None  # the spectator's view
    rebuilt = TalismaniView.model_validate_json(view.model_dump_json())
    assert PRESENTER.board_image(rebuilt, "en") == PRESENTER.board_image(view, "en")
