// The split of the found cards (MM-4.3.4). The leader builds it in the page: tap a found
// card, then a player (or drag it there on a desktop); the card's kind stays picked while
// some are left, so several go to a player in as many taps; a card given is taken back with a
// tap; a ready-made split (the channel panel's own, sent with the leader's page) fills the
// draft in one tap, to send or adjust. Confirm is offered once every card has a player.
// Its words are the panel's own (magmor.ui.preset_*). The engine lists no split among the
// legal moves (there are too many): the table service checks the one sent. While it is built,
// the draft is shown to the others (draft.mjs): it binds no one, only the confirmed split counts.
import { el } from "@gm/dom.mjs";
import { bundle, res, tokens } from "./icons.mjs";
import { face } from "./face.mjs";
import { shareDraft, shownDraft } from "./draft.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./page.mjs").Alloc} Alloc */
/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Player} Player */
/** @typedef {import("./wire").Preset} Preset */
/** The found cards not given yet: resource → count.
 * @typedef {Record<string, number>} Pool */
/** A card being dragged: its resource, and the seat it is taken from (null: the found cards).
 * @typedef {{ res: string, from: number | null }} Dragged */

const SHOWN = 4; // ready-made splits shown before "more"

/** The split: the leader's controls on the leader's page, what the others may see on theirs.
 * @param {Ctx} ctx */
export function split(ctx) {
  const v = ctx.view;
  const decision = ctx.table.decision;
  const mine = ctx.seat !== null && ctx.seat === v.leader && Boolean(decision && decision.seats.includes(ctx.seat));
  if (!mine) {
    return [
      el("h3", {}, ctx.word("magmor.page.split_other", { seat: ctx.name(v.leader) })),
      el("div", { class: "mm-found" }, bundle(ctx, v.taken, "big")),
      shownDraft(ctx),
      shortfallNote(ctx),
      crossing(ctx),
      el("p", { class: "mm-note" }, ctx.word("magmor.page.split_talk")),
    ];
  }
  const local = ctx.local;
  local.alloc ??= {};
  const pool = left(v, local.alloc);
  if (local.card && !pool[local.card]) local.card = null;
  const count = Object.values(pool).reduce((a, b) => a + b, 0);
  shareDraft(ctx);
  return [
    el("h3", {}, ctx.word("magmor.page.split_you")),
    el("p", { class: "mm-note" }, ctx.word(count ? "magmor.page.split_how" : "magmor.page.split_ready")),
    el("p", { class: "mm-note", dataset: { shown: "" } }, ctx.word("magmor.page.split_shown")),
    poolRow(ctx, pool),
    shortfallNote(ctx),
    crossing(ctx),
    el("div", { class: "mm-zones" }, v.seats.map((p) => zone(ctx, p, pool))),
    presets(ctx),
    el(
      "div",
      { class: "mm-btns" },
      el("button", { type: "button", class: "mm-btn keep", dataset: { act: "keep" }, onclick: () => send(ctx, { [String(ctx.seat)]: Object.fromEntries(v.taken.map((c) => [c.res, c.n])) }) },
        ctx.word("magmor.page.split_keep")),
      el("button", { type: "button", class: "mm-btn", dataset: { act: "reset" }, disabled: !Object.keys(local.alloc).length, onclick: () => { local.alloc = {}; local.card = null; local.touched = true; ctx.redraw(); } },
        ctx.word("magmor.page.split_reset")),
      el("button", { type: "button", class: "mm-btn go", dataset: { act: "split" }, disabled: count > 0, onclick: () => send(ctx, local.alloc) },
        count ? ctx.word("magmor.page.split_left", { count }) : ctx.word("magmor.page.split_confirm")),
    ),
  ];
}

/** The terrain being crossed: its toll is what the players will be asked for next.
 * @param {Ctx} ctx */
function crossing(ctx) {
  const c = ctx.view.cells.find((x) => x.current);
  if (!c || !c.face) return null;
  return face(ctx, c.face, `${c.cell} · ${ctx.word(`magmor.terrain.${c.terrain}`)}`);
}

/** @param {Ctx} ctx */
function shortfallNote(ctx) {
  const v = ctx.view;
  return v.shortfall.length ? el("p", { class: "mm-note" }, ctx.word("magmor.page.shortfall"), " ", bundle(ctx, v.shortfall)) : null;
}

/** What is left to give: found minus the draft.
 * @param {View} v
 * @param {Alloc} alloc
 * @returns {Pool} */
function left(v, alloc) {
  /** @type {Pool} */
  const out = Object.fromEntries(v.taken.map((c) => [c.res, c.n]));
  for (const cards of Object.values(alloc)) for (const [r, n] of Object.entries(cards)) out[r] = (out[r] || 0) - n;
  for (const r of Object.keys(out)) if (out[r] <= 0) delete out[r];
  return out;
}

/** One card of ``resource`` from a seat's share (or the found cards: null) to another's (or back: null).
 * @param {Ctx} ctx
 * @param {string} resource
 * @param {number | null} from
 * @param {number | null} to */
function move(ctx, resource, from, to) {
  const alloc = ctx.local.alloc;
  ctx.local.touched = true;
  if (from !== null) {
    alloc[from][resource] -= 1;
    if (!alloc[from][resource]) delete alloc[from][resource];
    if (!Object.keys(alloc[from]).length) delete alloc[from];
  }
  if (to !== null) {
    alloc[to] ??= {};
    alloc[to][resource] = (alloc[to][resource] || 0) + 1;
  }
  ctx.redraw();
}

/** The card a drop brings, as token() packed it; null for anything else dropped.
 * @param {DragEvent} event
 * @returns {Dragged | null} */
function dragged(event) {
  try {
    const data = event.dataTransfer ? event.dataTransfer.getData("text/plain") : "";
    return /** @type {Dragged} */ (JSON.parse(data));
  } catch {
    return null;
  }
}

/** A place a card may be dropped on: a player (``to``) or the found cards (null).
 * @param {Ctx} ctx
 * @param {number | null} to
 * @param {Pool} pool */
function dropTarget(ctx, to, pool) {
  return {
    ondragover: (/** @type {DragEvent} */ event) => event.preventDefault(),
    ondrop: (/** @type {DragEvent} */ event) => {
      event.preventDefault();
      const card = dragged(event);
      if (!card || card.from === to) return;
      if (card.from === null && !pool[card.res]) return;
      move(ctx, card.res, card.from, to);
    },
  };
}

/** A card as a button, to tap or drag.
 * @param {Ctx} ctx
 * @param {string} resource
 * @param {number | null} from the seat it was given to; null: a found card
 * @param {{ selected?: boolean, attrs: import("@gm/dom.mjs").Attrs }} extra */
function token(ctx, resource, from, extra) {
  return el(
    "button",
    {
      type: "button",
      class: `mm-token${extra.selected ? " selected" : ""}`,
      draggable: "true",
      ondragstart: (/** @type {DragEvent} */ event) => event.dataTransfer?.setData("text/plain", JSON.stringify({ res: resource, from })),
      ...extra.attrs,
    },
    res(ctx, resource),
  );
}

/** The found cards not given yet.
 * @param {Ctx} ctx
 * @param {Pool} pool */
function poolRow(ctx, pool) {
  const cards = tokens(Object.entries(pool).map(([r, n]) => ({ res: r, n })));
  return el(
    "div",
    { class: "mm-pool", dataset: { pool: "" }, ...dropTarget(ctx, null, { ...pool }) },
    cards.length
      ? cards.map((r) =>
          token(ctx, r, null, {
            selected: ctx.local.card === r,
            attrs: { dataset: { token: r }, "aria-pressed": String(ctx.local.card === r), onclick: () => { ctx.local.card = r; ctx.redraw(); } },
          }),
        )
      : el("span", { class: "mm-note" }, ctx.word("magmor.page.split_all_given")),
  );
}

/** A player, to give cards to, with the cards given so far.
 * @param {Ctx} ctx
 * @param {Player} p
 * @param {Pool} pool */
function zone(ctx, p, pool) {
  const given = ctx.local.alloc[p.seat] || {};
  const cards = tokens(Object.entries(given).map(([r, n]) => ({ res: r, n })));
  const name = ctx.name(p.seat);
  const full = ctx.table.seats[p.seat]?.name ?? name;
  const ready = Boolean(ctx.local.card);
  return el(
    "div",
    {
      class: `mm-zone${ready ? " ready" : ""}${p.seat === ctx.seat ? " me" : ""}`,
      dataset: { zone: String(p.seat) },
      role: "button",
      tabindex: "0",
      title: full,
      onclick: () => {
        if (ctx.local.card && pool[ctx.local.card]) move(ctx, ctx.local.card, null, p.seat);
      },
      ...dropTarget(ctx, p.seat, pool),
    },
    el("div", { class: "mm-zone-head" }, el("span", { class: "mm-zone-name" }, name),
      el("span", { class: "mm-zone-n" }, ctx.word("magmor.page.cards", { count: p.cards + cards.length }))),
    el("div", { class: "mm-zone-cards" }, cards.map((r) =>
      token(ctx, r, p.seat, {
        attrs: {
          dataset: { given: r, from: String(p.seat) },
          title: ctx.word("magmor.page.split_take_back"),
          // With a found card picked, a tap anywhere on the player gives it; else it takes this one back.
          onclick: (/** @type {MouseEvent} */ event) => {
            if (ctx.local.card) return;
            event.stopPropagation();
            move(ctx, r, p.seat, null);
          },
        },
      }),
    )),
  );
}

/** The ready-made splits (the panel's own), the usual one first; a tap fills the draft.
 * @param {Ctx} ctx */
function presets(ctx) {
  const v = ctx.view;
  if (!v.presets.length) return null;
  const all = ctx.local.more ? v.presets : v.presets.slice(0, SHOWN);
  const draft = key(ctx.local.alloc);
  return el(
    "details",
    { class: "mm-presets", open: true },
    el("summary", {}, ctx.word("magmor.page.presets")),
    el("div", { class: "mm-preset-list" }, all.map((p, index) => {
      const alloc = Object.fromEntries(p.shares.map((s) => [s.seat, Object.fromEntries(s.cards.map((c) => [c.res, c.n]))]));
      return el(
        "button",
        { type: "button", class: `mm-preset${key(alloc) === draft ? " chosen" : ""}`, dataset: { preset: String(index), shares: shares(p) },
          onclick: () => { ctx.local.alloc = alloc; ctx.local.card = null; ctx.local.touched = true; ctx.redraw(); } },
        el("span", { class: "mm-preset-label" }, p.usual ? el("span", { class: "mm-usual", title: ctx.word("magmor.page.usual_title") }, ctx.word("magmor.page.usual")) : null, label(ctx, p)),
        el("span", { class: "mm-preset-shares" }, p.shares.map((s) => el("span", { class: "mm-share" }, `${ctx.name(s.seat)} `, bundle(ctx, s.cards)))),
      );
    })),
    v.presets.length > SHOWN && !ctx.local.more
      ? el("button", { type: "button", class: "mm-more", onclick: () => { ctx.local.more = true; ctx.redraw(); } }, ctx.word("magmor.page.more", { count: v.presets.length - SHOWN }))
      : null,
  );
}

/** A preset's allocation as its button names it: [seat, [[resource, count], ...]] by seat.
 * @param {Preset} p */
function shares(p) {
  return JSON.stringify(p.shares.map((s) => [s.seat, s.cards.map((c) => [c.res, c.n]).sort((a, b) => (a[0] < b[0] ? -1 : 1))]));
}

/** A draft as a string that two equal drafts share.
 * @param {Alloc} alloc */
function key(alloc) {
  return JSON.stringify(Object.keys(alloc).sort().map((s) => [s, Object.keys(alloc[s]).sort().filter((r) => alloc[s][r]).map((r) => [r, alloc[s][r]])]).filter(([, c]) => c.length));
}

/** A ready-made split's name, in the panel's words.
 * @param {Ctx} ctx
 * @param {Preset} p */
function label(ctx, p) {
  const to = p.to === null ? "" : ctx.name(p.to);
  const cards = p.res ? ctx.word(`magmor.resource_count.${p.res}`, { count: p.count }) : "";
  if (p.kind === "keep") return ctx.word("magmor.ui.preset_keep");
  if (p.kind === "all") return ctx.word("magmor.ui.preset_all", { seat: to });
  if (p.kind === "type") return ctx.word("magmor.ui.preset_type", { cards, seat: to });
  if (p.kind === "toll") return ctx.word("magmor.ui.preset_toll", { cards, seat: to });
  if (p.kind === "each" && p.to === null) return ctx.word("magmor.ui.preset_each_exact");
  if (p.kind === "each") return ctx.word(p.to === ctx.seat ? "magmor.ui.preset_each_you" : "magmor.ui.preset_each", { seat: to });
  return ctx.word("magmor.page.preset_other");
}

/** The split, sent (the seats given nothing left out).
 * @param {Ctx} ctx
 * @param {Alloc} alloc */
function send(ctx, alloc) {
  /** @type {Alloc} */
  const allocation = {};
  for (const [seat, cards] of Object.entries(alloc)) {
    const kept = Object.fromEntries(Object.entries(cards).filter(([, n]) => n > 0));
    if (Object.keys(kept).length) allocation[seat] = kept;
  }
  ctx.act({ kind: "split", allocation });
}
