// The one shape of a game's page (cogs/<game>/page/page.mjs):
//
//   export default definePage({ url: import.meta.url, styles: ["page.css"], fresh, draw });
//
// The shell (main.mjs) loads the module the server names for the table's game and calls its
// ``render`` with every state; definePage does what each page would otherwise do again: its
// style sheets, found beside the module and loaded once; its local state (what the member is
// picking), made anew by ``fresh`` when the table moves to a new version or seat and kept
// across the redraws of the same one; and the words, names and move the page draws with
// (``ctx``). ``draw(ctx)`` returns the board's node; ``drawn(root, ctx)``, if given, runs
// once it is in the page (to give back a keyboard's focus).
import { el } from "./dom.mjs";

/**
 * @typedef {object} PageSpec
 * @property {string} url the module's own URL (import.meta.url): its styles are found beside it
 * @property {string[]} [styles] style sheets, relative to url
 * @property {(previous: any, table: any) => any} [fresh] the local state for a new version (given the last one)
 * @property {(ctx: any) => Node | null} draw the board, drawn from ctx
 * @property {(root: Node, ctx: any) => void} [drawn] after the board is in the page
 */

/** @param {PageSpec} spec */
export function definePage(spec) {
  let styled = false;
  let key = null;
  let local = null;
  let last = null;

  function style() {
    if (styled) return;
    styled = true;
    for (const sheet of spec.styles || []) {
      const href = new URL(sheet, spec.url).href;
      if (![...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === href)) {
        document.head.append(el("link", { rel: "stylesheet", href }));
      }
    }
  }

  /** The shell's call: ``board`` to draw in, the ``table`` as sent, the ``shell``'s helpers. */
  function render(board, table, shell) {
    style();
    const now = `${table.version}:${table.seat}`;
    if (now !== key) {
      key = now;
      local = spec.fresh ? spec.fresh(local, table) : {};
    }
    last = [board, table, shell];
    const ctx = {
      table,
      view: table.view,
      legal: table.legal || [],
      seat: table.seat,
      local,
      act: shell.act,
      word: shell.word,
      data: shell.data,
      language: shell.language,
      /** A seat's name as the page shows it: "you" on the member's own page. */
      name: (seat) => (seat === table.seat && seat !== null ? shell.word("activity.page.you") : table.seats[seat]?.name ?? "?"),
      /** The board again, from the same table (after a tap changed ``local``). */
      redraw: () => {
        if (last) render(...last);
      },
    };
    const root = spec.draw(ctx);
    board.replaceChildren(...(root ? [root] : []));
    if (root && spec.drawn) spec.drawn(root, ctx);
  }

  return { render };
}
