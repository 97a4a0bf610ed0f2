// What the member may do now, built from table.legal only (the engine's legal
// actions for their seat; the server checks every move again): the buttons of
// the actions that need no choice, the territories of the map they may tap, step
// by step (from, then into; which tokens), and the token pickers. Nothing that no
// legal action allows is clickable. The decision is said in the channel's words
// (narnia.ui.you_*, the private panel's); what to tap next in the page's own.
import { el, rich, sameAction } from "@gm/dom.mjs";

/** @typedef {import("./wire").View} View */
/** @typedef {import("./wire").Action} Action */
/** @typedef {import("./wire").Move} Move */
/** @typedef {import("./wire").Invade} Invade */
/** @typedef {import("./wire").Surprise} Surprise */
/** An action made of two territories: attack, move, treachery, the Witch's attack.
 * @typedef {import("./wire").Attack | Move | import("./wire").Treachery | import("./wire").WitchPairChoice} PairAction */
/** An action made of one territory tapped: a placement or a removal.
 * @typedef {import("./wire").PlaceWitch | import("./wire").Deploy | import("./wire").PlaceReinforcement | import("./wire").Stone | import("./wire").SpellLoss} PlaceAction */
/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./page.mjs").Sel} Sel */
/** A territory on the map the member may tap: how it is marked, what a tap does, its name.
 * @typedef {{ classes: string[], onClick?: () => void, label: string }} Cell */
/** The decision being built: its panel's parts, the map's cells, the legal actions.
 * @typedef {object} Ui
 * @property {HTMLElement} panel
 * @property {HTMLElement} buttons the actions that need no choice
 * @property {HTMLElement} step what to tap next
 * @property {HTMLElement} extra the token pickers, the chances
 * @property {Map<string, Cell>} cells
 * @property {HTMLElement[]} options the territories to tap, as buttons
 * @property {Action[]} legal
 * @property {View} v
 * @property {Sel} sel
 * @property {Ctx} ctx */

const PLACES = new Set(["place_witch", "deploy", "place_reinforcement", "stone", "spell_loss"]);
/** @type {Record<string, string>} */
const BUTTONS = { draw: "🃏", reinforce: "➕", reroll: "🦁", keep: "✋", keep_quiet: "🔕", pass: "⏭️" };
/** The two steps of a choice of two territories: which field is tapped first.
 * @type {Record<string, ["source" | "target", "source" | "target"]>} */
const STEPS = {
  turn: ["source", "target"], // attack and move: from, then into
  treachery: ["source", "target"], // your top token, then the Witch territory it goes to
  witch_pair: ["target", "source"], // your territory she attacks, then hers she attacks from
};


/** The decision panel and the map's clickable territories (id -> {classes, onClick, label}).
 * @param {import("./wire").Table} table
 * @param {import("./page.mjs").Sel} sel
 * @param {Ctx} ctx */
export function decide(table, sel, ctx) {
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  const legal = table.legal || [];
  if (!legal.length) return { panel: null, cells };
  const v = table.view;
  const { t } = ctx;
  const panel = el("section", { class: "nb-decide", dataset: { phase: v.phase } });
  panel.append(el("p", { class: "nb-task" }, ...rich(task(v, t))));
  const buttons = el("div", { class: "nb-buttons" });
  const step = el("p", { class: "nb-step" });
  const extra = el("div", { class: "nb-extra" });
  /** @type {HTMLElement[]} */
  const options = [];
  /** @type {Ui} */
  const ui = { panel, buttons, step, extra, cells, options, legal, v, sel, ctx };

  for (const action of legal) {
    if (!(action.kind in BUTTONS)) continue;
    const key = action.kind === "pass" && v.phase === "surprise" ? "button_decline" : `button_${action.kind}`;
    buttons.append(button(`${BUTTONS[action.kind]} ${t(`narnia.ui.${key}`)}`, () => ctx.act(action), action.kind));
  }
  if ((v.phase === "turn" || v.phase === "courage") && !legal.some((a) => a.kind === "reinforce")) {
    buttons.prepend(
      el("button", { type: "button", class: "tool nb-btn", disabled: true, title: t("narnia.page.no_reinforce"), dataset: { kind: "reinforce" } }, `➕ ${t("narnia.ui.button_reinforce")}`),
    );
  }

  /** @type {(kinds: string[]) => PairAction[]} */
  const pairs = (kinds) => /** @type {PairAction[]} */ (legal.filter((a) => kinds.includes(a.kind)));
  if (legal.some((a) => PLACES.has(a.kind))) places(ui);
  else if (legal.some((a) => a.kind === "attack" || a.kind === "move")) twoSteps(ui, "turn", pairs(["attack", "move"]));
  else if (legal.some((a) => a.kind === "treachery")) twoSteps(ui, "treachery", pairs(["treachery"]));
  else if (legal.some((a) => a.kind === "witch_pair")) twoSteps(ui, "witch_pair", pairs(["witch_pair"]));
  else if (legal.some((a) => a.kind === "surprise")) surprise(ui);
  else if (legal.some((a) => a.kind === "invade")) invade(ui);

  if (step.childNodes.length) panel.append(Object.assign(step, { title: step.textContent })); // whole on hover where cut (PIP)
  if (v.drawn.length && PLACES.has(legal[0].kind)) {
    panel.append(el("p", { class: "nb-drawn" }, t("narnia.page.drawn"), " ", ...v.drawn.map((token) => chip(token.value))));
  }
  if (extra.childNodes.length) panel.append(extra);
  if (options.length) {
    // The territories to tap as buttons too: shown where the map is too small to tap (PIP).
    panel.append(el("div", { class: "nb-options" }, el("span", {}, t("narnia.page.options")), ...options));
  }
  if (buttons.childNodes.length) panel.append(buttons);
  return { panel, cells };
}

/** The decision in the channel's words (the page's where those speak of the channel's menus).
 * @param {View} v
 * @param {import("./page.mjs").Word} t */
function task(v, t) {
  if (v.phase === "invade") {
    const battle = v.battles[v.battles.length - 1];
    return t("narnia.ui.you_invade", { target_the: t(`narnia.territory_the.${battle.target}`), source_from: t(`narnia.territory_from.${battle.source}`) });
  }
  if (v.phase === "aslan" && !v.aslan_once) return t("narnia.ui.you_aslan_every");
  // The channel's words for these speak of the % its menus show; the page's say where to tap.
  if (v.phase === "witch_pair" || v.phase === "witch_attack") return t(`narnia.page.you_${v.phase}`);
  return t(`narnia.ui.you_${v.phase}`, { value: v.required_value ?? "" });
}

/** @param {string} text
 * @param {() => void} onClick
 * @param {string} kind */
function button(text, onClick, kind) {
  return el("button", { type: "button", class: "tool nb-btn", onclick: onClick, dataset: { kind }, title: text }, text);
}

/** @param {number} value */
function chip(value) {
  return el("span", { class: "nb-chip-inline" }, String(value));
}

/** @param {Ctx} ctx
 * @param {string} tid */
function name(ctx, tid) {
  return ctx.t(`narnia.territory.${tid}`);
}

/** A territory the member may tap, on the map and in the list of options; ``note``: what
 * tapping it would risk (an attack's chance to conquer), said with its name.
 * @param {Ui} ui
 * @param {string} tid
 * @param {string[]} classes
 * @param {() => void} onClick
 * @param {string} [note] */
function offer(ui, tid, classes, onClick, note = "") {
  const label = note ? `${name(ui.ctx, tid)} · ${note}` : name(ui.ctx, tid);
  ui.cells.set(tid, { classes, onClick, label });
  ui.options.push(
    el(
      "button",
      { type: "button", class: `tool nb-option ${classes.join(" ")}`, onclick: onClick, dataset: { option: tid }, title: label },
      name(ui.ctx, tid),
      note ? el("span", { class: "nb-chance" }, ` · ${note}`) : null,
    ),
  );
}

/** An attack's chance to conquer in words, as the server sent it (the page works none out).
 * @param {Ctx} ctx
 * @param {import("./wire").Chance[]} chances
 * @param {string} source
 * @param {string} target
 * @param {string} key the words for a known chance */
function chanceOf(ctx, chances, source, target, key) {
  const found = chances.find((c) => c.source === source && c.target === target);
  if (!found) return "";
  return found.chance === null ? ctx.t("narnia.page.chance_unknown") : ctx.t(`narnia.page.${key}`, { chance: found.chance });
}

/** @param {Ui} ui
 * @param {string} tid
 * @param {() => void} onClick */
function chosen(ui, tid, onClick) {
  ui.cells.set(tid, { classes: ["chosen"], onClick, label: name(ui.ctx, tid) });
}

/** Setup placements, reinforcements, Turn to Stone, Evil Spell: one tap on a territory.
 * @param {Ui} ui */
function places(ui) {
  ui.step.append(ui.ctx.t("narnia.page.tap_place"));
  for (const action of ui.legal) {
    if (PLACES.has(action.kind)) {
      const place = /** @type {PlaceAction} */ (action);
      offer(ui, place.territory, ["legal"], () => ui.ctx.act(place));
    }
  }
}

/** A choice of two territories among the legal pairs (attack/move, treachery, the Witch's attack).
 * @param {Ui} ui
 * @param {"turn" | "treachery" | "witch_pair"} kind
 * @param {PairAction[]} actions */
function twoSteps(ui, kind, actions) {
  const { sel, ctx } = ui;
  const { t } = ctx;
  const [first, second] = STEPS[kind];
  const firsts = [...new Set(actions.map((a) => a[first]))];
  if (sel.from === null || !firsts.includes(sel.from)) {
    Object.assign(sel, { from: null, to: null, picked: [] });
    ui.step.append(t(kind === "turn" ? "narnia.page.tap_source" : kind === "treachery" ? "narnia.page.tap_give" : "narnia.page.tap_defend"));
    for (const tid of firsts) offer(ui, tid, ["legal"], () => ctx.choose({ from: tid, to: null, picked: [] }));
    return;
  }
  const from = sel.from;
  const mine = actions.filter((a) => a[first] === from);
  chosen(ui, from, () => ctx.choose({ from: null, to: null, picked: [] }));
  for (const tid of firsts) {
    if (tid !== from) ui.cells.set(tid, { classes: ["other"], onClick: () => ctx.choose({ from: tid, to: null, picked: [] }), label: name(ctx, tid) });
  }
  const moves = /** @type {Move[]} */ (mine.filter((a) => a.kind === "move"));
  const attacks = mine.filter((a) => a.kind !== "move");
  if (sel.to !== null && !moves.some((a) => a.target === sel.to)) sel.to = null;
  /** @type {HTMLElement[]} */
  const chances = [];
  for (const action of attacks) {
    const chance =
      kind === "turn"
        ? chanceOf(ctx, ui.v.attacks, action.source, action.target, "chance")
        : kind === "witch_pair"
          ? chanceOf(ctx, ui.v.witch_choices, action.source, action.target, "chance_witch")
          : "";
    offer(ui, action[second], ["attack"], () => ctx.act(action), chance);
    if (chance) chances.push(el("li", { dataset: { target: action[second] } }, `⚔️ ${name(ctx, action[second])} · ${chance}`));
  }
  // Each attack's chance where the map is tapped (the options list says it where the map is too small).
  if (chances.length) ui.extra.append(el("ul", { class: "nb-chances", "aria-label": t("narnia.page.chances") }, ...chances));
  for (const target of new Set(moves.map((a) => a.target))) {
    if (target === sel.to) chosen(ui, target, () => ctx.choose({ ...sel, to: null, picked: [] }));
    else offer(ui, target, ["move"], () => ctx.choose({ ...sel, to: target, picked: [] }));
  }
  ui.buttons.append(button(t("narnia.page.cancel"), () => ctx.choose({ from: null, to: null, picked: [] }), "cancel"));
  const fromName = name(ctx, from);
  if (sel.to !== null) {
    ui.step.append(t("narnia.page.tap_tokens", { source: fromName, target: name(ctx, sel.to) }));
    const options = moves.filter((a) => a.target === sel.to);
    ui.extra.prepend(picker(ui, from, options, (count) => ctx.count("narnia.page.move", count)));
  } else if (kind === "turn") {
    const key = attacks.length && moves.length ? "tap_target" : attacks.length ? "tap_target_attack" : "tap_target_move";
    ui.step.append(t(`narnia.page.${key}`, { source: fromName }));
  } else if (kind === "treachery") {
    ui.step.append(t("narnia.page.tap_give_to"));
  } else {
    ui.step.append(t("narnia.page.tap_witch_source", { target_the: t(`narnia.territory_the.${from}`) }));
  }
}

/**
 * A stack's tokens to tap (top first), and a confirm button that plays the legal
 * action whose token values are the ones picked (none while no legal one matches).
 * @param {Ui} ui
 * @param {string} source
 * @param {(Move | Invade)[]} actions
 * @param {(count: number) => string} label
 * @param {boolean} [allowEmpty]
 */
function picker(ui, source, actions, label, allowEmpty = false) {
  const { sel, ctx, v } = ui;
  const stack = stackOf(v, source);
  const picked = new Set(sel.picked);
  const values = [...picked].map((i) => stack[i].value).sort((a, b) => b - a);
  const match = actions.find((a) => a.tokens.length === values.length && a.tokens.every((value, i) => value === values[i]));
  const tokens = stack.map((token, index) =>
    el(
      "button",
      {
        type: "button",
        class: `nb-token${picked.has(index) ? " picked" : ""}`,
        "aria-pressed": picked.has(index) ? "true" : "false",
        "aria-label": ctx.t("narnia.page.value", { value: token.value }),
        dataset: { tokenIndex: String(index), value: String(token.value) },
        onclick: () => {
          const next = new Set(picked);
          if (next.has(index)) next.delete(index);
          else next.add(index);
          ctx.choose({ ...sel, picked: [...next] });
        },
      },
      String(token.value),
    ),
  );
  const ok = match && (values.length || allowEmpty);
  const confirm = el(
    "button",
    { type: "button", class: "tool nb-btn nb-confirm", disabled: !ok, dataset: { kind: "confirm" }, onclick: () => ok && ctx.act(match) },
    label(values.length),
  );
  return el("div", { class: "nb-picker" }, el("div", { class: "nb-tokens" }, ...tokens), confirm);
}

/** A territory's stack, top first.
 * @param {View} v
 * @param {string} tid */
function stackOf(v, tid) {
  return v.territories.find((tv) => tv.id === tid)?.stack ?? [];
}

/** After a conquest: which tokens move in (none is fine, NA-4.5.1).
 * @param {Ui} ui */
function invade(ui) {
  const { ctx, v } = ui;
  const legal = /** @type {Invade[]} */ (ui.legal.filter((a) => a.kind === "invade"));
  const { t } = ctx;
  const battle = v.battles[v.battles.length - 1];
  ui.cells.set(battle.source, { classes: ["chosen"], label: name(ctx, battle.source) });
  ui.cells.set(battle.target, { classes: ["chosen"], label: name(ctx, battle.target) });
  ui.step.append(t("narnia.page.tap_invaders"));
  const stack = stackOf(v, battle.source).map((token) => token.value);
  const none = legal.find((a) => a.tokens.length === 0);
  const all = legal.find((a) => sameAction(a.tokens, stack));
  if (all && stack.length) ui.buttons.append(button(`➡️ ${t("narnia.ui.invade_all")}`, () => ctx.act(all), "invade-all"));
  if (none) {
    const text = t("narnia.ui.invade_none", { source_in: t(`narnia.territory_in.${battle.source}`) });
    ui.buttons.append(button(text, () => ctx.act(none), "invade-none"));
  }
  if (stack.length) ui.extra.append(picker(ui, battle.source, legal, (count) => ctx.count("narnia.page.invade", count)));
}

/** Surprise Attack: a Witch territory, then the token to remove (equal tokens are alike).
 * @param {Ui} ui */
function surprise(ui) {
  const { sel, ctx, v } = ui;
  const { t } = ctx;
  const strikes = /** @type {Surprise[]} */ (ui.legal.filter((a) => a.kind === "surprise"));
  const places = [...new Set(strikes.map((a) => a.territory))];
  if (sel.from !== null && !places.includes(sel.from)) Object.assign(sel, { from: null, to: null, picked: [] });
  for (const tid of places) {
    if (tid === sel.from) chosen(ui, tid, () => ctx.choose({ from: null, to: null, picked: [] }));
    else offer(ui, tid, ["attack"], () => ctx.choose({ from: tid, to: null, picked: [] }));
  }
  const from = sel.from;
  if (from === null) {
    ui.step.append(t("narnia.page.tap_strike"));
    return;
  }
  ui.step.append(t("narnia.page.tap_strike_token", { territory_from: t(`narnia.territory_from.${from}`) }));
  const stack = stackOf(v, from);
  const tokens = stack.map((token, index) => {
    const action = strikes.find((a) => a.territory === from && stack[a.index].value === token.value && stack[a.index].origin === token.origin);
    const label = [t("narnia.page.value", { value: token.value }), token.origin === "peter" ? t("narnia.page.betrayed") : ""].filter(Boolean).join(", ");
    return el(
      "button",
      {
        type: "button",
        class: `nb-token${token.origin === "peter" ? " betrayed" : " witch"}`,
        disabled: !action,
        title: label,
        "aria-label": label,
        dataset: { tokenIndex: String(index), value: String(token.value) },
        onclick: () => action && ctx.act(action),
      },
      String(token.value),
    );
  });
  ui.extra.append(el("div", { class: "nb-picker" }, el("div", { class: "nb-tokens" }, ...tokens)));
  ui.buttons.append(button(t("narnia.page.cancel"), () => ctx.choose({ from: null, to: null, picked: [] }), "cancel"));
}
