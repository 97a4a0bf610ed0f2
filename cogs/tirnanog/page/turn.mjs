// The member's own part of a Tir Nan Og Wars page: the hand as cards and the controls of
// the decision in front of them, every choice found among ``ctx.legal`` (picks.mjs):
//   the turn (TNO-4.1.2): two display creatures, one pile's top, or a reserve territory and
//     its payment picked from the hand (one tap on a ready-made payment, or card by card);
//   the hand limit and a dispute winner's discards (TNO-4.2.3, TNO-4.5.7): cards from the hand;
//   the fountain dispute (TNO-4.5.2): take part or not.
import { el } from "@gm/dom.mjs";
import { creature, icon } from "./cards.mjs";
import { exactly, joinable, lists, moveFor, ofKind, pruned, tally, toggled } from "./picks.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./page.mjs").Memo} Memo */
/** @typedef {import("./cards.mjs").Pick} Pick */
/** @typedef {import("./cards.mjs").PickState} PickState */
/** @typedef {import("./wire").Pile} Pile */
/** @typedef {import("@gm/dom.mjs").Child} Child */

/** The member's pick (``ctx.local``) kept only where the legal moves still allow it.
 * @param {Ctx} ctx */
export function tidy(ctx) {
  const { local, legal, view } = ctx;
  const hand = view.hand || [];
  const takes = lists(ofKind(legal, "take_creatures"), "species");
  local.take = pruned(local.take, view.display, takes);
  if (local.pile && !ofKind(legal, "take_territory").some((m) => m.terrain === local.pile)) local.pile = null;
  const pays = payments(ctx, local.territory);
  if (local.territory && !pays.length) local.territory = null;
  local.pay = local.territory ? pruned(local.pay, hand, pays) : [];
  local.drop = pruned(local.drop, hand, lists(ofKind(legal, "discard"), "species"));
}

/** The legal payments for reserve territory ``id``.
 * @param {Ctx} ctx
 * @param {string | null} id
 * @returns {string[][]} */
export function payments(ctx, id) {
  return id ? lists(ofKind(ctx.legal, "consolidate").filter((m) => m.territory === id), "payment") : [];
}

/** Take ``species`` cards of the hand as the pick: their indices (the first of each kind).
 * @param {readonly string[]} hand
 * @param {readonly string[]} species
 * @returns {number[]} */
function indicesOf(hand, species) {
  /** @type {Set<number>} */
  const used = new Set();
  return species.map((s) => {
    const at = hand.findIndex((h, i) => h === s && !used.has(i));
    used.add(at);
    return at;
  });
}

// -- what the board's parts light for the turn ---------------------------------------

/** How display card ``index`` is drawn: lit when it may join the pick of creatures.
 * @param {Ctx} ctx
 * @returns {(index: number) => Pick} */
export function displayPick(ctx) {
  const { local, legal, view } = ctx;
  const takes = lists(ofKind(legal, "take_creatures"), "species");
  return (index) => {
    if (!takes.length) return {};
    const picked = local.take.map((i) => view.display[i]);
    /** @type {PickState} */
    const state = local.take.includes(index) ? "picked" : joinable(takes, picked, view.display[index]) ? "legal" : "off";
    return {
      state,
      onclick: () => {
        local.take = toggled(local.take, index);
        local.pile = null;
        local.territory = null;
        local.pay = [];
        ctx.redraw();
      },
    };
  };
}

/** How pile ``pile`` is drawn: lit when its top may be taken (TNO-4.3).
 * @param {Ctx} ctx
 * @returns {(pile: Pile) => Pick} */
export function pilePick(ctx) {
  const { local, legal } = ctx;
  const open = new Set(ofKind(legal, "take_territory").map((m) => m.terrain));
  const any = legal.some((m) => m.kind === "take_territory" || m.kind === "take_creatures" || m.kind === "consolidate");
  return (pile) => {
    if (!any) return {};
    if (!open.has(pile.terrain)) return { state: "off", onclick: () => {} };
    return {
      state: local.pile === pile.terrain ? "picked" : "legal",
      onclick: () => {
        local.pile = local.pile === pile.terrain ? null : pile.terrain;
        local.take = [];
        local.territory = null;
        local.pay = [];
        ctx.redraw();
      },
    };
  };
}

/** A reserve territory of the member's own: lit when it may be consolidated now.
 * @param {Ctx} ctx
 * @returns {(id: string) => Pick} */
export function reservePick(ctx) {
  const { local, legal, view } = ctx;
  const open = new Set(ofKind(legal, "consolidate").map((m) => m.territory));
  return (id) => {
    if (!open.size) return {};
    if (!open.has(id)) return { state: "off", onclick: () => {} };
    return {
      state: local.territory === id ? "picked" : "legal",
      onclick: () => {
        local.territory = local.territory === id ? null : id;
        local.take = [];
        local.pile = null;
        const pays = payments(ctx, local.territory);
        // One way to pay: picked at once; else the member picks (or taps a ready-made one).
        local.pay = pays.length === 1 ? indicesOf(view.hand || [], pays[0]) : [];
        ctx.redraw();
      },
    };
  };
}

// -- the hand and the controls --------------------------------------------------------

/** The member's hand as cards, lit for a payment or a discard when one is being picked.
 * @param {Ctx} ctx
 * @param {Memo} memo */
export function hand(ctx, memo) {
  const { view, word, local, legal } = ctx;
  if (!view.hand) return null;
  const discards = lists(ofKind(legal, "discard"), "species");
  const pays = payments(ctx, local.territory);
  const options = discards.length ? discards : pays;
  const chosen = discards.length ? local.drop : local.pay;
  const before = memo.previous && memo.previous.hand ? tally(memo.previous.hand) : null;
  const now = tally(view.hand);
  /** @type {Map<string, number>} */
  const seen = new Map();
  const held = view.hand;
  const cards = held.map((species, index) => {
    const nth = (seen.get(species) || 0) + 1;
    seen.set(species, nth);
    const gained = before ? (now.get(species) || 0) - (before.get(species) || 0) : 0;
    const fresh = memo.animate && gained > 0 && nth > (now.get(species) || 0) - gained;
    const data = { index: String(index) };
    if (!options.length) return creature(word, species, { size: "hand", fresh, data });
    const picked = chosen.map((i) => held[i]);
    /** @type {PickState} */
    const state = chosen.includes(index) ? "picked" : joinable(options, picked, species) ? "legal" : "off";
    const onclick = () => {
      if (discards.length) local.drop = toggled(local.drop, index);
      else local.pay = toggled(local.pay, index);
      ctx.redraw();
    };
    return creature(word, species, { size: "hand", fresh, data, state, onclick });
  });
  return el(
    "section",
    { class: "tn-hand" },
    el("h3", {}, word("tirnanog.page.your_hand", { count: view.hand.length, limit: view.hand_limit })),
    el("div", { class: "tn-row" }, ...cards, view.hand.length ? null : el("span", { class: "tn-muted" }, word("tirnanog.page.hand_empty"))),
  );
}

/** A control's button.
 * @param {Child | Child[]} text
 * @param {() => void} onclick
 * @param {{ main?: boolean, disabled?: boolean, data?: Record<string, string> }} [opts] */
function button(text, onclick, opts = {}) {
  return el("button", { type: "button", class: `tn-btn ${opts.main ? "main" : ""}`, disabled: opts.disabled, dataset: opts.data || {}, onclick }, text);
}

/** Species as icons, each named for a screen reader.
 * @param {Ctx} ctx
 * @param {readonly string[]} species */
function chips(ctx, species) {
  return species.map((s) => icon(s, "tn-sym", ctx.word(`tirnanog.page.species.${s}`)));
}

/** The decision's controls, or null when the member has none now.
 * @param {Ctx} ctx */
export function controls(ctx) {
  const { legal, local, view, word } = ctx;
  if (!legal.length) return null;
  const held = view.hand || [];
  /** @type {HTMLElement[]} */
  const out = [];
  const clear = () => {
    Object.assign(local, { take: [], pile: null, territory: null, pay: [], drop: [] });
    ctx.redraw();
  };
  const declares = ofKind(legal, "declare");
  if (declares.length) {
    out.push(el("p", { class: "tn-help" }, word("tirnanog.page.help_declare")));
    const row = declares
      .slice()
      .sort((a, b) => Number(b.take_part) - Number(a.take_part))
      .map((m) => button(word(m.take_part ? "tirnanog.page.take_part" : "tirnanog.page.stay_out"), () => ctx.act(m), { main: m.take_part, data: { act: m.take_part ? "take_part" : "stay_out" } }));
    out.push(el("div", { class: "tn-buttons" }, ...row));
    return el("section", { class: "tn-controls" }, ...out);
  }
  const discards = ofKind(legal, "discard");
  if (discards.length) {
    const need = discards[0].species.length;
    const picked = local.drop.map((i) => held[i]);
    const move = moveFor(discards, "species", picked);
    const key = view.phase === "dispute_discard" ? "tirnanog.page.help_winner_discard" : "tirnanog.page.help_discard";
    out.push(el("p", { class: "tn-help" }, word(key, { count: need, picked: picked.length })));
    out.push(
      el(
        "div",
        { class: "tn-buttons" },
        button(word("tirnanog.page.discard_these", { count: need }), () => move && ctx.act(move), { main: true, disabled: !move, data: { act: "discard" } }),
        button(word("tirnanog.page.clear"), clear, { disabled: !picked.length, data: { act: "clear" } }),
      ),
    );
    return el("section", { class: "tn-controls" }, ...out);
  }
  // The turn: the pick so far decides which move the main button makes.
  const takes = ofKind(legal, "take_creatures");
  let text = word("tirnanog.page.help_turn");
  /** @type {HTMLElement | null} */
  let main = null;
  if (local.take.length) {
    const picked = local.take.map((i) => view.display[i]);
    const move = moveFor(takes, "species", picked);
    const need = takes.length ? takes[0].species.length : 2;
    text = word("tirnanog.page.help_take", { count: need });
    main = button([word("tirnanog.page.take_these"), ...chips(ctx, picked)], () => move && ctx.act(move), { main: true, disabled: !move, data: { act: "take_creatures" } });
  } else if (local.pile) {
    const move = ofKind(legal, "take_territory").find((m) => m.terrain === local.pile);
    text = word("tirnanog.page.help_pile");
    main = button(word("tirnanog.page.take_pile", { terrain: word(`tirnanog.page.terrain.${local.pile}`) }), () => move && ctx.act(move), { main: true, disabled: !move, data: { act: "take_territory" } });
  } else if (local.territory) {
    const pays = payments(ctx, local.territory);
    const moves = ofKind(legal, "consolidate").filter((m) => m.territory === local.territory);
    const picked = local.pay.map((i) => held[i]);
    const move = moveFor(moves, "payment", picked);
    const cost = pays.length ? pays[0].length : 0;
    text = word("tirnanog.page.help_pay", { count: cost, picked: picked.length });
    main = button(word("tirnanog.page.consolidate"), () => move && ctx.act(move), { main: true, disabled: !move, data: { act: "consolidate" } });
    // The ready-made payments, one tap each (a few; the hand picks any of them too).
    const ready = pays.slice(0, 6).map((pay) =>
      button(chips(ctx, pay), () => {
        local.pay = indicesOf(held, pay);
        ctx.redraw();
      }, { data: { pay: pay.join(",") } }),
    );
    if (pays.length > 1) {
      out.push(el("div", { class: "tn-ready" }, el("span", { class: "tn-muted" }, word("tirnanog.page.ways_to_pay", { count: pays.length })), ...ready));
    }
    if (exactly(pays, picked) === undefined && picked.length === cost && cost) text = word("tirnanog.page.not_a_payment");
  }
  out.unshift(el("p", { class: "tn-help" }, text));
  if (main) out.push(el("div", { class: "tn-buttons" }, main, button(word("tirnanog.page.clear"), clear, { data: { act: "clear" } })));
  // Nothing picked yet: only the help, which picture-in-picture leaves to the prompt.
  return el("section", { class: `tn-controls ${main ? "" : "idle"}` }, ...out);
}
