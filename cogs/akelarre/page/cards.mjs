// Akelarre's cards on the page: what a card id says (family, kind, value, joker: the ids of
// games/akelarre/data.py), their canonical order, and a card drawn as the board's pictures
// draw it (its family's colour and picture, its value).
import { el } from "@gm/dom.mjs";
import { icon } from "./icons.mjs";

/** @type {Record<string, string>} */
const CODES = { F: "fairies", G: "goblins", D: "druids", N: "nymphs", W: "witches" };

/** A card's family ("fairies" …). @param {string} card */
export const familyOf = (card) => CODES[card[0]];
/** A card's kind: its family and value, the same for every copy (``F2``). @param {string} card */
export const kindOf = (card) => card.slice(0, 2);
/** @param {string} card */
export const isJoker = (card) => card.length === 2 && card[1] === "J";
/** A natural's value; null for a joker. @param {string} card */
export const valueOf = (card) => (isJoker(card) ? null : Number(card[1]));
/** A card worth its value to the member (AK-12.2: a natural of the favourite family; a joker scores 0).
 * @param {import("./wire").View} view
 * @param {string} card */
export const favouriteNatural = (view, card) => Boolean(view.favourite) && familyOf(card) === view.favourite && !isJoker(card);

/**
 * How a card is drawn: ``value`` a joker's value in a group, ``label`` its catalog name's key
 * (``FJ@3``), ``size`` "sm" or "xs", ``mark`` its state's classes, ``button`` a button even
 * while it takes no click, ``star`` a natural of the member's favourite family.
 * @typedef {object} CardOptions
 * @property {number | null} [value]
 * @property {string | null} [label]
 * @property {string} [size]
 * @property {string} [mark]
 * @property {(() => void) | null} [onclick]
 * @property {boolean} [button]
 * @property {boolean} [star]
 */

/** A card: its family's colour and picture (icons/) and its value, readable at a glance; its
 * catalog name for the title and screen readers. ``value``: a joker's value in a group. */
/**
 * @param {{word: (key: string, params?: Record<string, unknown>) => string}} page what words are said with
 * @param {string} id
 * @param {CardOptions} [options]
 * @returns {HTMLElement}
 */
export function card(
  page,
  id,
  { value = null, label = null, size = "", mark = "", onclick = null, button = false, star = false } = {},
) {
  const family = familyOf(id);
  const joker = isJoker(id);
  const name = page.word(`akelarre.card.${label || id}`);
  const attrs = {
    class: ["ak-card", size, mark, joker ? "joker" : ""].filter(Boolean).join(" "),
    dataset: { card: id, family, flip: id }, // flip: a card that moves glides to its place (motion.mjs)
    title: name,
    "aria-label": name,
  };
  const face = [
    el("span", { class: "ak-value" }, joker && !value ? icon("joker", { cls: "ak-value-icon" }) : String(joker ? value : valueOf(id))),
    icon(family, { cls: "ak-emoji" }),
    joker && value ? icon("joker", { cls: "ak-joker" }) : null,
    star ? icon("star", { cls: "ak-star" }) : null,
  ];
  if (!button && !onclick) return el("div", attrs, ...face);
  return el(
    "button",
    { type: "button", ...attrs, disabled: !onclick, onclick, "aria-pressed": mark === "chosen" ? "true" : null },
    ...face,
  );
}

const ORDER = "FGDNW";
/** Canonical order: family, then value, the joker after the naturals (games/akelarre/data.py).
 * @param {string} a
 * @param {string} b */
export function cardOrder(a, b) {
  const fa = ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]);
  if (fa) return fa;
  const va = valueOf(a) ?? 99;
  const vb = valueOf(b) ?? 99;
  return va - vb || (a < b ? -1 : a > b ? 1 : 0);
}
