"""How a Narnia table looks in Discord: the ``Presenter`` the bot registers, each hook
answered by the part of its name."""

# Nothing in Narnia is hidden (spec §9), so the board says everything: the map
# picture, the round card with its effect and the order of play, the round's
# effects, every army's territories (the score) and the bags. Each battle is one
# public *live message*, edited throw by throw (both sides' dice sorted, each
# comparison marked from the player's side, who won the throw and why, both
# stacks after it, then the result). A player's panel says what the decision is
# about and holds its controls, built from the engine's legal actions: attacks,
# moves and Witch-attack choices are selects of legal choices, each option
# naming where (and, for a battle, the chance to conquer).
#
# Public text names the players; only the panel (one player's own) says "you".
# Every player has a colour *and* a shape (🔺 🔷 🟢 🟨, the same on the map), so
# nothing rests on telling red from green.

from __future__ import annotations

from cogs.kit.bound import BoundPresenter
from cogs.narnia import battles, board, clicks, final, hints, odds_ahead, page_map, panel, panel_map
from games.narnia.face import NarniaView, known_only

GAME = "narnia"


class NarniaPresenter(BoundPresenter):
    game_id = GAME
    view_type = NarniaView
    page_words = (
        "narnia.territory.",
        "narnia.card.",
        "narnia.card_text.",
        "narnia.colour.",
        "narnia.phase.",
        "narnia.territory_the.",
        "narnia.territory_in.",
        "narnia.territory_from.",
        "narnia.ui.",
        "narnia.decision.",
    )  # what the Activity's page names, and the channel's words it says things with
    # the Activity's page (page_map), the board, the end, the live battle message
    # (battles), the panel with its slow work (odds_ahead), its map and its clicks.
    parts = (page_map, board, final, battles, panel, odds_ahead, panel_map, clicks, hints)
    # On the event loop the panel and the hint read only the chances known: the others are
    # worked out first by panel_work on the work thread (the hint's search, on its own).
    on_loop = known_only
