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
import { flash, flip, places } from "./motion.mjs";
import { pictureSet, pictured } from "./pictures.mjs";

/** @typedef {import("./wire").Table<unknown, unknown>} AnyTable */

/**
 * What the shell gives a page to draw with (main.mjs).
 * @typedef {object} Shell
 * @property {(action: any) => void} act send one of table.legal
 * @property {(draft: Record<string, unknown>) => void} share show the others the draft the member builds
 * @property {import("./wire").DraftMessage | null} draft the draft standing at this version (the server's)
 * @property {(key: string, params?: Record<string, unknown>) => string} word a word in the member's language
 * @property {Record<string, any>} data the game's page data (Presenter.page_data), sent once
 * @property {string} language the member's language
 * @property {import("./dom.mjs").Words} [words] every word the page was sent
 */

/**
 * What a game's page draws with: ``view`` is its page state (its generated ``wire.d.ts``'s
 * ``View``), ``legal`` its actions (``Action``), ``local`` what ``fresh`` made.
 * @template View, Action, Local
 * @typedef {object} PageContext
 * @property {import("./wire").Table<View, Action>} table the whole table as sent
 * @property {View} view the game's page state (table.view)
 * @property {Action[]} legal the seat's legal actions; [] when it is not acting
 * @property {number | null} seat the member's seat; null for a spectator
 * @property {Local} local the page's own state for this version (fresh)
 * @property {(action: Action) => void} act send one of legal
 * @property {(draft: Record<string, unknown>) => void} share the member's draft, for the others to see
 *   while it is built (the game's Presenter.page_draft reads it; sent after a pause, when it changed)
 * @property {{seat: number, draft: Record<string, any>} | null} draft the draft the table is shown now
 *   (its seat's, as its game made it public); null: none
 * @property {(key: string, params?: Record<string, unknown>) => string} word a word in the member's language
 * @property {Record<string, any>} data the game's page data (Presenter.page_data)
 * @property {string} language the member's language
 * @property {(seat: number | null) => string} name a seat's name ("You" on the member's own page)
 * @property {() => void} redraw draw the board again from the same table
 */

/**
 * A game's page: a page annotates its spec with its own types,
 * ``/** @type {import("@gm/page.mjs").PageSpec<View, Action, Local>} *\/``.
 * @template View, Action, Local
 * @typedef {object} PageSpec
 * @property {string} url the module's own URL (import.meta.url): its styles are found beside it
 * @property {string[]} [styles] style sheets, relative to url
 * @property {(previous: Local | null, table: import("./wire").Table<View, Action>) => Local} [fresh] the local state for a new version (given the last one)
 * @property {(ctx: PageContext<View, Action, Local>) => Node | null} draw the board, drawn from ctx
 * @property {(root: Node, ctx: PageContext<View, Action, Local>) => void} [drawn] after the board is in the page
 * @property {Record<string, string>} [pictures] emoji → SVG (relative to url) drawn in their place (pictures.mjs)
 */

/**
 * What the shell loads: a page module's default export.
 * @typedef {object} Page
 * @property {(board: Element, table: AnyTable, shell: Shell) => void} render draw ``table`` in ``board``
 * @property {ReturnType<typeof pictureSet>} pictures the page's emoji drawn as pictures (the shell's prompt and log too)
 */

/**
 * What each ``[data-flash]`` node of ``root`` says now, by its ``data-flash-key``.
 * @param {Element} root
 */
function flashMarks(root) {
  /** @type {Map<string, string | undefined>} */
  const out = new Map();
  for (const node of root.querySelectorAll("[data-flash]")) {
    const marked = /** @type {HTMLElement} */ (node);
    out.set(marked.dataset.flashKey || "", marked.dataset.flash);
  }
  return out;
}

/**
 * @template View, Action, Local
 * @param {PageSpec<View, Action, Local>} spec
 * @returns {Page}
 */
export function definePage(spec) {
  let styled = false;
  /** @type {string | null} */
  let key = null;
  /** @type {Local | null} */
  let local = null;
  /** @type {[Element, AnyTable, Shell] | null} */
  let last = null;
  /** @type {number | null} */
  let shown = null; // the version last drawn: what changed since is shown moving (motion.mjs)
  const pictures = pictureSet(
    Object.fromEntries(Object.entries(spec.pictures || {}).map(([emoji, file]) => [emoji, new URL(file, spec.url).href])),
  );

  function style() {
    if (styled) return;
    styled = true;
    for (const sheet of spec.styles || []) {
      const href = new URL(sheet, spec.url).href;
      if (![...document.querySelectorAll("link[rel=stylesheet]")].some((link) => /** @type {HTMLLinkElement} */ (link).href === href)) {
        document.head.append(el("link", { rel: "stylesheet", href }));
      }
    }
  }

  /** The shell's call: ``board`` to draw in, the ``table`` as sent, the ``shell``'s helpers.
   * @param {Element} board
   * @param {AnyTable} sent
   * @param {Shell} shell */
  function render(board, sent, shell) {
    // The server sends this game's page its own page state and actions (tools/page_types.py).
    const table = /** @type {import("./wire").Table<View, Action>} */ (sent);
    style();
    const now = `${table.version}:${table.seat}`;
    if (now !== key) {
      key = now;
      local = spec.fresh ? spec.fresh(local, table) : /** @type {Local} */ ({});
    }
    last = [board, sent, shell];
    /** @type {PageContext<View, Action, Local>} */
    const ctx = {
      table,
      view: table.view,
      legal: table.legal || [],
      seat: table.seat,
      local: /** @type {Local} */ (local),
      act: shell.act,
      share: shell.share,
      draft: shell.draft ? { seat: shell.draft.seat, draft: shell.draft.draft } : null,
      word: shell.word,
      data: shell.data,
      language: shell.language,
      /** A seat's name as the page shows it: "You" on the member's own page. */
      name: (seat) => (seat === table.seat && seat !== null ? shell.word("activity.page.you_name") : (seat === null ? undefined : table.seats[seat]?.name) ?? "?"),
      /** The board again, from the same table (after a tap changed ``local``). */
      redraw: () => {
        if (last) render(...last);
      },
    };
    // Where the marked nodes were (data-flip: a card, a token) and what they said
    // (data-flash: a territory's owner): after the redraw, a node that moved glides
    // to its place and one whose mark changed flashes. Not at the first drawing.
    const before = shown !== null ? places(board) : new Map();
    const marks = shown !== null && shown !== table.version ? flashMarks(board) : null;
    const root = spec.draw(ctx);
    board.replaceChildren(...(root ? [root] : []));
    pictured(root, pictures);
    flip(board, before, "flip", { flashNew: marks !== null }); // a card come from out of sight glows
    if (marks) for (const node of /** @type {NodeListOf<HTMLElement | SVGElement>} */ (board.querySelectorAll("[data-flash]"))) {
      const was = marks.get(node.dataset.flashKey || "");
      if (was !== undefined && was !== node.dataset.flash) flash(node, was);
    }
    shown = table.version;
    if (root && spec.drawn) spec.drawn(root, ctx);
  }

  return { render, pictures };
}
