"""What the host may choose when opening a table: a game's declared options.

A game lists them in ``Game.options``; the platform builds ``/play``'s optional
parameters from the declarations of every game it offers, keeps the chosen
values in the table's options (what ``Game.new_game`` is given), validates them
against the chosen game and shows them in the lobby, all from the declaration.
Its words are catalog keys under ``words``, in the declaring game's own catalog.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Option:
    """One option of ``/play``. ``name`` is the command's parameter, ``key`` the
    name the table keeps it under (``name`` unless told). Words: ``<words>.name``
    and ``<words>.description`` (the parameter, translated), ``<words>.lobby``
    (the lobby field's name), ``<words>.refused`` (the refusal when the chosen
    game does not take it)."""

    name: str
    words: str
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.name)

    def word_keys(self) -> list[str]:
        """Every catalog key this option's words need."""
        return [f"{self.words}.{part}" for part in ("name", "description", "lobby", "refused")]


@dataclass(frozen=True, kw_only=True)
class Variant(Option):
    """A rule variant the host switches on (a yes/no parameter), allowed only with
    ``players`` seats (``<words>.players``: the refusal of another count, with
    ``{count}``). The lobby shows it when on: the teams, partners in alternate
    seats (1 and 3 against 2 and 4), where ``partners``; else ``<words>.on``."""

    players: tuple[int, ...]
    partners: bool = False

    def word_keys(self) -> list[str]:
        return [
            *super().word_keys(),
            f"{self.words}.players",
            *([] if self.partners else [f"{self.words}.on"]),
        ]


@dataclass(frozen=True, kw_only=True)
class Setting(Option):
    """A whole number from ``minimum`` to ``maximum`` (a number parameter);
    ``default`` is what a table gets when the host gives none. A given ``none``
    is kept as None, "no value" (Narnia's 0: no round cap). The lobby always
    shows it: ``<words>.value`` (with ``{count}``), or ``<words>.none`` for None.
    ``Game.check_setting`` may refuse a value further."""

    default: int | None
    minimum: int
    maximum: int
    none: int | None = None

    def word_keys(self) -> list[str]:
        none = self.none is not None or self.default is None
        return [*super().word_keys(), f"{self.words}.value", *([f"{self.words}.none"] if none else [])]

    def kept(self, given: int) -> int | None:
        """The value the table keeps for the host's ``given`` one."""
        return None if given == self.none else given
