// Akelarre's table in the Activity page: the players, the meeting places with
// their groups, the discard piles and the deck, the member's own hand and secret favourite,
// and every decision of games/akelarre/actions.py made by clicking cards.
//
// The page decides nothing about the rules: a move is one of ``table.legal`` (the viewer's
// legal actions, as the engine's JSON), found from what was picked. A hand card is lit when
// some legal move plays it together with the cards already picked; a place is lit when a
// legal open or add plays exactly the picked cards (with the taken card, if one is held)
// there; everything else is dimmed and disabled. The table service checks every move again.
// Legal moves name one card of each kind (``F2a`` for any Fairies 2): the page matches hand
// cards by kind and sends the legal action as it was listed.
import { card as drawCard, cardOrder, familyOf, favouriteNatural, isJoker, kindOf, valueOf } from "./akelarre-cards.mjs";
import { fitsSomething, legalOf, options, prune } from "./akelarre-picks.mjs";
import { el } from "./dom.mjs";

const HAND_SIZE = 7; // AK-2.6: a draw fills the hand up to 7
const PLACING = new Set(["open", "add"]);
const TEAMS = "AB";

// What the member is building, kept across renders of the same table and checked
// again at every new version (prune): hand cards picked for a move, the owner's
// two cards (AK-6.3), and the place whose joker value is being asked.
const ui = { board: null, table: null, page: null, version: null, picked: [], keep: [], joker: null };

let styled = false;
function stylesheet() {
  if (styled) return;
  styled = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./akelarre.css", import.meta.url).href }));
}

export function render(board, table, page) {
  stylesheet();
  ui.board = board;
  ui.page = page;
  ui.table = table;
  if (ui.version !== table.version) {
    ui.version = table.version;
    ui.joker = null;
    prune(ui);
  }
  draw();
}

// -- words ------------------------------------------------------------------------
const w = (key, params) => ui.page.word(`akelarre.page.${key}`, params);
/** A counted phrase: the plural form ``count`` needs (the catalog's CLDR forms). */
const counted = (key, count, params = {}) => w(key, { count, ...params });
const cardName = (label) => ui.page.word(`akelarre.card.${label}`);
const suit = (family) => ui.page.word(`akelarre.suit.${family}`);
const emoji = (family) => ui.page.word(`akelarre.ui.emoji.${family}`);

function seatName(seat) {
  const entry = ui.table.seats[seat];
  return entry ? entry.name : `P${seat + 1}`;
}

function placeName(place) {
  if (place.owner === ui.table.seat) return w("place_yours", { number: place.number });
  return w("place_of", { name: seatName(place.owner), number: place.number });
}

const legal = (...kinds) => legalOf(ui.table, ...kinds);
const card = (id, opts) => drawCard(ui.page, id, opts);

// -- acting -------------------------------------------------------------------------
function redraw() {
  draw();
}

function play(action) {
  ui.page.act(action);
}

function toggle(list, card) {
  const at = list.indexOf(card);
  if (at >= 0) list.splice(at, 1);
  else list.push(card);
}

function pickHand(card) {
  toggle(ui.picked, card);
  ui.joker = null;
  redraw();
}

function chooseTarget(place, actions) {
  if (actions.length === 1) {
    play(actions[0]);
    return;
  }
  ui.joker = place; // R11 / R12: the joker's value is the member's to say
  redraw();
}

// -- drawing ------------------------------------------------------------------------
function tool(label, act, onclick, { kind = "", disabled = false } = {}) {
  return el("button", { type: "button", class: `tool ak-tool ${kind}`, dataset: { act }, disabled, onclick }, label);
}

function draw() {
  const table = ui.table;
  const view = table.view;
  if (!view) {
    ui.board.replaceChildren();
    return;
  }
  const decision = table.decision;
  const mine = table.legal.length > 0;
  const opts = mine ? options(ui) : { targets: new Map(), discard: null, takes: new Map(), draws: new Map() };
  const root = el(
    "div",
    { class: "ak", dataset: { step: view.step, mine: mine ? "yes" : "no" } },
    players(view, decision),
    banners(view, mine),
    places(view, opts),
    supply(view, opts),
    mine ? controls(view, opts) : null,
    hand(view, opts, mine),
    captured(view),
  );
  ui.board.replaceChildren(root);
}

function players(view, decision) {
  const acting = decision ? decision.seats.filter((s) => !decision.done.includes(s)) : [];
  return el(
    "section",
    { class: "ak-players", dataset: { count: String(view.seats.length) } },
    view.seats.map((s) => {
      const seat = ui.table.seats[s.seat] || { name: `P${s.seat + 1}`, ai: false };
      const me = s.seat === ui.table.seat;
      const turn = acting.includes(s.seat);
      const tags = [
        me ? el("span", { class: "ak-tag" }, w("you")) : null,
        seat.ai ? el("span", { class: "ak-tag" }, w("ai")) : null,
        s.team !== null ? el("span", { class: `ak-tag team-${s.team}` }, w("team", { team: TEAMS[s.team] })) : null,
      ];
      const favourite = view.favourites ? view.favourites[s.seat] : null;
      return el(
        "div",
        {
          class: `ak-player${turn ? " turn" : ""}${me ? " me" : ""}`,
          dataset: { seat: String(s.seat) },
          "aria-current": turn ? "true" : null,
          title: turn ? w("active") : null,
        },
        el("div", { class: "ak-pname" }, turn ? "▶ " : "", el("b", {}, seat.name), ...tags),
        el(
          "div",
          { class: "ak-pstats" },
          el("span", { title: counted("hand_count", s.hand_size) }, `🂠 ${s.hand_size}`),
          el("span", { title: counted("place_count", s.places) }, `🏕️ ${s.places}`),
          el("span", { title: counted("captured_count", s.point_count) }, `✨ ${s.point_count}`),
        ),
        favourite ? el("div", { class: "ak-fav-was" }, w("favourite_was", { suit: suit(favourite) })) : null,
      );
    }),
  );
}

function banners(view, mine) {
  const out = [];
  if (view.final_round && view.step !== "over") {
    const names = view.final_queue.map(seatName).join(", ");
    out.push(el("p", { class: "ak-banner final" }, w("final_round", { names })));
  }
  if (view.stall_blocked && view.step !== "over") out.push(el("p", { class: "ak-banner" }, w("stall_blocked")));
  if (view.held) {
    const held = view.held;
    const place = view.places.find((p) => p.id === held.place);
    const text =
      held && view.active === ui.table.seat
        ? w("held_mine", { card: cardName(held.card) })
        : w("held_other", {
            name: seatName(view.active),
            card: cardName(held.card),
            place: place ? placeName(place) : "",
          });
    out.push(el("div", { class: "ak-banner held" }, card(held.card, { size: "sm" }), el("span", {}, text)));
  }
  if (view.payment) out.push(payment(view, mine));
  if (view.purchase.length && view.step === "pay") {
    out.push(
      el(
        "div",
        { class: "ak-banner" },
        el("span", {}, w("purchase", { count: view.purchase.length })),
        el(
          "div",
          { class: "ak-row" },
          view.purchase.map((c) => card(c, { size: "xs" })),
        ),
      ),
    );
  }
  return out.length ? el("div", { class: "ak-banners" }, out) : null;
}

function payment(view, mine) {
  const p = view.payment;
  const place = view.places.find((x) => x.id === p.place) || { number: "?" };
  const owner = mine && p.owner === ui.table.seat;
  const text = owner
    ? w("payment_mine", { payer: seatName(p.payer), number: place.number })
    : w("payment_other", { payer: seatName(p.payer), owner: seatName(p.owner), number: place.number });
  const pairs = owner ? legal("choose_payment") : [];
  const cards = p.cards.map((c) => {
    if (!owner) return card(c, { size: "sm", star: false });
    const chosen = ui.keep.includes(c);
    const next = [...ui.keep, c];
    const allowed = chosen || (ui.keep.length < 2 && pairs.some((a) => next.every((x) => a.cards.includes(x))));
    return card(c, {
      size: "sm",
      mark: chosen ? "chosen" : allowed ? "legal" : "off",
      button: true,
      star: favouriteNatural(view, c),
      onclick: allowed
        ? () => {
            toggle(ui.keep, c);
            redraw();
          }
        : null,
    });
  });
  return el(
    "div",
    { class: "ak-banner payment" },
    el("span", {}, text),
    el("div", { class: "ak-row ak-payment" }, cards),
  );
}

function places(view, opts) {
  const held = view.held;
  return el(
    "section",
    { class: "ak-places" },
    el("h3", {}, w("places")),
    el(
      "div",
      { class: "ak-grid" },
      view.places.map((p) => {
        const targets = opts.targets.get(p.id) || [];
        const lit = targets.length > 0;
        const cards = p.cards.map((c) => {
          const take = opts.takes.get(`${p.id}|${c.card}`);
          const takeable = p.takeable.includes(c.card) && view.step !== "over";
          return card(c.card, {
            value: c.joker ? c.value : null,
            label: c.label,
            size: "sm",
            mark: take ? "legal take" : takeable ? "takeable" : "",
            onclick: take ? () => play(take) : null,
          });
        });
        if (held && held.place === p.id)
          cards.push(el("div", { class: "ak-card sm ghost", title: w("taken_here") }, "✋"));
        let needs = null;
        if (!p.free) {
          const what =
            p.kind === "set"
              ? p.needs_families.map(emoji).join(" ")
              : p.needs_values.length > 1
                ? w("either", { a: p.needs_values[0], b: p.needs_values[p.needs_values.length - 1] })
                : String(p.needs_values[0] ?? "");
          needs = el("div", { class: "ak-needs" }, counted("needs", p.to_complete, { what }));
        }
        return el(
          "div",
          {
            class: `ak-place${lit ? " lit" : ""}${p.free ? " free" : ""}${p.owner === ui.table.seat ? " own" : ""}`,
            dataset: { place: p.id },
          },
          el(
            "div",
            { class: "ak-place-name" },
            placeName(p),
            p.free ? el("span", { class: "ak-free" }, ` · ${w("free")}`) : null,
          ),
          cards.length ? el("div", { class: "ak-row" }, cards) : null,
          needs,
          lit
            ? el(
                "button",
                { type: "button", class: "ak-target", onclick: () => chooseTarget(p.id, targets) },
                targets[0].kind === "open" ? w("open_here") : w("add_here"),
              )
            : null,
        );
      }),
    ),
  );
}

function supply(view, opts) {
  const want = HAND_SIZE - ((view.hand && view.hand.length) || 0);
  const deckOpen = opts.draws.get("deck");
  const deck = el(
    deckOpen ? "button" : "div",
    {
      type: deckOpen ? "button" : null,
      class: `ak-pile ak-deck${deckOpen ? " lit" : ""}`,
      dataset: { pile: "deck" },
      onclick: deckOpen ? () => play(deckOpen) : null,
    },
    el("div", { class: "ak-card back" }, view.deck_count ? "" : "∅"),
    el(
      "span",
      { class: "ak-count" },
      el("span", { class: "ak-deck-word" }, w("deck")),
      counted("deck_cards", view.deck_count),
    ),
  );
  const piles = view.piles.map((pile) => {
    const source = opts.draws.get(pile.family);
    const discard = opts.discard && familyOf(opts.discard.card) === pile.family ? opts.discard : null;
    const action = source || discard;
    const top = pile.top
      ? card(pile.top, { size: "sm" })
      : el("div", { class: "ak-card sm empty", dataset: { family: pile.family } }, emoji(pile.family));
    const gives = source && want > 0 ? pile.cards.slice(-want).reverse() : [];
    return el(
      action ? "button" : "div",
      {
        type: action ? "button" : null,
        class: `ak-pile${action ? " lit" : ""}`,
        dataset: { pile: pile.family },
        title: suit(pile.family),
        onclick: action ? () => play(action) : null,
      },
      top,
      el("span", { class: "ak-count" }, pile.size ? counted("pile_cards", pile.size) : w("pile_empty")),
      gives.length
        ? el(
            "span",
            { class: "ak-gives" },
            w("you_would_get", {
              cards: gives.map((c) => `${emoji(familyOf(c))}${isJoker(c) ? "🃏" : valueOf(c)}`).join(" "),
            }),
          )
        : null,
    );
  });
  const stall =
    view.stall_limit > 0 && view.stall_turns > 0 && !view.stall_blocked && view.step !== "over"
      ? el("p", { class: "ak-stall" }, w("stall_count", { count: view.stall_turns, limit: view.stall_limit }))
      : null;
  return el(
    "section",
    { class: "ak-supply" },
    el("h3", {}, w("piles")),
    el("div", { class: "ak-piles" }, deck, piles),
    stall,
  );
}

function tip(view, opts) {
  const held = view.held;
  const kinds = ui.picked;
  if (view.step === "draw") return counted("tip_draw", HAND_SIZE - view.hand.length);
  if (view.step === "buy") return w("tip_buy");
  if (view.step === "pay") return w("tip_pay", { count: view.purchase.length });
  if (view.step === "payment") return w("tip_payment");
  if (view.step !== "play") return "";
  if (ui.joker) return w("tip_joker");
  if (kinds.length) {
    if (opts.targets.size) return w("tip_pick_place");
    if (opts.discard) return w("tip_pick_discard");
    return w("tip_pick_more");
  }
  if (held) return w("held_mine", { card: cardName(held.card) });
  const placing = legal("open", "add").length > 0;
  const taking = legal("take").length > 0;
  const discarding = legal("discard").length > 0;
  if (discarding && !placing && !taking) return w("tip_only_discard");
  const parts = [];
  if (view.final_round && !placing && !taking) return w("tip_final");
  if (placing) parts.push(w("tip_place"));
  if (taking) parts.push(w("tip_take"));
  if (discarding) parts.push(w("tip_discard"));
  if (legal("done").length) parts.push(view.final_round ? w("tip_final") : w("tip_done"));
  return parts.join(" ");
}

function controls(view, opts) {
  const buttons = [];
  const extra = [];
  if (view.step === "play") {
    if (ui.joker) {
      for (const action of opts.targets.get(ui.joker) || []) {
        buttons.push(
          el(
            "button",
            {
              type: "button",
              class: "tool ak-tool lit",
              dataset: { joker: String(action.joker_value) },
              onclick: () => play(action),
            },
            w("joker_as", { value: action.joker_value }),
          ),
        );
      }
    }
    if (opts.discard) {
      const action = opts.discard;
      buttons.push(tool(w("discard", { card: cardName(action.card) }), "discard", () => play(action), { kind: "lit" }));
    }
    for (const action of legal("done")) {
      buttons.push(tool(view.final_round ? w("done_final") : w("done"), "done", () => play(action), { kind: "go" }));
    }
    for (const action of legal("cancel_take")) buttons.push(tool(w("cancel_take"), "cancel_take", () => play(action)));
    if (ui.picked.length || ui.joker) {
      buttons.push(
        tool(w("clear"), "clear", () => {
          ui.picked = [];
          ui.joker = null;
          redraw();
        }),
      );
    }
  } else if (view.step === "buy") {
    for (const action of legal("buy")) buttons.push(tool(w("buy"), "buy", () => play(action), { kind: "lit" }));
    for (const action of legal("end_turn"))
      buttons.push(tool(w("end_turn"), "end_turn", () => play(action), { kind: "go" }));
  } else if (view.step === "pay") {
    const pays = legal("pay");
    const mine = view.seats[ui.table.seat].point_pile;
    extra.push(
      el(
        "div",
        { class: "ak-row ak-pay" },
        [...mine].sort(cardOrder).map((c) => {
          const chosen = view.purchase.includes(c);
          const action = chosen ? null : pays.find((a) => kindOf(a.card) === kindOf(c));
          return card(c, {
            size: "sm",
            mark: chosen ? "chosen" : action ? "legal" : "off",
            button: true,
            star: favouriteNatural(view, c),
            onclick: action ? () => play(action) : null,
          });
        }),
      ),
    );
    for (const action of legal("cancel_purchase"))
      buttons.push(tool(w("cancel_purchase"), "cancel_purchase", () => play(action)));
  } else if (view.step === "payment") {
    const pair =
      ui.keep.length === 2 ? legal("choose_payment").find((a) => ui.keep.every((c) => a.cards.includes(c))) : null;
    buttons.push(tool(w("keep"), "keep", pair ? () => play(pair) : null, { kind: "go", disabled: !pair }));
  }
  return el(
    "section",
    { class: "ak-act" },
    el("p", { class: "ak-tip" }, tip(view, opts)),
    extra,
    buttons.length ? el("div", { class: "ak-buttons" }, buttons) : null,
  );
}

function hand(view, opts, mine) {
  if (!view.hand) return null; // a member without a seat sees no hand
  const playing = mine && view.step === "play";
  const kinds = ui.picked.map(kindOf);
  const sorted = [...view.hand].sort(cardOrder);
  const cards = sorted.map((c) => {
    const star = favouriteNatural(view, c);
    if (!playing) return card(c, { star });
    const chosen = ui.picked.includes(c);
    const allowed = chosen || fitsSomething(ui.table, [...kinds, kindOf(c)]);
    return card(c, {
      star,
      mark: chosen ? "chosen" : allowed ? "legal" : "off",
      button: true,
      onclick: allowed ? () => pickHand(c) : null,
    });
  });
  return el(
    "section",
    { class: "ak-hand" },
    el(
      "div",
      { class: "ak-hand-head" },
      el("h3", {}, `${w("your_hand")} (${view.hand.length})`),
      view.favourite
        ? el(
            "p",
            { class: "ak-favourite", dataset: { favourite: view.favourite } },
            el("b", {}, w("favourite", { suit: suit(view.favourite) })),
            el("span", { class: "ak-fav-hint" }, ` — ${w("favourite_hint")}`),
          )
        : null,
    ),
    cards.length ? el("div", { class: "ak-row ak-cards" }, cards) : el("p", { class: "ak-muted" }, w("no_cards")),
  );
}

function captured(view) {
  return el(
    "details",
    { class: "ak-captured" },
    el("summary", {}, w("captured")),
    view.seats.map((s) =>
      el(
        "div",
        { class: "ak-captured-row", dataset: { seat: String(s.seat) } },
        el("b", {}, seatName(s.seat)),
        s.point_pile.length
          ? el(
              "div",
              { class: "ak-row" },
              [...s.point_pile].sort(cardOrder).map((c) => card(c, { size: "xs" })),
            )
          : el("span", { class: "ak-muted" }, ` ${w("nothing_captured")}`),
      ),
    ),
  );
}
