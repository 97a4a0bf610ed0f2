"""The board's 🖥️ Open the table through SimCord.

SimCord (0.x, as installed) answers an interaction callback of type 12
(LAUNCH_ACTIVITY) with 400 "unknown interaction callback type", which is what
Discord does for an application without an Activity: the failure path runs on
SimCord as it is. For the success path, ``launching`` extends the fake
minimally: its callback route also takes type 12, marks the interaction
answered and answers as Discord does (the activity instance launched)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord
from pydantic import SecretStr
from simcord.backend import errors
from simcord.http import router

from bot.i18n import t
from cogs.activity.server import ActivityServer
from cogs.kit.controls import board_view
from cogs.kit.guide_picture import presenter_of
from cogs.launch import OpenTableButton
from tests.e2e.helpers import Table, custom_ids, labels, start_game
from tests.factory import make_bot

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # no store of its own

LAUNCH_ACTIVITY = 12  # Discord's interaction callback type
ACTIVITY = {
    "discord_client_id": 1234567890,
    "discord_client_secret": SecretStr("client-secret"),
    "activity_port": 8787,
}
CALLBACK = "/interactions/{interaction_id}/{token}/callback"


@pytest.fixture
def simcord_bot(database: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The bot with the Activity configured; its web server (cogs.activity) not
    listening: these tests are the board's button's, and SimCord waits for every
    task the bot starts to settle, which a server's never do (tests/activity runs it)."""

    async def nothing(self: ActivityServer) -> None:
        return None

    monkeypatch.setattr(ActivityServer, "start", nothing)
    monkeypatch.setattr(ActivityServer, "stop", nothing)
    return make_bot(database, **ACTIVITY)


@pytest.fixture
def launching() -> Iterator[list[int]]:
    """SimCord's callback route, taking LAUNCH_ACTIVITY too; the interactions launched."""
    launched: list[int] = []
    routes = router._ROUTES["POST"]
    index = next(i for i, (template, _) in enumerate(routes) if "/".join(template) == CALLBACK.strip("/"))
    template, original = routes[index]

    def callback(ctx: router.RequestContext) -> Any:
        if ctx.body().get("type") != LAUNCH_ACTIVITY:
            return original(ctx)
        record = ctx.backend.interactions.get(ctx.int_arg("interaction_id"))
        if record is None or record.token != ctx.args["token"]:
            raise errors.unknown_interaction()
        if record.responded:
            raise errors.already_acknowledged()
        record.responded = True  # no message: Discord opens the Activity in the channel
        launched.append(record.id)
        instance = f"i-{record.channel_id}"
        return {
            "interaction": {"id": str(record.id), "type": record.type, "activity_instance_id": instance},
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": instance}},
        }

    routes[index] = (template, callback)
    try:
        yield launched
    finally:
        routes[index] = (template, original)


def _callbacks(env: simcord.Env) -> list[Any]:
    """The bodies of every interaction callback the bot sent, in order."""
    return [r.json for r in env.http_requests if r.method == "POST" and r.path.endswith("/callback")]


def _open_id(table: Table) -> str:
    return f"gm:{table.channel.id}:activity"


async def _table(
    env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch, game: str = "akelarre"
) -> Table:
    """A game in play (Akelarre unless told), in ``language``, among members who speak it."""
    monkeypatch.setattr("bot.replies.language_of", lambda locale: language)  # the members' Discord
    guild = env.create_guild(name="Explorers")
    channel = guild.create_text_channel("akelarre")
    table = Table(env, guild, channel, [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid")])
    await start_game(table, game, language=language)  # the table's (public) language
    return table


@pytest.mark.parametrize("language", ["en", "it"])
async def test_open_the_table_launches_the_activity(
    simcord_env: simcord.Env, launching: list[int], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    table = await _table(simcord_env, language, monkeypatch)
    board = table.board()
    assert _open_id(table) in custom_ids(board)
    assert f"{t('launch.button', language)}" in labels(board)
    assert t("launch.button", "it") == "Apri il tavolo"
    before = len(_callbacks(simcord_env))
    # A player and a passer-by (a spectator gets the public view) may both open it.
    passer_by = table.guild.add_member(simcord_env.create_user("dan"))
    for member in (table.players[1], passer_by):
        result = await member.click(board, custom_id=_open_id(table))
        assert result.acknowledged and result.response is None and not result.followups
    # Each click answered once, by LAUNCH_ACTIVITY: the first answer, nothing deferred before it.
    assert _callbacks(simcord_env)[before:] == [{"type": LAUNCH_ACTIVITY}] * 2
    assert len(launching) == 2


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_failed_launch_is_answered_politely(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """SimCord refuses type 12 as Discord does for an application with no Activity."""
    table = await _table(simcord_env, language, monkeypatch)
    result = await table.players[0].click(table.board(), custom_id=_open_id(table))
    assert result.ephemeral and result.response is not None
    assert result.response.content == "⚠️ " + t("launch.error.failed", language)
    assert [body["type"] for body in _callbacks(simcord_env)[-2:]] == [LAUNCH_ACTIVITY, 4]


async def test_the_final_board_has_no_open_the_table(
    simcord_env: simcord.Env, launching: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await _table(simcord_env, "en", monkeypatch)
    await table.players[0].slash(table.channel, "end")
    final = await table.final_board()
    assert _open_id(table) not in custom_ids(final)
    # A click on a button drawn before, once the game is over, launches nothing.
    result = await table.players[1].click(await _with_button(table), custom_id=_open_id(table))
    assert result.ephemeral and result.response is not None
    assert result.response.content == "⚠️ " + t("error.no_table", "en")
    assert launching == []


async def test_a_game_without_a_page_has_no_open_the_table(
    simcord_env: simcord.Env, launching: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose face has no page (no ``page/page.mjs``) is played in the channel alone."""
    game = "magmor"
    monkeypatch.setattr(type(presenter_of(game)), "page_folder", lambda self: None)
    table = await _table(simcord_env, "en", monkeypatch, game)
    assert _open_id(table) not in custom_ids(table.board())
    result = await table.players[0].click(await _with_button(table), custom_id=_open_id(table))
    assert result.ephemeral and result.response is not None
    assert result.response.content == "⚠️ " + t("launch.error.game", "en")
    assert launching == []


async def test_no_open_the_table_without_the_activity(
    database: str, monkeypatch: pytest.MonkeyPatch, launching: list[int]
) -> None:
    bot = make_bot(database)
    assert not bot.settings.activity_on
    async with simcord.run(bot) as env:
        table = await _table(env, "it", monkeypatch)
        board = table.board()
        assert _open_id(table) not in custom_ids(board)
        assert t("launch.button", "it") not in labels(board)
        # A button drawn while the Activity was on, clicked after it was switched off.
        result = await table.players[0].click(await _with_button(table), custom_id=_open_id(table))
        assert result.ephemeral and result.response is not None
        assert result.response.content == "⚠️ " + t("launch.error.off", "it")
    assert launching == []


async def _with_button(table: Table) -> discord.Message:
    """A message of the channel holding the button, as a board drawn before would."""
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(OpenTableButton(table.channel.id))
    sent = await channel.send("an older board", view=view)
    view.stop()
    return next(m for m in table.channel.history() if m.id == sent.id)


async def test_the_busiest_board_fits_one_row(simcord_env: simcord.Env) -> None:
    """Every board control at once (a game in play, a seat the AI holds, the Activity
    on): within Discord's five buttons to a row, Open the table beside My hand."""
    view = board_view(
        1, finished=False, language="it", game_id=1, takeable=True, game="narnia", activity=True
    )
    rows = view.to_components()
    assert len(rows) == 1 and len(rows[0]["components"]) <= 5
    assert [c["label"] for c in rows[0]["components"]] == [
        t("table.button.hand", "it"),
        t("launch.button", "it"),
        t("takeover.button.take", "it"),
        t("guide.button", "it"),
    ]
