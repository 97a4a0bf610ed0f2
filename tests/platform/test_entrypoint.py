"""``python -m bot`` without a token: exit status 2, one clear line, no traceback."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a .env here may hold a real token")
def test_run_bot_a_second_time_prints_only_the_token_line() -> None:
    """scripts/run-bot installs only when the venv is new or pyproject.toml changed
    (the first run here may install); then a start without a token is one line."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    script = str(ROOT / "scripts" / "run-bot")
    subprocess.run(["bash", script], env=env, capture_output=True, text=True, timeout=600, check=False)
    done = subprocess.run(["bash", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0], done.stderr


def test_the_bot_says_nothing_of_voice(caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    """The bot never joins voice: no warning about PyNaCl or davey at start."""
    from bot.client import GameMasterBot
    from bot.settings import Settings

    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as on a fresh import
    with caplog.at_level(logging.WARNING):
        GameMasterBot(Settings(discord_token="x", database_path=tmp_path / "gamemaster.db"))
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
