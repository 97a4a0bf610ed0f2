"""The Discord client: wires settings, store, table service, cogs and the scheduler."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.changes import Changes
from bot.extensions import extensions
from bot.i18n import CatalogTranslator, t
from bot.memory import freeze_startup
from bot.replies import answer_error
from bot.settings import Settings
from bot.shards import EVERY_SHARD, Shards
from bot.store import make_store
from bot.table import TableService

log = logging.getLogger("gamemaster")
# Discord's PRIMARY_ENTRY_POINT command type: the Activity's "Launch" command.
ENTRY_POINT = 4
# What the bulk overwrite's request declares of a command (Discord's API spec,
# ApplicationCommandUpdateRequest): the Entry Point is sent back with these alone.
# Discord lists more (application_id, version, nsfw, guild_id) and writes a
# command's permissions as a string, where the request wants an integer.
COMMAND_UPDATE_FIELDS = (
    "id",
    "type",
    "handler",
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "options",
    "default_member_permissions",
    "dm_permission",
    "contexts",
    "integration_types",
)


def now() -> float:
    # discord.utils.utcnow is the clock SimCord virtualises in tests.
    return discord.utils.utcnow().timestamp()


def update_request(command: Mapping[str, Any]) -> dict[str, Any]:
    """A command as Discord lists it, as the bulk overwrite's request declares it:
    only the declared fields, and the permissions (a string in the list, an
    integer in the request) as an integer."""
    out = {key: command[key] for key in COMMAND_UPDATE_FIELDS if key in command}
    permissions = out.get("default_member_permissions")
    # Anything but digits is left as it was (Discord then says what is wrong):
    # never read as None, which would open the command to everyone.
    if isinstance(permissions, str) and permissions.isascii() and permissions.isdecimal():
        out["default_member_permissions"] = int(permissions)
    return out


class GameMasterTree(app_commands.CommandTree["GameMasterBot"]):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


def bot_of(interaction: discord.Interaction) -> GameMasterBot:
    """The bot behind an interaction, with its service, store and publisher."""
    return cast("GameMasterBot", interaction.client)


class GameMasterBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, own_process: bool = False) -> None:
        # ``own_process``: the process runs this bot and nothing else (python -m
        # bot), so what it built while starting lives as long as the process and
        # may be frozen out of the collector's passes (bot.memory). Tests build
        # and drop a bot each, which must stay collectable.
        self.own_process = own_process
        intents = discord.Intents.none()
        intents.guilds = True  # channel cache; no privileged intents are needed
        # Neither set: one process runs as many shards as Discord recommends.
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        # This bot never joins voice: discord.py's warnings that PyNaCl and davey
        # (voice libraries) are missing would be the first lines a new user reads.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GameMasterTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
        self.store = make_store(settings)
        self.service = TableService(self.store, settings, now)
        # What follows every committed change; the cogs that publish add their publisher.
        self.changes = Changes(self.service, lambda: self.own_shards)

    @property
    def own_shards(self) -> Shards:
        """The shards this process runs: only their guilds' deadlines and outbox
        are its to handle (the other processes' guilds are not even in its cache)."""
        ids = self.settings.shard_ids
        if ids is None:
            return EVERY_SHARD  # every shard, whatever their number: nothing to filter
        assert self.settings.shard_count is not None  # Settings require it with SHARD_IDS
        return Shards(self.settings.shard_count, tuple(ids))

    @property
    def syncs_commands(self) -> bool:
        """Whether this process owns the command tree: the one running shard 0.

        Commands are global (or one dev guild's), not per shard, so one sync
        serves every process. Letting each process sync would multiply the
        writes against Discord's daily limit on command creates, and during a
        rolling deploy a process still on the old version would push the old
        tree back over the new one. One owner, always present (shard 0 also
        receives the DMs), avoids both; the meta digest (SYNC_COMMANDS=auto)
        still skips a tree that did not change."""
        return self.settings.shard_ids is None or 0 in self.settings.shard_ids

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.changes.listen()  # other processes' changes (PostgreSQL's LISTEN)
        await self.tree.set_translator(CatalogTranslator())
        for extension in extensions():
            await self.load_extension(extension)
        await self.sync_commands()
        self.scheduler.change_interval(seconds=self.settings.scheduler_interval_seconds)
        self.scheduler.start()
        if self.own_process:
            freeze_startup()

    async def close(self) -> None:
        self.service.thinker.close()
        self.scheduler.cancel()
        self.changes.close()
        try:
            await super().close()
        finally:
            await self.store.close()

    async def command_payload(self) -> list[dict[str, object]]:
        translator = self.tree.translator
        assert translator is not None
        return [
            await command.get_translated_payload(self.tree, translator)
            for command in self.tree._get_all_commands()
        ]

    async def sync_commands(self) -> None:
        """Push the command tree only when it changed (Discord limits creates per day)."""
        mode = self.settings.sync_commands
        if mode == "never":
            return
        if not self.syncs_commands:
            log.info("commands are synced by the process running shard 0")
            return
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        tree = await self.command_payload()  # once: translating the tree is most of a start's sync
        digest = hashlib.sha256(json.dumps(tree, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.settings.dev_guild_id}"
        if mode == "auto" and await self.store.get_meta(key) == digest:
            return
        if guild is None:
            await self.sync_global_commands(tree)
        else:
            await self.tree.sync(guild=guild)  # a dev guild's list: the Entry Point is global only
        await self.store.set_meta(key, digest)
        log.info("commands synced", extra={"fields": {"guild": self.settings.dev_guild_id}})

    async def sync_global_commands(self, tree: list[dict[str, object]] | None = None) -> None:
        """The tree's global commands, and the application's Entry Point kept.

        Enabling Activities makes Discord add a global Entry Point command (type
        4, which discord.py's command types stop short of), and Discord refuses a
        bulk overwrite that leaves it out (error 50240), as ``CommandTree.sync``
        would. So the list sent is the tree's, plus every Entry Point Discord
        holds now, in the fields and types the request declares
        (:func:`update_request`, docs/decisions.md)."""
        app_id = self.application_id
        if app_id is None:
            raise app_commands.MissingApplicationID
        current = await self.http.get_global_commands(app_id)
        kept = [update_request(command) for command in current if command.get("type") == ENTRY_POINT]
        payload: list[Any] = [*(await self.command_payload() if tree is None else tree), *kept]
        try:
            await self.http.bulk_upsert_global_commands(app_id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:  # as CommandTree.sync: which command
                raise app_commands.CommandSyncFailure(error, self.tree._get_all_commands()) from None
            raise

    @tasks.loop(seconds=5)
    async def scheduler(self) -> None:
        """Deadlines are data in the store, so they survive restarts. The first
        tick runs as soon as the bot is ready: it publishes whatever a previous
        process committed but did not get to publish (the outbox)."""
        try:
            if self.settings.heartbeat_path is not None:
                self.settings.heartbeat_path.touch()
            await self.changes.tick(now())
        except Exception:
            log.exception("scheduler tick failed")

    @scheduler.before_loop
    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    def text(self, key: str, language: str, **params: object) -> str:
        return t(key, language, **params)
