"""A game's face bound by name: its presenter names the modules of its parts, and each hook
of :class:`Presenter` is answered by the function of the hook's own name in them (``board_embed``
by ``board.board_embed``, ``panel`` by ``panel.panel`` ...), so no face forwards a hook by hand.

A part's function takes what the hook of its name takes (without ``self``); the view it is
given is the game's own (``view_type``, checked once here). A hook no part answers keeps the
platform's default; ``final_headline`` and ``ranking_lines`` may also answer ``None`` to keep
it for one outcome. The binding is made, and each function's parameters checked against its
hook's, when the presenter's class is defined: a misnamed or misshapen part fails at import."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any, ClassVar, Protocol

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.presenter import Click, PanelContext, Presenter
from games.core import Decision, Outcome, Standing

# The game's own view (its ``view_type``): a part's function names it exactly.
View = Any


class DrawBoard(Protocol):
    def __call__(
        self, view: View, language: str, /, *, names: tuple[str, ...] = ..., outcome: Outcome | None = ...
    ) -> bytes | None: ...


@dataclass(frozen=True)
class Hooks:
    """Which function answers each hook of :class:`Presenter`, by the hook's name."""

    board_embed: Callable[[TableInfo, View, Decision | None, str], discord.Embed]
    panel: Callable[[PanelContext], tuple[discord.Embed, discord.ui.View]]
    click: Callable[[PanelContext, str, list[str]], Click]
    describe_action: Callable[[View, dict[str, Any], str, Sequence[str]], str]
    board_image: DrawBoard | None = None
    board_image_key: Callable[[View], str] | None = None
    panel_image: Callable[[PanelContext], bytes | None] | None = None
    panel_work: Callable[[PanelContext], Callable[[], None] | None] | None = None
    hint_reason: Callable[[View, dict[str, Any], str], str | None] | None = None
    live_message: Callable[[TableInfo, View, str, str], str | None] | None = None
    page_data: Callable[[str], dict[str, Any]] | None = None
    page_state: Callable[[View, int | None], BaseModel] | None = None
    page_work: Callable[[View, int | None], Callable[[], None] | None] | None = None
    page_draft: Callable[[View, int, dict[str, Any]], BaseModel | None] | None = None
    final_headline: Callable[[TableInfo, Outcome, str], str | None] | None = None
    score_text: Callable[[TableInfo, Standing, str], str] | None = None
    score_amount: Callable[[int, str], str] | None = None
    ranking_lines: Callable[[TableInfo, Outcome, str], list[str] | None] | None = None
    # Lines under the whole final record (takes what final_lines takes): why equal totals rank as they do.
    tie_lines: Callable[[TableInfo, Outcome, str], list[str]] | None = None

    @classmethod
    def named_in(cls, parts: Sequence[ModuleType]) -> Hooks:
        """Each hook's function: the one of its name defined in one of ``parts``."""
        found: dict[str, Any] = {}
        for hook in fields(cls):
            answers = [
                function
                for part in parts
                if callable(function := getattr(part, hook.name, None))
                and getattr(function, "__module__", None) == part.__name__
            ]
            if len(answers) > 1:
                raise TypeError(f"{hook.name} is answered twice: {[f.__module__ for f in answers]}")
            if answers:
                _check(hook.name, answers[0])
                found[hook.name] = answers[0]
        return cls(**found)


def _check(name: str, function: Callable[..., object]) -> None:
    """``function`` takes what the hook ``name`` is given (its parameters, without ``self``)."""
    hook = getattr(Presenter, "final_lines" if name == "tie_lines" else name)
    given = list(inspect.signature(hook).parameters.values())[1:]
    args = [p.name for p in given if p.kind is p.POSITIONAL_OR_KEYWORD]
    kwargs = {p.name: p.name for p in given if p.kind is p.KEYWORD_ONLY}
    try:
        inspect.signature(function).bind(*args, **kwargs)
    except TypeError as error:
        raise TypeError(f"{function.__module__}.{name} does not take the hook's {given}: {error}") from None


class BoundPresenter(Presenter):
    """A presenter made of its parts: a game's face sets ``game_id``, ``view_type`` and
    ``parts`` (and ``page_words`` where its page names things)."""

    view_type: ClassVar[type[BaseModel]] = BaseModel
    parts: ClassVar[tuple[ModuleType, ...]] = ()
    # What the seat's own drawings (its panel, its hint) run inside on the event loop:
    # Narnia's ``known_only``, so that no chance is worked out there.
    on_loop: ClassVar[Callable[[], AbstractContextManager[object]]] = nullcontext
    hooks: ClassVar[Hooks]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.parts:
            cls.hooks = Hooks.named_in(cls.parts)

    def _own(self, view: BaseModel) -> BaseModel:
        if not isinstance(view, self.view_type):
            raise TypeError(f"{self.game_id} draws a {self.view_type.__name__}, not a {type(view).__name__}")
        return view

    # -- the contract's hooks every face answers ------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        return self.hooks.board_embed(table, self._own(view), decision, language)

    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        with type(self).on_loop():
            return self.hooks.panel(ctx)

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return self.hooks.click(ctx, payload, values)

    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        with type(self).on_loop():
            return self.hooks.describe_action(self._own(view), action, language, names)

    # -- the hooks with a platform default ------------------------------------------
    def page_data(self, language: str) -> dict[str, Any]:
        own = self.hooks.page_data
        return super().page_data(language) if own is None else own(language)

    def page_state(self, view: BaseModel, seat: int | None) -> BaseModel:
        own = self.hooks.page_state
        return super().page_state(view, seat) if own is None else own(self._own(view), seat)

    def page_work(self, view: BaseModel, seat: int | None) -> Callable[[], None] | None:
        own = self.hooks.page_work
        return super().page_work(view, seat) if own is None else own(self._own(view), seat)

    def page_draft(self, view: BaseModel, seat: int, draft: dict[str, Any]) -> BaseModel | None:
        own = self.hooks.page_draft
        return super().page_draft(view, seat, draft) if own is None else own(self._own(view), seat, draft)

    def board_image(
        self,
        view: BaseModel,
        language: str,
        *,
        names: tuple[str, ...] = (),
        outcome: Outcome | None = None,
    ) -> bytes | None:
        own = self.hooks.board_image
        if own is None:
            return super().board_image(view, language, names=names, outcome=outcome)
        return own(self._own(view), language, names=names, outcome=outcome)

    def board_image_key(self, view: BaseModel) -> str:
        own = self.hooks.board_image_key
        return super().board_image_key(view) if own is None else own(self._own(view))

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        own = self.hooks.panel_image
        return super().panel_image(ctx) if own is None else own(ctx)

    def panel_work(self, ctx: PanelContext) -> Callable[[], None] | None:
        own = self.hooks.panel_work
        return super().panel_work(ctx) if own is None else own(ctx)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        own = self.hooks.hint_reason
        if own is None:
            return super().hint_reason(view, action, language)
        with type(self).on_loop():
            return own(self._own(view), action, language)

    def live_message(self, table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
        own = self.hooks.live_message
        if own is None:
            return super().live_message(table, view, key, language)
        return own(table, self._own(view), key, language)

    # -- the end of the game ----------------------------------------------------------
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        own = self.hooks.final_headline
        line = None if own is None else own(table, outcome, language)
        return super().final_headline(table, outcome, language) if line is None else line

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        own = self.hooks.score_text
        return (
            super().score_text(table, standing, language) if own is None else own(table, standing, language)
        )

    def score_amount(self, score: int, language: str) -> str:
        own = self.hooks.score_amount
        return super().score_amount(score, language) if own is None else own(score, language)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        own = self.hooks.ranking_lines
        lines = None if own is None else own(table, outcome, language)
        return super().ranking_lines(table, outcome, language) if lines is None else lines

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        ties = self.hooks.tie_lines
        record = super().final_lines(table, outcome, language)
        return record if ties is None else [*record, *ties(table, outcome, language)]
