// What Akelarre's legal actions allow with the member's current pick (ui.mjs keeps
// the pick): the page lights a card or a place only where some listed action fits.
// Legal moves name one card of each kind (``F2a`` for any Fairies 2): picks match by kind.
import { kindOf } from "./cards.mjs";

/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./wire").Table} Table */
/** @typedef {import("./wire").Open | import("./wire").Add} Placing */
/**
 * What each control would do with the current pick.
 * @typedef {object} Options
 * @property {Map<string, Placing[]>} targets place id → the legal opens/adds of exactly the pick there
 * @property {import("./wire").Discard | null} discard the discard of the one card picked, if legal
 * @property {Map<string, import("./wire").Take>} takes "place|card" → the take of that group's card
 * @property {Map<string, import("./wire").Draw>} draws a source ("deck", a family) → its draw
 */
/**
 * The pick, as ui.mjs keeps it (only what this module reads and prunes).
 * @typedef {object} Pick
 * @property {Table} table
 * @property {string[]} picked
 * @property {string[]} keep
 */

/** No pick and no move: what a member who is not acting is offered. */
export const NO_OPTIONS = () => /** @type {Options} */ ({ targets: new Map(), discard: null, takes: new Map(), draws: new Map() });

/**
 * The table's legal actions of these kinds.
 * @template {Action["kind"]} K
 * @param {Table} table
 * @param {...K} kinds
 * @returns {Extract<Action, {kind: K}>[]}
 */
export function legalOf(table, ...kinds) {
  const wanted = /** @type {string[]} */ (kinds);
  return /** @type {Extract<Action, {kind: K}>[]} */ (table.legal.filter((a) => wanted.includes(a.kind)));
}

/** The move plays every one of ``kinds`` (each once) and maybe more.
 * @param {{cards: string[]}} action
 * @param {string[]} kinds */
export function includes(action, kinds) {
  const have = action.cards.map(kindOf);
  return new Set(kinds).size === kinds.length && kinds.every((k) => have.includes(k));
}

/** The move plays exactly ``kinds``.
 * @param {{cards: string[]}} action
 * @param {string[]} kinds */
export const exactly = (action, kinds) => action.cards.length === kinds.length && includes(action, kinds);

/** Some legal move plays ``kinds`` (and maybe more).
 * @param {Table} table
 * @param {string[]} kinds */
export function fitsSomething(table, kinds) {
  if (legalOf(table, "open", "add").some((a) => includes(a, kinds))) return true;
  return kinds.length === 1 && legalOf(table, "discard").some((a) => kindOf(a.card) === kinds[0]);
}

/** A new version keeps only a pick that still makes sense.
 * @param {Pick} ui */
export function prune(ui) {
  const view = ui.table.view;
  const hand = (view && view.hand) || [];
  const kinds = ui.picked.map(kindOf);
  if (!ui.picked.every((c) => hand.includes(c)) || (kinds.length && !fitsSomething(ui.table, kinds))) ui.picked = [];
  const payment = view && view.payment;
  const pairs = legalOf(ui.table, "choose_payment");
  if (!payment || !ui.keep.every((c) => pairs.some((a) => a.cards.includes(c)))) ui.keep = [];
}

/** The current pick's options: what each control would do now.
 * @param {Pick} ui
 * @returns {Options} */
export function options(ui) {
  const view = ui.table.view;
  const kinds = ui.picked.map(kindOf);
  /** @type {Map<string, Placing[]>} */
  const targets = new Map();
  if (kinds.length || view.held) {
    for (const action of legalOf(ui.table, "open", "add")) {
      if (!exactly(action, kinds)) continue;
      const there = targets.get(action.place) || [];
      there.push(action);
      targets.set(action.place, there);
    }
  }
  const discard = kinds.length === 1 ? legalOf(ui.table, "discard").find((a) => kindOf(a.card) === kinds[0]) || null : null;
  const takes = new Map(legalOf(ui.table, "take").map((a) => [`${a.place}|${a.card}`, a]));
  const draws = new Map(legalOf(ui.table, "draw").map((a) => [a.source, a]));
  return { targets, discard, takes, draws };
}
