"""Headers and origins: every answer of the Activity's server carries a
policy that allows exactly what the page loads and lets only Discord's clients frame
it; the sign-in and the socket answer only the Activity's own page (and loopback
pages), and refuse any other before Discord is asked anything."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from aiohttp import ClientResponse, WSServerHandshakeError

from bot.i18n import t
from tests.activity.conftest import Rig
from tests.activity.fake_discord import CLIENT_ID

OWN = f"https://{CLIENT_ID}.discordsays.com"
FOREIGN = [
    "https://evil.example",
    "null",  # a sandboxed frame of any site
    "",
    "not an origin",
    "https://discord.com",  # Discord's client frames the page; it never opens its socket
    "https://1.discordsays.com",  # another application's Activity
    f"https://{CLIENT_ID}.discordsays.com.evil.example",
    f"http://{CLIENT_ID}.discordsays.com",  # not over HTTPS
    f"https://evil.example/{CLIENT_ID}.discordsays.com",
    "http://localhost.evil.example",
    "https://127.0.0.1.nip.io",
    "http://127.0.0.2:8080",  # loopback means the member's own machine by name, not 127/8
]
ALLOWED = [OWN, OWN.upper(), "http://127.0.0.1:9", "http://localhost:3000", "http://[::1]:8080"]
FRAMERS = {
    "https://discord.com",
    "https://*.discord.com",  # ptb., canary., pax.
    "https://discordapp.com",
    "https://*.discordapp.com",
    OWN,
    "http://127.0.0.1:*",
    "http://localhost:*",
}


def policy_of(answer: Any) -> dict[str, list[str]]:
    """The Content-Security-Policy header of ``answer``, directive by directive."""
    text = answer.headers.get("Content-Security-Policy", "")
    directives = (part.split() for part in text.split(";") if part.strip())
    return {words[0]: words[1:] for words in directives}


def secured(answer: Any, what: str) -> None:
    policy = policy_of(answer)
    assert policy, f"{what}: no Content-Security-Policy"
    assert policy["default-src"] == ["'none'"], what
    assert policy["script-src"] == ["'self'"], what
    assert policy["style-src"] == ["'self'"], what
    assert policy["img-src"] == ["'self'"], what
    assert policy["connect-src"] == ["'self'", f"wss://{CLIENT_ID}.discordsays.com"], what
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'none'"], what
    assert set(policy["frame-ancestors"]) == FRAMERS, what
    every = " ".join(word for words in policy.values() for word in words)
    assert "unsafe" not in every and "*.discordsays.com" not in every and " * " not in f" {every} ", what
    assert answer.headers.get("X-Content-Type-Options") == "nosniff", what
    assert answer.headers.get("Referrer-Policy") == "no-referrer", what
    server = answer.headers.get("Server", "")
    assert "aiohttp" not in server.lower() and "python" not in server.lower(), what


async def test_every_answer_carries_the_policy_nosniff_and_no_referrer(rig: Rig) -> None:
    build = rig.server.build
    client = rig.client
    answers: dict[str, tuple[ClientResponse, int]] = {
        "the page": (await client.get("/"), 200),
        "a module": (await client.get(f"/static/{build}/app/main.mjs"), 200),
        "the SDK": (await client.get(f"/static/{build}/sdk/index.mjs"), 200),
        "a style sheet": (await client.get(f"/static/{build}/app/table.css"), 200),
        "a missing file": (await client.get(f"/static/{build}/app/nothing.mjs"), 404),
        "an old build's file": (await client.get("/static/000000000000/app/main.mjs"), 404),
        "an unknown path": (await client.get("/wp-login.php"), 404),
        "outside the folder": (await client.get(f"/static/{build}/../server.py"), 404),
        "the icon": (await client.get("/favicon.ico"), 204),
        "a sign-in": (await client.post("/api/token", json={"code": "forged"}, headers={"Origin": OWN}), 401),
        "a foreign sign-in": (
            await client.post(
                "/api/token", json={"code": "forged"}, headers={"Origin": "https://evil.example"}
            ),
            403,
        ),
        "a socket without upgrade": (await client.get("/ws", headers={"Origin": OWN}), 400),
        "a wrong method": (await client.put("/api/token"), 405),
    }
    for what, (answer, status) in answers.items():
        assert answer.status == status, what
        secured(answer, what)
    ws = await client.ws_connect("/ws", origin=OWN)
    secured(ws._response, "the socket's upgrade")  # the 101's headers
    await ws.close()


async def test_the_page_has_nothing_inline_and_loads_only_its_own_files(rig: Rig) -> None:
    """What the policy allows is what the page needs: no inline script, style or
    handler (all refused), and every file from this build's own folder."""

    class Loads(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[str, dict[str, str | None]]] = []
            self.inline: list[str] = []
            self._tag = ""

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self._tag = tag
            self.found.append((tag, dict(attrs)))

        def handle_data(self, data: str) -> None:
            if self._tag in ("script", "style") and data.strip():
                self.inline.append(data)

        def handle_endtag(self, tag: str) -> None:
            self._tag = ""

    page = await rig.client.get("/")
    loads = Loads()
    loads.feed(await page.text())
    assert not loads.inline
    assert not [tag for tag, attrs in loads.found if tag == "style" or "style" in attrs]
    assert not [name for _, attrs in loads.found for name in attrs if name.startswith("on")]
    files = [attrs.get("src") or attrs.get("href") for tag, attrs in loads.found if tag in ("script", "link")]
    assert files and all(str(f).startswith(f"/static/{rig.server.build}/") for f in files)


@pytest.mark.parametrize("origin", FOREIGN)
async def test_a_foreign_page_cannot_sign_in_and_discord_is_not_asked(rig: Rig, origin: str) -> None:
    answer = await rig.client.post(
        "/api/token",
        json={"code": "code-alice"},
        headers={"Origin": origin, "Accept-Language": "it-IT,it;q=0.9"},
    )
    assert (answer.status, await answer.json()) == (
        403,
        {"error": "origin", "text": t("activity.error.origin", "it")},
    )
    assert rig.discord.asked == []
    assert "code-alice" in rig.discord.codes  # the code is still unspent


@pytest.mark.parametrize("origin", FOREIGN)
async def test_a_foreign_page_gets_no_socket(rig: Rig, origin: str) -> None:
    with pytest.raises(WSServerHandshakeError) as refused:
        await rig.client.ws_connect("/ws", headers={"Origin": origin})
    assert refused.value.status == 403
    assert rig.discord.asked == []


@pytest.mark.parametrize("origin", ALLOWED)
async def test_the_activity_s_own_page_and_loopback_pages_sign_in(rig: Rig, origin: str) -> None:
    answer = await rig.client.post("/api/token", json={"code": "code-alice"}, headers={"Origin": origin})
    assert (answer.status, await answer.json()) == (200, {"access_token": "tok-alice"})
    ws = await rig.client.ws_connect("/ws", headers={"Origin": origin})
    await ws.send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    assert (await ws.receive_json(timeout=5))["type"] == "state"
    await ws.close()


async def test_no_origin_is_no_browser_and_goes_on_to_the_sign_in(rig: Rig) -> None:
    """A script sends what Origin it likes: the check is no defence against it and
    lets it through to the sign-in, which has its own limits."""
    answer = await rig.client.post("/api/token", json={"code": "code-bob"})
    assert answer.status == 200
    ws = await rig.client.ws_connect("/ws")
    await ws.close()


def test_activity_origins_adds_an_admin_s_own_pages() -> None:
    from cogs.activity.headers import Guard  # here: the other tests run on the code before it

    guard = Guard(CLIENT_ID, ["http://192.168.1.5:8080", "https://Tables.Example.org/"])
    assert guard.allows("http://192.168.1.5:8080") and guard.allows("https://tables.example.org")
    assert not guard.allows("http://192.168.1.5:8081") and not guard.allows("https://tables.example.org.evil")
    assert not Guard(CLIENT_ID).allows("http://192.168.1.5:8080")


async def test_a_refused_origin_is_logged_once(rig: Rig, caplog: Any) -> None:
    caplog.set_level("INFO", logger="gamemaster.activity")
    for _ in range(3):
        await rig.client.post("/api/token", json={"code": "x"}, headers={"Origin": "https://evil.example"})
    told = [r for r in caplog.records if "foreign page refused" in r.getMessage()]
    assert len(told) == 1
