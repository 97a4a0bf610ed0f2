// Akelarre's pictures, drawn for the page (icons/*.svg): one per family, told apart by
// shape as well as colour, and the table's signs (joker, favourite, meeting place, point
// pile, a card to take, a hand's cards). No emoji font needed: a missing one drew boxes.
import { el } from "@gm/dom.mjs";
import { nodesOf } from "@gm/said.mjs";

/** The picture ``name`` (a family: "fairies" …, or a sign: "joker", "star", "place",
 * "captured", "hand", "back") as an image; ``label`` for a reader where it stands alone.
 * @param {string} name
 * @param {{cls?: string, label?: string}} [options]
 * @returns {HTMLImageElement} */
export function icon(name, { cls = "ak-icon", label = "" } = {}) {
  const src = new URL(`./icons/${name}.svg`, import.meta.url).href;
  return el("img", {
    class: cls,
    src,
    alt: label,
    "aria-hidden": label ? null : "true",
    draggable: "false",
    dataset: { icon: name },
  });
}

/** A family's name with its picture, not its emoji ("🧚 Fairies" → [fairies] Fairies).
 * @param {string} name
 * @param {string} family */
export function familyTag(name, family) {
  return el("span", { class: "ak-fam", dataset: { family } }, icon(family), withoutEmoji(name));
}

/** A catalog word without the emoji it starts with (the channel's, drawn here as icons).
 * @param {unknown} text */
export function withoutEmoji(text) {
  return String(text).replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, "");
}

/** A word whose parameters may be nodes (a family's tag): see said.mjs. */
export { nodesOf };
