"""Akelarre's Discord presenter (cogs/akelarre): whole AI games rendered as
the bot renders them.

* no favourite reaches the board, a public line, another seat's panel or a
  custom_id before the end (twin games whose favourites differ look the same);
* the move picker reaches every legal action (cards, then the destination);
* the owner's payment panel shows the 5 cards and the 10 pairs;
* the final record: teams, draws and every point of a score in words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from bot.i18n import LANGUAGES, t
from bot.render import seat_name
from cogs.akelarre import PRESENTER
from cogs.panel import panel_context
from games.akelarre import GAME, AkelarreState
from games.akelarre.data import FAMILIES, family_of
from games.akelarre.scoring import rank, scores_of
from tools.preview import Step, controls, playthrough, public_lines, table_for

SETUPS = [(3, {}), (4, {"teams": True})]


@cache
def steps_of(players: int, teams: bool, seed: int = 1) -> list[Step]:
    return playthrough(GAME, players, seed, {"teams": True} if teams else {})


def games() -> list[Any]:
    return [pytest.param(p, bool(o), id=f"{p}p{'-teams' if o else ''}") for p, o in SETUPS]


def rendered_panel(
    state: AkelarreState, seat: int, language: str, draft: dict[str, Any] | None = None
) -> Any:
    table = table_for(state.players, language, {"teams": True} if state.teams else {})
    ctx = panel_context(GAME, state, 1, 7, table, seat, draft, language)
    return ctx, *PRESENTER.panel(ctx)


def everything(embed: Any, view: Any) -> str:
    """An embed and its controls as Discord receives them (labels, values, custom_ids)."""
    return f"{embed.to_dict()}\n{controls(view)}"


def twin(state: AkelarreState, keep: int | None) -> AkelarreState:
    """The same table with every favourite but ``keep``'s exchanged (dealt and unused alike)."""
    pool = [
        f
        for f in [*state.favourites, *state.unused_favourites]
        if keep is None or f != state.favourites[keep]
    ]
    moved = pool[1:] + pool[:1]
    favourites = list(state.favourites)
    others = [s for s in range(state.players) if s != keep]
    for seat, family in zip(others, moved, strict=False):
        favourites[seat] = family
    unused = [f for f in moved if f not in favourites]
    return state.model_copy(update={"favourites": favourites, "unused_favourites": unused}, deep=True)


@pytest.mark.parametrize(("players", "teams"), games())
def test_no_favourite_before_the_end(players: int, teams: bool) -> None:
    """The board, the public lines, another seat's panel and every custom_id are the
    same whatever the other players' favourites are, up to the end."""
    steps = steps_of(players, teams)
    language = "en"
    table = table_for(players, language, {"teams": True} if teams else {})
    for step in steps[::3]:
        state = step.state
        assert isinstance(state, AkelarreState)
        if state.step == "over":
            continue
        other = twin(state, None)
        assert other.favourites != state.favourites
        board = PRESENTER.board_embed(table, GAME.view(state, None), GAME.decision(state), language)
        twin_board = PRESENTER.board_embed(table, GAME.view(other, None), GAME.decision(other), language)
        assert board.to_dict() == twin_board.to_dict()
        lines = public_lines("akelarre", table, step.events, language)
        for family in state.favourites:
            assert not any(f"favourite {t(f'akelarre.suit.{family}', language)}" in line for line in lines)
        for seat in range(players):
            _, embed, view = rendered_panel(state, seat, language)
            _, twin_embed, twin_view = rendered_panel(twin(state, seat), seat, language)
            assert everything(embed, view) == everything(twin_embed, twin_view), (step.index, seat)
            for control in controls(view):
                cid = control["custom_id"]
                assert not any(f in cid for f in FAMILIES) and len(cid) <= 100
            # The seat's own favourite is in its own panel, from the first step on.
            own = t(
                "akelarre.ui.favourite_text",
                language,
                suit=t(f"akelarre.suit.{state.favourites[seat]}", language),
            )
            assert own in str(embed.to_dict())


def reachable(state: AkelarreState, seat: int, language: str) -> set[int]:
    """Every legal-action index some control of the panel leads to (drafts included)."""
    ctx, _embed, view = rendered_panel(state, seat, language)
    legal = ctx.legal or []
    found: set[int] = set()

    def collect(view: Any) -> None:
        for c in controls(view):
            payload = c["custom_id"].split(":", 4)[-1]
            if c["type"] == 2 and payload.startswith("L.") and not c.get("disabled"):
                found.add(int(payload[2:]))
            elif c["type"] == 2 and payload.startswith("dn."):  # Done, then the draw
                found.add(next(i for i, a in enumerate(legal) if a["kind"] == "done"))
            elif c["type"] == 2 and payload.startswith("dr."):  # the draw (then Phase C's answer)
                source = "deck" if payload == "dr.d" else FAMILIES[int(payload[3:])]
                found.add(next(i for i, a in enumerate(legal) if a.get("source") == source))
            elif c["type"] == 3 and payload in ("L", "tk", "dc", "wm"):
                found.update(int(o["value"]) for o in c["options"])

    collect(view)
    for action in legal:
        if action["kind"] in ("open", "add") and action["cards"]:
            _, _, picked = rendered_panel(state, seat, language, {"cards": action["cards"]})
            collect(picked)
        elif action["kind"] == "pay":
            _, _, picked = rendered_panel(state, seat, language, {"family": family_of(action["card"])})
            collect(picked)
    return found


@pytest.mark.parametrize(("players", "teams"), games())
def test_the_panel_reaches_every_legal_action(players: int, teams: bool) -> None:
    checked = 0
    for step in steps_of(players, teams):
        if step.decision is None:
            continue
        state = step.state
        assert isinstance(state, AkelarreState)
        seat = step.decision.actors[0]
        legal = GAME.legal_actions(state, seat) or []
        assert reachable(state, seat, "en") == set(range(len(legal))), (step.index, step.decision.kind)
        checked += len(legal)
    assert checked > 200


def test_the_owner_sees_the_five_cards_and_every_pair() -> None:
    for players, options in SETUPS:
        step = next(
            s
            for s in steps_of(players, bool(options))
            if s.decision and s.decision.kind == "akelarre.payment"
        )
        state = step.state
        assert isinstance(state, AkelarreState) and state.payment is not None
        owner = state.payment.owner
        for language in LANGUAGES:
            _, embed, view = rendered_panel(state, owner, language)
            assert not (embed.description or "").startswith(t("akelarre.ui.waiting", language, status="")[:5])
            text = embed.description or ""
            for card in state.payment.cards:
                assert t(f"akelarre.card.{card}", language) in text
            selects = [c for c in controls(view) if c["type"] == 3]
            assert len(selects) == 1 and len(selects[0]["options"]) == 10
            labels = [o["label"] for o in selects[0]["options"]]
            assert len(set(labels)) == 10
        # Everyone else only waits.
        payer = state.payment.payer
        _, embed, view = rendered_panel(state, payer, "en")
        assert [c for c in controls(view) if c["type"] == 3] == []


def test_the_final_record_for_teams_and_draws() -> None:
    table = table_for(4, "en", {"teams": True})
    favourites = list(FAMILIES[:4])
    # Team A (seats 1, 3): 20 + 8 bonus + 2; team B: 10 + 20. A draw at 30.
    points = [["F5a", "F5b", "F5c", "F4a", "G2a"], ["G5a", "G5b"], ["D2a"], ["N6a", "N6b", "N3a", "N5a"]]
    outcome = rank(scores_of(points, favourites, True), True)
    headline = PRESENTER.final_headline(table, outcome, "en")
    for seat in range(4):
        assert seat_name(table, seat) in headline
    assert "draw" in headline
    standing = next(s for s in outcome.standings if s.seat == 0)
    text = PRESENTER.score_text(table, standing, "en")
    total = standing.details["total"]
    assert f"for team A · own score {total} points · favourite 🧚 Fairies" in text
    assert "4 favourite cards = 19, 1 other card = 1, +8 for the most cards · 5 cards captured" in text
    # Free-for-all, one winner.
    outcome = rank(scores_of(points, favourites, False), False)
    assert PRESENTER.final_headline(table, outcome, "en") == "🏆 **Alice** wins with 28 points!"


def test_a_move_on_ones_own_place_names_the_player_once() -> None:
    """``added_own``: "Dario adds … on their own meeting place 1", never
    "Dario adds … on Dario's meeting place 1" (bot.render.event_key)."""
    from bot.model import Seat, TableInfo
    from bot.render import event_text
    from games.core import Event

    table = TableInfo(
        host_id=1, language="en", speed="live", max_seats=2, seats=[Seat(name="Dario"), Seat(name="Elena")]
    )
    params = {"seat": 0, "place": "P1-1", "place_number": 1, "cards_list": [], "group_cards_list": []}
    own = Event(key="akelarre.event.added", params={**params, "owner_seat": 0})
    other = Event(key="akelarre.event.added", params={**params, "owner_seat": 1})
    for language, mine, theirs in (
        ("en", "their own meeting place 1", "**Elena**'s meeting place 1"),
        ("it", "sul proprio luogo d'incontro 1", "luogo d'incontro 1 di **Elena**"),
    ):
        assert mine in event_text("akelarre", table, own, language)
        assert event_text("akelarre", table, own, language).count("**Dario**") == 1
        assert theirs in event_text("akelarre", table, other, language)


def test_a_discard_pile_is_named_with_its_article() -> None:
    """``{suit_of}`` (bot.render.SUIT_FORMS): "dalla pila degli scarti dei 🌳 Druidi"."""
    from bot.model import Seat, TableInfo
    from bot.render import event_text
    from games.core import Event

    table = TableInfo(host_id=1, language="it", speed="live", max_seats=2, seats=[Seat(name="Dario")] * 2)
    drew = Event(
        key="akelarre.event.drew_pile",
        params={"seat": 0, "suit": "druids", "cards_list": ["D2a"], "count": 1},
    )
    assert "dalla pila degli scarti dei 🌳 Druidi" in event_text("akelarre", table, drew, "it")
    assert "from the discard pile of the 🌳 Druids" in event_text("akelarre", table, drew, "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_names_the_cards_a_hand_took_face_up(language: str) -> None:
    """AK-8.6: cards drawn from a discard pile are public until they leave the hand;
    the board lists them by the player, and no other card of that hand."""
    checked = 0
    for step in steps_of(4, True):
        state = step.state
        assert isinstance(state, AkelarreState)
        if not any(state.shown_in_hand(seat) for seat in range(state.players)) or checked >= 5:
            continue
        table = table_for(4, language, {"teams": True})
        embed = PRESENTER.board_embed(table, GAME.view(state, None), step.decision, language)
        players = "\n".join(
            f["value"]
            for f in embed.to_dict()["fields"]
            if f["name"].startswith(t("akelarre.ui.players", language))
        )
        lines = players.split("\n")
        for seat in range(4):
            [line] = [ln for ln in lines if seat_name(table, seat) in ln]
            shown = state.shown_in_hand(seat)
            names = {t(f"akelarre.card.{card}", language) for card in shown}
            known = t("akelarre.ui.known_in_hand", language, cards="").split(":")[0]
            assert (known in line) == bool(shown) and all(name in line for name in names)
            for card in state.hands[seat]:  # no other card of the hand, whatever its name
                name = t(f"akelarre.card.{card}", language)
                assert name in names or name not in line, (card, line)
        checked += 1
    assert checked == 5
