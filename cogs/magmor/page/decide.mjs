// The decision under way, for the member who takes it and for everyone watching: the
// candidates (explore one for a card, or cross it), the split (split.mjs), the toll
// (pay a whole category in one tap, or pass), Mag Mor's two cards. Every button is one of
// table.legal, sent as listed; the page decides nothing about the rules.
import { el } from "@gm/dom.mjs";
import { bundle, counted, icon, res } from "./icons.mjs";
import { face } from "./face.mjs";
import { split } from "./split.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./wire").Cell} Cell */
/** @typedef {import("@gm/dom.mjs").Child} Child */

/** Each phase's decision, as the nodes of its section.
 * @type {Record<import("./wire").View["phase"], (ctx: Ctx) => Child[]>} */
const PARTS = { choose, split, pay, magmor: atMagmor, over };

/** The decision under way, for whoever looks.
 * @param {Ctx} ctx */
export function decision(ctx) {
  const v = ctx.view;
  const body = PARTS[v.phase] ? PARTS[v.phase](ctx) : null;
  return el("section", { class: "mm-decide", dataset: { phase: v.phase } }, body, look(ctx));
}

/** A button for one legal action, named by it (data-act, data-cell, data-res, data-cards).
 * @param {Ctx} ctx
 * @param {Action} action
 * @param {string} cls
 * @param {...(Child | Child[])} content */
function act(ctx, action, cls, ...content) {
  /** @type {Record<string, string>} */
  const data = { act: action.kind };
  if ("cell" in action) data.cell = action.cell;
  if ("resource" in action) data.res = action.resource;
  if ("cards" in action) data.cards = Object.keys(action.cards).sort().map((r) => `${r}${action.cards[r]}`).join("+");
  return el("button", { type: "button", class: `mm-btn ${cls}`, dataset: data, onclick: () => ctx.act(action) }, ...content);
}

/** The legal actions of one kind.
 * @template {Action["kind"]} K
 * @param {Ctx} ctx
 * @param {K} kind
 * @returns {Extract<Action, { kind: K }>[]} */
function legalOf(ctx, kind) {
  return /** @type {Extract<Action, { kind: K }>[]} */ (ctx.legal.filter((a) => a.kind === kind));
}

// -- phase 1: choose ------------------------------------------------------------------
/** @param {Ctx} ctx */
function choose(ctx) {
  const v = ctx.view;
  const mine = ctx.legal.length > 0;
  const candidates = v.cells.filter((c) => c.candidate);
  const head = mine ? ctx.word("magmor.page.choose_you") : ctx.word("magmor.page.choose_other", { seat: ctx.name(v.leader) });
  return [el("h3", {}, head), el("div", { class: "mm-cands" }, candidates.map((c) => candidate(ctx, c, mine)))];
}

/** One candidate: its back, what the leader saw of it, Explore and Cross.
 * @param {Ctx} ctx
 * @param {Cell} c
 * @param {boolean} mine */
function candidate(ctx, c, mine) {
  const terrain = ctx.word(`magmor.terrain.${c.terrain}`);
  const explore = legalOf(ctx, "explore").find((a) => a.cell === c.cell);
  const go = legalOf(ctx, "choose").find((a) => a.cell === c.cell);
  const selected = ctx.local.look === c.cell;
  let note;
  if (c.explored_with) note = ctx.word("magmor.page.explored_with", { cards: counted(ctx, c.explored_with, 1) });
  else if (mine && !explore && c.explore_cost) note = ctx.word("magmor.page.explore_cannot", { resource: ctx.word(`magmor.resource.${c.explore_cost}`) });
  return el(
    "div",
    { class: `mm-cand${selected ? " look" : ""}`, dataset: { cand: c.cell } },
    el("div", { class: "mm-cand-head" }, icon(c.terrain ?? "magmor", "", "mm-thumb"), el("b", {}, `${c.cell} · ${terrain}`)),
    backLine(ctx, c),
    c.peek ? face(ctx, c.peek, ctx.word("magmor.page.peek")) : null,
    note ? el("p", { class: "mm-note" }, note) : null,
    mine
      ? el(
          "div",
          { class: "mm-btns" },
          explore && c.explore_cost ? act(ctx, explore, "explore", icon("eye", "", "mm-mini"), ctx.word("magmor.page.explore", { cards: counted(ctx, c.explore_cost, 1) })) : null,
          go ? act(ctx, go, "go", ctx.word("magmor.page.cross", { cell: c.cell })) : null,
        )
      : null,
  );
}

/** A back's public words: what exploring costs, what the toll asks 2 or 3 of.
 * @param {Ctx} ctx
 * @param {Cell} c */
function backLine(ctx, c) {
  if (!c.explore_cost || !c.hint) return null; // Mag Mor has no back
  return el(
    "p",
    { class: "mm-back" },
    res(ctx, c.explore_cost, "mm-mini"), " ", ctx.word("magmor.page.back_cost", { cards: counted(ctx, c.explore_cost, 1) }), " · ",
    el("span", { class: "mm-hintbox" }, res(ctx, c.hint, "mm-mini")), " ", ctx.word("magmor.page.back_hint", { resource: ctx.word(`magmor.resource.${c.hint}`) }),
  );
}

// -- phase 3: the toll ----------------------------------------------------------------
/** @param {Ctx} ctx */
function pay(ctx) {
  const v = ctx.view;
  const cell = v.cells.find((c) => c.current);
  const mine = ctx.legal.length > 0;
  const rows = v.categories.map((cat) => {
    const action = legalOf(ctx, "pay").find((a) => a.resource === cat.res);
    const paid = cat.paid_by !== null;
    return el(
      "div",
      { class: `mm-cat${paid ? " paid" : ""}`, dataset: { res: cat.res } },
      bundle(ctx, [{ res: cat.res, n: cat.qty }]),
      el("span", { class: "mm-cat-who" }, paidBy(ctx, cat.paid_by)),
      action ? act(ctx, action, "pay", ctx.word("magmor.page.pay", { cards: counted(ctx, cat.res, cat.qty) })) : null,
      // Why there is no button: the whole category is paid or nothing (MM-4.4.3).
      mine && !paid && !action ? el("span", { class: "mm-cant" }, ctx.word("magmor.page.pay_cannot", { count: held(v, cat.res) })) : null,
    );
  });
  const head = cell ? ctx.word("magmor.page.toll_of", { cell: cell.cell, terrain: ctx.word(`magmor.terrain.${cell.terrain}`) }) : "";
  return [
    el("h3", {}, head),
    el("div", { class: "mm-cats" }, rows),
    shortfall(ctx),
    mine ? el("p", { class: "mm-note" }, ctx.word("magmor.page.pay_you")) : queue(ctx),
    mine ? el("div", { class: "mm-btns" }, passButton(ctx)) : null,
  ];
}

/** "paid by AI 1", "paid by you", or "unpaid".
 * @param {Ctx} ctx
 * @param {number | null} seat */
function paidBy(ctx, seat) {
  if (seat === null) return ctx.word("magmor.page.unpaid");
  return seat === ctx.seat ? ctx.word("magmor.page.paid_by_you") : ctx.word("magmor.page.paid_by", { seat: ctx.name(seat) });
}

/** @param {import("./wire").View} v
 * @param {string} resource */
function held(v, resource) {
  const cards = (v.hand || []).find((c) => c.res === resource);
  return cards ? cards.n : 0;
}

/** @param {Ctx} ctx */
function passButton(ctx) {
  const action = legalOf(ctx, "pass")[0];
  return action ? act(ctx, action, "pass", ctx.word("magmor.page.pass")) : null;
}

/** Who still acts in the round, in order (the member as "you").
 * @param {Ctx} ctx */
function queue(ctx) {
  const v = ctx.view;
  if (!v.to_act.length) return null;
  const names = v.to_act.map((s) => (s === ctx.seat ? ctx.word("magmor.page.you_listed") : ctx.name(s)));
  return el("p", { class: "mm-note" }, ctx.word("magmor.page.to_act", { seats: names.join(", ") }));
}

/** @param {Ctx} ctx */
function shortfall(ctx) {
  const v = ctx.view;
  return v.shortfall.length ? el("p", { class: "mm-note" }, ctx.word("magmor.page.shortfall"), " ", bundle(ctx, v.shortfall)) : null;
}

// -- the Mag Mor turn -----------------------------------------------------------------
/** @param {Ctx} ctx */
function atMagmor(ctx) {
  const v = ctx.view;
  /** @type {Map<string, number>} */
  const values = new Map((v.objective || []).map((c) => [c.res, c.n]));
  const options = legalOf(ctx, "pay_magmor").map((a) => {
    const cards = Object.entries(a.cards).map(([r, n]) => ({ res: r, n }));
    const worth = cards.reduce((sum, c) => sum + c.n * (values.get(c.res) ?? 0), 0);
    return act(ctx, a, "pay magmor", bundle(ctx, cards), values.size ? el("small", {}, ctx.word("magmor.page.vp_cost", { count: worth })) : null);
  });
  const mine = ctx.legal.length > 0;
  return [
    el("h3", {}, ctx.word("magmor.page.magmor_title", { count: v.magmor_cards, total: v.magmor_cards * v.players })),
    mine ? el("p", { class: "mm-note" }, ctx.word(options.length ? "magmor.page.magmor_you" : "magmor.page.magmor_cannot")) : queue(ctx),
    mine ? el("div", { class: "mm-btns wrap" }, options, passButton(ctx)) : null,
  ];
}

// -- the end --------------------------------------------------------------------------
/** @param {Ctx} ctx */
function over(ctx) {
  const v = ctx.view;
  const key = v.success ? "magmor.page.over_success" : "magmor.page.over_failure";
  return [el("h3", {}, ctx.word(key, { day: v.day, last: v.last_day }))];
}

// -- a cell looked at -----------------------------------------------------------------
/** The cell the member tapped: its face once crossed (or explored by this leader), else its back.
 * @param {Ctx} ctx */
function look(ctx) {
  const v = ctx.view;
  const c = v.cells.find((x) => x.cell === ctx.local.look);
  if (!c || c.candidate || (c.current && v.phase !== "over")) return null; // shown above already
  const terrain = ctx.word(`magmor.terrain.${c.magmor ? "magmor" : c.terrain}`);
  const close = el("button", { type: "button", class: "mm-close", "aria-label": ctx.word("magmor.page.close"), onclick: () => { ctx.local.look = null; ctx.redraw(); } }, "×");
  let body;
  if (c.magmor) body = el("p", { class: "mm-note" }, ctx.word("magmor.page.magmor_card", { count: v.magmor_cards }));
  else if (c.face) body = face(ctx, c.face);
  else body = [backLine(ctx, c), c.peek ? face(ctx, c.peek, ctx.word("magmor.page.peek")) : null];
  return el("div", { class: "mm-look", dataset: { look: c.cell } }, close, el("b", {}, `${c.cell} · ${terrain}`), body);
}
