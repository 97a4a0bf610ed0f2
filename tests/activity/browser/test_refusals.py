"""A refusal on the page: the member's own Undo with nothing to take
back (pressed as the table moved on: the page offers Undo only while it would
act) is refused by the table service, and the page says why in the member's
Discord language, changing nothing."""

from __future__ import annotations

from typing import Any

from bot.model import TableError
from bot.replies import explain
from games.registry import GAMES
from tests.activity.browser.pages import open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.factory import start_with_an_ai


def plain(text: str) -> str:
    """What the page shows of a text with ``**bold**`` (dom.mjs ``rich``)."""
    return text.replace("**", "")


async def test_a_refused_take_back_is_said_on_the_page_in_the_member_s_language(
    web_rig: Rig, browser: Any
) -> None:
    service = web_rig.bot.service
    await web_rig.bot.changes.after(await start_with_an_ai(service, CHANNEL, "akelarre"))
    await web_rig.bot.changes.settled()
    found = await service.active(CHANNEL)
    assert found is not None
    at = found[0].version
    for user, code, seat, language in ((ALICE, "code-alice", 0, "en"), (BOB, "code-bob", 1, "it")):
        why_not = found[1].undo.why_not(seat)
        assert why_not is not None  # nothing of theirs to take back yet
        page = await open_page(
            browser, web_rig.base, user=user, code=code, instance="i-table", channel=CHANNEL, locale=language
        )
        assert await page.notice() == ""
        # Undo is not offered (nothing to take back: the state says so), but one pressed as
        # the table moved on (the last state offered it) reaches the service all the same.
        assert await page.frame.is_hidden("#undo")
        await page.frame.evaluate("document.getElementById('undo').click()")
        await page.frame.wait_for_selector("#notice[data-kind=error]:not([hidden])")
        assert await page.notice() == plain(explain(TableError(why_not), language) or "")
        assert await page.version() == at
        assert await page.frame.get_attribute("#app", "data-state") == "ready"
        assert page.errors == []
    latest = await service.active(CHANNEL)
    assert latest is not None and (latest[0].version, latest[0].state) == (at, found[0].state)
    # The reason stays with the table it answered, and goes once the table moves on.
    state = service.state_of(latest[0])
    decision = GAMES["akelarre"].decision(state)
    assert state is not None and decision is not None
    actor = decision.actors[0]
    move = GAMES["akelarre"].default_action(state, actor).model_dump(mode="json")
    user = latest[1].seats[actor].user_id
    assert user is not None  # the first turn is a member's: the AI sits last
    await web_rig.bot.changes.after(await service.act(CHANNEL, user, move, version=at))
    await page.ready(at + 1)
    await page.frame.wait_for_selector("#notice", state="hidden")
