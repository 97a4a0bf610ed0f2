// What Akelarre's legal actions allow with the member's current pick (akelarre.mjs keeps
// the pick): the page lights a card or a place only where some listed action fits.
// Legal moves name one card of each kind (``F2a`` for any Fairies 2): picks match by kind.
import { kindOf } from "./cards.mjs";

/** The table's legal actions of these kinds. */
export const legalOf = (table, ...kinds) => table.legal.filter((a) => kinds.includes(a.kind));

/** The move plays every one of ``kinds`` (each once) and maybe more. */
export function includes(action, kinds) {
  const have = action.cards.map(kindOf);
  return new Set(kinds).size === kinds.length && kinds.every((k) => have.includes(k));
}

/** The move plays exactly ``kinds``. */
export const exactly = (action, kinds) => action.cards.length === kinds.length && includes(action, kinds);

export function fitsSomething(table, kinds) {
  if (legalOf(table, "open", "add").some((a) => includes(a, kinds))) return true;
  return kinds.length === 1 && legalOf(table, "discard").some((a) => kindOf(a.card) === kinds[0]);
}

/** A new version keeps only a pick that still makes sense. */
export function prune(ui) {
  const view = ui.table.view;
  const hand = (view && view.hand) || [];
  const kinds = ui.picked.map(kindOf);
  if (!ui.picked.every((c) => hand.includes(c)) || (kinds.length && !fitsSomething(ui.table, kinds))) ui.picked = [];
  const payment = view && view.payment;
  const pairs = legalOf(ui.table, "choose_payment");
  if (!payment || !ui.keep.every((c) => pairs.some((a) => a.cards.includes(c)))) ui.keep = [];
}

/** The current pick's options: what each control would do now. */
export function options(ui) {
  const view = ui.table.view;
  const kinds = ui.picked.map(kindOf);
  const targets = new Map(); // place id -> the legal opens/adds of exactly the pick there
  if (kinds.length || view.held) {
    for (const action of legalOf(ui.table, "open", "add")) {
      if (!exactly(action, kinds)) continue;
      if (!targets.has(action.place)) targets.set(action.place, []);
      targets.get(action.place).push(action);
    }
  }
  const discard = kinds.length === 1 ? legalOf(ui.table, "discard").find((a) => kindOf(a.card) === kinds[0]) || null : null;
  const takes = new Map(legalOf(ui.table, "take").map((a) => [`${a.place}|${a.card}`, a]));
  const draws = new Map(legalOf(ui.table, "draw").map((a) => [a.source, a]));
  return { targets, discard, takes, draws };
}
