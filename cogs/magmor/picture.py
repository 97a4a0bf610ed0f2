"""The Mag Mor grid as a picture (Pillow): backs, crossed faces, the path,
the party's position, the day track and everyone's honour. Drawn from the
public view only, off the event loop."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.magmor import MagmorView

CELL = 110
MARGIN = 30
TRACK_H = 70
TERRAIN_COLOURS = {
    "hill": (140, 190, 110),
    "mountain": (150, 150, 160),
    "desert": (232, 205, 140),
    "lake": (110, 160, 220),
    "swamp": (120, 140, 90),
}
RES_COLOURS = {
    "water": (40, 110, 220),
    "food": (200, 140, 40),
    "axe": (150, 60, 40),
    "pickaxe": (90, 90, 90),
    "medicine": (200, 40, 80),
}
RES_LETTER = {"water": "W", "food": "F", "axe": "A", "pickaxe": "P", "medicine": "M"}
BACKGROUND = (36, 38, 44)
INK = (20, 20, 20)
LIGHT = (240, 240, 240)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _xy(cell: str) -> tuple[int, int]:
    return MARGIN + (ord(cell[0]) - ord("A")) * CELL, MARGIN + (int(cell[1:]) - 1) * CELL


def _chip(draw: ImageDraw.ImageDraw, x: int, y: int, res: str, text: str = "") -> None:
    draw.ellipse((x, y, x + 16, y + 16), fill=RES_COLOURS.get(res, (0, 0, 0)))
    draw.text((x + 8, y + 8), RES_LETTER.get(res, "?"), fill=LIGHT, font=font(11), anchor="mm")
    if text:
        draw.text((x + 19, y + 8), text, fill=INK, font=font(12), anchor="lm")


def draw_board(view: MagmorView) -> bytes:
    size = MARGIN * 2 + CELL * 6
    height = size + TRACK_H + 24 * ((view.players + 1) // 2) + 10
    image = Image.new("RGB", (size, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for col in range(6):
        draw.text(
            (MARGIN + col * CELL + CELL // 2, MARGIN // 2),
            "ABCDEF"[col],
            fill=LIGHT,
            font=font(14),
            anchor="mm",
        )
    for row in range(6):
        draw.text(
            (MARGIN // 2, MARGIN + row * CELL + CELL // 2),
            str(row + 1),
            fill=LIGHT,
            font=font(14),
            anchor="mm",
        )
    for cell in view.grid:
        x, y = _xy(cell.cell)
        box = (x + 3, y + 3, x + CELL - 3, y + CELL - 3)
        if cell.magmor:
            draw.rounded_rectangle(box, 8, fill=(230, 190, 60), outline=(255, 235, 150), width=3)
            draw.text((x + CELL // 2, y + CELL // 2), "MAG MOR", fill=INK, font=font(16), anchor="mm")
            continue
        colour = TERRAIN_COLOURS.get(cell.terrain or "", (120, 120, 120))
        if not cell.crossed:
            colour = tuple(int(c * 0.75) for c in colour)  # face down
        draw.rounded_rectangle(
            box,
            8,
            fill=colour,
            outline=(250, 250, 250) if cell.crossed else (60, 60, 60),
            width=3 if cell.crossed else 1,
        )
        draw.text((x + 8, y + 6), f"{cell.cell} {cell.terrain or ''}", fill=INK, font=font(12))
        if cell.face is not None:
            for i, row in enumerate(cell.face.found):
                _chip(draw, x + 8, y + 24 + i * 19, row.res, f"+{row.qty}")
            for i, row in enumerate(cell.face.pay):
                _chip(draw, x + 58, y + 24 + i * 19, row.res, f"-{row.qty}")
        else:
            if cell.explore_cost:
                _chip(draw, x + 8, y + 40, cell.explore_cost, "?")  # explore cost
            if cell.hint:
                _chip(draw, x + 8, y + 66, cell.hint, "-2/3")  # the hint: 2 or 3 to pay
    # the path walked so far, and where the party is heading
    points = [(_xy(c)[0] + CELL // 2, _xy(c)[1] + CELL // 2) for c in view.path]
    if view.current and view.current not in view.path:
        points.append((_xy(view.current)[0] + CELL // 2, _xy(view.current)[1] + CELL // 2))
    if len(points) > 1:
        draw.line(points, fill=(200, 30, 30), width=3, joint="curve")
    if points:
        # The party's marker sits in the cell's corner, clear of the face.
        px, py = points[-1][0] + CELL // 2 - 20, points[-1][1] + CELL // 2 - 20
        draw.ellipse((px - 11, py - 11, px + 11, py + 11), fill=(200, 30, 30), outline=LIGHT, width=2)
    for cell in view.candidates if view.phase == "choose" else []:
        x, y = _xy(cell)
        draw.rounded_rectangle((x + 3, y + 3, x + CELL - 3, y + CELL - 3), 8, outline=(255, 255, 0), width=4)
    # the day track: Start, 1..17
    top = size - 6
    step = (size - 2 * MARGIN) / 18
    for day in range(18):
        cx = int(MARGIN + step * day + step / 2)
        filled = day <= view.day
        draw.rectangle(
            (cx - 14, top, cx + 14, top + 28),
            fill=(200, 60, 60) if filled else (70, 70, 80),
            outline=LIGHT if day == view.day else (90, 90, 90),
            width=2 if day == view.day else 1,
        )
        draw.text((cx, top + 14), "S" if day == 0 else str(day), fill=LIGHT, font=font(12), anchor="mm")
    # honour per player
    y0 = top + 40
    for seat in range(view.players):
        col, row = seat % 2, seat // 2
        x = MARGIN + col * (size - 2 * MARGIN) // 2
        y = y0 + row * 24
        leader = " *" if seat == view.leader else ""
        # Language-neutral: the embed beside the picture names the players.
        text = f"P{seat + 1}{leader}   {view.honour[seat]:+d}   [{view.hand_sizes[seat]}]"
        draw.text((x, y), text, fill=LIGHT, font=font(14))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
