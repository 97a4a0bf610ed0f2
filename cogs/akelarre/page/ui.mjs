// What Akelarre's page keeps between renders and what its parts share: the member's
// pick (picks.mjs checks it against the legal moves), the page's words and
// names, and playing a move. page.mjs draws the table; board.mjs the part
// every member sees, turn.mjs the member's own hand and controls.
import { card as drawCard } from "./cards.mjs";
import { legalOf } from "./picks.mjs";
import { el } from "@gm/dom.mjs";

export const HAND_SIZE = 7; // AK-2.6: a draw fills the hand up to 7

// What the member is building, kept across renders of the same table and checked
// again at every new version (prune): hand cards picked for a move, the owner's
// two cards (AK-6.3), and the place whose joker value is being asked. ``draw`` is
// page.mjs's (definePage's redraw), which draws the whole table again.
export const ui = {
  table: null,
  page: null,
  picked: [],
  keep: [],
  joker: null,
  draw: () => {},
};

// -- words ------------------------------------------------------------------------
export const w = (key, params) => ui.page.word(`akelarre.page.${key}`, params);
/** A counted phrase: the plural form ``count`` needs (the catalog's CLDR forms). */
export const counted = (key, count, params = {}) => w(key, { count, ...params });
export const cardName = (label) => ui.page.word(`akelarre.card.${label}`);
export const suit = (family) => ui.page.word(`akelarre.suit.${family}`);
export const emoji = (family) => ui.page.word(`akelarre.ui.emoji.${family}`);

export function seatName(seat) {
  const entry = ui.table.seats[seat];
  return entry ? entry.name : `P${seat + 1}`;
}

export function placeName(place) {
  if (place.owner === ui.table.seat) return w("place_yours", { number: place.number });
  return w("place_of", { name: seatName(place.owner), number: place.number });
}

export const legal = (...kinds) => legalOf(ui.table, ...kinds);
export const card = (id, opts) => drawCard(ui.page, id, opts);

// -- acting -------------------------------------------------------------------------
export function redraw() {
  ui.draw();
}

export function play(action) {
  ui.page.act(action);
}

export function toggle(list, card) {
  const at = list.indexOf(card);
  if (at >= 0) list.splice(at, 1);
  else list.push(card);
}

export function tool(label, act, onclick, { kind = "", disabled = false } = {}) {
  return el("button", { type: "button", class: `tool ak-tool ${kind}`, dataset: { act }, disabled, onclick }, label);
}
