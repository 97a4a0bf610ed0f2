// Placeholder: the game's table is drawn here (issue 32, item 5).
import { el } from "./dom.mjs";

export function render(board, table, page) {
  board.replaceChildren(el("p", { class: "empty" }, page.word("activity.page.not_here")));
}
