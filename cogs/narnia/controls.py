"""The panel's controls, built from the engine's legal actions: buttons, the
attack-or-move switch, and selects of territories and tokens."""

from __future__ import annotations

import discord

from bot.presenter import PanelContext
from cogs import legal
from cogs.controls import BLUE, GREEN, GREY
from cogs.narnia.words import form, percent, stack_text, territory, ui
from cogs.panel import ActButton, ActSelect
from games.narnia.ai import Board
from games.narnia.views import NarniaView


def add_controls(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """The controls for the decision the seat must take now, each holding legal choices only."""
    lang = ctx.language
    if v.phase in ("turn", "courage"):
        _turn_controls(ctx, v, controls)
        return
    for button in _buttons(ctx, v):
        controls.add_item(button)
    if v.phase == "invade":
        _invade_controls(ctx, v, controls)
        return
    board = Board(v)
    entries: list[tuple[int, str, str, str]] = []
    seen: set[tuple[str, int, str]] = set()
    for index, action in legal.legal(ctx):
        kind = action["kind"]
        if kind in ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss"):
            entries.append((index, "", "", _label(ctx, v, action["territory"])))
        elif kind == "witch_pair":
            source, target = action["source"], action["target"]
            chance = board.witch_chance(source, target, reinforced=v.phase == "witch_pair")
            label = ui(
                "pair_label",
                lang,
                source=territory(source, lang),
                source_stack=stack_text(v, source, lang),
                target=territory(target, lang),
                target_stack=stack_text(v, target, lang),
                chance=percent(chance),
            )
            entries.append((index, target, _label(ctx, v, target), label))
        elif kind == "treachery":
            source, target = action["source"], action["target"]
            value = v.territory(source).stack[0].value
            label = ui(
                "treachery_label",
                lang,
                value=value,
                source_from=form(source, "from", lang),
                target=territory(target, lang),
                target_stack=stack_text(v, target, lang),
            )
            entries.append((index, source, _label(ctx, v, source), label))
        elif kind == "surprise":
            tid = action["territory"]
            token = v.territory(tid).stack[action["index"]]
            # Equal tokens of one stack are interchangeable: offer each kind once.
            if (tid, token.value, token.origin) in seen:
                continue
            seen.add((tid, token.value, token.origin))
            label = ui(
                "surprise_label",
                lang,
                territory=territory(tid, lang),
                stack=stack_text(v, tid, lang),
                value=token.value,
                origin=ui("origin_peter", lang) if token.origin == "peter" else "",
            )
            entries.append((index, tid, _label(ctx, v, tid), label))
    if not entries:
        return
    for item in legal.narrowed(
        ctx,
        entries,
        draft_key="group",
        group_placeholder=ui(f"group_{v.phase}", lang),
        placeholder=ui(f"pick_{v.phase}", lang),
        row=1,
    ):
        controls.add_item(item)


def _buttons(ctx: PanelContext, v: NarniaView) -> list[ActButton]:
    """One button per action that needs no further choice."""
    styles = {"draw": GREEN, "reinforce": GREEN, "reroll": GREEN, "keep": GREY, "pass": GREY}
    emoji = {"draw": "🃏", "reinforce": "➕", "reroll": "🦁", "keep": "✋", "pass": "⏭️"}
    out = []
    for index, a in legal.legal(ctx, *styles):
        kind = a["kind"]
        label = "button_decline" if kind == "pass" and v.phase == "surprise" else f"button_{kind}"
        out.append(
            legal.button(ctx, index, ui(label, ctx.language), style=styles[kind], emoji=emoji[kind], row=0)
        )
    return out


def turn_mode(ctx: PanelContext) -> str | None:
    """Which battle-or-move choices the turn panel lists: the player's pick, else attacks."""
    attacks = legal.legal(ctx, "attack")
    moves = legal.legal(ctx, "move")
    wanted = (ctx.draft or {}).get("mode")
    if (wanted == "move" and moves) or (wanted == "attack" and attacks):
        return str(wanted)
    return "attack" if attacks else "move" if moves else None


def _turn_controls(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """Row 0: the actions done at once (reinforce, pass). Row 1: which menus to show
    (attacks or moves), styled as a switch. Then from (row 2), to (row 3) and, for a
    move, which tokens (row 4). Each select holds legal choices only."""
    lang = ctx.language
    draft = ctx.draft or {}
    reinforce = legal.legal(ctx, "reinforce")
    if reinforce:
        controls.add_item(
            legal.button(ctx, reinforce[0][0], ui("button_reinforce", lang), style=GREEN, emoji="➕", row=0)
        )
    else:  # the reason is in the panel text
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "off.reinforce",
                ui("button_reinforce", lang),
                emoji="➕",
                disabled=True,
                row=0,
            )
        )
    for index, _ in legal.legal(ctx, "pass"):
        controls.add_item(legal.button(ctx, index, ui("button_pass", lang), style=GREY, emoji="⏭️", row=0))
    attacks = legal.legal(ctx, "attack")
    moves = legal.legal(ctx, "move")
    mode = turn_mode(ctx)
    for name, actions, emoji in (("attack", attacks, "⚔️"), ("move", moves, "🚶")):
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                f"mode.{name}",
                ui(f"button_{name}", lang),
                style=BLUE if mode == name else GREY,
                emoji=emoji,
                disabled=not actions,
                row=1,
            )
        )
    if mode is None:
        return
    actions = attacks if mode == "attack" else moves
    sources = list(dict.fromkeys(a["source"] for _, a in actions))
    source = draft.get("from") if draft.get("from") in sources else None
    if source is None and len(sources) == 1:
        source = sources[0]
    controls.add_item(_territory_select(ctx, v, "from", sources, source, ui(f"{mode}_from", lang), 2))
    if source is None:
        return
    if mode == "attack":
        board = Board(v)
        pick = legal.select(
            ctx,
            ui("attack_to", lang, source=territory(source, lang)),
            [
                (
                    i,
                    ui(
                        "attack_option",
                        lang,
                        target=territory(a["target"], lang),
                        stack=stack_text(v, a["target"], lang),
                        chance=percent(board.attack_chance(source, a["target"])),
                    ),
                )
                for i, a in attacks
                if a["source"] == source
            ],
            row=3,
        )
        if pick is not None:
            controls.add_item(pick)
        return
    targets = list(dict.fromkeys(a["target"] for _, a in moves if a["source"] == source))
    target = draft.get("to") if draft.get("to") in targets else None
    if target is None and len(targets) == 1:
        target = targets[0]
    controls.add_item(_territory_select(ctx, v, "to", targets, target, ui("move_to", lang), 3))
    if target is not None:
        select = _token_select(
            ctx, v, "mt", source, ui("pick_tokens", lang, source=territory(source, lang)), 4
        )
        if select is not None:
            controls.add_item(select)


def _invade_controls(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """Common answers first (none, all), then any subset (D17)."""
    lang = ctx.language
    source = invasion_source(v)
    controls.add_item(
        ActButton.make(
            ctx.channel_id, ctx.version, "inv.all", ui("invade_all", lang), style=GREEN, emoji="➡️", row=0
        )
    )
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "inv.none",
            ui("invade_none", lang, source_in=form(source, "in", lang))[:80],
            row=0,
        )
    )
    select = _token_select(ctx, v, "inv", source, ui("pick_invaders", lang), 1)
    if select is not None:
        controls.add_item(select)


def _territory_select(
    ctx: PanelContext,
    v: NarniaView,
    payload: str,
    choices: list[str],
    chosen: str | None,
    placeholder: str,
    row: int,
) -> ActSelect:
    options = [
        discord.SelectOption(label=_label(ctx, v, tid)[:100], value=tid, default=tid == chosen)
        for tid in choices
    ][: legal.SELECT_LIMIT]  # at most 24 territories: always fits
    return ActSelect.make(ctx.channel_id, ctx.version, payload, placeholder, options, row=row)


def invasion_source(v: NarniaView) -> str:
    """Where the conqueror's tokens move from (the controls and their clicks agree on it)."""
    battle = v.battle
    assert battle is not None
    return battle.source


def _token_select(
    ctx: PanelContext, v: NarniaView, payload: str, source: str, placeholder: str, row: int
) -> ActSelect | None:
    """A multi-select of the source's tokens (by position); values become the action's list."""
    lang = ctx.language
    stack = v.territory(source).stack
    options = [
        discord.SelectOption(
            label=ui("token_top", lang, value=tok.value)
            if i == 0
            else ui("token_label", lang, value=tok.value, position=i + 1),
            value=str(i),
        )
        for i, tok in enumerate(stack)
    ][: legal.SELECT_LIMIT]
    if not options:
        return None
    return ActSelect.make(
        ctx.channel_id,
        ctx.version,
        payload,
        placeholder,
        options,
        min_values=1,
        max_values=len(options),
        row=row,
    )


def _label(ctx: PanelContext, v: NarniaView, tid: str) -> str:
    return f"{territory(tid, ctx.language)} ({stack_text(v, tid, ctx.language)})"
