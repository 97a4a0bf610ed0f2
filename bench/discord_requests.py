"""Every REST request the bot makes to SimCord's Discord, and what each one writes: a post,
an edit, a delete, an upload, a ping (``bench.channel`` and the tests that count a table's
noise tap them with :func:`tapped`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from simcord.http import router

from bench.channel_weight import body_size, files_size

EPHEMERAL = 64
MENTION = re.compile(r"<@!?(\d+)>")
WRITES = ("posts", "edits", "deletes", "uploads")


@dataclass
class Request:
    method: str
    path: str
    body: dict[str, Any]
    files: int
    body_bytes: int = 0  # the JSON body as sent
    file_bytes: int = 0  # the files it uploads

    @property
    def route(self) -> str:
        """channel (channels/.../messages), callback (an interaction's answer) or webhook (followups)."""
        parts = self.path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            return "callback"
        if parts[0] == "webhooks":
            return "webhook"
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            return "channel"
        return "other"

    @property
    def message(self) -> dict[str, Any]:
        """The message a write carries (an interaction answer's ``data``)."""
        if self.route == "callback":
            data = self.body.get("data")
            return data if isinstance(data, dict) else {}
        return self.body

    @property
    def write(self) -> str | None:
        """posts, edits, deletes, or None (a read, or an answer that writes nothing: a deferred update)."""
        route, method = self.route, self.method
        if route == "callback":
            return {4: "posts", 5: "posts", 7: "edits"}.get(int(self.body.get("type", 0)))
        if route in ("channel", "webhook"):
            return {"POST": "posts", "PATCH": "edits", "DELETE": "deletes"}.get(method)
        return None

    @property
    def public_post(self) -> bool:
        """A new message everyone in the channel sees."""
        if self.write != "posts" or (self.route == "callback" and self.body.get("type") != 4):
            return False
        return not int(self.message.get("flags") or 0) & EPHEMERAL

    @property
    def pings(self) -> list[int]:
        """Users a new public message notifies: mentioned in its content and allowed by allowed_mentions."""
        if not self.public_post:
            return []
        mentioned = [int(u) for u in MENTION.findall(str(self.message.get("content") or ""))]
        allowed = self.message.get("allowed_mentions")
        if allowed is None:  # Discord's default: every mention in the content pings
            return list(dict.fromkeys(mentioned))
        listed = {int(u) for u in allowed.get("users", [])}
        every = "users" in allowed.get("parse", [])
        return list(dict.fromkeys(u for u in mentioned if every or u in listed))


@contextmanager
def tapped() -> Iterator[list[Request]]:
    """Record every request the bot sends to SimCord's Discord (both its HTTP client and
    the webhook adapter of interaction answers go through ``router.dispatch``)."""
    log: list[Request] = []
    original = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        files = kwargs.get("files") or []
        log.append(
            Request(
                method,
                path,
                body if isinstance(body, dict) else {},
                len(files),
                body_size(body),
                files_size(files),
            )
        )
        return original(backend, method, path, **kwargs)

    router.dispatch = dispatch
    try:
        yield log
    finally:
        router.dispatch = original


def writes(requests: Sequence[Request], route: str | None = None) -> Counter[str]:
    """Posts, edits, deletes, and uploads (writes carrying a file, also counted as their post or
    edit); of every route, or of one (``channel``: the channel's own message routes)."""
    out: Counter[str] = Counter({w: 0 for w in WRITES})
    for r in requests:
        if r.write is not None and route in (None, r.route):
            out[r.write] += 1
            out["uploads"] += r.files > 0
    return out
