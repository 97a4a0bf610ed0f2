"""The docs stay where their readers look: a short README, links that lead to files of
the project, and every setting documented where an admin reads the settings."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
README_LINES = 170  # what it is, the games, the two commands, links; the rest lives in docs/
LINK = re.compile(r"\]\(([^)\s]+)\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto: ...


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines: move detail into docs/"


def test_every_relative_link_leads_to_a_file_of_the_project() -> None:
    broken = []
    for document in documents():
        for target in LINK.findall(document.read_text()):
            if EXTERNAL.match(target) or target.startswith("#"):
                continue
            path = (document.parent / target.split("#", 1)[0]).resolve()
            if not path.is_relative_to(ROOT) or not path.exists():
                broken.append(f"{document.relative_to(ROOT)}: {target}")
    assert not broken, broken


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, punctuation dropped,
    spaces as hyphens, a repeated one numbered (-1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    text = re.sub(r"^```.*?^```", "", document.read_text(), flags=re.M | re.S)
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def test_every_anchor_of_a_link_is_a_heading_of_its_document() -> None:
    broken = []
    for document in documents():
        for target in LINK.findall(document.read_text()):
            if EXTERNAL.match(target) or "#" not in target:
                continue
            path, anchor = target.split("#", 1)
            linked = (document.parent / path).resolve() if path else document
            if linked.suffix == ".md" and linked.is_file() and anchor not in anchors(linked):
                broken.append(f"{document.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_the_readme_runs_the_bot_and_the_tests_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "DISCORD_TOKEN=your-bot-token scripts/run-bot" in readme
    assert "\nbash scripts/test " in readme  # the test command, in the quick start's block
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("bash scripts/test")


def test_every_setting_is_in_the_hosting_guide_and_env_example() -> None:
    table = (ROOT / "docs" / "hosting.md").read_text().split("## Settings", 1)[1].split("\n## ", 1)[0]
    rows = "\n".join(line for line in table.splitlines() if line.startswith("| `"))
    example = (ROOT / ".env.example").read_text()
    for name in Settings.model_fields:
        assert f"`{name.upper()}`" in rows, f"{name.upper()} is missing from docs/hosting.md's settings table"
        assert re.search(rf"^{name.upper()}=", example, re.M), f"{name.upper()} is missing from .env.example"


def test_help_names_a_players_guide_that_exists() -> None:
    """Without DOCS_URL, /help names the file by its path in the project."""
    page = Settings(discord_token="t", docs_url="").docs_page("playing.md")  # type: ignore[arg-type]
    assert (ROOT / page).is_file()


def test_decisions_are_numbered_and_dated_in_order() -> None:
    """docs/decisions.md: D1, D2, ... in the order taken, each dated; a branch's new
    entries may say D? at the end until the integrator numbers them."""
    text = (ROOT / "docs" / "decisions.md").read_text().split("\n## The decisions\n", 1)[1]
    headings = re.findall(r"^### (.*)$", text, re.M)
    numbered = []
    for heading in headings:
        found = re.fullmatch(r"D(\d+|\?) · (\d{4}-\d{2}-\d{2}) · [^·]+ · .+", heading)
        assert found, f"a decision's heading is 'D<n> · <date> · <area> · <what>': {heading}"
        numbered.append((found.group(1), found.group(2)))
    numbers = [n for n, _ in numbered if n != "?"]
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)], "numbered D1, D2, ... in order"
    later = [n for n, _ in numbered[len(numbers) :]]
    assert later == ["?"] * len(later), "D? only at the end"
    dates = [date for _, date in numbered]
    assert dates == sorted(dates), "decisions are numbered in the order of their dates"
