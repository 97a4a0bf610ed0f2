"""Everything a player sees, without Discord: ``python -m tools.preview``.

Plays one game per game between AI players (the same ``play`` path as the bot)
and renders, at the start, at the first time each kind of decision comes up,
mid-game and at the end, in English and Italian: the public board (embed text
and picture, the final one with the result above it), the private panel of
whoever must act, and the public lines that led there; then How to play's
labelled picture (``guide-<language>.png``). Pictures go to
``<out>/<game>/*.png`` (the last board ``…-final-<language>.png``), the rest to
``<out>/<game>.txt``, so a reviewer can read and look at a whole game at once.
``--names`` seats players under other names (hostile ones: emoji, CJK, long)
to see how the pictures draw them.

The same functions feed the presentation tests (``tests/platform/
test_presentation.py``): final boards name the winner, select options can be
told apart, public lines never say "you", pictures are localised and readable.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from PIL import Image

from bot.i18n import LANGUAGES, t
from bot.model import Seat, TableInfo
from bot.render import event_text, seat_names
from cogs.kit.common import presented_games
from cogs.kit.guide_picture import labelled
from cogs.kit.pictures import measuring
from cogs.kit.presenter import Presenter
from cogs.kit.record import decision_line, with_final_record
from cogs.panel import panel_context, render_ready
from games.core import Decision, Event, Game, GameState, Outcome
from games.registry import GAMES

NAMES = ["Alice", "Bruno", "Chiara", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Luca"]
CHANNEL = 1
MAX_STEPS = 10_000


def presenter_of(game_id: str) -> Presenter:
    """The game's presenter, as its cog registers it (``cogs.<id>.PRESENTER``)."""
    presenter: Presenter = importlib.import_module(f"cogs.{game_id}").PRESENTER
    return presenter


def table_for(
    players: int, language: str, options: dict[str, Any] | None = None, names: list[str] | None = None
) -> TableInfo:
    seated = names or NAMES
    return TableInfo(
        host_id=100,
        language=language,
        speed="live",
        max_seats=players,
        seats=[Seat(user_id=100 + i, name=seated[i % len(seated)]) for i in range(players)],
        options=dict(options or {}),
    )


@dataclass
class Step:
    """A state of the game and the events that led to it."""

    index: int
    state: GameState
    decision: Decision | None
    events: list[Event] = field(default_factory=list)


def playthrough(
    game: Game[Any, Any], players: int, seed: int, options: dict[str, Any] | None = None
) -> list[Step]:
    """Every state of one game between AI players, from the deal to the end."""
    state = game.new_game(players, seed, options)
    bots = [game.ai(seat) for seat in range(players)]
    steps = [Step(0, state, game.decision(state), list(game.opening_events(state)))]
    while (decision := steps[-1].decision) is not None:
        if len(steps) > MAX_STEPS:
            raise RuntimeError(f"{game.id} did not end after {MAX_STEPS} actions")
        seat = decision.actors[0]
        action = bots[seat].act(game.view(state, seat), decision)
        state, events = game.play(state, seat, action)
        steps.append(Step(len(steps), state, game.decision(state), events))
    steps[-1].events += game.final_events(state)
    return steps


def highlights(steps: list[Step]) -> list[tuple[str, Step]]:
    """The start, the first step of every kind of decision, mid-game and the end."""
    chosen: dict[int, str] = {0: "start"}
    seen: set[str] = set()
    for step in steps:
        if step.decision is not None and step.decision.kind not in seen:
            seen.add(step.decision.kind)
            chosen.setdefault(step.index, step.decision.kind.split(".")[-1])
    chosen.setdefault(len(steps) // 2, "mid")
    chosen[len(steps) - 1] = "end"
    return [(label, steps[index]) for index, label in sorted(chosen.items())]


# -- rendering --------------------------------------------------------------


def embed_text(embed: discord.Embed) -> str:
    parts = [f"# {embed.title}" if embed.title else "", embed.description or ""]
    for f in embed.fields:
        parts.append(f"## {f.name}\n{f.value}")
    if embed.footer and embed.footer.text:
        parts.append(f"-- {embed.footer.text}")
    return "\n".join(p for p in parts if p)


def controls(view: discord.ui.View) -> list[dict[str, Any]]:
    """The view's components as Discord receives them (buttons and selects)."""
    return [c for row in view.to_components() for c in row["components"]]


def controls_text(view: discord.ui.View) -> str:
    lines = []
    for c in controls(view):
        if c["type"] == 2:
            emoji = (c.get("emoji") or {}).get("name", "")
            off = " (disabled)" if c.get("disabled") else ""
            lines.append(f"[button] {emoji} {c.get('label', '')}{off}".replace("  ", " "))
        elif c["type"] == 3:
            options = " | ".join(o["label"] for o in c["options"])
            lines.append(f"[select] {c.get('placeholder', '')}: {options}")
    return "\n".join(lines)


def public_lines(game_id: str, table: TableInfo, events: list[Event], language: str) -> list[str]:
    """The public events rendered as the channel shows them (live messages as their key)."""
    return [
        event_text(game_id, table, e, language)
        for e in events
        if e.public and not isinstance(e.params.get("live"), str)
    ]


def live_lines(
    game: Game[Any, Any], presenter: Presenter, table: TableInfo, step: Step, language: str
) -> list[str]:
    """The live messages (a Narnia battle) as they stand after ``step``: the
    publisher sends or edits one message per live key, drawn from the view."""
    keys = dict.fromkeys(
        live for e in step.events if e.public and isinstance(live := e.params.get("live"), str)
    )
    view = game.view(step.state, None)
    return [text for key in keys if (text := presenter.live_message(table, view, key, language))]


def board(
    game: Game[Any, Any], presenter: Presenter, table: TableInfo, state: GameState, language: str
) -> discord.Embed:
    """The public board as the publisher draws it (with the final record at the end)."""
    view = game.view(state, None)
    embed = presenter.board_embed(table, view, game.decision(state), language)
    outcome = game.outcome(state)
    if outcome is not None:
        embed = with_final_record(embed, presenter, table, outcome, language)
    return embed


def picture(
    presenter: Presenter,
    view: Any,
    language: str,
    names: tuple[str, ...] = (),
    outcome: Outcome | None = None,
) -> tuple[bytes | None, list[int]]:
    """The board picture (with the players' ``names``, and the result once there is an
    ``outcome``) and every text size it was drawn with."""
    with measuring() as sizes:
        png = presenter.board_image(view, language, names=names, outcome=outcome)
    return png, sizes


def panel(
    game: Game[Any, Any], presenter: Presenter, table: TableInfo, step: Step, seat: int, language: str
) -> tuple[discord.Embed, discord.ui.View, bytes | None]:
    """The seat's panel and its picture (none once the game is over, as in Discord)."""
    ctx = panel_context(game, step.state, CHANNEL, step.index + 1, table, seat, None, language)
    embed, view = render_ready(presenter, ctx)
    return embed, view, None if ctx.outcome is not None else presenter.panel_image(ctx)


def panel_seats(step: Step, players: int) -> list[int]:
    """Whose panels to show: whoever must act (every seat at the start and end)."""
    if step.decision is None or step.index == 0:
        return list(range(players))
    return step.decision.actors[:2]


def render_step(
    game_id: str,
    label: str,
    step: Step,
    steps: list[Step],
    players: int,
    language: str,
    out: Path,
    names: list[str] | None = None,
) -> Iterator[str]:
    game, presenter = GAMES[game_id], presenter_of(game_id)
    table = table_for(players, language, names=names)
    yield f"\n{'=' * 78}\n{game_id} · step {step.index} · {label} · {language}\n{'=' * 78}"
    recent = [
        line
        for s in steps[max(0, step.index - 4) : step.index + 1]
        for line in public_lines(game_id, table, s.events, language)
    ]
    if recent:
        yield "--- public lines (the last few) ---\n" + "\n".join(recent[-15:])
    for live in live_lines(game, presenter, table, step, language):
        yield "--- live message ---\n" + live
    if step.decision is not None:
        yield "--- ping ---\n" + decision_line(game_id, table, step.decision, language)
    yield "--- board ---\n" + embed_text(board(game, presenter, table, step.state, language))
    outcome = game.outcome(step.state)
    view = game.view(step.state, None)
    png, sizes = picture(presenter, view, language, seat_names(table), outcome)
    if png is not None:
        name = f"{step.index:04d}-{'final' if outcome is not None else label}-{language}.png"
        (out / game_id).mkdir(parents=True, exist_ok=True)
        (out / game_id / name).write_bytes(png)
        width, height = Image.open(io.BytesIO(png)).size
        yield f"--- picture: {game_id}/{name} ({width}×{height}, smallest text {min(sizes, default=0)} px)"
    for seat in panel_seats(step, players):
        embed, controls_view, hand = panel(game, presenter, table, step, seat, language)
        name = table.seats[seat].name
        yield f"--- panel of {name} ---\n{embed_text(embed)}\n{controls_text(controls_view)}"
        if hand is not None:
            who = "".join(ch for ch in name.lower() if ch.isalnum()) or f"seat{seat + 1}"
            name = f"{step.index:04d}-{label}-panel-{who}-{language}.png"
            (out / game_id).mkdir(parents=True, exist_ok=True)
            (out / game_id / name).write_bytes(hand)
            yield f"--- panel picture: {game_id}/{name}"


def guide_pictures(game_id: str, out: Path) -> Iterator[str]:
    """How to play's labelled picture of the game, in each language."""
    for language in LANGUAGES:
        with measuring() as sizes:
            drawn = labelled(game_id, language)
        if drawn is None:
            continue
        name = f"guide-{language}.png"
        (out / game_id).mkdir(parents=True, exist_ok=True)
        (out / game_id / name).write_bytes(drawn.png)
        missing = f", labels not found: {', '.join(drawn.missing)}" if drawn.missing else ""
        yield f"--- how to play: {game_id}/{name} (smallest text {min(sizes, default=0)} px{missing})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.preview", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="preview", help="folder for the PNGs and text files")
    parser.add_argument("--game", action="append", choices=presented_games(), help="default: every game")
    parser.add_argument("--players", type=int, default=0, help="default: 4 (or the game's limit)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--names", help="the players' names, comma-separated (default: Alice, Bruno…)")
    args = parser.parse_args(argv)
    names = args.names.split(",") if args.names else None
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game_id in args.game or presented_games():
        game = GAMES[game_id]
        players = args.players or min(max(4, game.min_players), game.max_players)
        steps = playthrough(game, players, args.seed)
        chunks = [
            t(f"game.{game_id}.name", "en") + f": {players} players, seed {args.seed}, {len(steps)} steps"
        ]
        for label, step in highlights(steps):
            for language in LANGUAGES:
                chunks.extend(render_step(game_id, label, step, steps, players, language, out, names))
        chunks.extend(guide_pictures(game_id, out))
        (out / f"{game_id}.txt").write_text("\n".join(chunks) + "\n", encoding="utf-8")
        print(f"{game_id}: {out / f'{game_id}.txt'} and {out / game_id}/*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
