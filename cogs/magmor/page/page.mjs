// Mag Mor's table in the Activity: the day track and the players on top, the 6×6 grid with
// the path (grid.mjs), the decision under way (decide.mjs, split.mjs) and the member's own
// hand and objective (players.mjs). What it draws is cogs/magmor/page_state.py's
// MagmorPage, made from the member's own view: other seats' hands, objectives and explored
// faces never reach it. Phone first; picture-in-picture puts the grid beside the decision;
// a desktop gives the grid the left half.
import { definePage } from "@gm/page.mjs";
import { el } from "@gm/dom.mjs";
import { decision } from "./decide.mjs";
import { dayTrack, grid } from "./grid.mjs";
import { mine, piles, players } from "./players.mjs";

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** A resource's name: water, food, axe, pickaxe, medicine.
 * @typedef {import("./wire").Cards["res"]} Res */
/** A split as the leader builds it: seat → resource → count.
 * @typedef {Record<string, Record<string, number>>} Alloc */
/** The page's own state for one version (fresh): the cell looked at, the split's draft,
 * the found card picked, all the ready-made splits shown, whether the leader has touched the split.
 * @typedef {{ turn: number | null, look: string | null, alloc: Alloc, card: string | null, more: boolean, touched: boolean }} Local */
/** What Mag Mor's parts draw with.
 * @typedef {import("@gm/page.mjs").PageContext<View, Action, Local>} Ctx */

/** @type {import("@gm/page.mjs").PageSpec<View, Action, Local>} */
const spec = {
  url: import.meta.url,
  styles: ["page.css"],
  // The cell looked at stays while the turn lasts (a member reading a face is not
  // interrupted by the others' moves); the split's draft and the card picked belong to one version.
  fresh: (previous, table) => {
    const turn = table.view ? table.view.turn : null;
    const look = previous && previous.turn === turn ? previous.look : null;
    return { turn, look, alloc: {}, card: null, more: false, touched: false };
  },
  draw(ctx) {
    const v = ctx.view;
    if (!v || !v.cells) return null;
    return el(
      "div",
      { class: "mm", dataset: { phase: v.phase, mine: ctx.legal.length || (v.phase === "split" && ctx.seat === v.leader) ? "yes" : "no" } },
      el("div", { class: "mm-top" }, dayTrack(ctx), players(ctx)),
      el("div", { class: "mm-main" }, grid(ctx), el("div", { class: "mm-side" }, decision(ctx), mine(ctx), piles(ctx))),
    );
  },
};

export default definePage(spec);
