// Narnia's map as SVG: the channel picture's own cells, ridges, colours, shapes and
// label places (sent once as page.data by cogs/narnia/page_map.py), in the picture's
// pixels; the viewBox scales it to the frame. Each territory shows its owner's mark
// (colour *and* shape), its stack as value chips (top first; a long one its top
// chips and "+N") and its name. Only the territories the decision lets the member
// tap are clickable; the rest are dimmed while a choice is open.
import { el, svg } from "@gm/dom.mjs";

const HALO = 3; // px around a name's letters, in the cell's colour (cogs/narnia/labels.py)

/** A point in the picture's pixels.
 * @typedef {[number, number]} Point */
/** Where a territory's label goes for one kind of stack (page_map.py ``_label``).
 * @typedef {object} LabelPlace
 * @property {number} x the block's middle
 * @property {number} row the chips row's middle (y)
 * @property {number} name_top the name's first line's top (y)
 * @property {string[]} lines the name, wrapped
 * @property {number[]} widths each line's width as measured where it was placed
 * @property {number} clearance px it keeps inside its territory
 * @property {number} scale drawn scaled about the territory's ``origin`` (1: full size) */
/** One territory of the map (page_map.py ``_territory``).
 * @typedef {object} MapTerritory
 * @property {string} id
 * @property {string} name
 * @property {"peter" | "witch"} start
 * @property {Point[]} polygon
 * @property {Point} centre
 * @property {Point} origin a shrunk label's fixed point
 * @property {Record<string, LabelPlace>} labels by kind of stack: "flag", "1"-"3", "1+", "2+"
 * @property {string[]} neighbours */
/** The colours and shapes the picture draws with.
 * @typedef {object} MapStyle
 * @property {string} background
 * @property {string} border
 * @property {string} ridge
 * @property {string} no_passage
 * @property {string} battle
 * @property {string} ink
 * @property {string} free
 * @property {{ fill: string, ink: string }} witch
 * @property {Record<string, { fill: string, ink: string, shape: string }>} colours */
/** The picture's sizes, in its pixels.
 * @typedef {{ text: number, digit: number, chip: number, mark: number, shown_chips: number, line: number, row_h: number, gap: number }} MapSizes */
/** Narnia's page data (page_map.py ``page_data``), sent once.
 * @typedef {object} PageData
 * @property {{ width: number, height: number, territories: MapTerritory[], ridges: [Point, Point][] }} map
 * @property {MapSizes} sizes
 * @property {MapStyle} style */
/** @typedef {import("./wire").TerritoryView} TerritoryView */
/** @typedef {(key: string, params?: Record<string, unknown>) => string} Word */

/** The chip texts of a stack (picture.chips): every value of a short one, else the top ones and "+N".
 * @param {number[]} values
 * @param {number} shown
 * @returns {string[]} */
export function chipTexts(values, shown) {
  if (values.length <= shown) return values.map(String);
  return [...values.slice(0, shown - 1).map(String), `+${values.length - shown + 1}`];
}

/** Which of a territory's label places suits its stack (picture._fitted_stack): the one
 * shrunk least to stay inside the territory (page_map.py), the more chips on a tie.
 * @param {MapTerritory} territory
 * @param {number[]} values
 * @param {number} shown */
function fitted(territory, values, shown) {
  const key = (/** @type {number} */ count, /** @type {number} */ max) => (count === 0 ? "flag" : count <= max ? String(count) : `${max - 1}+`);
  const tries = [shown, 2].map((max) => ({ texts: chipTexts(values, max), label: territory.labels[key(values.length, max)] }));
  return tries.reduce((a, b) => (b.label.scale > a.label.scale ? b : a));
}

/** An owner's mark centred on (x, y): the player's shape in their colour, or the Witch's snowflake.
 * @param {MapStyle} style
 * @param {string | null} colour
 * @param {number} x
 * @param {number} y
 * @param {number} size */
export function mark(style, colour, x, y, size) {
  const r = size / 2;
  if (!colour) {
    const ink = style.witch.ink;
    const arms = [0, 60, 120].map((angle) => {
      const dx = Math.cos((angle * Math.PI) / 180) * (r - 4);
      const dy = Math.sin((angle * Math.PI) / 180) * (r - 4);
      return svg("line", { x1: x - dx, y1: y - dy, x2: x + dx, y2: y + dy, stroke: ink, "stroke-width": 3 });
    });
    return svg("g", { class: "nb-mark" }, svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke: ink, "stroke-width": 2 }), ...arms);
  }
  const { ink, shape } = style.colours[colour];
  const common = { fill: ink, stroke: "#fff", "stroke-width": 2, class: "nb-mark" };
  if (shape === "triangle") {
    return svg("polygon", { ...common, points: `${x},${y - r - 1} ${x + r + 1},${y + r - 1} ${x - r - 1},${y + r - 1}` });
  }
  if (shape === "diamond") {
    return svg("polygon", { ...common, points: `${x},${y - r - 2} ${x + r + 2},${y} ${x},${y + r + 2} ${x - r - 2},${y}` });
  }
  if (shape === "circle") return svg("circle", { ...common, cx: x, cy: y, r });
  return svg("rect", { ...common, x: x - r + 2, y: y - r + 2, width: size - 4, height: size - 4 });
}

/** A small standalone mark (players' list, battles): an inline SVG.
 * @param {MapStyle} style
 * @param {string | null} colour
 * @param {number} [size] */
export function markIcon(style, colour, size = 18) {
  return svg("svg", { class: "nb-icon", viewBox: "-16 -16 32 32", width: size, height: size, "aria-hidden": "true" }, mark(style, colour, 0, 0, 24));
}

/** @param {number} x
 * @param {number} y
 * @param {string} fill
 * @param {string} ink */
function flag(x, y, fill, ink) {
  return svg(
    "g",
    { class: "nb-flag" },
    svg("line", { x1: x - 8, y1: y - 13, x2: x - 8, y2: y + 13, stroke: ink, "stroke-width": 3 }),
    svg("polygon", { points: `${x - 7},${y - 13} ${x + 11},${y - 6} ${x - 7},${y + 1}`, fill, stroke: ink }),
  );
}

/** @param {string} text
 * @param {MapSizes} sizes */
function chipWidth(text, sizes) {
  return text.startsWith("+") ? Math.max(sizes.chip, 13 * text.length + 10) : sizes.chip;
}

/** @param {Point[]} polygon */
function points(polygon) {
  return polygon.map(([x, y]) => `${x},${y}`).join(" ");
}

/**
 * The map. ``cells``: territory id -> {classes: [..], onClick, label} from the decision
 * (controls.mjs); ``battle``: the ids of the battle under way, outlined.
 * @param {PageData} data
 * @param {import("./wire").View} view
 * @param {Map<string, import("./controls.mjs").Cell>} cells
 * @param {string[]} battle
 * @param {Word} words
 */
export function drawMap(data, view, cells, battle, words) {
  const { map, style, sizes } = data;
  const colours = view.seats.map((s) => s.colour);
  const byId = Object.fromEntries(view.territories.map((t) => [t.id, t]));
  const choosing = [...cells.values()].some((c) => c.onClick);
  const fillOf = (/** @type {TerritoryView | undefined} */ t) =>
    !t || t.free ? style.free : t.owner === null ? style.witch.fill : style.colours[colours[t.owner]].fill;
  const inkOf = (/** @type {TerritoryView} */ t) => (t.owner === null ? style.witch.ink : style.colours[colours[t.owner]].ink);

  const fills = [];
  const outlines = [];
  const labels = [];
  for (const territory of map.territories) {
    const shown = byId[territory.id];
    /** @type {import("./controls.mjs").Cell} */
    const cell = cells.get(territory.id) || { classes: [], label: "" };
    const classes = ["nb-cell", ...cell.classes];
    if (choosing && !cell.onClick && !cell.classes.includes("chosen")) classes.push("dim");
    /** @type {import("@gm/dom.mjs").Attrs} */
    const attrs = {
      class: classes.join(" "),
      points: points(territory.polygon),
      fill: fillOf(shown),
      dataset: {
        territory: territory.id,
        owner: shown && !shown.free ? String(shown.owner ?? "witch") : "free",
        // Its colour, for the page's shell: a territory that changes hands takes its new colour in sight (motion.mjs).
        flash: fillOf(shown),
        flashKey: territory.id,
      },
    };
    if (cell.onClick) {
      Object.assign(attrs, { role: "button", tabindex: "0", "aria-label": cell.label || territory.name });
      attrs.onclick = cell.onClick;
      attrs.onkeydown = (/** @type {KeyboardEvent} */ event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          cell.onClick?.();
        }
      };
    }
    fills.push(svg("polygon", attrs));
    const outline = cell.classes.filter((c) => ["legal", "chosen", "attack", "move", "other"].includes(c));
    if (battle.includes(territory.id)) outline.push("battle");
    if (outline.length) {
      outlines.push(svg("polygon", { class: `nb-outline ${outline.join(" ")}`, points: points(territory.polygon) }));
    }
    labels.push(drawLabel(territory, shown, style, sizes, colours, fillOf(shown), inkOf));
  }

  const ridges = map.ridges.map(([p, q]) => svg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "nb-ridge", stroke: style.ridge }));
  const signs = map.ridges.map(([p, q]) => {
    const x = (p[0] + q[0]) / 2;
    const y = (p[1] + q[1]) / 2;
    return svg(
      "g",
      { class: "nb-sign" },
      svg("circle", { cx: x, cy: y, r: 12, fill: style.no_passage, stroke: style.ridge, "stroke-width": 2 }),
      svg("rect", { x: x - 7, y: y - 2.5, width: 14, height: 5, fill: "#fff" }),
    );
  });
  const borders = map.territories.map((t) => svg("polygon", { class: "nb-border", points: points(t.polygon), stroke: style.border }));

  return svg(
    "svg",
    {
      class: `nb-map${choosing ? " choosing" : ""}`,
      viewBox: `0 0 ${map.width} ${map.height}`,
      role: "group",
      "aria-label": words("narnia.page.map"),
      "font-size": sizes.text,
    },
    svg("rect", { x: 0, y: 0, width: map.width, height: map.height, fill: style.background, rx: 10 }),
    svg("g", { class: "nb-fills" }, ...fills),
    svg("g", { class: "nb-borders" }, ...borders),
    svg("g", { class: "nb-ridges" }, ...ridges, ...signs),
    svg("g", { class: "nb-outlines" }, ...outlines),
    svg("g", { class: "nb-labels" }, ...labels),
  );
}

/** A territory's label: the owner's mark, the stack's chips (or the flag), the name.
 * @param {MapTerritory} territory
 * @param {TerritoryView | undefined} shown
 * @param {MapStyle} style
 * @param {MapSizes} sizes
 * @param {string[]} colours
 * @param {string} fill
 * @param {(t: TerritoryView) => string} inkOf */
function drawLabel(territory, shown, style, sizes, colours, fill, inkOf) {
  const free = !shown || shown.free;
  const values = !shown || shown.free ? [] : shown.stack.map((token) => token.value);
  const { texts, label } = free
    ? { texts: [], label: territory.labels.flag }
    : fitted(territory, values, sizes.shown_chips);
  // A label shrunk to stay inside its territory (a long name in a small one) is drawn
  // at full size and scaled about the territory's label point, as page_map.py placed it.
  const [ox, oy] = territory.origin;
  const scaled = label.scale < 1 ? { transform: `translate(${ox} ${oy}) scale(${label.scale}) translate(${-ox} ${-oy})` } : {};
  const group = svg("g", { class: "nb-label", dataset: { label: territory.id, scale: String(label.scale) }, ...scaled });
  if (shown && !shown.free) {
    const ink = inkOf(shown);
    const colour = shown.owner === null ? null : colours[shown.owner];
    const widths = texts.map((text) => chipWidth(text, sizes) + 3);
    const rowWidth = sizes.mark + 6 + (texts.length ? widths.reduce((a, b) => a + b, 0) : 24);
    const left = label.x - rowWidth / 2;
    group.append(mark(style, colour, left + sizes.mark / 2, label.row, sizes.mark));
    if (texts.length) {
      let x = left + sizes.mark + 6;
      texts.forEach((text, index) => {
        const width = chipWidth(text, sizes);
        group.append(
          svg(
            "g",
            { class: "nb-chip", dataset: { value: text } },
            svg("rect", { x, y: label.row - sizes.chip / 2, width, height: sizes.chip, rx: 6, fill: ink, stroke: "#fff" }),
            svg("text", { x: x + width / 2, y: label.row + 1, "font-size": sizes.digit, "text-anchor": "middle", "dominant-baseline": "central", fill: "#fff" }, text),
          ),
        );
        x += widths[index];
      });
    } else {
      group.append(flag(left + sizes.mark + 18, label.row, colour ? style.colours[colour].ink : "#fff", style.ink));
    }
  }
  label.lines.forEach((line, index) => {
    group.append(
      svg(
        "text",
        {
          class: "nb-name",
          x: label.x,
          y: label.name_top + index * sizes.line,
          "text-anchor": "middle",
          "dominant-baseline": "hanging",
          fill: style.ink,
          stroke: fill,
          "stroke-width": HALO * 2,
          "paint-order": "stroke",
          "stroke-linejoin": "round",
          // As wide as it was measured where it was placed, whatever font the device has.
          textLength: label.widths[index],
          lengthAdjust: "spacingAndGlyphs",
        },
        line,
      ),
    );
  });
  return group;
}

/**
 * What the map's signs mean (the picture's legend, in the channel's words): the
 * chips and the flag, the closed borders; the free cells during set-up, the
 * battle's outline while one is under way, and what the member may tap.
 * @param {PageData} data
 * @param {import("./wire").View} view
 * @param {Word} words
 * @param {{ choosing: boolean, battle: boolean }} shown
 */
export function legend(data, view, words, { choosing, battle }) {
  const { style } = data;
  const sample = (/** @type {SVGElement[]} */ ...children) => svg("svg", { class: "nb-sample", viewBox: "0 0 44 28", width: 44, height: 28, "aria-hidden": "true" }, ...children);
  const item = (/** @type {string} */ key, /** @type {SVGElement} */ picture) => el("li", {}, picture, words(key));
  const chipAt = (/** @type {number} */ x, /** @type {string} */ text) =>
    svg(
      "g",
      {},
      svg("rect", { x, y: 3, width: 20, height: 22, rx: 5, fill: style.witch.ink, stroke: "#fff" }),
      svg("text", { x: x + 10, y: 15, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16, fill: "#fff" }, text),
    );
  const items = [
    item("narnia.ui.legend_tokens", sample(chipAt(0, "3"), chipAt(22, "1"))),
    item("narnia.ui.legend_flag", sample(flag(20, 14, "#fff", style.ink))),
    item(
      "narnia.ui.legend_ridge",
      sample(
        svg("line", { x1: 2, y1: 14, x2: 42, y2: 14, stroke: style.ridge, "stroke-width": 8, "stroke-linecap": "round" }),
        svg("circle", { cx: 22, cy: 14, r: 9, fill: style.no_passage, stroke: style.ridge, "stroke-width": 2 }),
        svg("rect", { x: 16, y: 12, width: 12, height: 4, fill: "#fff" }),
      ),
    ),
  ];
  const box = (/** @type {import("@gm/dom.mjs").Attrs} */ attrs) => sample(svg("rect", { x: 4, y: 4, width: 36, height: 20, rx: 3, ...attrs }));
  if (view.territories.some((t) => t.free)) {
    items.push(item("narnia.ui.legend_free", box({ fill: style.free, stroke: style.border, "stroke-width": 2 })));
  }
  if (battle) items.push(item("narnia.ui.legend_battle", box({ class: "nb-outline battle" })));
  if (choosing) items.push(item("narnia.page.legend_legal", box({ class: "nb-outline legal" })));
  return el("ul", { class: "nb-legend" }, ...items);
}
