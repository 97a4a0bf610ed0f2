// What every seat and spectator sees of a Talismani table: the weather row with the stake,
// every player with their cards in hand, talismans and whether they have chosen (never what),
// the latest reveal play by play with the winner and the stake won, and the played cards.
import { el } from "@gm/dom.mjs";
import { card, cardName, icon, suitTile, talisman, word } from "./cards.mjs";

/** @typedef {import("./cards.mjs").Ctx} Ctx */
/** @typedef {import("./cards.mjs").Tap} Tap */
/** @typedef {import("./wire").Card} Card */
/** @typedef {import("./wire").Player} Player */
/** @typedef {import("./wire").Play} Play */
/** @typedef {import("./wire").Reveal} Reveal */

// What the page drew last, to show what changed since: the reveal (by turn) and when it was
// first drawn, so a redraw carries its play-by-play on from where it was instead of starting it
// over (a table opened after a reveal shows it at once); and the weather row, so a suit that
// moved (rotated, reversed, moved by Change order) is shown arriving at its new place.
/**
 * @type {{ reveal: number | null | undefined, revealAt: number | null, row: string[] | null,
 *   stake: string | null | undefined }}
 */
const shown = { reveal: undefined, revealAt: null, row: null, stake: undefined };
const STEP_MS = 380; // between two plays of a reveal; shorter when there are many (2.4 s in all at most)

/**
 * The weather row, dominant first, numbered; ``pick``: the Change-order chooser's taps.
 * @param {Ctx} ctx
 * @param {((suit: string, place: number) => Tap) | null} [pick]
 */
export function weather(ctx, pick = null) {
  const v = ctx.view;
  const tiles = v.row.map((suit, index) => {
    const place = index + 1;
    const handler = pick ? pick(suit, place) : null;
    const moved = shown.row !== null && shown.row.indexOf(suit) !== index;
    const cls = [
      index === 0 ? "dominant" : "",
      handler ? "lit" : "",
      pick && ctx.local.moving === suit ? "moving" : "",
      moved ? "moved" : "",
    ];
    return suitTile(ctx, suit, { cls: cls.filter(Boolean).join(" "), onclick: handler, place });
  });
  shown.row = [...v.row];
  return el(
    "section",
    { class: "tm-weather", "aria-label": word(ctx, "row") },
    el("h3", {}, word(ctx, "row")),
    el("div", { class: "tm-row" }, ...tiles),
  );
}

/** @param {Ctx} ctx */
export function stake(ctx) {
  const v = ctx.view;
  let worth = word(ctx, v.stake_halves === 2 ? "worth_whole" : "worth_half");
  if (!v.stake) worth = word(ctx, v.phase === "stake" ? "stake_choosing" : v.phase === "over" ? "stake_over" : "no_stake");
  const id = v.stake ? v.stake.id : null;
  // A new stake arrives in its slot (not on the page's first table).
  const fresh = shown.stake !== undefined && shown.stake !== id;
  shown.stake = id;
  return el(
    "section",
    { class: "tm-stake" },
    v.stake ? card(ctx, v.stake, { size: "xs", fresh }) : null,
    el("span", { class: "tm-worth" }, el("b", {}, word(ctx, "stake")), " ", v.stake ? `${cardName(ctx, v.stake)}: ${worth}` : worth),
    el("span", { class: "tm-turn" }, word(ctx, "turn", { turn: v.turn })),
  );
}

/**
 * A seat's talismans as the icons count them: whole ones, halves, and the total.
 * @param {Ctx} ctx
 * @param {Player} p
 */
function score(ctx, p) {
  const whole = word(ctx, "count_whole", { count: p.whole });
  const halves = word(ctx, "count_halves", { count: p.halves });
  const parts = [
    p.whole ? [icon("whole", { cls: "tm-ic" }), String(p.whole)] : [],
    p.halves ? [icon("half", { cls: "tm-ic" }), String(p.halves)] : [],
  ].flat();
  return el(
    "span",
    { class: "tm-score", title: `${whole} + ${halves}`, "aria-label": `${whole} + ${halves} = ${p.score}` },
    ...(parts.length ? parts : [icon("whole", { cls: "tm-ic" })]),
    el("b", {}, parts.length ? `= ${p.score}` : p.score),
  );
}

/** @param {Ctx} ctx @param {Player} p */
function statusMark(ctx, p) {
  if (p.status === "chosen") return icon("chosen", { cls: "tm-ic st", label: word(ctx, "status_chosen") });
  if (p.status === "choosing") return icon("waiting", { cls: "tm-ic st", label: word(ctx, "status_choosing") });
  if (p.status === "acting") return icon("acting", { cls: "tm-ic st", label: word(ctx, "status_acting") });
  return null;
}

/**
 * Every player: what they hold and have won, and where they stand in the decision.
 * @param {Ctx} ctx
 */
export function players(ctx) {
  const v = ctx.view;
  return el(
    "section",
    { class: "tm-players", dataset: { count: String(v.players.length) } },
    v.players.map((p) => {
      const seat = ctx.table.seats[p.seat] || { name: "", ai: false };
      const me = p.seat === ctx.seat;
      const name = ctx.name(p.seat);
      return el(
        "div",
        {
          class: `tm-player${me ? " me" : ""}${p.status === "acting" ? " turn" : ""}`,
          dataset: { seat: String(p.seat), status: p.status },
        },
        el(
          "div",
          { class: "tm-pname" },
          statusMark(ctx, p),
          el("b", { title: seat.name, tabindex: "0" }, name),
        ),
        el(
          "div",
          { class: "tm-pstats" },
          el(
            "span",
            { class: "tm-hs", title: word(ctx, "count_cards", { count: p.hand_size }) },
            icon("hand", { cls: "tm-ic" }),
            String(p.hand_size),
          ),
          score(ctx, p),
        ),
        p.pending.length || p.forged.length
          ? el(
              "div",
              { class: "tm-tals" },
              ...p.forged.map((t) => talisman(ctx, t, { forged: true })),
              ...p.pending.map((t) => talisman(ctx, t)),
            )
          : null,
      );
    }),
  );
}

/**
 * @param {Ctx} ctx
 * @param {Play} play
 * @param {Reveal} reveal
 * @param {number | null} delay when the line appears (ms, from now); null: at once
 */
function playLine(ctx, play, reveal, delay) {
  const what =
    play.kind === "forge"
      ? el("span", { class: "tm-what" }, icon("hammer", { cls: "tm-ic" }), word(ctx, "forges"))
      : el(
          "span",
          { class: "tm-what" },
          el("span", { class: "tm-cards" }, play.cards.map((c) => card(ctx, c, { size: "xs" }))),
          play.total !== null && play.total !== undefined
            ? el("span", { class: "tm-total" }, word(ctx, "total", { total: play.total }))
            : el("span", { class: "tm-total muted" }, word(ctx, "no_value")),
        );
  const aside = reveal.set_aside[String(play.seat)];
  const marks = [];
  if (play.winner) {
    marks.push(
      el(
        "span",
        { class: "tm-won" },
        icon("winner", { cls: "tm-ic" }),
        reveal.stake ? word(ctx, "wins_stake", { card: cardName(ctx, reveal.stake) }) : word(ctx, "wins"),
      ),
    );
  } else if (aside) {
    marks.push(el("span", { class: "tm-mark" }, icon("hammer", { cls: "tm-ic" }), word(ctx, "set_aside_done")));
  } else if (play.combination) {
    marks.push(el("span", { class: "tm-mark" }, icon("hammer", { cls: "tm-ic" }), word(ctx, "can_forge")));
  }
  const row = el(
    "li",
    {
      class: `tm-play${play.winner ? " winner" : ""}${delay !== null ? " tm-in" : ""}`,
      dataset: { seat: String(play.seat), rank: String(play.rank) },
    },
    el("span", { class: "tm-rank" }, String(play.rank)),
    el("b", { class: "tm-who", title: ctx.table.seats[play.seat]?.name || "" }, ctx.name(play.seat)),
    what,
    ...marks,
  );
  // Play by play: the weakest lights up first and the winner last (CSSOM, allowed by the page's
  // policy); the row itself is drawn whole from the start (page.css).
  if (delay !== null) row.style.setProperty("--d", `${Math.round(delay)}ms`);
  return row;
}

/**
 * The latest reveal, strongest first, lit play by play when it is new.
 * @param {Ctx} ctx
 */
export function reveal(ctx) {
  const r = ctx.view.reveal;
  if (!r) {
    if (shown.reveal === undefined) shown.reveal = null; // a table drawn before any reveal
    return null;
  }
  const count = r.plays.length;
  const step = Math.min(STEP_MS, 2400 / count);
  const now = performance.now();
  if (shown.reveal !== r.turn) shown.revealAt = shown.reveal === undefined ? null : now;
  shown.reveal = r.turn;
  const elapsed = shown.revealAt === null ? Infinity : now - shown.revealAt;
  const animate = elapsed < count * step + 800; // the winner's light lasts .8 s
  return el(
    "section",
    { class: "tm-reveal", "aria-live": "polite" },
    el("h3", {}, word(ctx, "reveal", { turn: r.turn })),
    el("ol", { class: "tm-plays" }, r.plays.map((p, i) => playLine(ctx, p, r, animate ? (count - 1 - i) * step - elapsed : null))),
    r.void ? el("p", { class: "tm-void" }, word(ctx, "void")) : null,
  );
}

/**
 * The played cards not yet given out; the stake chooser's or a sharer's taps on them.
 * @param {Ctx} ctx
 * @param {((card: Card) => Tap) | null} [take]
 */
export function pool(ctx, take = null) {
  const v = ctx.view;
  if (!v.pool.length) return null;
  const title = v.phase === "stake" ? "pool_stake" : v.phase === "share" ? "pool_share" : "pool";
  const order =
    v.phase === "share" && v.sharing_order.length
      ? el("p", { class: "tm-order" }, word(ctx, "sharing_order", { order: v.sharing_order.map((s) => ctx.name(s)).join(" → ") }))
      : null;
  return el(
    "section",
    { class: "tm-pool" },
    el("h3", {}, word(ctx, title)),
    el(
      "div",
      { class: "tm-cardrow" },
      v.pool.map((c) => {
        const handler = take ? take(c) : null;
        return card(ctx, c, { size: "sm", onclick: handler, button: Boolean(take), state: handler ? "lit" : "" });
      }),
    ),
    order,
  );
}
