// Mag Mor's icons: SVG drawn for the project (./icons/), one per resource and terrain, so
// nothing rests on an emoji font; each is told apart by its shape as well as its colour
// (a drop, a loaf, an axe, a pickaxe, a cross; hills, peaks, dunes, waves, reeds).
import { el } from "@gm/dom.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** Some cards of one resource.
 * @typedef {{ res: string, n: number }} Cards */

const FOLDER = new URL("./icons/", import.meta.url);
export const RESOURCES = ["water", "food", "axe", "pickaxe", "medicine"];

/** An icon by name, with its words for a screen reader and on hover.
 * @param {string} name
 * @param {string} [label]
 * @param {string} [cls] */
export function icon(name, label = "", cls = "mm-icon") {
  return el("img", { class: cls, src: new URL(`${name}.svg`, FOLDER).href, alt: label, title: label || undefined, draggable: "false" });
}

/** A resource's icon, named in the member's language.
 * @param {Ctx} ctx
 * @param {string} name
 * @param {string} [cls] */
export function res(ctx, name, cls = "mm-icon") {
  return icon(name, ctx.word(`magmor.resource.${name}`), cls);
}

/** "3 axes" / "3 accette".
 * @param {Ctx} ctx
 * @param {string} name
 * @param {number} count */
export function counted(ctx, name, count) {
  return ctx.word(`magmor.resource_count.${name}`, { count });
}

/** Some cards as icons with their count: [{res, n}] → 💧×2 🪓×1, worded for a screen reader.
 * @param {Ctx} ctx
 * @param {Cards[]} cards
 * @param {string} [cls]
 * @param {boolean} [zeros] show the kinds with none too, and every count (a lone icon, elsewhere one card,
 *   would read as no count among the others: the piles' 💧×6 … ✚×1) */
export function bundle(ctx, cards, cls = "", zeros = false) {
  const shown = cards.filter((c) => zeros || c.n > 0);
  if (!shown.length) return el("span", { class: `mm-bundle none ${cls}` }, ctx.word("magmor.page.nothing"));
  return el(
    "span",
    { class: `mm-bundle ${cls}`, title: shown.map((c) => counted(ctx, c.res, c.n)).join(", ") },
    shown.map((c) => el("span", { class: `mm-count${c.n ? "" : " zero"}`, dataset: { res: c.res } }, res(ctx, c.res), zeros || c.n !== 1 ? `×${c.n}` : null)),
  );
}

/** One icon per card (the split's tokens): [{res, n}] → 💧 💧 🪓.
 * @param {Cards[]} cards
 * @returns {string[]} */
export function tokens(cards) {
  return cards.flatMap((c) => Array.from({ length: c.n }, () => c.res));
}
