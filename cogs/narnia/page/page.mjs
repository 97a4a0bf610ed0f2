// Narnia's table in the Activity: the round (card, order of play, effects), the
// decision the member takes now (controls.mjs), the map (map.mjs),
// the battles throw by throw (battles.mjs), the players and the bags.
// Narnia hides nothing (spec §9), so every page sees the same view; the page
// decides nothing about the rules: it offers what table.legal holds and sends one
// of those actions (page.act), which the server checks again.
import { el, rich } from "@gm/dom.mjs";
import { definePage } from "@gm/page.mjs";
import { drawBattles } from "./battles.mjs";
import { decide } from "./controls.mjs";
import { drawMap, legend, markIcon } from "./map.mjs";

// Kept across versions: the earlier battles' list, open or not.
const earlier = { value: false };

export default definePage({
  url: import.meta.url,
  styles: ["page.css"],
  // The choice under way (map taps, tokens picked): a new state starts it afresh.
  fresh: () => ({ sel: { from: null, to: null, picked: [] } }),
  draw,
  drawn: (root) => {
    // The focused control keeps the focus when the table is drawn again (keyboards).
    if (!focused) return;
    const nodes = root instanceof Element ? [...root.querySelectorAll("[data-territory], [data-token-index], [data-kind], [data-option]")] : [];
    const again = nodes.find((node) => focusKey(node) === focused);
    if (again instanceof HTMLElement) again.focus();
  },
});

let focused = null;

function draw(page) {
  const { table } = page;
  const view = table.view;
  if (!view || !page.data.map) return null; // the lobby: the prompt says what is going on
  focused = focusKey(document.activeElement);
  const ctx = context(table, page);
  const { panel, cells } = decide(table, page.local.sel, ctx);
  const battle = view.battles.length && (view.battles[view.battles.length - 1].result === null || view.phase === "invade");
  const current = battle ? view.battles[view.battles.length - 1] : null;
  return el(
    "div",
    { class: "nb", dataset: { phase: view.phase, mine: panel ? "yes" : "no" } },
    el(
      "div",
      { class: "nb-mapbox" },
      drawMap(page.data, view, cells, current ? [current.source, current.target] : [], ctx.t),
      legend(page.data, view, ctx.t, { choosing: [...cells.values()].some((c) => c.onClick), battle: Boolean(current) }),
    ),
    el("div", { class: "nb-side" }, status(view, ctx), panel, drawBattles(view, ctx, earlier), players(table, view, ctx)),
  );
}

/** What a focused control is, so that it keeps the focus when the table is drawn again (keyboards). */
function focusKey(node) {
  if (!node || !node.dataset || !node.closest || !node.closest(".nb")) return null;
  const { territory, tokenIndex, kind, option } = node.dataset;
  if (territory !== undefined) return `t:${territory}`;
  if (tokenIndex !== undefined) return `i:${tokenIndex}`;
  if (option !== undefined) return `o:${option}`;
  if (kind !== undefined) return `k:${kind}`;
  return null;
}

function context(table, page) {
  const view = table.view;
  const t = (key, params) => page.word(key, params);
  const name = (seat) => (table.seats[seat] ? table.seats[seat].name : "?");
  return {
    t,
    count: (key, n, params) => page.word(key, { count: n, ...params }), // its plural form for n
    view,
    name,
    who: (seat) => (seat === null || seat === undefined ? t("narnia.ui.witch") : name(seat)),
    style: page.data.style,
    colours: view.seats.map((s) => s.colour),
    act: (action) => page.act(action),
    choose: (sel) => {
      page.local.sel = { from: null, to: null, picked: [], ...sel };
      page.redraw();
    },
  };
}

/** The round: its card and what it does, the order of play, the round's effects. */
function status(view, ctx) {
  const { t, name } = ctx;
  const title = !view.round
    ? t("narnia.page.setup")
    : view.round_cap === null
      ? t("narnia.page.round", { round: view.round })
      : t("narnia.page.round_capped", { round: view.round, cap: view.round_cap });
  const box = el("section", { class: "nb-status" }, el("h2", { class: "nb-round" }, title));
  const courage = view.phase === "courage" && view.courage_cards.length;
  const card = courage ? view.courage_cards[view.courage_cards.length - 1] : view.round_card;
  if (card && view.drawer !== null && view.phase !== "over") {
    box.append(
      el(
        "div",
        { class: "nb-card", dataset: { card } },
        el("span", { class: "nb-card-name" }, `🃏 ${t(`narnia.card.${card}`)}`),
        el("span", { class: "nb-card-text" }, ...rich(t(`narnia.card_text.${card}`, { seat: name(view.drawer) }))),
        courage ? el("span", { class: "nb-card-note" }, t("narnia.page.courage_card")) : null,
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
  const said = (type) => card === view.round_card && String(card).startsWith(type);
  if (e.blizzard !== null && !said("blizzard")) effects.push(t("narnia.ui.effect_blizzard", { seat: name(e.blizzard) }));
  if (e.aslan !== null && (e.aslan_used || !said("aslans_strength"))) {
    effects.push(t(e.aslan_used ? "narnia.ui.effect_aslan_used" : "narnia.ui.effect_aslan", { seat: name(e.aslan) }));
  }
  if (e.invincible !== null && !said("invincible_strength")) effects.push(t("narnia.ui.effect_invincible", { seat: name(e.invincible) }));
  if (effects.length && view.phase !== "over") {
    box.append(el("ul", { class: "nb-effects", "aria-label": t("narnia.page.effects") }, ...effects.map((line) => el("li", {}, ...rich(line)))));
  }
  return box;
}

/** Each player (mark, name, territories, tokens, out), the Witch, the bags and the deck. */
function players(table, view, ctx) {
  const { t } = ctx;
  const rows = view.seats.map((s) => {
    const seat = table.seats[s.seat] || { name: "?", ai: false };
    const tags = [];
    if (s.seat === table.seat) tags.push(t("activity.page.you"));
    if (seat.ai) tags.push(t("activity.page.ai"));
    const acting = view.actor === s.seat;
    return el(
      "li",
      { class: `nb-player${s.eliminated ? " out" : ""}${acting ? " acting" : ""}`, dataset: { seat: String(s.seat) } },
      markIcon(ctx.style, s.colour, 20),
      el("span", { class: "nb-pname" }, seat.name, tags.length ? el("small", {}, ` (${tags.join(", ")})`) : null),
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

function bags(view, ctx) {
  const { t } = ctx;
  const bag = (key, counts) =>
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
