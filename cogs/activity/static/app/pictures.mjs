// Emoji drawn as the project's pictures: the channel's words keep their emoji (Discord has
// the font), a page may lack it (empty boxes). A page names its pictures (definePage's
// ``pictures``: emoji → SVG beside the module); every emoji of those in the text it draws,
// and in the shell's prompt and log for its game, becomes that picture.
import { el } from "./dom.mjs";

const VS16 = "\ufe0f"; // the emoji presentation selector: "⚔️" is "⚔" and VS16

/** A page's pictures as a matcher: ``pattern`` finds their emoji, ``urls`` has each one's picture.
 * @typedef {{ pattern: RegExp, urls: Record<string, string> }} PictureSet */

/** ``pictures`` (emoji → URL) as a matcher: longest emoji first, each with an optional VS16.
 * @param {Record<string, string>} pictures
 * @returns {PictureSet | null} */
export function pictureSet(pictures) {
  const keys = Object.keys(pictures || {}).map((key) => key.replaceAll(VS16, ""));
  if (!keys.length) return null;
  keys.sort((a, b) => b.length - a.length);
  const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const urls = Object.fromEntries(Object.entries(pictures).map(([key, url]) => [key.replaceAll(VS16, ""), url]));
  return { pattern: new RegExp(`(${keys.map(escape).join("|")})${VS16}?`, "gu"), urls };
}

/** Every emoji of ``set`` in the text under ``root`` (SVG text aside) drawn as its picture.
 * @param {Node | null} root
 * @param {PictureSet | null} set */
export function pictured(root, set) {
  if (!root || !set) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  /** @type {Text[]} */
  const found = [];
  // SHOW_TEXT: the walker gives text nodes only
  const next = () => /** @type {Text | null} */ (walker.nextNode());
  for (let node = next(); node; node = next()) {
    if (node.parentElement && node.parentElement.namespaceURI === "http://www.w3.org/2000/svg") continue;
    set.pattern.lastIndex = 0;
    if (set.pattern.test(node.data)) found.push(node);
  }
  for (const node of found) {
    const pieces = node.data.split(set.pattern);
    // split keeps the captured emoji at odd places
    const nodes = pieces.map((piece, index) =>
      index % 2
        ? el("img", { class: "pic", src: set.urls[piece], alt: piece, draggable: "false", dataset: { emoji: piece } })
        : piece,
    );
    node.replaceWith(...nodes.filter((piece) => piece !== ""));
  }
}

/** A button's word: its pictures, then the word in a label that picture-in-picture leaves out
 * (table.css), so a decision's prompt keeps the bar's room ("💡 Suggerimento" took half of it);
 * the word, pictures aside, stays the button's name and title.
 * @param {HTMLElement} button
 * @param {string} text
 * @param {PictureSet | null} set */
export function toolWord(button, text, set) {
  button.textContent = text;
  pictured(button, set);
  const label = set ? text.replace(set.pattern, "").trim() : text;
  button.title = label;
  button.setAttribute("aria-label", label);
  for (const node of [...button.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE && (node.textContent || "").trim()) {
      node.replaceWith(el("span", { class: "label" }, node.textContent || "")); // its space after the picture too
    }
  }
}
