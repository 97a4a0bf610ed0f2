// Akelarre's table in the Activity page: the players, the meeting places with
// their groups, the discard piles and the deck, the member's own hand and secret favourite,
// and every decision of games/akelarre/actions.py made by clicking cards.
//
// The page decides nothing about the rules: a move is one of ``table.legal`` (the viewer's
// legal actions, as the engine's JSON), found from what was picked. A hand card is lit when
// some legal move plays it together with the cards already picked; a place is lit when a
// legal open or add plays exactly the picked cards (with the taken card, if one is held)
// there; everything else is dimmed and disabled. The table service checks every move again.
// Legal moves name one card of each kind (``F2a`` for any Fairies 2): the page matches hand
// cards by kind and sends the legal action as it was listed.
//
// ui.mjs keeps the member's pick and the page's words; board.mjs draws
// what every member sees, turn.mjs the member's own hand and controls.
import { banners, captured, places, players, supply } from "./board.mjs";
import { NO_OPTIONS, options, prune } from "./picks.mjs";
import { ui } from "./ui.mjs";
import { controls, hand } from "./turn.mjs";
import { el } from "@gm/dom.mjs";
import { definePage } from "@gm/page.mjs";

/** @type {import("@gm/page.mjs").PageSpec<import("./wire").View, import("./wire").Action, object>} */
const spec = {
  url: import.meta.url,
  styles: ["page.css"],
  // The channel's emoji in the page's words, drawn as the page's pictures (icons/): no emoji font needed.
  pictures: {
    "🧚": "icons/fairies.svg",
    "🍄": "icons/goblins.svg",
    "🌳": "icons/druids.svg",
    "🌊": "icons/nymphs.svg",
    "🧙": "icons/witches.svg",
    "🃏": "icons/joker.svg",
    "⭐": "icons/star.svg",
    "✋": "icons/hand.svg",
    "🏕️": "icons/place.svg",
    "✨": "icons/captured.svg",
    "🂠": "icons/back.svg",
    "✅": "icons/yes.svg",
    "🔔": "icons/bell.svg",
    "✖": "icons/clear.svg",
    "🗑️": "icons/discard.svg",
    "↩️": "icons/undo.svg",
  },
  // The pick is kept from one version to the next, and checked again (prune): a refusal or
  // another member's move leaves what the member was building in place where it still fits.
  fresh: (previous, table) => {
    ui.joker = null;
    ui.table = table;
    prune(ui);
    return previous || {};
  },
  /** @param {import("./ui.mjs").Page} ctx */
  draw(ctx) {
    ui.page = ctx;
    ui.table = ctx.table;
    ui.draw = ctx.redraw;
    return draw();
  },
};

export default definePage(spec);

function draw() {
  const table = ui.table;
  const view = table.view;
  if (!view) return null;
  const decision = table.decision;
  const mine = table.legal.length > 0;
  const opts = mine ? options(ui) : NO_OPTIONS();
  const root = el(
    "div",
    { class: "ak", dataset: { step: view.step, mine: mine ? "yes" : "no" } },
    players(view, decision),
    banners(view, mine),
    places(view, opts),
    supply(view, opts),
    mine ? controls(view, opts) : null,
    hand(view, mine),
    captured(view),
  );
  return root;
}
