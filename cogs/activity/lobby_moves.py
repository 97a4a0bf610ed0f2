"""A page's lobby buttons as the table service's steps: the same operations the
channel's lobby buttons call (cogs/lobby.py ``lobby_click``: Cancel too, cogs/rematch.py), for
the channel the page's Activity runs in and the member Discord signed in, never a
channel, seat or member the message names (it names none: protocol.py).

A page is no Discord interaction: it cannot show that its member may manage the
channel, so a moderator who is not the host adds AI seats, starts and cancels from the
channel's buttons, as before (``may_manage`` is False here). Each step, left,
publishes its change as a click's does (``bot.changes``): the channel's lobby
message is redrawn and every page open on the table sees its seats."""

from __future__ import annotations

from typing import Any

from bot.step import Step
from bot.table import TableService
from cogs.activity.protocol import AddAi, Cancel, Join, Leave, LobbyMessage, Rematch, Start
from cogs.activity.viewers import Viewer


def lobby_step(service: TableService, viewer: Viewer, message: LobbyMessage) -> Step[Any]:
    """The step ``message`` asks of the table service, for ``viewer``."""
    channel, user = viewer.channel_id, viewer.user_id
    if isinstance(message, Join):
        return service.join(channel, user, viewer.name)
    if isinstance(message, Leave):
        return service.leave_lobby(channel, user)
    if isinstance(message, AddAi):
        return service.add_ai(channel, user, False, message.level)
    if isinstance(message, Start):
        return service.start(channel, user, False)
    if isinstance(message, Cancel):
        return service.cancel(channel, user, False)
    assert isinstance(message, Rematch)
    # The finished game this page was last sent (Viewer.sent): the final board it shows.
    # One the page never saw is named as no game (-1), which bot/rematch.py refuses.
    shown = viewer.sent[0] if viewer.sent is not None else -1
    return service.rematch(channel, shown, user, viewer.name, post=True)
