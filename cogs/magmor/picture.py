"""The Mag Mor grid as a picture (Pillow), shaped for Discord's embed box: at most
800 x 600 (4:3), no text under 22 px.

What it shows: every terrain (a colour *and* a localised initial, so no one
needs to tell colours apart), the toll hint of each face-down terrain (the
resource pictogram in a red-framed box, as on the card's back), the path walked
so far with the party's pawn, the candidates of a choice (a thick yellow frame);
right of the grid, the day track with the party's leader by name and the key to
the initials and pictograms in the table's language (the toll box, the frame and
the pawn are labelled in 📖 How to play). Resources are pictograms, not letters: a letter would mean different
things in English and Italian. Once the game is over the result is drawn above it
(the winner, every place and score). The players' hands and honour are the
embed's: the picture names only the leader.

Drawn from the public view only, off the event loop (the publisher runs it in a
thread). Every text goes through :func:`cogs.kit.pictures.font`.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.kit.pictures import fitted, font, player_names, png
from cogs.kit.result_picture import Palette, result_of, with_result
from games.core import Outcome, Standing
from games.magmor.face import MagmorView

# At most 800 x 600 (4:3), shown at half size in Discord's 400 x 300 embed box, so no
# text under 22 px (11 px as shown; cogs.kit.pictures.MIN_SHOWN_TEXT): the grid on the
# left, the days, the leader and the symbols' key in a column on its right.
WIDTH = 800
CELL = 88
LEFT = 30  # room for the row numbers
TOP = 30  # room for the column letters
GRID = 6
LAST_DAY = 17
MAGMOR = "F6"
TEXT = 22
SIDE = LEFT + GRID * CELL + 20  # the right column's left edge
MARGIN = 16
PER_ROW = 6  # days to a row of the day track
RESOURCES = ("water", "food", "axe", "pickaxe", "medicine")
TERRAINS = ("hill", "mountain", "desert", "lake", "swamp")
TERRAIN_COLOURS = {
    "hill": (132, 186, 100),
    "mountain": (150, 150, 162),
    "desert": (230, 200, 128),
    "lake": (100, 156, 222),
    "swamp": (112, 134, 84),
}
BACKGROUND = (36, 38, 44)
INK = (20, 20, 20)
LIGHT = (240, 240, 240)
DIM = (150, 150, 160)
GOLD = (232, 190, 60)
TOLL_RED = (200, 40, 40)
CANDIDATE = (255, 214, 0)
PAWN = (200, 30, 30)
WOOD = (140, 90, 40)
STEEL = (120, 124, 132)


def _xy(cell: str) -> tuple[int, int]:
    return LEFT + (ord(cell[0]) - ord("A")) * CELL, TOP + (int(cell[1:]) - 1) * CELL


def _shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    r, g, b = (int(c * factor) for c in colour)
    return r, g, b


def icon(draw: ImageDraw.ImageDraw, cx: int, cy: int, res: str, size: int = 30) -> None:
    """A resource pictogram on a white tile: drop, loaf, axe, pickaxe, cross.
    Shapes tell the resources apart without colour or words."""
    h = size // 2
    draw.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), 6, fill=(250, 250, 250))
    u = size / 30  # the shapes are designed on a 30 px tile
    if res == "water":
        draw.polygon(
            [(cx, cy - 11 * u), (cx - 8 * u, cy + 2 * u), (cx + 8 * u, cy + 2 * u)], fill=(30, 110, 220)
        )
        draw.ellipse((cx - 8 * u, cy - 4 * u, cx + 8 * u, cy + 12 * u), fill=(30, 110, 220))
    elif res == "food":
        draw.ellipse((cx - 12 * u, cy - 7 * u, cx + 12 * u, cy + 9 * u), fill=(196, 132, 52))
        for dx in (-6, 0, 6):
            draw.line(
                [(cx + (dx - 2) * u, cy + 3 * u), (cx + (dx + 2) * u, cy - 3 * u)],
                fill=(250, 226, 170),
                width=2,
            )
    elif res == "axe":
        draw.line([(cx - 9 * u, cy + 11 * u), (cx + 5 * u, cy - 9 * u)], fill=WOOD, width=max(3, int(4 * u)))
        draw.polygon(
            [
                (cx + 1 * u, cy - 12 * u),
                (cx + 12 * u, cy - 8 * u),
                (cx + 10 * u, cy + 4 * u),
                (cx + 2 * u, cy - 3 * u),
            ],
            fill=STEEL,
        )
    elif res == "pickaxe":
        draw.line([(cx, cy - 6 * u), (cx, cy + 12 * u)], fill=WOOD, width=max(3, int(4 * u)))
        # A curved head with two points, wider than the axe's one-sided blade.
        head = [(-13, 0), (-7, -8), (0, -11), (7, -8), (13, 0), (6, -4), (0, -5), (-6, -4)]
        draw.polygon([(cx + dx * u, cy + dy * u) for dx, dy in head], fill=STEEL)
    elif res == "medicine":
        arm, half = 11 * u, 4 * u
        draw.rectangle((cx - half, cy - arm, cx + half, cy + arm), fill=(210, 30, 40))
        draw.rectangle((cx - arm, cy - half, cx + arm, cy + half), fill=(210, 30, 40))


def _pawn(draw: ImageDraw.ImageDraw, cx: int, cy: int, scale: float = 1.0) -> None:
    """The party: a red pawn ringed in white (a shape, not only a colour)."""
    s = scale
    draw.polygon(
        [
            (cx - 13 * s, cy + 16 * s),
            (cx + 13 * s, cy + 16 * s),
            (cx + 6 * s, cy - 2 * s),
            (cx - 6 * s, cy - 2 * s),
        ],
        fill=PAWN,
        outline=LIGHT,
        width=2,
    )
    draw.ellipse((cx - 9 * s, cy - 18 * s, cx + 9 * s, cy), fill=PAWN, outline=LIGHT, width=2)


def _toll_box(draw: ImageDraw.ImageDraw, cx: int, cy: int, res: str, size: int = 36) -> None:
    """The hint of a face-down terrain: its toll includes 2 or 3 of this resource."""
    h = size // 2 + 3
    draw.rectangle((cx - h, cy - h, cx + h, cy + h), fill=(250, 250, 250), outline=TOLL_RED, width=4)
    icon(draw, cx, cy, res, size - 4)


def initial(terrain: str, language: str) -> str:
    return t(f"magmor.ui.pic_initial.{terrain}", language)


def draw_board(
    view: MagmorView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes:
    height = TOP + GRID * CELL + 12
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i in range(GRID):
        draw.text(
            (LEFT + i * CELL + CELL // 2, TOP // 2), "ABCDEF"[i], fill=LIGHT, font=font(TEXT), anchor="mm"
        )
        draw.text(
            (LEFT // 2, TOP + i * CELL + CELL // 2), str(i + 1), fill=LIGHT, font=font(TEXT), anchor="mm"
        )
    for cell in view.grid:
        x, y = _xy(cell.cell)
        box = (x + 3, y + 3, x + CELL - 3, y + CELL - 3)
        if cell.magmor:
            draw.rounded_rectangle(box, 8, fill=GOLD, outline=(255, 240, 170), width=3)
            # The name sits in the top half; the pawn arrives in the bottom half.
            draw.text((x + CELL // 2, y + 20), "MAG", fill=INK, font=font(TEXT), anchor="mm")
            draw.text((x + CELL // 2, y + 42), "MOR", fill=INK, font=font(TEXT), anchor="mm")
            continue
        terrain = cell.terrain or ""
        colour = TERRAIN_COLOURS.get(terrain, (120, 120, 120))
        if not cell.crossed:
            colour = _shade(colour, 0.62)  # face down: darker, like a card's back
        draw.rounded_rectangle(
            box,
            8,
            fill=colour,
            outline=LIGHT if cell.crossed else (70, 70, 76),
            width=3 if cell.crossed else 1,
        )
        draw.text(
            (x + 10, y + 8), initial(terrain, language), fill=INK if cell.crossed else LIGHT, font=font(24)
        )
        if not cell.crossed and cell.hint:
            _toll_box(draw, x + CELL - 29, y + CELL - 29, cell.hint, 34)
    # The path walked so far: a line through the crossed cells' centres, where
    # nothing is written, and the pawn on the party's cell.
    centres = [(_xy(c)[0] + CELL // 2, _xy(c)[1] + CELL // 2) for c in view.path]
    pawn = centres[-1] if centres else None
    if view.path and view.path[-1] == MAGMOR and len(centres) > 1:
        # On Mag Mor the line stops at the cell's edge, clear of its name.
        px, (mx, my) = centres[-2][0], centres[-1]
        centres[-1] = (mx - CELL // 2 + 3, my) if px < mx else (mx, my - CELL // 2 + 3)
        pawn = (mx, my + 26)
    if len(centres) > 1:
        draw.line(centres, fill=LIGHT, width=9, joint="curve")
        draw.line(centres, fill=PAWN, width=5, joint="curve")
    if pawn is not None:
        _pawn(draw, *pawn, 0.8 if view.path[-1] == MAGMOR else 1.0)
    for name in view.candidates if view.phase == "choose" else []:
        x, y = _xy(name)
        draw.rounded_rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), 8, outline=CANDIDATE, width=6)
    shown = player_names(names, view.players, language)
    bottom = _day_track(draw, view, language, None if view.leader is None else shown[view.leader])
    _legend(draw, bottom + 14, language)
    if outcome is not None:
        image = with_result(image, result_of(outcome, shown, language, _score(language)), PALETTE)
    return png(image)


PALETTE = Palette(background=BACKGROUND, panel=(52, 54, 62), text=LIGHT, dim=DIM, gold=GOLD, ink=INK)


def _score(language: str) -> Callable[[Standing], str]:
    """Victory points once Mag Mor was crossed; honour when it was not (MM-5.3)."""

    def score(s: Standing) -> str:
        if s.score is None:
            return t("magmor.ui.pic_honour", language, honour=f"{s.details.get('honour', 0):+d}")
        return t("magmor.ui.pic_vp", language, count=s.score)

    return score


def _day_track(draw: ImageDraw.ImageDraw, view: MagmorView, language: str, leader: str | None) -> int:
    """Days 0–17, six to a row: past days filled, today in white, the deadline (17)
    framed in gold; under them the party's leader by name. Returns the bottom."""
    right = WIDTH - MARGIN
    top = TOP - 18
    draw.text(
        (SIDE, top), t("magmor.ui.pic_day", language, day=view.day), fill=LIGHT, font=font(TEXT), anchor="lt"
    )
    step = (right - SIDE) / PER_ROW
    row = top + 34
    for day in range(LAST_DAY + 1):
        cx = int(SIDE + step * (day % PER_ROW) + step / 2)
        cy = row + (day // PER_ROW) * 36
        box = (cx - step / 2 + 2, cy, cx + step / 2 - 2, cy + 32)
        if day == view.day:
            fill, ink = LIGHT, INK
        elif day < view.day:
            fill, ink = (150, 60, 50), LIGHT
        else:
            fill, ink = (64, 64, 74), DIM
        outline = GOLD if day == LAST_DAY else (100, 100, 110)
        draw.rectangle(box, fill=fill, outline=outline, width=3 if day == LAST_DAY else 1)
        draw.text((cx, cy + 16), str(day), fill=ink, font=font(TEXT), anchor="mm")
    y = row + 3 * 36 + 8
    if leader is not None and view.phase != "over":
        # "Expedition leader:" on one line, the name (bold, gold) on the next.
        words = t("magmor.ui.pic_leader", language, seat="").strip()
        draw.text((SIDE, y), words, fill=DIM, font=font(TEXT), anchor="lt")
        name = fitted(draw, leader, right - SIDE, TEXT, bold=True)
        draw.text((SIDE, y + 30), name, fill=GOLD, font=font(TEXT, bold=True), anchor="lt")
        y += 60
    return y


def _legend(draw: ImageDraw.ImageDraw, top: int, language: str) -> None:
    """What the terrains' initials and the resources' pictograms mean, one a row, in
    the table's language. The toll box, the candidates' frame and the pawn are in
    📖 How to play, which labels them on a board."""
    right = WIDTH - MARGIN

    def label(x: float, y: float, key: str) -> None:
        text = fitted(draw, t(key, language), right - x, TEXT)
        draw.text((x, y + 14), text, fill=LIGHT, font=font(TEXT), anchor="lm")

    y = float(top)
    for terrain in TERRAINS:
        draw.rounded_rectangle((SIDE, y, SIDE + 28, y + 28), 5, fill=TERRAIN_COLOURS[terrain])
        draw.text((SIDE + 14, y + 15), initial(terrain, language), fill=INK, font=font(TEXT), anchor="mm")
        label(SIDE + 38, y, f"magmor.terrain.{terrain}")
        y += 32
    y += 6
    for res in RESOURCES:
        icon(draw, SIDE + 14, int(y) + 14, res, 28)
        label(SIDE + 38, y, f"magmor.resource.{res}")
        y += 32
