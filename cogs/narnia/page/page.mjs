// Narnia's table in the Activity: the round (card, order of play, effects), the
// decision the member takes now (controls.mjs), the map (map.mjs),
// the battles throw by throw (battles.mjs), the players and the bags.
// Narnia hides nothing (spec §9), so every page sees the same view; the page
// decides nothing about the rules: it offers what table.legal holds and sends one
// of those actions (page.act), which the server checks again.
import { el, rich } from "@gm/dom.mjs";
import { definePage } from "@gm/page.mjs";
import { nameTag } from "@gm/said.mjs";
import { drawBattles } from "./battles.mjs";
import { decide } from "./controls.mjs";
import { drawMap, legend, markIcon } from "./map.mjs";

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./map.mjs").PageData} PageData */
/** The choice under way: the territory tapped first, the second, the tokens picked.
 * @typedef {{ from: string | null, to: string | null, picked: number[] }} Sel */
/** @typedef {import("@gm/page.mjs").PageContext<View, Action, { sel: Sel }>} Page */
/** A word by catalog key, with its parameters.
 * @typedef {(key: string, params?: Record<string, unknown>) => string} Word */
/** What the page's parts draw with (context).
 * @typedef {ReturnType<typeof context>} Ctx */

// Kept across versions: the earlier battles' list, open or not.
const earlier = { value: false };
// The control focused when the board was last drawn, as focusKey names it.
/** @type {string | null} */
let focused = null;

export default definePage({
  url: import.meta.url,
  styles: ["page.css"],
  // The channel's emoji in the page's words, drawn as the page's pictures (icons/): no emoji font needed.
  pictures: {
    "⚔️": "icons/attack.svg",
    "🚶": "icons/move.svg",
    "❄️": "icons/witch.svg",
    "➕": "icons/reinforce.svg",
    "🦁": "icons/aslan.svg",
    "➡️": "icons/invade.svg",
    "🏳️": "icons/conquered.svg",
    "⏭️": "icons/pass.svg",
    "🌨️": "icons/blizzard.svg",
    "💪": "icons/invincible.svg",
    "✅": "icons/yes.svg",
    "❌": "icons/no.svg",
    "🎲": "icons/dice.svg",
    "⏸️": "icons/wait.svg",
    "🛡️": "icons/shield.svg",
    "🃏": "icons/card.svg",
    "✋": "icons/keep.svg",
    "🔕": "icons/quiet.svg",
    "↩️": "icons/undo.svg",
  },
  // The choice under way (map taps, tokens picked): a new state starts it afresh.
  fresh: () => ({ sel: { from: null, to: null, picked: [] } }),
  draw,
  drawn: (root) => {
    // The focused control keeps the focus when the table is drawn again (keyboards).
    if (!focused || !(root instanceof Element)) return;
    const nodes = [...root.querySelectorAll("[data-territory], [data-token-index], [data-kind], [data-option]")];
    const again = nodes.find((node) => focusKey(node) === focused);
    if (again instanceof HTMLElement) again.focus();
  },
});

/** @param {Page} page */
function draw(page) {
  const { table } = page;
  const view = table.view;
  const data = /** @type {PageData} */ (page.data); // page_map.py's, sent once
  if (!view || !data.map) return null; // the lobby: the prompt says what is going on
  focused = focusKey(document.activeElement);
  const ctx = context(table, page, data);
  const { panel, cells } = decide(table, page.local.sel, ctx);
  const last = view.battles.length ? view.battles[view.battles.length - 1] : null;
  const current = last && (last.result === null || view.phase === "invade") ? last : null;
  return el(
    "div",
    { class: "nb", dataset: { phase: view.phase, mine: panel ? "yes" : "no" } },
    el(
      "div",
      { class: "nb-mapbox" },
      drawMap(data, view, cells, current ? [current.source, current.target] : [], ctx.t),
      legend(data, view, ctx.t, { choosing: [...cells.values()].some((c) => c.onClick), battle: Boolean(current) }),
    ),
    el("div", { class: "nb-side" }, status(view, ctx), panel, drawBattles(view, ctx, earlier), players(table, view, ctx)),
  );
}

/** What a focused control is, so that it keeps the focus when the table is drawn again (keyboards).
 * @param {Element | null} node */
function focusKey(node) {
  if (!(node instanceof HTMLElement || node instanceof SVGElement)) return null;
  if (!node || !node.dataset || !node.closest || !node.closest(".nb")) return null;
  const { territory, tokenIndex, kind, option } = node.dataset;
  if (territory !== undefined) return `t:${territory}`;
  if (tokenIndex !== undefined) return `i:${tokenIndex}`;
  if (option !== undefined) return `o:${option}`;
  if (kind !== undefined) return `k:${kind}`;
  return null;
}

/** @param {Page["table"]} table
 * @param {Page} page
 * @param {PageData} data */
function context(table, page, data) {
  const view = table.view;
  /** @type {Word} */
  const t = (key, params) => page.word(key, params);
  /** A seat's name: "You" on the member's own page (the shell's ctx.name). */
  const name = (/** @type {number | null} */ seat) => page.name(seat);
  /** Whether ``seat`` is the member's own: the page says "you" to them, in the second person. */
  const mine = (/** @type {number | null | undefined} */ seat) => seat !== null && seat !== undefined && seat === table.seat;
  return {
    t,
    /** @type {(key: string, n: number, params?: Record<string, unknown>) => string} */
    count: (key, n, params) => page.word(key, { count: n, ...params }), // its plural form for n
    view,
    name,
    mine,
    /**
     * A line that names ``seat``: the channel's (``narnia.ui.<name>``), or, to the member
     * about themselves, the page's second-person one (``narnia.page.<name>_you``).
     * @param {string} key the line's name
     * @param {number | null | undefined} seat the seat it is about
     * @param {Record<string, unknown>} [params] */
    said: (key, seat, params) => t(mine(seat) ? `narnia.page.${key}_you` : `narnia.ui.${key}`, params),
    /** @param {number | null | undefined} seat */
    who: (seat) => (seat === null || seat === undefined ? t("narnia.ui.witch") : name(seat)),
    style: data.style,
    colours: view.seats.map((s) => s.colour),
    /** @param {Action} action */
    act: (action) => page.act(action),
    /** @param {Partial<Sel>} sel */
    choose: (sel) => {
      page.local.sel = { from: null, to: null, picked: [], ...sel };
      page.redraw();
    },
  };
}

/** The round: its card and what it does, the order of play, the round's effects.
 * @param {View} view
 * @param {Ctx} ctx */
function status(view, ctx) {
  const { t, name } = ctx;
  const title = !view.round
    ? t("narnia.page.setup")
    : view.round_cap === null
      ? t("narnia.page.round", { round: view.round })
      : t("narnia.page.round_capped", { round: view.round, cap: view.round_cap });
  const box = el("section", { class: "nb-status" }, el("h2", { class: "nb-round" }, title));
  const courage = view.phase === "courage" && view.courage_cards.length > 0;
  const card = courage ? view.courage_cards[view.courage_cards.length - 1] : view.round_card;
  if (card && view.drawer !== null && view.phase !== "over") {
    box.append(
      el(
        "div",
        { class: "nb-card", dataset: { card } },
        el("span", { class: "nb-card-name" }, `🃏 ${t(`narnia.card.${card}`)}`),
        el("span", { class: "nb-card-text" }, ...rich(cardText(card, view.drawer, ctx))),
      ),
    );
  }
  if (!view.round && view.setup_order.length) {
    // Set-up: the order of placement (NA-3.3), whoever places now marked.
    const order = view.setup_order.map((seat) =>
      el(
        "span",
        { class: `nb-seq${seat === view.actor ? " now" : ""}`, dataset: { seat: String(seat) } },
        markIcon(ctx.style, ctx.colours[seat], 14),
        name(seat),
      ),
    );
    box.append(el("div", { class: "nb-order" }, el("span", { class: "nb-label" }, t("narnia.page.setup_order")), ...order));
  }
  if (view.sequence.length && view.round && view.phase !== "over" && !courage) {
    const order = view.sequence.map((seat, index) =>
      el(
        "span",
        { class: `nb-seq${index === view.turn_index ? " now" : index < view.turn_index ? " done" : ""}`, dataset: { seat: String(seat) } },
        markIcon(ctx.style, ctx.colours[seat], 14),
        name(seat),
      ),
    );
    box.append(el("div", { class: "nb-order" }, el("span", { class: "nb-label" }, t("narnia.page.order")), ...order));
  }
  // The round's effects, where the card shown does not say them already (Aslan's once used).
  const effects = [];
  const e = view.effects;
  const shown = (/** @type {string} */ type) => card === view.round_card && String(card).startsWith(type);
  if (e.blizzard !== null && !shown("blizzard")) effects.push(ctx.said("effect_blizzard", e.blizzard, { seat: name(e.blizzard) }));
  if (e.aslan !== null && (e.aslan_used || !shown("aslans_strength"))) {
    effects.push(ctx.said(e.aslan_used ? "effect_aslan_used" : "effect_aslan", e.aslan, { seat: name(e.aslan) }));
  }
  if (e.invincible !== null && !shown("invincible_strength")) effects.push(ctx.said("effect_invincible", e.invincible, { seat: name(e.invincible) }));
  if (effects.length && view.phase !== "over") {
    box.append(el("ul", { class: "nb-effects", "aria-label": t("narnia.page.effects") }, ...effects.map((line) => el("li", {}, ...rich(line)))));
  }
  return box;
}

/** What a round card does, said to whom it names: "you" on their own page
 * (``narnia.page.card_you.<kind>``: a card's kind is its key without its number).
 * @param {string} card
 * @param {number} drawer
 * @param {Ctx} ctx */
function cardText(card, drawer, ctx) {
  const own = `narnia.page.card_you.${card.replace(/_\d+$/, "")}`;
  const text = ctx.mine(drawer) ? ctx.t(own) : own;
  // A card that names no one (Evil Spell, Terror) has no second-person line: its own is the same to all.
  return text !== own ? text : ctx.t(`narnia.card_text.${card}`, { seat: ctx.name(drawer) });
}

/** Each player (mark, name, territories, tokens, out), the Witch, the bags and the deck.
 * @param {Page["table"]} table
 * @param {View} view
 * @param {Ctx} ctx */
function players(table, view, ctx) {
  const { t } = ctx;
  const rows = view.seats.map((s) => {
    const seat = table.seats[s.seat] || { name: "?", ai: false };
    const acting = view.actor === s.seat;
    const me = ctx.mine(s.seat);
    // The member's own row says "You" (as every page does), their name on hover.
    const shown = me ? el("bdi", { class: "name", title: seat.name }, ctx.name(s.seat)) : nameTag(seat.name);
    return el(
      "li",
      { class: `nb-player${s.eliminated ? " out" : ""}${acting ? " acting" : ""}${me ? " me" : ""}`, dataset: { seat: String(s.seat) } },
      markIcon(ctx.style, s.colour, 20),
      el("span", { class: "nb-pname" }, shown, seat.ai ? el("small", {}, ` (${t("activity.page.ai")})`) : null),
      el(
        "span",
        { class: "nb-pscore" },
        s.eliminated ? t("narnia.page.eliminated") : `${ctx.count("narnia.ui.territories", s.territories)} · ${ctx.count("narnia.ui.tokens", s.tokens)}`,
      ),
    );
  });
  const witch = view.territories.filter((tv) => tv.owner === null && !tv.free);
  const witchTokens = witch.reduce((sum, tv) => sum + tv.stack.length, 0);
  rows.push(
    el(
      "li",
      { class: "nb-player witch", dataset: { seat: "witch" } },
      markIcon(ctx.style, null, 20),
      el("span", { class: "nb-pname" }, t("narnia.page.witch")),
      el("span", { class: "nb-pscore" }, `${ctx.count("narnia.ui.territories", witch.length)} · ${ctx.count("narnia.ui.tokens", witchTokens)}`),
    ),
  );
  const section = el("section", { class: "nb-players" }, el("h2", {}, t("narnia.page.players")), el("ul", {}, ...rows));
  if (view.round) section.append(bags(view, ctx));
  return section;
}

/** @param {View} view
 * @param {Ctx} ctx */
function bags(view, ctx) {
  const { t } = ctx;
  const bag = (/** @type {string} */ key, /** @type {Record<string, number>} */ counts) =>
    el(
      "li",
      { class: "nb-bag", dataset: { bag: key } },
      el("span", {}, t(`narnia.page.bag_${key}`)),
      ...[1, 2, 3].map((value) => el("span", { class: "nb-bagcount" }, t("narnia.page.bag_value", { value, count: counts[value] ?? 0 }))),
    );
  return el(
    "div",
    { class: "nb-bags" },
    el("h2", {}, t("narnia.page.bags")),
    el("ul", {}, bag("peter", view.peter_bag), bag("witch", view.witch_bag), el("li", {}, ctx.count("narnia.ui.deck", view.deck_count))),
  );
}
