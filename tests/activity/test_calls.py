"""Discord is asked only for members, and a bounded number of times:
floods of made-up tokens and codes are refused here, a confirmed token
is remembered, another application's token is refused, a silent socket closed."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from aiohttp import WSCloseCode, WSMsgType

from bot.i18n import t
from cogs.activity.discord_api import INSTANCE_SECONDS
from cogs.activity.limits import Bucket, Buckets, client_address
from tests.activity.conftest import ALICE, CAROL, Rig


def calls(rig: Rig, *paths: str) -> int:
    """Calls that reached (the fake) Discord, on ``paths`` or on any."""
    return sum(1 for p in rig.discord.asked if not paths or any(p.startswith(x) for x in paths))


def hello(token: str, instance: str = "i-table") -> dict[str, Any]:
    return {"v": 1, "type": "hello", "access_token": token, "instance_id": instance}


async def test_made_up_tokens_over_one_socket_reach_discord_a_few_times(rig: Rig) -> None:
    """Attack: 500 sign-ins with made-up tokens over one WebSocket (on main: 500 lookups)."""
    rig.server.hello_seconds = 60.0  # this socket never signs in: keep it open for the flood
    settings = rig.bot.settings
    ws = await rig.client.ws_connect("/ws")
    for n in range(500):
        await ws.send_json(hello(f"made-up-{n}"))
    keys = [(await ws.receive_json(timeout=10))["key"] for _ in range(500)]
    assert calls(rig) <= settings.activity_socket_hello_burst
    assert keys.count("activity.error.token") == calls(rig)
    assert keys.count("activity.error.too_many") == 500 - calls(rig)
    # Told when to try again, in words: the page does so by itself.
    await ws.send_json(hello("made-up-again"))
    refusal = await ws.receive_json(timeout=5)
    assert refusal["key"] == "activity.error.too_many" and refusal["retry_after"] >= 1
    assert refusal["text"] == t("activity.error.too_many", "en")
    assert calls(rig) <= settings.activity_socket_hello_burst


async def test_one_bad_token_sent_again_costs_one_call(rig: Rig) -> None:
    for _ in range(3):  # three pages, each saying hello once with the same forged token
        ws = await rig.client.ws_connect("/ws")
        await ws.send_json(hello("tok-forged"))
        assert (await ws.receive_json(timeout=5))["key"] == "activity.error.token"
        await ws.close()
    assert calls(rig) == 1


async def test_made_up_codes_reach_discord_a_bounded_number_of_times(rig: Rig) -> None:
    """Attack: 200 made-up codes on the sign-in endpoint (on main: 200 exchanges)."""
    for _ in range(30):  # one code sent again and again: Discord asked once
        answer = await rig.client.post("/api/token", json={"code": "forged"})
        assert answer.status == 401
    assert calls(rig, "/oauth2/token") == 1
    started = time.monotonic()
    statuses: list[int] = []
    for n in range(200):
        # A claimed X-Forwarded-For is not believed (ACTIVITY_TRUST_PROXY is off): one address.
        headers = {"X-Forwarded-For": f"10.0.{n // 250}.{n % 250}"}
        answer = await rig.client.post("/api/token", json={"code": f"made-up-{n}"}, headers=headers)
        statuses.append(answer.status)
        if answer.status == 429:
            body = await answer.json()
            assert body == {
                "error": "too_many",
                "text": t("activity.error.too_many", "en"),
                "retry_after": body["retry_after"],
            }
            assert int(answer.headers["Retry-After"]) >= 1
    settings = rig.bot.settings
    allowed = settings.activity_address_burst + settings.activity_address_per_second * (
        time.monotonic() - started
    )
    assert calls(rig, "/oauth2/token") <= 1 + allowed
    assert statuses.count(401) == calls(rig, "/oauth2/token") - 1
    assert statuses.count(429) >= 200 - allowed
    # A member's real code still goes through: the limit counts what Discord refused.
    answer = await rig.client.post("/api/token", json={"code": "code-alice"})
    assert answer.status in (200, 429)


async def test_a_thousand_sign_ins_with_one_token_ask_discord_once(rig: Rig) -> None:
    """Attack: 1,000 sign-ins with one valid token (on main: 1,000 calls with the bot's token)."""
    settings = rig.bot.settings
    per_socket = settings.activity_socket_hello_burst
    # Fifty of alice's tabs at once from one address: the socket caps (test_fairness.py)
    # would refuse most of them; here every sign-in must be answered with the table.
    rig.server.caps.per_member = rig.server.caps.per_address = 50

    async def page() -> None:
        ws = await rig.client.ws_connect("/ws")
        for _ in range(per_socket):
            await ws.send_json(hello("tok-alice"))
            answer = await ws.receive_json(timeout=10)
            assert answer["type"] == "state", answer
        await ws.close()  # the test client holds 100 connections at most

    began = time.monotonic()
    for _ in range(1000 // per_socket // 50):  # fifty pages at once, four times
        await asyncio.gather(*(page() for _ in range(50)))
    elapsed = time.monotonic() - began
    # Who alice is (/oauth2/@me, and /users/@me for her language): once for the token's life.
    assert calls(rig, "/oauth2/@me", "/users/@me") == 2, rig.discord.asked
    # Where the instance is and who is in it: kept a few seconds (a loaded machine takes longer).
    assert calls(rig, "/applications/") <= 1 + elapsed // INSTANCE_SECONDS, (rig.discord.asked, elapsed)


async def test_a_member_who_joined_since_is_found_by_asking_again_once(rig: Rig) -> None:
    ws = await rig.client.ws_connect("/ws")
    await ws.send_json(hello("tok-alice"))
    assert (await ws.receive_json(timeout=5))["type"] == "state"
    before = calls(rig, "/applications/")
    rig.discord.instances["i-table"]["users"].append(str(CAROL))  # carol joins the Activity
    carol = await rig.client.ws_connect("/ws")
    await carol.send_json(hello("tok-carol"))
    assert (await carol.receive_json(timeout=5))["type"] == "state"
    assert calls(rig, "/applications/") == before + 1
    rig.discord.instances["i-table"]["users"].remove(str(CAROL))
    # Not in the list and just asked again for: refused from what is known.
    for _ in range(3):
        stranger = await rig.client.ws_connect("/ws")
        await stranger.send_json(hello("tok-dave", "i-other"))
        assert (await stranger.receive_json(timeout=5))["key"] == "activity.error.not_in_instance"
    assert calls(rig, "/applications/") == before + 3  # i-other once, then once again for dave


async def test_a_token_of_another_application_is_refused(rig: Rig) -> None:
    """Attack: a member's token issued to another application (on main: accepted)."""
    rig.discord.users["tok-elsewhere"] = {"id": str(ALICE), "username": "alice", "locale": "it"}
    rig.discord.applications["tok-elsewhere"] = 777  # another Activity's token for alice
    ws = await rig.client.ws_connect("/ws")
    for _ in range(3):
        await ws.send_json(hello("tok-elsewhere"))
        refusal = await ws.receive_json(timeout=5)
        assert refusal["type"] == "error", refusal["type"]
        assert refusal["key"] == "activity.error.other_application"
        assert refusal["text"] == t("activity.error.other_application", "en")
    assert rig.server.viewers.of(100) == []
    assert rig.discord.asked == ["/oauth2/@me"]  # refused once by Discord's answer, then from memory


async def test_a_silent_socket_is_closed_within_the_setting(rig: Rig) -> None:
    """Attack: a socket opened and left silent (on main: kept for 30 s)."""
    setting = rig.bot.settings.activity_hello_seconds
    assert rig.server.hello_seconds == setting <= 10
    # The wait itself under a one-second setting: the same deadline, a fifth of the time.
    setting = rig.server.hello_seconds = 1.0
    started = time.monotonic()
    ws = await rig.client.ws_connect("/ws")
    refusal = await ws.receive_json(timeout=setting + 2)
    assert refusal["key"] == "activity.error.hello_first"
    closing = await ws.receive(timeout=2)
    assert closing.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
    assert ws.close_code == WSCloseCode.POLICY_VIOLATION
    assert time.monotonic() - started <= setting + 1


async def test_the_process_budget_holds_across_many_sockets_and_addresses(rig: Rig) -> None:
    """Many addresses (a trusted proxy's X-Forwarded-For), a sign-in and a code each:
    Discord is asked at most the process's budget, and a member already known still
    signs in."""
    rig.server.settings = rig.server.settings.model_copy(update={"activity_trust_proxy": True})
    settings = rig.server.settings
    known = await rig.client.ws_connect("/ws")
    await known.send_json(hello("tok-alice"))
    assert (await known.receive_json(timeout=5))["type"] == "state"
    before = calls(rig)
    started = time.monotonic()
    keys: list[str] = []

    async def stranger(n: int) -> None:
        headers = {"X-Forwarded-For": f"198.51.100.7, 10.{n // 65536}.{n // 256 % 256}.{n % 256}"}
        ws = await rig.client.ws_connect("/ws", headers=headers)
        await ws.send_json(hello(f"made-up-{n}"))
        keys.append((await ws.receive_json(timeout=10))["key"])
        await ws.close()
        answer = await rig.client.post("/api/token", json={"code": f"made-up-{n}"}, headers=headers)
        keys.append((await answer.json())["error"])

    for group in range(6):
        await asyncio.gather(*(stranger(group * 50 + n) for n in range(50)))
        if group == 2:
            # The flood has drained the process's budget: a member already known still signs
            # in, her instance asked again on her own allowance (forgotten, as 5 s later).
            assert rig.server.discord.calls.budget.wait() > 0
            rig.server.discord._instances.clear()
            ws = await rig.client.ws_connect("/ws")
            await ws.send_json(hello("tok-alice"))
            assert (await ws.receive_json(timeout=5))["type"] == "state"
            await ws.close()
    allowed = settings.activity_discord_burst + settings.activity_discord_per_second * (
        time.monotonic() - started
    )
    assert calls(rig) - before <= allowed + 1
    assert keys.count("activity.error.crowded") + keys.count("crowded") >= 600 - allowed - 1


def test_buckets_burst_then_a_steady_rate_and_forget_old_keys() -> None:
    now = [0.0]
    bucket = Bucket(3, 0.5, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [0, 0, 0, 2.0]
    now[0] = 2.0
    assert bucket.take() == 0 and bucket.take() == 2.0
    bucket.give()
    assert bucket.take() == 0
    many = Buckets(2, 1, size=100, clock=lambda: now[0])
    for n in range(100_000):  # a flood of made-up addresses: memory stays bounded
        many.take(f"10.0.{n // 256}.{n % 256}")
    assert len(many) == 100


def test_the_client_address_is_the_proxy_s_right_most_only_when_trusted() -> None:
    headers = {"X-Forwarded-For": "203.0.113.9, 198.51.100.4"}
    assert client_address("127.0.0.1", headers, trust_proxy=False) == "127.0.0.1"
    assert client_address("127.0.0.1", headers, trust_proxy=True) == "198.51.100.4"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "nonsense"}, trust_proxy=True) == "127.0.0.1"
    assert client_address("127.0.0.1", {}, trust_proxy=True) == "127.0.0.1"
