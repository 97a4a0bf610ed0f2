"""A game from outside the bot's folders plays in the Activity: Corsa, the toy sixth game that
lives only in tests/sixth/ (tests/sixth/test_corsa.py), brings its page in its face's folder
(tests/sixth/face/page/). Registered as any game from outside is, it is played by clicking in
the page: the platform's shell, server and tests name it nowhere."""

from __future__ import annotations

from typing import Any

from cogs.kit.presenter import register
from tests.activity.browser.pages import open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.sixth.face import PRESENTER
from tests.sixth.test_corsa import corsa  # noqa: F401 (the fixture that registers Corsa)


async def test_the_toy_sixth_game_plays_in_its_own_page(corsa: None, web_rig: Rig, browser: Any) -> None:  # noqa: F811
    register(PRESENTER)  # as its face's setup does in the bot (the rig's bot loads no extension)
    folder = PRESENTER.page_folder()
    assert folder is not None and folder.parent.name == "face" and "tests" in folder.parts
    service = web_rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, "alice", PRESENTER.game_id, seats=None, speed="live", language="en"
    )
    await service.join(CHANNEL, BOB, "bob")
    await web_rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await web_rig.bot.changes.settled()
    found = await service.active(CHANNEL)
    assert found is not None
    at = found[0].version

    alice = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    bob = await open_page(
        browser, web_rig.base, user=BOB, code="code-bob", instance="i-table", channel=CHANNEL, locale="it-IT"
    )
    await alice.ready(at)
    await bob.ready(at)
    # Corsa's own module drew the lanes, in each member's language, "you" on their own page.
    assert await alice.frame.inner_text(".corsa-lane[data-seat='0'] .corsa-name") == "you"
    assert await alice.frame.inner_text(".corsa-lane[data-seat='1'] .corsa-name") == "bob"
    assert await bob.frame.inner_text(".corsa-lane[data-seat='1'] span:last-child") == "0 su 10"
    runs = await alice.frame.locator(".corsa-run").all_inner_texts()
    assert runs == ["Run 1 step", "Run 2 steps"]
    assert await bob.frame.locator(".corsa-run").count() == 0  # not bob's turn

    await alice.frame.click(".corsa-run[data-steps='2']")
    await alice.at_version(at + 1)
    await bob.at_version(at + 1)
    row = await web_rig.bot.store.latest(CHANNEL)
    assert row is not None
    state = service.state_of(row)
    assert getattr(state, "positions", None) == [2, 0]
    assert await bob.frame.inner_text(".corsa-lane[data-seat='0'] span:last-child") == "2 su 10"
    assert await bob.frame.locator(".corsa-run").all_inner_texts() == ["Corri 1 passo", "Corri 2 passi"]
    assert alice.errors == [] and bob.errors == []
