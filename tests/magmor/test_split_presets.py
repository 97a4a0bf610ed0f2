"""The leader's ready-made splits (games.magmor.presets) and how the panel offers them
(cogs.magmor.split, split_options): complete and legal, ranked as the normal AI
ranks splits, written to fit Discord, and forged values refused in words."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from bot.i18n import LANGUAGES, t
from bot.model import Seat, TableError
from cogs.kit.presenter import PanelContext
from cogs.magmor import PRESENTER
from cogs.panel import panel_context, render_panel
from games.magmor import GAME, MagmorState, MagmorView, strategy, validate_split
from games.magmor.presets import normal, split_presets
from tools.preview import CHANNEL, controls, table_for


@cache
def split_positions() -> list[tuple[MagmorState, MagmorView]]:
    """Every split of a few games between normal AI players, 3 to 5 of them."""
    out = []
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        state = GAME.new_game(players, seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if decision.kind == "magmor.split":
                out.append((state, view))
            state, _ = GAME.play(state, seat, GAME.ai(seat).act(view, decision))
    return out


def test_every_preset_is_a_whole_legal_split_and_the_ai_s_own_comes_first() -> None:
    seen_usual = 0
    for state, view in split_positions():
        me = view.seat
        assert me is not None
        presets = split_presets(view)
        allocations = [p.allocation for p in presets]
        assert 1 <= len(presets) <= 25
        assert len({repr(sorted(a.items())) for a in allocations}) == len(presets), "no split twice"
        for allocation in allocations:
            validate_split(state, allocation)  # every found card to exactly one player (MM-4.3.4)
        keep_all = {me: {r: n for r, n in view.taken.items() if n}}
        usual = normal(strategy.split(view).allocation)
        # Keeping everything is listed only as the usual split (issue 39): else the
        # panel's Keep everything button does it.
        assert (keep_all in allocations) == (usual == keep_all)
        others = {(me + step) % view.players for step in range(1, view.players)}
        assert {p.to for p in presets if p.kind == "all"} == others
        seen_usual += usual != keep_all
        assert presets[0].usual and presets[0].allocation == usual
        assert [p.usual for p in presets[1:]] == [False] * (len(presets) - 1)
        values = [p.value for p in presets[1:]]
        assert values == sorted(values, reverse=True), "best first, as the normal AI ranks them"
    assert seen_usual >= 3


def test_split_values_weighs_a_split_as_the_ai_s_own_plan() -> None:
    for _state, view in split_positions():
        values = strategy.values_for(view)
        cats = tuple((c.res, c.qty) for c in view.categories if c.paid_by is None)
        deals = strategy.sample_hands(view, values.hand)
        here = view.current or view.path[-1]
        plan = strategy.leader_plan(
            view, values, values.hand, dict(view.taken), cats, deals, strategy.next_hints(view, here)
        )
        assert strategy.split_values(view, [plan.allocation]) == pytest.approx([plan.value])


LONG = ["Ａ" * 32, "bartholomew-the-explorer-of-far", "c" * 32, "dorotea de la montaña del norte"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_fits_even_with_the_longest_names(language: str) -> None:
    """Discord's 100 characters: long names are shortened (…), the words never cut."""
    table = table_for(4, language)
    table = table.model_copy(update={"seats": [Seat(user_id=100 + i, name=n) for i, n in enumerate(LONG)]})
    rest = t("magmor.ui.preset_each", language, seat="")
    checked = shortened = 0
    for state, view in split_positions():
        if view.players != 4 or view.seat is None:
            continue
        ctx = panel_context(GAME, state, CHANNEL, 1, table, view.seat, None, language)
        _, panel = render_panel(PRESENTER, ctx)
        for c in controls(panel):
            for option in c.get("options", []):
                checked += 1
                assert len(option["label"]) <= 100 and len(option.get("description", "")) <= 100
                shortened += "…" in option.get("description", "")
                if option["label"].startswith(rest):  # "One card each, the rest to <name>"
                    name = option["label"].removeprefix(rest)
                    you = t("magmor.ui.you_short", language)
                    assert name in (*LONG, you) or any(n.startswith(name.removesuffix("…")) for n in LONG), (
                        name
                    )
    assert checked and shortened, "some texts needed the names shortened"


def _split_ctx(language: str) -> PanelContext:
    state, view = next((s, v) for s, v in split_positions() if v.players == 4)
    assert view.seat is not None
    return panel_context(GAME, state, CHANNEL, 1, table_for(4, language), view.seat, None, language)


@pytest.mark.parametrize(
    ("payload", "values", "key"),
    [
        ("sp.to", ["x"], "split_bad_seat"),
        ("sp.to", [], "split_bad_seat"),
        ("sp.to", ["1", "2"], "split_bad_seat"),
        ("sp.to", ["-1"], "split_bad_seat"),
        ("sp.give", ["axe+0"], "split_bad_cards"),
        ("sp.give", ["axe-1.2"], "split_bad_cards"),
        ("sp.give", [""], "split_bad_cards"),
        ("sp.pre", ["0a1/0a1"], "split_bad_preset"),
        ("sp.pre", [], "split_bad_preset"),
    ],
)
def test_forged_values_are_refused_with_a_reason(payload: str, values: list[str], key: str) -> None:
    ctx = _split_ctx("en")
    with pytest.raises(TableError) as refused:
        PRESENTER.click(ctx, payload, values)
    assert refused.value.key == f"magmor.ui.{key}"
    for language in LANGUAGES:
        assert t(refused.value.key, language, **refused.value.params)


def random_split_states(games: int) -> Iterator[tuple[MagmorState, MagmorView]]:
    """The splits of ``games`` games between normal AI players, 3 to 5 of them, on seeds
    of their own (not the ones the other tests use)."""
    for game in range(games):
        state = GAME.new_game(3 + game % 3, 5000 + game)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if decision.kind == "magmor.split":
                yield state, view
            state, _ = GAME.play(state, seat, GAME.ai(seat).act(view, decision))


def test_the_usual_split_is_always_offered_even_when_it_keeps_everything() -> None:
    """⭐ The usual split was missing wherever the AI keeps every card (72.6 % of 2,000
    split states of 200 games: the list left keeping everything to its button). It is
    now always the first option, and keeping everything is then named so."""
    kept = states = 0
    for state, view in random_split_states(12):
        states += 1
        presets = split_presets(view)
        usual = normal(strategy.split(view).allocation)
        assert presets[0].usual and presets[0].allocation == usual
        if presets[0].kind == "keep":
            kept += 1
            assert usual == {view.seat: {r: n for r, n in view.taken.items() if n}}
            if kept <= 3:  # the panel: the ⭐ option first, "The usual: Keep everything"
                assert view.seat is not None
                for language in LANGUAGES:
                    ctx = panel_context(
                        GAME, state, CHANNEL, 1, table_for(view.players, language), view.seat, None, language
                    )
                    _, panel = render_panel(PRESENTER, ctx)
                    [select] = [c for c in controls(panel) if c.get("custom_id", "").endswith(":s:sp.pre")]
                    first = select["options"][0]
                    assert first["emoji"]["name"] == "⭐"
                    keep = t("magmor.ui.preset_keep", language)
                    assert first["label"] == t("magmor.ui.preset_usual", language, split=keep)
                    PRESENTER.click(ctx, "sp.pre", [first["value"]])  # a whole, legal split
    assert states >= 100 and kept >= states // 3, (states, kept)
