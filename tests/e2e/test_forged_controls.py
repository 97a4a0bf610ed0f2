"""Controls with forged ids and values are refused politely, in every game.

Discord hands the bot a control's custom_id and a select's values as the
member's client sends them. Whatever they hold (a channel or table beyond the
stores' 64-bit integers, digits of another script, a version from the future,
a value no panel offered), the answer is a polite one in the member's
language: never "interaction failed" (no answer at all) and never "something
went wrong". Each example puts one forged control in a message of the table's
channel, as if the bot had drawn it, and a member (the one to act, another
player or a passer-by) uses it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
import pytest
import simcord
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from bot.i18n import t
from cogs.kit.controls import Checked
from cogs.panel import panel_context, render_panel
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, make_table, panel, player_of, start_game
from tools.preview import playthrough, presenter_of, table_for

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CUSTOM_ID_LIMIT = 100  # Discord's characters per custom_id

# Numbers as a forged id may hold them: in range, at the stores' 64-bit limit and
# past it, and digits of other scripts (regular expressions' \d matches them).
EXTREMES = ["0", str(2**63 - 1), str(2**63), str(2**64), "9" * 30, "٣", "１２", "0" * 25 + "1"]
NUMBERS = st.one_of(
    st.sampled_from(EXTREMES), st.integers(0, 2**70).map(str), st.from_regex(r"\A[0-9]{1,22}\Z")
)
# Select values as a forged client may send them (Discord keeps them to 100 characters).
VALUES = st.lists(
    st.one_of(
        NUMBERS,
        st.from_regex(r"\A[A-Za-z0-9_.=,+-]{1,30}\Z"),
        st.text(min_size=1, max_size=100),
    ),
    min_size=1,
    max_size=3,
    unique=True,
)
WHO = st.sampled_from(["acting", "other", "passer-by"])


def _templates(ch: str, version: str, payload: str, n: list[str]) -> dict[str, tuple[str, bool]]:
    """Every control's custom_id (cogs/kit/controls.py), with its number fields given;
    whether it is a select."""
    return {
        "hand": (f"gm:{ch}:hand", False),
        "act": (f"gm:{ch}:{version}:a:{payload}", False),
        "select": (f"gm:{ch}:{version}:s:{payload}", True),
        "undo": (f"gm:{ch}:{version}:undo", False),
        "undo-old": (f"gm:{ch}:undo", False),
        "hint": (f"gm:{ch}:hint", False),
        "play-hint": (f"gm:{ch}:{version}:hint:{n[0]}", False),
        "guide": (f"gm:{ch}:guide:{'magmor' if n[2] < '5' else 'nogame'}", False),
        "practice": (f"gm:{ch}:practice:{'akelarre' if n[2] < '5' else 'nogame'}", False),
        "help-guide": (f"gm:{ch}:help:guide", True),
        "help-practice": (f"gm:{ch}:help:practice", True),
        "take": (f"gm:{ch}:take", False),
        "take-pick": (f"gm:{ch}:take:pick", True),
        "take-answer": (f"gm:{ch}:take:{n[0]}:{n[1]}:{'ok' if n[2] < '5' else 'no'}", False),
        "rematch": (f"gm:{ch}:rematch:{n[0]}", False),
        "lobby": (f"gm:{ch}:lobby:join", False),
        "activity": (f"gm:{ch}:activity", False),
    }


async def _members(table: Table) -> dict[str, simcord.MemberActor]:
    state = await table.state()
    row = await table.row()
    decision = GAMES[row.game].decision(state)
    acting = decision.actors[0] if decision else 0
    other = next(s for s in range(len(row.table["seats"])) if s != acting)
    passer_by = table.guild.add_member(table.env.create_user("dan"))
    return {
        "acting": await player_of(table, acting),
        "other": await player_of(table, other),
        "passer-by": passer_by,
    }


async def _use(
    table: Table, member: simcord.MemberActor, custom_id: str, values: list[str] | None
) -> simcord.InteractionResult:
    """Put the forged control in a message, as if drawn by the bot, and use it."""
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    item: discord.ui.Item[Any]
    if values is None:
        item = discord.ui.Button(label="x", custom_id=custom_id)
    else:
        options = [discord.SelectOption(label=v[:100], value=v) for v in values]
        item = discord.ui.Select(custom_id=custom_id, options=options, max_values=len(options))
    view.add_item(item)
    sent = await channel.send("a forged control", view=view)
    view.stop()
    message = next(m for m in table.channel.history() if m.id == sent.id)
    if values is None:
        return await member.click(message, custom_id=custom_id)
    return await member.select(message, values, custom_id=custom_id)


def _answered_politely(result: simcord.InteractionResult, caplog: pytest.LogCaptureFixture) -> None:
    assert result.acknowledged, "no answer: Discord would say the interaction failed"
    texts = [result.response.content or ""] if result.response is not None else []
    internal = t("error.internal", "en", ref="").split("(")[0]
    assert not any(internal in text for text in texts), texts
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


def _payloads(message: Any) -> list[str]:
    """The payloads of a panel's game controls (a message, or a view)."""
    out = []
    ids = [getattr(i, "custom_id", "") for i in message.children] if hasattr(message, "children") else None
    for custom_id in custom_ids(message) if ids is None else ids:
        found = re.fullmatch(r"gm:\d+:\d+:[as]:(.+)", custom_id)
        if found:
            out.append(found[1])
    return out


# A payload: one the acting member's panel offers, one with its numbers replaced, or any.
PAYLOADS = st.one_of(
    st.integers(0, 99).map(lambda i: ("shown", i, "")),
    st.tuples(st.integers(0, 99), NUMBERS).map(lambda pair: ("mutated", pair[0], pair[1])),
    st.from_regex(r"\A[A-Za-z0-9_.=,-]{1,40}\Z").map(lambda text: ("any", 0, text)),
)
# The table of each test, set up at its first example (hypothesis runs the
# examples in one call of the test, with its one SimCord environment).
# The environment is kept with its table, so a later test's is never mistaken for it.
_TABLES: dict[str, tuple[simcord.Env, Table, dict[str, simcord.MemberActor], list[str]]] = {}


def _vocabulary(game_id: str, players: int) -> set[str]:
    """The payloads of the game's panels: one panel per kind of decision of a
    game between AI players (tools.preview), drawn for the seat to act."""
    game, presenter = GAMES[game_id], presenter_of(game_id)
    table, kinds, out = table_for(players, "en"), set(), set()
    for step in playthrough(game, players, 1):
        if step.decision is None or step.decision.kind in kinds:
            continue
        kinds.add(step.decision.kind)
        ctx = panel_context(game, step.state, 1, 1, table, step.decision.actors[0], None, "en")
        _embed, view = render_panel(presenter, ctx)
        out.update(_payloads(view))
    return out


async def _table(env: simcord.Env, game_id: str) -> tuple[Table, dict[str, simcord.MemberActor], list[str]]:
    cached = _TABLES.get(game_id)
    if cached is None or cached[0] is not env:
        game = GAMES[game_id]
        players = min(max(3, game.min_players), game.max_players)
        table = make_table(env, ["ann", "bob", "cid", "eve", "fay"][:players], channel=game_id)
        await start_game(table, game_id)
        members = await _members(table)
        shown = _payloads(await panel(table, members["acting"]))
        _TABLES.clear()
        cached = _TABLES[game_id] = env, table, members, sorted({*shown, *_vocabulary(game_id, players)})
    return cached[1:]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # the edge refuses before any store
@pytest.mark.parametrize("game_id", list(GAMES))
@SETTINGS
# What the issue found: a channel past 2^63 reached the database; a word in Mag
# Mor's split select, and a digit of another script in a legal-action select,
# reached int().
@example(
    kind="hand",
    ch=str(2**63),
    version="real",
    payload=("named", 0, ""),
    numbers=["0", "0", "0"],
    values=["0"],
    who="acting",
)
@example(
    kind="select",
    ch="real",
    version="real",
    payload=("named", 0, "sp.to"),
    numbers=["0", "0", "0"],
    values=["x"],
    who="acting",
)
@example(
    kind="select",
    ch="real",
    version="real",
    payload=("named", 0, "L"),
    numbers=["0", "0", "0"],
    values=["²"],
    who="acting",
)
# The board's Open the table (issue 32): a channel of digits of another script.
@example(
    kind="activity",
    ch="١٢٣",
    version="real",
    payload=("named", 0, ""),
    numbers=["0", "0", "0"],
    values=["0"],
    who="passer-by",
)
@given(
    kind=st.sampled_from(list(_templates("", "", "", ["", "", ""]))),
    ch=st.one_of(st.just("real"), NUMBERS),
    version=st.one_of(st.just("real"), NUMBERS),
    payload=PAYLOADS,
    numbers=st.lists(NUMBERS, min_size=3, max_size=3),
    values=VALUES,
    who=WHO,
)
async def test_every_control_refuses_forged_ids_and_values_politely(
    simcord_env: simcord.Env,
    caplog: pytest.LogCaptureFixture,
    game_id: str,
    kind: str,
    ch: str,
    version: str,
    payload: tuple[str, int, str],
    numbers: list[str],
    values: list[str],
    who: str,
) -> None:
    table, members, shown = await _table(simcord_env, game_id)
    how, index, text = payload
    chosen = shown[index % len(shown)]
    if how == "mutated" and text.isascii():
        chosen = re.sub(r"\d+", text, chosen)
    elif how in ("any", "named"):
        chosen = text
    row = await table.row()
    ch = str(table.channel.id) if ch == "real" else ch
    version = str(row.version) if version == "real" else version
    custom_id, is_select = _templates(ch, version, chosen, numbers)[kind]
    assume(len(custom_id) <= CUSTOM_ID_LIMIT and len(chosen) <= 60)
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        result = await _use(table, members[who], custom_id, values if is_select else None)
    _answered_politely(result, caplog)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_every_control_is_checked_at_the_edge(simcord_env: simcord.Env) -> None:
    """Each DynamicItem the bot registers reads its ids through ``Checked``."""
    store = simcord_env.bot._connection._view_store
    items = list(store._dynamic_items.values())
    assert len(items) >= 10
    assert all(issubclass(item, Checked) for item in items), [i.__name__ for i in items]
