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
// akelarre-ui.mjs keeps the member's pick and the page's words; akelarre-board.mjs draws
// what every member sees, akelarre-turn.mjs the member's own hand and controls.
import { banners, captured, places, players, supply } from "./akelarre-board.mjs";
import { options, prune } from "./akelarre-picks.mjs";
import { ui } from "./akelarre-ui.mjs";
import { controls, hand } from "./akelarre-turn.mjs";
import { el } from "./dom.mjs";

let styled = false;
function stylesheet() {
  if (styled) return;
  styled = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./akelarre.css", import.meta.url).href }));
}

export function render(board, table, page) {
  stylesheet();
  ui.board = board;
  ui.page = page;
  ui.table = table;
  ui.draw = draw;
  if (ui.version !== table.version) {
    ui.version = table.version;
    ui.joker = null;
    prune(ui);
  }
  draw();
}

function draw() {
  const table = ui.table;
  const view = table.view;
  if (!view) {
    ui.board.replaceChildren();
    return;
  }
  const decision = table.decision;
  const mine = table.legal.length > 0;
  const opts = mine ? options(ui) : { targets: new Map(), discard: null, takes: new Map(), draws: new Map() };
  const root = el(
    "div",
    { class: "ak", dataset: { step: view.step, mine: mine ? "yes" : "no" } },
    players(view, decision),
    banners(view, mine),
    places(view, opts),
    supply(view, opts),
    mine ? controls(view, opts) : null,
    hand(view, opts, mine),
    captured(view),
  );
  ui.board.replaceChildren(root);
}
