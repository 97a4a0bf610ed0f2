// The table page: signs in through Discord's Embedded App SDK, holds one WebSocket
// to the bot (cogs/activity/protocol.py) and draws the table it is sent. The page
// decides nothing: who the member is comes from Discord, what they may do from the
// bot (table.legal), and every move is checked again by the table service.
import { DiscordSDK } from "../sdk/index.mjs";
import { el, format, rich } from "./dom.mjs";
import { drawLobby, rematchButton } from "./lobby.mjs";
import { said } from "./said.mjs";
import { drawClock } from "./clock.mjs";
import { pictureSet, pictured, toolWord } from "./pictures.mjs";

// The shell's own emoji as its pictures (icons/): Undo's and Hint's, and the final record's.
const icon = (/** @type {string} */ name) => new URL(`icons/${name}.svg`, import.meta.url).href;
const SHELL_PICTURES = pictureSet({
  "↩️": icon("undo"),
  "💡": icon("hint"),
  "🏆": icon("trophy"),
  "🥇": icon("medal1"),
  "🥈": icon("medal2"),
  "🥉": icon("medal3"),
});

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
// A silent network keeps a socket OPEN while nothing passes: the page pings every
// PING_MS, and a socket it has heard nothing from for SILENT_MS (two pongs missed,
// and a margin), or a move left unanswered for ANSWER_MS, is taken as dead: dropped,
// said, and replaced (docs/decisions.md, "A silent network").
const PING_MS = 5000;
const SILENT_MS = 12000;
// Between an open socket and its first state the server is asking Discord who the page
// is (two calls of up to 10 s each): the page's pings wait behind that, so the page waits
// longer there rather than reconnecting, and asking Discord again, while Discord is slow.
const HELLO_MS = 30000;
const ANSWER_MS = 5000;
const TICK_MS = 1000;
// A draft (protocol.py's ``draft``) goes this long after the page's last change to it:
// one message per pause in the member's taps, not one per tap.
const DRAFT_MS = 250;

/** One of the page's own elements (index.html): always there.
 * @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const app = $("app");
const page = {
  table: /** @type {import("./wire").Table | null} */ (null),
  words: /** @type {import("./dom.mjs").Words} */ ({}),
  data: /** @type {Record<string, any>} */ ({}), // what the game's page draws with besides its state (Narnia's map), sent once
  drawn: /** @type {string | null} */ (null), // the game's page module, relative to the build ("games/<game>/page.mjs"), null: none (the bot says so with its words)
  language: "en",
  socket: /** @type {WebSocket | null} */ (null),
  token: /** @type {string | null} */ (null),
  instanceId: /** @type {string | null} */ (null),
  retries: 0,
  hint: /** @type {import("./wire").HintMessage | null} */ (null),
  waiting: false, // a move was sent and its answer has not come yet
  sentAt: 0, // when that move was sent (performance.now())
  live: false, // the socket has brought a state: moves may go on it
  heard: 0, // when the socket last brought anything, or was opened
  pinged: 0,
  ticked: 0,
  module: /** @type {import("./page.mjs").Page | null} */ (null),
  moduleGame: /** @type {string | null} */ (null),
  signingIn: false,
  refused: false, // a refusal came: the state that answers it keeps it in view
  cancelling: false, // the host's Cancel was sent: the state without a table that answers it says so
  drawing: /** @type {Promise<void> | null} */ (null), // the drawing under way (drawLatest)
  redraw: false, // a state came while it was under way: draw again after it
  draft: /** @type {import("./wire").DraftMessage | null} */ (null), // the draft standing at this version, from the server
  shared: /** @type {string | null} */ (null), // "version:json" of the last draft this page sent on this socket
  shareTimer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined),
};

/** The page's word in the member's language.
 * @param {string} key
 * @param {Record<string, unknown>} [params] */
export function word(key, params) {
  return format(page.words, key, params, page.language);
}

/** @param {string} name */
function setState(name) {
  app.dataset.state = name;
}

/** @param {string} text
 * @param {string} [kind] */
function notice(text, kind = "error") {
  const box = $("notice");
  box.replaceChildren(...rich(text));
  box.dataset.kind = kind;
  box.hidden = !text;
}

/** @param {Record<string, unknown>} message */
function send(message) {
  // A dead or new connection takes no move: it would wait unseen, or be played on a table the page has not seen yet.
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN || !page.live) {
    notice(word("activity.page.reconnecting"), "info");
    return false;
  }
  page.socket.send(JSON.stringify({ v: 1, ...message }));
  return true;
}

/** What a game's page calls to play a move: the engine's JSON for it, at the version shown.
 * @param {unknown} action */
function act(action) {
  if (page.waiting || !page.table) return;
  if (send({ type: "act", version: page.table.version, action })) wait();
}

/**
 * A lobby button's message (lobby.mjs): answered, as a move is, by a state or a refusal.
 * @param {Record<string, unknown>} message
 */
function lobbyMove(message) {
  if (page.waiting || !page.table) return;
  if (send(message)) {
    wait();
    page.cancelling = message.type === "cancel";
  }
}

/** What a game's page calls with the draft its member is building (Presenter.page_draft): sent
 * DRAFT_MS after the last change, and only when it differs from what this socket last sent.
 * @param {Record<string, unknown>} draft */
function share(draft) {
  if (!page.table) return;
  const version = page.table.version;
  const text = JSON.stringify(draft);
  clearTimeout(page.shareTimer);
  if (page.shared === `${version}:${text}`) return;
  page.shareTimer = setTimeout(() => {
    const socket = page.socket;
    // Quietly not sent on a dead or new connection: the page shares it again once it draws the table.
    if (!page.table || page.table.version !== version || !socket || socket.readyState !== WebSocket.OPEN || !page.live) return;
    socket.send(JSON.stringify({ v: 1, type: "draft", version, draft }));
    page.shared = `${version}:${text}`;
  }, DRAFT_MS);
}

function wait() {
  page.waiting = true;
  page.sentAt = performance.now();
  app.classList.add("waiting");
}

function settle() {
  page.waiting = false;
  app.classList.remove("waiting");
}

async function signIn() {
  const clientId = /** @type {HTMLMetaElement} */ (document.querySelector('meta[name="gm-client-id"]')).content;
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  /** @type {Response} */
  let response;
  /** The server's answer (cogs/activity/server.py's token route): a token, or why not.
   * @type {{ access_token?: string, error?: string, text?: string, retry_after?: number }} */
  let body;
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch("/api/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code }),
    });
    body = await response.json();
    // Told to wait (a limit of the bot's, or Discord's 429): the code was not used, try it again then.
    if (response.status !== 429 || !body.retry_after || attempt >= 3) break;
    notice(body.text || body.error || "", "info");
    await new Promise((resolve) => setTimeout(resolve, (body.retry_after ?? 0) * 1000));
  }
  if (!response.ok) throw new Error(body.text || body.error);
  await sdk.commands.authenticate({ access_token: body.access_token });
  page.token = body.access_token ?? null;
  page.instanceId = sdk.instanceId;
}

/** @param {WebSocket} socket */
function hello(socket) {
  socket.send(JSON.stringify({ v: 1, type: "hello", access_token: page.token, instance_id: page.instanceId }));
}

/** Discord no longer knows the page's token (it expired, or was revoked while the page
 * was away): sign in again, as at the start, and say hello on the open socket. */
async function signInAgain() {
  if (page.signingIn) return;
  page.signingIn = true;
  try {
    await signIn();
    if (page.socket && page.socket.readyState === WebSocket.OPEN) hello(page.socket);
  } catch (failure) {
    setState("error");
    notice(String(/** @type {Error} */ (failure).message || failure));
  } finally {
    page.signingIn = false;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // An absolute URL: relative WebSocket URLs failed on older phones (research/activity.md).
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  page.socket = socket;
  page.live = false;
  page.shared = null; // a new connection: the server may have dropped the draft, so it is sent again
  page.heard = performance.now(); // a connection that never opens is silent too
  socket.addEventListener("open", () => {
    page.heard = performance.now();
    hello(socket);
  });
  socket.addEventListener("message", (event) => {
    if (page.socket !== socket) return; // a socket given up for dead may still speak: it is not heard
    page.heard = performance.now();
    receive(JSON.parse(event.data));
  });
  socket.addEventListener("close", () => lost(socket));
}

/** The connection is gone, closed or given up for dead: say so, and try again after a while.
 * @param {WebSocket} socket */
function lost(socket) {
  if (page.socket !== socket) return;
  page.socket = null;
  page.live = false;
  settle();
  setState("reconnecting");
  notice(word("activity.page.reconnecting"), "info");
  const delay = RETRY_MS[Math.min(page.retries, RETRY_MS.length - 1)];
  page.retries += 1;
  setTimeout(connect, delay);
}

/** Every TICK_MS: ping a quiet socket, and give up one that stays silent. */
function watch() {
  const now = performance.now();
  // A late tick is a page that slept (a hidden tab's slowed timers, a laptop's lid): its
  // silence says nothing about the network yet, so it pings and judges from now on.
  if (now - page.ticked > 3 * TICK_MS) {
    page.heard = now;
  }
  page.ticked = now;
  const socket = page.socket;
  if (!socket) return;
  // A move sent, and nothing heard since a while: not even a pong.
  const unanswered = page.waiting && now - page.sentAt > ANSWER_MS && now - page.heard > ANSWER_MS;
  const open = socket.readyState === WebSocket.OPEN;
  if (now - page.heard > (open && !page.live ? HELLO_MS : SILENT_MS) || unanswered) {
    lost(socket);
    socket.close(); // its close event comes when it comes: lost() has let it go already
  } else if (open && now - page.pinged >= PING_MS) {
    page.pinged = now;
    socket.send(JSON.stringify({ v: 1, type: "ping" }));
  }
}

/** @param {import("./wire").ServerMessage} message */
async function receive(message) {
  if (message.type === "state") {
    page.retries = 0;
    page.live = true;
    if (message.words) page.words = message.words;
    if (message.data) page.data = message.data;
    if (message.words) page.drawn = message.page || null;
    page.language = message.language;
    document.documentElement.lang = message.language;
    const fresh = !page.table || !message.table || page.table.version !== message.table.version;
    page.table = message.table;
    if (fresh) page.hint = null;
    if (fresh || !page.table || (page.draft && page.draft.version !== page.table.version)) page.draft = null;
    settle();
    // A refusal stays in view with the state that follows it (the table as it is, maybe
    // newer: a seat taken meanwhile), and goes once the table moves on; "reconnecting"
    // goes as soon as a state arrives.
    const answer = page.refused;
    page.refused = false;
    if ((fresh && !answer) || app.dataset.state !== "ready" || $("notice").dataset.kind === "info") notice("");
    // The page's own Cancel answered: the table is gone, and the page says who closed it.
    if (page.cancelling && !page.table) notice(word("activity.page.lobby.cancelled"), "info");
    page.cancelling = false;
    await drawLatest();
    setState("ready");
  } else if (message.type === "error") {
    settle();
    page.cancelling = false;
    page.refused = true;
    notice(message.text || message.key);
    if (message.key === "activity.error.token") await signInAgain();
    // A sign-in refused for now (too many at once): said again on this socket when told.
    else if (message.retry_after) {
      setTimeout(() => {
        if (page.socket && page.socket.readyState === WebSocket.OPEN) hello(page.socket);
      }, message.retry_after * 1000);
    }
  } else if (message.type === "draft") {
    // Another seat's draft at the version shown (one of another version is no longer true).
    if (!page.table || message.version !== page.table.version) return;
    page.draft = message;
    // The page's own draft coming back draws nothing new there, and a redraw then would
    // swallow the tap its member is making.
    if (message.seat !== page.table.seat) await draw();
  } else if (message.type === "hint") {
    page.hint = message;
    drawHint();
  }
}

function drawHint() {
  const hint = page.hint;
  $("hintbox").hidden = !hint;
  if (!hint) return;
  $("hinttext").replaceChildren(...rich(hint.text));
  $("playhint").textContent = word("activity.page.play_hint");
  $("playhint").hidden = !page.table || hint.version !== page.table.version;
}

/** The table drawn as it is once the states already come are read: a run of moves (an AI's
 * turn) sends a state each, and a slow device drew every one of them in turn, minutes behind
 * on a loaded machine; now it draws the last one it has, once. */
function drawLatest() {
  if (page.drawing) {
    page.redraw = true;
    return page.drawing;
  }
  page.drawing = (async () => {
    do {
      page.redraw = false;
      await new Promise((resolve) => setTimeout(resolve, 0)); // the states waiting are read first
      await draw();
    } while (page.redraw);
  })().finally(() => {
    page.drawing = null;
  });
  return page.drawing;
}

/** A seat's name as the table lists it.
 * @param {import("./wire").Table | null} table
 * @param {number} seat
 * @returns {string} */
function seatName(table, seat) {
  const found = table && table.seats[seat];
  return found ? found.name : `P${seat + 1}`;
}

async function draw() {
  const table = page.table;
  app.dataset.version = table ? String(table.version) : "";
  app.dataset.game = table ? table.game : "";
  const seat = table ? table.seat : null;
  const decision = table && table.decision;
  const mine = decision && seat !== null && decision.seats.includes(seat) && !decision.done.includes(seat);
  app.classList.toggle("my-turn", Boolean(mine && decision.mode !== "ordered") || Boolean(mine && decision.seats[0] === seat));

  const prompt = $("prompt");
  const name = (/** @type {number} */ s) => seatName(table, s);
  if (!table) prompt.replaceChildren(word("activity.page.no_table"));
  else if (table.status === "lobby") prompt.replaceChildren(word("activity.page.lobby.prompt"));
  else if (table.final.length) prompt.replaceChildren(...said(table.final[0], name));
  else if (table.status !== "playing") prompt.replaceChildren(word("activity.page.ended"));
  else prompt.replaceChildren(...said(table.prompt, name));

  const playing = table && table.status === "playing";
  // Undo only while it would take a move back: the server says so (table.undo).
  $("undo").hidden = !(playing && seat !== null && table.undo);
  drawClock($("clock"), playing ? table.deadline : null, word);
  // A member without a seat is told they watch (a finished game is everyone's to look at).
  $("watching").hidden = !(playing && seat === null);
  $("watching").textContent = word("activity.page.watching");
  toolWord($("undo"), word("activity.page.undo"), SHELL_PICTURES);
  $("hint").hidden = !(playing && table.hints && mine);
  toolWord($("hint"), word("activity.page.hint"), SHELL_PICTURES);
  drawHint();

  $("logtitle").textContent = word("activity.page.log");
  $("lines").replaceChildren(...(table ? table.lines : []).map((line) => el("li", {}, ...said(line, name))));
  for (const tag of /** @type {NodeListOf<HTMLElement>} */ ($("lines").querySelectorAll(".name"))) tag.classList.toggle("me", Number(tag.dataset.seat) === seat);
  const final = $("final");
  final.hidden = !(table && table.final.length);
  // In the ranking a name stands alone (table.ranked): there one's own seat is "You", as
  // in the game's page; the headline and the tie lines keep the name (their verbs agree with it).
  const you = (/** @type {number} */ s) => (s === seat ? word("activity.page.you_name") : name(s));
  final.replaceChildren(...(table ? table.final : []).map((line, index) =>
    el("p", {}, ...said(line, table && table.ranked.includes(index) ? you : name))));
  for (const tag of /** @type {NodeListOf<HTMLElement>} */ (final.querySelectorAll(".name"))) tag.classList.toggle("me", Number(tag.dataset.seat) === seat);
  const rematch = rematchButton(table, { word, send: lobbyMove });
  if (rematch) final.append(rematch);
  if (rematch) final.hidden = false; // a game ended early has no final record, but its rematch

  const board = $("board");
  if (table && table.lobby) {
    board.replaceChildren(drawLobby(table, table.lobby, { word, send: lobbyMove }));
    page.moduleGame = null; // the game's module draws on a cleared board once it starts
    return;
  }
  // The shell names no game: the bot says where this one's page module is, if it has one.
  const load = table && page.drawn && (() => import(new URL(`../${page.drawn}`, import.meta.url).href));
  if (!load) {
    page.module = null;
    board.replaceChildren(el("p", { class: "empty" }, word(table ? "activity.page.not_here" : "activity.page.start")));
    return;
  }
  if (page.moduleGame !== table.game) {
    page.module = (await load()).default;
    page.moduleGame = table.game;
    board.replaceChildren();
  }
  const loaded = /** @type {import("./page.mjs").Page} */ (page.module); // loaded above, for this game
  loaded.render(board, table, {
    act,
    share,
    draft: page.draft,
    word,
    words: page.words,
    data: page.data,
    language: page.language,
  });
  // The game's emoji in the channel's words around the board: its pictures too.
  for (const id of ["prompt", "lines", "final"]) pictured($(id), loaded.pictures);
  for (const id of ["prompt", "lines", "final"]) pictured($(id), SHELL_PICTURES);
}

function wire() {
  $("undo").addEventListener("click", () => {
    if (page.table && !page.waiting && send({ type: "undo", version: page.table.version })) wait();
  });
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("playhint").addEventListener("click", () => {
    if (page.hint && page.table && page.hint.version === page.table.version) act(page.hint.move);
  });
}

/** Is the page in Discord's frame? Discord names it in the query; the SDK throws without
 * these ("frame_id query param is not defined"): a browser tab, a shared link. */
function inDiscord() {
  const query = new URLSearchParams(location.search);
  return ["frame_id", "instance_id", "platform"].every((name) => query.get(name));
}

/** Outside Discord: say where the table opens from, in the browser's language (the page
 * carries every language's words: nobody is signed in to be sent them). */
function outside() {
  const box = $("outside");
  const blocks = /** @type {HTMLElement[]} */ ([...box.children]);
  const wanted = [...(navigator.languages || []), navigator.language || "", "en"];
  const shown = wanted
    .map((tag) => blocks.find((block) => block.lang === tag.toLowerCase().split("-")[0]))
    .find(Boolean) || blocks[0];
  if (shown) shown.hidden = false;
  document.documentElement.lang = shown ? shown.lang : "en";
  app.hidden = true;
  box.hidden = false;
  setState("outside");
}

async function start() {
  if (!inDiscord()) {
    outside();
    return;
  }
  wire();
  try {
    await signIn();
  } catch (failure) {
    setState("error");
    notice(String(/** @type {Error} */ (failure).message || failure));
    return;
  }
  setState("connecting");
  connect();
  page.ticked = performance.now();
  setInterval(watch, TICK_MS);
}

start();
