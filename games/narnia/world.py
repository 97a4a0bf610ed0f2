"""A whole Narnia state rebuilt from one seat's view (the ``hard`` player's worlds).

Narnia hides almost nothing (spec §9, R39): the board, the bags by value, the discards,
the round's cards and every pending choice are public. What a seat cannot know is the
future: the order of the deck (its contents follow from the public record: every card
not in the discard pile nor in play) and the dice and draws still to come (the RNG).
Both are drawn at random here; everything else is copied from the view.

Two things in the state are not in the view and cannot matter to a decision:

* ``last_attack_round`` (the round of each seat's latest attack on the Witch): it only
  words the NA-5.4 tie-break in the final record; the world leaves it unknown (None).
* the order of the ``territories`` mapping (the order the tokens were placed at setup):
  it only orders the listing of legal moves; the world lists territories in data order.
"""

from __future__ import annotations

import random

from games.core import Rng
from games.core.copying import fast_copy
from games.narnia.data import CARD_IDS, TERRITORIES
from games.narnia.state import NarniaState, Territory
from games.narnia.views import NarniaView

__all__ = ["hidden_cards", "sample_world"]


def hidden_cards(view: NarniaView) -> list[str]:
    """The cards in the deck, in data order: every card neither discarded nor in play
    (the round's card, the courage card whose extra turn is under way: the round's earlier
    ones are discarded, maybe reshuffled since, R26, R27); none during setup (NA-3.7)."""
    if view.stage == "setup":
        return []
    seen = set(view.discard)
    if view.round_card is not None:
        seen.add(view.round_card)
    if view.stage == "courage":
        seen.add(view.courage_cards[-1])
    return [card for card in CARD_IDS if card not in seen]


def sample_world(view: NarniaView, rng: random.Random) -> NarniaState:
    """A state that looks exactly like ``view`` to its seat, with the deck order and
    the RNG drawn at random."""
    deck = hidden_cards(view)
    if len(deck) != view.deck_count:
        raise ValueError(f"the view shows {view.deck_count} cards in the deck, {len(deck)} are unseen")
    rng.shuffle(deck)
    territories = {
        row.id: Territory(owner=row.owner, stack=list(row.stack))
        for row in (view.territory(tid) for tid in TERRITORIES)
        if not row.free
    }
    players = view.players
    return NarniaState(
        players=players,
        rng=Rng(seed=rng.getrandbits(48)),
        colours=[s.colour for s in view.seats],
        phase=view.phase,
        stage=view.stage,
        round=view.round,
        territories=territories,
        peter_bag=dict(view.peter_bag),
        witch_bag=dict(view.witch_bag),
        deck=deck,
        discard=list(view.discard),
        setup_card=view.setup_card,
        setup_order=list(view.setup_order),
        setup_placed=view.setup_placed,
        drawer=view.drawer,
        round_card=view.round_card,
        courage_cards=list(view.courage_cards),
        sequence=list(view.sequence),
        turn_index=view.turn_index,
        last_actor=view.last_actor,
        actor=view.actor,
        drawn=list(view.drawn),
        eliminated=[s.eliminated for s in view.seats],
        effects=view.effects.model_copy(),
        required_value=view.required_value,
        spell_rolls=[r.model_copy(deep=True) for r in view.spell_rolls],
        spell_safe=view.spell_safe,
        spell_losers=list(view.spell_losers),
        witch_pairs=list(view.witch_pairs),
        battles=fast_copy(view.battles),
        battle_counter=view.battle_counter,
        last_attack=[s.last_attack for s in view.seats],
        last_attack_round=[None] * players,
        last_attacker=view.last_attacker,
        end_reason=view.end_reason,
        round_cap=view.round_cap,
        aslan_once=view.aslan_once,
    )
