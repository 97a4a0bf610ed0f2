// Akelarre's table as every member sees it: the players, the banners of the moment
// (final round, a held card, an owner's payment, a purchase), the meeting places with
// their groups, the discard piles and the deck, and the cards each player captured.
// A place, a pile or a group's card is lit where one of the member's legal moves
// plays there (``opts``, from picks.mjs).
import { cardOrder, familyOf, favouriteNatural, isJoker, valueOf } from "./cards.mjs";
import {
  card,
  cardName,
  counted,
  legal,
  listed,
  placeName,
  play,
  redraw,
  seatName,
  suit,
  toggle,
  ui,
  w,
} from "./ui.mjs";
import { el } from "@gm/dom.mjs";
import { nameTag } from "@gm/said.mjs";
import { familyTag, icon, nodesOf } from "./icons.mjs";

const TEAMS = "AB";

/** @typedef {import("./ui.mjs").View} View */
/** @typedef {import("./picks.mjs").Options} Options */

/** A lit place tapped: its one move, or the joker's value asked first.
 * @param {string} place
 * @param {import("./picks.mjs").Placing[]} actions */
function chooseTarget(place, actions) {
  if (actions.length === 1) {
    play(actions[0]);
    return;
  }
  ui.joker = place; // R11 / R12: the joker's value is the member's to say
  redraw();
}

/** Every player: the member's own named "You" (their full name on hover), whose turn it is.
 * @param {View} view
 * @param {import("./wire").Table["decision"]} decision */
export function players(view, decision) {
  const acting = decision ? decision.seats.filter((s) => !decision.done.includes(s)) : [];
  return el(
    "section",
    { class: "ak-players", dataset: { count: String(view.seats.length) } },
    view.seats.map((s) => {
      const seat = ui.table.seats[s.seat] || { name: `P${s.seat + 1}`, ai: false };
      const me = s.seat === ui.table.seat;
      const turn = acting.includes(s.seat);
      const tags = [
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
        el(
          "div",
          { class: "ak-pname" },
          turn ? "▶ " : "",
          me ? el("bdi", { class: "name", title: seat.name }, seatName(s.seat)) : nameTag(seat.name),
          ...tags,
        ),
        el(
          "div",
          { class: "ak-pstats" },
          el("span", { title: counted("hand_count", s.hand_size) }, icon("back"), ` ${s.hand_size}`),
          el("span", { title: counted("place_count", s.places) }, icon("place"), ` ${s.places}`),
          el("span", { title: counted("captured_count", s.point_count) }, icon("captured"), ` ${s.point_count}`),
        ),
        favourite
          ? el("div", { class: "ak-fav-was" }, ...nodesOf(w, "favourite_was", { suit: familyTag(suit(favourite), favourite) }))
          : null,
      );
    }),
  );
}

/** What holds the table now: the final round, a held card, an owner's payment, a purchase.
 * @param {View} view
 * @param {boolean} mine the member is acting */
export function banners(view, mine) {
  /** @type {HTMLElement[]} */
  const out = [];
  if (view.final_round && view.step !== "over") {
    const names = view.final_queue.map(listed).join(", ");
    // In a span: the bell (drawn as a picture) stays on the line of its words.
    const said = w("final_round", { names });
    out.push(el("p", { class: "ak-banner final", title: said }, el("span", {}, said)));
  }
  if (view.stall.blocked && view.step !== "over") out.push(el("p", { class: "ak-banner" }, el("span", {}, w("stall_blocked"))));
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

/** An owner's choice of 2 of a completed group's 5 cards (AK-6.3), said to whom it concerns.
 * @param {View} view
 * @param {boolean} mine the member is acting */
function payment(view, mine) {
  const p = /** @type {NonNullable<typeof view.payment>} */ (view.payment); // drawn only while one is chosen
  const place = view.places.find((x) => x.id === p.place) || { number: "?" };
  const owner = mine && p.owner === ui.table.seat;
  const text = owner
    ? w("payment_mine", { payer: seatName(p.payer), number: place.number })
    : p.payer === ui.table.seat
      ? w("payment_payer", { owner: seatName(p.owner), number: place.number })
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

/** The meeting places and their groups; a place lit where the pick plays.
 * @param {View} view
 * @param {Options} opts */
export function places(view, opts) {
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
          cards.push(el("div", { class: "ak-card sm ghost", title: w("taken_here") }, icon("hand")));
        /** @type {HTMLElement | null} */
        let needs = null;
        if (!p.free) {
          // A set lists its missing families; a run every value it still lacks (a complete run is
          // exactly 2-3-4-5-6, AK-3.4), not only the next ones: "2 to go: 5 and 6", as many as the count.
          const lacking = [2, 3, 4, 5, 6].filter((v) => !p.cards.some((c) => c.value === v));
          const what =
            p.kind === "set"
              ? el("span", { class: "ak-fams" }, ...p.needs_families.map((f) => icon(f, { label: suit(f) })))
              : lacking.length > 1
                ? w("both", { a: lacking.slice(0, -1).join(", "), b: lacking[lacking.length - 1] })
                : String(lacking[0] ?? "");
          needs = el("div", { class: "ak-needs" }, ...nodesOf(w, "needs", { count: p.to_complete, what }));
        }
        return el(
          "div",
          {
            class: `ak-place${lit ? " lit" : ""}${p.free ? " free" : ""}${p.owner === ui.table.seat ? " own" : ""}`,
            dataset: { place: p.id },
          },
          el(
            "div",
            // Cut to fit with "…": the whole name on hover, and on a tap (a phone has no hover).
            { class: "ak-place-name", title: placeName(p), onclick: (/** @type {MouseEvent} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.toggle("whole") },
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

/** The deck and the discard piles; lit where a draw or the picked card's discard goes.
 * @param {View} view
 * @param {Options} opts */
export function supply(view, opts) {
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
      : el("div", { class: "ak-card sm empty", dataset: { family: pile.family } }, icon(pile.family));
    const gives = source ? view.gives[pile.family] || [] : [];
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
            ...nodesOf(w, "you_would_get", {
              cards: el(
                "span",
                { class: "ak-fams" },
                ...gives.map((c) => el("span", {}, icon(familyOf(c)), isJoker(c) ? icon("joker") : String(valueOf(c)))),
              ),
            }),
          )
        : null,
    );
  });
  const stall =
    view.stall.limit > 0 && view.stall.turns > 0 && !view.stall.blocked && view.step !== "over"
      ? el("p", { class: "ak-stall" }, w("stall_count", { count: view.stall.turns, limit: view.stall.limit }))
      : null;
  return el(
    "section",
    { class: "ak-supply" },
    el("h3", {}, w("piles")),
    el("div", { class: "ak-piles" }, deck, piles),
    stall,
  );
}

/** Every player's captured cards (public: the point piles).
 * @param {View} view */
export function captured(view) {
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
