// Corsa's page: each runner's lane, and the member's runs as buttons. The moves are the ones
// the bot lists (ctx.legal); the page sends one of them as it was listed.
import { el } from "@gm/dom.mjs";
import { definePage } from "@gm/page.mjs";

// The wire, as the face's presenter.py and the game's game.py declare it (a toy keeps no
// generated wire.d.ts).
/** @typedef {{ seat: number, position: number }} Lane one runner and how far they are */
/** @typedef {{ goal: number, lanes: Lane[] }} View the page's state (presenter.py's CorsaPage) */
/** @typedef {{ kind: "run", steps: 1 | 2 }} Run a move (game.py's Run) */

export default definePage({
  url: import.meta.url,
  styles: ["page.css"],
  /** @param {import("@gm/page.mjs").PageContext<View | null, Run, Record<string, never>>} ctx */
  draw(ctx) {
    const view = ctx.view;
    if (!view) return null;
    const lanes = view.lanes.map((lane) =>
      el(
        "li",
        { class: "corsa-lane", dataset: { seat: String(lane.seat) } },
        el("span", { class: "corsa-name", title: ctx.table.seats[lane.seat]?.name ?? "" }, ctx.name(lane.seat)),
        el("progress", { max: String(view.goal), value: String(lane.position) }),
        el("span", {}, ctx.word("corsa.page.at", { position: lane.position, goal: view.goal })),
      ),
    );
    const runs = ctx.legal.map((action) =>
      el(
        "button",
        { type: "button", class: "tool corsa-run", dataset: { steps: String(action.steps) }, onclick: () => ctx.act(action) },
        ctx.word("corsa.ui.run", { count: action.steps }),
      ),
    );
    return el("div", { class: "corsa" }, el("ol", { class: "corsa-lanes" }, ...lanes), el("div", { class: "corsa-runs" }, ...runs));
  },
});
