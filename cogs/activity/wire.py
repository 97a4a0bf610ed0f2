"""The shape of what the server sends a page (cogs/activity/protocol.py), as models the
page's types are generated from (``python -m tools.page_types``: the shell's
``static/app/wire.d.ts``).

The messages themselves are built as plain dicts where they are sent (``shown.Shown.table``,
``viewers.state_message``, ``protocol.error``, the server's hint): building a model per
seat and change would cost the hot path for nothing. These models say what those dicts
hold, and tests/activity/test_wire.py checks every message the server sends against them
(``extra="forbid"``): a key added there and not here fails, so the page's types stay true.

Every key of a message is always sent, but those a model marks ``x-ts-optional`` (the
page's types say ``key?:``). ``table.view`` is the game's own page state (its
``Presenter.page_state``): in the types it is the ``Table``'s parameter ``View``, which
a game's page names with its own generated type (and ``legal``'s, ``Action``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cogs.activity.lobby_state import LobbyPage
from games.core import Decision, Outcome

# In the generated types: a key the message may leave out, and a value of the Table's
# type parameter (tools/page_types.py reads these marks).
OPTIONAL: dict[str, Any] = {"x-ts-optional": True}
VIEW: dict[str, Any] = {"x-ts-type": "View"}
# The Table's type parameters: a game's page names its page state and its actions.
PARAMS = "View = unknown, Action = Record<string, unknown>"


class _Sent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatShown(_Sent):
    """A seat at the table, as every page sees it."""

    name: str = Field(description="The seat's display name, plain text (no Markdown).")
    ai: bool = Field(description="Whether an AI holds the seat.")


class SeatPart(_Sent):
    """Where a seat's name stands in a text: the page draws ``seats[seat].name`` there, as
    plain text (cogs/activity/marked.py)."""

    seat: int


# A text as the page draws it: plain pieces, and the seats' names apart.
Said = list[str | SeatPart]


class Table(_Sent):
    """A channel's table as one viewer may see it (cogs/activity/shown.py)."""

    model_config = ConfigDict(json_schema_extra={"x-ts-params": PARAMS})

    game: str = Field(description="The game's id.")
    status: Literal["lobby", "playing", "finished", "cancelled"]
    version: int = Field(description="The table's version: a move is sent at the version shown.")
    seat: int | None = Field(description="The viewer's seat; null for a member without one (a spectator).")
    seats: list[SeatShown]
    decision: Decision | None = Field(description="Who must decide what now; null when nobody is asked.")
    prompt: Said | None = Field(description='What is being decided, in words (to the actor: "you").')
    legal: list[dict[str, Any]] = Field(
        description="The seat's legal actions, the engine's JSON ([] when not acting): the page picks one.",
        json_schema_extra={"x-ts-type": "Action[]"},
    )
    hints: bool = Field(description="Whether this seat may ask for a hint now.")
    view: Any = Field(
        description="The game's page state for this seat (Presenter.page_state).", json_schema_extra=VIEW
    )
    lines: list[Said] = Field(description="The last events this seat may see, oldest first, in words.")
    outcome: Outcome | None = Field(description="The end of the game, once it is over.")
    final: list[Said] = Field(description="The final record's lines, once the game is over.")
    ranked: list[int] = Field(
        description="Which of final's lines rank the seats: a name stands alone there (a page's own: You)."
    )
    deadline: float | None = Field(
        description="When the decision's time runs out (seconds since the epoch), while a member decides."
    )
    undo: bool = Field(description="Whether Undo would take this seat's move back now.")
    lobby: LobbyPage | None = Field(
        description="In a lobby: its seats, options and buttons (cogs/activity/lobby_state.py); else null."
    )


class StateMessage(_Sent):
    """The table as it is: after the hello and after every committed change."""

    model_config = ConfigDict(json_schema_extra={"x-ts-params": PARAMS})

    v: Literal[1]
    type: Literal["state"]
    language: str = Field(description="The viewer's language: the words and lines are in it.")
    table: Table | None = Field(
        description="Null when the channel has no table.",
        json_schema_extra={"x-ts-type": "Table<View, Action> | null"},
    )
    words: dict[str, str | dict[str, str]] = Field(
        default_factory=dict,
        description="The page's words by catalog key (a plural: its CLDR forms), with a game's first state.",
        json_schema_extra=OPTIONAL,
    )
    data: dict[str, Any] = Field(
        default_factory=dict,
        description="What the game's page draws with beside its state (Presenter.page_data), with the words.",
        json_schema_extra=OPTIONAL,
    )
    page: str | None = Field(
        default=None,
        description="The game's page module relative to the build's root (games/<game>/page.mjs), or null.",
        json_schema_extra=OPTIONAL,
    )


class ErrorMessage(_Sent):
    """A refusal, or a fault said in the viewer's language."""

    v: Literal[1]
    type: Literal["error"]
    key: str = Field(description="The catalog key of the reason.")
    rule: str | None = Field(
        default=None, description="The rule's id where a rule forbids the move.", json_schema_extra=OPTIONAL
    )
    text: str = Field(description="The reason in the viewer's language (Markdown).")
    retry_after: float | None = Field(
        default=None,
        description="Seconds after which a sign-in refused for now may be tried again.",
        json_schema_extra=OPTIONAL,
    )


class HintMessage(_Sent):
    """The hard level's move from the asking seat's own view, to that page alone."""

    v: Literal[1]
    type: Literal["hint"]
    version: int = Field(description="The table's version the hint was found at.")
    move: dict[str, Any] = Field(description="The move as the engine's JSON.")
    text: str = Field(description="The hint in words (Markdown).")


class DraftMessage(_Sent):
    """What a seat that decides now is building in its page (Mag Mor's leader's split), as its
    game made it public (Presenter.page_draft): to every page of the channel, and after the
    state to a page that comes later, until the version moves on. Binds no one; not a move."""

    v: Literal[1]
    type: Literal["draft"]
    version: int = Field(description="The table's version the draft was made at: shown with that state only.")
    seat: int = Field(description="The seat building it.")
    draft: dict[str, Any] = Field(description="The draft, the game's own model (its page reads it).")


class PongMessage(_Sent):
    """The answer to a ping."""

    v: Literal[1]
    type: Literal["pong"]


# Every message a page is sent, in the order the generated file lists them.
SERVER_MESSAGES: tuple[type[BaseModel], ...] = (
    StateMessage,
    ErrorMessage,
    HintMessage,
    PongMessage,
    DraftMessage,
)
