// The member's own part of Akelarre's page: what to do now (a tip), the controls of the
// step (discard, done, a joker's value, buy, pay, keep), and the hand, whose cards are
// lit where a legal move plays them together with the cards already picked.
import { cardOrder, favouriteNatural, kindOf } from "./cards.mjs";
import { fitsSomething } from "./picks.mjs";
import { card, cardName, counted, legal, named, play, redraw, suit, toggle, tool, ui, w } from "./ui.mjs";
import { el } from "@gm/dom.mjs";
import { familyTag, nodesOf } from "./icons.mjs";

/** @typedef {import("./ui.mjs").View} View */
/** @typedef {import("./picks.mjs").Options} Options */
/** @typedef {(string | Node)[]} Words */

/** @param {string} card */
function pickHand(card) {
  toggle(ui.picked, card);
  ui.joker = null;
  redraw();
}

/** The Discard button's label: it names the card. @param {import("./wire").Discard} action */
const discardLabel = (action) => w("discard", { card: cardName(action.card) });

/** What to do now, in words; a button it names is named as it reads (``named``).
 * @param {View} view
 * @param {Options} opts
 * @returns {Words} */
function tip(view, opts) {
  const held = view.held;
  const kinds = ui.picked;
  if (view.step === "draw") return [counted("tip_draw", view.draw_count)];
  if (view.step === "buy") return [w("tip_buy")];
  if (view.step === "pay") return [w("tip_pay", { count: view.purchase.length })];
  if (view.step === "payment") return nodesOf(w, "tip_payment", { button: named("keep", w("keep")) });
  if (view.step !== "play") return [];
  if (ui.joker) return [w("tip_joker")];
  if (kinds.length) {
    if (opts.targets.size) return [w("tip_pick_place")];
    if (opts.discard) return nodesOf(w, "tip_pick_discard", { button: named("discard", discardLabel(opts.discard)) });
    return [w("tip_pick_more")];
  }
  if (held) return [w("held_mine", { card: cardName(held.card) })];
  const placing = legal("open", "add").length > 0;
  const taking = legal("take").length > 0;
  const discarding = legal("discard").length > 0;
  if (discarding && !placing && !taking) return [w("tip_only_discard")];
  const done = named("done", w("done"));
  if (view.final_round && !placing && !taking) return nodesOf(w, "tip_final", { button: done });
  /** @type {Words} */
  const parts = [];
  if (placing) parts.push(w("tip_place"));
  if (taking) parts.push(" ", w("tip_take"));
  if (discarding) parts.push(" ", w("tip_discard"));
  if (legal("done").length) {
    const then = view.final_round ? nodesOf(w, "tip_final", { button: done }) : nodesOf(w, "tip_done", { button: done });
    parts.push(" ", ...then);
  }
  return parts[0] === " " ? parts.slice(1) : parts;
}

/** The step's controls, under what to do now.
 * @param {View} view
 * @param {Options} opts */
export function controls(view, opts) {
  /** @type {HTMLElement[]} */
  const buttons = [];
  /** @type {HTMLElement[]} */
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
      buttons.push(tool(discardLabel(action), "discard", () => play(action), { kind: "lit" }));
    }
    // One word for Done, in a final turn too: the prompt, the Hint and the channel all say "Done".
    for (const action of legal("done")) buttons.push(tool(w("done"), "done", () => play(action), { kind: "go" }));
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
    // Only the seat paying is asked to pay: its page has a seat.
    const mine = view.seats[/** @type {number} */ (ui.table.seat)].point_pile;
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
    el("p", { class: "ak-tip" }, ...tip(view, opts)),
    extra,
    buttons.length ? el("div", { class: "ak-buttons" }, buttons) : null,
  );
}

/** The member's hand: in their play step, its cards lit where a legal move plays them.
 * @param {View} view
 * @param {boolean} mine the member is acting */
export function hand(view, mine) {
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
            el("b", {}, ...nodesOf(w, "favourite", { suit: familyTag(suit(view.favourite), view.favourite) })),
            el("span", { class: "ak-fav-hint" }, ` — ${w("favourite_hint")}`),
          )
        : null,
    ),
    cards.length ? el("div", { class: "ak-row ak-cards" }, cards) : el("p", { class: "ak-muted" }, w("no_cards")),
  );
}
