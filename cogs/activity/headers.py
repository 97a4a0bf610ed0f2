"""What every answer of the Activity's server carries, and which pages it talks to.

**Headers.** A Content-Security-Policy that allows exactly what the page loads
(its own modules and style sheets, its socket and its sign-in, nothing inline,
nothing from elsewhere), framed only by Discord's clients; ``nosniff``, no
referrer, no server version. Discord's proxy may put its own policy in place of
ours (research/activity.md §3); ours is still what the bot's public name
answers, and what the page needs, so either way nothing else loads.

**Origins.** A browser names the page that opens a WebSocket or posts a form in
``Origin``, and no page can choose it. The socket and the sign-in answer only
the Activity's own page, ``https://<client id>.discordsays.com`` (Discord's
proxy name of this application), pages served from the member's own machine
(development, the tests), and ``ACTIVITY_ORIGINS``. Anything else, ``null``
(a sandboxed frame of any site) included, is refused before anything is done.
A request with no ``Origin`` comes from no browser (a script, which could send
any ``Origin`` it likes): the check is no defence against it, and it is let
through to the sign-in limits, which are."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from aiohttp import web

log = logging.getLogger("gamemaster.activity")

# The Discord clients an Activity's frame sits in: the Embedded App SDK's own list of
# the parents it talks to (sdk/Discord.mjs, ALLOWED_ORIGINS: discord.com, ptb., canary.,
# pax., and the old discordapp.com names), as source expressions.
DISCORD_CLIENTS = (
    "https://discord.com",
    "https://*.discord.com",
    "https://discordapp.com",
    "https://*.discordapp.com",
)
# Pages served from the member's own machine: no stranger can put a page there, so
# they are always allowed (the tests and a developer's browser use them; a switch
# would add nothing, and could be left on). CSP source expressions cannot name an
# IPv6 address, so [::1] is accepted as an Origin but cannot frame the page.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
LOOPBACK_SOURCES = ("http://127.0.0.1:*", "http://localhost:*")
REFUSALS_TOLD = 64  # distinct refused origins written to the log, then quiet


def proxy_origin(client_id: int) -> str:
    """The Activity's own origin: Discord's proxy name of this application
    (discord-api-docs, activities/development-guides/networking.mdx, "Construct a full URL")."""
    return f"https://{client_id}.discordsays.com"


def origin_of(text: str) -> str | None:
    """``text`` as an origin (``scheme://host[:port]``, lower case), or None if it is none."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username is not None:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}"


def policy(client_id: int) -> str:
    """The Content-Security-Policy of every answer."""
    own = proxy_origin(client_id)
    directives = {
        "default-src": "'none'",  # fonts, frames, workers, media, objects: the page has none
        "script-src": "'self'",  # its modules and the SDK's, from this build's folder
        "style-src": "'self'",  # table.css and each game's sheet; no inline style
        "img-src": "'self'",  # the page draws with SVG and text; no image from elsewhere
        # fetch("/api/token") and the socket. 'self' covers wss: of the same host in today's
        # browsers; older ones (and Discord's own policy) want the proxy name written out.
        "connect-src": f"'self' wss://{own.removeprefix('https://')}",
        "base-uri": "'none'",
        "form-action": "'none'",
        # Discord's clients, the Activity's own proxy name (should Discord's client frame it
        # from there), and loopback pages; never *.discordsays.com: that is any application's.
        "frame-ancestors": " ".join([*DISCORD_CLIENTS, own, *LOOPBACK_SOURCES]),
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class Guard:
    """The Activity server's headers and origins (``app.on_response_prepare``, and
    :meth:`refused` at the top of the sign-in and the socket)."""

    def __init__(self, client_id: int, more_origins: Iterable[str] = ()) -> None:
        self.origins = {proxy_origin(client_id), *(o for o in map(origin_of, more_origins) if o)}
        self.headers = {
            "Content-Security-Policy": policy(client_id),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            # No Cross-Origin-Resource-Policy: a Discord client that isolated itself
            # (COEP) would then refuse to frame the page. The page needs no device.
            "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
            "Server": "activity",  # aiohttp would name itself and its version
        }
        self._told: set[str] = set()

    def allows(self, origin: str | None) -> bool:
        """May a request with this ``Origin`` header go on?"""
        if origin is None:
            return True  # no browser: see the module's docstring
        found = origin_of(origin)
        if found is None:
            return False  # "null", or something no browser sends
        if found in self.origins:
            return True
        host = urlsplit(found).hostname
        return host in LOOPBACK_HOSTS

    def refused(self, request: web.Request) -> bool:
        """Is ``request`` from a page this server does not answer? (Said once per origin in the log.)"""
        origin = request.headers.get("Origin")
        if self.allows(origin):
            return False
        if origin not in self._told and len(self._told) < REFUSALS_TOLD:
            self._told.add(str(origin))
            log.warning(
                "activity request from a foreign page refused (add it to ACTIVITY_ORIGINS if it is yours)",
                extra={"fields": {"origin": str(origin)[:200], "path": request.path}},
            )
        return True

    async def on_prepare(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer's headers: the page, its files, the sign-in, the socket, and 404s."""
        response.headers.update(self.headers)
