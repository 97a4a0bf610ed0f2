"""The Activity's preview command: on a checkout where the page is not
built, it names the missing build instead of timing out with a traceback."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import cogs.activity.server as served
from bot.i18n import has
from tests.activity import preview

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures


def test_the_preview_names_the_missing_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's folder as a fresh clone has it: everything but the SDK that npm fetches.
    static = tmp_path / "static"
    shutil.copytree(served.STATIC, static, ignore=shutil.ignore_patterns("sdk"))
    monkeypatch.setattr(served, "STATIC", static)
    monkeypatch.setattr(served, "SDK", static / "sdk" / "index.mjs")
    monkeypatch.setattr(sys, "argv", ["preview", "--out", str(tmp_path / "out"), "--game", "akelarre"])
    with pytest.raises(SystemExit) as stopped:
        preview.main()
    assert "scripts/build-activity" in str(stopped.value.code)
    assert not (tmp_path / "out").exists()  # stopped before anything was made


def test_the_preview_knows_every_kind_of_decision_from_the_game_s_words() -> None:
    """The deals go on until the member has faced each kind the game's words name: the
    engine's decisions, found with no list of them (a decision without words fails its
    game's catalog tests)."""
    assert preview.PAGES
    for game in preview.PAGES:
        kinds = preview.decisions(game)
        assert kinds, game
        assert all("." not in kind and has(f"{game}.decision.{kind}") for kind in kinds), kinds
