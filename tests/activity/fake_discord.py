"""A fake of Discord's HTTP API on the loopback address, for the Activity's web
server: the OAuth2 code exchange (each code once), ``/oauth2/@me`` (the token's
application and its partial user, without a locale, as Discord's), ``/users/@me``
and the activity instances, answering only the bot token for the latter. ``asked``
holds every call that reached it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web

CLIENT_ID = 4242
CLIENT_SECRET = "activity-secret-do-not-log"
BOT_TOKEN = "test-token"  # tests.factory's


@dataclass
class FakeDiscord:
    codes: dict[str, str] = field(default_factory=dict)  # code -> access token (once)
    users: dict[str, dict[str, Any]] = field(default_factory=dict)  # token -> user
    # token -> the application it was issued to, where not CLIENT_ID (another Activity's)
    applications: dict[str, int] = field(default_factory=dict)
    lifetime: timedelta = timedelta(days=7)  # an access token's, as Discord gives them
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    throttle: list[float] = field(default_factory=list)  # retry_after of the next 429s
    asked: list[str] = field(default_factory=list)  # the paths asked, in order

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/oauth2/token", self.token)
        app.router.add_get("/users/@me", self.me)
        app.router.add_get("/oauth2/@me", self.authorization)
        app.router.add_get("/applications/{app}/activity-instances/{instance}", self.instance)
        return app

    async def token(self, request: web.Request) -> web.Response:
        self.asked.append(request.path)
        if self.throttle:
            return web.json_response({"retry_after": self.throttle.pop(0)}, status=429)
        form = await request.post()
        if (
            form.get("client_id") != str(CLIENT_ID)
            or form.get("client_secret") != CLIENT_SECRET
            or form.get("grant_type") != "authorization_code"
            or "redirect_uri" in form
        ):
            return web.json_response({"error": "invalid_client"}, status=401)
        token = self.codes.pop(str(form.get("code")), None)  # a code works once
        if token is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response({"access_token": token, "token_type": "Bearer", "expires_in": 604800})

    async def me(self, request: web.Request) -> web.Response:
        self.asked.append(request.path)
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        user = self.users.get(token) if scheme == "Bearer" else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(user)

    async def authorization(self, request: web.Request) -> web.Response:
        self.asked.append(request.path)
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        user = self.users.get(token) if scheme == "Bearer" else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        partial = {k: v for k, v in user.items() if k != "locale"}  # /oauth2/@me's user has none
        return web.json_response(
            {
                "application": {"id": str(self.applications.get(token, CLIENT_ID)), "name": "app"},
                "scopes": ["identify"],
                "expires": (datetime.now(UTC) + self.lifetime).isoformat(),
                "user": partial,
            }
        )

    async def instance(self, request: web.Request) -> web.Response:
        self.asked.append(request.path)
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}" or request.match_info["app"] != str(
            CLIENT_ID
        ):
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        found = self.instances.get(request.match_info["instance"])
        if found is None:
            return web.json_response({"message": "Unknown Activity Instance", "code": 10070}, status=404)
        return web.json_response(found)
