// Tir Nan Og Wars' cards and icons, drawn from the wire (cogs/tirnanog/page_state.py): a
// creature card shows its species' icon (each species its own shape as well as its own
// colour: icons/*.svg), a territory card its terrain's colour and icon, its value in the
// yellow circle, its requirement as creature icons and the VP it scores.
import { el } from "@gm/dom.mjs";

/** @typedef {import("./wire").TerritoryCard} TerritoryCard */
/** @typedef {import("./wire").Creatures} Creatures */
/** A word in the member's language (ctx.word).
 * @typedef {(key: string, params?: Record<string, unknown>) => string} Word */
/** How a card is lit for a pick (turn.mjs): may be picked, picked, or may not.
 * @typedef {"legal" | "picked" | "off"} PickState */
/** What a pick makes of a card: its state and the tap that changes the pick.
 * @typedef {{ state?: PickState, onclick?: () => void }} Pick */
/**
 * How a card is drawn.
 * @typedef {object} CardOpts
 * @property {string} [size] a size class (sm, hand)
 * @property {PickState} [state]
 * @property {() => void} [onclick] the card is a button
 * @property {boolean} [fresh] just arrived: shown arriving
 * @property {Record<string, string>} [data] more data-* attributes
 * @property {string | null} [badge] a corner mark (the plain's discount)
 */

/** One of the game's icons (icons/<name>.svg, page.css draws it as the span's background: one
 * image for the whole page, where an <img> each would ask for it again at every drawing).
 * @param {string} name
 * @param {string} [cls]
 * @param {string} [label] */
export function icon(name, cls = "tn-icon", label = "") {
  return el("span", { class: `tn-ico tn-i-${name} ${cls}`, role: label ? "img" : undefined, "aria-label": label || undefined });
}

/** A creature card; a button when ``opts.onclick`` is given (lit, picked or off).
 * @param {Word} word
 * @param {string} species
 * @param {CardOpts} [opts] */
export function creature(word, species, opts = {}) {
  const name = word(`tirnanog.page.species.${species}`);
  const attrs = {
    class: ["tn-creature", opts.size || "", opts.state || "", opts.fresh ? "tn-new" : ""].join(" ").trim(),
    dataset: { species, ...(opts.data || {}) },
    title: name,
    "aria-label": name,
  };
  const face = [icon(species, "tn-cicon"), el("span", { class: "tn-cname" }, name)];
  if (!opts.onclick) return el("div", attrs, ...face);
  return el(
    "button",
    { ...attrs, type: "button", disabled: opts.state === "off", "aria-pressed": opts.state === "picked" ? "true" : "false", onclick: opts.onclick },
    ...face,
  );
}

/** The name of a territory card in words: "Castle · value 3 · dragon, elf, ?".
 * @param {Word} word
 * @param {TerritoryCard} card */
export function territoryTitle(word, card) {
  if (!card.face_up) return word("tirnanog.page.face_down");
  const parts = [word(`tirnanog.page.terrain.${card.terrain}`), word("tirnanog.page.value", { count: card.value })];
  if (card.symbols.length) parts.push(card.symbols.map((s) => word(`tirnanog.page.species.${s}`)).join(", "));
  parts.push(word("tirnanog.page.scores", { count: card.vp }));
  if (card.power !== "none") parts.push(word(`tirnanog.power.${card.power}`));
  return parts.join(" · ");
}

/** A territory card (face down: its back); a button when ``opts.onclick`` is given.
 * @param {Word} word
 * @param {TerritoryCard} card
 * @param {CardOpts} [opts] */
export function territory(word, card, opts = {}) {
  const cls = ["tn-terr", opts.size || "", opts.state || "", opts.fresh ? "tn-new" : "", card.face_up ? "" : "down"];
  const attrs = {
    class: cls.join(" ").replace(/\s+/g, " ").trim(),
    dataset: { terrain: card.face_up ? card.terrain : "down", card: card.id, ...(opts.data || {}) },
    title: territoryTitle(word, card),
    "aria-label": territoryTitle(word, card),
  };
  const face = card.face_up
    ? [
        el("span", { class: "tn-tband" }, icon(card.terrain, "tn-ticon")),
        el("span", { class: "tn-value" }, String(card.value)),
        el("span", { class: "tn-symbols" }, ...card.symbols.map((s) => icon(s, "tn-sym"))),
        el("span", { class: "tn-vp" }, `${card.vp}`, icon("vp", "tn-vpicon")),
        opts.badge ? el("span", { class: "tn-badge" }, opts.badge) : null,
      ]
    : [el("span", { class: "tn-back" })];
  if (!opts.onclick) return el("div", attrs, ...face);
  return el(
    "button",
    { ...attrs, type: "button", disabled: opts.state === "off", "aria-pressed": opts.state === "picked" ? "true" : "false", onclick: opts.onclick },
    ...face,
  );
}

/** "3 ×[dragon]" chips: a bundle of creatures, each species with its icon.
 * @param {Word} word
 * @param {Creatures[]} creatures */
export function bundle(word, creatures) {
  if (!creatures.length) return el("span", { class: "tn-muted" }, word("tirnanog.page.none"));
  return el(
    "span",
    { class: "tn-bundle" },
    ...creatures.map((c) =>
      el("span", { class: "tn-chip", title: word(`tirnanog.page.species.${c.species}`), dataset: { species: c.species } }, icon(c.species, "tn-sym"), String(c.count)),
    ),
  );
}

/** A small count with its icon: the VP star, a hand of cards, the deck.
 * @param {string} name
 * @param {string} text
 * @param {string} title */
export function stat(name, text, title) {
  return el("span", { class: `tn-stat tn-s-${name}`, title }, icon(name, "tn-sicon"), el("span", {}, text));
}
