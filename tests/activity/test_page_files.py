"""Each game's page is served from its face's folder (cogs.activity.pages), found from the
game's presenter: its modules with the shell's ``@gm/`` resolved to this build's folder, its
styles and drawings; nothing outside the folder, nothing of another kind, no game's that
has no page."""

from __future__ import annotations

import pytest

from cogs.activity.pages import SHELL_PREFIX, page_file
from tests.activity.conftest import Rig
from tests.activity.pages import page_presenters


async def test_a_game_s_page_is_served_from_its_face_s_folder(rig: Rig) -> None:
    build = rig.server.build
    for presenter in page_presenters():
        folder = presenter.page_folder()
        assert folder is not None
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.suffix not in (".mjs", ".css", ".svg"):
                continue
            answer = await rig.client.get(f"/static/{build}/games/{presenter.game_id}/{name}")
            assert answer.status == 200, name
            body = await answer.read()
            if path.suffix == ".mjs":
                assert answer.content_type == "text/javascript"
                # The shell's modules are named by this build's folder, which serves them.
                text = body.decode()
                assert SHELL_PREFIX not in text, name
                for shell in {part.split('"')[0] for part in text.split(f'"/static/{build}/app/')[1:]}:
                    assert (await rig.client.get(f"/static/{build}/app/{shell}")).status == 200, shell
            else:
                assert body == path.read_bytes()
            assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize(
    "name",
    [
        "../presenter.py",  # the face's Python beside the page
        "..%2Fpresenter.py",
        "%2e%2e/presenter.py",
        "./page.mjs/../../presenter.py",
        "nothing.mjs",
        "page.mjs/",
    ],
)
async def test_nothing_outside_a_page_folder_is_served(rig: Rig, name: str) -> None:
    (presenter, *_) = page_presenters()
    answer = await rig.client.get(f"/static/{rig.server.build}/games/{presenter.game_id}/{name}")
    assert answer.status == 404


async def test_no_page_is_served_for_a_game_without_one_or_an_old_build(rig: Rig) -> None:
    (presenter, *_) = page_presenters()
    assert (await rig.client.get(f"/static/{rig.server.build}/games/no-such-game/page.mjs")).status == 404
    assert (await rig.client.get(f"/static/000000000000/games/{presenter.game_id}/page.mjs")).status == 404


def test_only_the_page_s_own_kinds_of_file_are_served() -> None:
    (presenter, *_) = page_presenters()
    game = presenter.game_id
    assert page_file(game, "page.mjs") is not None
    assert page_file(game, "../presenter.py") is None
    assert page_file(game, "../__init__.py") is None
    assert page_file(game, "/etc/passwd") is None
    assert page_file(game, "page.mjs\\..\\x") is None
