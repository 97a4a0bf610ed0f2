"""What the Activity's web server asks Discord: the OAuth2 code exchange, who a
token belongs to, and where an Activity instance is and who is in it.

Nothing a page says about who or where it is is trusted (Discord's "Trusting
client data"): the user comes from ``GET /users/@me`` with the page's own
token, the channel and the members from ``GET /applications/{id}/activity-
instances/{instance}`` with the bot's token. Neither the client secret, the
bot token nor a user's token is ever logged.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp

log = logging.getLogger("gamemaster.activity")

# A 429 on the code exchange is waited out when Discord asks for this long at
# most (the page is waiting for its answer); a longer one is refused clearly.
RETRY_WAIT_MAX = 2.0
# Token → user answers kept, and for how long: long enough that a page's
# reconnects do not ask Discord again, short enough that a revoked token stops
# working soon (Discord's access tokens live for a week).
USER_CACHE_SIZE = 1024
USER_CACHE_SECONDS = 600.0
TIMEOUT = aiohttp.ClientTimeout(total=10)


class DiscordRefused(Exception):
    """Discord said no (a forged or reused code, a bad token, an instance that is
    not live); ``reason`` is a catalog key suffix (``activity.error.<reason>``)."""

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


class DiscordApi:
    def __init__(self, base: str, client_id: int, client_secret: str, bot_token: str) -> None:
        self.base = base.rstrip("/")
        self.client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        self._users: OrderedDict[str, tuple[float, DiscordUser]] = OrderedDict()
        self._session: aiohttp.ClientSession | None = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def exchange(self, code: str) -> str:
        """The access token for an OAuth2 code the SDK's ``authorize`` gave the
        page (no redirect_uri: Activities send none)."""
        async with _reached():
            return await self._exchange(code)

    async def _exchange(self, code: str) -> str:
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        for attempt in range(2):
            async with self._http().post(f"{self.base}/oauth2/token", data=form) as response:
                body = await _json(response)
                if response.status == 429:
                    wait = float(body.get("retry_after", RETRY_WAIT_MAX + 1))
                    if attempt == 0 and wait <= RETRY_WAIT_MAX:
                        await asyncio.sleep(wait)
                        continue
                    raise DiscordRefused("busy", retry_after=wait)
                token = body.get("access_token")
                if response.status != 200 or not isinstance(token, str):
                    log.info("code refused", extra={"fields": {"status": response.status}})
                    raise DiscordRefused("code")
                return token
        raise DiscordRefused("busy")  # pragma: no cover - the loop returns or raises

    async def user(self, token: str) -> DiscordUser:
        """Who ``token`` belongs to, from a bounded cache or Discord."""
        key = hashlib.sha256(token.encode()).hexdigest()  # the cache holds no token
        now = time.monotonic()
        kept = self._users.get(key)
        if kept is not None and now - kept[0] < USER_CACHE_SECONDS:
            self._users.move_to_end(key)
            return kept[1]
        headers = {"Authorization": f"Bearer {token}"}
        async with _reached(), self._http().get(f"{self.base}/users/@me", headers=headers) as response:
            body = await _json(response)
            if response.status != 200 or "id" not in body:
                raise DiscordRefused("token")
        user = DiscordUser(
            id=int(body["id"]),
            name=str(body.get("global_name") or body.get("username") or ""),
            locale=body.get("locale") if isinstance(body.get("locale"), str) else None,
        )
        self._users[key] = (now, user)
        self._users.move_to_end(key)
        while len(self._users) > USER_CACHE_SIZE:
            self._users.popitem(last=False)
        return user

    async def instance(self, instance_id: str) -> Instance:
        """Where a live Activity instance is and who is in it (the bot's token)."""
        url = f"{self.base}/applications/{self.client_id}/activity-instances/{instance_id}"
        headers = {"Authorization": f"Bot {self._bot_token}"}
        async with _reached(), self._http().get(url, headers=headers) as response:
            body = await _json(response)
            location = body.get("location")
            if response.status != 200 or not isinstance(location, dict):
                raise DiscordRefused("instance")
        try:
            guild = location.get("guild_id")
            return Instance(
                channel_id=int(location["channel_id"]),
                guild_id=int(guild) if guild else None,
                users=frozenset(int(u) for u in body.get("users", [])),
            )
        except (KeyError, TypeError, ValueError):
            raise DiscordRefused("instance") from None


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
