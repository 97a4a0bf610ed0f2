// What every page of a Tir Nan Og Wars table shows alike: the round and the deck, every
// player's public holdings (VP, hand size, consolidated stack, reserve), the fountain
// dispute's declarations and then every participant's hand shown together, the display
// and the six territory piles. The member's own hand and controls are turn.mjs's.
import { el } from "@gm/dom.mjs";
import { bundle, creature, icon, stat, territory } from "./cards.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./page.mjs").Memo} Memo */
/** @typedef {import("./cards.mjs").Pick} Pick */
/** @typedef {import("./wire").Player} Player */
/** @typedef {import("./wire").Pile} Pile */
/** @typedef {import("./wire").ReserveCard} ReserveCard */
/** @typedef {NonNullable<import("./wire").Table["decision"]>} Decision */

/** What a declaration says beside a name, and beside your own ("You take part"). */
const DECLARED_YOU = {
  in: "tirnanog.page.declared_you_in",
  out: "tirnanog.page.declared_you_out",
  now: "tirnanog.page.declared_you_now",
  later: "tirnanog.page.declared_you_later",
};

/** Round, turn, the final cycle, the deck and the discard pile.
 * @param {Ctx} ctx */
export function status(ctx) {
  const { view, word } = ctx;
  return el(
    "div",
    { class: "tn-status" },
    el("span", { class: "tn-round", title: word("tirnanog.page.round_title") }, word("tirnanog.page.round", { round: view.round, turn: view.turn })),
    view.final_cycle ? el("span", { class: "tn-flag" }, word("tirnanog.page.final_cycle")) : null,
    stat("deck", String(view.deck_size), word("tirnanog.page.deck", { count: view.deck_size })),
    el("span", { class: "tn-stat", title: word("tirnanog.page.discard", { count: view.discard_size }) }, word("tirnanog.page.discard_short", { count: view.discard_size })),
    ctx.seat === null ? el("span", { class: "tn-watching", role: "status" }, word("tirnanog.page.watching")) : null,
  );
}

/** ``seat`` decides now (of an ordered decision, only the first still to act).
 * @param {Decision | null} decision
 * @param {number} seat */
export function deciding(decision, seat) {
  if (!decision || (decision.done || []).includes(seat)) return false;
  return decision.mode === "ordered" ? decision.seats[0] === seat : decision.seats.includes(seat);
}

/** A seat's name: never cut without the whole of it on hover (and in the accessible name);
 * your own is "You", whole.
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {string} [cls] */
export function who(ctx, seat, cls = "tn-name") {
  const name = ctx.name(seat);
  const shown = ctx.table.seats[seat];
  const full = seat !== ctx.seat && shown ? shown.name : name;
  // A tap shows the whole name where it was cut (a phone has no hover).
  const node = el("span", { class: cls, title: full }, name);
  node.addEventListener("click", () => node.classList.toggle("whole"));
  return node;
}

/** A part of a player's holdings under its name in small words (what the box is, even empty).
 * @param {string} label
 * @param {Node} content
 * @param {string} [count] how many cards it holds, where the box shows only one */
function part(label, content, count) {
  return el("div", { class: "tn-part" }, el("span", { class: "tn-cap", title: label }, label, count ? el("b", {}, ` ${count}`) : null), content);
}

/** @param {Ctx} ctx @param {Player} player @param {Memo} memo */
function stackOf(ctx, player, memo) {
  const { word } = ctx;
  if (!player.stack.length) return el("div", { class: "tn-stack empty", title: word("tirnanog.page.stack_empty") }, el("span", { class: "tn-slot" }));
  const top = player.stack[player.stack.length - 1];
  const fresh = memo.fresh(`top:${player.seat}`, `${top.id}:${top.face_up}:${player.stack.length}`);
  const under = player.stack.slice(0, -1).slice(-5); // the last few buried cards, as edges
  return el(
    "div",
    { class: "tn-stack", title: word("tirnanog.page.stack", { count: player.stack.length }) },
    ...under.map((card) => el("span", { class: `tn-edge ${card.face_up ? "" : "down"}`, dataset: { terrain: card.face_up ? card.terrain : "down" } })),
    territory(word, top, { size: "sm", fresh, badge: player.discount ? "−1" : null, data: { top: "yes" } }),
    el("span", { class: "tn-count" }, `×${player.stack.length}`),
  );
}

/** One player's holdings; the reserve's cards are ``reserveCard``'s (lit for the owner's choice).
 * @param {Ctx} ctx
 * @param {Player} player
 * @param {Memo} memo
 * @param {(owner: Player, entry: ReserveCard) => HTMLElement} reserveCard */
export function player(ctx, player, memo, reserveCard) {
  const { view, word } = ctx;
  const seat = player.seat;
  const acting = deciding(ctx.table.decision, seat);
  const vpFresh = memo.fresh(`vp:${seat}`, String(player.vp));
  const sources = player.vp_sources.map((s) => `${word(`tirnanog.page.source.${s.source}`)} ${s.vp}`).join(" + ");
  return el(
    "div",
    {
      class: `tn-player ${seat === ctx.seat ? "me" : ""} ${acting ? "acting" : ""} ${seat === view.active ? "active" : ""}`,
      dataset: { seat: String(seat) },
    },
    el(
      "div",
      { class: "tn-phead" },
      acting ? el("span", { class: "tn-turnmark", title: word(seat === ctx.seat ? "tirnanog.page.deciding_you" : "tirnanog.page.deciding") }) : null,
      who(ctx, seat),
      seat === view.first_player ? el("span", { class: "tn-tag", title: word("tirnanog.page.first_player") }, word("tirnanog.page.first_short")) : null,
      el(
        "span",
        { class: "tn-pstats" },
        el("span", { class: `tn-stat tn-score ${vpFresh ? "tn-flash" : ""}`, title: sources || word("tirnanog.page.vp", { count: player.vp }) }, icon("vp", "tn-sicon"), el("b", {}, String(player.vp))),
        stat("hand", String(player.hand_size), word("tirnanog.page.hand_size", { count: player.hand_size })),
      ),
    ),
    el(
      "div",
      { class: "tn-pbody" },
      part(word("tirnanog.page.stack_label"), stackOf(ctx, player, memo), player.stack.length > 1 ? `×${player.stack.length}` : ""),
      part(
        word("tirnanog.page.reserve_label"),
        el(
          "div",
          { class: "tn-reserve", title: word("tirnanog.page.reserve_title", { value: player.reserve_value, limit: view.reserve_limit }) },
          ...player.reserve.map((entry) => reserveCard(player, entry)),
          el("span", { class: "tn-rvalue" }, `${player.reserve_value}/${view.reserve_limit}`),
        ),
      ),
    ),
  );
}

/** The fountain dispute under way: the fountain, then each declaration in order.
 * @param {Ctx} ctx */
export function dispute(ctx) {
  const { view, word } = ctx;
  const d = view.dispute;
  if (!d || view.phase !== "declare") return null; // then the reveal tells the result
  const said = new Map(d.declarations.map((x) => [x.seat, x.take_part]));
  return el(
    "section",
    { class: "tn-dispute", "aria-live": "polite" },
    territory(word, d.fountain, { size: "sm" }),
    el(
      "div",
      { class: "tn-dbody" },
      el("h3", {}, word("tirnanog.page.dispute", { terrain: word(`tirnanog.page.terrain.${d.terrain}`) })),
      el(
        "ol",
        { class: "tn-declared" },
        ...d.order.map((seat) => {
          /** @type {"in" | "out" | "now" | "later"} */
          const state = said.has(seat) ? (said.get(seat) ? "in" : "out") : seat === d.next_seat ? "now" : "later";
          const text = seat === ctx.seat ? word(DECLARED_YOU[state]) : word(`tirnanog.page.declared_${state}`);
          return el("li", { dataset: { seat: String(seat), said: state } }, who(ctx, seat), el("span", { class: "tn-said" }, text));
        }),
      ),
    ),
  );
}

/** The last dispute's reveal: every participant's hand together, the winner and the defeated.
 * @param {Ctx} ctx
 * @param {Memo} memo */
export function reveal(ctx, memo) {
  const { view, word } = ctx;
  const r = view.reveal;
  if (!r) return null;
  const recent = view.turn - r.turn < view.players; // shown for a round, then folded away
  const fresh = memo.fresh("reveal", `${r.fountain.id}:${r.turn}`);
  let headline;
  if (!r.participants.length) headline = word("tirnanog.page.reveal_nobody");
  else if (r.winner === null) headline = word("tirnanog.page.reveal_tie");
  else if (r.winner === ctx.seat) headline = word("tirnanog.page.reveal_won_you");
  else headline = word("tirnanog.page.reveal_won", { name: ctx.name(r.winner) });
  /** @param {number} seat */
  const result = (seat) => (seat === r.winner ? "won" : r.defeated.includes(seat) ? "lost" : "tie");
  return el(
    "details",
    { class: `tn-reveal ${fresh ? "tn-new" : ""}`, open: recent || undefined },
    el("summary", {}, icon("fountain", "tn-sicon"), el("span", {}, headline)),
    el(
      "ul",
      { class: "tn-hands" },
      ...r.hands.map((hand) =>
        el(
          "li",
          { dataset: { seat: String(hand.seat), result: result(hand.seat) } },
          who(ctx, hand.seat),
          el("span", { class: "tn-rhand", title: word("tirnanog.page.revealed_hand") }, bundle(word, hand.cards)),
          el("span", { class: "tn-profile", title: word("tirnanog.page.profile_title") }, hand.profile.filter((n) => n > 0).join("·") || "0"),
          el(
            "span",
            { class: "tn-result" },
            hand.seat === ctx.seat && result(hand.seat) === "won" ? word("tirnanog.page.result_won_you") : word(`tirnanog.page.result_${result(hand.seat)}`),
          ),
        ),
      ),
    ),
  );
}

/** The display's creatures (``pick`` lights them for a take) and the six piles' tops.
 * @param {Ctx} ctx
 * @param {Memo} memo
 * @param {(index: number) => Pick} pick */
export function display(ctx, memo, pick) {
  const { view, word } = ctx;
  const before = memo.previous ? memo.previous.display : null;
  return el(
    "section",
    { class: "tn-display" },
    el("h3", {}, word("tirnanog.page.display")),
    el(
      "div",
      { class: "tn-row" },
      ...view.display.map((species, index) =>
        creature(word, species, { ...pick(index), fresh: memo.animate && before !== null && before[index] !== species, data: { index: String(index) } }),
      ),
      view.display.length ? null : el("span", { class: "tn-muted" }, word("tirnanog.page.display_empty")),
    ),
  );
}

/** The "?" a requirement shows, said in words beside the piles' heading while one is in sight.
 * @param {Ctx} ctx */
function anyLegend(ctx) {
  const { view, word } = ctx;
  const cards = [...view.piles.map((p) => p.top), ...view.seats.flatMap((s) => [...s.reserve.map((r) => r.card), ...s.stack.slice(-1)])];
  if (!cards.some((card) => card && card.face_up && card.symbols.includes("any"))) return null;
  return el("span", { class: "tn-legend" }, icon("any", "tn-sym", word("tirnanog.page.species.any")), word("tirnanog.page.any_legend"));
}

/** The six piles' tops (``pick`` lights them for a take), each with its size and why not.
 * @param {Ctx} ctx
 * @param {Memo} memo
 * @param {(pile: Pile) => Pick} pick */
export function piles(ctx, memo, pick) {
  const { view, word } = ctx;
  return el(
    "section",
    { class: "tn-piles" },
    el("div", { class: "tn-head" }, el("h3", {}, word("tirnanog.page.piles")), anyLegend(ctx)),
    el(
      "div",
      { class: "tn-row" },
      ...view.piles.map((pile) => {
        const lit = pick(pile);
        // Why not, only while the member may take a pile (it is noise at any other time).
        const why = pile.blocked && lit.state ? word(`tirnanog.page.why_${pile.blocked}`, { value: pile.reserve_after, limit: view.reserve_limit, terrain: word(`tirnanog.page.terrain.${pile.terrain}`) }) : null;
        const extra = [
          el("span", { class: "tn-psize", title: word("tirnanog.page.pile_size", { count: pile.size }) }, String(pile.size)),
          why ? el("span", { class: "tn-why", title: why }, pile.blocked === "reserve_limit" ? `${pile.reserve_after}>${view.reserve_limit}` : word("tirnanog.page.why_short_type_visible")) : null,
          pile.fountain_inside ? el("span", { class: "tn-fin", title: word("tirnanog.page.fountain_inside") }, icon("fountain", "tn-fin-icon")) : null,
        ];
        if (!pile.top) {
          const empty = el("div", { class: "tn-terr empty", title: word("tirnanog.page.pile_empty") }, icon(pile.terrain, "tn-ticon"), el("span", { class: "tn-gone" }, word("tirnanog.page.pile_empty_short")));
          return el("div", { class: "tn-pile", dataset: { pile: pile.terrain } }, empty, ...extra);
        }
        const fresh = memo.fresh(`pile:${pile.terrain}`, pile.top.id);
        const card = territory(word, pile.top, { ...lit, fresh });
        if (why) card.title = `${card.title}\n${why}`;
        return el("div", { class: "tn-pile", dataset: { pile: pile.terrain } }, card, ...extra);
      }),
    ),
  );
}
