// The table's words as the server marks them (cogs/activity/marked.py): plain text,
// and {seat: n} where a seat's name stands. A name is drawn from the seats, as text
// (never parsed: "**Al*ice`_" shows as typed), in a tag that keeps it whole: cut
// to fit, its full name is on hover (title) and a tap shows it all (nameTag).
import { el } from "./dom.mjs";

/** One marked text (cogs/activity/wire.py's ``Said``): plain strings, and where a seat's name stands.
 * @typedef {(string | import("./wire").SeatPart)[]} Said */

/** A member's name, safe and never cut for good: every page draws names with it.
 * @param {string} name
 * @param {import("./dom.mjs").Attrs} [attrs]
 * @returns {HTMLElement} */
export function nameTag(name, attrs = {}) {
  const text = String(name);
  return el(
    "bdi",
    {
      ...attrs,
      class: `name${attrs.class ? ` ${attrs.class}` : ""}`,
      title: text,
      // A tap (a phone has no hover) shows the whole name in place, another cuts it again.
      onclick: (/** @type {MouseEvent} */ event) => {
        const tag = /** @type {HTMLElement} */ (event.currentTarget);
        if (tag.scrollWidth <= tag.clientWidth && !tag.classList.contains("whole")) return;
        event.stopPropagation();
        tag.classList.toggle("whole");
      },
    },
    text,
  );
}

/** One marked text as nodes: ``parts`` a list of strings and {seat}; ``name(seat)``
 * the seat's name (a plain string: the server sends markdown nowhere in them).
 * @param {Said | string | null} parts
 * @param {(seat: number) => string} name
 * @returns {Node[]} */
export function said(parts, name) {
  if (typeof parts === "string") return [document.createTextNode(parts)];
  return (parts || []).map((part) =>
    typeof part === "string" ? document.createTextNode(part) : nameTag(name(part.seat), { dataset: { seat: part.seat } }),
  );
}

/** A catalog word as nodes where some parameters are nodes (a name tag, an icon):
 * ``word(key, params)`` formats it as usual, each node standing where its {name} is.
 * @param {(key: string, params?: Record<string, unknown>) => string} word
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {(string | Node)[]} */
export function nodesOf(word, key, params = {}) {
  /** @type {Record<string, Node>} */
  const nodes = {};
  /** @type {Record<string, unknown>} */
  const flat = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof Node) {
      nodes[name] = value;
      flat[name] = `\ue010${name}\ue011`;
    } else flat[name] = value;
  }
  return String(word(key, flat))
    .split(/\ue010(\w+)\ue011/)
    .map((piece, index) => {
      if (!(index % 2)) return piece;
      const node = nodes[piece];
      nodes[piece] = node.cloneNode(true); // a word naming it twice gets a copy the second time
      return node;
    })
    .filter((piece) => piece !== "");
}
