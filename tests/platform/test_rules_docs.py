"""Every rule the bot cites is defined in its game's rules page, ``docs/rules/<id>.md``.

A refusal names a rule (``AK-5.5``), a comment a ruling (``R22``), a test a worked
example (``TV-4``): a player who looks one up must find it on the page of that game.
The rule ids' prefixes are read from the pages themselves (each page defines its
own, ``**MM-4.1.2**``), so no list of games is kept here."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SOURCES = (".py", ".toml", ".mjs")
BOLD_ID = re.compile(r"\*\*([A-Z]{2,4})-\d")
RULE_ID = re.compile(r"\b([A-Z]{2,4})-(\d+(?:\.\d+)*)\b")
RULING_ID = re.compile(r"\b(R\d+|R-[A-Z]\d+)\b")
VECTOR_ID = re.compile(r"\bTV-?0*(\d+)|\btest_tv0*(\d+)")  # "TV-4", "TV04", test_tv04_…
PAGE_VECTOR = re.compile(r"^(?:#+ |- \*\*|\*\*)TV-0*(\d+)\b", re.M)


def page(game_id: str) -> str:
    return (RULES / f"{game_id}.md").read_text(encoding="utf-8")


def prefix_of(text: str) -> str:
    """A page's rule prefix: the one most of its bold definitions carry (test
    vectors, ``**TV-1``, are fewer than the rules on every page)."""
    return Counter(m[1] for m in BOLD_ID.finditer(text) if m[1] != "TV").most_common(1)[0][0]


def defined(rule: str, text: str) -> bool:
    """``rule`` is defined in bold (``**MM-4.1.2**``, ``**R3 —``), opens a heading
    (``### AK-2 Turn structure``), is a numbered section of the page (``MM-2`` by
    ``## 2. Components``), or a section whose rules are (``MM-4.1`` by ``**MM-4.1.1**``)."""
    word = re.escape(rule) + r"(?!\d|\.\d)"
    number = rule.partition("-")[2]
    return bool(
        re.search(r"\*\*" + word, text)
        or re.search(r"^#+ " + word, text, re.M)
        or (number and re.search(r"^#+ " + re.escape(number) + r"\.? ", text, re.M))
        or re.search(r"\*\*" + re.escape(rule) + r"\.\d", text)
    )


def files(*folders: Path) -> list[Path]:
    found = (p for folder in folders for p in sorted(folder.rglob("*")))
    return [p for p in found if p.suffix in SOURCES and "sdk" not in p.parts]


def cited_rules(paths: list[Path], prefixes: set[str]) -> dict[str, set[str]]:
    """Each rule id of one of ``prefixes`` that ``paths`` cite, with the files citing it."""
    out: dict[str, set[str]] = {}
    for path in paths:
        for prefix, number in RULE_ID.findall(path.read_text(encoding="utf-8")):
            if prefix in prefixes:
                out.setdefault(f"{prefix}-{number}", set()).add(str(path.relative_to(ROOT)))
    return out


def undefined() -> list[str]:
    pages = {game_id: page(game_id) for game_id in GAMES}
    owner = {prefix_of(text): game_id for game_id, text in pages.items()}
    assert len(owner) == len(pages), "two rules pages share a prefix"
    problems: list[str] = []
    code = files(ROOT / "games", ROOT / "bot", ROOT / "cogs")
    for rule, where in sorted(cited_rules(code, set(owner)).items()):
        game_id = owner[rule.partition("-")[0]]
        if not defined(rule, pages[game_id]):
            problems.append(f"{rule} (cited in {', '.join(sorted(where))}) is not in docs/rules/{game_id}.md")
    for game_id, text in pages.items():
        own = files(ROOT / "games" / game_id, ROOT / "cogs" / game_id)
        for ruling in sorted({r for p in own for r in RULING_ID.findall(p.read_text(encoding="utf-8"))}):
            if not defined(ruling, text):
                problems.append(f"ruling {ruling} of {game_id} is not in docs/rules/{game_id}.md")
        tests = files(ROOT / "tests" / game_id)
        found = (m for p in tests for m in VECTOR_ID.findall(p.read_text(encoding="utf-8")))
        tested = {int(a or b) for a, b in found}
        shown = {int(n) for n in PAGE_VECTOR.findall(text)}
        problems += [f"TV-{n}, tested in tests/{game_id}, is not on its rules page" for n in tested - shown]
        problems += [f"TV-{n} of docs/rules/{game_id}.md is tested nowhere" for n in shown - tested]
    return problems


def test_every_game_has_its_rules_page() -> None:
    assert all((RULES / f"{game_id}.md").is_file() for game_id in GAMES)


def test_every_cited_rule_ruling_and_example_is_defined() -> None:
    assert undefined() == []


def test_the_check_tells_a_definition_from_a_mention() -> None:
    text = (
        "## 2. Parts\n### 4.1 Turn\n- **XX-4.1.2** Turn 1 skips.\n### XX-7 Scoring\n"
        "**R3 — Why.** See XX-9.1 and R4.\n### TV-2 (XX-8.1)\n"
    )
    assert prefix_of(text) == "XX"
    assert all(defined(rule, text) for rule in ("XX-4.1.2", "XX-4.1", "XX-7", "R3", "XX-2"))
    mentioned = ("XX-5", "XX-4.1.20", "XX-9.1", "R4", "R30", "XX-7.1", "XX-8.1")
    assert not any(defined(rule, text) for rule in mentioned)
    cited = cited_rules([Path(__file__)], {"XX"})
    assert "XX-9.1" in cited and "ZZ-1" not in cited_rules([Path(__file__)], {"XX"})
