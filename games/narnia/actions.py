"""What a player can do: a discriminated union on ``kind``.

Moves and invasions name their tokens as a list of natural values (``tokens: [3, 2, 2]``).
That is unambiguous because a player-owned territory only ever holds Peter tokens: Witch
tokens enter a territory only while the Witch owns it (her reinforcement, her conquest), a
player conquers a territory only once its last token is gone (NA-4.4.7), and betrayed Peter
tokens only go the other way (NA-4.7.5). Two tokens of equal value there are identical.
``surprise`` picks a token of a Witch stack by its index (top = 0), since Witch stacks can mix
origins (a betrayed token goes back to Peter's bag).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Draw(_Action):
    """D5: draw the next card (NA-4.1.3)."""

    kind: Literal["draw"] = "draw"


class PlaceWitch(_Action):
    """D3: put the Witch token just drawn on a free Witch start territory (NA-3.4)."""

    kind: Literal["place_witch"] = "place_witch"
    territory: str


class Deploy(_Action):
    """D4: put the Peter token just drawn on a free Peter start territory (NA-3.5)."""

    kind: Literal["deploy"] = "deploy"
    territory: str


class Reinforce(_Action):
    """Turn action: draw a token from Peter's bag, then place it (NA-4.2.2)."""

    kind: Literal["reinforce"] = "reinforce"


class Move(_Action):
    """Turn action: strategic move of these token values between adjacent own territories (NA-4.2.3)."""

    kind: Literal["move"] = "move"
    source: str
    target: str
    tokens: list[int]


class Attack(_Action):
    """Turn action: attack an adjacent Witch territory with the whole source stack (NA-4.2.4, R4)."""

    kind: Literal["attack"] = "attack"
    source: str
    target: str


class Pass(_Action):
    """Pass the turn (NA-4.2.5, R7), or decline surprise_attack (R24)."""

    kind: Literal["pass"] = "pass"


class Invade(_Action):
    """After a conquest: the token values moved in from the attacking territory (NA-4.5.1, R5)."""

    kind: Literal["invade"] = "invade"
    tokens: list[int]


class WitchPairChoice(_Action):
    """Where the Witch attacks you: her source and your target (NA-4.6.5, NA-4.7.4)."""

    kind: Literal["witch_pair"] = "witch_pair"
    source: str
    target: str


class Stone(_Action):
    """turn_to_stone: remove your top token of the required value here (NA-4.7.1)."""

    kind: Literal["stone"] = "stone"
    territory: str


class SpellLoss(_Action):
    """evil_spell: remove your top token of your highest value here (NA-4.7.3)."""

    kind: Literal["spell_loss"] = "spell_loss"
    territory: str


class Treachery(_Action):
    """treachery: the top token of ``source`` goes into the Witch territory ``target`` (NA-4.7.5)."""

    kind: Literal["treachery"] = "treachery"
    source: str
    target: str


class PlaceReinforcement(_Action):
    """Place the first drawn, unplaced Peter token on one of your territories (NA-4.2.2, NA-4.7.7)."""

    kind: Literal["place_reinforcement"] = "place_reinforcement"
    territory: str


class Surprise(_Action):
    """surprise_attack: remove the token at ``index`` (top = 0) of a Witch stack (NA-4.7.8)."""

    kind: Literal["surprise"] = "surprise"
    territory: str
    index: int


class Reroll(_Action):
    """aslans_strength: re-roll all your dice of the throw just lost (NA-4.7.9)."""

    kind: Literal["reroll"] = "reroll"


class Keep(_Action):
    """Keep the throw as rolled (D16: the re-roll stays available)."""

    kind: Literal["keep"] = "keep"


class KeepQuiet(_Action):
    """Keep the throw as rolled, and ask no more in this battle (D16: the re-roll stays
    available; the holder is asked again in his next battle of the round)."""

    kind: Literal["keep_quiet"] = "keep_quiet"


NarniaAction = Annotated[
    Draw
    | PlaceWitch
    | Deploy
    | Reinforce
    | Move
    | Attack
    | Pass
    | Invade
    | WitchPairChoice
    | Stone
    | SpellLoss
    | Treachery
    | PlaceReinforcement
    | Surprise
    | Reroll
    | Keep
    | KeepQuiet,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[NarniaAction] = TypeAdapter(NarniaAction)
