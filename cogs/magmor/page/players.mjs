// The players (leader, honour, hand size, what each did in the payment round), the
// member's own hand, objective and running score (their page only: the wire holds no one
// else's), and the resource piles.
import { el } from "@gm/dom.mjs";
import { nameTag } from "@gm/said.mjs";
import { bundle, icon, res } from "./icons.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./wire").Player} Player */

/** Every player's box, in seat order.
 * @param {Ctx} ctx */
export function players(ctx) {
  const v = ctx.view;
  return el("div", { class: "mm-players", dataset: { count: String(v.players) } }, v.seats.map((p) => player(ctx, p)));
}

/** @param {Ctx} ctx
 * @param {Player} p */
function player(ctx, p) {
  const v = ctx.view;
  const name = ctx.name(p.seat);
  const full = ctx.table.seats[p.seat]?.name ?? name;
  const next = v.to_act.length && v.to_act[0] === p.seat;
  const classes = ["mm-player", p.seat === ctx.seat && "me", p.leader && "leader", next && "turn"].filter(Boolean).join(" ");
  return el(
    "div",
    { class: classes, dataset: { seat: String(p.seat) }, title: full },
    // A name cut to fit is whole on hover and on a tap (the shell's nameTag: a phone has no hover).
    el("div", { class: "mm-pname" }, p.leader ? icon("leader", ctx.word("magmor.page.leader"), "mm-mini") : null, nameTag(name)),
    el(
      "div",
      { class: "mm-pstats" },
      el("span", { class: "mm-honour", title: ctx.word("magmor.page.honour_title", { honour: signed(p.honour), count: p.honour_vp }) },
        icon("honour", ctx.word("magmor.page.honour"), "mm-mini"), signed(p.honour)),
      el("span", { class: "mm-hand", title: ctx.word("magmor.page.cards", { count: p.cards }) }, icon("cards", ctx.word("magmor.page.hand"), "mm-mini"), String(p.cards)),
    ),
    status(ctx, p),
  );
}

/** What the player did or does in this turn, in a word or two (in the second person on
 * the member's own box: "hai pagato").
 * @param {Ctx} ctx
 * @param {Player} p */
function status(ctx, p) {
  const v = ctx.view;
  const said = (/** @type {string} */ name) => ctx.word(`magmor.page.${name}${p.seat === ctx.seat ? "_you" : ""}`);
  /** @type {string | null} */
  let text = null;
  let kind = "";
  if (v.phase === "pay" && p.paid) {
    return el("div", { class: "mm-pstatus paid" }, said("status_paid"), " ", res(ctx, p.paid, "mm-mini"));
  }
  if (v.phase === "magmor" && p.magmor_paid.length) {
    return el("div", { class: "mm-pstatus paid" }, said("status_paid"), " ", bundle(ctx, p.magmor_paid));
  }
  if ((v.phase === "pay" || v.phase === "magmor") && p.acted) [text, kind] = [said("status_passed"), "passed"];
  else if (v.to_act.length && v.to_act[0] === p.seat) [text, kind] = [ctx.word("magmor.page.status_now"), "now"];
  else if (v.to_act.includes(p.seat)) [text, kind] = [ctx.word("magmor.page.status_waits"), "waits"];
  else if (p.leader && v.phase !== "over") [text, kind] = [ctx.word("magmor.page.leader"), "leads"];
  else if (p.barred && v.phase !== "over") [text, kind] = [said("status_barred"), "barred"];
  return text ? el("div", { class: `mm-pstatus ${kind}` }, text) : el("div", { class: "mm-pstatus" }, "\u00a0");
}

/** @param {number} n */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** The member's own hand, objective and score; nothing on a spectator's page.
 * @param {Ctx} ctx */
export function mine(ctx) {
  const v = ctx.view;
  if (!v.hand) return null;
  const values = new Map((v.objective || []).map((c) => [c.res, c.n]));
  const rows = v.hand.map((c) =>
    el(
      "div",
      { class: `mm-own${c.n ? "" : " zero"}`, dataset: { res: c.res }, title: ctx.word("magmor.page.own_title", { cards: ctx.word(`magmor.resource_count.${c.res}`, { count: c.n }), count: values.get(c.res) ?? 0 }) },
      res(ctx, c.res),
      el("b", { class: "mm-own-n" }, String(c.n)),
      values.size ? el("span", { class: "mm-own-vp" }, ctx.word("magmor.page.vp_each", { count: values.get(c.res) ?? 0 })) : null,
    ),
  );
  return el(
    "section",
    { class: "mm-mine" },
    el("h3", {}, ctx.word("magmor.page.your_hand"), v.objective ? el("span", { class: "mm-sub" }, ctx.word("magmor.page.your_objective")) : null),
    el("div", { class: "mm-ownrow" }, rows),
    v.score !== null && v.phase !== "over" ? el("p", { class: "mm-score" }, ctx.word("magmor.page.score", { count: v.score })) : null,
  );
}

/** The resource piles, what is left of each.
 * @param {Ctx} ctx */
export function piles(ctx) {
  const v = ctx.view;
  return el("div", { class: "mm-piles", title: ctx.word("magmor.page.piles") }, el("span", { class: "mm-sub" }, ctx.word("magmor.page.piles")), bundle(ctx, v.piles, "", true));
}
