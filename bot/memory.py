"""Short garbage-collector pauses.

CPython's full collection walks every object the collector tracks, and the
event loop waits for it: its pause grows with the heap. Most of the heap is
what the bot builds while it starts (discord.py, pydantic's validators, the
command tree, the games' tables), and it lives until the bot stops; once the
bot has started, ``gc.freeze()`` moves it out of the collector's sight for
good. Measured with ``python -m bench.hard_tables`` (docs/speed.md): without it, a
full pass over a thousand tables' worth of objects stalled the loop for up to
a quarter of a second.

The price: a reference cycle made only of frozen objects is never collected.
What is frozen is built once and kept; nothing the tables do is frozen.
"""

from __future__ import annotations

import gc

from bot.i18n import warm


def freeze_startup() -> None:
    """Collect once, then leave everything alive now out of later collections (the
    words' locale data loaded first: babel would read it at the first message)."""
    warm()
    gc.collect()
    gc.freeze()
