"""Verifiable shuffles: a commitment to the seed at the start, a replay at the end.

At Start the bot draws a random ``salt`` and publishes

    commitment = SHA-256( ASCII bytes of "<salt>:<seed>" )  as 64 lowercase hex digits

where ``<salt>`` is 32 lowercase hex digits (16 random bytes) and ``<seed>`` the
seed in decimal, no sign, no leading zeros (``printf '%s:%s' SALT SEED | sha256sum``
gives the same). The seed decides every shuffle, deal and die (``games.core.Rng``),
so publishing the commitment fixes them all without revealing any. At the end
the bot reveals ``seed`` and ``salt``; anyone can check the commitment and replay
the game from an export (``/log`` on a finished game) with
``python -m games verify <export.json>``: pure, no Discord, no database.

The replay feeds ``new_game(players, seed, options)`` then every logged game
action (sources ``player``, ``ai``, ``timeout``) to ``Game.play`` by its seat,
and requires every event to equal the logged one: the opening events (the
deal), each action's events (the dice, the cards drawn), the final events at
the natural end and the reveal at ``/end``; and the final state to hash to the
exported ``final_state_sha256``. A take-back (source ``undo``) is replayed as
the table made it (``games.core.undo``): the replay keeps the same book of what
members may take back, so an undo the rules did not allow fails the check.
Platform rows (a seat handed over, the end) are not game actions; their platform
events (keys outside the game's own ``<game>.`` namespace) are not part of the
replay.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from games.core.errors import RuleError
from games.core.events import Event
from games.core.protocol import Game, GameState
from games.core.undo import UNDO_SOURCE, UndoBook, UndoRefused, after_move, after_other, take_back

# /2: the table's options name every setting of the game (Narnia's round cap). A /1
# export was made before settings existed, so a setting it lacks had its old value:
# Game.legacy_settings (no round cap).
EXPORT_FORMAT = "gamemaster-export/2"
LEGACY_FORMATS = ("gamemaster-export/1",)
REPLAYED_SOURCES = ("player", "ai", "timeout")
COMMITMENT_EVENT = "verify.event.commitment"
REVEAL_EVENT = "verify.event.reveal"
SALT_BYTES = 16


def commitment(salt: str, seed: int) -> str:
    """SHA-256 of the ASCII text ``"<salt>:<seed>"``, in hex (see the module doc)."""
    return hashlib.sha256(f"{salt}:{seed}".encode("ascii")).hexdigest()


def state_hash(state: GameState, without: Iterable[str] = ()) -> str:
    """The SHA-256 of a state's canonical JSON (sorted keys, no spaces), ``without``
    the top-level fields a state of an older bot did not have."""
    data = json.loads(state.model_dump_json())
    for key in without:
        data.pop(key, None)
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _plain(events: list[Event]) -> list[dict[str, Any]]:
    """Events as they read once logged (through JSON: tuples become lists)."""
    loaded: list[dict[str, Any]] = json.loads(json.dumps([e.model_dump() for e in events]))
    return loaded


def _game_events(game_id: str, logged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in logged if str(e.get("key", "")).startswith(f"{game_id}.")]


@dataclass
class Verdict:
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    actions: int = 0  # game actions replayed
    events: int = 0  # game events compared
    draws: int = 0  # random draws (shuffles, deals, dice) the replay made
    undos: int = 0  # take-backs replayed

    def fail(self, problem: str) -> Verdict:
        self.ok = False
        self.problems.append(problem)
        return self


def verify(export: dict[str, Any], games: dict[str, Game[Any, Any]]) -> Verdict:
    """Check an export: the commitment, then the whole game replayed from its seed."""
    verdict = Verdict()
    if export.get("format") not in (EXPORT_FORMAT, *LEGACY_FORMATS):
        return verdict.fail(f"not a {EXPORT_FORMAT} export")
    game = games.get(str(export.get("game")))
    if game is None:
        return verdict.fail(f"unknown game {export.get('game')!r}")
    try:
        seed, salt = int(export["seed"]), str(export["salt"])
        players, options = int(export["players"]), dict(export.get("options") or {})
        log: list[dict[str, Any]] = list(export["actions"])
        expected_commitment = str(export["commitment"])
    except (KeyError, TypeError, ValueError) as error:
        return verdict.fail(f"incomplete export ({error})")
    # A game's settings live in its state under their own names: a state of the
    # legacy format's time had none of them, nor one of a ruling the export does not name.
    old = dict(game.legacy_settings) if export.get("format") in LEGACY_FORMATS else {}
    old.update({name: value for name, value in game.rulings.items() if name not in options})
    legacy = tuple(old)
    options = {**old, **options}
    if commitment(salt, seed) != expected_commitment:
        return verdict.fail("the seed and salt do not match the commitment published at the start")
    if not log or log[0].get("source") != "start":
        return verdict.fail("the log does not begin with the start")
    start = log[0]
    if start.get("action", {}).get("seed") != seed:
        return verdict.fail("the start in the log used another seed")
    published = [e for e in start.get("events", []) if e.get("key") == COMMITMENT_EVENT]
    if [e.get("params", {}).get("commitment") for e in published] != [expected_commitment]:
        return verdict.fail("the log's start does not carry the exported commitment")
    try:
        state = game.new_game(players, seed, options)
    except RuleError as error:
        return verdict.fail(f"the game cannot be set up ({error.key})")
    if not _compare(verdict, "the deal (opening events)", game, game.opening_events(state), start):
        return verdict
    over = game.outcome(state) is not None
    book = UndoBook()  # what members may take back, kept as the table kept it
    version = int(start.get("version", 0))
    for entry in log[1:]:
        version += 1
        if entry.get("version") != version:
            return verdict.fail(f"the log skips from version {version - 1} to {entry.get('version')}")
        source = entry.get("source")
        where = f"version {version} ({source})"
        if source in REPLAYED_SOURCES:
            before, decision = state, game.decision(state)
            try:
                seat = int(entry["seat"])
                action = game.parse_action(entry.get("action"))
                state, events = game.play(state, seat, action)
            except (RuleError, ValidationError, KeyError, TypeError, ValueError) as error:
                return verdict.fail(f"{where}: the logged action cannot be replayed ({error})")
            verdict.actions += 1
            if source == "player":
                book = after_move(game, book, seat, before.model_dump_json(), decision, action, events, state)
            else:
                book = after_other(book)
            if not over and game.outcome(state) is not None:
                over = True
                events = [*events, *game.final_events(state)]
            if not _compare(verdict, where, game, events, entry):
                return verdict
        elif source == UNDO_SOURCE:
            try:
                state, book = take_back(game, book, int(entry["seat"]))
            except UndoRefused as refusal:
                return verdict.fail(f"{where}: a take-back the rules do not allow ({refusal.key})")
            except (KeyError, TypeError, ValueError) as error:
                return verdict.fail(f"{where}: the take-back names no seat ({error})")
            verdict.undos += 1
        else:
            book = after_other(book)
            if source == "end" and not _compare(
                verdict, f"{where}: the reveal", game, game.reveal_events(state), entry
            ):
                return verdict
    verdict.draws = state.rng.counter
    if state_hash(state, without=legacy) != export.get("final_state_sha256"):
        return verdict.fail("the replayed final state differs from the game's final state")
    return verdict


def _compare(verdict: Verdict, where: str, game: Game[Any, Any], replayed: list[Event], entry: Any) -> bool:
    logged = _game_events(game.id, list(entry.get("events", [])))
    expected = _game_events(game.id, _plain(replayed))
    if logged != expected:
        for index, (a, b) in enumerate(zip(expected, logged, strict=False)):
            if a != b:
                verdict.fail(f"{where}: event {index + 1} was {b}, the replay gives {a}")
                return False
        verdict.fail(f"{where}: {len(logged)} events logged, the replay gives {len(expected)}")
        return False
    verdict.events += len(logged)
    return True
