"""What a Tir Nan Og Wars page is sent (the wire): the table as one seat may see it, made from
that seat's own engine view, with creatures and territories as cards ready to draw.

Public: the display, the piles' tops, every player's reserve, stack, VP and hand size, the
dispute's declarations and, once everyone has declared, the participants' hands (TNO-4.5.3).
Private: the seat's own hand, in its own page only (a spectator's page has none)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.tirnanog.face import (
    META,
    SPECIES,
    VP_SOURCES,
    PileView,
    TirNanOgView,
    power_of,
    price,
    requirement,
    territory_refusal,
    type_of,
    value_of,
    vp_of,
)


class _Wire(BaseModel):
    model_config = ConfigDict(frozen=True)


class Creatures(_Wire):
    """A number of creature cards of one species."""

    species: str = Field(description="dragon, elf, fairy, griffin or centaur")
    count: int


class TerritoryCard(_Wire):
    """A territory card as printed: its type, value, VP, power and requirement."""

    id: str = Field(description="the card's id, e.g. castle_03 (its name: tirnanog.territory.<id>)")
    terrain: str = Field(description="plain, castle, forest, river, temple, volcano or fountain")
    value: int = Field(description="the territory value in the yellow circle (TNO-2.3)")
    vp: int = Field(description="VP at each scoring while face up (TNO-5.1)")
    power: str = Field(description="discount, income, fairy_festival, duel, fewest_cards or none")
    symbols: list[str] = Field(description="the requirement: a species, or any for '?' (TNO-4.4.1)")
    face_up: bool = True


class ReserveCard(_Wire):
    """A territory in a reserve and what consolidating it costs its owner now."""

    card: TerritoryCard
    cost: int = Field(description="creatures to pay now (one less with a face-up plain on top, TNO-4.4.2)")


class Pile(_Wire):
    """One of the six territory piles: only its top card is visible (R9)."""

    terrain: str
    top: TerritoryCard | None
    size: int
    fountain_inside: bool
    blocked: str | None = Field(
        default=None,
        description="why the page's seat may not take the top: reserve_limit or type_visible (TNO-4.3)",
    )
    reserve_after: int | None = Field(default=None, description="the seat's reserve value if it took the top")


class VpSource(_Wire):
    """VP gained from one source so far (the score sheet, spec §9)."""

    source: str = Field(description="scoring1, scoring2, festival, temple, castle or volcano")
    vp: int


class Player(_Wire):
    """A player's public holdings."""

    seat: int
    hand_size: int
    reserve: list[ReserveCard]
    reserve_value: int = Field(description="at most 7 (TNO-4.3.2)")
    stack: list[TerritoryCard] = Field(description="consolidated cards, bottom to top")
    discount: bool = Field(description="a face-up plain on top (TNO-4.6.2)")
    vp: int
    vp_sources: list[VpSource]
    territory_value: int = Field(description="the tie-break (TNO-5.5)")
    strength: int = Field(description="the top-3 value a temple duel compares (TNO-4.6.5)")


class Declaration(_Wire):
    """A seat's declaration in a fountain dispute (public once made, R22)."""

    seat: int
    take_part: bool


class Dispute(_Wire):
    """A fountain dispute under way: the declarations so far, never a hand (R22)."""

    fountain: TerritoryCard
    terrain: str = Field(description="the pile it was revealed in")
    revealer: int
    order: list[int]
    declarations: list[Declaration]
    next_seat: int | None
    participants: list[int]
    winner: int | None
    to_discard: int


class ShownHand(_Wire):
    """A participant's hand as revealed to everyone (TNO-4.5.3)."""

    seat: int
    cards: list[Creatures]
    counts: list[Creatures] = Field(description="hand plus the face-up top's symbols (TNO-4.5.4)")
    profile: list[int]


class Reveal(_Wire):
    """The last dispute's result: every participant's hand, shown together."""

    fountain: TerritoryCard
    turn: int
    revealer: int
    participants: list[int]
    winner: int | None
    defeated: list[int]
    hands: list[ShownHand]


class TirNanOgPage(_Wire):
    """Tir Nan Og Wars as one seat's page draws it."""

    seat: int | None = Field(description="the page's seat; None for a spectator")
    players: int
    phase: str = Field(description="turn, hand_limit, declare, dispute_discard or over")
    turn: int
    round: int
    final_cycle: bool
    active: int
    first_player: int
    last_seat: int
    species: list[str] = Field(description="the five species, in the game's order")
    display: list[str] = Field(description="species, left to right")
    deck_size: int
    discard: list[Creatures]
    discard_size: int
    piles: list[Pile]
    seats: list[Player]
    out_of_game: int = Field(description="fountains nobody won")
    dispute: Dispute | None
    reveal: Reveal | None
    hand_limit: int = Field(description="the hand limit (TNO-4.2.3)")
    reserve_limit: int = Field(description="the reserve value limit (TNO-4.3.2)")
    must_discard: int = Field(description="cards the active player must discard now (TNO-4.2.3)")
    hand: list[str] | None = Field(description="the seat's own hand, one species per card; None for others")


def card(territory: str, face_up: bool = True) -> TerritoryCard:
    counts, anys = requirement(territory)
    symbols = [s for s in SPECIES for _ in range(counts[s])] + ["any"] * anys
    return TerritoryCard(
        id=territory,
        terrain=type_of(territory),
        value=value_of(territory),
        vp=vp_of(territory),
        power=str(power_of(territory)),
        symbols=symbols,
        face_up=face_up,
    )


def pile(view: TirNanOgView, shown: PileView, seat: int | None) -> Pile:
    """A pile, and for a seat's page whether it may take the top: the channel panel's reason
    (``territory_refusal``, the rules' own check), told before the member tries."""
    blocked, after = None, None
    if seat is not None and 0 <= seat < len(view.seats) and shown.top is not None:
        me = view.seats[seat]
        refusal = territory_refusal(shown.terrain, shown.top, me.reserve, set(me.visible_types))
        blocked = refusal.key.rsplit(".", 1)[-1] if refusal is not None else None
        after = me.reserve_value + value_of(shown.top)
    return Pile(
        terrain=shown.terrain,
        top=card(shown.top) if shown.top is not None else None,
        size=shown.size,
        fountain_inside=shown.fountain_inside,
        blocked=blocked,
        reserve_after=after,
    )


def bunch(counts: dict[str, int]) -> list[Creatures]:
    return [Creatures(species=s, count=n) for s in SPECIES if (n := counts.get(s, 0))]


def page_state(view: TirNanOgView, seat: int | None) -> TirNanOgPage:
    """The page of ``seat`` (None: a spectator) from that seat's own view: a hand is in it
    only when the view holds it, which the engine gives the seat alone."""
    players = [
        Player(
            seat=row.seat,
            hand_size=row.hand_size,
            reserve=[ReserveCard(card=card(c), cost=price(c, row.discount)) for c in row.reserve],
            reserve_value=row.reserve_value,
            stack=[card(c.territory, c.face_up) for c in row.stack],
            discount=row.discount,
            vp=row.vp,
            vp_sources=[VpSource(source=s, vp=n) for s in VP_SOURCES if (n := row.vp_by_source.get(s, 0))],
            territory_value=row.territory_value,
            strength=row.strength,
        )
        for row in view.seats
    ]
    dispute = None
    if view.dispute is not None:
        d = view.dispute
        dispute = Dispute(
            fountain=card(d.fountain),
            terrain=d.terrain,
            revealer=d.revealer,
            order=list(d.order),
            declarations=[
                Declaration(seat=s, take_part=d.declarations[s]) for s in d.order if s in d.declarations
            ],
            next_seat=d.next_seat,
            participants=list(d.participants),
            winner=d.winner,
            to_discard=d.to_discard,
        )
    reveal = None
    if view.shown is not None:
        s = view.shown
        reveal = Reveal(
            fountain=card(s.fountain),
            turn=s.turn,
            revealer=s.revealer,
            participants=list(s.participants),
            winner=s.winner,
            defeated=list(s.defeated),
            hands=[
                ShownHand(seat=h.seat, cards=bunch(h.cards), counts=bunch(h.counts), profile=list(h.profile))
                for h in s.hands
            ],
        )
    hand = None
    if view.hand is not None and seat is not None and view.seat == seat:
        hand = [s for s in SPECIES for _ in range(view.hand.get(s, 0))]
    return TirNanOgPage(
        seat=seat,
        players=view.players,
        phase=view.phase,
        turn=view.turn,
        round=view.round,
        final_cycle=view.final_cycle,
        active=view.active,
        first_player=view.first_player,
        last_seat=view.last_seat,
        species=list(SPECIES),
        display=list(view.display),
        deck_size=view.deck_size,
        discard=bunch(view.discard),
        discard_size=view.discard_size,
        piles=[pile(view, p, seat) for p in view.piles],
        seats=players,
        out_of_game=len(view.out_of_game),
        dispute=dispute,
        reveal=reveal,
        hand_limit=META.hand_limit,
        reserve_limit=META.reserve_value_limit,
        must_discard=view.hand_limit_discard,
        hand=hand,
    )
