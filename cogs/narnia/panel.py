"""The private panel: the player's own territories and stacks, what the decision
is about (in the second person), and the controls from ``controls.py``."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.render import seat_name
from cogs.kit import legal
from cogs.kit.acts import refresh_button
from cogs.kit.controls import static_view
from cogs.kit.presenter import PanelContext
from cogs.narnia.controls import add_controls, attack_builder, turn_mode
from cogs.narnia.words import COLOUR_EMOJI, as_view, form, stack_text, territory, ui, values
from games.narnia.face import NarniaView


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    v = as_view(ctx.view)
    lang = ctx.language
    me = v.seats[ctx.seat]
    embed = discord.Embed(
        title=ui("panel_title", lang, mark=COLOUR_EMOJI[me.colour]), colour=discord.Colour.blurple()
    )
    mine = [tv for tv in v.territories if tv.owner == ctx.seat and not tv.free]
    if mine:
        embed.add_field(
            name=ui("your_territories", lang, count=len(mine)),
            value="\n".join(f"{territory(tv.id, lang)}: **{stack_text(v, tv.id, lang)}**" for tv in mine)[
                :1024
            ],
            inline=False,
        )
    controls = static_view()
    decision = ctx.decision
    if decision is None:
        pass  # the game is over: the final record goes on top, the territories stay below
    elif ctx.seat not in decision.actors:
        embed.description = t(
            f"narnia.decision.{decision.kind.split('.')[-1]}",
            lang,
            seat=seat_name(ctx.table, decision.actors[0]),
        )
    else:
        embed.description = _task(ctx, v)
        add_controls(ctx, v, controls)
    controls.add_item(refresh_button(ctx, ui("refresh", lang), row=0))
    return embed, controls


def _task(ctx: PanelContext, v: NarniaView) -> str:
    """What the decision is about, in the second person (this panel is the player's own)."""
    lang = ctx.language
    if v.phase in ("turn", "courage"):
        return _turn_text(ctx, v)
    if v.phase == "invade":
        battle = v.battle
        assert battle is not None
        return ui(
            "you_invade",
            lang,
            target_the=form(battle.target, "the", lang),
            source_from=form(battle.source, "from", lang),
        )
    if v.phase == "aslan" and not v.aslan_once:
        return ui("you_aslan_every", lang)  # the printed rule; you_aslan: games started under R-A1
    text = ui(f"you_{v.phase}", lang, value=v.required_value or "")
    if v.drawn and v.phase in ("place_witch", "deploy", "place_reinforcement"):
        text += "\n" + ui("drawn", lang, count=len(v.drawn), tokens=values(tok.value for tok in v.drawn))
    return text


def _turn_text(ctx: PanelContext, v: NarniaView) -> str:
    lang = ctx.language
    kinds = {a["kind"] for _, a in legal.legal(ctx)}
    lines = [ui(f"you_{v.phase}", lang)]
    bag = sum(v.peter_bag.values())
    lines.append(
        ui("act_reinforce", lang, count=bag) if "reinforce" in kinds else ui("act_reinforce_off", lang)
    )
    lines.append(ui("act_attack" if "attack" in kinds else "act_attack_off", lang))
    lines.append(ui("act_move" if "move" in kinds else "act_move_off", lang))
    lines.append(ui("act_pass", lang))
    mode = turn_mode(ctx)
    if attack_builder(ctx):
        lines.append(f"-# {ui('showing_other', lang)}")
    elif mode == "move":
        lines.append(f"-# {ui('showing_move', lang)}")
    elif mode == "attack":
        also = f" {ui('showing_attack_move', lang)}" if "move" in kinds else ""
        lines.append(f"-# {ui('showing_attack', lang)}{also}")
    return "\n".join(lines)
