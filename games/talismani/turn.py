"""The turn machine (TT-4.1): reveal, distribution, Change-weather phase, end of turn.

Each function moves the state forward until the next decision a player must
make; decisions with a single possible answer (a one-card pool, a lone
sharer) are applied at once, as a player at the table would.
"""

from __future__ import annotations

from games.core import Event
from games.core.events import private, public
from games.talismani import plays
from games.talismani.data import kind_of, number_of
from games.talismani.state import Choice, SpecialStep, Talisman, TalismaniState

# -- phase 1: secret plays (TT-5) ----------------------------------------------------


def submit(state: TalismaniState, seat: int, choice: Choice, events: list[Event]) -> None:
    """Record a secret choice (TT-5.4); reveal when it is the last one."""
    state.choices[seat] = choice
    if choice.forge:
        events.append(private(seat, "talismani.event.you_forge", seat=seat))
    else:
        events.append(private(seat, "talismani.event.you_played", seat=seat, cards_list=list(choice.cards)))
    # Public: only that the seat has chosen, never what (R35).
    events.append(public("talismani.event.chosen", seat=seat))
    if all(c is not None for c in state.choices):
        reveal(state, events)


# -- phase 2: reveal and winner (TT-6, TT-7) -------------------------------------------


def reveal(state: TalismaniState, events: list[Event]) -> None:
    revealed = []
    for seat, choice in enumerate(state.choices):
        assert choice is not None
        play = plays.reveal_play(seat, choice)
        for card in play.cards:
            state.hands[seat].remove(card)  # TT-5.4: cards leave the hand at the reveal
        revealed.append(play)
    state.choices = [None] * state.players
    state.winner = plays.rank(revealed, state.row, state.players)
    state.plays = revealed
    state.reveal_turn = state.turn
    state.void = state.winner is None
    state.forgers = [p.seat for p in revealed if p.kind == "forge"]
    events.append(
        public(
            "talismani.event.reveal",
            turn=state.turn,
            plays=[{"seat": p.seat, "cards": list(p.cards)} for p in sorted(revealed, key=lambda p: p.seat)],
        )
    )
    for play in revealed:
        if play.kind == "forge":
            events.append(public("talismani.event.revealed_forge", seat=play.seat, rank=play.rank))
        else:
            events.append(
                public(
                    "talismani.event.revealed_play",
                    seat=play.seat,
                    cards_list=list(play.cards),
                    rank=play.rank,
                )
            )
    played = [card for p in revealed for card in p.cards]
    if state.winner is None:
        # TT-7: everything played is discarded; only (f) players still forge (R12).
        state.discard.extend(played)
        events.append(public("talismani.event.void_turn", cards_list=played, card=state.stake))
        forge_pending(state, events)
        end_turn(state, events)
        return
    events.append(public("talismani.event.turn_winner", seat=state.winner, card=state.stake))
    state.pool = played
    # TT-8.1: non-winning forging combinations decide, simultaneously, whether to set aside.
    state.aside_seats = sorted(p.seat for p in revealed if p.combination and p.seat != state.winner)
    state.aside_answers = {}
    state.aside_now = {}
    if state.aside_seats:
        state.phase = "set_aside"
        return
    after_set_aside(state, events)


# -- phase 3: distribution (TT-8) ------------------------------------------------------


def answer_set_aside(state: TalismaniState, seat: int, yes: bool, events: list[Event]) -> None:
    state.aside_answers[seat] = yes
    events.append(public("talismani.event.aside_decided", seat=seat))
    if len(state.aside_answers) < len(state.aside_seats):
        return
    for play in state.plays:
        if play.seat not in state.aside_seats:
            continue
        if state.aside_answers[play.seat]:
            # R14: set-aside cards leave the pool at once.
            for card in play.cards:
                state.pool.remove(card)
            assert play.suit is not None
            state.aside_now[play.seat] = Talisman(suit=play.suit, cards=list(play.cards))
            events.append(public("talismani.event.set_aside", seat=play.seat, cards_list=list(play.cards)))
        else:
            events.append(public("talismani.event.kept_in_pool", seat=play.seat, cards_list=list(play.cards)))
    after_set_aside(state, events)


def after_set_aside(state: TalismaniState, events: list[Event]) -> None:
    """TT-8.2 the winner takes the stake; TT-8.3 the chooser is named."""
    winner = state.winner
    assert winner is not None and state.stake is not None
    state.won[winner].append(state.stake)
    events.append(public("talismani.event.stake_won", seat=winner, card=state.stake))
    state.stake = None
    choose_stake_cards = sorted(
        (p for p in state.plays if p.kind == "special" and kind_of(p.cards[0]) == "choose_stake"),
        key=lambda p: number_of(p.cards[0]),
    )
    state.chooser = choose_stake_cards[0].seat if choose_stake_cards else winner
    for cancelled in choose_stake_cards[1:]:
        # R23: only the lower-numbered Choose stake acts.
        events.append(
            public("talismani.event.special_cancelled", seat=cancelled.seat, card=cancelled.cards[0])
        )
    state.phase = "stake"
    if len(state.pool) == 1:
        take_stake(state, state.pool[0], events)


def take_stake(state: TalismaniState, card: str, events: list[Event]) -> None:
    """TT-8.3 then TT-8.4 forging, then TT-8.5 specials."""
    chooser = state.chooser
    assert chooser is not None
    state.pool.remove(card)
    state.stake = card
    events.append(public("talismani.event.new_stake", seat=chooser, card=card))
    state.chooser = None
    forge_pending(state, events)
    forge_set_aside(state, events)
    queue_specials(state, events)
    next_special(state, events)


def forge_pending(state: TalismaniState, events: list[Event]) -> None:
    """TT-8.4 a / TT-9.6: each (f) player forges all his pending talismans of the dominant suit."""
    dominant = state.turn_row[0]
    for seat in state.forgers:
        ready = [t for t in state.pending[seat] if t.suit == dominant]
        state.pending[seat] = [t for t in state.pending[seat] if t.suit != dominant]
        for talisman in ready:
            state.forged[seat].append(talisman)
            events.append(
                public(
                    "talismani.event.forged", seat=seat, suit=talisman.suit, cards_list=list(talisman.cards)
                )
            )


def forge_set_aside(state: TalismaniState, events: list[Event]) -> None:
    """TT-8.4 b / R16: forged at once if dominant (the row of the reveal), else pending."""
    dominant = state.row[0]
    for seat in sorted(state.aside_now):
        talisman = state.aside_now[seat]
        cards = list(talisman.cards)
        if talisman.suit == dominant:
            state.forged[seat].append(talisman.model_copy(deep=True))
            events.append(public("talismani.event.forged", seat=seat, suit=talisman.suit, cards_list=cards))
        else:
            state.pending[seat].append(talisman.model_copy(deep=True))
            events.append(
                public("talismani.event.now_pending", seat=seat, suit=talisman.suit, cards_list=cards)
            )


def queue_specials(state: TalismaniState, events: list[Event]) -> None:
    """TT-8.5 / TT-10.1: RO, CO, CW in number order; R24: only the first CW acts."""
    steps = sorted(
        (SpecialStep(card=p.cards[0], seat=p.seat) for p in state.plays if p.kind == "special"),
        key=lambda step: number_of(step.card),
    )
    queue: list[SpecialStep] = []
    weather_seen = False
    for step in steps:
        kind = kind_of(step.card)
        if kind == "choose_stake":
            continue  # acted at TT-8.3
        if kind == "change_weather":
            if weather_seen:
                events.append(public("talismani.event.special_cancelled", seat=step.seat, card=step.card))
                continue
            weather_seen = True
        queue.append(step)
    state.specials = queue


def next_special(state: TalismaniState, events: list[Event]) -> None:
    """Resolve Reverse order at once; stop at a Change order or Change weather for its player."""
    while state.specials:
        step = state.specials[0]
        kind = kind_of(step.card)
        if kind == "reverse_order":
            state.specials.pop(0)
            state.row.reverse()  # TT-10.4: mandatory
            events.append(
                public("talismani.event.reversed", seat=step.seat, card=step.card, suit=state.row[0])
            )
            continue
        state.phase = "change_order" if kind == "change_order" else "change_weather"
        return
    start_sharing(state, events)


def change_order(state: TalismaniState, suit: str, position: int, events: list[Event]) -> None:
    """TT-10.5: the chosen weather card goes to ``position`` (2-6); the others shift."""
    step = state.specials.pop(0)
    state.row.remove(suit)
    state.row.insert(position - 1, suit)
    events.append(
        public("talismani.event.order_changed", seat=step.seat, card=step.card, suit=suit, position=position)
    )
    next_special(state, events)


def change_weather(state: TalismaniState, rotate: bool, events: list[Event]) -> None:
    """TT-10.6: the Change-weather phase played by the card's player; the winner skips phase 4."""
    step = state.specials.pop(0)
    state.cw_acted = True
    rotate_row(state, step.seat, rotate, events)
    next_special(state, events)


def rotate_row(state: TalismaniState, seat: int, rotate: bool, events: list[Event]) -> None:
    """TT-11.2: keep, or move the dominant suit to the end of the row."""
    if rotate:
        old = state.row.pop(0)
        state.row.append(old)
        events.append(public("talismani.event.rotated", seat=seat, old_suit=old, suit=state.row[0]))
    else:
        events.append(public("talismani.event.kept_weather", seat=seat, suit=state.row[0]))


def start_sharing(state: TalismaniState, events: list[Event]) -> None:
    """TT-8.6: sharers are the card players minus the winner and this turn's set-aside players."""
    excluded = {state.winner, *state.aside_now}
    sharers = [p for p in state.plays if p.kind != "forge" and p.seat not in excluded]
    sharers.sort(key=lambda p: p.share_rank if p.share_rank is not None else 0)
    state.sharing_order = [p.seat for p in sharers]
    state.picks = 0
    if state.pool and not state.sharing_order:
        # R29: nobody may take the cards left: they are discarded.
        events.append(public("talismani.event.pool_discarded", cards_list=list(state.pool)))
        state.discard.extend(state.pool)
        state.pool = []
    state.phase = "share"
    continue_sharing(state, events)


def give(state: TalismaniState, seat: int, card: str, events: list[Event]) -> None:
    state.pool.remove(card)
    state.hands[seat].append(card)
    state.picks += 1
    events.append(public("talismani.event.picked", seat=seat, card=card))


def continue_sharing(state: TalismaniState, events: list[Event]) -> None:
    """Hand out cards that leave no choice (the last card, a lone sharer), then stop at a pick."""
    while state.pool:
        seat = state.to_pick()
        assert seat is not None
        if len(state.pool) > 1 and len(state.sharing_order) > 1:
            return
        give(state, seat, state.pool[0], events)
    weather_phase(state, events)


def weather_phase(state: TalismaniState, events: list[Event]) -> None:
    """Phase 4 (TT-11): the winner decides unless a Change-weather card acted."""
    if state.cw_acted:
        end_turn(state, events)
        return
    state.phase = "weather"


# -- phase 5: end of turn (TT-12) -------------------------------------------------------


def end_turn(state: TalismaniState, events: list[Event]) -> None:
    empty = [seat for seat, hand in enumerate(state.hands) if not hand]
    if empty:
        game_over(state, empty, events)
        return
    state.turn += 1
    reset_turn(state)
    events.append(
        public("talismani.event.turn_started", turn=state.turn, card=state.stake, suit=state.row[0])
    )


def reset_turn(state: TalismaniState) -> None:
    state.phase = "play"
    state.choices = [None] * state.players
    state.turn_row = list(state.row)
    state.winner = None
    state.aside_seats = []
    state.aside_answers = {}
    state.aside_now = {}
    state.forgers = []
    state.chooser = None
    state.specials = []
    state.cw_acted = False
    state.sharing_order = []
    state.picks = 0


def game_over(state: TalismaniState, empty: list[int], events: list[Event]) -> None:
    """TT-12.2 / TT-12.3: the stake and every pending talisman are discarded."""
    for seat in empty:
        events.append(public("talismani.event.hand_empty", seat=seat))
    if state.stake is not None:
        events.append(public("talismani.event.stake_discarded", card=state.stake))
        state.discard.append(state.stake)
        state.stake = None
    for seat in range(state.players):
        for talisman in state.pending[seat]:
            state.discard.extend(talisman.cards)
            events.append(
                public("talismani.event.pending_discarded", seat=seat, cards_list=list(talisman.cards))
            )
        state.pending[seat] = []
    state.phase = "over"
    state.specials = []
    state.sharing_order = []
