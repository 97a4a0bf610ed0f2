// A terrain's face as the card prints it: the black box of what is found, the red box of
// the toll (its active rows: a 3-player game drops the last row of each, MM-4.3.2).
import { el } from "@gm/dom.mjs";
import { bundle } from "./icons.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */

/** A face: what is found, what the crossing asks (the toll).
 * @param {Ctx} ctx
 * @param {import("./wire").Face} f
 * @param {string} [title] */
export function face(ctx, f, title) {
  const rows = (/** @type {import("./wire").FaceRow[]} */ list) => list.map((r) => ({ res: r.res, n: r.qty }));
  return el(
    "div",
    { class: "mm-face" },
    title ? el("div", { class: "mm-face-title" }, title) : null,
    el("div", { class: "mm-face-box found" }, el("span", {}, ctx.word("magmor.page.found")), bundle(ctx, rows(f.found))),
    el("div", { class: "mm-face-box toll" }, el("span", {}, ctx.word("magmor.page.toll")), bundle(ctx, rows(f.pay))),
  );
}
