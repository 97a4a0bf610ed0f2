"""Plays: what is legal (TT-5), what a play is worth (TT-6.2), how plays rank
(TT-6.3 strength, TT-6.6 sharing rank) and which are forging combinations (TT-9.1)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.core import RuleError
from games.talismani.data import is_action_special, is_fairy, is_joker, number_of, suit_of, value_of
from games.talismani.state import Choice, PlayKind, RevealedPlay

# A fairy play's strength: bigger is stronger (TT-6.3 keys 1-5).
Strength = tuple[int, int, int, int, int]
# A sharing rank: smaller shares first (TT-6.6); every branch has 6 ints so they compare.
ShareKey = tuple[int, int, int, int, int, int]


def check_cards(hand: Sequence[str], cards: Sequence[str]) -> None:
    """Raise RuleError unless ``cards`` is a legal play (a)-(e) from ``hand`` (TT-5.1, TT-5.2, R7)."""
    if not cards:
        # TT-5.3: no passing; play (f) is its own action.
        raise RuleError("talismani.error.no_cards", "TT-5.3")
    if len(cards) > 2:
        raise RuleError("talismani.error.too_many_cards", "TT-5.1", count=len(cards))
    if len(set(cards)) != len(cards):
        raise RuleError("talismani.error.duplicate_card", "TT-5.1", card=cards[0])
    for card in cards:
        if card not in hand:
            raise RuleError("talismani.error.not_in_hand", "TT-5.1", card=card)
    if len(cards) == 1:
        return  # TT-5.3: any card may be played alone (R36)
    first, second = cards
    if is_action_special(first) or is_action_special(second):
        raise RuleError("talismani.error.special_not_alone", "TT-5.2")
    if is_joker(first) and is_joker(second):
        raise RuleError("talismani.error.two_jokers", "TT-5.2")
    if is_fairy(first) and is_fairy(second) and suit_of(first) != suit_of(second):
        raise RuleError("talismani.error.two_suits", "TT-5.2", first_card=first, second_card=second)


def canonical(cards: Sequence[str]) -> list[str]:
    """Jokers first, then fairies by value (the order plays are shown in)."""
    return sorted(cards, key=lambda c: (0, 0) if is_joker(c) else (1, value_of(c) if is_fairy(c) else 0))


def kind_of_play(cards: Sequence[str]) -> PlayKind:
    if not cards:
        return "forge"
    if len(cards) == 2:
        return "joker_pair" if any(is_joker(c) for c in cards) else "pair"
    card = cards[0]
    if is_fairy(card):
        return "single"
    return "joker" if is_joker(card) else "special"


def is_combination(kind: PlayKind, fairies: Sequence[int]) -> bool:
    """TT-9.1 / R15: a lone 0, a consecutive pair of one suit, or a Joker pair."""
    if kind == "single":
        return fairies[0] == 0
    if kind == "pair":
        return abs(fairies[0] - fairies[1]) == 1
    return kind == "joker_pair"


def reveal_play(seat: int, choice: Choice) -> RevealedPlay:
    """A play's kind, suit, total and top card (TT-6.2); unranked."""
    if choice.forge:
        return RevealedPlay(seat=seat, cards=[], kind="forge")
    cards = canonical(choice.cards)
    kind = kind_of_play(cards)
    if kind not in ("single", "pair", "joker_pair"):
        return RevealedPlay(seat=seat, cards=cards, kind=kind)
    fairies = [value_of(c) for c in cards if is_fairy(c)]
    suit = next(suit_of(c) for c in cards if is_fairy(c))
    # R9: in a Joker pair the Joker takes the partner's suit and the value just below (0 under a 0).
    total = fairies[0] + max(fairies[0] - 1, 0) if kind == "joker_pair" else sum(fairies)
    return RevealedPlay(
        seat=seat,
        cards=cards,
        kind=kind,
        suit=suit,
        total=total,
        top=max(fairies),
        combination=is_combination(kind, fairies),
    )


def is_fairy_play(play: RevealedPlay) -> bool:
    return play.kind in ("single", "pair", "joker_pair")


def strength(play: RevealedPlay, row: Sequence[str]) -> Strength:
    """TT-6.3: weather position, total, single over pair, top card, pair without a Joker."""
    assert play.suit is not None and play.total is not None and play.top is not None
    return (
        -(row.index(play.suit) + 1),
        play.total,
        1 if play.kind == "single" else 0,
        play.top,
        1 if play.kind == "pair" else 0,
    )


def share_key(play: RevealedPlay, row: Sequence[str], winner: int | None, players: int) -> ShareKey:
    """TT-6.6: lone Jokers (R11: first clockwise after the winner lowest), fairy plays
    weakest first, then action specials from number 8 down to 1."""
    if play.kind == "joker":
        after = (play.seat - (winner if winner is not None else -1) - 1) % players
        return (0, after, 0, 0, 0, 0)
    if is_fairy_play(play):
        return (1, *strength(play, row))
    return (2, -number_of(play.cards[0]), 0, 0, 0, 0)


def rank(plays: list[RevealedPlay], row: Sequence[str], players: int) -> int | None:
    """Rank the plays in place (``rank`` and ``share_rank``); return the winner's seat,
    or None for a void turn (TT-6.5, TT-7.1). Ranks use the row of the reveal (R27)."""
    fairy = sorted((p for p in plays if is_fairy_play(p)), key=lambda p: strength(p, row), reverse=True)
    winner = fairy[0].seat if fairy else None
    specials = sorted((p for p in plays if p.kind == "special"), key=lambda p: number_of(p.cards[0]))
    jokers = sorted((p for p in plays if p.kind == "joker"), key=lambda p: share_key(p, row, winner, players))
    forges = sorted((p for p in plays if p.kind == "forge"), key=lambda p: p.seat)
    for place, play in enumerate([*fairy, *specials, *jokers, *forges], start=1):
        play.rank = place
    card_plays = sorted(
        (p for p in plays if p.kind != "forge"), key=lambda p: share_key(p, row, winner, players)
    )
    for place, play in enumerate(card_plays):
        play.share_rank = place
    plays.sort(key=lambda p: p.rank)
    return winner


def card_plays(hand: Sequence[str]) -> list[list[str]]:
    """Every legal play (a)-(e) from ``hand``: singles, same-suit pairs, Joker pairs (TT-5.1)."""
    out: list[list[str]] = [[card] for card in hand]
    for first, second in combinations(hand, 2):
        if is_fairy(first) and is_fairy(second):
            if suit_of(first) == suit_of(second):
                out.append(canonical([first, second]))
        elif is_joker(first) != is_joker(second) and (is_fairy(first) or is_fairy(second)):
            out.append(canonical([first, second]))
    return out
