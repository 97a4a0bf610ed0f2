"""The panel's controls, built from the engine's legal actions: buttons, the
attack-or-move switch, and selects of territories and tokens."""

from __future__ import annotations

from typing import Any

import discord

from cogs.kit import legal
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import BUTTON_LABEL, GREEN, GREY, OPTION_TEXT, fit_text
from cogs.kit.presenter import PanelContext
from cogs.narnia.words import form, percent, stack_text, territory, ui
from games.narnia.face import Board, NarniaView, ranked_attacks

WHOLE_ATTACKS = "LW"  # the select of whole attacks: legal-action indices, or OTHER_ATTACKS
OTHER_ATTACKS = "more"  # its last option when the attacks are more than it holds


def add_controls(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """The controls for the decision the seat must take now, each holding legal choices only:
    a turn's (``_turn_controls``), or the buttons (row 0) and then the invasion's controls or
    the one choice of a territory (row 1)."""
    if v.phase in ("turn", "courage"):
        _turn_controls(ctx, v, controls)
        return
    for button in _buttons(ctx, v):
        controls.add_item(button)
    if v.phase == "invade":
        _invade_controls(ctx, v, controls)
        return
    _choice_row(ctx, v, controls)


Entry = tuple[int, str, str, str]  # legal.narrowed's: index, group, group label, label


def _choice_row(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """Row 1: where to place, deploy, turn to stone, lose a spell; which Witch pair, which
    treachery, which surprise: one select, narrowed by territory where the choices are many."""
    board = Board(v)
    entries: list[Entry] = []
    seen: set[tuple[str, int, str]] = set()
    for index, action in legal.legal(ctx):
        kind = action["kind"]
        if kind in ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss"):
            entries.append((index, "", "", _label(ctx, v, action["territory"])))
        elif kind == "witch_pair":
            entries.append(_pair_entry(ctx, v, board, index, action))
        elif kind == "treachery":
            entries.append(_treachery_entry(ctx, v, index, action))
        elif kind == "surprise":
            token = v.territory(action["territory"]).stack[action["index"]]
            # Equal tokens of one stack are interchangeable: offer each kind once.
            if (action["territory"], token.value, token.origin) not in seen:
                seen.add((action["territory"], token.value, token.origin))
                entries.append(_surprise_entry(ctx, v, index, action))
    if not entries:
        return
    lang = ctx.language
    group, pick = ui(f"group_{v.phase}", lang), ui(f"pick_{v.phase}", lang)
    for item in legal.narrowed(
        ctx, entries, draft_key="group", group_placeholder=group, placeholder=pick, row=1
    ):
        controls.add_item(item)


def _pair_entry(ctx: PanelContext, v: NarniaView, board: Board, index: int, action: dict[str, Any]) -> Entry:
    source, target, lang = action["source"], action["target"], ctx.language
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
    return (index, target, _label(ctx, v, target), label)


def _treachery_entry(ctx: PanelContext, v: NarniaView, index: int, action: dict[str, Any]) -> Entry:
    source, target, lang = action["source"], action["target"], ctx.language
    label = ui(
        "treachery_label",
        lang,
        value=v.territory(source).stack[0].value,
        source_from=form(source, "from", lang),
        target=territory(target, lang),
        target_stack=stack_text(v, target, lang),
    )
    return (index, source, _label(ctx, v, source), label)


def _surprise_entry(ctx: PanelContext, v: NarniaView, index: int, action: dict[str, Any]) -> Entry:
    tid, lang = action["territory"], ctx.language
    token = v.territory(tid).stack[action["index"]]
    label = ui(
        "surprise_label",
        lang,
        territory=territory(tid, lang),
        stack=stack_text(v, tid, lang),
        value=token.value,
        origin=ui("origin_peter", lang) if token.origin == "peter" else "",
    )
    return (index, tid, _label(ctx, v, tid), label)


def _buttons(ctx: PanelContext, v: NarniaView) -> list[ActButton]:
    """One button per action that needs no further choice."""
    styles = {
        "draw": GREEN,
        "reinforce": GREEN,
        "reroll": GREEN,
        "keep": GREY,
        "keep_quiet": GREY,  # D16's keep, and no more questions in this battle
        "pass": GREY,
    }
    emoji = {"draw": "🃏", "reinforce": "➕", "reroll": "🦁", "keep": "✋", "keep_quiet": "🔕", "pass": "⏭️"}
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


def attack_builder(ctx: PanelContext) -> bool:
    """The step-by-step attack (from, then into) is shown only for attacks the whole-move
    menu cannot hold (over Discord's 25 options), once the player asks for them."""
    wanted = (ctx.draft or {}).get("mode") == "attack"
    return wanted and len(legal.legal(ctx, "attack")) > legal.SELECT_LIMIT


def _turn_controls(ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
    """Row 0: the actions done at once (reinforce, pass). Row 1: every attack as one
    choice, best first (the whole move: an attack takes the whole stack, R4). Then the
    step-by-step builders: a move (from, to, which tokens) behind 🚶 Move…, and any
    attack the menu cannot hold. Each select holds legal choices only, and no button
    leads to the menus already shown."""
    lang = ctx.language
    draft = ctx.draft or {}
    _turn_buttons(ctx, controls)
    attacks = legal.legal(ctx, "attack")
    moves = legal.legal(ctx, "move")
    mode = turn_mode(ctx)
    if attacks:
        controls.add_item(_whole_attacks(ctx, v, attacks, row=1))
    if moves and mode != "move":
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "mode.move", ui("button_move", lang), emoji="🚶", row=2
            )
        )
    if attack_builder(ctx):
        _attack_builder(ctx, v, attacks, draft, controls)
    elif mode == "move":
        _move_builder(ctx, v, moves, draft, controls)


def _turn_buttons(ctx: PanelContext, controls: discord.ui.View) -> None:
    """Row 0 of a turn: Reinforce (greyed where it may not, the reason in the panel text), Pass."""
    lang = ctx.language
    reinforce = legal.legal(ctx, "reinforce")
    if reinforce:
        controls.add_item(
            legal.button(ctx, reinforce[0][0], ui("button_reinforce", lang), style=GREEN, emoji="➕", row=0)
        )
    else:
        off = ActButton.make(
            ctx.channel_id,
            ctx.version,
            "off.reinforce",
            ui("button_reinforce", lang),
            emoji="➕",
            disabled=True,
            row=0,
        )
        controls.add_item(off)
    for index, _ in legal.legal(ctx, "pass"):
        controls.add_item(legal.button(ctx, index, ui("button_pass", lang), style=GREY, emoji="⏭️", row=0))


def _whole_attacks(
    ctx: PanelContext, v: NarniaView, attacks: list[tuple[int, dict[str, Any]]], row: int
) -> ActSelect:
    """Every attack as one option, ranked as the normal AI ranks them (ai.ranked_attacks),
    with its exact chance to conquer (games.narnia.odds) and what that number means. Over
    25, the best 24 and a last option that opens the step-by-step builder for the rest."""
    lang = ctx.language
    index = {(a["source"], a["target"]): i for i, a in attacks}
    ranked = ranked_attacks(Board(v))
    shown = ranked if len(ranked) <= legal.SELECT_LIMIT else ranked[: legal.SELECT_LIMIT - 1]
    options = [
        discord.SelectOption(
            label=ui(
                "whole_attack",
                lang,
                target_the=form(target, "the", lang),
                source_from=form(source, "from", lang),
                chance=percent(chance),
            ),
            value=str(index[(source, target)]),
            description=_odds_meaning(v, source, target, lang),
            emoji="⚔️",
        )
        for chance, source, target in shown
    ]
    if len(shown) < len(ranked):
        options.append(
            discord.SelectOption(
                label=ui("other_attacks", lang),
                value=OTHER_ATTACKS,
                description=ui("other_attacks_hint", lang, count=len(ranked) - len(shown)),
                emoji="➕",
            )
        )
    return ActSelect.make(
        ctx.channel_id, ctx.version, WHOLE_ATTACKS, ui("whole_attacks", lang), options, row=row
    )


def _odds_meaning(v: NarniaView, source: str, target: str, lang: str) -> str:
    """What the % means, with both stacks where they fit in an option's 100 characters."""
    full = ui(
        "whole_attack_odds",
        lang,
        mine=stack_text(v, source, lang),
        theirs=stack_text(v, target, lang),
    )
    return full if len(full) <= OPTION_TEXT else ui("whole_attack_odds_short", lang)


def _chosen_source(
    ctx: PanelContext,
    v: NarniaView,
    actions: list[tuple[int, dict[str, Any]]],
    draft: dict[str, Any],
    controls: discord.ui.View,
    placeholder: str,
    *,
    row: int,
) -> str | None:
    """The "from" select of a builder (attacks or moves), and the source chosen in the
    draft: None until one is, unless there is only one."""
    sources = list(dict.fromkeys(a["source"] for _, a in actions))
    source = draft.get("from") if draft.get("from") in sources else None
    if source is None and len(sources) == 1:
        source = sources[0]
    controls.add_item(_territory_select(ctx, v, "from", sources, source, placeholder, row))
    return source


def _attack_builder(
    ctx: PanelContext,
    v: NarniaView,
    attacks: list[tuple[int, dict[str, Any]]],
    draft: dict[str, Any],
    controls: discord.ui.View,
) -> None:
    """From (row 3), then into (row 4), for any attack."""
    lang = ctx.language
    source = _chosen_source(ctx, v, attacks, draft, controls, ui("attack_from", lang), row=3)
    if source is None:
        return
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
        row=4,
    )
    if pick is not None:
        controls.add_item(pick)


def _move_builder(
    ctx: PanelContext,
    v: NarniaView,
    moves: list[tuple[int, dict[str, Any]]],
    draft: dict[str, Any],
    controls: discord.ui.View,
) -> None:
    """From (row 2), to (row 3), which tokens (row 4)."""
    lang = ctx.language
    source = _chosen_source(ctx, v, moves, draft, controls, ui("move_from", lang), row=2)
    if source is None:
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
            fit_text(BUTTON_LABEL, ui("invade_none", lang, source_in=form(source, "in", lang))),
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
        discord.SelectOption(
            label=fit_text(OPTION_TEXT, _label(ctx, v, tid)), value=tid, default=tid == chosen
        )
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
    if v.territory(tid).free:  # a start territory nobody has placed on yet: no flag, no stack
        return territory(tid, ctx.language)
    return f"{territory(tid, ctx.language)} ({stack_text(v, tid, ctx.language)})"
