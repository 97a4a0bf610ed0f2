"""Mag Mor's page state (cogs.magmor.page_state): made from a seat's own view, it holds that
seat's hand, objective and explored faces and nobody else's; a spectator's holds none;
the ready-made splits reach the splitting leader's page alone and each is a whole split."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from cogs.magmor.page_state import MagmorPage, page_state
from games.magmor import GAME, MagmorAction, MagmorState, validate_split
from games.magmor.actions import Explore
from games.magmor.data import OBJECTIVES, RESOURCES
from games.magmor.grid import CELLS


@cache
def positions() -> list[MagmorState]:
    """Every state of a few games (3 to 5 players) whose leaders explore whenever they can,
    so explored faces are seen."""
    out: list[MagmorState] = []
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed)
        while (decision := GAME.decision(state)) is not None:
            out.append(state)
            seat = decision.actors[0]
            legal = GAME.legal_actions(state, seat) or []
            explores = [a for a in legal if isinstance(a, Explore)]
            action: MagmorAction = (
                explores[0]
                if explores and rng.random() < 0.8
                else GAME.ai(seat).act(GAME.view(state, seat), decision)
            )
            state, _ = GAME.play(state, seat, action)
        out.append(state)
    return out


def pages(state: MagmorState) -> Iterator[tuple[int | None, MagmorPage]]:
    for seat in [None, *range(state.players)]:
        yield seat, page_state(GAME.view(state, seat), seat)


def test_a_seat_s_page_holds_its_own_hand_and_objective_and_no_one_else_s() -> None:
    for state in positions():
        for seat, page in pages(state):
            if seat is None:
                assert page.hand is None and page.objective is None and page.score is None
                continue
            assert {c.res: c.n for c in page.hand or []} == state.hands[seat]
            objective = OBJECTIVES[state.objectives[seat]]
            assert {c.res: c.n for c in page.objective or []} == {r: objective[r] for r in RESOURCES}
            assert [p.cards for p in page.seats] == [sum(h.values()) for h in state.hands]


def test_an_explored_face_is_in_its_explorer_s_page_alone() -> None:
    peeks = 0
    for state in positions():
        explorers = {e.cell: e.seat for e in state.explorations}
        for seat, page in pages(state):
            for cell in page.cells:
                if cell.peek is not None:
                    assert explorers.get(cell.cell) == seat, (cell.cell, seat)
                    peeks += seat is not None
                if cell.cell in explorers and state.phase == "choose":
                    # That it was explored, and with what, is public (MM-4.10.2).
                    explored = next(e for e in state.explorations if e.cell == cell.cell)
                    assert cell.explored_with == explored.resource
                    assert (cell.peek is not None) == (seat == explored.seat)
    assert peeks >= 5


def test_the_grid_is_the_whole_6x6_with_the_path_in_order() -> None:
    for state in positions():
        for _seat, page in pages(state):
            assert [c.cell for c in page.cells] == list(CELLS)
            crossed = sorted((c for c in page.cells if c.step is not None), key=lambda c: c.step or 0)
            assert [c.cell for c in crossed] == state.path
            for cell in page.cells:
                assert (cell.face is not None) == (cell.cell in state.path and not cell.magmor)
                assert cell.candidate == (state.phase == "choose" and cell.cell in state.candidates)
            assert page.cells[-1].magmor and page.cells[-1].terrain is None


def test_the_ready_made_splits_reach_the_splitting_leader_alone_and_each_is_whole() -> None:
    splits = 0
    for state in positions():
        for seat, page in pages(state):
            splitting = state.phase == "split" and seat == state.leader
            if not splitting:
                assert page.presets == []
                continue
            if not sum(state.taken.values()):
                continue
            splits += 1
            assert page.presets and page.presets[0].usual
            for preset in page.presets:
                validate_split(state, {s.seat: {c.res: c.n for c in s.cards} for s in preset.shares})
    assert splits >= 10


def test_the_payment_round_s_order_and_who_paid() -> None:
    for state in positions():
        if state.phase not in ("pay", "magmor"):
            continue
        for _seat, page in pages(state):
            assert page.to_act == state.still_to_act()
            for player in page.seats:
                assert player.acted == (player.seat in state.acted)
                paid = [c.res for c in state.categories if c.paid_by == player.seat]
                assert player.paid == (paid[0] if paid else None)


def test_the_page_state_is_plain_json() -> None:
    state = positions()[3]
    for _seat, page in pages(state):
        assert MagmorPage.model_validate_json(page.model_dump_json()) == page
