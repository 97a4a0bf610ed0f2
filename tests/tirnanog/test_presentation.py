"""What Tir Nan Og players read and click: the payment picker offers exactly the
legal payments, reserve lines say what a hand still lacks, the discard picker
asks for exactly the cards to go, and a dispute shows hands only at the reveal."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from bot.model import Seat, TableInfo
from cogs.kit.pictures import bare, drawable
from cogs.kit.presenter import PanelContext
from cogs.tirnanog import PRESENTER
from cogs.tirnanog.panel import lacking
from cogs.tirnanog.words import creatures
from games.tirnanog import GAME, TirNanOgState
from games.tirnanog.data import CARDS, SPECIES, TERRITORIES, type_of
from games.tirnanog.payment import affordable
from tests.tirnanog.tirnanog_helpers import Creatures
from tools.preview import controls, embed_text, playthrough, public_lines

NAMES = ["Ada", "Ben", "Cleo"]


def table(language: str = "en") -> TableInfo:
    return TableInfo(
        host_id=1,
        language=language,
        speed="live",
        max_seats=3,
        seats=[Seat(user_id=i + 1, name=n) for i, n in enumerate(NAMES)],
    )


def context(state: TirNanOgState, seat: int, draft: dict[str, Any] | None = None) -> PanelContext:
    decision = GAME.decision(state)
    legal = None
    if decision is not None and seat in decision.actors:
        legal = [a.model_dump(mode="json") for a in GAME.legal_actions(state, seat) or []]
    return PanelContext(
        channel_id=1,
        version=1,
        table=table(),
        seat=seat,
        view=GAME.view(state, seat),
        decision=decision,
        draft=draft,
        language="en",
        legal=legal,
    )


def select(view: Any, payload: str) -> dict[str, Any] | None:
    return next((c for c in controls(view) if c.get("custom_id", "").endswith(f":s:{payload}")), None)


def rigged(hand: str, reserve: list[str]) -> TirNanOgState:
    """The first player's turn with this hand (spec codes) and reserve."""
    state = GAME.new_game(3, 1)
    seat = state.active
    pool = Creatures()
    for other in range(3):
        pool.take("".join("DEFGC"[i % 5] for i in range(len(state.hands[other]))))
    state.hands[seat] = pool.take(hand)
    state.reserves[seat] = list(reserve)
    return state


def test_the_payment_picker_offers_exactly_the_legal_payments() -> None:
    # A castle (dragon, dragon, elf, ?) and a river (dragon, elf, elf, ?) in reserve.
    state = rigged("DDEEEG", ["castle_02", "river_01"])
    seat = state.active
    ctx = context(state, seat)
    _, view = PRESENTER.panel(ctx)
    territories = select(view, "c")
    assert territories is not None
    assert [o["value"] for o in territories["options"]] == ["castle_02", "river_01"]
    assert select(view, "LC") is None  # two payable territories: pick one first
    for card in ("castle_02", "river_01"):
        click = PRESENTER.click(ctx, "c", [card])
        assert click.draft == {"c": card}
        _, view = PRESENTER.panel(context(state, seat, click.draft))
        pay = select(view, "LC")
        assert pay is not None
        legal = ctx.legal or []
        expected = [
            str(i) for i, a in enumerate(legal) if a["kind"] == "consolidate" and a["territory"] == card
        ]
        assert [o["value"] for o in pay["options"]] == expected
        labels = [o["label"] for o in pay["options"]]
        assert len(set(labels)) == len(labels) and all(x.startswith("Pay ") for x in labels)
        # Each option is the action it says.
        for option in pay["options"]:
            action = PRESENTER.click(ctx, "LC", [option["value"]]).action
            assert action is not None and action["territory"] == card
            assert (
                creatures({s: action["payment"].count(s) for s in SPECIES}, "en", sep=" + ")
                in option["label"]
            )


def test_reserve_lines_say_what_the_hand_lacks() -> None:
    state = rigged("DF", ["castle_02"])
    embed, _ = PRESENTER.panel(context(state, state.active))
    text = embed_text(embed)
    # castle_02 needs dragon, dragon, elf and one more: the fairy pays the "?", a dragon and an elf lack.
    assert (
        "🏰 Castle (dragon, dragon, elf, ?): needs 2 🐉 + 1 🧝 + 1 ❓ (4 creatures) · you lack 1 🐉 + 1 🧝"
        in text
    )
    assert "~~Consolidate~~" in text


@pytest.mark.parametrize("discount", [False, True])
def test_lacking_agrees_with_the_rules(discount: bool) -> None:
    """Nothing lacking exactly when the engine says the card can be paid."""
    for card in TERRITORIES:
        for counts in product(range(3), repeat=5):
            hand = dict(zip(SPECIES, counts, strict=True))
            missing, anys = lacking(card, hand, discount)
            assert (sum(missing.values()) + anys == 0) == affordable(card, hand, discount), (card, hand)


def test_unavailable_piles_say_why() -> None:
    # A castle (value 3) and a volcano (1) in reserve: a river (4) would bring it to 8,
    # and a visible castle bars the castle pile.
    state = rigged("DE", ["castle_02", "volcano_01"])
    embed, view = PRESENTER.panel(context(state, state.active))
    text = embed_text(embed)
    assert "🏰 Castle, you already have a visible one" in text
    assert "🌊 River, your reserve would reach value 8 (limit 7)" in text
    piles = select(view, "LB")
    assert piles is not None
    offered = [o["label"] for o in piles["options"]]
    assert all("Castle" not in x and "River" not in x for x in offered)
    assert any(x.startswith("🛕 Temple") and x.endswith("→ reserve value 7/7") for x in offered), offered
    # A full reserve says so once.
    state = rigged("DE", ["castle_02", "river_01"])
    text = embed_text(PRESENTER.panel(context(state, state.active))[0])
    assert "~~Take a territory~~" in text and "Your reserve is full (value 7 of 7)" in text


def test_the_discard_picker_asks_for_exactly_the_cards_to_go() -> None:
    state = rigged("DDDDEGGF", [])
    seat = state.active
    state.phase = "hand_limit"
    state.hand_limit_discard = 2
    ctx = context(state, seat)
    embed, view = PRESENTER.panel(ctx)
    picker = select(view, "d")
    assert picker is not None and picker["min_values"] == picker["max_values"] == 2
    values = [o["value"] for o in picker["options"]]
    # Alike cards: no more of a species than could go.
    assert values == ["dragon.0", "dragon.1", "elf.0", "fairy.0", "griffin.0", "griffin.1"]
    labels = [o["label"] for o in picker["options"]]
    assert len(set(labels)) == len(labels)
    click = PRESENTER.click(ctx, "d", ["griffin.1", "dragon.0"])
    assert click.action == {"kind": "discard", "species": ["dragon", "griffin"]}
    after, _ = GAME.play(state, seat, GAME.parse_action(click.action))
    assert len(after.hands[seat]) == 6
    assert "discard **2 cards**" in embed_text(embed)


def first_dispute(seed: int) -> tuple[list[Any], int, int]:
    """A game's steps, the step that revealed the first fountain someone took part
    in, and the step of its reveal."""
    steps = playthrough(GAME, 3, seed)
    start = 0
    for step in steps:
        keys = {e.key for e in step.events}
        if "tirnanog.event.fountain_revealed" in keys:
            start = step.index
        if "tirnanog.event.dispute_revealed" in keys:
            return steps, start, step.index
    raise AssertionError("no dispute with participants in this game")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_dispute_shows_hands_only_at_the_reveal(seed: int) -> None:
    steps, start, end = first_dispute(seed)
    info = table()
    # Before the reveal: the board lists declarations, never a hand; no public line shows one.
    for step in steps[start:end]:
        state = step.state
        board = embed_text(PRESENTER.board_embed(info, GAME.view(state, None), step.decision, "en"))
        assert "Magic fountain dispute" in board and "declaring now" in board
        for seat in range(3):
            hand = creatures(state.hand_counts(seat), "en")
            if sum(state.hand_counts(seat).values()) > 1:
                assert hand not in board
        for line in public_lines("tirnanog", info, step.events, "en"):
            assert "in hand →" not in line
    # The reveal: one block of lines, every participant's hand in it.
    before = steps[end - 1].state
    lines = public_lines("tirnanog", info, steps[end].events, "en")
    revealed = [e for e in steps[end].events if e.key == "tirnanog.event.dispute_revealed"]
    for hand in revealed[0].params["hands"]:
        seat = hand["seat"]
        line = next(x for x in lines if x.startswith(f"• **{NAMES[seat]}**:"))
        if before.hands[seat]:
            assert creatures(before.hand_counts(seat), "en") in line


@pytest.mark.pictures  # reads the real pictures
def test_the_picture_is_drawn_with_letters_the_font_has() -> None:
    # How long it takes is the machine's as much as the code's: python -m bench.picture_speed.
    steps = playthrough(GAME, 4, 1)
    view = GAME.view(steps[len(steps) // 2].state, None)
    for language in ("en", "it"):
        png = PRESENTER.board_image(view, language)
        assert png is not None and png.startswith(b"\x89PNG")
    # The picture's font (DejaVu Sans Condensed) has accented letters, but almost no emoji.
    from bot.i18n import catalog

    for language in ("en", "it"):
        texts = catalog(language)
        drawn = [v for k, v in texts.items() if k.startswith("tirnanog.ui.picture.")]
        drawn += [bare(texts[f"tirnanog.resource.{s}"]) for s in SPECIES]
        drawn += [bare(texts[f"tirnanog.terrain.{type_of(c)}"]) for c in CARDS]
        for text in drawn:
            assert all(drawable(ch) for ch in text), text
