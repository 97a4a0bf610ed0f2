"""The page opened outside Discord (a browser tab, a shared link): the Embedded App
SDK cannot start there (it throws "frame_id query param is not defined"), and the
page says instead that the table opens from Discord.

Nobody is signed in and no socket is open, so the words cannot come from the bot's
answers: the page carries them, every language of the catalog, and shows the
browser's (``main.mjs``, ``outside()``)."""

from __future__ import annotations

import html
from functools import cache

from bot.i18n import LANGUAGES, t


@cache
def outside_html() -> str:
    """The sentences of every language, each in its own hidden block marked with its ``lang``."""
    blocks = []
    for language in LANGUAGES:
        title = html.escape(t("activity.outside.title", language))
        # The button's name in bold, as the board shows it: the sentence cut where it goes.
        before, _, after = t("activity.outside.how", language, button="\0").partition("\0")
        button = html.escape(t("launch.button", language))
        how = f"{html.escape(before)}<b>{button}</b>{html.escape(after)}"
        blocks.append(f'<div lang="{language}" hidden><h1>{title}</h1><p>{how}</p></div>')
    return "".join(blocks)
