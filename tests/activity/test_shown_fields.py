"""What a page is told beside the game (cogs/activity/shown.py): the decision's
deadline, whether Undo would act, the words with the names apart (plain text,
never markdown: cogs/activity/marked.py), and "you" to the one who decides."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import catalog, t
from bot.model import TableError
from bot.replies import text_name
from cogs.activity.marked import CLOSE, OPEN, parts, plain
from cogs.activity.shown import shown
from games.core import Decision, Event
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig

TRICKY = "**Al*ice`_"  # markdown inside a name: shown as typed, nothing eaten


async def table(rig: Rig, seat: int | None, language: str = "en") -> dict[str, Any]:
    at = await shown(rig.bot.service, CHANNEL)
    assert at is not None
    return at.table(seat, language)


async def two_members(rig: Rig, game: str = "akelarre", alice: str = "alice") -> None:
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, text_name(alice), game, seats=None, speed="live", language="en"
    )
    await service.join(CHANNEL, BOB, "bob")
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()


def test_the_channel_s_markdown_leaves_plain_text_and_marks() -> None:
    said = f"↩️ **{OPEN}0{CLOSE}** took back a move (see `/log`), x\\_y and **{OPEN}12{CLOSE}**."
    assert parts(said) == ["↩️ ", {"seat": 0}, " took back a move (see /log), x_y and ", {"seat": 12}, "."]
    assert plain(text_name(TRICKY)) == TRICKY  # an escaped name comes back as typed


async def test_the_deadline_is_the_table_s_while_a_member_decides(rig: Rig) -> None:
    service = rig.bot.service
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", "akelarre", seats=None, speed="live", language="en")
    await service.join(CHANNEL, BOB, "bob")
    assert (await table(rig, 0))["deadline"] is None  # the lobby: nothing is being decided
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    found = await service.active(CHANNEL)
    assert found is not None and found[0].deadline_at is not None
    for seat in (0, 1, None):  # everyone sees the same clock
        assert (await table(rig, seat))["deadline"] == found[0].deadline_at
    await rig.bot.changes.after(await service.end(CHANNEL, ALICE, may_manage=False))
    assert (await table(rig, 0))["deadline"] is None  # the game is over


async def test_undo_is_offered_exactly_when_the_service_would_take_a_move_back(rig: Rig) -> None:
    await two_members(rig)
    service, engine = rig.bot.service, GAMES["akelarre"]
    offered: set[bool] = set()
    for _ in range(80):
        found = await service.active(CHANNEL)
        assert found is not None
        row, info = found
        for seat in (0, 1):
            assert (await table(rig, seat))["undo"] is (info.undo.why_not(seat) is None)
        assert (await table(rig, None))["undo"] is False  # a member without a seat takes nothing back
        mine = [seat for seat in (0, 1) if (await table(rig, seat))["undo"]]
        offered |= {bool(mine)}
        if mine:  # offered: the service takes it back
            user = ALICE if mine[0] == 0 else BOB
            await rig.bot.changes.after(await service.undo(CHANNEL, user, version=row.version))
            after = await table(rig, mine[0])
            assert after["version"] == row.version + 1
            break
        for user in (ALICE, BOB):  # not offered: the service says no
            with pytest.raises(TableError):
                await service.undo(CHANNEL, user, version=row.version)
        state = service.state_of(row)
        decision = engine.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        action = engine.ai(seat).act(engine.view(state, seat), decision).model_dump(mode="json")
        applied = await service.act(CHANNEL, ALICE if seat == 0 else BOB, action, version=row.version)
        await rig.bot.changes.after(applied)
    assert offered == {True, False}


async def test_names_are_apart_from_the_words_and_the_actor_is_you(rig: Rig) -> None:
    await two_members(rig, "narnia", alice=TRICKY)
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    decision = GAMES["narnia"].decision(rig.bot.service.state_of(found[0]))
    assert decision is not None
    actor = decision.actors[0]
    other = 1 - actor
    kind = decision.kind.split(".")[-1]
    for language in ("en", "it"):
        mine, theirs = await table(rig, actor, language), await table(rig, other, language)
        assert mine["seats"][0]["name"] == TRICKY  # the name as typed, for the page to draw as text
        assert {"seat": actor} in theirs["prompt"] and {"seat": actor} not in mine["prompt"]
        assert mine["prompt"] == [t(f"narnia.decision_you.{kind}", language)]  # said to "you"
        for line in [*mine["lines"], *theirs["lines"]]:
            for part in line:
                assert isinstance(part, dict) or ("**" not in part and "`" not in part and "\\" not in part)
        marks = [part for line in mine["lines"] for part in line if isinstance(part, dict)]
        assert marks and all(set(m) == {"seat"} for m in marks)  # the names are marked, not written


async def test_an_event_is_said_to_its_own_actor_where_the_game_has_the_words(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``<game>.event_you.<name>``: the line to the seat its ``seat`` parameter names, on
    that seat's page only; everyone else, and the channel, keep the third person."""
    await two_members(rig, "narnia")
    at = await shown(rig.bot.service, CHANNEL)
    assert at is not None
    events = [Event.model_validate(data) for action in at.recent for data in action.events]
    # a public line with an actor
    event = next(e for e in events if e.seats is None and isinstance(e.params.get("seat"), int))
    actor = event.params["seat"]
    yours = event.key.replace(".event.", ".event_you.")
    for language, text in (("en", "YOU did it"), ("it", "L'HAI fatto")):
        monkeypatch.setitem(catalog(language), yours, text)
    for language, text in (("en", "YOU did it"), ("it", "L'HAI fatto")):
        assert [text] in (await table(rig, actor, language))["lines"]
        for seat in (1 - actor, None):
            seen = (await table(rig, seat, language))["lines"]
            assert [text] not in seen and any({"seat": actor} in line for line in seen)


async def test_a_simultaneous_decision_is_said_to_each_seat_still_to_answer(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every actor of a simultaneous decision is told it as "you", not only the first
    listed; a seat that has answered, or is not asked, is told the channel's line."""
    await two_members(rig)
    at = await shown(rig.bot.service, CHANNEL)
    assert at is not None
    game = at.row.game
    monkeypatch.setitem(catalog("en"), f"{game}.decision.both", "{seats} decide at once.")
    monkeypatch.setitem(catalog("en"), f"{game}.decision_you.both", "You decide, as the others do.")
    both = Decision(kind=f"{game}.both", seats=[0, 1], mode="simultaneous")
    for seat in (0, 1):
        assert at.prompt(both, seat, "en") == ["You decide, as the others do."]
    answered = Decision(kind=f"{game}.both", seats=[0, 1], mode="simultaneous", done=[1])
    assert at.prompt(answered, 1, "en") != ["You decide, as the others do."]
    in_turn = Decision(kind=f"{game}.both", seats=[0, 1], mode="ordered")
    assert at.prompt(in_turn, 1, "en") != ["You decide, as the others do."]
