"""A sixth game touches only its own folder: Corsa, which lives in tests/sixth/
and nowhere else, is registered here (games.registry.register and
bot.extensions.FACES, the hooks any game from outside games/ and cogs/ uses),
offered by /play with its declared option, and played through SimCord from
/play to its final board. Once the test is over, no trace of it is left."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord

from bot.client import GameMasterBot
from bot.extensions import FACES, PLATFORM_LAST, extensions, face_folder, presented_games
from bot.i18n import LANGUAGES, catalog, catalog_files, engine_catalog, face_catalog
from cogs.kit.presenter import PRESENTERS
from games.registry import GAMES, register, unregister
from tests.e2e.helpers import Table, button, custom_ids, make_table, panel, player_of
from tests.factory import make_bot
from tests.platform import test_catalogs as catalog_checks
from tests.sixth.face import PRESENTER
from tests.sixth.game import GAME as CORSA

FOLDER = Path(__file__).parent
FACE = "tests.sixth.face"


@pytest.fixture
def corsa() -> Iterator[None]:
    """Corsa registered for one test, as a game is: its engine in the registry,
    its face named for the extensions; everything undone after."""
    register(CORSA)
    FACES[CORSA.id] = FACE
    try:
        yield
    finally:
        unregister(CORSA.id)
        FACES.pop(CORSA.id, None)
        PRESENTERS.pop(CORSA.id, None)
    assert CORSA.id not in GAMES and CORSA.id not in presented_games()
    assert "game.corsa.name" not in catalog("en") and FACE not in extensions()


@pytest.fixture
def simcord_bot(database: str, corsa: None) -> GameMasterBot:
    return make_bot(database)


def test_corsa_is_not_a_game_of_the_real_bot() -> None:
    assert CORSA.id not in GAMES and CORSA.id not in presented_games()
    assert all(FOLDER not in path.parents for path in catalog_files("en"))


def test_everything_corsa_is_lives_in_its_folder(corsa: None) -> None:
    assert presented_games()[-1] == CORSA.id  # last in catalogue order, and its face last of the games'
    assert extensions()[-len(PLATFORM_LAST) - 1] == FACE
    files = [Path(inspect.getfile(type(CORSA))), face_folder(CORSA.id), PRESENTER.page_folder()]
    for language in LANGUAGES:
        files += [engine_catalog(CORSA.id, language), face_catalog(CORSA.id, language)]
    assert all(path is not None and FOLDER in path.parents for path in files), files
    # The catalog checks every game gets hold for it: both languages, same keys and
    # placeholders file by file, its keys its own, its option worded.
    catalog_checks.test_every_game_s_words_are_beside_its_code_in_both_languages()
    catalog_checks.test_each_catalog_file_and_its_twin_have_the_same_keys_and_placeholders()
    catalog_checks.test_a_game_s_words_are_its_own_and_no_key_is_written_twice()
    catalog_checks.test_every_declared_option_has_its_words_in_its_game_s_catalog()
    assert catalog("it")["corsa.option.goal.name"] == "traguardo"


async def run(table: Table, seat: int, steps: int) -> None:
    """The seat runs ``steps`` with its panel's button."""
    player = await player_of(table, seat)
    shown = await panel(table, player)
    assert "Your race" in str(shown.embeds[0].to_dict())
    target = button(shown, f"L.{steps - 1}")  # the legal actions: run 1, run 2
    assert target is not None, custom_ids(shown)
    result = await player.click(shown, custom_id=target)
    assert result.acknowledged and not (result.response and result.response.content)


async def test_corsa_from_play_to_its_final_board(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="corsa")
    ann, bob, cid = table.players
    play = next(c for c in await table.bot.command_payload() if c["name"] == "play")
    goal = next(o for o in play["options"] if o["name"] == "goal")
    assert goal["name_localizations"] == {"it": "traguardo"}
    assert (goal["min_value"], goal["max_value"], goal["required"]) == (3, 30, False)
    rules = await ann.slash(table.channel, "rules", game="corsa")  # /rules offers it too
    assert rules.ephemeral and "race for 2 or 3 players" in (rules.response.embeds[0].description or "")

    # Its option, refused by a game that does not take it, with Corsa's own words.
    refused = await ann.slash(table.channel, "play", game="magmor", goal=5)
    assert refused.ephemeral and "Only Corsa has a goal" in (refused.response.content or "")
    opened = await ann.slash(table.channel, "play", game="corsa", goal=4, language="it")
    lobby = opened.response
    assert lobby is not None and not opened.ephemeral
    assert lobby.embeds[0].title == "Corsa — nuovo tavolo"
    field = next(f for f in lobby.embeds[0].fields if f.name == "Traguardo")
    assert field.value == "4 passi"
    await ann.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:cancel")

    opened = await ann.slash(table.channel, "play", game="corsa", goal=4)
    lobby = opened.response
    assert next(f for f in lobby.embeds[0].fields if f.name == "Goal").value == "4 steps"
    for player in (bob, cid):
        await player.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    await ann.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    row = await table.row()
    assert row.status == "playing" and row.table["options"] == {"goal": 4}
    assert table.board().embeds[0].title == "🏃 Corsa — first to 4"

    # ann runs 2 and 2, bob and cid 1 at a time: ann arrives on her second turn.
    for seat, steps in [(0, 2), (1, 1), (2, 1), (0, 2)]:
        await run(table, seat, steps)
    row = await table.row()
    assert row.status == "finished"
    board = next(m for m in table.channel.history() if m.id == row.table["message_id"])
    final = board.embeds[0]
    assert final.title == "🏃 Corsa — first to 4"
    assert [cid.split(":")[2] for cid in custom_ids(board)] == ["rematch"]  # My hand has gone
    assert (final.description or "").splitlines()[:5] == [
        "🏆 **ann** wins!",
        "**Final ranking**",
        "🥇 **ann** — 4 steps 🏆",
        "🥈 **bob** — 1 step",
        "🥈 **cid** — 1 step",
    ]
    text = table.public_text()
    assert "🏃 **ann** runs 2 steps, to 4." in text and "🏁 **ann** reaches the goal!" in text
