"""The Activity's web server, in the bot's own process (aiohttp, discord.py's
own dependency): the page at ``/``, the OAuth2 code exchange at ``POST
/api/token``, and one WebSocket per viewer at ``/ws`` (``cogs.activity.protocol``).

A page's actions go through the same table service as a click, and end with
the same step after a change (``bot.changes``), so the channel's board and the
other pages see them as they see a click."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import logging
import math
import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from pydantic import ValidationError

from bot.changes import Changes
from bot.i18n import language_of, t
from bot.model import TableError
from bot.replies import explain
from bot.settings import Settings
from bot.step import Step
from bot.table import TableService
from cogs.activity.backlog import bound
from cogs.activity.caps import Door, SocketCaps
from cogs.activity.discord_api import DiscordApi, DiscordRefused
from cogs.activity.drafting import take_draft
from cogs.activity.headers import Guard
from cogs.activity.hinting import PageHints
from cogs.activity.limits import Bucket, Calls, client_address
from cogs.activity.lobby_moves import lobby_step
from cogs.activity.outside import outside_html
from cogs.activity.pages import PageFiles, page_folders
from cogs.activity.protocol import (
    CLIENT,
    MAX_FRAME_BYTES,
    MAX_MESSAGE_CHARS,
    PONG,
    PROTOCOL,
    Act,
    AskHint,
    Draft,
    Hello,
    LobbyMessage,
    Ping,
    Undo,
    error,
)
from cogs.activity.said import failed, refuse, refused_upgrade, send, shut
from cogs.activity.viewers import Viewer, Viewers
from cogs.hints import hint_text
from games.core import RuleError

log = logging.getLogger("gamemaster.activity")

STATIC = Path(__file__).parent / "static"
SDK = STATIC / "sdk" / "index.mjs"  # scripts/build-activity copies the pinned SDK here
MAX_TOKEN_BODY = 4096  # POST /api/token carries one short code
# aiohttp pings a socket that sent nothing for this long and drops it when no pong
# comes within half of it: a silent peer is gone ~15-16 s after its last word
# (timers over 5 s are rounded up to the second). A live page pings every 5 s
# itself, so the server's own ping is only sent to a socket already in doubt.
HEARTBEAT_SECONDS = 10.0
CLOSE_SECONDS = 1.0


class ActivityServer:
    def __init__(self, service: TableService, changes: Changes, settings: Settings) -> None:
        assert settings.discord_client_id is not None and settings.discord_client_secret is not None
        self.service, self.changes, self.settings = service, changes, settings
        self.discord = DiscordApi(
            settings.discord_api_base,
            settings.discord_client_id,
            settings.discord_client_secret.get_secret_value(),
            settings.discord_token.get_secret_value(),
            Calls(
                address_burst=settings.activity_address_burst,
                address_per_second=settings.activity_address_per_second,
                budget_burst=settings.activity_discord_burst,
                budget_per_second=settings.activity_discord_per_second,
            ),
        )
        # Each socket's sign-ins and address (kept while it is open).
        self._signing: dict[web.WebSocketResponse, tuple[str, Bucket]] = {}
        self.viewers = Viewers(service, settings.activity_unsent_bytes)
        self.caps = SocketCaps(settings.activity_sockets_per_address, settings.activity_sockets_per_member)
        self.hints = PageHints(settings.activity_hints_per_minute)
        self._doors: dict[web.WebSocketResponse, Door] = {}
        self.build = build_id(STATIC, page_folders())
        self.page_files = PageFiles(self.build)
        self.guard = Guard(settings.discord_client_id, settings.activity_origins)
        self._runner: web.AppRunner | None = None
        self.hello_seconds = settings.activity_hello_seconds  # a page says hello as soon as it opens

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_TOKEN_BODY)
        app.router.add_get("/", self.page)
        app.router.add_post("/api/token", self.token)
        app.router.add_get("/ws", self.socket)
        app.router.add_get("/favicon.ico", self.no_icon)
        # The build's own path: Discord's proxy caches all but HTML, so a new
        # build is a new URL (research/activity.md), and each file may be kept.
        # Each game's page from its face's folder (cogs.activity.pages); before the shell's
        # folder, whose prefix would answer for it.
        app.router.add_get(f"/static/{self.build}/games/{{game}}/{{name:.+}}", self.game_file)
        app.router.add_static(f"/static/{self.build}/", STATIC)
        app.on_response_prepare.append(self._cache_headers)
        app.on_response_prepare.append(self.guard.on_prepare)  # every answer: CSP, nosniff, ...
        return app

    async def _cache_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        if request.path.startswith(f"/static/{self.build}/"):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
            if request.path.endswith(".mjs"):  # modules, whatever the machine's MIME table says
                response.headers["Content-Type"] = "text/javascript; charset=utf-8"
        elif request.path == "/":
            response.headers["Cache-Control"] = "no-cache"

    async def start(self, app: web.Application | None = None) -> None:
        """Listen on ACTIVITY_HOST:ACTIVITY_PORT (a reverse proxy gives it its HTTPS name);
        ``app``: this server's :meth:`app` with more routes (the browser tests' fake client)."""
        self._runner = web.AppRunner(
            app or self.app(), access_log=None
        )  # URLs carry no secret, but keep logs quiet
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.settings.activity_host, self.settings.activity_port)
        await site.start()
        log.info("activity server listening", extra={"fields": {"port": self.settings.activity_port}})

    async def stop(self) -> None:
        await self.hints.close()
        await self.viewers.close()
        if self._runner is not None:
            await self._runner.cleanup()
        await self.discord.close()

    # -- HTTP ------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        """The page, naming this build's files and the application it signs in to."""
        text = (STATIC / "index.html").read_text(encoding="utf-8")
        client_id = html.escape(str(self.settings.discord_client_id or ""), quote=True)
        text = text.replace("{{build}}", self.build).replace("{{client_id}}", client_id)
        text = text.replace("{{outside}}", outside_html())  # words for a page opened outside Discord
        return web.Response(text=text, content_type="text/html")

    async def game_file(self, request: web.Request) -> web.Response:
        """A file of a game's page (its modules, styles and drawings), or 404."""
        found = self.page_files.get(request.match_info["game"], request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        path, body = found
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return web.Response(body=body, content_type=kind)

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)  # Discord shows the application's own icon

    async def token(self, request: web.Request) -> web.Response:
        """The page's OAuth2 code for an access token; the secret stays here."""
        # Who is asking is not known yet: the refusal speaks the browser's language.
        language = language_of(request.headers.get("Accept-Language", "").split(",")[0].strip())

        def refused(reason: str, status: int, **more: Any) -> web.Response:
            text = t(f"activity.error.{reason}", language)
            wait = more.get("retry_after")
            headers = {"Retry-After": str(math.ceil(wait))} if wait is not None else None
            return web.json_response({"error": reason, "text": text, **more}, status=status, headers=headers)

        if self.guard.refused(request):  # another site's page: nothing read, Discord not asked
            return refused("origin", 403)
        try:
            body = await request.json()
        except (ValueError, web.HTTPRequestEntityTooLarge):
            return refused("malformed", 400)
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= 200:
            return refused("malformed", 400)
        try:
            access_token = await self.discord.exchange(code, self.address(request))
        except DiscordRefused as refusal:
            if refusal.retry_after is not None:  # Discord's 429, or a limit of ours
                return refused(refusal.reason, 429, retry_after=refusal.retry_after)
            return refused(refusal.reason, 502 if refusal.reason == "unreachable" else 401)
        return web.json_response({"access_token": access_token})

    # -- WebSocket -------------------------------------------------------
    async def socket(self, request: web.Request) -> web.StreamResponse:
        if self.guard.refused(request):  # another site's page: no upgrade
            return web.json_response({"error": "origin"}, status=403)
        address = self.address(request)
        door = self.caps.open(address)
        if door is None:
            # This address holds all the unsigned sockets it may: refused before the
            # upgrade (no handshake to close, nothing kept), and the page retries.
            return refused_upgrade(request, "too_many_sockets", self.settings.default_language)
        # A refused socket's close waits this long at most for the other side's answer.
        ws = web.WebSocketResponse(
            max_msg_size=MAX_FRAME_BYTES, heartbeat=HEARTBEAT_SECONDS, timeout=CLOSE_SECONDS
        )
        try:
            await ws.prepare(request)
        except Exception:
            self.caps.close(door)
            raise
        settings = self.settings
        hellos = Bucket(settings.activity_socket_hello_burst, settings.activity_socket_hello_per_second)
        self._signing[ws] = (address, hellos)
        bound(request.transport, self.settings.activity_unsent_bytes)
        self._doors[ws] = door
        viewer: Viewer | None = None
        loop = asyncio.get_running_loop()
        signed_by = loop.time() + self.hello_seconds
        messages = Bucket(self.settings.activity_messages_burst, self.settings.activity_messages_per_second)
        strikes = 0  # messages refused in a row for coming too fast
        try:
            while True:
                try:
                    # A socket not signed in soon after it opened is nobody's: it is closed.
                    wait = max(0.0, signed_by - loop.time()) if viewer is None else None
                    frame = await ws.receive(timeout=wait)
                except TimeoutError:
                    await refuse(ws, "hello_first", self.settings.default_language)
                    await ws.close(code=WSCloseCode.POLICY_VIOLATION)
                    break
                if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if not messages.allow():  # too fast: refused unread, said once, closed if it goes on
                    strikes += 1
                    language = viewer.language if viewer else self.settings.default_language
                    if strikes >= self.settings.activity_flood_strikes:
                        await shut(ws, "too_fast", language, WSCloseCode.POLICY_VIOLATION)
                        break
                    if strikes == 1:
                        await refuse(ws, "too_fast", language)
                    continue
                strikes = 0
                if frame.type != WSMsgType.TEXT:
                    language = viewer.language if viewer else self.settings.default_language
                    await refuse(ws, "malformed", language)
                    continue
                try:
                    viewer = await self.received(ws, viewer, frame.data)
                    if viewer is not None:
                        viewer.transport = request.transport
                except Exception as failure:  # a fault of ours: said with a reference, the socket kept
                    await failed(ws, failure, viewer.language if viewer else self.settings.default_language)
        finally:
            self._signing.pop(ws, None)
            if viewer is not None:
                self.viewers.remove(viewer)
                self.hints.leave(viewer)  # its search, if any, is abandoned
            self.viewers.drafts.closed(ws)
            self.caps.close(self._doors.pop(ws))
        return ws

    async def received(self, ws: web.WebSocketResponse, viewer: Viewer | None, data: str) -> Viewer | None:
        """One message from a page; the viewer it is after it (a hello makes one)."""
        language = viewer.language if viewer else self.settings.default_language
        if len(data) > MAX_MESSAGE_CHARS:
            await refuse(ws, "too_big", language)
            return viewer
        try:
            message = CLIENT.validate_json(data)
        except ValidationError:
            await refuse(ws, "malformed", language)
            return viewer
        if isinstance(message, Ping):  # the page's own heartbeat (protocol.py)
            await send(ws, PONG)
            return viewer
        if isinstance(message, Hello):
            return await self.hello(ws, viewer, message, language)
        if viewer is None:
            await refuse(ws, "hello_first", language)
            return None
        if isinstance(message, Draft):  # not a move: shown, not played (cogs.activity.drafting)
            await take_draft(self.service, self.changes, self.viewers, viewer, message)
            return viewer
        await self.play(viewer, message)
        return viewer

    async def hello(
        self, ws: web.WebSocketResponse, old: Viewer | None, hello: Hello, language: str
    ) -> Viewer | None:
        """Who the page's token belongs to and where its instance is, from Discord
        (or what Discord answered lately: cogs.activity.discord_api)."""
        address, hellos = self._signing.get(ws) or ("unknown", Bucket(1, 0))
        try:
            wait = hellos.take()
            if wait > 0:  # this socket signs in again and again: refused here, Discord not asked
                raise DiscordRefused("too_many", retry_after=float(math.ceil(wait)))
            user = await self.discord.user(hello.access_token, address)
            instance = await self.discord.instance(hello.instance_id, address, member=user.id)
        except DiscordRefused as refusal:
            await refuse(ws, refusal.reason, language, retry_after=refusal.retry_after)
            return old
        language = language_of(user.locale)
        if user.id not in instance.users:
            await refuse(ws, "not_in_instance", language)
            return old
        door = self._doors.get(ws)
        if door is not None and not self.caps.sign(door, user.id):  # all the member's tabs are open
            await shut(ws, "too_many_tabs", language)
            return old
        if old is not None:
            self.viewers.remove(old)
            self.hints.leave(old)
        viewer = Viewer(ws, user.id, instance.channel_id, language, name=user.name or str(user.id))
        self.viewers.add(viewer)
        await self.viewers.send_state(viewer, again=True)
        return viewer

    async def play(self, viewer: Viewer, message: Act | Undo | AskHint | LobbyMessage) -> None:
        """A move, a take-back or a lobby's button, through the table service as a click is."""
        if isinstance(message, AskHint):
            refused = self.hints.ask(viewer, self.hint)  # searched beside this loop (cogs.activity.hinting)
            if refused is not None:
                await send(viewer.socket, error(refused, t(refused, viewer.language)))
            return
        channel, user = viewer.channel_id, viewer.user_id
        step: Step[Any]
        if isinstance(message, Act):
            step = self.service.act(channel, user, message.action, version=message.version)
        elif isinstance(message, Undo):
            step = self.service.undo(channel, user, version=message.version)
        else:
            step = lobby_step(self.service, viewer, message)
        # Left, the step publishes the change: the channel's board and lines, and every page.
        async with contextlib.AsyncExitStack() as road:
            try:
                await road.enter_async_context(step)
            except (TableError, RuleError) as refusal:
                await self._refused_move(viewer, refusal)

    async def hint(self, viewer: Viewer, before_search: Callable[[], None] | None = None) -> None:
        """The panel's Hint: the hard search on the member's own view (bot.hints);
        ``before_search``: the member's budget (cogs.activity.hinting)."""
        try:
            found = await self.service.hint(viewer.channel_id, viewer.user_id, before_search=before_search)
            move = found.advice.move.model_dump(mode="json")
            text = hint_text(found, viewer.language)
        except TableError as refusal:
            await send(viewer.socket, error(refusal.key, t(refusal.key, viewer.language, **refusal.params)))
            return
        except Exception as failure:  # a fault of ours, beside the receive loop: said as it says them
            await failed(viewer.socket, failure, viewer.language)
            return
        await send(
            viewer.socket,
            {"v": PROTOCOL, "type": "hint", "version": found.version, "move": move, "text": text},
        )

    async def _refused_move(self, viewer: Viewer, refusal: TableError | RuleError) -> None:
        """The rule's reason in the viewer's language, then the table as it is."""
        found = await self.service.active(viewer.channel_id)
        game, table = (found[0].game, found[1]) if found is not None else (None, None)
        if isinstance(refusal, TableError) and refusal.key == "error.stale":
            text = t("activity.error.stale", viewer.language)  # the channel's words speak of buttons
        else:
            text = explain(refusal, viewer.language, game, table) or ""
        rule = refusal.rule if isinstance(refusal, RuleError) else None
        await send(viewer.socket, error(refusal.key, text, rule=rule))
        await self.viewers.send_state(viewer, again=True)

    def address(self, request: web.Request) -> str:
        """The address a request comes from (ACTIVITY_TRUST_PROXY: the proxy's X-Forwarded-For)."""
        return client_address(request.remote, request.headers, self.settings.activity_trust_proxy)


def build_id(root: Path, games: dict[str, Path] | None = None) -> str:
    """A name for this build of the page's files (the shell's under ``root``, and each game's
    page folder): changes whenever one of them does."""
    digest = hashlib.sha256()
    for name, folder in [("", root), *sorted((games or {}).items())]:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(f"{name}/{path.relative_to(folder)}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
