"""A seat's own legal action in words, for the panel's hint: one imperative line
in the panel's vocabulary ("Peek at B2…", "Pay 🪓 2 axes…", "Pass…").

Everything comes from the seat's own view: the backs of the candidates, the faces
this seat explored, its hand and objective, the public toll. Other seats are named
by their names where the table gives them ("seat N" otherwise), this seat "you"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render import resource
from cogs.magmor.words import EMOJI, GAME, cards_text, count_of, face_text
from games.magmor.face import ACTION_ADAPTER, CellView, Choose, Explore, MagmorView, Pay, PayMagMor, Split


def hint(key: str, language: str, **params: Any) -> str:
    return t(f"magmor.hint.{key}", language, **params)


def describe_action(
    view: MagmorView, action: dict[str, Any], language: str, names: Sequence[str] = ()
) -> str:
    """``action`` (JSON, one of this seat's legal actions) as one line for its player;
    ``names``, the seats' names (else "seat N")."""
    parsed = ACTION_ADAPTER.validate_python(action)
    if isinstance(parsed, Explore):
        return _explore(view, parsed.cell, language)
    if isinstance(parsed, Choose):
        return _choose(view, parsed.cell, language)
    if isinstance(parsed, Split):
        return _split(view, parsed.allocation, language, names)
    if isinstance(parsed, Pay):
        return _pay(view, parsed.resource, language)
    if isinstance(parsed, PayMagMor):
        return _pay_magmor(view, parsed.cards, language)
    return _pass(view, language)


# -- words shared by the lines ---------------------------------------------------


def _cell(view: MagmorView, name: str) -> CellView:
    return next(c for c in view.grid if c.cell == name)


def _terrain(cell: CellView, language: str) -> str:
    """A terrain's name from its back (public); Mag Mor's cell has no back."""
    return t(f"magmor.terrain.{cell.terrain or 'magmor'}", language)


def _named(res: str, language: str) -> str:
    """ "💧 water": a resource type with its emoji, as a card's type."""
    return f"{EMOJI[res]} {resource(GAME, res, language)}"


# -- phase 1: explore and choose ----------------------------------------------------


def _explore(view: MagmorView, name: str, language: str) -> str:
    # MM-4.2.4: the cost is printed on the back; the face is then shown to this seat alone (R10).
    cell = _cell(view, name)
    return hint(
        "explore",
        language,
        cell=name,
        terrain=_terrain(cell, language),
        resource=_named(cell.explore_cost or "", language),
    )


def _choose(view: MagmorView, name: str, language: str) -> str:
    cell = _cell(view, name)
    terrain = _terrain(cell, language)
    face = view.explored.get(name)
    if face is not None:
        # This seat peeked at it: its own view holds the face (MM-4.10.3).
        return hint("choose_explored", language, cell=name, terrain=terrain, face=face_text(face, language))
    if cell.hint is None:
        return hint("choose_plain", language, cell=name, terrain=terrain)
    return hint("choose", language, cell=name, terrain=terrain, hint=_named(cell.hint, language))


# -- phase 2: the split ----------------------------------------------------------------


def _split(
    view: MagmorView, allocation: Mapping[int, Mapping[str, int]], language: str, names: Sequence[str]
) -> str:
    given = {seat: {r: n for r, n in cards.items() if n} for seat, cards in allocation.items()}
    given = {seat: cards for seat, cards in given.items() if cards}
    if set(given) <= {view.seat}:
        # MM-4.3.4: keeping everything is always legal; the usual case.
        return hint("split_keep", language, cards=cards_text(view.taken, language))
    # This seat first, then the others in seat order (the board's order of players).
    order = sorted(given, key=lambda seat: (seat != view.seat, seat))
    parts = [_share(view, seat, given[seat], language, names) for seat in order]
    return hint("split", language, parts="; ".join(parts))


def _share(view: MagmorView, seat: int, cards: Mapping[str, int], language: str, names: Sequence[str]) -> str:
    what = cards_text(cards, language)
    if seat == view.seat:
        return hint("split_you", language, cards=what)
    if seat < len(names):
        return hint("split_named", language, cards=what, name=names[seat])
    return hint("split_seat", language, cards=what, number=seat + 1)


# -- phase 3: the payment rounds -------------------------------------------------------


def _pay(view: MagmorView, res: str, language: str) -> str:
    category = next(c for c in view.categories if c.res == res)
    cards = f"{EMOJI[res]} {count_of(res, category.qty, language)}"
    here = _cell(view, view.current or "")
    unpaid = [c for c in view.categories if c.paid_by is None and c.res != res]
    # MM-4.4.2 / MM-4.5.1: paying the last unpaid category ends the round with an easy crossing.
    key = "pay" if unpaid else "pay_last"
    return hint(key, language, cards=cards, cell=here.cell, terrain=_terrain(here, language))


def _pay_magmor(view: MagmorView, cards: Mapping[str, int], language: str) -> str:
    # MM-4.7.2: any 2 cards; what they would have been worth at the end, by this seat's objective.
    values = view.objective or {}
    worth = sum(n * values.get(r, 0) for r, n in cards.items())
    return hint("pay_magmor", language, cards=cards_text(cards, language), count=worth)


def _pass(view: MagmorView, language: str) -> str:
    if view.phase == "magmor":
        return hint("pass_magmor", language)
    here = _cell(view, view.current or "")
    return hint("pass", language, cell=here.cell, terrain=_terrain(here, language))


# -- why: one game-level reason, from the move and the seat's own view --------------------


def hint_reason(view: MagmorView, action: dict[str, Any], language: str) -> str | None:
    """Why the hint's move helps, by the seat's own objective (what each resource counts at
    the end, MM-6) and its own hand: never another seat's cards or objective."""
    parsed = ACTION_ADAPTER.validate_python(action)
    values = view.objective or {}
    if isinstance(parsed, Pay):
        unpaid = [c.res for c in view.categories if c.paid_by is None]
        key = (
            "why.pay_cheapest"
            if all(values.get(parsed.resource, 0) <= values.get(r, 0) for r in unpaid)
            else "why.pay"
        )
        return hint(
            key, language, resource=_named(parsed.resource, language), count=values.get(parsed.resource, 0)
        )
    if isinstance(parsed, PayMagMor):
        cards = sorted(v for r, n in (view.hand or {}).items() for v in [values.get(r, 0)] * n)
        worth = sum(n * values.get(r, 0) for r, n in parsed.cards.items())
        return hint("why.magmor_least" if worth <= sum(cards[:2]) else "why.magmor", language, count=worth)
    if isinstance(parsed, Split):
        kept = parsed.allocation.get(view.seat, {}) if view.seat is not None else {}
        return hint("why.split", language, count=sum(n * values.get(r, 0) for r, n in kept.items()))
    if isinstance(parsed, Explore):
        cost = _cell(view, parsed.cell).explore_cost or ""
        return hint("why.explore", language, resource=_named(cost, language), count=values.get(cost, 0))
    if isinstance(parsed, Choose):
        cell = _cell(view, parsed.cell)
        if parsed.cell in view.explored:
            return hint("why.choose_seen", language)
        if cell.hint is not None:
            held = (view.hand or {}).get(cell.hint, 0)
            if held:  # none held: the hand gives no reason
                return hint("why.choose_hint", language, resource=_named(cell.hint, language), count=held)
    return None
