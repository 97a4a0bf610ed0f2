"""A whole Talismani state rebuilt from one seat's view (the ``hard`` player's worlds).

Public (spec §9, R35), copied from the view: the weather row, the stake, every seat's
hand size, captures, forged and pending talismans, the pool, the discard pile, who has
chosen, the latest reveal, the set-aside decisions once all are in, and the turn's
progress. The seat's own hand and its own secret choice are in its view.

Hidden, drawn here:

* the other hands: every card of the deck that the view does not place (own hand, pool,
  discard, stake, captures, talismans) is dealt at random to the other seats, each
  getting its public hand size;
* the plays already chosen face down by other seats this turn (TT-5.4): from the seat's
  sampled hand, most often (``OPPONENT_MODEL``) the play the normal player would make
  there, else a legal play at random (forge (f) among them when the seat may forge);
* the other seats' set-aside answers already given while some are still to come (TT-8.1,
  R13): likewise, the normal player's yes or a random answer (once all are in, the
  set-aside combinations tell them);
* the RNG (Talismani draws nothing after the deal, but a world gets its own).

Three parts of the state are rebuilt from public facts the view shows in another form:
the row at the start of the turn (``turn_row``: it equals the row until the stake is
chosen, the last moment the rules read it), the action specials still to resolve
(TT-8.5: the revealed specials, in number order, from the one resolving now), and the
number of sharing picks made (TT-8.6: the cards shared so far).
"""

from __future__ import annotations

import random

from games.core import Decision, Rng
from games.talismani import ai, plays, turn
from games.talismani.actions import Forge, PlayCards, SetAside
from games.talismani.data import deck
from games.talismani.state import Choice, Talisman, TalismaniState
from games.talismani.views import TalismaniView, build_view

__all__ = ["OPPONENT_MODEL", "hidden_cards", "sample_world"]

# The share of another seat's hidden choices drawn as the normal player would make them
# from its sampled hand; the rest are random legal choices (other players play otherwise).
OPPONENT_MODEL = 0.75


def seen_cards(view: TalismaniView) -> set[str]:
    """Every card whose place the view shows: the own hand and every public zone."""
    seen = {*(view.hand or []), *view.pool, *view.discard}
    if view.stake is not None:
        seen.add(view.stake)
    for row in view.seats:
        seen.update(row.won)
        for talisman in [*row.forged, *row.pending]:
            seen.update(talisman.cards)
    for talisman in view.aside_now.values():
        seen.update(talisman.cards)
    return seen


def hidden_cards(view: TalismaniView) -> list[str]:
    """The cards in the other seats' hands, in deck order."""
    seen = seen_cards(view)
    return [card for card in deck(view.players) if card not in seen]


def share_picks(view: TalismaniView) -> int:
    """TT-8.6: the picks made so far this turn: the cards that left the pool for a hand
    (the pool once the stake was chosen held every played card but the set-aside ones)."""
    if view.phase not in ("share", "weather") or not view.sharing_order:
        return 0
    played = sum(len(p.cards) for p in view.plays)
    aside = sum(len(t.cards) for t in view.aside_now.values())
    return played - aside - 1 - len(view.pool)


def sample_world(view: TalismaniView, rng: random.Random) -> TalismaniState:
    """A state that looks exactly like ``view`` to its seat, everything it cannot see
    drawn at random."""
    me = view.seat
    if me is None or view.hand is None:
        raise ValueError("a world is sampled from a seat's own view")
    players = view.players
    pool = hidden_cards(view)
    others = [seat for seat in range(players) if seat != me]
    if len(pool) != sum(view.hand_sizes[seat] for seat in others):
        raise ValueError(f"{len(pool)} unseen cards for other hands of {view.hand_sizes}")
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for seat in range(players):
        if seat == me:
            hands.append(list(view.hand))
        else:
            size = view.hand_sizes[seat]
            hands.append(pool[:size])
            pool = pool[size:]
    world = TalismaniState(
        players=players,
        rng=Rng(seed=rng.getrandbits(48)),
        row=list(view.row),
        hands=hands,
        stake=view.stake,
        won=[list(row.won) for row in view.seats],
        forged=[[_copy(t) for t in row.forged] for row in view.seats],
        pending=[[_copy(t) for t in row.pending] for row in view.seats],
        discard=list(view.discard),
        pool=list(view.pool),
        turn=view.turn,
        phase=view.phase,
        choices=[None] * players,
        turn_row=list(view.row),
        plays=[p.model_copy(update={"cards": list(p.cards)}) for p in view.plays],
        reveal_turn=view.reveal_turn,
        void=view.void,
        winner=view.winner,
        aside_seats=list(view.aside_seats),
        aside_now={seat: _copy(t) for seat, t in view.aside_now.items()},
        forgers=list(view.forgers),
        chooser=view.chooser,
        cw_acted=view.cw_acted,
        sharing_order=list(view.sharing_order),
        picks=share_picks(view),
    )
    if view.phase == "play":
        for seat in view.chosen:
            world.choices[seat] = _own_choice(view) if seat == me else _hidden_choice(world, seat, rng)
    # TT-8.1 / R13: the answers are secret until all are in, then told by the set-asides.
    for seat in view.aside_done:
        if seat == me:
            world.aside_answers[seat] = bool(view.my_set_aside)
        elif view.phase == "set_aside":
            world.aside_answers[seat] = _hidden_answer(world, seat, rng)
        else:
            world.aside_answers[seat] = seat in view.aside_now
    if view.special is not None:
        turn.queue_specials(world, [])
        current = [step.card for step in world.specials].index(view.special)
        world.specials = world.specials[current:]
    return world


def _copy(talisman: Talisman) -> Talisman:
    return Talisman(suit=talisman.suit, cards=list(talisman.cards))


def _own_choice(view: TalismaniView) -> Choice:
    assert view.my_choice is not None
    return Choice(cards=list(view.my_choice.cards), forge=view.my_choice.forge)


def _hidden_choice(world: TalismaniState, seat: int, rng: random.Random) -> Choice:
    """A legal secret play of ``seat`` from its sampled hand (TT-5.1): the normal
    player's, or one at random, (f) included when it may forge (TT-9.6)."""
    if rng.random() < OPPONENT_MODEL:
        action = ai.TalismaniAI(seat).play(build_view(world, seat))
        if isinstance(action, Forge):
            return Choice(forge=True)
        assert isinstance(action, PlayCards)
        return Choice(cards=list(action.cards))
    options = [Choice(cards=cards) for cards in plays.card_plays(world.hands[seat])]
    if world.forge_ready(seat):
        options.append(Choice(forge=True))
    return rng.choice(options)


def _hidden_answer(world: TalismaniState, seat: int, rng: random.Random) -> bool:
    """Another seat's set-aside answer (TT-8.1): the normal player's, or one at random."""
    if rng.random() < OPPONENT_MODEL:
        asked = Decision(kind="talismani.set_aside", seats=list(world.aside_seats), mode="simultaneous")
        action = ai.TalismaniAI(seat).act(build_view(world, seat), asked)
        assert isinstance(action, SetAside)
        return action.yes
    return rng.random() < 0.5
