// Small DOM helpers: every text a page shows goes in with textContent (names and
// lines come from members and the catalog, never as HTML).

/** An element: el("button", {class: "card", dataset: {card: "F3"}, onclick}, "text", child...). */
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

/** An SVG element, for maps. */
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

/** A line of the channel's text (Discord markdown: **bold**, \-escapes) as nodes. */
export function rich(text) {
  const out = [];
  const parts = String(text).split("**");
  parts.forEach((part, index) => {
    const plain = part.replace(/\\(.)/g, "$1");
    if (!plain) return;
    out.push(index % 2 === 1 ? el("b", {}, plain) : document.createTextNode(plain));
  });
  return out;
}

const pluralRules = new Map(); // language -> Intl.PluralRules

/** The page's word for ``key``, with {name} parameters filled in; a word with plural
 * forms (the server sends them by CLDR category) takes the one ``params.count`` needs. */
export function format(words, key, params = {}, language = "en") {
  let text = words[key] ?? key;
  if (typeof text === "object") {
    if (!pluralRules.has(language)) pluralRules.set(language, new Intl.PluralRules(language));
    const category = pluralRules.get(language).select(Number(params.count ?? 0));
    text = text[category] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Two actions are the same move (the engine's JSON; key order aside). */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
