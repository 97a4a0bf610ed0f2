// Akelarre's table as every member sees it: the players, the banners of the moment
// (final round, a held card, an owner's payment, a purchase), the meeting places with
// their groups, the discard piles and the deck, and the cards each player captured.
// A place, a pile or a group's card is lit where one of the member's legal moves
// plays there (``opts``, from picks.mjs).
import { cardOrder, familyOf, favouriteNatural, isJoker, valueOf } from "./cards.mjs";
import {
  HAND_SIZE,
  card,
  cardName,
  counted,
  emoji,
  legal,
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

const TEAMS = "AB";

function chooseTarget(place, actions) {
  if (actions.length === 1) {
    play(actions[0]);
    return;
  }
  ui.joker = place; // R11 / R12: the joker's value is the member's to say
  redraw();
}

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

export function banners(view, mine) {
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

export function supply(view, opts) {
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
