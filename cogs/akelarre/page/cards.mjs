// Akelarre's cards on the page: what a card id says (family, kind, value, joker: the ids of
// games/akelarre/data.py), their canonical order, and a card drawn as the board's pictures
// draw it (its family's colour and emoji, its value).
import { el } from "@gm/dom.mjs";

const CODES = { F: "fairies", G: "goblins", D: "druids", N: "nymphs", W: "witches" };

export const familyOf = (card) => CODES[card[0]];
export const kindOf = (card) => card.slice(0, 2);
export const isJoker = (card) => card.length === 2 && card[1] === "J";
export const valueOf = (card) => (isJoker(card) ? null : Number(card[1]));
/** A card worth its value to the member (AK-12.2: a natural of the favourite family; a joker scores 0). */
export const favouriteNatural = (view, card) => Boolean(view.favourite) && familyOf(card) === view.favourite && !isJoker(card);


/** A card: its family's colour and emoji and its value, readable at a glance; its
 * catalog name for the title and screen readers. ``value``: a joker's value in a group. */
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
    dataset: { card: id, family },
    title: name,
    "aria-label": name,
  };
  const face = [
    el("span", { class: "ak-value" }, joker ? (value ? String(value) : "🃏") : String(valueOf(id))),
    el("span", { class: "ak-emoji", "aria-hidden": "true" }, page.word(`akelarre.ui.emoji.${family}`)),
    joker && value ? el("span", { class: "ak-joker", "aria-hidden": "true" }, "🃏") : null,
    star ? el("span", { class: "ak-star", "aria-hidden": "true" }, "⭐") : null,
  ];
  if (!button && !onclick) return el("div", attrs, ...face);
  return el(
    "button",
    { type: "button", ...attrs, disabled: !onclick, onclick, "aria-pressed": mark === "chosen" ? "true" : null },
    ...face,
  );
}

const ORDER = "FGDNW";
/** Canonical order: family, then value, the joker after the naturals (games/akelarre/data.py). */
export function cardOrder(a, b) {
  const fa = ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]);
  if (fa) return fa;
  const va = valueOf(a) ?? 99;
  const vb = valueOf(b) ?? 99;
  return va - vb || (a < b ? -1 : a > b ? 1 : 0);
}
