"""Verifiable shuffles through the table service: the seed's commitment at Start,
the seed in no public line before the end, and ``python -m games verify``
accepting honest exports of every game and rejecting tampered ones."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.export import export_game
from bot.model import table_of
from bot.table import TableService
from games.__main__ import main
from games.core.verify import COMMITMENT_EVENT, REVEAL_EVENT, commitment, verify
from games.registry import GAMES
from tests.factory import make_settings, open_store

HOST = 100
CHANNEL = 7


@pytest_asyncio.fixture
async def service(database: str) -> AsyncIterator[TableService]:
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


async def _start(service: TableService, game_id: str, players: int, channel: int = CHANNEL) -> None:
    await service.open_lobby(channel, 1, HOST, "host", game_id, seats=players, speed="live", language="en")
    for _ in range(players - 1):
        await service.add_ai(channel, HOST, may_manage=False)
    await service.start(channel, HOST, may_manage=False)


async def _play_out(service: TableService, channel: int = CHANNEL) -> None:
    """The host's seat plays its own AI's choices as a player; the AI seats play themselves."""
    for _ in range(5_000):
        row = await service.store.active(channel)
        if row is None:
            return
        game = GAMES[row.game]
        state = game.load_state(row.state or "")
        decision = game.decision(state)
        assert decision is not None
        if 0 not in decision.actors:
            # The AI seats' stretch did not fit in the member's move (a slice ends by
            # its move count, or before a hard search): the scheduler plays it on.
            assert await service.run_due(channel) is not None
            continue
        action = game.ai(0).act(game.view(state, 0), decision)
        await service.act(channel, HOST, action.model_dump(), version=row.version)
    raise AssertionError("the game did not end")


async def _export(service: TableService, channel: int = CHANNEL) -> dict[str, Any]:
    row = await service.store.latest_finished(channel)
    assert row is not None
    # Through JSON, as the file players download.
    loaded: dict[str, Any] = json.loads(json.dumps(await export_game(service.store, row)))
    return loaded


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_an_honest_export_of_a_whole_game_verifies(service: TableService, game_id: str) -> None:
    await _start(service, game_id, GAMES[game_id].min_players)
    await _play_out(service)
    export = await _export(service)
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems
    assert verdict.actions > 0 and verdict.events > 0 and verdict.draws > 0
    assert export["actions"][0]["source"] == "start"
    assert {"player", "ai"} <= {a["source"] for a in export["actions"]}


async def test_the_commitment_is_published_at_start_and_the_seed_only_at_the_end(
    service: TableService,
) -> None:
    await _start(service, "magmor", 3)
    row = await service.store.active(CHANNEL)
    assert row is not None
    table = table_of(row)
    assert len(table.salt) == 32 and int(table.salt, 16) >= 0
    log = await service.store.actions(row.id)
    sealed = [e for e in log[0].events if e["key"] == COMMITMENT_EVENT]
    assert sealed and sealed[0]["seats"] is None  # a public line, with the deal
    assert sealed[0]["params"]["commitment"] == commitment(table.salt, table.seed)
    # The exact bytes docs/playing.md documents: SHA-256 of ASCII "<salt>:<seed>".
    expected = hashlib.sha256(f"{table.salt}:{table.seed}".encode("ascii")).hexdigest()
    assert sealed[0]["params"]["commitment"] == expected
    await _play_out(service)
    log = await service.store.actions(row.id)
    public = [[e for e in a.events if e["seats"] is None] for a in log]
    before_end, last = public[:-1], public[-1]
    for events in before_end:
        text = json.dumps(events)
        assert str(table.seed) not in text and table.salt not in text
    reveal = [e for e in last if e["key"] == REVEAL_EVENT]
    assert reveal and reveal[0]["params"] == {
        "seed": table.seed,
        "salt": table.salt,
        "commitment": commitment(table.salt, table.seed),
    }


async def test_an_ended_game_verifies_with_its_reveal(service: TableService) -> None:
    await _start(service, "talismani", 4)
    row = await service.store.active(CHANNEL)
    assert row is not None
    game = GAMES["talismani"]
    for _ in range(3):  # a few plays, then the host ends it
        row = await service.store.active(CHANNEL)
        assert row is not None
        state = game.load_state(row.state or "")
        decision = game.decision(state)
        assert decision is not None
        action = game.ai(0).act(game.view(state, 0), decision)
        await service.act(CHANNEL, HOST, action.model_dump(), version=row.version)
    applied = await service.end(CHANNEL, HOST, may_manage=False)
    assert any(e.key == REVEAL_EVENT for e in applied.events)
    export = await _export(service)
    assert export["ended_early"] is True and export["actions"][-1]["source"] == "end"
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems
    # The reveal at /end is checked too: a hand shown differently is caught.
    tampered = copy.deepcopy(export)
    shown = [e for e in tampered["actions"][-1]["events"] if e["key"].startswith("talismani.")]
    assert shown
    shown[0]["params"]["tampered"] = True
    assert not verify(tampered, GAMES).ok


async def test_tampered_exports_are_rejected(service: TableService, tmp_path: Path) -> None:
    await _start(service, "narnia", 2)
    await _play_out(service)
    export = await _export(service)
    assert verify(export, GAMES).ok

    def rejected(change: Any) -> list[str]:
        tampered = copy.deepcopy(export)
        change(tampered)
        verdict = verify(tampered, GAMES)
        assert not verdict.ok
        return verdict.problems

    # Another seed: it does not match the commitment published at the start.
    def other_seed(e: dict[str, Any]) -> None:
        e["seed"] += 1

    assert "commitment" in rejected(other_seed)[0]

    # Another seed with a commitment made up to match: the log's start disagrees.
    def made_up(e: dict[str, Any]) -> None:
        e["seed"] += 1
        e["commitment"] = commitment(e["salt"], e["seed"])

    assert "another seed" in rejected(made_up)[0]

    # ...with the start's seed rewritten too: the commitment published at Start disagrees.
    def made_up_start(e: dict[str, Any]) -> None:
        made_up(e)
        e["actions"][0]["action"]["seed"] = e["seed"]

    assert "commitment" in rejected(made_up_start)[0]

    # ...and with the published commitment rewritten too: the deal no longer replays.
    def rewritten(e: dict[str, Any]) -> None:
        made_up(e)
        start = e["actions"][0]
        start["action"]["seed"] = e["seed"]
        for event in start["events"]:
            if event["key"] == COMMITMENT_EVENT:
                event["params"]["commitment"] = e["commitment"]

    assert rejected(rewritten)

    # A die changed in a battle's throw.
    def die(e: dict[str, Any]) -> None:
        for entry in e["actions"]:
            for event in entry["events"]:
                if "attacker_dice" in event["params"]:
                    event["params"]["attacker_dice"] += "6"
                    return
        raise AssertionError("no battle in this game")

    assert "event" in rejected(die)[0]

    # A player's action changed.
    def action(e: dict[str, Any]) -> None:
        entry = next(a for a in e["actions"] if a["source"] == "player" and len(a["action"]) > 1)
        entry["action"] = copy.deepcopy(next(a for a in e["actions"] if a["source"] == "ai")["action"])
        entry["action"]["kind"] = "no-such-move"

    assert "cannot be replayed" in rejected(action)[0]

    # An action dropped from the log.
    def dropped(e: dict[str, Any]) -> None:
        del e["actions"][len(e["actions"]) // 2]

    assert rejected(dropped)

    # The final state claimed differs.
    def final(e: dict[str, Any]) -> None:
        e["final_state_sha256"] = "0" * 64

    assert "final state" in rejected(final)[0]

    # The command line: exit 0 with a verdict for the honest file, 1 for a tampered one.
    honest, bad = tmp_path / "honest.json", tmp_path / "bad.json"
    honest.write_text(json.dumps(export))
    broken = copy.deepcopy(export)
    die(broken)
    bad.write_text(json.dumps(broken))
    assert main(["verify", str(honest)]) == 0
    assert main(["verify", str(bad)]) == 1
    assert main(["verify", str(tmp_path / "missing.json")]) == 1


async def test_an_export_from_before_the_round_cap_replays_without_one(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A gamemaster-export/1 file was made when Narnia had no round cap (R34 before its
    revision) and names no cap: it replays with none (Game.legacy_settings). An export
    made now names the cap it was played with."""
    # A fixed deal that ends before round 100 (one drawn with the bot's random seed reached it).
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 1)
    await _start(service, "narnia", 2)
    await _play_out(service)
    export = await _export(service)
    assert export["format"] == "gamemaster-export/2"
    # The cap, and Aslan's question after each lost throw (the withdrawn R-A1 is off).
    assert export["options"] == {"round_cap": 100, "aslan_once": False}
    assert verify(export, GAMES).ok
    narnia = GAMES["narnia"]
    seen: list[dict[str, Any]] = []
    real = type(narnia).new_game

    def new_game(self: Any, players: int, seed: int, options: Any = None) -> Any:
        seen.append(dict(options or {}))
        return real(self, players, seed, options)

    monkeypatch.setattr(type(narnia), "new_game", new_game)
    # What the bot wrote then: no setting in the options, and the hash of a state
    # that had no round_cap field (nor the later ruling's aslan_once).
    row = await service.store.latest_finished(CHANNEL)
    assert row is not None and row.state is not None
    old_state = json.loads(row.state)
    del old_state["round_cap"], old_state["aslan_once"]
    old_hash = hashlib.sha256(
        json.dumps(old_state, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    legacy = {
        **copy.deepcopy(export),
        "format": "gamemaster-export/1",
        "options": {},
        "final_state_sha256": old_hash,
    }
    verdict = verify(legacy, GAMES)
    assert verdict.ok, verdict.problems  # this game ended well before round 100 either way
    assert seen[-1] == {"round_cap": None, "aslan_once": False}
    capped = {**copy.deepcopy(export), "options": {"round_cap": 1}}
    assert not verify(capped, GAMES).ok  # the options are replayed: a cap of 1 ends round 1


async def test_a_new_narnia_game_asks_aslan_after_each_lost_throw_as_before_r_a1(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new game follows the printed rule (NA-4.7.9, D16): its export names
    ``aslan_once: false`` and verifies. So does the export of a game played before R-A1
    (no aslan_once in the options, a state without the field), which asked the same way;
    the same log claimed under the withdrawn ruling does not (it logged a second question
    in one battle). Seed 13, two players."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 13)
    await _start(service, "narnia", 2)
    await _play_out(service)
    now = await _export(service)
    assert now["options"] == {"round_cap": 100, "aslan_once": False}
    assert verify(now, GAMES).ok
    row = await service.store.latest_finished(CHANNEL)
    assert row is not None and row.state is not None
    stored = json.loads(row.state)
    del stored["aslan_once"]  # a state saved before the ruling: no field, the same rule
    assert not GAMES["narnia"].load_state(json.dumps(stored)).aslan_once
    then = {
        **copy.deepcopy(now),
        "options": {"round_cap": 100},
        "final_state_sha256": hashlib.sha256(
            json.dumps(stored, sort_keys=True, separators=(",", ":")).encode()
        ).hexdigest(),
    }
    verdict = verify(then, GAMES)
    assert verdict.ok, verdict.problems
    claimed = {**copy.deepcopy(now), "options": {"round_cap": 100, "aslan_once": True}}
    wrong = verify(claimed, GAMES)
    assert not wrong.ok and "narnia.event.aslan_offered" in wrong.problems[0]  # the second question


async def test_a_narnia_game_played_under_r_a1_keeps_its_ruling_and_verifies(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The withdrawn ruling R-A1 (Aslan's question once per battle): a game started under
    it names ``aslan_once: true`` in its export and replays under it. Seed 13, two players."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 13)
    with monkeypatch.context() as then:  # the bot while R-A1 was in force
        then.setattr("games.narnia.setup.aslan_option", lambda options: True)
        await _start(service, "narnia", 2)
    row = await service.store.active(CHANNEL)
    assert row is not None and GAMES["narnia"].load_state(row.state or "").aslan_once
    await _play_out(service)  # saved and loaded at every action: the ruling stays
    export = await _export(service)
    assert export["options"] == {"round_cap": 100, "aslan_once": True}
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems
    keys = [e.get("key") for a in export["actions"] for e in a.get("events", [])]
    assert "narnia.event.aslan_offered" in keys  # the game met Aslan's question
    assert "keep_quiet" not in {a["action"].get("kind") for a in export["actions"][1:]}
