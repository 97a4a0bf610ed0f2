"""The channel's words of a change: its public lines, the ping for whoever must act
next, a deadline's reminder, and the turn line above the board."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.i18n import join, t
from bot.model import TableInfo, table_of
from bot.render import event_text, seat_name
from bot.store import GameRow
from cogs.channel.change import Change, Part
from cogs.kit.controls import MESSAGE_LIMIT, chunks
from cogs.kit.presenter import PRESENTERS
from cogs.kit.record import decision_line
from games.core import GameState
from games.registry import GAMES


def turn_line(row: GameRow, table: TableInfo, state: GameState | None) -> str:
    """Whose turn it is and what they decide, in words: the one place a board says it
    (its embed does not), above the turn's lines; '' once it is over."""
    decision = GAMES[row.game].decision(state) if state is not None and row.status == "playing" else None
    return decision_line(row.game, table, decision, table.language) if decision is not None else ""


def above_board(turn: str, lines: str) -> str | None:
    """A board's text while its turn goes on: whose turn, then the turn's lines (the
    ping line said the turn when it was posted; the record keeps only the lines)."""
    if len(turn) + 1 + len(lines) > MESSAGE_LIMIT:
        turn = ""  # a long turn's lines come first
    return "\n".join(x for x in (turn, lines) if x) or None


def turn_record(row: GameRow, table: TableInfo, state: GameState | None) -> str | None:
    """The line a board keeps when it is cut down and its turn left no line of
    its own (all went into its battle): whose turn it was."""
    decision = GAMES[row.game].decision(state) if state is not None else None
    if decision is None:
        return None
    seats = join([seat_name(table, s) for s in decision.actors], table.language)
    return t("table.turn_record", table.language, seats=seats)


def change_lines(applied: Change, language: str) -> list[str | tuple[str]]:
    """The public story of a change: text lines, and ``(key,)`` where a
    live message belongs (once per key, at its first event)."""
    game_id, table = applied.row.game, applied.table
    lines: list[str | tuple[str]] = []
    if applied.continued:
        # One more seat has made a hidden choice: the board's "chosen" marks
        # say so; a line per choice would only flood the channel (see /log).
        return []
    # Who ran out of time comes first: the default moves' own lines follow,
    # then whatever came of them (an AI taking over a seat, the next turn).
    for seat in applied.auto_seats:
        lines.append(t("table.event.timeout", language, seat=seat_name(table, seat)))
    live_seen: set[str] = set()
    for event in applied.events:
        if not event.public:
            continue
        live = event.params.get("live")
        if isinstance(live, str):
            if live not in live_seen:
                live_seen.add(live)
                lines.append((live,))
            continue
        lines.append(event_text(game_id, table, event, language))
    outcome = applied.outcome
    if applied.finished and outcome is not None:
        presenter = PRESENTERS[game_id]
        lines.extend(presenter.final_lines(table, outcome, language))
        lines.extend(presenter.outcome_lines(table, outcome, language))
    return lines


def ping_of(applied: Change, language: str) -> tuple[str, list[int]] | None:
    """Whoever the change asked to act and still must (a notice published
    late does not ping for a decision that is over)."""
    decision = applied.decision
    if decision is None or applied.row.status != "playing" or applied.continued:
        return None
    now = table_of(applied.row)  # who holds each seat now
    asked = [int(s) for s in applied.notice.payload.get("ping", [])]
    users = [
        u
        for s in decision.asked
        if s in asked and not now.seats[s].ai and (u := now.seats[s].user_id) is not None
    ]
    if not users:
        return None
    text = decision_line(applied.row.game, now, decision, language)
    if decision.quiet_round and len(asked) > 1:  # a live round opening: all asked at once
        later = [seat_name(now, s) for s in decision.asked[1:]]
        text += " " + t("table.in_turn", language, seats=join(later, language))
    mentions = " ".join(f"<@{u}>" for u in users)
    return f"{mentions} {text} {t('table.press_hand', language)}", users


def parts_of(lines: list[str | tuple[str]]) -> list[Part]:
    """The parts of a notice, in order: blocks of lines for the turn's
    message and live messages' keys. Drawn again from the notice on a
    retry, so ``sent`` counts the parts Discord has."""
    out: list[Part] = []
    pending: list[str] = []
    for line in lines:
        if isinstance(line, tuple):
            out.extend(("lines", [text]) for text in chunks(pending))
            pending = []
            out.append(line)
        else:
            pending.append(line)
    out.extend(("lines", [text]) for text in chunks(pending))
    return out


def reminder_of(change: Change) -> tuple[str, list[int]] | None:
    """A reminder still holds if nothing changed since (same version)."""
    row, table = change.row, table_of(change.row)
    if row.status != "playing" or row.version != change.notice.version or row.deadline_at is None:
        return None
    seats = [int(s) for s in change.notice.payload.get("seats", [])]
    users = [u for s in seats if not table.seats[s].ai and (u := table.seats[s].user_id) is not None]
    if not users:
        return None
    when = discord.utils.format_dt(datetime.fromtimestamp(row.deadline_at, tz=UTC), "R")
    mentions = join([f"<@{u}>" for u in users], table.language)
    return t("table.reminder", table.language, seats=mentions, when=when), users
