"""What a turn weighs in the channel: each new board is short, says the turn
once (the line above it, not again in its embed), carries no constant rules text (that
is in 📖 How to play), and a panel whose picture did not change is edited without
uploading it again.

Played as members through SimCord: the boards by ``bench.channel``'s scripted members
(every request the bot makes is recorded), the panels with the e2e helpers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
import simcord

import bench.channel as channel_bench
from bench.channel import Request, run_game
from bench.channel_weight import is_board, text_of
from bot import lobby
from bot.i18n import t
from cogs.channel.open_panels import open_panels_of
from games.registry import GAMES
from tests.e2e.helpers import make_table, panel, player_of, start_game, step

# Characters of a new board (the ping line and the embed's text), at most: set from
# ``python -m bench.channel --turns 20`` (docs/channel.md), before -> after, the
# largest board of 20 turns, seed 1: Akelarre 1269 -> 880, Mag Mor 952 -> 816, Narnia
# 931 -> 778, Talismani 1196 -> 1086, Tir Nan Og 1670 -> 1373. The bound leaves some room
# for names and later turns; boards of before that fit in it fail the checks of their rules.
BOUND = {"akelarre": 950, "magmor": 850, "narnia": 800, "talismani": 1150, "tirnanog": 1450}

# Rules that were printed on every board, and are in 📖 How to play.
RULES = {
    "akelarre": ["akelarre.ui.legend"],
    "magmor": ["magmor.ui.pay_rule"],
    "narnia": ["narnia.ui.goal"],
    "talismani": [],
    "tirnanog": ["tirnanog.ui.legend"],
}


@contextmanager
def recorded() -> Iterator[list[list[Request]]]:
    """The requests of the ``run_game`` calls made inside, as bench.channel records them
    (one list per run, filled as it goes)."""
    logs: list[list[Request]] = []
    tapped = channel_bench.tapped

    @contextmanager
    def keep() -> Iterator[list[Request]]:
        with tapped() as log:
            logs.append(log)
            yield log

    channel_bench.tapped = keep
    try:
        yield logs
    finally:
        channel_bench.tapped = tapped


def boards(requests: list[Request]) -> list[dict[str, Any]]:
    """Every board posted: public posts carrying My hand."""
    out = []
    for r in requests:
        if r.public_post and r.route == "channel":
            channel_id = int(r.path.strip("/").split("/")[1])
            if is_board(r.message, channel_id):
                out.append(r.message)
    return out


MENTIONS = re.compile(r"<@!?\d+>")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_new_board_is_short_says_the_turn_once_and_prints_no_rules(game: str) -> None:
    with recorded() as logs:
        figures = await run_game(game, turns=6, language="en", seed=1)
    posted = boards([r for log in logs for r in log])
    assert figures["stopped"] is None and len(posted) >= 6
    assert figures["board_characters"]["max"] <= BOUND[game], figures["board_characters"]
    rules = [t(key, "en") for key in RULES[game]]
    for board in posted:
        text = text_of(board)
        assert len(text) <= BOUND[game], text
        for rule in rules:
            assert rule not in text, rule
        [embed] = board["embeds"]
        legend = str((embed.get("footer") or {}).get("text") or "")
        if game == "talismani":  # a legend of the marks shown, not of every mark
            marks = text_of({"embeds": [{**embed, "footer": None}]})
            assert all(part.split(" ", 1)[0] in marks for part in legend.split(" · ") if part), legend
        # The ping line above says whose turn it is; the embed does not say it again.
        said = MENTIONS.sub("", str(board["content"])).strip().split(". ")[0].split(" — ")[0]
        assert said and said not in text_of({"embeds": [embed]}), said


def uploads(requests: list[Any]) -> int:
    return sum(r.files > 0 for r in requests)


@pytest.mark.pictures  # the kept picture is the real one's digest
async def test_a_waiting_members_panel_keeps_its_picture_when_it_is_unchanged(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed deal (the seed the lobby draws), where the leader need not pay this toll.
    monkeypatch.setattr(
        lobby, "secrets", SimpleNamespace(randbits=lambda bits: 1, token_hex=lambda n: "5eed" * n)
    )
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed="async")
    leader = (await table.view(None)).leader
    assert leader is not None
    await step(table)  # the leader splits what was found; the others pay the toll in turn
    decision = GAMES["magmor"].decision(await table.state())
    assert decision is not None and decision.kind == "magmor.pay" and leader not in decision.actors
    member = await player_of(table, leader)  # waits while the others pay
    opened = await panel(table, member)
    picture = str(opened.embeds[0].image.url)
    assert "panel-" in picture

    # 🔄 on a panel that shows what it showed: the edit keeps its picture, no upload.
    refresh = next(c for c in _ids(opened) if c.endswith(":a:refresh"))
    with channel_bench.tapped() as log:
        result = await member.click(opened, custom_id=refresh)
    kept = result.response
    assert kept is not None and [r.write for r in log] == ["edits"]
    assert uploads(log) == 0, "the picture was not sent again"
    assert kept.embeds[0].image.url == picture and kept.attachments, "and the panel still shows it"

    # The open panel, redrawn by the table's change as one drawn while its member had a
    # decision (before a take-back or a timeout moved it on) is: its controls change, its
    # picture (the leader's hand, which another's payment leaves alone) is kept.
    panels = open_panels_of(table.bot)
    assert panels is not None
    remembered = panels._open[table.channel.id][member.id]
    remembered.acting = True
    with channel_bench.tapped() as log:
        await step(table)
    redrawn = [r for r in log if r.route == "webhook" and r.write == "edits"]
    assert len(redrawn) == 1, "the open panel was redrawn"
    assert remembered.picture == picture.rsplit("panel-", 1)[1].removesuffix(".png")
    assert uploads(redrawn) == 0
    assert kept.attachments and kept.embeds[0].image.url == picture


def _ids(message: Any) -> list[str]:
    out = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        out += [str(c.get("custom_id", "")) for c in data.get("components", [data])]
    return out
