// Talismani's cards and marks on the page, drawn with the project's own SVG icons (./icons/):
// a suit is a colour *and* a pictogram (sun, clouds, rain, snowflake, fog lines, lightning),
// so no suit rests on colour alone and nothing needs an emoji font. The card's wire shape is
// cogs/talismani/page_state.py's ``Card``.
import { el } from "@gm/dom.mjs";

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./wire").Card} Card */
/** @typedef {import("./wire").Talisman} Talisman */
/**
 * What the page builds between two versions: the cards picked for the secret play, the
 * weather card Change order is moving.
 * @typedef {{ picked: string[], moving: string | null }} Local
 */
/** @typedef {import("@gm/page.mjs").PageContext<View, Action, Local>} Ctx */
/** @typedef {(() => void) | null} Tap a control's click, or null: not a move now */

const ICONS = new URL("./icons/", import.meta.url);

/**
 * An icon of ./icons/; with ``label`` it is read out, else it is decoration.
 * @param {string} name
 * @param {{ cls?: string, label?: string | null }} [options]
 */
export function icon(name, { cls = "tm-ic", label = null } = {}) {
  return el("img", {
    class: cls,
    src: new URL(`${name}.svg`, ICONS).href,
    alt: label || "",
    title: label || null,
    "aria-hidden": label ? null : "true",
    draggable: "false",
  });
}

/**
 * The page's word ``talismani.page.<key>``.
 * @param {Ctx} ctx
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 */
export const word = (ctx, key, params) => ctx.word(`talismani.page.${key}`, params);

/** @param {Ctx} ctx @param {string | null} suit */
export const suitName = (ctx, suit) => word(ctx, `suit.${suit}`);

/**
 * A card's name in words: "Sun 4", "Joker", "Change weather 7", "First Talisman".
 * @param {Ctx} ctx
 * @param {Card} card
 */
export function cardName(ctx, card) {
  if (card.kind === "fairy") return word(ctx, "card_fairy", { suit: suitName(ctx, card.suit), value: card.value });
  if (card.kind === "joker") return word(ctx, "special.joker");
  if (card.kind === "first") return word(ctx, "first_talisman");
  return word(ctx, "card_special", { name: word(ctx, `special.${card.special}`), number: card.number });
}

/**
 * Cards of one play in words: "Joker + Sun 4".
 * @param {Ctx} ctx
 * @param {Card[]} cards
 */
export const cardsName = (ctx, cards) => cards.map((c) => cardName(ctx, c)).join(" + ");

/**
 * A card's pictogram: its suit's, its special's, the Joker's or the First Talisman's.
 * @param {Card} card
 * @returns {string}
 */
const iconOf = (card) =>
  (card.kind === "fairy" ? card.suit : card.kind === "special" ? card.special : card.kind) || card.kind;

/**
 * One card face up. ``size``: "" (hand), "sm", "xs"; ``state``: classes such as "picked",
 * "lit", "dim"; ``onclick`` makes it a button (disabled without one when ``button``).
 * @param {Ctx} ctx
 * @param {Card} c
 * @param {{ size?: string, state?: string, onclick?: Tap, button?: boolean, fresh?: boolean }} [options]
 */
export function card(ctx, c, { size = "", state = "", onclick = null, button = false, fresh = false } = {}) {
  const name = cardName(ctx, c);
  const attrs = {
    class: ["tm-card", `k-${c.kind}`, size, state, fresh ? "fresh" : ""].filter(Boolean).join(" "),
    dataset: { card: c.id, suit: c.suit || "", kind: c.kind },
    title: name,
    "aria-label": name,
  };
  const corner =
    c.kind === "fairy" ? String(c.value) : c.kind === "special" ? String(c.number) : c.kind === "joker" ? "J" : "";
  const face = [
    corner ? el("span", { class: "tm-cv", "aria-hidden": "true" }, corner) : null,
    icon(iconOf(c), { cls: "tm-ci" }),
    c.kind === "special" ? el("span", { class: "tm-cn", "aria-hidden": "true" }, word(ctx, `short.${c.special}`)) : null,
  ];
  if (!onclick && !button) return el("div", attrs, ...face);
  return el(
    "button",
    { type: "button", ...attrs, disabled: !onclick, onclick, "aria-pressed": state.includes("picked") ? "true" : null },
    ...face,
  );
}

/**
 * A small tile of a suit: its colour and pictogram (the weather row).
 * @param {Ctx} ctx
 * @param {string} suit
 * @param {{ cls?: string, onclick?: Tap, place?: number | null, label?: string | null }} [options]
 */
export function suitTile(ctx, suit, { cls = "", onclick = null, place = null, label = null } = {}) {
  const name = suitName(ctx, suit);
  const attrs = {
    class: ["tm-suit", cls].filter(Boolean).join(" "),
    dataset: { suit, place: place === null ? null : String(place) },
    title: label || name,
    "aria-label": label || name,
  };
  const face = [
    place !== null ? el("span", { class: "tm-place", "aria-hidden": "true" }, String(place)) : null,
    icon(suit, { cls: "tm-si" }),
    el("span", { class: "tm-sn" }, name),
  ];
  if (!onclick) return el("div", attrs, ...face);
  return el("button", { type: "button", ...attrs, onclick }, ...face);
}

/**
 * A talisman waiting to be forged (with the hammer), or forged (with the whole talisman).
 * @param {Ctx} ctx
 * @param {Talisman} t
 * @param {{ forged?: boolean }} [options]
 */
export function talisman(ctx, t, { forged = false } = {}) {
  const label = word(ctx, forged ? "forged_of" : t.ready ? "pending_ready" : "pending_of", {
    suit: suitName(ctx, t.suit),
    cards: cardsName(ctx, t.cards),
  });
  return el(
    "span",
    { class: `tm-tal${t.ready ? " ready" : ""}${forged ? " forged" : ""}`, title: label, "aria-label": label, dataset: { suit: t.suit } },
    icon(t.suit, { cls: "tm-ic" }),
    icon(forged ? "whole" : "hammer", { cls: "tm-ic sub" }),
  );
}
