"""What Mag Mor's page in the Activity is sent: a view made for drawing, built from one
seat's own engine view (``MagmorView``), so it holds nothing that seat may not see.

Hidden parts (MM-4.10.3) come only from the seat's own view: its hand, its objective and
the faces it explored itself (``MagmorView.explored``, filled for the explorer alone). A
spectator's view (seat None) has none of them, and neither has another seat's. The
ready-made splits are the channel panel's own (``games.magmor.presets.split_presets``),
sent to the leader alone while the leader splits: a page picks one in a tap or builds
its own allocation card by card; the table service checks it like any move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cogs.magmor.words import RESOURCES
from games.magmor.face import CellView, MagmorView, honour_vp, split_presets
from games.magmor.face import Face as EngineFace

Resource = Literal["water", "food", "axe", "pickaxe", "medicine"]
LAST_DAY = 17  # the day track's last space (MM-4.5.3)


class _Wire(BaseModel):
    model_config = ConfigDict(frozen=True)


class Cards(_Wire):
    """Some cards of one resource."""

    res: Resource
    n: int = Field(description="how many cards")


class FaceRow(_Wire):
    """One active row of a terrain's face (MM-4.3.2)."""

    res: Resource
    qty: int


class Face(_Wire):
    """A terrain's face: what is found, what the crossing asks."""

    found: list[FaceRow]
    pay: list[FaceRow]


class Cell(_Wire):
    """One cell of the 6×6 grid (A1 top left, Mag Mor at F6 bottom right)."""

    cell: str = Field(description="its name, A1 to F6")
    col: int = Field(description="0 (A) to 5 (F)")
    row: int = Field(description="0 (row 1) to 5 (row 6)")
    magmor: bool = Field(description="the Mag Mor card (F6): no back, no face")
    terrain: str | None = Field(description="the back's terrain (public); None for Mag Mor")
    explore_cost: Resource | None = Field(description="the card a leader discards to explore it")
    hint: Resource | None = Field(description="the back's hint: its toll asks 2 or 3 of this type")
    step: int | None = Field(description="its place on the path (1 = A1) once crossed")
    current: bool = Field(description="the terrain being crossed this turn")
    candidate: bool = Field(description="the leader may choose it now")
    explored_with: Resource | None = Field(
        description="explored this turn, for this card (public: who explored is the leader)"
    )
    face: Face | None = Field(description="the face, once crossed (public)")
    peek: Face | None = Field(description="the face this seat explored itself (its own page only)")


class Category(_Wire):
    """A row of the toll and who paid it."""

    res: Resource
    qty: int
    paid_by: int | None


class Player(_Wire):
    """A seat's public state."""

    seat: int
    honour: int = Field(description="-10 to +9")
    honour_vp: int = Field(description="what that honour is worth at the end (MM-4.8.3)")
    cards: int = Field(description="hand size (public)")
    leader: bool
    barred: bool = Field(description="may not lead the next turn (difficult crossing)")
    acted: bool = Field(description="has acted in this payment round")
    paid: Resource | None = Field(description="the toll category it paid this round")
    magmor_paid: list[Cards] = Field(description="the two cards it paid at Mag Mor")


class Share(_Wire):
    """What one seat gets in a split."""

    seat: int
    cards: list[Cards]


class Preset(_Wire):
    """A ready-made split, as the channel's panel offers it (best first)."""

    kind: Literal["all", "type", "toll", "each", "other", "keep"]
    to: int | None = Field(description="who gets everything, the type, the toll, or the rest")
    res: Resource | None
    count: int
    usual: bool = Field(description="the split the normal AI would make")
    shares: list[Share]


class MagmorPage(_Wire):
    """A Mag Mor table as one seat (or a spectator) may see it."""

    players: int
    turn: int
    day: int
    last_day: int = Field(description="the day the expedition must cross Mag Mor by")
    phase: Literal["choose", "split", "pay", "magmor", "over"]
    leader: int | None
    seats: list[Player]
    piles: list[Cards]
    cells: list[Cell] = Field(description="36 cells in reading order")
    path: list[str]
    taken: list[Cards] = Field(description="the cards found this turn, to split")
    shortfall: list[Cards] = Field(description="cards the piles could not give")
    categories: list[Category] = Field(description="this terrain's toll")
    to_act: list[int] = Field(description="who still acts in the payment round, in order")
    magmor_cards: int = Field(description="cards each player pays at Mag Mor")
    last_crossing: Literal["easy", "difficult"] | None
    success: bool | None
    hand: list[Cards] | None = Field(description="the seat's own hand, every type (its page only)")
    objective: list[Cards] | None = Field(description="VP per card of each type (its holder's page only)")
    score: int | None = Field(description="the seat's victory points if the game ended now")
    presets: list[Preset] = Field(description="ready-made splits (the splitting leader's page only)")


def _cards(bundle: Mapping[str, int], *, zeros: bool = False) -> list[Cards]:
    return [Cards(res=r, n=bundle.get(r, 0)) for r in RESOURCES if zeros or bundle.get(r, 0)]


def _face(face: EngineFace | None) -> Face | None:
    if face is None:
        return None
    return Face(
        found=[FaceRow(res=r.res, qty=r.qty) for r in face.found],
        pay=[FaceRow(res=r.res, qty=r.qty) for r in face.pay],
    )


def _cell(view: MagmorView, cell: CellView, index: int) -> Cell:
    explored = next((e.resource for e in view.explorations if e.cell == cell.cell), None)
    return Cell(
        cell=cell.cell,
        col=index % 6,
        row=index // 6,
        magmor=cell.magmor,
        terrain=cell.terrain,
        explore_cost=cell.explore_cost,
        hint=cell.hint,
        step=view.path.index(cell.cell) + 1 if cell.cell in view.path else None,
        current=cell.cell == view.current and view.phase != "choose",
        candidate=view.phase == "choose" and cell.cell in view.candidates,
        explored_with=explored,
        face=_face(cell.face),
        # The seat's own view holds the faces it explored and no other (MM-4.10.3).
        peek=_face(view.explored.get(cell.cell)),
    )


def _player(view: MagmorView, seat: int) -> Player:
    paid = next((c.res for c in view.categories if c.paid_by == seat), None)
    return Player(
        seat=seat,
        honour=view.honour[seat],
        honour_vp=honour_vp(view.honour[seat]),
        cards=view.hand_sizes[seat],
        leader=seat == view.leader,
        barred=seat == view.barred,
        acted=seat in view.acted,
        paid=paid,
        magmor_paid=_cards(view.magmor_paid.get(seat, {})),
    )


def _presets(view: MagmorView) -> list[Preset]:
    """The leader's ready-made splits while the leader splits; none in any other page."""
    if view.phase != "split" or view.seat is None or view.seat != view.leader:
        return []
    return [
        Preset(
            kind=p.kind,
            to=p.to,
            res=p.res,
            count=p.count,
            usual=p.usual,
            shares=[Share(seat=s, cards=_cards(c)) for s, c in sorted(p.allocation.items())],
        )
        for p in split_presets(view)
    ]


def _to_act(view: MagmorView) -> list[int]:
    if view.phase not in ("pay", "magmor") or view.leader is None:
        return []
    order = [(view.leader + step) % view.players for step in range(view.players)]
    return order[len(view.acted) :]


def page_state(view: MagmorView, seat: int | None) -> MagmorPage:
    """``view`` (``seat``'s own engine view) as the page draws it."""
    hand = view.hand if seat is not None else None
    objective = view.objective if seat is not None else None
    score = None
    if seat is not None and hand is not None and objective is not None:
        score = honour_vp(view.honour[seat]) + sum(n * objective.get(r, 0) for r, n in hand.items())
    return MagmorPage(
        players=view.players,
        turn=view.turn,
        day=view.day,
        last_day=LAST_DAY,
        phase=view.phase,
        leader=view.leader,
        seats=[_player(view, s) for s in range(view.players)],
        piles=_cards(view.piles, zeros=True),
        cells=[_cell(view, cell, index) for index, cell in enumerate(view.grid)],
        path=list(view.path),
        taken=_cards(view.taken),
        shortfall=_cards(view.shortfall),
        categories=[Category(res=c.res, qty=c.qty, paid_by=c.paid_by) for c in view.categories],
        to_act=_to_act(view),
        magmor_cards=2,
        last_crossing=view.last_crossing,
        success=view.success,
        hand=_cards(hand, zeros=True) if hand is not None else None,
        objective=_cards(objective, zeros=True) if objective is not None else None,
        score=score,
        presets=_presets(view),
    )
