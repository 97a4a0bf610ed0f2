"""The turn machine: everything that happens without a choice (MM-4.1 to MM-4.7).

Each function mutates the state (a private copy inside ``Game.play``) and
appends the events it causes. Control always stops either at a decision where
the actor has a real choice, or at the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Event
from games.core.events import public
from games.magmor import grid
from games.magmor.data import CARDS, GAME_RULES, Row, TerrainCard
from games.magmor.scoring import change_honour
from games.magmor.state import Category, MagmorState


def for_seat(seat: int, key: str, /, **params: Any) -> Event:
    """A private event that may itself carry a ``seat`` parameter (the core's
    ``private(seat, key, **params)`` cannot, its first argument being ``seat``)."""
    return Event(key=key, params=params, seats=[seat])


def active_rows(rows: Sequence[Row], players: int) -> list[Row]:
    """MM-4.3.2: with exactly 3 players the bottom row of each box is ignored (R34)."""
    if players == GAME_RULES.reduced_rows_player_count:
        return list(rows[:-1])
    return list(rows)


def bundle(rows: Sequence[Row]) -> dict[str, int]:
    return {row.res: row.qty for row in rows}


def card_at(state: MagmorState, cell: str) -> TerrainCard:
    return CARDS[state.grid[cell]]


def nonzero(cards: Mapping[str, int]) -> dict[str, int]:
    return {res: count for res, count in cards.items() if count}


# -- phase 1: the choice ------------------------------------------------------


def start_turn(state: MagmorState, events: list[Event]) -> None:
    """Open a new turn for ``state.leader`` from the last crossed cell."""
    state.turn += 1
    state.current = None
    state.explorations = []
    state.taken = {}
    state.shortfall = {}
    state.categories = []
    state.acted = []
    state.magmor_paid = {}
    state.candidates = grid.candidates(state.position)
    events.append(public("magmor.event.turn_started", turn=state.turn, seat=state.leader, day=state.day))
    if state.candidates == [grid.MAGMOR]:
        # MM-4.2.2 / MM-4.7.1: Mag Mor is the only candidate; the party simply moves
        # on, which magmor_reached says (a forced_move line "to F6" would repeat it).
        enter_magmor(state, events)
    elif len(state.candidates) == 1:
        # MM-4.2.3 / R9: one candidate, no exploration, no decision.
        events.append(public("magmor.event.forced_move", seat=state.leader, cell=state.candidates[0]))
        enter_cell(state, state.candidates[0], events)
    else:
        state.phase = "choose"


# -- phase 2: reveal, take, split ---------------------------------------------


def face_bundles(state: MagmorState, cell: str) -> tuple[dict[str, int], dict[str, int]]:
    """The active found and pay rows of the card at ``cell``, as bundles."""
    card = card_at(state, cell)
    return bundle(active_rows(card.found, state.players)), bundle(active_rows(card.pay, state.players))


def reveal_event(state: MagmorState, cell: str) -> Event:
    found, pay = face_bundles(state, cell)
    terrain = card_at(state, cell).terrain
    return public(
        "magmor.event.revealed",
        seat=state.leader,
        cell=cell,
        terrain=terrain,
        found_cards=found,
        pay_cards=pay,
    )


def supply_events(state: MagmorState) -> list[Event]:
    """The public record of what this turn's terrain yielded (MM-4.3.3, R12)."""
    events = []
    if state.shortfall:
        events.append(public("magmor.event.shortfall", seat=state.leader, cards=dict(state.shortfall)))
    if state.taken:
        events.append(public("magmor.event.taken", seat=state.leader, cards=dict(state.taken)))
    return events


def enter_cell(state: MagmorState, cell: str, events: list[Event]) -> None:
    """Reveal ``cell``, take what it yields and open the split (MM-4.3)."""
    card = card_at(state, cell)
    state.path.append(cell)
    state.current = cell
    found = active_rows(card.found, state.players)
    pay = active_rows(card.pay, state.players)
    events.append(reveal_event(state, cell))
    # MM-4.3.3 / R12: take what the pile holds; the shortfall is lost for good.
    taken: dict[str, int] = {}
    shortfall: dict[str, int] = {}
    for row in found:
        got = min(row.qty, state.piles[row.res])
        state.piles[row.res] -= got
        if got:
            taken[row.res] = got
        if got < row.qty:
            shortfall[row.res] = row.qty - got
    state.taken = taken
    state.shortfall = shortfall
    state.categories = [Category(res=row.res, qty=row.qty) for row in pay]
    events.extend(supply_events(state))
    if taken:
        state.phase = "split"
    else:
        # R12: nothing could be taken, so there is nothing to split.
        events.append(public("magmor.event.nothing_taken", seat=state.leader, cell=cell))
        start_payment(state, events)


def apply_split(state: MagmorState, allocation: Mapping[int, Mapping[str, int]], events: list[Event]) -> None:
    """Hand out the taken cards (already validated, MM-4.3.4) and open the payment round."""
    given: dict[int, dict[str, int]] = {}
    for seat in sorted(allocation):
        cards = nonzero(allocation[seat])
        for res, count in cards.items():
            state.hands[seat][res] += count
        if cards:
            given[seat] = cards
    events.append(public("magmor.event.split", seat=state.leader, allocation=given))
    start_payment(state, events)


# -- phase 3: the payment round -----------------------------------------------


def start_payment(state: MagmorState, events: list[Event]) -> None:
    state.phase = "pay"
    state.acted = []
    advance_payment(state, events)


def can_pay_any(state: MagmorState, seat: int) -> bool:
    hand = state.hands[seat]
    return any(c.paid_by is None and hand[c.res] >= c.qty for c in state.categories)


def record_pass(state: MagmorState, seat: int, events: list[Event], *, auto: bool) -> None:
    """A pass costs 1 honour (MM-4.4.3, MM-4.7.2, R7). A forced pass (``auto``)
    has its own event, so the table can say why the player could not pay."""
    honour = change_honour(state, seat, -1)
    state.acted.append(seat)
    if not auto:
        key = "magmor.event.passed"
    elif state.phase == "magmor":
        key = "magmor.event.passed_few_cards"  # MM-4.7.2: fewer than 2 cards
    else:
        key = "magmor.event.passed_unable"  # R7: no unpaid category affordable in full
    events.append(public(key, seat=seat, auto=auto, honour=honour))


def advance_payment(state: MagmorState, events: list[Event]) -> None:
    """Run the round until someone with a real choice must act, or it ends (MM-4.4.2)."""
    while True:
        if all(c.paid_by is not None for c in state.categories):
            # R6: nothing is left to pay; whoever has not acted does nothing.
            events.append(
                public(
                    "magmor.event.all_paid",
                    cell=state.current,
                    waiting=len(state.still_to_act()),
                )
            )
            finish_crossing(state, easy=True, events=events)
            return
        if len(state.acted) == state.players:
            finish_crossing(state, easy=False, events=events)
            return
        seat = state.still_to_act()[0]
        if can_pay_any(state, seat):
            return
        # R7 / TV-20: nothing affordable, so the pass is forced.
        record_pass(state, seat, events, auto=True)


def pay_category(state: MagmorState, seat: int, category: Category, events: list[Event]) -> None:
    state.hands[seat][category.res] -= category.qty
    state.piles[category.res] += category.qty
    category.paid_by = seat
    honour = change_honour(state, seat, +1)
    state.acted.append(seat)
    events.append(
        public(
            "magmor.event.paid",
            seat=seat,
            resource=category.res,
            qty=category.qty,
            paid_cards={category.res: category.qty},  # worded with its plural ("2 axes")
            honour=honour,
        )
    )
    advance_payment(state, events)


# -- the Mag Mor turn (MM-4.7) ------------------------------------------------


def enter_magmor(state: MagmorState, events: list[Event]) -> None:
    state.path.append(grid.MAGMOR)
    state.current = grid.MAGMOR
    state.phase = "magmor"
    state.acted = []
    state.magmor_paid = {}
    needed = GAME_RULES.magmor_cards_per_player * state.players
    events.append(public("magmor.event.magmor_reached", seat=state.leader, day=state.day, needed=needed))
    advance_magmor(state, events)


def advance_magmor(state: MagmorState, events: list[Event]) -> None:
    """Every player acts once (R29); fewer than 2 cards forces a pass (MM-4.7.2)."""
    while len(state.acted) < state.players:
        seat = state.still_to_act()[0]
        if state.hand_size(seat) >= GAME_RULES.magmor_cards_per_player:
            return
        record_pass(state, seat, events, auto=True)
    finish_crossing(state, easy=len(state.magmor_paid) == state.players, events=events)


def pay_magmor(state: MagmorState, seat: int, cards: Mapping[str, int], events: list[Event]) -> None:
    paid = nonzero(cards)
    for res, count in paid.items():
        state.hands[seat][res] -= count
        state.piles[res] += count
    state.magmor_paid[seat] = paid
    honour = change_honour(state, seat, +1)  # R5: paying at Mag Mor is worth honour as usual
    state.acted.append(seat)
    events.append(public("magmor.event.magmor_paid", seat=seat, cards=paid, honour=honour))
    advance_magmor(state, events)


# -- outcome, end check, new leader (MM-4.5, MM-4.6, MM-4.7.3) ---------------


def finish_crossing(state: MagmorState, *, easy: bool, events: list[Event]) -> None:
    leader = state.leader
    cell = state.current
    honour = change_honour(state, leader, +1 if easy else -1)
    advance = GAME_RULES.day_advance_easy if easy else GAME_RULES.day_advance_difficult
    total = state.day + advance
    last = GAME_RULES.days_last_space
    state.day = min(total, last)  # MM-4.5.3: the track stops at 17
    state.last_crossing = "easy" if easy else "difficult"
    if cell == grid.MAGMOR:
        # MM-4.7.3: easy only if every player paid 2 cards; the line says how many did.
        key = "magmor.event.magmor_crossed_easily" if easy else "magmor.event.magmor_crossed_with_difficulty"
        events.append(
            public(
                key,
                seat=leader,
                day=state.day,
                honour=honour,
                paid=len(state.magmor_paid),
                players=state.players,
            )
        )
    elif easy:
        events.append(
            public("magmor.event.crossed_easily", seat=leader, cell=cell, day=state.day, honour=honour)
        )
    else:
        # MM-4.5.2: the categories nobody paid are the cause of the difficulty.
        unpaid = {c.res: c.qty for c in state.categories if c.paid_by is None}
        events.append(
            public(
                "magmor.event.crossed_with_difficulty",
                seat=leader,
                cell=cell,
                day=state.day,
                honour=honour,
                unpaid_cards=unpaid,
            )
        )

    if cell == grid.MAGMOR:
        # MM-4.7.4 / R3: success iff the uncapped day total is within 17.
        end_game(state, success=total <= last, total_days=total, events=events)
        return
    if state.day >= last:
        # MM-4.6.1 / R27: checked only here, after the outcome.
        events.append(public("magmor.event.out_of_days", day=state.day))
        end_game(state, success=False, total_days=total, events=events)
        return
    state.barred = None if easy else leader
    if state.barred is not None:
        events.append(public("magmor.event.leader_barred", seat=state.barred))
    state.leader = select_leader(
        [state.hand_size(s) for s in range(state.players)], state.honour, leader, state.barred
    )
    events.append(
        public(
            "magmor.event.new_leader",
            seat=state.leader,
            hand_size=state.hand_size(state.leader),
            honour=state.honour[state.leader],
        )
    )
    start_turn(state, events)


def select_leader(hand_sizes: Sequence[int], honour: Sequence[int], previous: int, barred: int | None) -> int:
    """MM-4.6.3: fewest cards, then most honour, then clockwise from the seat after
    ``previous``, which itself comes last (R15). ``barred`` is not eligible (MM-4.6.2)."""
    players = len(hand_sizes)
    clockwise = [(previous + 1 + step) % players for step in range(players)]
    eligible = [seat for seat in clockwise if seat != barred]
    # min() keeps the first of equal keys, so the clockwise order breaks the last ties.
    return min(eligible, key=lambda seat: (hand_sizes[seat], -honour[seat]))


def end_game(state: MagmorState, *, success: bool, total_days: int, events: list[Event]) -> None:
    state.phase = "over"
    state.success = success
    state.candidates = []
    key = "magmor.event.success" if success else "magmor.event.failure"
    events.append(public(key, day=total_days))
