"""The whole state of a Narnia game. Nothing in it is hidden (spec §9, R39).

Stacks are lists **top first**. Territory owners are seat numbers, ``None`` for the White
Witch. Bags are counts per natural value: every draw is uniform over the tokens in the bag
(R40), and a token remembers its origin so it goes back to the right bag (NA-4.3.6, R1).
"""

from __future__ import annotations

from typing import Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from games.core import GameState
from games.core.copying import share, walk_copy
from games.narnia.data import DEFAULT_ROUND_CAP, Origin

__all__ = [
    "Battle",
    "BattleCause",
    "NarniaState",
    "Origin",
    "PausedThrow",
    "Phase",
    "RoundEffects",
    "Side",
    "SpellRoll",
    "Stage",
    "Territory",
    "Throw",
    "Token",
    "WitchPair",
]

# The pending decision (one per phase, see game.py), or "over".
Phase = Literal[
    "place_witch",  # D3: place the drawn Witch token (NA-3.4)
    "deploy",  # D4: place the drawn Peter token on a free Peter start (NA-3.5)
    "draw",  # D5: the drawer draws the next card (NA-4.1.3)
    "courage",  # D6: the drawer's extra turn (NA-4.7.11)
    "turn",  # D14: a sequence turn (NA-4.1.7, NA-4.2)
    "place_reinforcement",  # D12: place a token drawn from Peter's bag (NA-4.2.2, NA-4.7.7)
    "stone",  # D7: turn_to_stone (NA-4.7.1)
    "spell_loss",  # D9: evil_spell losses, in clockwise order from the drawer (R21)
    "treachery",  # D10 (NA-4.7.5)
    "surprise",  # D13 (NA-4.7.8)
    "witch_attack",  # D11: where the witch_attack card strikes (NA-4.7.4)
    "witch_pair",  # D18: where the end-of-round attack strikes (NA-4.6.4-4.6.5)
    "invade",  # D17: tokens moved in after a conquest (NA-4.5.1)
    "aslan",  # D16: re-roll the lost throw or keep it (NA-4.4.6)
    "over",
]
# Where the round stands, so a finished sub-step knows what comes next (NA-4.1.1).
Stage = Literal["setup", "courage", "card", "sequence", "witch"]
Side = Literal["attacker", "defender"]
BattleCause = Literal["attack", "witch_round", "witch_card"]


M = TypeVar("M", bound=BaseModel)


def trusted(cls: type[M], **fields: Any) -> M:
    """Build a model from values already checked elsewhere (every field given), skipping
    validation: the views make a couple of dozen rows per call, for every seat, every action."""
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", fields)
    object.__setattr__(made, "__pydantic_fields_set__", set(fields))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


class _Copyable(BaseModel):
    __deepcopy__ = walk_copy  # the core's walk, sharing the frozen records


class _Immutable(BaseModel):
    """A frozen record: copies share it, which keeps the per-action state copy cheap."""

    model_config = ConfigDict(frozen=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        share(cls)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        return self


class Token(_Immutable):
    """A cardboard token: printed (natural) value and picture (origin)."""

    value: int = Field(ge=1, le=3)
    origin: Origin


class Territory(_Copyable):
    owner: int | None  # a seat, or None for the White Witch (white flag)
    stack: list[Token] = Field(default_factory=list)  # top first; [] = only the flag


class PausedThrow(_Immutable):
    """A throw rolled and lost by the Aslan holder, waiting for his answer (NA-4.4.6)."""

    attacker_dice: list[int]  # sorted descending
    defender_dice: list[int]
    flag: bool  # the defender's flag is rolling (no token left)
    holder_side: Side  # which side's dice the holder may re-roll


class Throw(_Immutable):
    """One throw of a battle, as it stood after any Aslan re-roll (never changed once made)."""

    attacker_dice: list[int]  # sorted descending
    defender_dice: list[int]
    pairs: list[Literal["attacker", "defender", "tie"]]  # pairwise results, highest first
    winner: Side
    rerolled: Side | None = None  # whose dice Aslan's re-roll replaced
    original_dice: list[int] | None = None  # that side's dice before the re-roll
    flag: bool = False  # the defender's flag defended (NA-4.4.3)
    attacker_stack: list[int] = Field(default_factory=list)  # values after the throw, top first
    defender_stack: list[int] = Field(default_factory=list)


class Battle(_Copyable):
    """A whole battle (NA-4.4). ``result`` is None while it goes on or waits for Aslan."""

    id: int  # game-wide counter: also the tie-break clock (R33)
    attacker: int | None  # seat, None = the Witch
    defender: int | None
    source: str
    target: str
    cause: BattleCause
    throws: list[Throw] = Field(default_factory=list)
    result: Literal["conquered", "repelled"] | None = None
    invasion: list[int] = Field(default_factory=list)  # values moved in after a player's conquest
    paused: PausedThrow | None = None
    # D16: the Aslan holder answered "keep, don't ask again in this battle": the rest of
    # this battle's throws stand as rolled. Written only when set (see _omit_asked).
    aslan_quiet: bool = False

    @model_serializer(mode="wrap")
    def _omit_asked(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``aslan_quiet`` is written only when set, so every battle of a game played
        before it existed reads and hashes exactly as before: the replay of an older
        game's export compares its final state's hash (games/core/verify.py)."""
        data: dict[str, Any] = handler(self)
        if not data.get("aslan_quiet"):
            data.pop("aslan_quiet", None)
        return data


class RoundEffects(_Copyable):
    """Effects that last until cleanup (NA-4.1.11, R17)."""

    blizzard: int | None = None  # the seat that skips its turn (NA-4.7.2)
    aslan: int | None = None  # the holder of aslans_strength (NA-4.7.9)
    aslan_used: bool = False
    invincible: int | None = None  # the holder of invincible_strength (NA-4.7.10)


class WitchPair(_Immutable):
    """A (Witch source, victim target) pair for a Witch attack (NA-4.6.2)."""

    source: str
    target: str


class SpellRoll(_Copyable):
    """One round of evil_spell dice: seat -> die (NA-4.7.3)."""

    rolls: dict[int, int]


class NarniaState(GameState, _Copyable):
    __deepcopy__ = walk_copy  # the core's walk, sharing the frozen records

    game: str = "narnia"
    colours: list[str]  # seat -> colour (NA-3.1, D1)
    phase: Phase
    stage: Stage = "setup"
    round: int = 0  # 1-based once play starts
    territories: dict[str, Territory]
    peter_bag: dict[int, int]  # value -> tokens left
    witch_bag: dict[int, int]
    deck: list[str]  # card ids, top first
    discard: list[str] = Field(default_factory=list)
    # Setup (NA-3.3-3.5): the card that set the order, the order, tokens placed so far.
    setup_card: str | None = None
    setup_order: list[int] = Field(default_factory=list)
    setup_placed: int = 0
    # The round (NA-4.1).
    drawer: int | None = None
    round_card: str | None = None  # the sequence card of this round
    courage_cards: list[str] = Field(default_factory=list)  # courage drawn this round (NA-4.7.11)
    sequence: list[int] = Field(default_factory=list)  # seats, reduced to the colours in play
    turn_index: int = -1  # index into ``sequence`` of the turn under way
    last_actor: int | None = None  # NA-4.1.9
    actor: int | None = None  # the seat of the pending one-seat decision
    drawn: list[Token] = Field(default_factory=list)  # drawn from a bag, not yet placed
    eliminated: list[bool]
    effects: RoundEffects = Field(default_factory=RoundEffects)
    required_value: int | None = None  # turn_to_stone / evil_spell: the value to give up
    spell_rolls: list[SpellRoll] = Field(default_factory=list)
    spell_safe: int | None = None
    spell_losers: list[int] = Field(default_factory=list)  # still to choose, in order
    witch_pairs: list[WitchPair] = Field(default_factory=list)  # the legal pairs now
    battles: list[Battle] = Field(default_factory=list)  # the last 8, oldest first
    battle_counter: int = 0
    last_attack: list[int | None]  # per seat: id of his latest attack on the Witch (R33)
    # Per seat: the round of that attack, so the tie-break can be told in words (empty in
    # games saved before it was kept: read it with ``attack_round``).
    last_attack_round: list[int | None] = Field(default_factory=list)
    last_attacker: int | None = None  # who attacked the Witch most recently (NA-5.4)
    end_reason: Literal["witch_defeated", "all_eliminated", "round_cap"] | None = None
    # NA-4.8.9 / R34: the game ends at the end of this round; None: no cap. Games saved
    # before the cap existed have none stored and get the default, like a new table.
    round_cap: int | None = DEFAULT_ROUND_CAP
    # The bot's withdrawn ruling R-A1 (docs/decisions.md): Aslan's question was asked once
    # per battle, at the first throw the holder lost in it. Only games started under it have
    # True, and play on so, as their logs were played; every other game (new ones, and those
    # saved before the ruling, which have no field) asks after each throw the holder loses
    # with the re-roll unused (NA-4.4.6, NA-4.7.9, D16).
    aslan_once: bool = False

    # -- small queries the rules, views and AI share ------------------------------
    def owned(self, seat: int | None) -> list[str]:
        return [tid for tid, t in self.territories.items() if t.owner == seat]

    def attack_round(self, seat: int) -> int | None:
        """The round of the seat's latest attack on the Witch, if known."""
        rounds = self.last_attack_round
        return rounds[seat] if seat < len(rounds) else None

    def active(self, seat: int) -> bool:
        return not self.eliminated[seat]

    @property
    def battle(self) -> Battle | None:
        """The battle under way (waiting for Aslan or for the invasion), if any."""
        if self.battles and (self.battles[-1].result is None or self.phase == "invade"):
            return self.battles[-1]
        return None
