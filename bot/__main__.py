"""``python -m bot``: run the game master."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError
from pydantic_core import ErrorDetails


def _problem(error: ErrorDetails) -> str:
    """One invalid setting, by name, with the reason. Pydantic's messages state
    the rule, never the value (which may be a secret); ours do the same."""
    name = str(error["loc"][0]).upper() if error["loc"] else "settings"
    reason = error["msg"].removeprefix("Value error, ")
    return reason if reason.startswith(name) else f"{name}: {reason}"


def main() -> int:
    from bot.settings import Settings

    try:
        settings = Settings()  # the token comes from the environment
    except ValidationError as error:
        missing = {str(e["loc"][0]).upper() for e in error.errors() if e["type"] == "missing"}
        if "DISCORD_TOKEN" in missing:
            print(
                "error: DISCORD_TOKEN is not set; put it in the environment or in .env "
                "(copy .env.example to .env and fill it in).",
                file=sys.stderr,
            )
        else:
            problems = "; ".join(_problem(e) for e in error.errors())
            print(f"error: invalid setting(s): {problems} (see .env.example).", file=sys.stderr)
        return 2
    if not settings.discord_token.get_secret_value().strip():
        print("error: DISCORD_TOKEN is empty; see .env.example.", file=sys.stderr)
        return 2

    from bot.client import GameMasterBot
    from bot.logs import secrets_of, setup_logging

    setup_logging(settings.log_level, secrets_of(settings))
    bot = GameMasterBot(settings, own_process=True)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except KeyboardInterrupt:
        pass
    except Exception as error:  # a bad token or no network: one clear line, no secret
        logging.getLogger("gamemaster").error("the bot stopped: %s", type(error).__name__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
