"""The private panel's picture of a member's hand (cogs/talismani/hand_picture.py).

* a PNG for a seat with cards, readable on a phone, in English and Italian;
* what may be played now is marked: every card before a pick, the cards that may join
  a picked one after it; the secret play made stays marked until the reveal;
* drawn from the seat's own view: other seats' hands and secret plays never change a
  byte of it;
* no picture for an empty hand; random positions never crash.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import settings
from PIL import Image

from bot.i18n import LANGUAGES
from cogs.kit.pictures import measuring, min_text_size
from cogs.kit.presenter import PanelContext
from cogs.panel import panel_context
from cogs.talismani import PRESENTER
from cogs.talismani.hand_picture import WIDTH, hand_of
from games.registry import GAMES
from games.talismani import Choice, TalismaniState
from games.talismani.data import is_fairy, suit_of
from games.talismani.plays import card_plays
from tests.positions import random_positions
from tests.talismani.talismani_helpers import conserved
from tests.talismani.test_presentation import table

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

GAME = GAMES["talismani"]


def context(
    state: TalismaniState, seat: int, draft: dict[str, Any] | None = None, language: str = "en"
) -> PanelContext:
    """The seat's panel context, as cogs.panel draws it."""
    return panel_context(GAME, state, 1, 1, table(language), seat, draft, language)


def picture(state: TalismaniState, seat: int, draft: dict[str, Any] | None = None) -> bytes:
    png = PRESENTER.panel_image(context(state, seat, draft))
    assert png is not None
    return png


def test_a_readable_picture_of_the_hand_in_both_languages() -> None:
    for players in (3, 10):  # the biggest hands, and the smallest
        state = GAME.new_game(players, players, {})
        pngs = set()
        for language in LANGUAGES:
            with measuring() as sizes:
                png = PRESENTER.panel_image(context(state, 0, language=language))
            assert png is not None
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG" and image.size[0] == WIDTH and image.size[1] < 300, image.size
            assert sizes and min(sizes) >= min_text_size(WIDTH), (language, min(sizes))
            pngs.add(png)
        assert len(pngs) == len(LANGUAGES)


def test_a_pick_marks_the_cards_that_may_join_it() -> None:
    state = GAME.new_game(4, 5, {})
    hand = sorted(state.hands[0])
    before = hand_of(context(state, 0))
    assert before is not None and set(before.marks) == {"playable"}  # any card alone
    fairy = next(c for c in hand if is_fairy(c))
    picked = hand_of(context(state, 0, {"cards": [fairy]}))
    assert picked is not None
    marks = dict(zip(picked.cards, picked.marks, strict=True))
    partners = {c for play in card_plays(hand) if len(play) == 2 and fairy in play for c in play} - {fairy}
    assert marks[fairy] == "selected"
    assert {c for c, m in marks.items() if m == "playable"} == partners
    assert all(suit_of(c) == suit_of(fairy) for c in partners if is_fairy(c))
    assert {m for c, m in marks.items() if c not in partners | {fairy}} == {"dimmed"}
    assert len({picture(state, 0), picture(state, 0, {"cards": [fairy]})}) == 2


def test_the_secret_play_stays_marked_until_the_reveal() -> None:
    state = GAME.new_game(4, 5, {})
    waiting = hand_of(context(state, 1))
    assert waiting is not None and set(waiting.marks) == {"playable"}
    decision = GAME.decision(state)
    assert decision is not None
    action = GAME.ai(0).act(GAME.view(state, 0), decision)
    after, _ = GAME.play(state, 0, action)
    chosen = hand_of(context(after, 0))
    assert chosen is not None
    cards = after.choices[0].cards if after.choices[0] is not None else []
    assert {c for c, m in zip(chosen.cards, chosen.marks, strict=True) if m == "selected"} == set(cards)
    assert {m for m in chosen.marks} <= {"selected", "plain"}


def test_no_picture_without_cards() -> None:
    state = GAME.new_game(4, 5, {})
    ctx = context(state, 0)
    ctx.view = ctx.view.model_copy(update={"hand": []})
    assert PRESENTER.panel_image(ctx) is None


# -- random positions, and what the seat may not see ----------------------------------


def advanced(players: int, seed: int, moves: int) -> TalismaniState:
    state = GAME.new_game(players, seed, {})
    for _ in range(moves):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    return state


def others_redealt(state: TalismaniState, seat: int, rng: random.Random) -> TalismaniState:
    """The same table for ``seat``: the other seats' hands dealt anew among themselves (each
    keeps its size), their secret plays and set-aside answers drawn anew."""
    other = state.model_copy(deep=True)
    seats = [s for s in range(state.players) if s != seat]
    cards = [c for s in seats for c in state.hands[s]]
    rng.shuffle(cards)
    for s in seats:
        other.hands[s], cards = cards[: len(state.hands[s])], cards[len(state.hands[s]) :]
        if state.choices[s] is not None:
            options = [Choice(cards=play) for play in card_plays(other.hands[s])]
            if other.forge_ready(s):
                options.append(Choice(forge=True))
            other.choices[s] = rng.choice(options)
    if state.phase == "set_aside":
        other.aside_answers = {
            s: (answer if s == seat else rng.random() < 0.5) for s, answer in state.aside_answers.items()
        }
    assert conserved(other)
    return other


@settings(max_examples=25, deadline=None, derandomize=True)
@random_positions(GAME, moves=300)
def test_random_positions_and_what_the_seat_may_not_see(
    players: int, seed: int, moves: int, shuffle: int, language: str
) -> None:
    state = advanced(players, seed, moves)
    rng = random.Random(shuffle)
    for seat in range(players):
        other = others_redealt(state, seat, rng)
        hand = state.hands[seat]
        picks = [None, {"cards": rng.sample(hand, min(len(hand), rng.randint(1, 2)))}, {"cards": ["nothing"]}]
        for draft in picks:
            png = PRESENTER.panel_image(context(state, seat, draft, language))
            assert (png is None) == (not hand)
            assert PRESENTER.panel_image(context(other, seat, draft, language)) == png
