"""The preview's further deals (``python -m tests.activity.preview ... --deals N``): a deal
after the first, at the same table, opens its lobby again, the page follows it there and
saves it, and the decisions of that deal are saved as they are first faced. One game (Mag
Mor's deal is the shortest), one language, one size: the path, not the pictures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser

from bot.client import GameMasterBot
from tests.activity import preview
from tests.activity.browser.pages import PIP, TablePage

GAME = "magmor"


async def test_a_further_deal_opens_its_lobby_and_saves_its_decisions(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[list[Path]] = []
    play = preview._play

    async def each_deal(
        bot: GameMasterBot, engine: Any, pages: dict[str, TablePage], out: Path, language: str, seen: set[str]
    ) -> list[Path]:
        # The first deal is played as if every kind had been faced already (nothing saved, and
        # the preview goes on): whatever is saved of a decision is the further deal's.
        saved = await play(bot, engine, pages, out, language, seen if played else preview.decisions(GAME))
        played.append(saved)
        return saved

    monkeypatch.setattr(preview, "_play", each_deal)
    saved = await preview.preview(GAME, "en", tmp_path, 1, browser, deals=2, sizes={"pip": PIP})

    assert len(played) == 2 and played[0] == []  # a further deal was played
    names = [path.name for path in saved]
    assert names[:2] == ["00-lobby-pip-en.png", "00-lobby2-pip-en.png"]  # its lobby, shown in the page
    assert names[-1] == "99-final-pip-en.png"
    faced = [name.split("-")[1] for name in names[2:-1]]
    assert faced and set(faced) <= preview.decisions(GAME), names  # its decisions, once each
    assert len(set(faced)) == len(faced) and saved[2:-1] == played[1], names
    assert all(path.stat().st_size > 0 for path in saved)
    assert sorted(tmp_path.iterdir()) == sorted(saved)  # and nothing else, at no other size
