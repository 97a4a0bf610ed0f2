// I Talismani del Tempo in the Activity's page: the weather row and the stake, every player
// with their talismans and whether they have chosen (never what), the latest reveal play by
// play with its winner and the stake won, the played cards, and the seat's own hand and
// decision: the secret play picked by tapping one or two cards, setting aside, the stake,
// the sharing picks, Change order, Change weather and the winner's weather phase.
//
// The page decides nothing about the rules: the state it draws is cogs/talismani/page_state.py's
// (the seat's own view), and every move is one of ``ctx.legal`` (turn.mjs).
import { definePage } from "@gm/page.mjs";
import { el } from "@gm/dom.mjs";
import { players, pool, reveal, stake, weather } from "./table.mjs";
import { controls, hand, orderPick, poolTake } from "./turn.mjs";

// The control that had the keyboard's focus, found again in the new board (a tap redraws it all).
/** @type {string | null} */
let focused = null;

/**
 * @param {Element | null} node
 * @returns {string | null}
 */
function focusKey(node) {
  if (!(node instanceof HTMLElement) || !node.closest(".tm")) return null;
  const { card, act, suit } = node.dataset;
  if (card) return `button[data-card="${CSS.escape(card)}"]`;
  if (act) return `[data-act="${CSS.escape(act)}"]`;
  if (suit) return `button[data-suit="${CSS.escape(suit)}"]`;
  return null;
}

export default definePage({
  url: import.meta.url,
  styles: ["page.css"],
  // What the seat is building, made anew at each table version: the cards picked for the
  // secret play, the weather card being moved by Change order.
  // Kept from one version to the next where it still fits the seat's legal moves: another
  // seat choosing in secret makes a new version, and must not undo the seat's own pick.
  /** @returns {import("./cards.mjs").Local} */
  fresh: (previous, table) => {
    const legal = table.legal || [];
    const plays = legal.filter((a) => a.kind === "play");
    const held = previous ? previous.picked : [];
    const fits = plays.some((a) => held.length === a.cards.length && held.every((c) => a.cards.includes(c)));
    const moving = previous ? previous.moving : null;
    return {
      picked: fits || (held.length === 1 && plays.some((a) => a.cards.includes(held[0]))) ? [...held] : [],
      moving: legal.some((a) => a.kind === "change_order" && a.suit === moving) ? moving : null,
    };
  },
  /** @param {import("./cards.mjs").Ctx} ctx */
  draw(ctx) {
    focused = focusKey(document.activeElement);
    const v = ctx.view;
    if (!v) return el("div", { class: "tm" });
    const mine = ctx.legal.length > 0;
    return el(
      "div",
      { class: "tm", dataset: { phase: v.phase, mine: mine ? "yes" : "no" } },
      el(
        "div",
        { class: "tm-table" },
        el("div", { class: "tm-top" }, weather(ctx, orderPick(ctx)), stake(ctx)),
        players(ctx),
        reveal(ctx),
      ),
      el("div", { class: "tm-own" }, controls(ctx), pool(ctx, poolTake(ctx)), hand(ctx)),
    );
  },
  /** @param {Node} root */
  drawn(root) {
    const again = focused && root instanceof Element ? root.querySelector(focused) : null;
    if (again instanceof HTMLElement) again.focus();
  },
});
