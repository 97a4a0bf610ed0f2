"""Where each game's page is: the ``page`` folder of its face (``Presenter.page_folder``),
found from the game's presenter, never listed.

The shell (``static/app/``) and the games' pages are served under the build's own path:
``/static/<build>/app/`` and ``/static/<build>/games/<game>/``. A page's modules import
the shell's by the prefix ``@gm/`` (``"@gm/dom.mjs"``, ``"@gm/page.mjs"``), the same
wherever a game's folder lies (``tsc`` maps ``@gm/*`` to ``cogs/activity/static/app/*``);
the server writes the build's shell folder in its place as it serves a module. Not an
import map: it would be an inline script, and Discord's proxy may put in place of ours a
policy that runs no inline script but its own (research/activity.md §3)."""

from __future__ import annotations

from pathlib import Path

from cogs.kit.presenter import PRESENTERS

# What a page's folder may serve: its modules, its style sheets and its drawings. Nothing
# else in the folder (a generated .d.ts, a note) is sent.
SERVED = frozenset({".mjs", ".css", ".svg"})
SHELL_PREFIX = "@gm/"


def page_folder(game: str) -> Path | None:
    """The folder of ``game``'s page, or None: the game has no page (or no face)."""
    presenter = PRESENTERS.get(game)
    return presenter.page_folder() if presenter is not None else None


def page_path(game: str) -> str | None:
    """Where the shell loads ``game``'s page from, relative to the build's root."""
    return f"games/{game}/page.mjs" if page_folder(game) is not None else None


def page_file(game: str, name: str) -> Path | None:
    """The file ``name`` (``page.mjs``, ``icons/elf.svg``) of ``game``'s page, when it is
    one the page may be sent: inside the folder, of a kind it serves, and there."""
    folder = page_folder(game)
    if folder is None or not name or "\\" in name or any(part in ("", ".", "..") for part in name.split("/")):
        return None
    target = (folder / name).resolve()
    if not target.is_relative_to(folder.resolve()) or target.suffix not in SERVED or not target.is_file():
        return None
    return target


def page_folders() -> dict[str, Path]:
    """Every registered game's page folder, by game."""
    return {game: folder for game in sorted(PRESENTERS) if (folder := page_folder(game)) is not None}


class PageFiles:
    """The games' page files as they are sent for one build, read once (they change only
    with a new build, which is a new server): modules with the shell's prefix resolved."""

    def __init__(self, build: str) -> None:
        self.shell = f"/static/{build}/app/"
        self._sent: dict[tuple[str, str], tuple[Path, bytes]] = {}

    def get(self, game: str, name: str) -> tuple[Path, bytes] | None:
        """``game``'s file ``name`` (its path, for its type) and what is sent of it, or None."""
        key = (game, name)
        found = self._sent.get(key)
        if found is None:
            path = page_file(game, name)
            if path is None:
                return None
            body = path.read_bytes()
            if path.suffix == ".mjs":  # only in a string that opens with it: an import's
                for quote in b"\"'":
                    mark = bytes([quote])
                    body = body.replace(mark + SHELL_PREFIX.encode(), mark + self.shell.encode())
            found = self._sent[key] = (path, body)
        return found
