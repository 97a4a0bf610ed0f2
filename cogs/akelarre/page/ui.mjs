// What Akelarre's page keeps between renders and what its parts share: the member's
// pick (picks.mjs checks it against the legal moves), the page's words and
// names, and playing a move. page.mjs draws the table; board.mjs the part
// every member sees, turn.mjs the member's own hand and controls.
import { card as drawCard } from "./cards.mjs";
import { legalOf } from "./picks.mjs";
import { el } from "@gm/dom.mjs";
import { withoutEmoji } from "./icons.mjs";

// What the member is building, kept across renders of the same table and checked
// again at every new version (prune): hand cards picked for a move, the owner's
// two cards (AK-6.3), and the place whose joker value is being asked. ``draw`` is
// page.mjs's (definePage's redraw), which draws the whole table again.
/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./wire").Table} Table */
/** @typedef {import("@gm/page.mjs").PageContext<View, Action, object>} Page */
/**
 * @typedef {object} Ui
 * @property {Table} table the table drawn (set by page.mjs before anything is drawn)
 * @property {Page} page what the page draws with (likewise)
 * @property {string[]} picked hand cards picked for a move
 * @property {string[]} keep the owner's two cards of a payment (AK-6.3)
 * @property {string | null} joker the place whose joker value is being asked
 * @property {() => void} draw the whole table again
 */
/** @type {Ui} */
export const ui = {
  table: /** @type {Table} */ (/** @type {unknown} */ (null)),
  page: /** @type {Page} */ (/** @type {unknown} */ (null)),
  picked: [],
  keep: [],
  joker: null,
  draw: () => {},
};

// -- words ------------------------------------------------------------------------
/** A word of the page's own (``akelarre.page.<key>``).
 * @param {string} key
 * @param {Record<string, unknown>} [params] */
export const w = (key, params) => ui.page.word(`akelarre.page.${key}`, params);
/** A counted phrase: the plural form ``count`` needs (the catalog's CLDR forms).
 * @param {string} key
 * @param {number} count
 * @param {Record<string, unknown>} [params] */
export const counted = (key, count, params = {}) => w(key, { count, ...params });
/** @param {string} label a card's catalog name's key (``F2a``, ``FJ@3``) */
export const cardName = (label) => ui.page.word(`akelarre.card.${label}`);
/** @param {string} family */
export const suit = (family) => ui.page.word(`akelarre.suit.${family}`);

/** A seat as the page names it: "You" on the member's own page (the shell's ctx.name).
 * @param {number} seat */
export const seatName = (seat) => ui.page.name(seat);

/** A seat in a list inside a sentence ("Still to play: you, Bob"): the member's own in lower case.
 * @param {number} seat */
export const listed = (seat) => (seat === ui.table.seat ? w("you") : seatName(seat));

/** @param {import("./wire").PlaceView} place */
export function placeName(place) {
  if (place.owner === ui.table.seat) return w("place_yours", { number: place.number });
  return w("place_of", { name: seatName(place.owner), number: place.number });
}

/**
 * @template {Action["kind"]} K
 * @param {...K} kinds
 */
export const legal = (...kinds) => legalOf(ui.table, ...kinds);
/** @param {string} id @param {import("./cards.mjs").CardOptions} [opts] */
export const card = (id, opts) => drawCard(ui.page, id, opts);

// -- acting -------------------------------------------------------------------------
export function redraw() {
  ui.draw();
}

/** @param {Action} action */
export function play(action) {
  ui.page.act(action);
}

/** @param {string[]} list @param {string} card */
export function toggle(list, card) {
  const at = list.indexOf(card);
  if (at >= 0) list.splice(at, 1);
  else list.push(card);
}

/** A control of the step: ``act`` names it (``data-act``: the tests and a prompt's ``named``).
 * @param {string} label
 * @param {string} act
 * @param {(() => void) | null} onclick
 * @param {{kind?: string, disabled?: boolean}} [options] */
export function tool(label, act, onclick, { kind = "", disabled = false } = {}) {
  return el("button", { type: "button", class: `tool ak-tool ${kind}`, dataset: { act }, disabled, onclick }, label);
}

/** A button's label as a prompt names it: the words the button reads, without its emoji,
 * so that "press …" always says what is on the page (both come from one catalog word).
 * @param {string} act the button's ``data-act``
 * @param {string} label the button's label */
export function named(act, label) {
  return el("b", { class: "ak-named", dataset: { names: act } }, withoutEmoji(label));
}
