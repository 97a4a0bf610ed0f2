"""What the Activity's web server asks Discord: the OAuth2 code exchange, who a
token belongs to and which application it was issued to, and where an Activity
instance is and who is in it.

Nothing a page says about who or where it is is trusted (Discord's "Trusting
client data"): the user and the application come from ``GET /oauth2/@me`` with
the page's own token, the channel and the members from ``GET /applications/{id}/
activity-instances/{instance}`` with the bot's token. Neither the client secret,
the bot token nor a user's token is ever logged, nor kept: the caches are keyed
by the token's SHA-256.

Every call passes ``Calls`` (``cogs.activity.limits``) first: strangers' floods
are refused here, and cost Discord nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

import aiohttp

from cogs.activity.limits import Calls

log = logging.getLogger("gamemaster.activity")

# A 429 on the code exchange is waited out when Discord asks for this long at
# most (the page is waiting for its answer); a longer one is refused clearly.
RETRY_WAIT_MAX = 2.0
# Tokens Discord confirmed (kept for their lifetime, as Discord's `expires` says: a
# page's reconnects and a member's many tabs ask nothing again), and tokens or codes
# it refused (kept a minute: one bad token sent again and again costs one call).
TOKEN_CACHE_SIZE = 4096
REFUSED_CACHE_SIZE = 4096
REFUSED_SECONDS = 60.0
# Without a readable `expires`, a token is trusted this long before it is asked again.
TOKEN_SECONDS_UNKNOWN = 600.0
# An instance's place and members, kept a few seconds: the pages of one table opening
# together ask once; a member not in the list kept has it asked again once.
INSTANCE_CACHE_SIZE = 1024
INSTANCE_SECONDS = 5.0
TIMEOUT = aiohttp.ClientTimeout(total=10)

V = TypeVar("V")


class DiscordRefused(Exception):
    """Discord said no (a forged or reused code, a bad token, an instance that is
    not live), or the call was refused here before it was sent (``too_many``,
    ``crowded``); ``reason`` is a catalog key suffix (``activity.error.<reason>``)."""

    def __init__(self, reason: str, *, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


@dataclass(frozen=True)
class DiscordUser:
    id: int
    name: str
    locale: str | None


@dataclass(frozen=True)
class Instance:
    channel_id: int
    guild_id: int | None
    users: frozenset[int]


class Memo(Generic[V]):
    """Answers kept until their own deadline, at most ``size`` (oldest use forgotten)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[object, tuple[float, V]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: object) -> V | None:
        kept = self._kept.get(key)
        if kept is None:
            return None
        if kept[0] <= time.monotonic():
            del self._kept[key]
            return None
        self._kept.move_to_end(key)
        return kept[1]

    def clear(self) -> None:
        self._kept.clear()

    def put(self, key: object, value: V, seconds: float) -> None:
        self._kept[key] = (time.monotonic() + seconds, value)
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


def _hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class DiscordApi:
    def __init__(
        self, base: str, client_id: int, client_secret: str, bot_token: str, calls: Calls | None = None
    ) -> None:
        self.base = base.rstrip("/")
        self.client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        # Unlimited unless the server gives its limits (ActivityServer does, from the settings).
        self.calls = calls or Calls(
            address_burst=math.inf, address_per_second=0, budget_burst=math.inf, budget_per_second=0
        )
        self._users: Memo[DiscordUser] = Memo(TOKEN_CACHE_SIZE)
        self._refused: Memo[str] = Memo(REFUSED_CACHE_SIZE)  # hashed token or code -> reason
        self._instances: Memo[Instance] = Memo(INSTANCE_CACHE_SIZE)  # a live one's place and members
        self._asked_again: Memo[bool] = Memo(INSTANCE_CACHE_SIZE)  # (instance, user) refreshed
        self._flights: dict[str, asyncio.Future[Any]] = {}
        self._session: aiohttp.ClientSession | None = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def _ask(self, method: str, url: str, address: str, **options: Any) -> tuple[int, dict[str, Any]]:
        """One call to Discord, if ``address`` and the process may make one now."""
        refusal = self.calls.admit(address)
        if refusal is not None:
            reason, wait = refusal
            raise DiscordRefused(reason, retry_after=float(math.ceil(wait)))
        ok = False
        try:
            async with _reached(), self._http().request(method, url, **options) as response:
                body = await _json(response)
                ok = 200 <= response.status < 300
                return response.status, body
        finally:
            self.calls.answered(address, ok)

    async def _once(self, key: str, ask: Callable[[], Awaitable[V]]) -> V:
        """One call for many askers of the same thing at once (the pages of a table
        opening together, a flood of one token): they share its answer."""
        flight = self._flights.get(key)
        if flight is None:
            flight = self._flights[key] = asyncio.ensure_future(ask())
            flight.add_done_callback(lambda done: self._landed(key, done))
        return await asyncio.shield(flight)

    def _landed(self, key: str, flight: asyncio.Future[Any]) -> None:
        self._flights.pop(key, None)
        if not flight.cancelled():
            flight.exception()  # seen, even when every asker went away

    def _refuse(self, key: str, reason: str, seconds: float = REFUSED_SECONDS) -> DiscordRefused:
        """Remember a refusal (one bad token sent again costs no new call), and raise it."""
        self._refused.put(key, reason, seconds)
        return DiscordRefused(reason)

    async def exchange(self, code: str, address: str = "") -> str:
        """The access token for an OAuth2 code the SDK's ``authorize`` gave the
        page (no redirect_uri: Activities send none)."""
        key = "code:" + _hashed(code)
        if self._refused.get(key) is not None:
            raise DiscordRefused("code")
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        for attempt in range(2):
            status, body = await self._ask("POST", f"{self.base}/oauth2/token", address, data=form)
            if status == 429:
                wait = float(body.get("retry_after", RETRY_WAIT_MAX + 1))
                if attempt == 0 and wait <= RETRY_WAIT_MAX:
                    await asyncio.sleep(wait)
                    continue
                raise DiscordRefused("busy", retry_after=wait)
            token = body.get("access_token")
            if status != 200 or not isinstance(token, str):
                log.info("code refused", extra={"fields": {"status": status}})
                raise self._refuse(key, "code")
            self._refused.put(key, "code", REFUSED_SECONDS)  # a code works once
            return token
        raise DiscordRefused("busy")  # pragma: no cover - the loop returns or raises

    async def user(self, token: str, address: str = "") -> DiscordUser:
        """Who ``token`` belongs to, if it was issued to this application: from the
        caches, or ``GET /oauth2/@me`` (and ``/users/@me`` for the language, which
        /oauth2/@me's partial user does not give)."""
        key = "token:" + _hashed(token)  # the caches hold no token
        known = self._users.get(key)
        if known is not None:
            return known
        refused = self._refused.get(key)
        if refused is not None:
            raise DiscordRefused(refused)
        return await self._once(key, lambda: self._confirm(token, key, address))

    async def _confirm(self, token: str, key: str, address: str) -> DiscordUser:
        headers = {"Authorization": f"Bearer {token}"}
        status, body = await self._ask("GET", f"{self.base}/oauth2/@me", address, headers=headers)
        if status == 429:
            raise DiscordRefused("busy", retry_after=float(body.get("retry_after", 5)))
        found = body.get("user")
        application = body.get("application")
        if status != 200 or not isinstance(found, dict) or "id" not in found:
            raise self._refuse(key, "token")
        if not isinstance(application, dict) or str(application.get("id")) != str(self.client_id):
            # A token another application obtained (a page of someone else's Activity
            # passing its members' tokens on): it does not sign in to this one.
            log.info("token of another application refused")
            raise self._refuse(key, "other_application")
        seconds = _lifetime(body.get("expires"))
        if seconds <= 0:
            raise self._refuse(key, "token")
        locale = found.get("locale")
        if not isinstance(locale, str):
            locale = await self._locale(headers, address)
        user = DiscordUser(
            id=int(found["id"]),
            name=str(found.get("global_name") or found.get("username") or ""),
            locale=locale,
        )
        self._users.put(key, user, seconds)
        return user

    async def _locale(self, headers: dict[str, str], address: str) -> str | None:
        """The member's Discord language (``/users/@me``), asked once per token, after
        /oauth2/@me confirmed it: a call Discord answers with success."""
        status, body = await self._ask("GET", f"{self.base}/users/@me", address, headers=headers)
        if status == 429:
            raise DiscordRefused("busy", retry_after=float(body.get("retry_after", 5)))
        locale = body.get("locale") if status == 200 else None
        return locale if isinstance(locale, str) else None

    async def instance(self, instance_id: str, address: str = "", *, member: int | None = None) -> Instance:
        """Where a live Activity instance is and who is in it (the bot's token),
        kept a few seconds; asked again once when ``member`` is not in the list kept
        (they may have joined since)."""
        known = self._instances.get(instance_id)
        if known is not None and (member is None or member in known.users):
            return known
        if known is not None:
            again = (instance_id, member)
            if self._asked_again.get(again):  # asked again for them already: no flood of refreshes
                return known
            self._asked_again.put(again, True, INSTANCE_SECONDS)
        elif self._refused.get("instance:" + instance_id) is not None:
            raise DiscordRefused("instance")
        return await self._once("instance:" + instance_id, lambda: self._instance(instance_id, address))

    async def _instance(self, instance_id: str, address: str) -> Instance:
        url = f"{self.base}/applications/{self.client_id}/activity-instances/{instance_id}"
        headers = {"Authorization": f"Bot {self._bot_token}"}
        status, body = await self._ask("GET", url, address, headers=headers)
        if status == 429:
            raise DiscordRefused("busy", retry_after=float(body.get("retry_after", 5)))
        location = body.get("location")
        try:
            if status != 200 or not isinstance(location, dict):
                raise ValueError(status)
            guild = location.get("guild_id")
            found = Instance(
                channel_id=int(location["channel_id"]),
                guild_id=int(guild) if guild else None,
                users=frozenset(int(u) for u in body.get("users", [])),
            )
        except (KeyError, TypeError, ValueError):
            raise self._refuse("instance:" + instance_id, "instance", INSTANCE_SECONDS) from None
        self._instances.put(instance_id, found, INSTANCE_SECONDS)
        return found


def _lifetime(expires: object) -> float:
    """Seconds until ``expires`` (Discord's ISO 8601 time), or a default when unreadable."""
    if not isinstance(expires, str):
        return TOKEN_SECONDS_UNKNOWN
    try:
        at = datetime.fromisoformat(expires)
    except ValueError:
        return TOKEN_SECONDS_UNKNOWN
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return (at - datetime.now(UTC)).total_seconds()


@asynccontextmanager
async def _reached() -> AsyncIterator[None]:
    """Discord unreachable (the network, a timeout) is a refusal the page can be told of."""
    try:
        yield
    except (aiohttp.ClientError, TimeoutError) as failure:
        log.warning("discord unreachable", extra={"fields": {"error": type(failure).__name__}})
        raise DiscordRefused("unreachable") from None


async def _json(response: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        body = await response.json(content_type=None)
    except (ValueError, aiohttp.ContentTypeError):
        return {}
    return body if isinstance(body, dict) else {}
