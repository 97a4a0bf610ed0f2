"""``python -m bench.channel`` (docs/channel.md): its JSON has the documented shape,
its figures are sane, and where a count is known exactly, it is the count.

Three short runs (a few turns each) keep this under half a minute."""

from __future__ import annotations

import json
from typing import Any

from bench.channel import KINDS, WRITES, Request, main, run_game

SPREAD = {"count", "mean", "max"}


def count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def amount(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def check_spread(spread: dict[str, Any]) -> None:
    assert set(spread) >= SPREAD, spread
    assert count(spread["count"]) and amount(spread["mean"]) and amount(spread["max"]), spread
    assert spread["mean"] <= spread["max"] or spread["count"] == 0, spread


def check_shape(figures: dict[str, Any], turns: int) -> None:
    """Every figure docs/channel.md describes, each a count or a mean, and sane."""
    assert figures["stopped"] is None, figures["stopped"]
    assert figures["fallbacks"] == 0, "every move was played through the control the member wanted"
    assert 0 < figures["turns"] <= turns
    messages = figures["messages_per_turn"]
    for kind in (*KINDS, "all"):
        check_spread(messages[kind])
    assert sum(messages[kind]["count"] for kind in KINDS) == messages["all"]["count"] == figures["turns"]
    check_spread(figures["pings_per_turn_change"])
    check_spread(figures["messages_per_round_end"])
    assert figures["messages_per_round_end"]["count"] <= figures["turns"]
    # The Start is a turn change, then every turn ends with one (but the game's last).
    assert figures["pings_per_turn_change"]["count"] == figures["turns"] + 1 - figures["finished"]
    for key in ("pings_to_actor", "pings_off_change", "board_distance_max", "stale_refreshes"):
        assert count(figures[key]), (key, figures[key])
    assert amount(figures["board_distance_mean"])
    assert figures["board_distance_mean"] <= figures["board_distance_max"]
    # The board follows the turn: at every turn change it is the channel's last message.
    assert figures["board_distance_max"] == 0
    interactions = figures["interactions_per_turn"]
    check_spread(interactions)
    assert interactions["mean"] >= 1, "a move takes at least one click"
    for kind, acts in interactions["by_decision"].items():
        assert kind.startswith(f"{figures['game']}."), kind
        check_spread(acts)
    assert sum(figures["stale_refreshes_on"].values()) == figures["stale_refreshes"]
    written = figures["writes_per_turn"]
    for w in WRITES:
        assert amount(written[w]) and amount(written["channel"][w]), written
        assert written["channel"][w] <= written[w]
    assert written["edits"] > 0, "every move edits at least the mover's panel and the board"
    # Two counts of the channel's messages that do not share any code: the bench's, from
    # the bot's requests (posts less the boards it removed), and SimCord's own history.
    assert figures["channel_posts_seen"] - figures["channel_deleted"] == figures["channel_history"]


def test_the_command_prints_one_json_object_with_a_key_per_game() -> None:
    printed: list[str] = []
    assert main(["--game", "magmor", "--turns", "3", "--seed", "1"], out=printed.append) == 0
    [line] = printed
    figures = json.loads(line)
    assert list(figures) == ["magmor"]
    magmor = figures["magmor"]
    check_shape({**magmor, "game": "magmor"}, turns=3)
    assert magmor["turns"] == 3 and not magmor["finished"]
    assert {k: magmor[k] for k in ("players", "language", "seed", "panels")} == {
        "players": 3,
        "language": "en",
        "seed": 1,
        "panels": "reuse",
    }
    # Known exactly: /play answers with the lobby (one post), each Join edits it; the
    # Start posts the board (with the picture and the one ping, for the leader of the
    # first turn) and cuts the lobby above it down to the opening lines (an edit).
    assert magmor["start"] == {
        "channel_posts": 2,
        "pings": 1,
        "writes": {"posts": 2, "edits": 3, "deletes": 0, "uploads": 1},
    }


async def test_simultaneous_turns_in_italian_with_kept_and_fresh_panels() -> None:
    kept = await run_game("talismani", turns=3, language="it", seed=2)
    check_shape({**kept, "game": "talismani"}, turns=3)
    # Everyone plays at once: the Start pings all three members in its one board.
    assert kept["start"]["channel_posts"] == 2 and kept["start"]["pings"] == 3
    assert kept["pings_per_turn_change"]["max"] == 3
    # A member who plays on from the panel they left open finds it redrawn to the table
    # (cogs/channel/open_panels.py), as one who presses My hand for every move sees a fresh one.
    assert kept["stale_refreshes"] == 0
    fresh = await run_game("talismani", turns=3, language="it", seed=2, panels="fresh")
    check_shape({**fresh, "game": "talismani"}, turns=3)
    assert fresh["stale_refreshes"] == 0 and fresh["stale_refreshes_on"] == {}
    # The same game either way: the channel gets the same messages and pings.
    for key in ("messages_per_turn", "pings_per_turn_change", "pings_to_actor", "board_distance_max"):
        assert fresh[key] == kept[key], key


def test_pings_are_the_mentions_allowed_mentions_let_through() -> None:
    def post(content: str, allowed: dict[str, Any] | None, flags: int = 0) -> Request:
        body: dict[str, Any] = {"content": content, "flags": flags}
        if allowed is not None:
            body["allowed_mentions"] = allowed
        return Request("POST", "/channels/1/messages", body, 0)

    assert post("<@5> <@6> go", {"users": [6], "parse": []}).pings == [6]
    assert post("<@5> go", {"parse": []}).pings == []
    assert post("<@5> <@!6> <@5> go", None).pings == [5, 6]  # no allowed_mentions: Discord pings them all
    assert post("<@5> go", {"parse": ["users"]}).pings == [5]
    assert post("<@5> go", None, flags=64).pings == []  # an ephemeral message is nobody's notification
    answer = Request("POST", "/interactions/9/tok/callback", {"type": 4, "data": {"content": "<@5>"}}, 0)
    assert answer.public_post and answer.pings == [5] and answer.write == "posts"
    update = Request("POST", "/interactions/9/tok/callback", {"type": 7, "data": {"content": "<@5>"}}, 0)
    assert update.write == "edits" and not update.public_post and update.pings == []
    assert Request("POST", "/interactions/9/tok/callback", {"type": 6}, 0).write is None
    board = Request("PATCH", "/channels/1/messages/2", {"embeds": []}, 1)
    assert board.write == "edits" and board.route == "channel"
    assert Request("GET", "/webhooks/1/tok/messages/@original", {}, 0).write is None
