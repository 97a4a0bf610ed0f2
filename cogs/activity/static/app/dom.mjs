// Small DOM helpers: every text a page shows goes in with textContent (names and
// lines come from members and the catalog, never as HTML).

/** An element's attributes: "class", "text", "dataset" (an object), "on<event>" (a
 * listener), the rest set as attributes (true: present; false, null, undefined: left out).
 * @typedef {Record<string, any>} Attrs */
/** What an element holds: nodes, and texts (numbers shown as text); null, undefined and false are left out.
 * @typedef {Node | string | number | boolean | null | undefined} Child */
/** A word by catalog key: its text, or its CLDR plural forms (category → text).
 * @typedef {Record<string, string | Record<string, string>>} Words */

/** An element: el("button", {class: "card", dataset: {card: "F3"}, onclick}, "text", child...).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]} */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An SVG element, for maps.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {SVGElementTagNameMap[K]} */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A line of the channel's text (Discord markdown: **bold**, \-escapes) as nodes.
 * @param {string} text
 * @returns {Node[]} */
export function rich(text) {
  /** @type {Node[]} */
  const out = [];
  const parts = String(text).split("**");
  parts.forEach((part, index) => {
    const plain = part.replace(/\\(.)/g, "$1");
    if (!plain) return;
    out.push(index % 2 === 1 ? el("b", {}, plain) : document.createTextNode(plain));
  });
  return out;
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map(); // language -> Intl.PluralRules

/** The page's word for ``key``, with {name} parameters filled in; a word with plural
 * forms (the server sends them by CLDR category) takes the one ``params.count`` needs.
 * @param {Words} words
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @param {string} [language]
 * @returns {string} */
export function format(words, key, params = {}, language = "en") {
  const found = words[key] ?? key;
  /** @type {string} */
  let text;
  if (typeof found === "object") {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    const category = rules.select(Number(params.count ?? 0));
    text = found[category] ?? found.other;
  } else text = found;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Two actions are the same move (the engine's JSON; key order aside).
 * @param {unknown} a
 * @param {unknown} b */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

/** @param {unknown} value
 * @returns {string} */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const fields = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(fields)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(fields[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
