"""The computer player of spec §10.

Everything here reads only the seat's own :class:`TalismaniView` (plus the
public card data), never the state: the AI cannot peek at other hands or at
other seats' secret choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Decision
from games.talismani import defaults, plays
from games.talismani.actions import (
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    TalismaniAction,
    Weather,
)
from games.talismani.data import FIRST_TALISMAN, deck, is_fairy, is_joker, kind_of, suit_of, value_of
from games.talismani.state import Choice
from games.talismani.views import TalismaniView


def seen_cards(view: TalismaniView) -> set[str]:
    """Every card this seat knows the place of: its hand and all public zones."""
    seen = set(defaults.own_hand(view)) | set(view.pool) | set(view.discard)
    if view.stake is not None:
        seen.add(view.stake)
    for seat in view.seats:
        seen |= set(seat.won)
        for talisman in [*seat.forged, *seat.pending]:
            seen |= set(talisman.cards)
    return seen


def combinations_in(hand: Sequence[str]) -> list[list[str]]:
    """The forging combinations the hand can play (TT-9.1)."""
    out = []
    for cards in plays.card_plays(hand):
        play = plays.reveal_play(0, Choice(cards=cards))
        if play.combination:
            out.append(cards)
    return out


def suit_worth(view: TalismaniView, suit: str) -> int:
    """How much a suit becoming dominant helps this seat: pending talismans weigh most."""
    me = view.seats[view.seat or 0]
    pending = sum(1 for t in me.pending if t.suit == suit)
    held = sum(value_of(c) for c in defaults.own_hand(view) if is_fairy(c) and suit_of(c) == suit)
    return 20 * pending + held


def is_leading(view: TalismaniView) -> bool:
    mine = view.seats[view.seat or 0].score_halves
    return all(s.score_halves <= mine for s in view.seats)


class TalismaniAI:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: TalismaniView, decision: Decision) -> TalismaniAction:
        if view.seat != self.seat:
            raise ValueError("the AI is given its own seat's view only")
        phase = view.phase
        if phase == "play":
            return self.play(view)
        if phase == "set_aside":
            return SetAside(yes=True)  # §10.2: always set aside
        if phase == "stake":
            return ChooseStake(card=self.stake(view))
        if phase == "share":
            return Pick(card=self.pick(view))
        if phase == "change_order":
            return self.change_order(view)
        if phase == "change_weather":
            return ChangeWeather(rotate=self.rotate_helps(view))
        return Weather(rotate=self.rotate_helps(view))

    # -- §10.1-5, 7: the play ------------------------------------------------------
    def play(self, view: TalismaniView) -> TalismaniAction:
        hand = defaults.own_hand(view)
        row = view.row
        me = view.seats[self.seat]
        if me.forge_ready:
            return Forge()  # §10.1
        combos = combinations_in(hand)
        dominant = [c for c in combos if self._suit(c) == row[0]]
        if dominant:  # §10.2: it wins the stake or is forged at once
            return PlayCards(cards=dominant[0])
        special = self.useful_special(view)
        if special is not None:  # §10.5
            return PlayCards(cards=[special])
        big_stake = view.stake == FIRST_TALISMAN
        if big_stake or len(hand) >= 8:  # §10.3: win cheaply
            card = self.cheap_winner(view)
            if card is not None:
                return PlayCards(cards=[card])
        if not big_stake:  # §10.4: park a combination of a suit likely to dominate soon
            parked = [c for c in combos if self._suit(c) in row[1:3]]
            if parked:
                return PlayCards(cards=parked[0])
        if is_leading(view) and len(hand) <= 6:  # §10.7: leading, empty the hand faster
            pairs = [c for c in plays.card_plays(hand) if len(c) == 2 and all(is_fairy(x) for x in c)]
            if pairs:
                return PlayCards(cards=min(pairs, key=lambda c: sum(value_of(x) for x in c)))
        return defaults.default_play(view)

    @staticmethod
    def _suit(cards: Sequence[str]) -> str:
        return next(suit_of(c) for c in cards if is_fairy(c))

    def cheap_winner(self, view: TalismaniView) -> str | None:
        """§10.3: the lowest dominant card above every unseen dominant card."""
        dominant = view.row[0]
        unseen = set(deck(view.players)) - seen_cards(view)
        threat = max((value_of(c) for c in unseen if is_fairy(c) and suit_of(c) == dominant), default=-1)
        mine = sorted(
            (c for c in defaults.own_hand(view) if is_fairy(c) and suit_of(c) == dominant), key=value_of
        )
        return next((c for c in mine if value_of(c) > threat), None)

    def useful_special(self, view: TalismaniView) -> str | None:
        """§10.5: a weather special that brings the seat's best suit forward."""
        hand = defaults.own_hand(view)
        row = view.row
        best = max(row, key=lambda s: suit_worth(view, s))
        if best == row[0] or suit_worth(view, best) < 20:
            return None  # only for pending talismans: cards are worth more as plays
        for card in sorted(c for c in hand if not is_fairy(c) and not is_joker(c)):
            kind = kind_of(card)
            if kind == "change_weather" and row[1] == best:
                return card
            if kind == "reverse_order" and row[-1] == best:
                return card
            if kind == "change_order" and row.index(best) > 1:
                return card
        return None

    # -- §10.5: weather decisions -----------------------------------------------------
    def rotate_helps(self, view: TalismaniView) -> bool:
        return suit_worth(view, view.row[1]) > suit_worth(view, view.row[0])

    def change_order(self, view: TalismaniView) -> ChangeOrder:
        """Bring the most useful non-dominant suit to position 2 (or put it back)."""
        best = max(view.row[1:], key=lambda s: suit_worth(view, s))
        return ChangeOrder(suit=best, position=2)

    # -- §10.6: stake and sharing -----------------------------------------------------------
    def stake(self, view: TalismaniView) -> str:
        """Out of circulation: the Joker, then the highest card of the dominant or second suit."""
        pool = view.pool
        jokers = sorted(c for c in pool if is_joker(c))
        if jokers:
            return jokers[0]
        top = [c for c in pool if is_fairy(c) and suit_of(c) in view.row[:2]]
        if top:
            return max(top, key=lambda c: (value_of(c), -view.row.index(suit_of(c))))
        return defaults.preferred_card(pool, view.row)

    def pick(self, view: TalismaniView) -> str:
        """The Joker, then a card completing a consecutive pair, then high dominant cards."""
        pool = view.pool
        jokers = sorted(c for c in pool if is_joker(c))
        if jokers:
            return jokers[0]
        hand = set(defaults.own_hand(view))
        completing = [
            c for c in pool if is_fairy(c) and any(f"{suit_of(c)}-{value_of(c) + d}" in hand for d in (-1, 1))
        ]
        if completing:
            return min(completing, key=lambda c: view.row.index(suit_of(c)))
        fairies = [c for c in pool if is_fairy(c)]
        if fairies:
            return min(fairies, key=lambda c: (view.row.index(suit_of(c)), -value_of(c)))
        return defaults.preferred_card(pool, view.row)
