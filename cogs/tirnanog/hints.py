"""A Tir Nan Og Wars hint: one of the seat's own legal actions in words, for its private panel.

Every line is drawn from the seat's own view (its hand, its reserve and stack, the public
display, piles and dispute), in the panel's words (:mod:`cogs.tirnanog.words`), so a hint
never names anything the player could not see on the table or in their hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from bot.i18n import t
from cogs.tirnanog.actions import dispute_counts
from cogs.tirnanog.words import LIMIT, creatures, terrain, territory
from games.tirnanog.face import (
    ACTION_ADAPTER,
    META,
    Consolidate,
    Declare,
    Discard,
    TakeCreatures,
    TakeTerritory,
    TirNanOgView,
    affordable,
    counts_of,
    fills,
    hand_of,
    me,
    needed,
    value_of,
    vp_of,
)


def hint(key: str, language: str, **params: Any) -> str:
    return t(f"tirnanog.hint.{key}", language, **params)


def describe_action(
    view: TirNanOgView, action: dict[str, Any], language: str, names: Sequence[str] = ()
) -> str:
    """``action`` (a legal action of ``view``'s seat, as JSON) as one imperative line."""
    parsed = ACTION_ADAPTER.validate_python(action)
    match parsed:
        case TakeCreatures():
            return _take_creatures(view, parsed, language)
        case TakeTerritory():
            return _take_territory(view, parsed, language)
        case Consolidate():
            return _consolidate(view, parsed, language)
        case Discard():
            return _discard(view, parsed, language)
        case Declare():
            return _declare(view, parsed, language)
        case _:
            assert_never(parsed)


def _take_creatures(view: TirNanOgView, action: TakeCreatures, language: str) -> str:
    cards = creatures(counts_of(action.species), language)
    # TNO-4.2.3: a hand pushed over the limit discards the excess right after taking,
    # so the hint says so (the hand size is the seat's own).
    excess = sum(hand_of(view).values()) + len(action.species) - META.hand_limit
    if excess > 0:
        return hint("take_creatures_over", language, cards=cards, count=excess, limit=META.hand_limit)
    return hint("take_creatures", language, cards=cards)


def _take_territory(view: TirNanOgView, action: TakeTerritory, language: str) -> str:
    # Only the pile's visible top card can be taken (TNO-4.3.1): the view shows it.
    top = next((p.top for p in view.piles if p.terrain == action.terrain), None)
    if top is None:
        raise ValueError(f"no visible card in the {action.terrain} pile: not a legal action")
    after = me(view).reserve_value + value_of(top)
    return hint("take_territory", language, territory=territory(top, language), after=after, limit=LIMIT)


def _consolidate(view: TirNanOgView, action: Consolidate, language: str) -> str:
    # TNO-4.4.2: with the plain's discount the payment is one card short; say why.
    key = "consolidate_discount" if me(view).discount else "consolidate"
    cards = creatures(counts_of(action.payment), language)
    return hint(key, language, territory=territory(action.territory, language), cards=cards)


def _discard(view: TirNanOgView, action: Discard, language: str) -> str:
    cards = creatures(counts_of(action.species), language)
    if view.phase == "hand_limit":
        hand = hand_of(view)
        for name in action.species:
            hand[name] -= 1
        kept = creatures(hand, language)
        return hint("discard_hand_limit", language, cards=cards, limit=META.hand_limit, kept=kept)
    # TNO-4.5.7: the dispute winner discards one card per participant.
    return hint("discard_dispute", language, cards=cards)


def _declare(view: TirNanOgView, action: Declare, language: str) -> str:
    if not action.take_part:
        return hint("declare_no", language)
    dispute = view.dispute
    if dispute is None or view.seat is None:
        raise ValueError("a declaration needs the seat's own view of a dispute")
    # TNO-4.5.4: the count a dispute compares is the hand plus the visible top card's symbols.
    best = max(dispute_counts(view, view.seat, hand_of(view)).values(), default=0)
    return hint("declare_yes", language, terrain=terrain(dispute.terrain, language), best=best)


# -- why: one game-level reason, from the move and the seat's own view ----------------


def hint_reason(view: TirNanOgView, action: dict[str, Any], language: str) -> str | None:
    """Why the hint's move helps: what the seat's reserve still lacks, what a territory
    scores on the stack (TNO-5.1), what a dispute is worth; all from the seat's own view."""
    parsed = ACTION_ADAPTER.validate_python(action)
    hand, reserve = hand_of(view), me(view).reserve
    match parsed:
        case TakeCreatures(species=taken):
            after = dict(hand)
            for name in taken:
                after[name] = after.get(name, 0) + 1
            paid = [
                c
                for c in reserve
                if not affordable(c, hand, me(view).discount) and affordable(c, after, me(view).discount)
            ]
            if paid:
                return hint("why.take_pays", language, territory=territory(paid[0], language))
            filled = fills(taken, reserve, hand)
            return hint("why.take_fills", language, count=filled) if filled else None
        case TakeTerritory(terrain=terrain):
            top = next((p.top for p in view.piles if p.terrain == terrain), None)
            return None if top is None else hint("why.territory", language, vp=vp_of(top))
        case Consolidate(territory=card):
            return hint("why.consolidate", language, vp=vp_of(card))
        case Discard(species=gone):
            wanted = needed(reserve)
            spare = all(hand.get(name, 0) - gone.count(name) >= wanted.get(name, 0) for name in set(gone))
            return hint("why.discard_spare", language) if spare and reserve else None
        case Declare(take_part=yes):
            return hint("why.declare_yes" if yes else "why.declare_no", language)
        case _:
            return None
