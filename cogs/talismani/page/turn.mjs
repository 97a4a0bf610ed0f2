// The seat's own part of a Talismani table: its hand as cards, and the controls of its
// decision. Every move is one of ``ctx.legal`` (the engine's list for this seat), found from
// what was tapped: a hand card is lit when a legal play holds it with the cards already
// picked; Play is enabled only on a legal play; a pool card or a weather tile is a button
// only where a legal action names it. The table service checks every move again.
import { el } from "@gm/dom.mjs";
import { card, cardsName, icon, suitName, word } from "./cards.mjs";

/** @typedef {import("./cards.mjs").Ctx} Ctx */
/** @typedef {import("./cards.mjs").Tap} Tap */
/** @typedef {import("./wire").Card} Card */
/** @typedef {import("./wire").PlayCards} PlayCards */
/** @typedef {import("./wire").Action} Action */

// The hand last drawn (card ids), so the cards that came in since (the sharing) are shown arriving.
/** @type {{ hand: string[] | null, seat: number | null }} */
const before = { hand: null, seat: null };

/** @param {string[]} a @param {string[]} b */
const sameCards = (a, b) => a.length === b.length && a.every((c) => b.includes(c));

/**
 * The seat's legal actions of one kind (the engine's JSON).
 * @template {Action["kind"]} K
 * @param {Ctx} ctx
 * @param {K} kind
 * @returns {Extract<Action, { kind: K }>[]}
 */
const legalOf = (ctx, kind) => /** @type {Extract<Action, { kind: K }>[]} */ (ctx.legal.filter((a) => a.kind === kind));

/**
 * @param {string} label
 * @param {string} act the control's name (data-act)
 * @param {Tap} onclick
 * @param {{ kind?: string, disabled?: boolean, mark?: string | null }} [options]
 */
function tool(label, act, onclick, { kind = "", disabled = false, mark = null } = {}) {
  const face = mark ? [icon(mark, { cls: "tm-ic" }), " ", label] : [label];
  return el("button", { type: "button", class: `tool tm-tool ${kind}`, dataset: { act }, disabled, onclick }, ...face);
}

/**
 * The secret play: which hand cards a tap may add, and the legal play picked, if any.
 * @param {Ctx} ctx
 * @returns {{ partners: Set<string>, exact: PlayCards | null }}
 */
function playOptions(ctx) {
  const plays = legalOf(ctx, "play");
  const picked = ctx.local.picked;
  const partners = new Set();
  if (picked.length === 1) {
    for (const a of plays) if (a.cards.length === 2 && a.cards.includes(picked[0])) a.cards.forEach((c) => partners.add(c));
    partners.delete(picked[0]);
  }
  const exact = picked.length ? plays.find((a) => sameCards(a.cards, picked)) || null : null;
  return { partners, exact };
}

/** @param {Ctx} ctx @param {string} id */
function tapHand(ctx, id) {
  const local = ctx.local;
  const at = local.picked.indexOf(id);
  if (at >= 0) local.picked.splice(at, 1);
  else if (local.picked.length === 1 && playOptions(ctx).partners.has(id)) local.picked.push(id);
  else local.picked = [id]; // any single card is a play (TT-5.3): a tap elsewhere starts a new pick
  ctx.redraw();
}

/**
 * The seat's hand, by weather order; in the secret play, its cards are the pick.
 * @param {Ctx} ctx
 */
export function hand(ctx) {
  const v = ctx.view;
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const playing = legalOf(ctx, "play").length > 0;
  const opts = playing ? playOptions(ctx) : null;
  const last = before.seat === ctx.seat ? before.hand : null;
  const fresh = new Set(last ? v.hand.map((c) => c.id).filter((id) => !last.includes(id)) : []);
  before.hand = v.hand.map((c) => c.id);
  before.seat = ctx.seat;
  const secret = new Set(v.mine || []);
  const cards = v.hand.map((c, i) => {
    // A little room where a suit ends (the hand is in weather order, the specials last).
    const group = (/** @type {Card} */ card) => card.suit || "specials";
    let state = i > 0 && group(v.hand[i - 1]) !== group(c) ? "newsuit " : "";
    if (secret.has(c.id)) state += "secret";
    if (opts) {
      if (ctx.local.picked.includes(c.id)) state += "picked";
      else if (opts.partners.has(c.id)) state += "lit";
      else if (ctx.local.picked.length) state += "dim";
    }
    return card(ctx, c, { state, onclick: opts ? () => tapHand(ctx, c.id) : null, fresh: fresh.has(c.id) });
  });
  return el(
    "section",
    { class: `tm-hand${playing ? " playing" : ""}` },
    el("h3", {}, word(ctx, "your_hand", { count: v.hand.length })),
    el("div", { class: "tm-cardrow" }, cards.length ? cards : el("p", { class: "tm-muted" }, word(ctx, "hand_empty"))),
  );
}

/** @param {Ctx} ctx @param {PlayCards | null} exact */
function pickText(ctx, exact) {
  const v = ctx.view;
  const picked = ctx.local.picked;
  if (!picked.length) return word(ctx, "pick_hint");
  const cards = inHand(ctx, picked);
  const offer = exact ? v.offers.find((o) => sameCards(o.cards, exact.cards)) : null;
  if (!offer) return word(ctx, "pick_partner", { cards: cardsName(ctx, cards) });
  if (offer.total === null || offer.total === undefined) return word(ctx, "pick_special", { cards: cardsName(ctx, cards) });
  const text = word(ctx, "pick_value", {
    cards: cardsName(ctx, cards),
    total: offer.total,
    suit: suitName(ctx, offer.suit),
    place: offer.place,
  });
  return offer.combination ? `${text} ${word(ctx, "pick_combination")}` : text;
}

/**
 * The hand's cards of ``ids``.
 * @param {Ctx} ctx
 * @param {string[]} ids
 * @returns {Card[]}
 */
function inHand(ctx, ids) {
  return ids.flatMap((id) => ctx.view.hand.filter((c) => c.id === id));
}

/** @param {Ctx} ctx */
function playControls(ctx) {
  const v = ctx.view;
  const { exact } = playOptions(ctx);
  const forge = legalOf(ctx, "forge")[0];
  const me = v.players.find((p) => p.seat === ctx.seat);
  const ready = (me ? me.pending : []).filter((t) => t.ready);
  return [
    el("p", { class: "tm-say" }, word(ctx, "you_play")),
    el("p", { class: `tm-pick${exact ? " ok" : ""}`, "aria-live": "polite" }, pickText(ctx, exact)),
    el(
      "div",
      { class: "tm-tools" },
      tool(word(ctx, "play"), "play", exact ? () => ctx.act(exact) : null, { kind: "primary", disabled: !exact, mark: "chosen" }),
      ctx.local.picked.length ? tool(word(ctx, "clear"), "clear", () => clearPick(ctx)) : null,
      forge
        ? tool(word(ctx, "forge", { count: ready.length, suit: suitName(ctx, v.row[0]) }), "forge", () => ctx.act(forge), {
            kind: "forge",
            mark: "hammer",
          })
        : null,
    ),
  ];
}

/** @param {Ctx} ctx */
function clearPick(ctx) {
  ctx.local.picked = [];
  ctx.redraw();
}

/** @param {Ctx} ctx @param {string | null} suit */
function moveWeather(ctx, suit) {
  ctx.local.moving = suit;
  ctx.redraw();
}

/** @param {Ctx} ctx */
function asideControls(ctx) {
  const v = ctx.view;
  const mine = v.reveal?.plays.find((p) => p.seat === ctx.seat);
  const suit = mine?.suit || v.row[0];
  const effect = word(ctx, suit === v.row[0] ? "aside_now" : "aside_later", { suit: suitName(ctx, suit) });
  const buttons = legalOf(ctx, "set_aside").map((a) =>
    tool(word(ctx, a.yes ? "aside_yes" : "aside_no"), a.yes ? "aside-yes" : "aside-no", () => ctx.act(a), { kind: a.yes ? "primary" : "" }),
  );
  return [
    el("p", { class: "tm-say" }, word(ctx, "you_aside", { cards: mine ? cardsName(ctx, mine.cards) : "-", suit: suitName(ctx, suit) })),
    el("p", { class: "tm-muted" }, effect, " ", word(ctx, "aside_no_share")),
    el("div", { class: "tm-tools" }, ...buttons),
  ];
}

/** @param {Ctx} ctx @param {"weather" | "change_weather"} kind */
function weatherControls(ctx, kind) {
  const v = ctx.view;
  const params = { suit: suitName(ctx, v.row[0]), next: suitName(ctx, v.row[1]) };
  const text = kind === "weather" ? word(ctx, "you_weather", params) : word(ctx, "you_change_weather", { ...params, card: v.special ? cardsName(ctx, [v.special]) : "" });
  return [
    el("p", { class: "tm-say" }, text),
    el(
      "div",
      { class: "tm-tools" },
      legalOf(ctx, kind).map((a) =>
        tool(word(ctx, a.rotate ? "rotate" : "keep", params), a.rotate ? "rotate" : "keep", () => ctx.act(a), { kind: a.rotate ? "primary" : "" }),
      ),
    ),
  ];
}

/**
 * Change order (TT-10.5): tap a weather card (not the dominant), then the place it goes to.
 * @param {Ctx} ctx
 * @returns {((suit: string, place: number) => Tap) | null}
 */
export function orderPick(ctx) {
  if (!legalOf(ctx, "change_order").length) return null;
  return (suit, place) => {
    const moving = ctx.local.moving;
    if (moving) {
      const action = legalOf(ctx, "change_order").find((a) => a.suit === moving && a.position === place);
      return action ? () => ctx.act(action) : null;
    }
    if (!legalOf(ctx, "change_order").some((a) => a.suit === suit)) return null;
    return () => moveWeather(ctx, suit);
  };
}

/** @param {Ctx} ctx */
function orderControls(ctx) {
  const v = ctx.view;
  const moving = ctx.local.moving;
  const keep = legalOf(ctx, "change_order").find((a) => v.row.indexOf(a.suit) + 1 === a.position);
  const say = moving
    ? word(ctx, "order_where", { suit: suitName(ctx, moving), place: v.row.indexOf(moving) + 1 })
    : word(ctx, "you_change_order", { card: v.special ? cardsName(ctx, [v.special]) : "", suit: suitName(ctx, v.row[0]) });
  return [
    el("p", { class: "tm-say" }, say),
    el(
      "div",
      { class: "tm-tools" },
      moving ? tool(word(ctx, "order_other"), "order-back", () => moveWeather(ctx, null)) : null,
      keep ? tool(word(ctx, "keep_order"), "keep-order", () => ctx.act(keep)) : null,
    ),
  ];
}

/**
 * A pool card's tap, for the stake's chooser or the sharer whose pick it is.
 * @param {Ctx} ctx
 * @returns {((card: Card) => Tap) | null}
 */
export function poolTake(ctx) {
  const kind = ctx.view.phase === "stake" ? "stake" : ctx.view.phase === "share" ? "pick" : null;
  const actions = kind ? legalOf(ctx, kind) : [];
  if (!actions.length) return null;
  return (c) => {
    const action = actions.find((a) => a.card === c.id);
    return action ? () => ctx.act(action) : null;
  };
}

/** @param {Ctx} ctx */
function waitingText(ctx) {
  const v = ctx.view;
  if (v.phase === "play" && ctx.seat !== null) {
    if (v.mine_forge) return word(ctx, "you_chose_forge");
    if (v.mine) {
      return word(ctx, "you_chose", { cards: cardsName(ctx, inHand(ctx, v.mine)) });
    }
  }
  if (v.phase === "set_aside" && v.my_set_aside !== null && v.my_set_aside !== undefined) {
    return word(ctx, v.my_set_aside ? "you_aside_yes" : "you_aside_no");
  }
  return null;
}

/**
 * The controls of the seat's decision, or what it has chosen in secret while others choose.
 * @param {Ctx} ctx
 */
export function controls(ctx) {
  const phase = ctx.view.phase;
  /** @type {Node[] | null} */
  let body = null;
  if (ctx.legal.length) {
    if (phase === "play") body = playControls(ctx);
    else if (phase === "set_aside") body = asideControls(ctx);
    else if (phase === "stake" || phase === "share") body = [el("p", { class: "tm-say" }, word(ctx, `you_${phase}`))];
    else if (phase === "change_order") body = orderControls(ctx);
    else if (phase === "change_weather" || phase === "weather") body = weatherControls(ctx, phase);
  } else {
    const text = waitingText(ctx);
    if (text) body = [el("p", { class: "tm-say secret" }, icon("chosen", { cls: "tm-ic" }), text)];
  }
  if (!body) return null;
  return el("section", { class: `tm-controls${ctx.legal.length ? " mine" : ""}`, dataset: { phase } }, ...body);
}
