"""The hint: one of a seat's own legal actions in words, an imperative line in the panel's vocabulary
(cards, suits and the weather row as ``words`` names them), drawn from that seat's own view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from bot.i18n import t
from cogs.talismani.words import card, played, suit
from games.talismani.face import (
    ACTION_ADAPTER,
    ChangeOrder,
    ChangeWeather,
    Choice,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    TalismaniView,
    Weather,
    reveal_play,
)


def hint(key: str, language: str, **params: Any) -> str:
    return t(f"talismani.hint.{key}", language, **params)


def describe_action(
    view: TalismaniView, action: dict[str, Any], language: str, names: Sequence[str] = ()
) -> str:
    """``action`` (a legal action of ``view``'s seat, as JSON) as one line for that player."""
    parsed = ACTION_ADAPTER.validate_python(action)
    match parsed:
        case PlayCards(cards=cards):
            return _play(view, cards, language)
        case Forge():
            return _forge(view, language)
        case SetAside(yes=yes):
            return _set_aside(view, yes, language)
        case ChooseStake(card=chosen):
            return hint("stake", language, card=card(chosen, language))
        case Pick(card=chosen):
            return hint("pick", language, card=card(chosen, language))
        case ChangeOrder(suit=moved, position=position):
            return _change_order(view, moved, position, language)
        case ChangeWeather(rotate=rotate):
            key = "change_weather_rotate" if rotate else "change_weather_keep"
            return _weather(view, key, language, card=_special(view, language))
        case Weather(rotate=rotate):
            return _weather(view, "weather_rotate" if rotate else "weather_keep", language)
        case _:
            assert_never(parsed)


def _me(view: TalismaniView) -> int:
    # A hint is only ever asked for a seat's own view (a spectator has no actions).
    assert view.seat is not None
    return view.seat


def _play(view: TalismaniView, cards: list[str], language: str) -> str:
    """A secret play with what it is worth, as the panel's pick shows it (TT-6.2, TT-9.1)."""
    play = reveal_play(_me(view), Choice(cards=cards))
    shown = played(play.cards, language)
    if play.total is None:
        # A lone Joker or an action special: no value in the fight (TT-6.2).
        return hint("play_joker" if play.kind == "joker" else "play_special", language, cards=shown)
    assert play.suit is not None
    return hint(
        "play_combination" if play.combination else "play_value",
        language,
        cards=shown,
        total=play.total,
        suit=suit(play.suit, language),
        place=view.row.index(play.suit) + 1,
    )


def _forge(view: TalismaniView, language: str) -> str:
    """Play (f): every waiting talisman of the dominant suit is forged at once (TT-9.6)."""
    dominant = view.row[0]
    ready = [p for p in view.seats[_me(view)].pending if p.suit == dominant]
    return hint(
        "forge",
        language,
        count=len(ready),
        cards="; ".join(played(p.cards, language) for p in ready),
        suit=suit(dominant, language),
    )


def _set_aside(view: TalismaniView, yes: bool, language: str) -> str:
    """TT-8.1: the seat's own losing combination, revealed in ``plays``. Set aside, it is forged
    at once if its suit is dominant (the row has not changed since the reveal, TT-8.4 b)."""
    mine = next((p for p in view.plays if p.seat == _me(view)), None)
    cards = played(mine.cards, language) if mine is not None else "-"
    combo_suit = mine.suit if mine is not None and mine.suit is not None else view.row[0]
    if not yes:
        return hint("leave", language, cards=cards)
    key = "set_aside_now" if combo_suit == view.row[0] else "set_aside_later"
    return hint(key, language, cards=cards, suit=suit(combo_suit, language))


def _special(view: TalismaniView, language: str) -> str:
    """The action special resolving now (it is the seat's own: TT-10.5, TT-10.6)."""
    if view.special is not None:
        return card(view.special, language)
    return t(f"talismani.phase.{view.phase}", language)


def _change_order(view: TalismaniView, moved: str, position: int, language: str) -> str:
    """TT-10.5: a suit put back at its own place leaves the row unchanged."""
    origin = view.row.index(moved) + 1
    special = _special(view, language)
    if origin == position:
        return hint("keep_order", language, card=special)
    return hint(
        "move_suit",
        language,
        card=special,
        suit=suit(moved, language),
        origin=origin,
        position=position,
    )


def _weather(view: TalismaniView, key: str, language: str, **params: str) -> str:
    """Keep the row, or rotate it: the dominant suit to the end, the second one dominant (TT-11.2)."""
    return hint(key, language, suit=suit(view.row[0], language), next=suit(view.row[1], language), **params)


# -- why: one game-level reason, from the move and the seat's own view ------------------


def hint_reason(view: TalismaniView, action: dict[str, Any], language: str) -> str | None:
    """Why the hint's play helps: where its suit stands in the weather row (a suit further
    left beats every suit to its right), or what a forge makes; from the seat's own view."""
    parsed = ACTION_ADAPTER.validate_python(action)
    match parsed:
        case PlayCards(cards=cards):
            play = reveal_play(_me(view), Choice(cards=cards))
            if play.total is None or play.suit is None:
                return None
            place = view.row.index(play.suit) + 1
            if place == 1:
                return hint("why.lead", language, suit=suit(play.suit, language))
            return hint("why.row", language, suit=suit(play.suit, language), place=place, count=place - 1)
        case Forge():
            ready = [p for p in view.seats[_me(view)].pending if p.suit == view.row[0]]
            return hint("why.forge", language, count=len(ready)) if ready else None
        case _:
            return None
