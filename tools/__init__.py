"""Developer tools, not part of the bot: ``python -m tools.preview``."""
