"""A game's declared options (games.core.options) as /play offers them and the
table keeps them; the lobby's end of it is played through SimCord in
tests/e2e (teams, rounds) and tests/sixth (a game's own option)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from cogs.lobby import game_options, play_options
from games.core.options import Option, Setting, Variant
from games.magmor.game import MagmorGame
from games.registry import GAMES, declared

TEAMS = Variant(name="teams", words="akelarre.option.teams", players=(4,), partners=True)
ROUNDS = Setting(
    name="rounds", key="round_cap", words="narnia.option.rounds", default=100, minimum=0, maximum=1000, none=0
)


def test_what_the_games_declare_is_what_the_platform_derives() -> None:
    assert GAMES["akelarre"].options == (TEAMS,) and GAMES["akelarre"].variants == {"teams": (4,)}
    assert GAMES["narnia"].options == (ROUNDS,) and GAMES["narnia"].settings == {"round_cap": 100}
    assert ROUNDS.key == "round_cap" and TEAMS.key == "teams"  # the table's name: the parameter's unless told
    assert declared("round_cap") == ROUNDS and declared("rounds") is None and declared("nothing") is None


def test_the_chosen_values_as_the_table_keeps_them() -> None:
    offered = [ROUNDS, TEAMS]
    assert play_options(offered, {}) is None
    assert play_options(offered, {"teams": False, "rounds": None}) is None  # not switched on, not given
    assert play_options(offered, {"teams": True, "rounds": 30}) == {"teams": True, "round_cap": 30}
    assert play_options(offered, {"rounds": 0}) == {"round_cap": None}  # NA-4.8.9: 0 is no cap


def test_play_offers_every_declared_option_once() -> None:
    names = [option.name for option in game_options()]
    declared_names = {o.name for game in GAMES.values() for o in game.options}
    assert sorted(names) == sorted(declared_names) and len(names) == len(set(names))


class Teams(MagmorGame):
    """A game declaring teams again: alike is fine (one parameter), otherwise not."""

    options: ClassVar[tuple[Option, ...]] = (
        Variant(name="teams", words="magmor.option.teams", players=(4,)),
    )


def test_two_games_may_share_an_option_only_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "magmor", Teams())
    assert [o.words for o in game_options() if o.name == "teams"] == ["magmor.option.teams"]  # the first
    assert declared("teams", GAMES["akelarre"]) == TEAMS  # a table's own game words it
    monkeypatch.setattr(
        Teams, "options", (Setting(name="teams", words="x", default=1, minimum=1, maximum=2),)
    )
    with pytest.raises(TypeError, match="teams"):
        game_options()
