// Narnia's battles, throw by throw, with the dice the engine rolled (view.battles:
// the last 8; the last may be under way, waiting for Aslan's answer or for the
// invasion). Each throw shows both sides' dice, sorted, highest against highest:
// the die that won its pair bright, the one that lost it faded, a tie dimmed on the
// attacker's side (a tie goes to the defender). The Witch rolls white dice and a
// player black ones (R35). A throw newly arrived is revealed after the previous
// one, so a battle is seen as it was fought; the words are the channel's
// (narnia.ui.*: cogs/narnia/battles.py tells battles with them).
import { el, rich, svg } from "@gm/dom.mjs";
import { markIcon } from "./map.mjs";

const STEP_MS = 450; // between two throws revealed
const REVEAL_MS = 350; // a throw's coming in (page.css: .fresh)
const revealAt = new Map(); // "battle:throw" -> when it shows (ms, performance.now())
let primed = false; // the battles already fought when the page opened show at once
/** Each face's pips, in thirds of the die from its middle.
 * @type {Record<number, [number, number][]>} */
const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** @typedef {import("./page.mjs").Word} Word */
/** @typedef {"attacker" | "defender"} Side */
/** @typedef {"attacker" | "defender" | "tie"} Pair */

/** One die as the engine rolled it.
 * @param {number} value
 * @param {boolean} witch
 * @param {string} outcome won, lost, tie or out
 * @param {Word} t */
function die(value, witch, outcome, t) {
  return svg(
    "svg",
    {
      class: `nb-die ${witch ? "witch" : "player"} ${outcome}`,
      viewBox: "-12 -12 24 24",
      role: "img",
      "aria-label": t("narnia.page.die", { value }),
      dataset: { value: String(value) },
    },
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4 }),
    ...PIPS[value].map(([x, y]) => svg("circle", { cx: x * 6, cy: y * 6, r: 2.3 })),
  );
}

/** Whether each die won, lost or tied its pair (the extra dice of the side that rolled more are out).
 * @param {Pair[]} pairs
 * @param {number} count
 * @param {Side} side */
function outcomes(pairs, count, side) {
  return Array.from({ length: count }, (_, i) => {
    const pair = pairs[i];
    if (!pair) return "out";
    if (pair === "tie") return "tie";
    return pair === side ? "won" : "lost";
  });
}

/** @param {number[]} values
 * @param {Pair[]} pairs
 * @param {Side} side
 * @param {boolean} witch
 * @param {Word} t */
function dice(values, pairs, side, witch, t) {
  const result = outcomes(pairs, values.length, side);
  return el("span", { class: "nb-dice", dataset: { side } }, ...values.map((v, i) => die(v, witch, result[i], t)));
}

/** When the thing ``key`` shows: at once, or a step after the one before it (``previous``).
 * @param {string} key
 * @param {number} previous
 * @returns {number} */
function delay(key, previous) {
  const now = performance.now();
  const at = revealAt.get(key) ?? Math.max(now, previous + STEP_MS);
  revealAt.set(key, at);
  return at;
}

/** @template {HTMLElement} N
 * @param {N} node
 * @param {number} at
 * @returns {N} */
function revealed(node, at) {
  const wait = at - performance.now();
  if (wait > -REVEAL_MS) {  // not shown yet, or still coming in
    node.classList.add("fresh");
    node.style.animationDelay = `${Math.round(wait)}ms`;
  }
  return node;
}

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").BattleShown} Battle */
/** @typedef {import("./page.mjs").Ctx} Ctx */

/**
 * The battles section. ``ctx``: {t (word), name(seat), who(seat), style, colours, view}.
 * @param {View} view
 * @param {Ctx} ctx
 * @param {{ value: boolean }} openEarlier
 */
export function drawBattles(view, ctx, openEarlier) {
  const battles = view.battles || [];
  if (!primed) {
    for (const battle of battles) {
      battle.throws.forEach((_, index) => revealAt.set(`${battle.id}:${index}`, 0));
      revealAt.set(`${battle.id}:paused`, 0);
      revealAt.set(`${battle.id}:${battle.throws.length}:end`, 0);
    }
    primed = true;
  }
  if (!battles.length) return null;
  const last = battles[battles.length - 1];
  const current = drawBattle(last, ctx, true);
  const earlier = battles.slice(0, -1).reverse();
  const section = el("section", { class: "nb-battles" }, el("h2", {}, ctx.t("narnia.page.battles")), current);
  if (earlier.length) {
    const details = el(
      "details",
      {
        class: "nb-earlier",
        open: openEarlier.value || undefined,
        ontoggle: (/** @type {Event} */ e) => (openEarlier.value = /** @type {HTMLDetailsElement} */ (e.currentTarget).open),
      },
      el("summary", {}, ctx.t("narnia.page.earlier")),
      ...earlier.map((battle) => drawBattle(battle, ctx, false)),
    );
    section.append(details);
  }
  return section;
}

/** @param {Battle} battle
 * @param {Ctx} ctx
 * @param {boolean} latest */
function drawBattle(battle, ctx, latest) {
  const { t } = ctx;
  const forms = (/** @type {string} */ which, /** @type {string} */ tid) => t(`narnia.territory_${which}.${tid}`);
  // One side of every battle is a player: the Witch fights players only.
  const player = /** @type {number} */ (battle.attacker !== null ? battle.attacker : battle.defender);
  // The line names the player (the attacker, or the one the Witch attacks): "you" on their page.
  const head = ctx.said(`battle_${battle.cause}`, player, {
    attacker: ctx.who(battle.attacker),
    defender: ctx.who(battle.defender),
    source: t(`narnia.territory.${battle.source}`),
    target: t(`narnia.territory.${battle.target}`),
    target_the: forms("the", battle.target),
    target_in: forms("in", battle.target),
    source_from: forms("from", battle.source),
  });
  const underWay = battle.result === null || battle.paused;
  const node = el(
    "article",
    {
      class: `nb-battle${latest ? " latest" : ""}${underWay ? " under-way" : ""}`,
      dataset: { battle: String(battle.id), result: battle.result || "", cause: battle.cause },
    },
    el("p", { class: "nb-battle-head" }, markIcon(ctx.style, ctx.colours[player]), " ", ...rich(joined(head))),
  );
  if (latest) node.append(el("p", { class: "nb-rule" }, ...rich(ctx.said("battle_rule", player, { player: ctx.name(player) }))));
  const list = el("ol", { class: "nb-throws" });
  let previous = -Infinity;
  battle.throws.forEach((thrown, index) => {
    const at = latest ? delay(`${battle.id}:${index}`, previous) : 0;
    previous = at;
    list.append(revealed(drawThrow(battle, thrown, index + 1, ctx), at));
  });
  if (battle.paused) {
    const at = latest ? delay(`${battle.id}:paused`, previous) : 0;
    previous = at;
    list.append(revealed(drawPaused(battle, ctx), at));
  }
  node.append(list);
  const tail = drawTail(battle, ctx);
  if (tail.length) {
    const at = latest ? delay(`${battle.id}:${battle.throws.length}:end`, previous) : 0;
    node.append(revealed(el("div", { class: "nb-result" }, ...tail.map((line) => el("p", {}, ...rich(joined(line))))), at));
  }
  return node;
}

/** A line with its dashes held to the word before them (a no-break space): a line never starts with "—".
 * @param {string} text */
export function joined(text) {
  return text.replace(/ +—/g, "\u00a0—");
}

/** @param {Ctx} ctx
 * @param {number | null} seat */
function side(ctx, seat) {
  return seat === null ? ctx.t("narnia.ui.witch_short") : ctx.name(seat);
}

/** A side of a throw, cut to fit: whole on hover and on a tap.
 * @param {string} name
 * @param {string} [tail] */
function sideTag(name, tail = "") {
  const text = `${name}${tail}`;
  const toggle = (/** @type {Event} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.toggle("whole");
  return el("span", { class: "nb-who", title: text, onclick: toggle }, text);
}

/** @param {Battle} battle
 * @param {import("./wire").Throw} thrown
 * @param {number} number
 * @param {Ctx} ctx */
function drawThrow(battle, thrown, number, ctx) {
  const { t } = ctx;
  const wonPairs = thrown.pairs.filter((p) => p === "attacker").length;
  const lostPairs = thrown.pairs.filter((p) => p === "defender").length;
  const winnerSeat = thrown.winner === "attacker" ? battle.attacker : battle.defender;
  const [high, low] = thrown.winner === "attacker" ? [wonPairs, lostPairs] : [lostPairs, wonPairs];
  const tied = thrown.winner === "defender" && wonPairs === lostPairs;
  const result = ctx.said(tied ? "throw_tie" : "throw_win", winnerSeat, { winner: side(ctx, winnerSeat), score: `${high}–${low}` });
  const flagOnly = t("narnia.ui.flag_only");
  const stack = (/** @type {number[]} */ values) => (values.length ? values.join(" ") : flagOnly);
  const row = el(
    "li",
    { class: `nb-throw${thrown.rerolled ? " rerolled" : ""}`, dataset: { throw: String(number), winner: thrown.winner } },
    el("span", { class: "nb-throw-n" }, t("narnia.page.throw", { number })),
    el(
      "span",
      { class: "nb-throw-dice" },
      sideTag(side(ctx, battle.attacker)),
      dice(thrown.attacker_dice, thrown.pairs, "attacker", battle.attacker === null, t),
      sideTag(side(ctx, battle.defender), thrown.flag ? ` ${t("narnia.ui.flag_die")}` : ""),
      dice(thrown.defender_dice, thrown.pairs, "defender", battle.defender === null, t),
    ),
    el("span", { class: "nb-throw-result" }, result),
    el(
      "span",
      { class: "nb-left" },
      t("narnia.page.left", {
        attacker: side(ctx, battle.attacker),
        defender: side(ctx, battle.defender),
        attacker_stack: stack(thrown.attacker_stack),
        defender_stack: stack(thrown.defender_stack),
      }),
    ),
  );
  if (thrown.rerolled && thrown.original_dice) {
    row.append(el("span", { class: "nb-reroll" }, t("narnia.ui.rerolled", { dice: thrown.original_dice.join(" ") })));
  }
  return row;
}

/** A throw rolled and lost by the Aslan holder, waiting for his answer.
 * @param {Battle} battle
 * @param {Ctx} ctx */
function drawPaused(battle, ctx) {
  const { t } = ctx;
  const paused = /** @type {NonNullable<Battle["paused"]>} */ (battle.paused); // drawn only while one waits
  const pairs = paused.attacker_dice
    .slice(0, Math.min(paused.attacker_dice.length, paused.defender_dice.length))
    .map((a, i) => /** @type {Pair} */ (a > paused.defender_dice[i] ? "attacker" : a < paused.defender_dice[i] ? "defender" : "tie"));
  return el(
    "li",
    { class: "nb-throw paused", dataset: { throw: "paused" } },
    el("span", { class: "nb-throw-n" }, t("narnia.page.throw", { number: battle.throws.length + 1 })),
    el(
      "span",
      { class: "nb-throw-dice" },
      sideTag(side(ctx, battle.attacker)),
      dice(paused.attacker_dice, pairs, "attacker", battle.attacker === null, t),
      sideTag(side(ctx, battle.defender), paused.flag ? ` ${t("narnia.ui.flag_die")}` : ""),
      dice(paused.defender_dice, pairs, "defender", battle.defender === null, t),
    ),
    el(
      "span",
      { class: "nb-throw-result" },
      ...rich(
        ctx.said("aslan_wait", ctx.view.effects.aslan, {
          attacker_dice: paused.attacker_dice.join(" "),
          defender_dice: paused.defender_dice.join(" "),
          seat: ctx.who(ctx.view.effects.aslan),
        }),
      ),
    ),
  );
}

/** @param {Battle} battle
 * @param {Ctx} ctx */
function drawTail(battle, ctx) {
  const { t, view } = ctx;
  const the = t(`narnia.territory_the.${battle.target}`);
  const lines = [];
  if (battle.result === "conquered") {
    const [key, seat] = battle.attacker !== null ? ["conquered", battle.attacker] : ["witch_conquered", battle.defender];
    lines.push(ctx.said(key, seat, { attacker: ctx.who(battle.attacker), defender: ctx.who(battle.defender), target_the: the }));
    const choosing = view.phase === "invade" && battle === view.battles[view.battles.length - 1];
    const count = battle.invasion.length;
    if (count) {
      lines.push(ctx.count("narnia.ui.invaded", count, { tokens: battle.invasion.join(" ") }));
    } else if (battle.attacker !== null && !choosing) {
      lines.push(t("narnia.ui.invaded_none"));
    }
  } else if (battle.result === "repelled") {
    lines.push(ctx.said("repelled", battle.defender, { defender: ctx.who(battle.defender), target_in: t(`narnia.territory_in.${battle.target}`) }));
  }
  return lines;
}
