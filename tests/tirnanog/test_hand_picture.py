"""The private panel's picture of a member's hand (cogs/tirnanog/picture.py, draw_panel).

* a PNG for a seat with creatures, readable on a phone, in English and Italian;
* what may be played now is marked: it changes with the playable cards (the territory
  chosen in the panel, acting or waiting);
* drawn from the seat's own view: other seats' hands, the deck's order and the piles
  below their tops never change a byte of it;
* no picture for an empty hand; random positions never crash.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import settings
from PIL import Image

from bot.i18n import LANGUAGES, t
from cogs.kit.pictures import measuring, min_text_size
from cogs.tirnanog import PRESENTER
from cogs.tirnanog.picture import HAND_WIDTH, draw_hand, hand_of
from games.tirnanog import GAME, TirNanOgState
from games.tirnanog.data import TERRITORIES, type_of
from tests.positions import random_positions
from tests.tirnanog.test_presentation import context, rigged
from tests.tirnanog.tirnanog_helpers import conserved

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

FORESTS = [c for c in TERRITORIES if type_of(c) == "forest"][:2]  # elf+2 fairies; dragon+2 fairies


def picture(
    state: TirNanOgState, seat: int, draft: dict[str, Any] | None = None, language: str = "en"
) -> bytes:
    ctx = context(state, seat, draft)
    ctx.language = language
    png = PRESENTER.panel_image(ctx)
    assert png is not None
    return png


def test_a_readable_picture_of_the_hand_in_both_languages() -> None:
    state = rigged("DDEFFFC", FORESTS)
    pngs = set()
    draw_hand.cache_clear()  # a hand drawn before (same worker) would measure no text
    for language in LANGUAGES:
        with measuring() as sizes:
            png = picture(state, state.active, language=language)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size[0] == HAND_WIDTH and image.size[1] < 300
        assert sizes and min(sizes) >= min_text_size(HAND_WIDTH), (language, min(sizes))
        pngs.add(png)
    assert len(pngs) == len(LANGUAGES)


def test_the_playable_cards_are_marked() -> None:
    state = rigged("DDEFFFC", FORESTS)
    seat = state.active
    hand = hand_of(context(state, seat))
    assert hand is not None
    # Either forest takes two fairies and an elf or a dragon: one of each dragon, elf and
    # two of the three fairies may be played; the second dragon, a fairy and the centaur not.
    marks = dict.fromkeys(("playable", "dimmed"), 0) | {m: hand.marks.count(m) for m in set(hand.marks)}
    assert marks == {"playable": 4, "dimmed": 3}
    first, second = (picture(state, seat, {"c": card}) for card in FORESTS)
    assert len({picture(state, seat), first, second}) == 3
    waiting = hand_of(context(state, (seat + 1) % 3))
    assert waiting is not None and set(waiting.marks) == {"plain"}


def test_at_the_hand_limit_every_card_may_be_discarded_as_the_caption_says() -> None:
    """TNO-4.2.3 "Any cards may be discarded": with 4 dragons and 2 to discard, the
    caption says "any 2 of these", so no card is greyed (the 3rd and 4th dragons were)."""
    state = rigged("DDDDEGGF", [])
    state.phase = "hand_limit"
    state.hand_limit_discard = 2
    hand = hand_of(context(state, state.active))
    assert hand is not None and hand.caption == "hand_discard" and hand.count == 2
    assert set(hand.marks) == {"playable"} and len(hand.marks) == 8
    words = {language: t(f"tirnanog.ui.picture.{hand.caption}", language, count=2) for language in LANGUAGES}
    assert words == {"en": "discard 2 cards: any 2 of these", "it": "scarta 2 carte: 2 qualsiasi tra queste"}


def test_a_hand_nothing_can_use_is_dimmed() -> None:
    state = rigged("DDGCC", FORESTS)
    hand = hand_of(context(state, state.active))
    assert hand is not None and set(hand.marks) == {"dimmed"} and hand.caption == "hand_pay_none"


def test_no_picture_without_creatures() -> None:
    state = rigged("", FORESTS)
    assert PRESENTER.panel_image(context(state, state.active)) is None


# -- random positions, and what the seat may not see ----------------------------------


def advanced(players: int, seed: int, moves: int) -> TirNanOgState:
    state = GAME.new_game(players, seed)
    for _ in range(moves):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    return state


def others_redealt(state: TirNanOgState, seat: int, rng: random.Random) -> TirNanOgState:
    """The same table for ``seat``: the other seats' hands and the deck dealt anew from
    their cards (each hand keeps its size), the piles below their tops reshuffled."""
    other = state.model_copy(deep=True)
    seats = [s for s in range(state.players) if s != seat]
    cards = [c for s in seats for c in state.hands[s]] + list(state.deck)
    rng.shuffle(cards)
    for s in seats:
        other.hands[s], cards = cards[: len(state.hands[s])], cards[len(state.hands[s]) :]
    other.deck = cards
    for terrain, pile in other.piles.items():
        below = pile[1:]
        rng.shuffle(below)
        other.piles[terrain] = pile[:1] + below
    assert conserved(other)
    return other


@settings(max_examples=25, deadline=None, derandomize=True)
@random_positions(GAME, moves=150)
def test_random_positions_and_what_the_seat_may_not_see(
    players: int, seed: int, moves: int, shuffle: int, language: str
) -> None:
    state = advanced(players, seed, moves)
    rng = random.Random(shuffle)
    for seat in range(players):
        other = others_redealt(state, seat, rng)
        reserve = state.reserves[seat]
        for draft in (None, {"c": rng.choice(reserve)} if reserve else {"c": "nothing"}):
            ctx = context(state, seat, draft)
            ctx.language = language
            png = PRESENTER.panel_image(ctx)
            assert (png is None) == (not state.hands[seat])
            twin = context(other, seat, draft)
            twin.language = language
            assert PRESENTER.panel_image(twin) == png
