"""The JSON export of a finished game: everything ``python -m games verify`` needs.

Only a finished game is exported (its seed is public by then); a running game's
seed would reveal every future shuffle. The format is ``games.core.verify``'s.
"""

from __future__ import annotations

import json
from typing import Any

from bot.model import table_of
from bot.store import GameRow, Store
from games.core.verify import EXPORT_FORMAT, commitment, state_hash
from games.registry import GAMES


async def export_game(store: Store, row: GameRow) -> dict[str, Any]:
    if row.status != "finished" or row.state is None:
        raise ValueError("only a finished game can be exported")
    table = table_of(row)
    state = GAMES[row.game].load_state(row.state)
    return {
        "format": EXPORT_FORMAT,
        "game": row.game,
        "game_id": row.id,
        "ended_early": table.ended_by is not None,
        "players": len(table.seats),
        # An AI seat's level; a member's hints (bot.hints), where they asked for any.
        "seats": [
            {
                "seat": i,
                "name": s.name,
                "ai": s.ai,
                **({"level": s.level} if s.ai else {}),
                **({"hints": s.hints} if s.hints else {}),
            }
            for i, s in enumerate(table.seats)
        ],
        # The bot's rulings the game was played under (Game.rulings) beside the host's options.
        "options": {**table.options, **{name: getattr(state, name) for name in GAMES[row.game].rulings}},
        "seed": table.seed,
        "salt": table.salt,
        "commitment": commitment(table.salt, table.seed),
        "outcome": (row.result or {}).get("outcome"),
        "actions": [
            {
                "version": a.version,
                "seat": a.seat,
                "source": a.source,
                "action": a.action,
                "events": a.events,
                "at": a.created_at,
            }
            for a in await store.actions(row.id)
        ],
        "final_state_sha256": state_hash(state),
    }


def export_bytes(export: dict[str, Any]) -> bytes:
    return json.dumps(export, ensure_ascii=False, separators=(",", ":")).encode()


def export_name(row: GameRow) -> str:
    return f"{row.game}-{row.id}.json"
