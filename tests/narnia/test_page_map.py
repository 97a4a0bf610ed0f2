"""The map Narnia's Activity page draws (cogs/narnia/page_map.py): every label (the owner's
mark, the stack's chips, the name) stays inside its own territory whatever its stack, in
both languages, shrunk where a long name would cross into a neighbour, so no label ever
covers another territory's tokens or name (the channel's picture lets a few cross)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from cogs.narnia import picture
from cogs.narnia.labels import HALO, Label
from cogs.narnia.page_map import ROWS, page_data
from tests.narnia.test_map_picture import inside

pytestmark = pytest.mark.pictures  # the labels are placed measuring the picture's font


def _corners(place: dict[str, object], origin: list[float], row_w: float) -> list[tuple[float, float]]:
    """The corners of a label's two boxes (chips row, name) as the page draws them:
    placed at full size, scaled by ``scale`` about the territory's ``origin``."""
    lines = tuple(str(line) for line in place["lines"])  # type: ignore[attr-defined]
    label = Label(
        float(place["x"]),  # type: ignore[arg-type]
        float(place["row"]),  # type: ignore[arg-type]
        float(place["name_top"]),  # type: ignore[arg-type]
        lines,
        0.0,
        row_w,
    )
    scale = float(place["scale"])  # type: ignore[arg-type]
    ox, oy = origin
    return [
        (ox + (x - ox) * scale, oy + (y - oy) * scale)
        for left, top, right, bottom in label.boxes(picture.TEXT)
        for x in (left, right)
        for y in (top, bottom)
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_label_leaves_its_territory_so_none_covers_a_neighbour_s(language: str) -> None:
    data = page_data(language)
    cells = {cell.id: cell for cell in picture.cells()}
    shrunk: dict[str, float] = {}
    for territory in data["map"]["territories"]:
        polygon = [picture.px(p) for p, _ in cells[territory["id"]].polygon]
        for row, texts in ROWS.items():
            place = territory["labels"][row]
            corners = _corners(place, territory["origin"], picture.row_width(texts))
            depth = min(inside(polygon, x, y) for x, y in corners)
            # Its letters may touch the border (their halo over it), never cross it.
            assert depth >= -HALO - 0.5, (territory["id"], row, depth)
            assert place["scale"] >= 0.6 and len(place["widths"]) == len(place["lines"])
            if place["scale"] < 1:
                shrunk[territory["id"]] = min(place["scale"], shrunk.get(territory["id"], 1.0))
    # Most labels are the picture's own size; a long stack in a small territory is shrunk.
    assert len(shrunk) <= 15, shrunk
    assert all(scale == 1 for tid, scale in shrunk.items() if tid in ("cair_paravel", "aslan_camp")), shrunk
