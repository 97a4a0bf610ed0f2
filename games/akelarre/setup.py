"""Setting up a game (AK-1): favourites, meeting places, the deal, the first player."""

from __future__ import annotations

from typing import Any

from games.akelarre.data import FAMILIES, GAME_INFO, HAND_SIZE, STALL_ROUNDS, creature_deck
from games.akelarre.state import AkelarreState, Place
from games.core import Rng, RuleError

# Game options (AK-1.1, R26): the host's choices before setup. ``turn_bound`` (R-T1) is
# not the host's: it is off only to replay exports of games played before the ruling.
OPTIONS = {"teams": False, "stall_safeguard": True, "turn_bound": True}


def read_options(players: int, options: dict[str, Any]) -> dict[str, bool]:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise RuleError("akelarre.error.unknown_option", "AK-1.1", option=unknown[0])
    out = dict(OPTIONS)
    for key, value in options.items():
        if isinstance(value, str):
            value = value.strip().lower() in ("1", "true", "yes", "on")
        if not isinstance(value, bool):
            raise RuleError("akelarre.error.unknown_option", "AK-1.1", option=key)
        out[key] = value
    if out["teams"] and players != GAME_INFO.team_variant_players:
        raise RuleError("akelarre.error.teams_need_four", "AK-1.1", count=players)
    return out


def new_state(players: int, seed: int, options: dict[str, Any]) -> AkelarreState:
    chosen = read_options(players, options)
    rng = Rng(seed=seed)
    # AK-1.3: one favourite card each, all different; the rest set aside unseen (R25).
    favourites = rng.shuffled(FAMILIES)
    # AK-1.5: 105 creature cards shuffled, 7 each, the rest is the deck.
    cards = rng.shuffled(creature_deck())
    hands = [cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
    deck = cards[players * HAND_SIZE :]
    assert len(deck) == GAME_INFO.deck_after_deal[players]
    # AK-1.4 / AK-4.1: 2 places each with 2 players, 1 with 3 or 4.
    each = GAME_INFO.meeting_places_at_start[players]
    places = [Place(id=f"P{seat + 1}-{k}", owner=seat) for seat in range(players) for k in range(1, each + 1)]
    return AkelarreState(
        players=players,
        rng=rng,
        teams=chosen["teams"],
        favourites=favourites[:players],
        unused_favourites=favourites[players:],
        hands=hands,
        deck=deck,
        piles={family: [] for family in FAMILIES},
        points=[[] for _ in range(players)],
        places=places,
        # AK-1.7 / R2: the bot picks the first player uniformly at random.
        active=rng.randint(0, players - 1),
        stall_limit=STALL_ROUNDS * players if chosen["stall_safeguard"] else 0,
        turn_bound=chosen["turn_bound"],
    )
