// The 6×6 grid (A1 top left, Mag Mor at F6 bottom right), the path drawn through it, and
// the day track. A cell shows its back (terrain, the card a leader discards to explore
// it, the toll's hint in a red box) or, once crossed, its place on the path; a tap looks
// at it (its face once crossed, or the face this leader explored), and a lit candidate
// is the leader's to explore or cross (decide.mjs).
import { el, svg } from "@gm/dom.mjs";
import { icon, res } from "./icons.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./wire").Cell} Cell */

/** @type {number | null} */
let seenPath = null; // the path's length last drawn: a newly crossed cell turns over once

/** The grid as a whole.
 * @param {Ctx} ctx */
export function grid(ctx) {
  const v = ctx.view;
  const grown = seenPath !== null && v.path.length > seenPath;
  seenPath = v.path.length;
  const cells = v.cells.map((c) => cell(ctx, c, grown && c.step === v.path.length));
  return el("div", { class: "mm-gridbox" }, el("div", { class: "mm-grid", role: "grid" }, cells, pathLine(v)));
}

/** One cell, a button: a tap looks at it.
 * @param {Ctx} ctx
 * @param {Cell} c
 * @param {boolean} fresh just crossed: it turns over once */
function cell(ctx, c, fresh) {
  const look = ctx.local.look === c.cell;
  const terrain = c.magmor || !c.terrain ? "magmor" : c.terrain;
  const name = ctx.word(`magmor.terrain.${terrain}`);
  const classes = ["mm-cell", c.step ? "crossed" : "back", c.current && "current", c.candidate && "candidate", look && "look",
    c.peek && "peeked", c.explored_with && "explored", fresh && "fresh"].filter(Boolean).join(" ");
  const label = c.step ? ctx.word("magmor.page.cell_crossed", { cell: c.cell, terrain: name, step: c.step }) : `${c.cell} · ${name}`;
  return el(
    "button",
    {
      type: "button",
      class: classes,
      dataset: { cell: c.cell, terrain },
      title: label,
      "aria-label": label,
      onclick: () => {
        ctx.local.look = ctx.local.look === c.cell ? null : c.cell;
        ctx.redraw();
      },
    },
    icon(terrain, "", "mm-art"),
    c.explore_cost && !c.step ? el("span", { class: "mm-cost" }, res(ctx, c.explore_cost, "mm-mini")) : null,
    c.hint && !c.step ? el("span", { class: "mm-hint" }, res(ctx, c.hint, "mm-mini")) : null,
    c.step ? el("span", { class: "mm-step" }, String(c.step)) : null,
    c.explored_with ? el("span", { class: "mm-eye" }, icon("eye", ctx.word("magmor.page.explored"), "mm-mini")) : null,
    el("span", { class: "mm-name" }, c.cell),
  );
}

/** The path as a line through the crossed cells' centres (the grid's own 6×6 units).
 * @param {import("./wire").View} v */
function pathLine(v) {
  const at = new Map(v.cells.map((c) => [c.cell, c]));
  const points = v.path.flatMap((name) => at.get(name) ?? []).map((c) => `${c.col + 0.5},${c.row + 0.5}`);
  return svg(
    "svg",
    { class: "mm-path", viewBox: "0 0 6 6", preserveAspectRatio: "none", "aria-hidden": "true" },
    points.length > 1 ? svg("polyline", { points: points.join(" ") }) : null,
  );
}

/** Start (day 0) to the last day: the expedition must cross Mag Mor by then.
 * @param {Ctx} ctx */
export function dayTrack(ctx) {
  const v = ctx.view;
  const spaces = [];
  for (let day = 0; day <= v.last_day; day += 1) {
    // The Start space (day 0) is unnumbered, as on the rules' track: Start, then 1 to 17.
    spaces.push(el("span", { class: `mm-day${day === v.day ? " now" : ""}${day < v.day ? " gone" : ""}`, dataset: { day: String(day) } }, day === v.day && day ? String(day) : ""));
  }
  const start = v.day === 0;
  const label = ctx.word(start ? "magmor.page.day_start" : "magmor.page.day", { day: v.day, last: v.last_day });
  return el(
    "div",
    { class: "mm-days", title: start ? ctx.word("magmor.page.day_start_title", { last: v.last_day }) : label },
    el("span", { class: "mm-daylabel" }, label, el("span", { class: "mm-turnlabel" }, " · ", ctx.word("magmor.page.turn", { turn: v.turn }))),
    el("span", { class: "mm-track", "aria-hidden": "true" }, spaces),
  );
}
