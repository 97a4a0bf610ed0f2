"""Take-backs (games.core.undo, TableService.undo): a member may take back their
own last move while no other seat has acted since, and the move drew no
randomness and showed nothing hidden (the game says which: ``undo_refusal``);
a secret choice may be changed until everyone has chosen. Each refusal says
why and changes nothing; the log keeps the move and its take-back, and the
export with take-backs replays (``python -m games verify``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.export import export_game
from bot.model import TableError
from bot.table import TableService
from games.core.protocol import UNDO_DICE
from games.core.undo import MAX_MOVES, UndoBook, after_move, take_back
from games.core.verify import verify
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.platform.walk import GOAL, Walk, WalkGame, WalkState

ANN, BOB, CID = 10, 11, 12
CH = 1


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setitem(GAMES, "walk", WalkGame())
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


async def started(service: TableService) -> None:
    await service.open_lobby(CH, 2, ANN, "ann", "walk", seats=3, speed="live", language="en")
    await service.join(CH, BOB, "bob")
    await service.join(CH, CID, "cid")
    applied = await service.start(CH, ANN, True)
    # The lobby seats players in a random order: put ann, bob and cid in seats 0, 1, 2.
    assert applied.state is not None
    assert sorted(s.user_id or 0 for s in applied.table.seats) == [ANN, BOB, CID]


async def seat_user(service: TableService, seat: int) -> int:
    found = await service.active(CH)
    assert found is not None
    user = found[1].seats[seat].user_id
    assert user is not None
    return user


async def state_of(service: TableService) -> WalkState:
    row = await service.store.latest(CH)  # the finished game's too
    assert row is not None
    state = service.state_of(row)
    assert isinstance(state, WalkState)
    return state


async def version(service: TableService) -> int:
    found = await service.active(CH)
    assert found is not None
    return found[0].version


async def refused(service: TableService, user: int, key: str) -> None:
    before, state = await version(service), await state_of(service)
    with pytest.raises(TableError) as caught:
        await service.undo(CH, user)
    assert caught.value.key == key
    assert await version(service) == before and await state_of(service) == state, "a refusal changes nothing"


async def test_a_member_takes_back_their_steps_one_at_a_time(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    start = await state_of(service)
    await service.act(CH, first, {"kind": "step", "n": 3})
    after_one = await state_of(service)
    found = await service.active(CH)
    assert found is not None and found[1].undo.base is not None
    for notice in await service.store.pending_notices(CH):
        # The book holds a whole state (every hand, the seed): never in a notice to publish.
        assert "undo" not in notice.payload.get("table", {})
    await service.act(CH, first, {"kind": "step", "n": 2})
    applied = await service.undo(CH, first)
    assert applied.state == after_one
    assert [e.key for e in applied.events] == ["table.event.undo"] and applied.events[0].public
    applied = await service.undo(CH, first)
    assert applied.state == start
    await refused(service, first, "undo.refused.none")
    log = await service.store.actions(applied.row.id)
    assert [a.source for a in log] == ["start", "player", "player", "undo", "undo"], "nothing is deleted"


async def test_a_take_back_is_refused_once_another_seat_has_acted(service: TableService) -> None:
    await started(service)
    first, second = await seat_user(service, 0), await seat_user(service, 1)
    await service.act(CH, first, {"kind": "step", "n": 1})
    await service.act(CH, first, {"kind": "end"})  # seat 0's end opens the secret round
    await service.act(CH, second, {"kind": "pick", "n": 2})
    await refused(service, first, "undo.refused.since")


async def test_a_roll_of_the_die_cannot_be_taken_back(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    await service.act(CH, first, {"kind": "step", "n": 1})
    await service.act(CH, first, {"kind": "roll"})
    await refused(service, first, UNDO_DICE)


async def test_a_secret_choice_may_change_until_everyone_has_chosen(service: TableService) -> None:
    await started(service)
    seats = [await seat_user(service, s) for s in range(3)]
    await service.act(CH, seats[0], {"kind": "end"})
    await service.act(CH, seats[0], {"kind": "pick", "n": 1})
    await service.act(CH, seats[1], {"kind": "pick", "n": 3})
    applied = await service.undo(CH, seats[0])  # bob chose since: still allowed, it was secret
    state = applied.state
    assert isinstance(state, WalkState) and state.picks == {1: 3}
    assert applied.decision is not None and applied.decision.actors == [0, 2]
    await service.act(CH, seats[0], {"kind": "pick", "n": 2})
    await service.act(CH, seats[2], {"kind": "pick", "n": 1})  # the last choice: all revealed
    state = await state_of(service)
    assert state.position == [2, 3, 1]
    for user in seats[1:]:
        await refused(service, user, "undo.refused.chosen")


async def test_a_default_at_the_deadline_ends_what_may_be_taken_back(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    await service.act(CH, first, {"kind": "end"})
    await service.act(CH, first, {"kind": "pick", "n": 1})
    service._core.clock = lambda: 10**9  # every deadline is past: the late seats get their defaults
    await service.run_due(CH)
    await refused(service, first, "undo.refused.since")


async def test_a_stranger_cannot_take_anything_back(service: TableService) -> None:
    await started(service)
    with pytest.raises(TableError) as caught:
        await service.undo(CH, 999)
    assert caught.value.key == "error.not_a_player"


async def test_an_export_with_take_backs_replays(service: TableService) -> None:
    await started(service)
    seats = [await seat_user(service, s) for s in range(3)]
    for _ in range(20):
        state = await state_of(service)
        if max(state.position) >= GOAL:
            break
        if state.secret_round:
            for seat in range(3):
                await service.act(CH, seats[seat], {"kind": "pick", "n": 3})
                if seat == 0:
                    await service.undo(CH, seats[0])
                    await service.act(CH, seats[0], {"kind": "pick", "n": 2})
            continue
        user = seats[state.turn]
        await service.act(CH, user, {"kind": "step", "n": 3})
        await service.undo(CH, user)
        await service.act(CH, user, {"kind": "step", "n": 2})
        await service.act(CH, user, {"kind": "end"})
    row = await service.store.latest(CH)
    assert row is not None and row.status == "finished"
    export = await export_game(service.store, row)
    assert sum(1 for a in export["actions"] if a["source"] == "undo") >= 4
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems
    assert verdict.undos >= 4
    # A take-back the book would not have allowed fails: seat 1 or 2 ends its turn,
    # the next seat moves, then the first "takes back" its end.
    actions = export["actions"]
    i = next(
        i
        for i, a in enumerate(actions)
        if a["source"] == "player" and a["action"]["kind"] == "end" and a["seat"] != 0
    )
    undo = {"seat": actions[i]["seat"], "source": "undo", "action": {"kind": "undo"}, "events": []}
    forged = [*actions[: i + 2], undo, *actions[i + 2 :]]
    first = actions[0]["version"]
    forged = [{**entry, "version": first + n} for n, entry in enumerate(forged)]
    verdict = verify({**export, "actions": forged}, GAMES)
    assert not verdict.ok
    assert any("take-back the rules do not allow (undo.refused.since)" in p for p in verdict.problems)


def test_the_oldest_of_a_long_run_of_moves_falls_out_of_reach() -> None:
    """A seat's run of moves is kept MAX_MOVES deep: the base moves on past the oldest."""
    game = WalkGame()
    state = game.new_game(2, 1)
    state.steps_left = 100  # a long turn
    book = UndoBook()
    for _ in range(MAX_MOVES + 3):
        before_json, before = state.model_dump_json(), game.decision(state)
        action = Walk(kind="step", n=0)
        after, events = game.play(state, 0, action)
        book = after_move(game, book, 0, before_json, before, action, events, after)
        state = after
    assert len(book.moves) == MAX_MOVES
    restored, book = take_back(game, book, 0)
    assert restored.position == state.position and len(book.moves) == MAX_MOVES - 1


@pytest.mark.parametrize("game_id", list(GAMES))
def test_whatever_a_game_lets_back_is_taken_back_exactly(game_id: str) -> None:
    """Random play in every game, every move a member's: whenever the book lets
    the seat that just moved take it back, the take-back gives exactly the state
    before the move (the book's replay of the moves kept is exact)."""
    import random

    game = GAMES[game_id]
    players = min(max(3, game.min_players), game.max_players)
    checked = 0
    for seed in range(3):
        state, rng, book = game.new_game(players, seed), random.Random(seed), UndoBook()
        for _ in range(400):
            decision = game.decision(state)
            if decision is None:
                break
            seat = rng.choice(decision.actors)
            action = game.random_action(state, seat, rng)
            before_json = state.model_dump_json()
            after, events = game.play(state, seat, action)
            book = after_move(game, book, seat, before_json, decision, action, events, after)
            if book.why_not(seat) is None:
                restored, _ = take_back(game, book, seat)
                assert restored == state, f"{action} taken back is not the state before it"
                checked += 1
            state = after
    assert checked > 0, "random play never made a move this game lets a player take back"


# -- a take-back and the clock: the decision's deadline and the missed-deadline count --
async def clock_of(service: TableService) -> tuple[float | None, float | None]:
    found = await service.active(CH)
    assert found is not None
    return found[0].deadline_at, found[0].reminder_at


def set_clock(service: TableService, now: float) -> None:
    service._core.clock = lambda: now


async def test_a_take_back_gives_the_decision_no_fresh_deadline(service: TableService) -> None:
    """After a take-back the decision is the one whose clock ran before the move:
    its deadline is the one it had, not a new one; its reminder, whose time went by
    while the move stood, is not sent now (a reminder still to come is kept: the
    secret round's test below)."""
    await started(service)
    first = await seat_user(service, 0)
    opened = await clock_of(service)
    assert opened[0] is not None
    set_clock(service, 1100.0)
    await service.act(CH, first, {"kind": "step", "n": 3})
    assert (await clock_of(service))[0] != opened[0], "a move opens a decision with its own deadline"
    set_clock(service, 1150.0)
    await service.undo(CH, first)
    assert opened[1] is not None and opened[1] < 1150.0
    assert await clock_of(service) == (opened[0], None)


async def test_playing_and_taking_back_does_not_hold_off_the_deadline(service: TableService) -> None:
    """A member who plays and takes back the same move every minute still meets
    the deadline of their turn: its default is played when its time comes."""
    await started(service)
    first = await seat_user(service, 0)
    deadline, _ = await clock_of(service)
    assert deadline is not None
    now, timed_out = 1000.0, None
    while now < 1000.0 + 150 * 60 and timed_out is None:
        now += 60
        set_clock(service, now)
        await service.act(CH, first, {"kind": "step", "n": 3})
        await service.undo(CH, first)
        applied = await service.run_due(CH)
        if applied is not None and applied.auto_seats:
            timed_out = now
    assert timed_out is not None, "the deadline never came"
    assert timed_out < deadline + 60


async def test_a_take_back_restores_the_count_of_missed_deadlines(service: TableService) -> None:
    """A move breaks a run of missed deadlines; taking it back un-breaks it, and the
    next deadline missed hands the seat to the AI (bot.seats.TIMEOUTS_TO_AI)."""
    await started(service)
    users = [await seat_user(service, s) for s in range(3)]

    async def deadline_passes() -> None:
        deadline, _ = await clock_of(service)
        assert deadline is not None
        set_clock(service, deadline + 1)
        applied = await service.run_due(CH)
        assert applied is not None and 0 in applied.auto_seats

    await deadline_passes()  # seat 0's turn: its default ends it, the secret round opens
    await service.act(CH, users[1], {"kind": "pick", "n": 1})
    await service.act(CH, users[2], {"kind": "pick", "n": 1})
    await deadline_passes()  # seat 0's pick is its default
    await service.act(CH, users[1], {"kind": "end"})
    await service.act(CH, users[2], {"kind": "end"})
    found = await service.active(CH)
    assert found is not None and found[1].seats[0].timeouts == 2
    await service.act(CH, users[0], {"kind": "step", "n": 1})
    applied = await service.undo(CH, users[0])
    assert applied.table.seats[0].timeouts == 2, "the take-back un-breaks the run"
    await deadline_passes()
    found = await service.active(CH)
    assert found is not None and found[1].seats[0].ai, "the third missed deadline hands the seat over"


async def test_taking_back_a_secret_choice_keeps_the_round_deadline(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    await service.act(CH, first, {"kind": "end"})  # the secret round opens
    opened = await clock_of(service)
    set_clock(service, 1030.0)
    await service.act(CH, first, {"kind": "pick", "n": 1})
    set_clock(service, 1060.0)
    await service.undo(CH, first)
    assert await clock_of(service) == opened


async def test_a_take_back_does_not_send_a_reminder_again(service: TableService) -> None:
    """The round's reminder went out while a secret choice stood: taking the choice
    back keeps the round's deadline but does not bring the sent reminder back (the
    others still choosing would be reminded twice)."""
    await started(service)
    first = await seat_user(service, 0)
    await service.act(CH, first, {"kind": "end"})  # the secret round opens
    deadline, reminder = await clock_of(service)
    assert deadline is not None and reminder is not None
    await service.act(CH, first, {"kind": "pick", "n": 1})
    set_clock(service, reminder + 1)
    await service.run_due(CH)  # the reminder goes out
    assert await clock_of(service) == (deadline, None)
    await service.undo(CH, first)
    assert await clock_of(service) == (deadline, None)


# -- why ↩️ Undo is not offered: one line in the panel, while it helps --
async def note_of(service: TableService, seat: int) -> str | None:
    from cogs.panel import panel_context
    from cogs.undo import undo_note

    found = await service.active(CH)
    assert found is not None
    row, table = found
    game = GAMES[row.game]
    state = game.load_state(row.state or "")
    return undo_note(panel_context(game, state, CH, row.version, table, seat, None, "en"))


async def test_why_undo_is_not_offered_is_said_until_the_seats_next_turn(service: TableService) -> None:
    await started(service)
    users = [await seat_user(service, s) for s in range(3)]
    assert await note_of(service, 0) is None, "nothing to take back is not worth a line"
    await service.act(CH, users[0], {"kind": "step", "n": 1})
    assert await note_of(service, 0) is None, "↩️ Undo is offered"
    await service.act(CH, users[0], {"kind": "roll"})
    assert await note_of(service, 0) == "-# ↩️ You can't take that move back: the dice have been rolled."
    await service.act(CH, users[0], {"kind": "end"})
    for user in users:  # the secret round; the last pick reveals them all
        await service.act(CH, user, {"kind": "pick", "n": 1})
    assert await note_of(service, 2) == (
        "-# ↩️ You can't change your choice any more: everyone has chosen and the choices are revealed."
    )
    assert await note_of(service, 1) is None, "seat 1's turn begins: its pick is history"
    await service.act(CH, users[1], {"kind": "end"})
    await service.act(CH, users[2], {"kind": "end"})
    assert await note_of(service, 0) is None, "seat 0's next turn: nothing more to say"
    await refused(service, users[0], "undo.refused.chosen")  # /undo still says why, when asked


async def test_an_ai_seats_move_is_named_as_why(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Narnia, a member and two AI seats: when the AI's moves follow the
    member's at once, the panel and /undo say an AI seat has moved since."""
    import random

    from cogs.panel import panel_context
    from cogs.undo import undo_note

    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 3)
    store = await open_store(database)
    service = TableService(store, make_settings(database), clock=lambda: 1000.0)
    game = GAMES["narnia"]
    await service.open_lobby(CH, 2, ANN, "ann", "narnia", seats=3, speed="live", language="en")
    for _ in range(2):
        await service.add_ai(CH, ANN, False, "easy")
    await service.start(CH, ANN, False)
    rng, note = random.Random(3), None
    for _ in range(100):
        found = await service.active(CH)
        assert found is not None
        row, table = found
        seat = table.seat_of(ANN)
        assert seat is not None
        state = game.load_state(row.state or "")
        if table.undo.refused.get(seat) == "undo.refused.ai":
            note = undo_note(panel_context(game, state, CH, row.version, table, seat, None, "en"))
            break
        decision = game.decision(state)
        assert decision is not None
        if seat not in decision.actors:
            await service.run_due(CH)  # the AI stretch's next slice
            continue
        action = rng.choice(game.legal_actions(state, seat) or [game.random_action(state, seat, rng)])
        await service.act(CH, ANN, action.model_dump(mode="json"))
    assert note == "-# ↩️ You can't take that move back: an AI seat has moved since."
    with pytest.raises(TableError) as caught:
        await service.undo(CH, ANN)
    assert caught.value.key == "undo.refused.ai"
    await store.close()
