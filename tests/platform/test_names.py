"""Members' names stay exactly as Discord gives them (issue 31): every game's board,
panels (their controls too), public lines and final record, in both languages, at
tables of members named in lower case, upper case with an accent, with an
underscore: wherever a name shows, it reads as given, never re-capitalised ("ann"
never becomes "Ann's place 1") and, where the text is not markdown (a select option,
a button), without the backslash that escapes it in markdown ("x\\_y")."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.model import Seat, TableInfo
from bot.replies import display_name
from cogs.panel import panel_context, render_panel
from games.registry import GAMES
from tools.preview import controls, embed_text, playthrough, presenter_of, public_lines

NAMES = ["ann", "ÉLODIE", "x_y", "dee mcintosh"]
ESCAPE = re.compile(r"\\(.)")  # markdown's escapes, as Discord renders them


def kept(name: str) -> str:
    """The name a seat keeps, as the lobby stores a member's (bot.replies.display_name)."""
    return display_name(SimpleNamespace(display_name=name))  # type: ignore[arg-type]


def table_of(players: int, language: str, options: dict[str, Any]) -> TableInfo:
    return TableInfo(
        host_id=100,
        language=language,
        speed="live",
        max_seats=players,
        seats=[Seat(user_id=100 + i, name=kept(NAMES[i])) for i in range(players)],
        options=dict(options),
    )


def rendered(markdown: str) -> str:
    return ESCAPE.sub(r"\1", markdown)


def shown(embed: Any, view: Any) -> str:
    """An embed (as Discord renders its markdown) and its controls' words (labels,
    placeholders, options: plain text)."""
    parts = [rendered(embed_text(embed))]
    for c in controls(view):
        parts += [str(c.get("label") or ""), str(c.get("placeholder") or "")]
        for option in c.get("options", []):
            parts += [str(option.get("label") or ""), str(option.get("description") or "")]
    return "\n".join(parts)


def texts(game_id: str, language: str) -> str:
    """Everything a table of :data:`NAMES` reads over one AI game (every few steps)."""
    game, presenter = GAMES[game_id], presenter_of(game_id)
    players = min(max(3, game.min_players), game.max_players, len(NAMES))
    options = {"teams": True} if game_id == "akelarre" and players == 4 else {}
    table = table_of(players, language, options)
    steps = playthrough(game, players, 2, options)
    out: list[str] = []
    for step in steps:
        out += [rendered(line) for line in public_lines(game_id, table, step.events, language)]
    for step in [*steps[::6], steps[-1]]:
        view = game.view(step.state, None)
        out.append(rendered(embed_text(presenter.board_embed(table, view, step.decision, language))))
        for seat in range(players):
            ctx = panel_context(game, step.state, 1, 7, table, seat, None, language)
            out.append(shown(*render_panel(presenter, ctx)))
    outcome = game.outcome(steps[-1].state)
    assert outcome is not None
    out += [rendered(line) for line in presenter.final_lines(table, outcome, language)]
    return "\n".join(out)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_names_show_exactly_as_given(game_id: str, language: str) -> None:
    text = texts(game_id, language)
    players = min(max(3, GAMES[game_id].min_players), GAMES[game_id].max_players, len(NAMES))
    for name in NAMES[:players]:
        # Every spelling of the name, in any case, escaped or not, as a word of its own.
        spelled = "".join(r"\\?" + re.escape(c) for c in name)
        found = re.findall(rf"(?<!\w){spelled}(?!\w)", text, flags=re.IGNORECASE)
        assert name in found, f"{name!r} never shows in {game_id}"
        assert set(found) == {name}, f"{game_id} re-spells {name!r} as {sorted(set(found) - {name})}"
