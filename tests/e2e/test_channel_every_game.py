"""The channel behaves, in every game and both languages (SimCord): the board
follows the turn, the boards before it are cut down to their turn's lines, each
turn change pings exactly the members it newly asks to act, on the new board,
a panel a member opened earlier has been redrawn when their click is due and
that click acts, and nothing hidden reaches the channel (the board is the
spectator's view; no private event's line is in a public message).

Members play as bench/channel.py's do (the game's normal AI picks the move, the
member clicks it in their own panel: bench/channel_players.py); every member
opens My hand right after the Start and plays on from that panel. The games
come from the registry. SQLite only: the store is not what is tested here."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord

from bench.channel import MENTION, Request, Run, Seen, patched, tapped
from bot.model import table_of
from bot.render import event_text, seat_names
from cogs.kit.presenter import PRESENTERS
from games.core.events import Event
from games.registry import GAMES
from tests.e2e.helpers import custom_ids

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)

TURN_CHANGES = 4  # after the Start's
MOVES = 60  # a budget: Mag Mor's leader explores, chooses and splits in one turn


def hand_id(run: Run) -> str:
    return f"gm:{run.channel.id}:hand"


def drawn_at(shown: Any) -> set[int]:
    """The table versions a panel's game controls were drawn at."""
    found = set()
    for custom_id in custom_ids(shown):
        parts = custom_id.split(":")
        if len(parts) > 3 and parts[3] in ("a", "s"):
            found.add(int(parts[2]))
    return found


def has_picture(message: discord.Message) -> bool:
    return bool(message.attachments) or any(e.image.url or e.thumbnail.url for e in message.embeds)


def check_boards(run: Run, boards_seen: set[int], *, turn_change: bool = True) -> discord.Message:
    """One live board, among the channel's last two messages at a turn change (within
    a turn a battle's or a reveal's message may come below it); every board before
    it (and the lobby it grew from) gone or cut down to text: no picture, no
    embed, no controls. Returns the live board."""
    history = run.channel.history()
    live = [m for m in history if hand_id(run) in custom_ids(m)]
    assert len(live) == 1, [m.id for m in live]
    [board] = live
    if turn_change:
        assert board.id in [m.id for m in history[-2:]], "the board follows the turn"
    assert board.embeds, "the live board shows the table"
    boards_seen.add(board.id)
    for message in history:
        if message.id in boards_seen and message.id != board.id:
            assert not message.attachments, message.id
            assert not message.embeds, (message.id, [e.to_dict() for e in message.embeds])
            assert not message.components, (message.id, custom_ids(message))
        elif message.id != board.id:  # no other message carries a picture or controls
            assert not has_picture(message) and not message.components, (message.id, message.content)
    return board


def asked_by(run: Run, now: Seen, before: Seen | None = None) -> set[int]:
    """The members ``now``'s decision asks to act, once it differs from ``before``'s."""
    if now.decision is None or (before is not None and now.decision.goes_on(before.decision)):
        return set()
    return {run.seat_users[s] for s in now.decision.asked}


def check_pings(run: Run, moved: list[Request], asked: set[int], board: discord.Message) -> None:
    """Exactly one message pings, the new board, and it pings exactly ``asked``."""
    pinging = [r for r in moved if r.pings]
    assert len(pinging) == 1, [(r.path, r.pings) for r in pinging]
    [post] = pinging
    assert set(post.pings) == asked and len(post.pings) == len(asked), (post.pings, asked)
    rows = post.message.get("components") or []
    assert hand_id(run) in custom_ids(SimpleNamespace(components=rows)), "the ping is on the new board"
    assert {int(u) for u in MENTION.findall(board.content or "")} == asked, board.content


def private_lines(run: Run, row: Any, entries: list[Any]) -> set[str]:
    """Every line of a private event of the game so far, as the bot words it."""
    table = table_of(row)
    out = set()
    for entry in entries:
        for data in entry.events:
            event = Event.model_validate(data)
            if not event.public:
                out.add(event_text(run.game, table, event, table.language))
    return out


async def check_public_board(run: Run, board: discord.Message) -> None:
    """The live board shows the spectator's view (``view(state, None)``) and nothing
    else: its embed and picture are those the game's presenter draws from it (the picture
    with the players' names and, at the end, the outcome: both public)."""
    row = await run.bot.store.latest(run.channel.id)
    assert row is not None and row.state is not None
    game, presenter, table = GAMES[row.game], PRESENTERS[row.game], table_of(row)
    state = game.load_state(row.state)
    view = game.view(state, None)
    expected = presenter.board_embed(table, view, game.decision(state), table.language).to_dict()
    [shown] = [e.to_dict() for e in board.embeds]
    shown.pop("image", None)
    assert shown == expected
    outcome = game.outcome(state)
    png = presenter.board_image(view, table.language, names=seat_names(table), outcome=outcome)
    if png is None:
        assert not board.attachments
    else:
        [picture] = board.attachments
        assert run.env.backend.cdn.get(picture.url) == png, "the picture is the spectator's"


async def check_no_leak(run: Run) -> None:
    row = await run.bot.store.latest(run.channel.id)
    assert row is not None
    secret = private_lines(run, row, await run.bot.store.actions(row.id))
    public = [m.content or "" for m in run.channel.history()]
    public += [str(e.to_dict()) for m in run.channel.history() for e in m.embeds]
    for line in secret:
        assert not any(line in text for text in public), f"a private line in public: {line}"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_channel_follows_the_turn(simcord_env: simcord.Env, game: str, language: str) -> None:
    players = min(max(3, GAMES[game].min_players), GAMES[game].max_players)
    guild = simcord_env.create_guild(name="Every game")
    channel = guild.create_text_channel(game)
    members = [guild.add_member(simcord_env.create_user(f"m{n}")) for n in range(players)]
    with patched(seed=1, language=language), tapped() as log:
        run = Run(simcord_env, channel, game, members, "reuse", log)
        boards: set[int] = set()
        await run.lobby(language)
        boards.add(channel.history()[0].id)  # the lobby: the first board grows from it
        row = await run.bot.store.latest(channel.id)
        assert row is not None and table_of(row).language == language
        run.seat_users = [s["user_id"] for s in row.table["seats"]]
        seen = await run.seen()
        board = check_boards(run, boards)
        check_pings(run, log, asked_by(run, seen), board)
        await check_public_board(run, board)
        asked_at = {user: seen.version for user in seen.actors}  # since when each must act
        for member in members:  # every member opens their panel now, and keeps it
            run.shown[member.id] = (await run.open_hand(member)).shown

        changes = 0
        for _ in range(MOVES):
            if changes >= TURN_CHANGES or seen.kind is None:
                break
            member = run.member_of(seen)
            kept = run.shown[member.id]
            # Opened before others moved: redrawn by the time the member's click is due.
            assert min(drawn_at(kept)) >= asked_at[member.id], (drawn_at(kept), asked_at, seen.version)
            assert not any(s in (kept.content or "") for s in run.stale_texts)
            begin = len(log)
            await run.move(member, seen)
            assert run.f.fallbacks == 0 and not run.f.stale, (run.f.stale, run.clicks)
            assert "refresh" not in run.clicks, "the kept panel offered the move"
            now: Seen = await run.seen()
            assert now.version > seen.version, "the click acted"
            # Who the move newly asks: the decision's asked seats (all of a quiet round
            # as it opens, none as it goes round) but those acting already.
            asked = asked_by(run, now, seen) - seen.actors
            moved = log[begin:]
            if now.kind is None:  # the end: no one to ask
                assert not any(r.pings for r in moved)
            elif asked:
                changes += 1
                board = check_boards(run, boards)
                check_pings(run, moved, asked, board)
                await check_public_board(run, board)
            else:  # within a turn: no ping, the board edited where it is
                assert not any(r.pings for r in moved), [r.pings for r in moved]
                await check_public_board(run, check_boards(run, boards, turn_change=False))
            for user in now.actors - seen.actors:
                asked_at[user] = now.version  # since when their click is due
            await check_no_leak(run)
            seen = now
        assert changes >= 2 or seen.kind is None, (changes, seen.kind)
