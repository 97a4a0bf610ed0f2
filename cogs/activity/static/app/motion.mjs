// What changed, shown: any game's page may use these. Short (MOTION_MS at most) and
// off for a member who asks for less motion (prefers-reduced-motion): then nothing
// moves, and the page is drawn as it is. The CSS side (the flash, the roll) is in
// table.css, under the same media query.

export const MOTION_MS = 360;
/** A node that may carry ``data-*`` marks: an HTML element, or an SVG shape (a map's).
 * @typedef {HTMLElement | SVGElement} Marked */

/** The nodes of ``root`` that carry ``data-<key>`` (the selector makes them elements).
 * @param {ParentNode} root
 * @param {string} key */
const marked = (root, key) => /** @type {NodeListOf<Marked>} */ (root.querySelectorAll(`[data-${key}]`));
const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Whether the page may animate now. */
export function moving() {
  return !reduced();
}

/** Where the nodes of ``root`` that carry ``data-<key>`` are now: key → rect. Taken
 * before a redraw, handed to ``flip`` after it (First, Last, Invert, Play).
 * @param {ParentNode | null} root
 * @param {string} [key]
 * @returns {Map<string | undefined, DOMRect>} */
export function places(root, key = "flip") {
  /** @type {Map<string | undefined, DOMRect>} */
  const out = new Map();
  if (!root || reduced()) return out;
  for (const node of marked(root, key)) out.set(node.dataset[key], node.getBoundingClientRect());
  return out;
}

/** Each node of ``root`` that was somewhere else in ``before`` glides from there to its
 * place; a node that was nowhere (new) flashes once. Returns the animations started.
 * @param {ParentNode | null} root
 * @param {Map<string | undefined, DOMRect>} before what ``places`` took
 * @param {string} [key]
 * @param {{ flashNew?: boolean }} [options]
 * @returns {Animation[]} */
export function flip(root, before, key = "flip", { flashNew = false } = {}) {
  /** @type {(Animation | null)[]} */
  const started = [];
  if (!root || reduced() || !before.size) return [];
  for (const node of marked(root, key)) {
    const was = before.get(node.dataset[key]);
    if (!was) {
      if (flashNew) started.push(flash(node));
      continue;
    }
    const now = node.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    started.push(
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: MOTION_MS,
        easing: "cubic-bezier(.2,.7,.3,1)",
      }),
    );
  }
  return started.filter((animation) => animation !== null);
}

/** A short glow on ``node``: it is what just changed. An SVG shape whose ``was`` is its
 * former fill (a map's territory taken) turns from that colour to its new one.
 * @param {Element | null} node
 * @param {string | null} [was]
 * @returns {Animation | null} */
export function flash(node, was = null) {
  if (!node || reduced() || !node.animate) return null;
  const now = node.getAttribute("fill");
  const frames =
    node instanceof SVGElement
      ? was && now
        ? [{ fill: was, opacity: 0.6 }, { fill: now, opacity: 1 }]
        : [{ opacity: 0.25 }, { opacity: 1 }]
      : [{ filter: "brightness(1.9) saturate(1.4)" }, { filter: "none" }];
  return node.animate(frames, { duration: MOTION_MS, easing: "ease-out" });
}

/** ``node`` rolls (a die just thrown): a quick spin and settle.
 * @param {Element | null} node
 * @returns {Animation | null} */
export function roll(node) {
  if (!node || reduced() || !node.animate) return null;
  return node.animate(
    [
      { transform: "rotate(-200deg) scale(.6)", opacity: 0.4 },
      { transform: "rotate(20deg) scale(1.1)", opacity: 1, offset: 0.7 },
      { transform: "none" },
    ],
    { duration: MOTION_MS, easing: "ease-out" },
  );
}

/** The values of ``now`` that differ from ``before`` (two maps key → value): what to flash.
 * @template K, V
 * @param {Map<K, V>} before
 * @param {Map<K, V>} now
 * @returns {K[]} */
export function changed(before, now) {
  /** @type {K[]} */
  const out = [];
  for (const [key, value] of now) if (before.has(key) && before.get(key) !== value) out.push(key);
  return out;
}
