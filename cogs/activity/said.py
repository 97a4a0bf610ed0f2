"""What the Activity's server says on a page's socket besides the table: a
refusal in the viewer's language, a fault of ours with a reference, and a
socket closed with its reason (the limits that keep one page from starving the others)."""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from typing import Any

from aiohttp import WSCloseCode, web

from bot.i18n import t
from cogs.activity.protocol import error

log = logging.getLogger("gamemaster.activity")


async def send(ws: web.WebSocketResponse, message: dict[str, Any]) -> None:
    with contextlib.suppress(ConnectionError):  # the page went away
        await ws.send_str(json.dumps(message))


async def failed(ws: web.WebSocketResponse, failure: Exception, language: str) -> None:
    ref = secrets.token_hex(4)
    log.error("activity message failed", exc_info=failure, extra={"fields": {"ref": ref}})
    await send(ws, error("error.internal", t("error.internal", language, ref=ref)))


async def refuse(
    ws: web.WebSocketResponse, reason: str, language: str, *, retry_after: float | None = None
) -> None:
    key = f"activity.error.{reason}"
    more = {} if retry_after is None else {"retry_after": retry_after}  # the page may try again then
    await send(ws, error(key, t(key, language)) | more)


async def shut(
    ws: web.WebSocketResponse, reason: str, language: str, code: int = WSCloseCode.TRY_AGAIN_LATER
) -> web.WebSocketResponse:
    """The reason said, then the socket closed with it (one of the Activity's limits)."""
    await refuse(ws, reason, language)
    await ws.close(code=code, message=reason.encode())
    return ws


def refused_upgrade(request: web.Request, reason: str, language: str) -> web.Response:
    """A socket refused before its upgrade (HTTP 429, try again in a second): the
    browser's WebSocket fails, and the page reconnects as after any loss."""
    key = f"activity.error.{reason}"
    body = {"error": reason, "text": t(key, language)}
    return web.json_response(body, status=429, headers={"Retry-After": "1"})
