"""Controls built from the engine's list of legal actions.

A panel is drawn for one state version, and ``Game.legal_actions`` is a pure
function of that state, so a control can name an action by its index in the
list: ``L.<i>`` for a button, ``L`` for a select whose values are indices.
The click is decoded against the same list (the version in the custom_id
guarantees it), and the engine still validates the action it receives. Only
legal choices are ever offered, and nothing but an index reaches a custom_id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.model import TableError
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import OPTION_TEXT, fit_text, index_field
from cogs.kit.presenter import Click, PanelContext

SELECT_LIMIT = 25  # Discord's options per select


def legal(ctx: PanelContext, *kinds: str) -> list[tuple[int, dict[str, Any]]]:
    """The seat's legal actions of these kinds, with their indices."""
    return [(i, a) for i, a in enumerate(ctx.legal or []) if not kinds or a.get("kind") in kinds]


def select(
    ctx: PanelContext,
    placeholder: str,
    entries: Iterable[tuple[int, str]],
    *,
    payload: str = "L",
    emoji: Callable[[int], str | None] | None = None,
    row: int | None = None,
) -> ActSelect | None:
    """A select of legal actions (index, label); None when there is nothing to pick."""
    options = [
        discord.SelectOption(
            label=fit_text(OPTION_TEXT, label), value=str(index), emoji=emoji(index) if emoji else None
        )
        for index, label in entries
    ][:SELECT_LIMIT]
    if not options:
        return None
    return ActSelect.make(ctx.channel_id, ctx.version, payload, placeholder, options, row=row)


def button(
    ctx: PanelContext,
    index: int,
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    row: int | None = None,
) -> ActButton:
    return ActButton.make(ctx.channel_id, ctx.version, f"L.{index}", label, style=style, emoji=emoji, row=row)


def click(ctx: PanelContext, payload: str, values: list[str]) -> Click | None:
    """The action a legal-action control stands for, or None if ``payload`` is not one."""
    if payload == "L":
        raw = values[0] if values else ""
    elif payload.startswith("L."):
        raw = payload[2:]
    else:
        return None
    actions = ctx.legal or []
    index = index_field(raw, len(actions))
    if index is None:
        raise TableError("error.bad_action")
    return Click(action=dict(actions[index]))


def narrowed(
    ctx: PanelContext,
    entries: list[tuple[int, str, str, str]],
    *,
    draft_key: str,
    group_placeholder: str,
    placeholder: str,
    row: int,
) -> list[ActSelect]:
    """Selects for legal actions that may be more than a select holds.

    ``entries`` are (index, group id, group label, label). With at most 25 of
    them, one select; otherwise a select of groups (saved as the draft's
    ``draft_key``) and then a select of the chosen group's actions (two rows).
    """
    if len(entries) <= SELECT_LIMIT:
        one = select(ctx, placeholder, [(i, label) for i, _, _, label in entries], row=row)
        return [one] if one is not None else []
    groups: dict[str, str] = {}
    for _, group, group_label, _ in entries:
        groups.setdefault(group, group_label)
    chosen = (ctx.draft or {}).get(draft_key)
    options = [
        discord.SelectOption(label=fit_text(OPTION_TEXT, label), value=group, default=group == chosen)
        for group, label in groups.items()
    ][:SELECT_LIMIT]
    out = [ActSelect.make(ctx.channel_id, ctx.version, f"G.{draft_key}", group_placeholder, options, row=row)]
    inner = select(
        ctx, placeholder, [(i, label) for i, group, _, label in entries if group == chosen], row=row + 1
    )
    if inner is not None:
        out.append(inner)
    return out


def group_click(ctx: PanelContext, payload: str, values: list[str]) -> Click | None:
    """A group picked in a :func:`narrowed` select: remember it in the draft."""
    if not payload.startswith("G.") or not values:
        return None
    return Click(draft={**(ctx.draft or {}), payload[2:]: values[0]})
