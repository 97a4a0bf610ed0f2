"""discord.py cogs: slash commands, buttons and selects. Thin: the work is in bot/."""
