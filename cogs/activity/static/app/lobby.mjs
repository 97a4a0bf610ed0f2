// The lobby in the page: the seats as the channel's lobby message lists them, the game's
// options in its words, and its buttons (Join, Leave, Add AI at a level, Start, Cancel),
// and a finished game's Rematch. The shell's, not a game's: every game's lobby looks the same.
//
// The page decides nothing: the bot sends the lobby as it is (``table.lobby``,
// cogs/activity/lobby_state.py: who hosts, the levels offered, why Start would be refused),
// a button sends its message (cogs/activity/protocol.py) and the table service checks it
// again, for the member Discord signed in; its refusal comes back as the page's notice.
import { el } from "./dom.mjs";
import { nameTag } from "./said.mjs";

/**
 * What the bot sends of a lobby (cogs/activity/lobby_state.py ``LobbyPage``), in the viewer's language:
 * its types are generated from it (wire.d.ts).
 * @typedef {import("./wire").LobbyPage} LobbyPage
 * @typedef {{ word: (key: string, params?: Record<string, unknown>) => string, send: (message: Record<string, unknown>) => void }} LobbyContext
 * @typedef {{ seat: number | null, seats: { name: string, ai: boolean }[] }} Seated
 * @typedef {(key: string, params?: Record<string, unknown>) => string} Word
 */

let styled = false;
function stylesheet() {
  if (styled) return;
  styled = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./lobby.css", import.meta.url).href }));
}

// The AI level last picked in this page: kept from one state to the next.
let level = "normal";

// Cancel ends the table for everyone: a first tap arms it, a second within ARMED_MS sends
// it (the lobby may be redrawn meanwhile, a seat taken: the arming outlives the redraw). A
// second tap sooner than READY_MS is a double click, not a confirmation: it is ignored.
const ARMED_MS = 4000;
const READY_MS = 350;
let armedAt = -Infinity;
/** @type {ReturnType<typeof setTimeout>[]} */
let timers = [];

/** One of the shell's pictures (icons/), beside a word or in its place (``alt``: none, the word is there).
 * @param {string} name
 * @param {string} [alt] */
function picture(name, alt = "") {
  return el("img", { class: "pic", src: new URL(`icons/${name}.svg`, import.meta.url).href, alt, draggable: "false" });
}

/** A seat's tag: a picture and a word, the word left out where room is short (lobby.css), said by the title then.
 * @param {string} kind
 * @param {string | null} icon
 * @param {string} text */
function tag(kind, icon, text) {
  return el("span", { class: `tag ${kind}`, title: text },
    icon ? picture(icon, text) : null, el("span", { class: "label" }, text));
}

/**
 * @param {Seated} table
 * @param {LobbyPage} lobby
 * @param {number} index
 * @param {Word} word
 */
function seatRow(table, lobby, index, word) {
  const seat = table.seats[index];
  if (!seat) {
    // Where room is short the first open seat stands for the others, and counts them (lobby.css).
    const more = index === table.seats.length ? lobby.max_seats - index - 1 : 0;
    return el("li", { class: "seat open", dataset: { seat: String(index) } },
      el("span", { class: "num" }, String(index + 1)),
      el("span", { class: "name" }, word("activity.page.lobby.open_seat")),
      more ? el("span", { class: "more" }, word("activity.page.lobby.more_open", { count: more })) : null);
  }
  const about = lobby.seats[index];
  const mine = index === table.seat;
  return el("li", { class: `seat${mine ? " mine" : ""}${seat.ai ? " ai" : ""}`, dataset: { seat: String(index) } },
    el("span", { class: "num" }, String(index + 1)),
    // Cut only where the row has no room left, and then whole on hover or a tap (nameTag).
    nameTag(seat.name),
    mine ? el("span", { class: "tag you" }, word("activity.page.lobby.you")) : null,
    about.host ? tag("host", "host", word("activity.page.lobby.host")) : null,
    seat.ai ? tag("level", "ai", word("activity.page.lobby.ai", { level: about.level })) : null);
}

/**
 * @param {Seated} table
 * @param {LobbyPage} lobby
 * @param {LobbyContext} ctx
 */
function buttons(table, lobby, ctx) {
  const { word, send } = ctx;
  const seated = table.seat !== null;
  const full = table.seats.length >= lobby.max_seats;
  const out = [];
  if (!seated && !full) {
    out.push(el("button", { type: "button", class: "tool go", id: "lobby-join", onclick: () => send({ type: "join" }) },
      word("activity.page.lobby.join")));
  }
  if (seated && !lobby.host) {
    out.push(el("button", { type: "button", class: "tool", id: "lobby-leave", onclick: () => send({ type: "leave" }) },
      word("activity.page.lobby.leave")));
  }
  if (lobby.host && !full) {
    const select = /** @type {HTMLSelectElement} */ (el("select", { id: "lobby-level", "aria-label": word("activity.page.lobby.level") },
      ...lobby.levels.map((/** @type {import("./wire").LobbyLevel} */ offered) => el("option", { value: offered.level, selected: offered.level === level }, offered.name))));
    select.addEventListener("change", () => { level = select.value; });
    out.push(el("span", { class: "addai" }, select,
      el("button", { type: "button", class: "tool", id: "lobby-add-ai",
        onclick: () => send({ type: "add_ai", level: select.value }) }, picture("ai"), word("activity.page.lobby.add_ai"))));
  }
  if (lobby.host) {
    const refused = lobby.start_refused;
    out.push(el("button", { type: "button", class: "tool start", id: "lobby-start", disabled: Boolean(refused),
      title: refused || undefined, onclick: () => send({ type: "start" }) }, word("activity.page.lobby.start")));
    out.push(cancelButton(ctx));
  }
  return out;
}

/**
 * The host's Cancel: a first tap arms it (it says what a second one does), a second sends it.
 * @param {LobbyContext} ctx
 */
function cancelButton(ctx) {
  const { word, send } = ctx;
  const since = performance.now() - armedAt;
  const armed = since < ARMED_MS;
  const ready = armed && since >= READY_MS;
  /** The button drawn again as the arming now stands, keeping the focus where it was. */
  const again = () => {
    const shown = document.getElementById("lobby-cancel");
    if (!shown) return;
    const focused = document.activeElement === shown;
    const next = cancelButton(ctx);
    shown.replaceWith(next);
    if (focused) next.focus();
  };
  return el("button", { type: "button", class: `tool cancel${armed ? " armed" : ""}${ready ? " ready" : ""}`,
    id: "lobby-cancel", title: word("activity.page.lobby.cancel_why"), "aria-pressed": armed ? "true" : "false",
    onclick: () => {
      const now = performance.now();
      if (now - armedAt < ARMED_MS) {
        if (now - armedAt < READY_MS) return; // the same double click
        timers.forEach(clearTimeout);
        armedAt = -Infinity;
        send({ type: "cancel" });
        return;
      }
      armedAt = now;
      timers.forEach(clearTimeout);
      timers = [setTimeout(again, READY_MS), setTimeout(again, ARMED_MS)];
      again();
    } },
    picture("cancel", word("activity.page.lobby.cancel")),
    el("span", { class: "label" }, word(armed ? "activity.page.lobby.cancel_confirm" : "activity.page.lobby.cancel")));
}

/**
 * A short line under the buttons: why Start waits, or who starts, or that the table is full.
 * @param {Seated} table
 * @param {LobbyPage} lobby
 * @param {Word} word
 */
function status(table, lobby, word) {
  if (lobby.host) return lobby.start_refused;
  const host = lobby.seats.findIndex((/** @type {import("./wire").LobbySeat} */ seat) => seat.host);
  if (table.seat === null) {
    return table.seats.length >= lobby.max_seats ? word("activity.page.lobby.full") : word("activity.page.lobby.watching");
  }
  return word("activity.page.lobby.waiting", { host: host >= 0 ? table.seats[host].name : "" });
}

/**
 * The lobby's node: ``ctx`` has ``word`` and ``send(message)`` (a lobby button's message).
 * @param {{ seat: number | null, seats: { name: string, ai: boolean }[] }} table
 * @param {LobbyPage} lobby the table's ``lobby``
 * @param {LobbyContext} ctx
 */
export function drawLobby(table, lobby, ctx) {
  stylesheet();
  const { word } = ctx;
  const seats = [];
  for (let index = 0; index < lobby.max_seats; index += 1) seats.push(seatRow(table, lobby, index, word));
  const line = status(table, lobby, word);
  return el("section", { class: "lobby", dataset: { host: lobby.host ? "yes" : "no" } },
    el("h2", { class: "title" }, lobby.title),
    el("div", { class: "columns" },
      el("div", { class: "seating" },
        el("h3", {}, word("activity.page.lobby.seats", { count: table.seats.length, max: lobby.max_seats })),
        el("ol", { class: "seats" }, ...seats),
        el("div", { class: "buttons" }, ...buttons(table, lobby, ctx)),
        line ? el("p", { class: "status", id: "lobby-status" }, line) : null),
      el("div", { class: "options" },
        el("h3", {}, word("activity.page.lobby.options")),
        el("dl", {}, ...lobby.options.flatMap((option) => [el("dt", {}, option.name), el("dd", {}, option.value)])),
        el("p", { class: "footer" }, lobby.footer))));
}

/**
 * A finished game's Rematch, for those who sat at it (the bot checks that again), else null.
 * @param {{ status: string, seat: number | null } | null} table
 * @param {LobbyContext} ctx
 */
export function rematchButton(table, ctx) {
  if (!table || table.status !== "finished" || table.seat === null) return null;
  stylesheet();
  return el("button", { type: "button", class: "tool go", id: "rematch", onclick: () => ctx.send({ type: "rematch" }) },
    picture("rematch"), ctx.word("activity.page.lobby.rematch"));
}
