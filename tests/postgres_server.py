"""A throwaway PostgreSQL server for the tests and the bench.

``initdb`` into a temporary directory, ``pg_ctl start`` on a free loopback
port, a fresh database per test, everything deleted at the end. PostgreSQL
refuses to run as root, so as root the server runs as the ``postgres`` user
that Debian's package creates. The binaries are looked up on PATH, then where
Debian installs them (``/usr/lib/postgresql/<version>/bin``). The tests' settings
trade durability for speed (``fsync=off``): the data dies with the test run. The
bench passes other ``options`` (PostgreSQL's defaults), so that its commits wait
for the disk as a deployment's do.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import asyncpg

# The tests' server: commits never wait for the disk (see the module's docstring).
SERVER_OPTIONS = (
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    " -c max_connections=300 -c shared_buffers=64MB"
)


def find_bindir() -> Path | None:
    """The directory of ``pg_ctl`` and ``initdb``, or None without PostgreSQL."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    def __init__(self, bindir: Path, options: str = SERVER_OPTIONS) -> None:
        self.bindir = bindir
        self.options = options  # ``-c name=value`` settings for ``postgres``
        self.root = Path(tempfile.mkdtemp(prefix="gamemaster-pg-"))
        self.port = _free_port()
        self._names = itertools.count(1)
        self._template: str | None = None  # the migrated template, made at its first use
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb and postgres refuse root
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @classmethod
    def available(cls) -> str | None:
        """Why a server cannot be started here, or None when it can."""
        if find_bindir() is None:
            return "PostgreSQL's binaries (pg_ctl, initdb) are not installed"
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                return "running as root and there is no 'postgres' user to run the server as"
        return None

    def _run(self, *args: str) -> None:
        env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "HOME": str(self.root)}
        subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            check=True,
            capture_output=True,
            cwd=self.root,
            env=env,
            **self._as,
        )

    def start(self) -> PostgresServer:
        data = self.root / "data"
        self._run("initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
        log = str(self.root / "server.log")
        # The port was free when picked, but another process (another pytest-xdist worker
        # starting its own server) may bind it first: then try a new one.
        for attempt in range(3):
            options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 {self.options}"
            try:
                self._run("pg_ctl", "-D", str(data), "-o", options, "-l", log, "-w", "start")
                break
            except subprocess.CalledProcessError:
                if attempt == 2:
                    raise
                self.port = _free_port()
                self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        return self

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, FileNotFoundError):
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    async def new_database(self) -> str:
        """The URL of a new, empty database."""
        return await self._copy("template0")

    async def migrated_database(self) -> str:
        """The URL of a new database that holds the store's schema and no rows.

        A copy of a template that the store itself migrated once, from empty, on
        this server: what every ``new_database`` would hold after the store's
        first open, without running the migrations again for each test (some
        0.3 s of the server's work each). Tests of the migrations themselves
        start from ``new_database``."""
        if self._template is None:
            self._template = await self._migrated_template()
        return await self._copy(self._template)

    async def _migrated_template(self) -> str:
        from bot.store.postgres import PostgresStore

        url = await self.new_database()
        store = PostgresStore(url, pool_size=1)
        try:
            await store.open()
        finally:
            await store.close()
        name = url.rsplit("/", 1)[1]
        connection = await asyncpg.connect(self.url)
        try:  # no one may connect to it: a copy's source must have no sessions
            await connection.execute(f'ALTER DATABASE "{name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false')
        finally:
            await connection.close()
        return name

    async def _copy(self, template: str) -> str:
        name = f"gm_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url)
        try:
            # FILE_COPY copies the template's files where PostgreSQL 15's default
            # (WAL_LOG) writes each of its pages to the WAL: 23 against 82 ms a
            # database for template0 (fsync off, as here).
            strategy = " STRATEGY FILE_COPY" if connection.get_server_version().major >= 15 else ""
            await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"{strategy}')
        finally:
            await connection.close()
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    async def drop_database(self, url: str) -> None:
        """Drop a database ``new_database`` made, closing whatever is still connected."""
        name = url.rsplit("/", 1)[1]
        with contextlib.suppress(OSError, asyncpg.PostgresError):
            connection = await asyncpg.connect(self.url)
            try:
                await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await connection.close()
