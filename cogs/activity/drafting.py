"""A page's ``draft`` (cogs/activity/protocol.py): what a seat that decides now is building,
read by its game (``Presenter.page_draft``) and shown to every page of the channel. Not a move:
the table service is only asked what the table is; nothing is stored and no version is made
(cogs/activity/drafts.py keeps it until the version moves on; the store tells the other
processes, whose pages of the channel show it too)."""

from __future__ import annotations

import json

from bot.changes import Changes
from bot.i18n import t
from bot.model import TableError
from bot.table import TableService
from cogs.activity.protocol import MAX_DRAFT_CHARS, MAX_SHOWN_DRAFT_BYTES, Draft, draft_message, error
from cogs.activity.said import refuse, send
from cogs.activity.viewers import Viewer, Viewers
from cogs.kit.presenter import PRESENTERS
from games.registry import GAMES


async def take_draft(
    service: TableService, changes: Changes, viewers: Viewers, viewer: Viewer, message: Draft
) -> None:
    """``viewer``'s draft, as its game makes it public, to every page of the channel; kept in
    memory for the pages that come later, until the version moves on; or why not, to it alone."""
    ws, language = viewer.socket, viewer.language
    if not viewers.drafts.allow(ws):
        await refuse(ws, "draft_too_fast", language)
        return
    if len(json.dumps(message.draft)) > MAX_DRAFT_CHARS:
        await refuse(ws, "too_big", language)
        return
    found = await service.active(viewer.channel_id)
    if found is None or found[0].status != "playing":
        await refuse(ws, "draft_not_acting", language)
        return
    row, info = found
    state = service.state_of(row)
    decision = GAMES[row.game].decision(state)
    seat = info.seat_of(viewer.user_id)
    if seat is None or decision is None or seat not in decision.actors:
        await refuse(ws, "draft_not_acting", language)
        return
    if message.version != row.version:
        await refuse(ws, "draft_stale", language)
        return
    presenter = PRESENTERS.get(row.game)
    try:
        shown = (
            presenter.page_draft(GAMES[row.game].view(state, seat), seat, message.draft)
            if presenter
            else None
        )
    except TableError as refusal:  # a draft this seat could not make: the game says why
        await send(ws, error(refusal.key, t(refusal.key, language, **refusal.params)))
        return
    if shown is None:
        await refuse(ws, "no_drafts", language)
        return
    stamp = (row.id, row.version)
    text = json.dumps(draft_message(row.version, seat, shown.model_dump(mode="json")))
    if len(text.encode()) > MAX_SHOWN_DRAFT_BYTES:  # more than the other processes can be told
        await refuse(ws, "too_big", language)
        return
    viewers.drafts.keep(viewer.channel_id, stamp, text)
    await viewers.relay(viewer.channel_id, stamp, text)
    await changes.share_draft(viewer.channel_id, stamp, text)  # the other processes' pages
