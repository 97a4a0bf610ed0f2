// What the member may pick, from ``table.legal`` alone: the page knows no rule. Creatures
// are interchangeable within a species, so every move names species (games/tirnanog/
// actions.py); a pick is a list of species, and a card may join it when some legal move
// holds the pick with that card added. A move is sent when the pick is exactly one of them.

/** @typedef {import("./wire").Action} Action */

/**
 * Species -> how many, of a list of species.
 * @param {readonly string[]} list
 * @returns {Map<string, number>}
 */
export function tally(list) {
  /** @type {Map<string, number>} */
  const out = new Map();
  for (const item of list) out.set(item, (out.get(item) || 0) + 1);
  return out;
}

/**
 * Every card of ``part`` is in ``whole`` (as multisets).
 * @param {readonly string[]} part
 * @param {readonly string[]} whole
 */
export function within(part, whole) {
  const have = tally(whole);
  for (const [item, count] of tally(part)) if ((have.get(item) || 0) < count) return false;
  return true;
}

/** @param {readonly string[]} a @param {readonly string[]} b */
export const same = (a, b) => a.length === b.length && within(a, b);

/**
 * The legal moves of one kind.
 * @template {Action["kind"]} K
 * @param {readonly Action[]} legal
 * @param {K} kind
 * @returns {Extract<Action, { kind: K }>[]}
 */
export const ofKind = (legal, kind) => /** @type {Extract<Action, { kind: K }>[]} */ (legal.filter((action) => action.kind === kind));

/**
 * The legal species lists of ``moves`` (``field``: species or payment).
 * @template {string} F
 * @param {readonly Record<F, string[]>[]} moves
 * @param {F} field
 * @returns {string[][]}
 */
export const lists = (moves, field) => moves.map((move) => move[field]);

/**
 * ``species`` may join ``picked``: some option holds both.
 * @param {readonly string[][]} options
 * @param {readonly string[]} picked
 * @param {string} species
 */
export const joinable = (options, picked, species) => options.some((option) => within([...picked, species], option));

/**
 * The option the pick is exactly, if any.
 * @param {readonly string[][]} options
 * @param {readonly string[]} picked
 */
export const exactly = (options, picked) => options.find((option) => same(option, picked));

/**
 * The legal move of ``moves`` whose ``field`` is exactly ``picked``.
 * @template {string} F
 * @template {Record<F, string[]>} M
 * @param {readonly M[]} moves
 * @param {F} field
 * @param {readonly string[]} picked
 * @returns {M | undefined}
 */
export function moveFor(moves, field, picked) {
  return moves.find((move) => same(move[field], picked));
}

/**
 * A pick of card indices kept only where those cards may still be picked, in order.
 * @param {readonly number[]} indices
 * @param {readonly string[]} cards
 * @param {readonly string[][]} options
 * @returns {number[]}
 */
export function pruned(indices, cards, options) {
  /** @type {number[]} */
  const out = [];
  for (const index of indices) {
    if (index < cards.length && joinable(options, out.map((i) => cards[i]), cards[index])) out.push(index);
  }
  return out;
}

/**
 * Add ``index`` to the pick, or take it out.
 * @param {readonly number[]} indices
 * @param {number} index
 * @returns {number[]}
 */
export function toggled(indices, index) {
  return indices.includes(index) ? indices.filter((i) => i !== index) : [...indices, index];
}
