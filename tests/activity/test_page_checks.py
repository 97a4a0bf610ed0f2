"""The page's checks can fail, and its generated types are up to date.

``scripts/check-page`` runs ``tsc --checkJs`` and ESLint over the page; a check that
passes everything proves nothing, so each is run here once on a page module with a
deliberate error, in a temporary folder laid out as the repository is (its config read
from web/), and must fail naming it. The types the page is checked against are generated
from the wire's models (``python -m tools.page_types``): a model changed and the types
not regenerated fails here, before the page reads a field that is no longer sent.

Node and the checkers come from scripts/build-activity (npm ci): without them these skip,
but not under REQUIRE_BROWSER=1 (CI: .ci/run installs node with chromium)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.page_types import ROOT, generated, stale

WEB = ROOT / "web"
BIN = WEB / "node_modules" / ".bin"

# A page module as a game's would be: the shell's helpers by their bare prefix, a typedef.
GOOD = """import { el } from "@gm/dom.mjs";

/** @param {{ name: string }} seat */
export function label(seat) {
  return el("span", { class: "name" }, seat.name);
}
"""
TYPE_ERROR = """import { el } from "@gm/dom.mjs";

/** @param {{ name: string }} seat */
export function label(seat) {
  /** @type {number} */
  const width = seat.name;
  return el("span", { class: "name" }, String(width));
}
"""
LINT_ERROR = """import { el } from "@gm/dom.mjs";

export function label(seat) {
  const unused = 1;
  return el("span", {}, seat.name, undefinedHelper());
}
"""


def checker(name: str) -> Path:
    """A checker installed by scripts/build-activity; a skip (a failure under REQUIRE_BROWSER) without it."""
    path = BIN / name
    if shutil.which("node") is None or not path.exists():
        reason = f"node or {name} is missing: run scripts/build-activity (npm ci in web/)"
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"REQUIRE_BROWSER is set but {reason}")
        pytest.skip(reason)
    return path


def run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def page_folder(tmp_path: Path, module: str) -> Path:
    """``module`` as a page's file, cogs/<game>/page/, beside a good one."""
    folder = tmp_path / "cogs" / "toy" / "page"
    folder.mkdir(parents=True)
    (folder / "good.mjs").write_text(GOOD)
    (folder / "page.mjs").write_text(module)
    return folder


def test_tsc_fails_on_a_type_error_in_a_page(tmp_path: Path) -> None:
    tsc = checker("tsc")
    folder = page_folder(tmp_path, TYPE_ERROR)
    # The project's settings (strict, @gm/ paths, DOM), over this folder alone.
    config = {"extends": str(WEB / "tsconfig.json"), "include": [str(folder / "*.mjs")]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    checked = run([tsc, "-p", tmp_path / "tsconfig.json"], tmp_path)
    assert checked.returncode != 0
    errors = [line for line in checked.stdout.splitlines() if ": error TS" in line]
    assert len(errors) == 1 and "page.mjs(6," in errors[0] and "TS2322" in errors[0], checked.stdout


def test_tsc_fails_on_an_implicit_any_in_a_page(tmp_path: Path) -> None:
    """Every page is checked as strictly as the shell: a parameter with no type is an error."""
    tsc = checker("tsc")
    untyped = GOOD.replace("/** @param {{ name: string }} seat */\n", "")
    folder = page_folder(tmp_path, untyped)
    config = {"extends": str(WEB / "tsconfig.json"), "include": [str(folder / "*.mjs")]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    checked = run([tsc, "-p", tmp_path / "tsconfig.json"], tmp_path)
    errors = [line for line in checked.stdout.splitlines() if ": error TS" in line]
    assert checked.returncode != 0 and len(errors) == 1 and "TS7006" in errors[0], checked.stdout


def test_eslint_fails_on_lint_errors_in_a_page(tmp_path: Path) -> None:
    eslint = checker("eslint")
    page_folder(tmp_path, LINT_ERROR)
    # The project's config: its base is the folder it runs in, laid out as the repository.
    checked = run(
        [eslint, "--config", WEB / "eslint.config.mjs", "--format", "json", "cogs/*/page/**/*.mjs"], tmp_path
    )
    assert checked.returncode == 1, checked.stderr
    found = {
        (Path(result["filePath"]).name, message["ruleId"], message["line"])
        for result in json.loads(checked.stdout)
        for message in result["messages"]
    }
    assert found == {("page.mjs", "no-unused-vars", 4), ("page.mjs", "no-undef", 5)}


def test_the_generated_page_types_are_up_to_date() -> None:
    files = generated()
    assert ROOT / "cogs" / "activity" / "static" / "app" / "wire.d.ts" in files
    assert [path.relative_to(ROOT).as_posix() for path in stale(files)] == [], (
        "the wire's models changed: run python -m tools.page_types and fix the page where tsc says"
    )
