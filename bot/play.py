"""Play: a member's move, a take-back, leaving, ``/end``, and the panel's drafts
(a part of the table service, ``bot.table``).

Every operation takes the channel's lock, loads the row, checks who is acting
and against which version, applies, runs the AI seats up to a slice, and
persists snapshot + action log in one transaction (``TableCore.commit``) before
returning. What follows a change is the runtime's (``bot.changes``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from bot.ai_moves import play_ai_off_loop
from bot.logs import log_fields
from bot.model import Applied, LogRow, MoveClock, Sitting, TableError, TableInfo, table_of
from bot.replays import remember
from bot.seats import left_entry
from bot.store import GameRow
from bot.table_core import TableCore, revealed
from games.core import Event
from games.core.undo import UNDO_SOURCE, UndoRefused, after_move, take_back

log = logging.getLogger("gamemaster.table")

UNDO_EVENT = "table.event.undo"


class Play:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def act(
        self,
        channel_id: int,
        user_id: int,
        action_data: dict[str, Any],
        *,
        version: int | None = None,
        then: Sequence[dict[str, Any]] = (),
    ) -> Applied:
        """Apply a player's action, and the actions ``then`` after it, in one change (each
        checked by the rules in turn, and taken back one by one). Raises TableError or
        RuleError; nothing changes then, not even the first."""
        async with self.core.lock(channel_id):
            row, info, game, state, seat = await self.core.seated(channel_id, user_id, version=version)
            before = game.decision(state)
            before_json = row.state or ""
            # The clock this change found: a take-back of any of its moves puts it back.
            clock = MoveClock(
                deadline_at=row.deadline_at, reminder_at=row.reminder_at, timeouts=info.seats[seat].timeouts
            )
            new_state, events, log_rows = state, list[Event](), list[LogRow]()
            for data in (action_data, *then):
                try:
                    action = game.parse_action(data)
                except ValidationError:
                    raise TableError("error.bad_action") from None
                if log_rows:
                    before_json = new_state.model_dump_json()
                decided = game.decision(new_state)
                # The state was loaded for this change alone: no copy to keep it
                # intact (a refusal drops it with the rest of this call).
                new_state, played = game.play_owned(new_state, seat, action)
                info.undo = after_move(
                    game,
                    info.undo,
                    seat,
                    before_json,
                    decided,
                    action,
                    played,
                    new_state,
                    keep=clock.model_dump(),
                )
                events += played
                log_rows.append(("player", seat, user_id, action.model_dump(), played))
            info.seats[seat].timeouts = 0  # an own action breaks a run of timeouts
            applied = Applied(
                row=row,
                table=info,
                game=game,
                state=new_state,
                events=list(events),
                before=before,
                by=seat,
            )
            await play_ai_off_loop(applied, log_rows, *self.core.ai_slice(interactive=True))
            await self.core.commit(applied, log_rows)
            log.info(
                "action",
                extra=log_fields(
                    channel=channel_id, game=row.game, seat=seat, action=action_data.get("kind")
                ),
            )
            return applied

    async def undo(self, channel_id: int, user_id: int, *, version: int | None = None) -> Applied:
        """A member takes back their last move (games.core.undo); with
        ``version``, only from a panel that may still act (the ↩️ button). Raises
        TableError with the reason where they may not; nothing changes then."""
        async with self.core.lock(channel_id):
            row, info, game, state, seat = await self.core.seated(channel_id, user_id, version=version)
            if version is not None and version != row.version:
                # Stricter than a choice's controls, which stay valid while the
                # others choose in secret (TableInfo.fresh): ↩️ takes back the move
                # its panel showed, and after any change since it could take back
                # another (an Undo at the version a choice found, raced against
                # that choice, took it back as soon as it was made).
                raise TableError("error.stale")
            move = info.undo.last(seat)
            try:
                restored, info.undo = take_back(game, info.undo, seat)
            except UndoRefused as refusal:
                raise TableError(refusal.key) from None
            # The decision the move answered is back, with its clock as the move found it.
            assert move is not None
            clock = MoveClock.model_validate(move.kept) if move.kept else None
            if clock is not None:
                info.seats[seat].timeouts = clock.timeouts
            events = [Event(key=UNDO_EVENT, params={"seat": seat})]
            before = game.decision(state)
            remember(info, seat, before, row.deadline_at, row.reminder_at)  # should the move come again
            applied = Applied(
                row=row,
                table=info,
                game=game,
                state=restored,
                events=[*events],
                before=before,
                by=seat,
                clock=clock,
            )
            await self.core.commit(applied, [(UNDO_SOURCE, seat, user_id, {"kind": UNDO_SOURCE}, events)])
            log.info("undo", extra=log_fields(channel=channel_id, game=row.game, seat=seat))
            return applied

    async def leave_game(self, channel_id: int, user_id: int) -> Applied:
        """A player leaves for good: an AI takes the seat with its hand (R36)."""
        async with self.core.lock(channel_id):
            row, info, game, state, seat = await self.core.seated(channel_id, user_id)
            entry = left_entry(info, seat)  # the AI holds the seat; the log says who held it when
            applied = Applied(row=row, table=info, game=game, state=state, before=game.decision(state))
            applied.events.extend(entry[4])  # a copy: the AI's events follow in their own log rows
            log_rows: list[LogRow] = [entry]
            await play_ai_off_loop(applied, log_rows, *self.core.ai_slice(interactive=True))
            await self.core.commit(applied, log_rows)
            return applied

    async def end(self, channel_id: int, user_id: int, may_manage: bool) -> Applied:
        """The host or a moderator ends the game: everything is revealed."""
        async with self.core.lock(channel_id):
            row, info, game, state = await self.core.load_playing(channel_id)
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            info.ended_by = user_id
            events = [Event(key="table.event.ended", params={}), *game.reveal_events(state), revealed(info)]
            applied = Applied(row=row, table=info, game=game, state=state, events=events)
            row.status = "finished"
            row.result = {"ended_by": user_id, "outcome": None, "seats": [s.model_dump() for s in info.seats]}
            await self.core.commit(applied, [("end", None, user_id, {"kind": "end"}, events)], finish=False)
            return applied

    async def sitting(self, channel_id: int, user_id: int) -> Sitting:
        """What the member's panel shows: the table in play, their seat and draft."""
        row, info, game, state, seat = await self.core.seated(channel_id, user_id)
        return Sitting(row, info, game, state, seat, draft_of(row, info, seat))

    # -- drafts (UI state such as a split in preparation) -----------------
    async def draft(self, channel_id: int, seat: int) -> dict[str, Any] | None:
        row = await self.core.store.active(channel_id)
        return None if row is None else draft_of(row, table_of(row), seat)

    async def save_draft(self, channel_id: int, seat: int, version: int, data: dict[str, Any]) -> None:
        async with self.core.lock(channel_id):
            row = await self.core.store.active(channel_id)
            if row is None:
                raise TableError("error.stale")
            info = table_of(row)
            if not info.fresh(row.version, version):
                raise TableError("error.stale")
            drafts = {
                k: v for k, v in row.drafts.items() if info.fresh(row.version, int(v.get("version", -1)))
            }
            drafts[str(seat)] = {"version": version, "data": data}
            await self.core.store.save_drafts(row.id, drafts)


def draft_of(row: GameRow, info: TableInfo, seat: int) -> dict[str, Any] | None:
    """The seat's saved draft, while the version it was made at may still act."""
    saved = row.drafts.get(str(seat))
    if not saved or not info.fresh(row.version, int(saved.get("version", -1))):
        return None
    data: dict[str, Any] = saved["data"]
    return data
