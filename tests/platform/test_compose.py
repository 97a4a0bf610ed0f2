"""docker-compose.yml's shape: PostgreSQL with a volume and a healthcheck, two
bot processes from the Dockerfile, one per shard of two, waiting for it, both
serving the Activity, and Caddy in front of them as its one public name (the
Caddyfile beside it).

No Docker engine runs where the suite runs, so the file is only read here; and
PyYAML is no dependency, so it is read as text, one block per service (enough
for this file's plain layout), and parsed as YAML only where PyYAML exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = (ROOT / "docker-compose.yml").read_text()


def blocks(text: str, section: str) -> dict[str, str]:
    """The entries of a top-level section (``services:``), each with its lines."""
    body = re.search(rf"^{section}:\n(.*?)(?=^\S|\Z)", text, re.S | re.M)
    assert body is not None, section
    found: dict[str, str] = {}
    name = ""
    for line in body.group(1).splitlines():
        head = re.match(r"^  ([\w-]+):\s*$", line)
        if head:
            name = head.group(1)
            found[name] = ""
        elif name and not line.lstrip().startswith("#"):
            found[name] += line + "\n"
    return found


def test_postgres_has_a_volume_and_a_healthcheck() -> None:
    services = blocks(COMPOSE, "services")
    assert set(services) == {"postgres", "bot-0", "bot-1", "caddy"}
    postgres = services["postgres"]
    assert re.search(r"^    image: postgres:15\s*$", postgres, re.M)
    assert "postgres-data:/var/lib/postgresql/data" in postgres
    assert "postgres-data" in blocks(COMPOSE, "volumes")
    assert "healthcheck:" in postgres and "pg_isready" in postgres
    assert "${POSTGRES_PASSWORD:?" in postgres  # no default password in the file
    assert "ports:" not in postgres  # reached by the bots only


@pytest.mark.parametrize("shard", [0, 1])
def test_each_bot_runs_one_shard_of_two_on_postgres(shard: int) -> None:
    bot = blocks(COMPOSE, "services")[f"bot-{shard}"]
    assert re.search(r"^    build: \.\s*$", bot, re.M)  # the Dockerfile
    assert re.search(r"depends_on:\n\s+postgres:\n\s+condition: service_healthy", bot)
    assert re.search(r'SHARD_COUNT: "2"', bot) and re.search(rf'SHARD_IDS: "{shard}"', bot)
    url = re.search(r"DATABASE_URL: (\S+)", bot)
    assert url is not None and url.group(1).startswith("postgresql://gamemaster:")
    assert url.group(1).endswith("@postgres:5432/gamemaster")
    assert "DISCORD_TOKEN: ${DISCORD_TOKEN:?" in bot  # from the environment or .env, never the file


@pytest.mark.parametrize("shard", [0, 1])
def test_each_bot_serves_the_activity_behind_the_proxy_only(shard: int) -> None:
    """Every process serves every server's tables, on the project's network."""
    bot = blocks(COMPOSE, "services")[f"bot-{shard}"]
    assert re.search(r'ACTIVITY_PORT: "8080"', bot) and re.search(r"ACTIVITY_HOST: 0\.0\.0\.0", bot)
    for name in ("DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"):
        assert f"{name}: ${{{name}:?" in bot  # from .env, never the file
    assert "ports:" not in bot  # reached through Caddy only


def test_caddy_is_the_one_public_name_in_front_of_both_bots() -> None:
    services = blocks(COMPOSE, "services")
    caddy = services["caddy"]
    assert re.search(r"^    image: caddy:2\s*$", caddy, re.M)
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in caddy and "caddy-data:/data" in caddy
    assert "caddy-data" in blocks(COMPOSE, "volumes")  # its certificates survive a restart
    assert '"443:443"' in caddy and "ACTIVITY_DOMAIN: ${ACTIVITY_DOMAIN:?" in caddy
    assert [name for name, block in services.items() if "ports:" in block] == ["caddy"]
    caddyfile = (ROOT / "Caddyfile").read_text()
    lines = [line.split("#")[0].strip() for line in caddyfile.splitlines()]
    assert "{$ACTIVITY_DOMAIN} {" in lines
    assert "reverse_proxy bot-0:8080 bot-1:8080 {" in lines  # both processes, WebSockets passed through
    directives = {line.split()[0]: line.split()[1:] for line in lines if line}
    assert directives["health_uri"] == ["/favicon.ico"]  # active checks, on a route that answers 204
    assert directives["lb_try_duration"] and directives["fail_duration"]  # a dead process is skipped
    assert directives["lb_policy"] == ["least_conn"]
    assert caddyfile.count("{") == caddyfile.count("}")


def test_compose_file_parses_as_yaml_where_pyyaml_exists() -> None:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load(COMPOSE)
    assert data["services"]["postgres"]["image"] == "postgres:15"
    for shard in (0, 1):
        bot = data["services"][f"bot-{shard}"]
        assert bot["environment"]["SHARD_IDS"] == str(shard)
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["environment"]["ACTIVITY_PORT"] == "8080"
    assert data["services"]["caddy"]["ports"] == ["80:80", "443:443"]


def test_the_image_copies_every_package_it_installs() -> None:
    """The bots are built from the Dockerfile: it copies what ``pip install .``
    packages (asyncpg comes from pyproject's dependencies)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]]
    dockerfile = (ROOT / "Dockerfile").read_text()
    for package in packages:
        assert re.search(rf"^COPY {package} \./{package}$", dockerfile, re.M), package
    assert re.search(r"^COPY pyproject\.toml README\.md \./$", dockerfile, re.M)
    assert any(d.startswith("asyncpg") for d in project["project"]["dependencies"])
