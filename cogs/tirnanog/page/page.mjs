// Tir Nan Og Wars' table in the Activity page: every player's public holdings, the fountain
// dispute's declarations and then the participants' hands shown together, the display and
// the six territory piles; in a member's own page, the hand as cards and the decision's
// controls. The wire is cogs/tirnanog/page_state.py's; every move is one of ``ctx.legal``.
//
// board.mjs draws what every page shows, turn.mjs the member's own part, cards.mjs the cards
// and icons, picks.mjs matches a pick against the legal moves.
import { definePage } from "@gm/page.mjs";
import { el } from "@gm/dom.mjs";
import { display, dispute, piles, player, reveal, status } from "./board.mjs";
import { territory } from "./cards.mjs";
import { controls, displayPick, hand, pilePick, reservePick, tidy } from "./turn.mjs";

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** What the member picks, kept across the redraws of one version (turn.mjs): display cards,
 * a pile, a reserve territory and its payment, discards (card indices).
 * @typedef {{ take: number[], pile: string | null, territory: string | null, pay: number[], drop: number[] }} Local */
/** @typedef {import("@gm/page.mjs").PageContext<View, Action, Local>} Ctx */
/**
 * What changed since the last version drawn (``memo`` below).
 * @typedef {object} Memo
 * @property {boolean} animate this drawing is a new version's first
 * @property {View | null} previous the last version's view
 * @property {(key: string, value: unknown) => boolean} fresh ``key`` now holds ``value`` where it held something else
 */

// What changed since the last version drawn, so that it is shown arriving (once, on the
// first drawing of a version; the page's sheet turns it off under prefers-reduced-motion).
const memo = {
  animate: false,
  /** @type {number | null} */
  version: null,
  /** @type {View | null} */
  previous: null, // the last version's view
  /** @type {View | null} */
  current: null,
  /** @type {Map<string, unknown> | null} */
  keys: null,
  /** @type {Map<string, unknown> | null} */
  before: null,
  /** Whether ``key`` now holds ``value`` where the version before held something else.
   * @param {string} key
   * @param {unknown} value */
  fresh(key, value) {
    if (this.keys) this.keys.set(key, value);
    return this.animate && this.before !== null && this.before.get(key) !== value;
  },
};

/** @param {Ctx} ctx */
function remember(ctx) {
  const version = ctx.table.version;
  memo.animate = memo.version !== null && memo.version !== version;
  if (memo.version !== version) {
    memo.previous = memo.current;
    memo.current = ctx.view;
    memo.before = memo.keys;
    memo.keys = new Map();
    memo.version = version;
  }
}

/** @type {import("@gm/page.mjs").PageSpec<View, Action, Local>} */
const spec = {
  url: import.meta.url,
  styles: ["page.css"],
  fresh: () => ({ take: [], pile: null, territory: null, pay: [], drop: [] }),
  /** @param {Ctx} ctx */
  draw(ctx) {
    const view = ctx.view;
    if (!view) return el("div", { class: "tn" });
    remember(ctx);
    tidy(ctx);
    const mine = ctx.legal.length > 0;
    const pickReserve = reservePick(ctx);
    /** @param {import("./wire").Player} owner @param {import("./wire").ReserveCard} entry */
    const reserveCard = (owner, entry) => {
      const fresh = memo.fresh(`res:${owner.seat}:${entry.card.id}`, "in");
      const pick = owner.seat === ctx.seat && mine ? pickReserve(entry.card.id) : {};
      return territory(ctx.word, entry.card, { size: "sm", fresh, ...pick, data: { reserve: entry.card.id } });
    };
    // The member's own holdings first, then the others in seat order from them.
    const order = view.seats.map((_, i) => (i + (ctx.seat ?? 0)) % view.seats.length);
    const root = el(
      "div",
      {
        class: "tn",
        // What the member picks from now: the hand (a payment, a discard) or the table.
        dataset: { phase: view.phase, mine: mine ? "yes" : "no", target: ctx.local.territory || ctx.legal.some((m) => m.kind === "discard") ? "hand" : "table" },
      },
      status(ctx),
      el("section", { class: "tn-players" }, ...order.map((seat) => player(ctx, view.seats[seat], memo, reserveCard))),
      dispute(ctx),
      reveal(ctx, memo),
      el("div", { class: "tn-table" }, display(ctx, memo, displayPick(ctx)), piles(ctx, memo, pilePick(ctx))),
      el("div", { class: "tn-mine" }, controls(ctx), hand(ctx, memo)),
    );
    return root;
  },
};

export default definePage(spec);
