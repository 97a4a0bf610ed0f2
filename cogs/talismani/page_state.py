"""What a Talismani page is sent (the Activity's wire): a model made for the page from one seat's
own engine view, so it holds only what that seat may see (spec §9, R35).

Every player's secret play is absent until the reveal: the others' plays are not in the seat's
view at all, only *who* has chosen (``chosen``); the seat's own pick is in ``mine``. A hand is
only ever its own seat's (``hand``, empty for the others and for spectators). What a play is
worth (``offers``) is computed here, by the engine's own ``reveal_play``, so the page shows the
totals the channel's panel shows and never works a rule out itself."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cogs.talismani.words import sort_key
from games.talismani.face import (
    FIRST_TALISMAN,
    Choice,
    RevealedPlay,
    TalismaniView,
    card_plays,
    is_fairy,
    is_joker,
    kind_of,
    number_of,
    reveal_play,
    suit_of,
    talismans_text,
    value_of,
)

CardKind = Literal["fairy", "joker", "special", "first"]
Status = Literal["", "choosing", "chosen", "acting"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Card(_Frozen):
    """One card as the page draws it: a fairy's suit and value, a special's kind and number."""

    id: str = Field(description='The engine\'s card id: "sun-4", "CW7", "JKa", "first_talisman".')
    kind: CardKind = Field(description="fairy, joker, special (an action special) or first (First Talisman).")
    suit: str | None = Field(None, description="A fairy's suit id.")
    value: int | None = Field(None, description="A fairy's printed value.")
    special: str | None = Field(
        None,
        description="An action special's kind: choose_stake, reverse_order, change_order or change_weather.",
    )
    number: int | None = Field(None, description="An action special's number, 1 to 8 (TT-2.2).")


class Talisman(_Frozen):
    """A combination set aside (pending) or forged (TT-9)."""

    suit: str = Field(description="Its suit id.")
    cards: list[Card]
    ready: bool = Field(False, description="Pending and its suit is dominant now: forgeable this turn.")


class Player(_Frozen):
    """What everybody sees of one seat."""

    seat: int
    hand_size: int
    whole: int = Field(description="Whole talismans: the First Talisman and forged ones (TT-13.2).")
    halves: int = Field(description="Other captured stakes, half a talisman each.")
    score: str = Field(description='The total in talismans: "2½".')
    won: list[Card] = Field(description="The stakes captured, in order.")
    forged: list[Talisman]
    pending: list[Talisman]
    status: Status = Field(
        description="choosing / chosen: in a secret decision (never what); acting: its turn to choose."
    )


class Play(_Frozen):
    """One play of the latest reveal (public from the reveal on)."""

    seat: int
    cards: list[Card]
    kind: str = Field(description="single, pair, joker_pair, special, joker or forge (TT-5.1).")
    suit: str | None = None
    total: int | None = Field(None, description="What a fairy play is worth (TT-6.2); None for the others.")
    rank: int = Field(description="1 is the strongest, the winner's in a turn that is not void.")
    combination: bool = Field(description="A forging combination (TT-9.1).")
    winner: bool


class Reveal(_Frozen):
    """The latest reveal, ranked: shown play by play, then who won which stake."""

    turn: int
    void: bool
    winner: int | None
    stake: Card | None = Field(description="The stake the winner takes (or took) for winning this reveal.")
    plays: list[Play] = Field(description="Strongest first (rank order).")
    set_aside: dict[int, Talisman] = Field(description="By seat: combinations set aside this turn.")


class Offer(_Frozen):
    """One of the seat's legal card plays with what it is worth, to show while picking."""

    cards: list[str]
    kind: str
    suit: str | None = None
    total: int | None = None
    place: int | None = Field(None, description="Its suit's place in the weather row, 1 = dominant.")
    combination: bool = False


class TalismaniPage(_Frozen):
    """A Talismani table as one seat (or a spectator, seat None) may see it."""

    seat: int | None
    phase: str = Field(
        description="play, set_aside, stake, change_order, change_weather, share, weather or over (TT-4.1)."
    )
    turn: int
    row: list[str] = Field(description="The weather row, suit ids, dominant first.")
    stake: Card | None
    stake_halves: int = Field(description="2 for the First Talisman, else 1.")
    players: list[Player]
    pool: list[Card] = Field(description="Revealed cards not yet assigned (the next stake, the sharing).")
    discarded: int
    reveal: Reveal | None
    chooser: int | None = Field(description="Who chooses the next stake (TT-8.3).")
    special: Card | None = Field(description="The Change-order or Change-weather card resolving now.")
    special_seat: int | None
    sharing_order: list[int] = Field(description="TT-6.6, the weakest play first.")
    to_pick: int | None
    aside_seats: list[int] = Field(description="Who decides in secret whether to set aside (TT-8.1).")
    hand: list[Card] = Field(description="The seat's own hand, by weather order; empty for anybody else.")
    mine: list[str] | None = Field(description="The seat's own secret play, chosen and not yet revealed.")
    mine_forge: bool = Field(description="The seat's own secret choice is to forge (f).")
    my_set_aside: bool | None = Field(description="The seat's own secret set-aside answer.")
    offers: list[Offer] = Field(description="The seat's card plays with their worth, while it plays.")


@cache  # a card is described the same in every state (and Card is frozen: shared safely)
def card_of(card_id: str) -> Card:
    if card_id == FIRST_TALISMAN:
        return Card(id=card_id, kind="first")
    if is_fairy(card_id):
        return Card(id=card_id, kind="fairy", suit=suit_of(card_id), value=value_of(card_id))
    if is_joker(card_id):
        return Card(id=card_id, kind="joker")
    return Card(id=card_id, kind="special", special=kind_of(card_id), number=number_of(card_id))


def _talisman(suit: str, cards: list[str], ready: bool = False) -> Talisman:
    return Talisman(suit=suit, cards=[card_of(c) for c in cards], ready=ready)


def _status(v: TalismaniView, seat: int, actors: set[int]) -> Status:
    if v.phase == "play":
        return "chosen" if seat in v.chosen else "choosing"
    if v.phase == "set_aside" and seat in v.aside_seats:
        return "chosen" if seat in v.aside_done else "choosing"
    return "acting" if seat in actors else ""


def _actors(v: TalismaniView) -> set[int]:
    """Who decides now, as the view tells it (the engine's decision names the same seats)."""
    one = {"stake": v.chooser, "share": v.to_pick, "change_order": v.special_seat}
    one |= {"change_weather": v.special_seat, "weather": v.winner}
    seat = one.get(v.phase)
    return {seat} if seat is not None else set()


def _players(v: TalismaniView) -> list[Player]:
    actors = _actors(v)
    dominant = v.row[0] if v.row else None
    return [
        Player(
            seat=s.seat,
            hand_size=s.hand_size,
            whole=s.whole,
            halves=s.halves,
            score=talismans_text(s.score_halves),
            won=[card_of(c) for c in s.won],
            forged=[_talisman(t.suit, t.cards) for t in s.forged],
            pending=[_talisman(t.suit, t.cards, t.suit == dominant) for t in s.pending],
            status=_status(v, s.seat, actors) if v.phase != "over" else "",
        )
        for s in v.seats
    ]


def _play(p: RevealedPlay, v: TalismaniView) -> Play:
    return Play(
        seat=p.seat,
        cards=[card_of(c) for c in p.cards],
        kind=p.kind,
        suit=p.suit,
        total=p.total,
        rank=p.rank,
        combination=p.combination,
        winner=p.seat == v.winner and not v.void,
    )


def _reveal(v: TalismaniView) -> Reveal | None:
    if v.reveal_turn is None or not v.plays:
        return None
    stake: str | None = None
    if v.winner is not None and not v.void:
        # TT-8.2: the winner takes the stake once the set-aside answers are in; until then it
        # is still in the slot.
        won = v.seats[v.winner].won
        stake = v.stake if v.phase == "set_aside" else (won[-1] if won else None)
    return Reveal(
        turn=v.reveal_turn,
        void=v.void,
        winner=v.winner if not v.void else None,
        stake=card_of(stake) if stake is not None else None,
        plays=[_play(p, v) for p in sorted(v.plays, key=lambda p: p.rank)],
        set_aside={s: _talisman(t.suit, t.cards) for s, t in v.aside_now.items()},
    )


# A card play's worth: its cards, kind, suit, total and whether it forges (TT-9.1).
Worth = tuple[tuple[str, ...], str, str | None, int | None, bool]


@lru_cache(maxsize=1024)
def _plays(hand: tuple[str, ...]) -> tuple[Worth, ...]:
    """Every card play of ``hand`` (the engine's list) with its worth, which depends on the cards
    alone: kept, since every version sends a seat's page the same hand while it plays. Kept as
    tuples of plain values, which the garbage collector stops tracking after one pass: as
    the engine's models (four objects a play, some sixty plays a hand) a full cache held
    hundreds of thousands of objects that every full collection walked while the loop waited
    (docs/speed.md, the Activity's pages)."""
    plays = (reveal_play(0, Choice(cards=cards)) for cards in card_plays(hand))
    return tuple((tuple(p.cards), p.kind, p.suit, p.total, p.combination) for p in plays)


def _offers(v: TalismaniView, hand: list[str]) -> list[Offer]:
    """Every card play of the seat's hand, with what it is worth."""
    if v.phase != "play" or v.seat is None or v.seat in v.chosen:
        return []
    return [
        Offer(
            cards=list(cards),
            kind=kind,
            suit=suit,
            total=total,
            place=v.row.index(suit) + 1 if suit in v.row else None,
            combination=combination,
        )
        for cards, kind, suit, total, combination in _plays(tuple(hand))
    ]


def page_state(view: TalismaniView, seat: int | None) -> TalismaniPage:
    """The page of ``seat`` (None: a spectator), from that seat's own view."""
    v = view
    hand = sorted(v.hand or [], key=lambda c: sort_key(v, c)) if seat is not None else []
    choice = v.my_choice
    return TalismaniPage(
        seat=seat,
        phase=v.phase,
        turn=v.turn,
        row=list(v.row),
        stake=card_of(v.stake) if v.stake is not None else None,
        stake_halves=v.stake_halves,
        players=_players(v),
        pool=[card_of(c) for c in v.pool],
        discarded=len(v.discard),
        reveal=_reveal(v),
        chooser=v.chooser,
        special=card_of(v.special) if v.special is not None else None,
        special_seat=v.special_seat,
        sharing_order=list(v.sharing_order),
        to_pick=v.to_pick,
        aside_seats=list(v.aside_seats),
        hand=[card_of(c) for c in hand],
        mine=list(choice.cards) if choice is not None and not choice.forge else None,
        mine_forge=bool(choice is not None and choice.forge),
        my_set_aside=v.my_set_aside,
        offers=_offers(v, hand),
    )
