// The table page: signs in through Discord's Embedded App SDK, holds one WebSocket
// to the bot (cogs/activity/protocol.py) and draws the table it is sent. The page
// decides nothing: who the member is comes from Discord, what they may do from the
// bot (table.legal), and every move is checked again by the table service.
import { DiscordSDK } from "../sdk/index.mjs";
import { el, format, rich } from "./dom.mjs";

const PAGES = {
  akelarre: () => import("./akelarre.mjs"),
  narnia: () => import("./narnia.mjs"),
};
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

const $ = (id) => document.getElementById(id);
const app = $("app");
const page = {
  table: null,
  words: {},
  data: {}, // what the game's page draws with besides its state (Narnia's map), sent once
  language: "en",
  socket: null,
  token: null,
  instanceId: null,
  retries: 0,
  hint: null,
  waiting: false, // a move was sent and its answer has not come yet
  module: null,
  moduleGame: null,
  signingIn: false,
};

/** The page's word in the member's language. */
export function word(key, params) {
  return format(page.words, key, params, page.language);
}

function setState(name) {
  app.dataset.state = name;
}

function notice(text, kind = "error") {
  const box = $("notice");
  box.replaceChildren(...rich(text));
  box.dataset.kind = kind;
  box.hidden = !text;
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    notice(word("activity.page.reconnecting"), "info");
    return false;
  }
  page.socket.send(JSON.stringify({ v: 1, ...message }));
  return true;
}

/** What a game's page calls to play a move: the engine's JSON for it, at the version shown. */
function act(action) {
  if (page.waiting || !page.table) return;
  if (send({ type: "act", version: page.table.version, action })) {
    page.waiting = true;
    app.classList.add("waiting");
  }
}

function settle() {
  page.waiting = false;
  app.classList.remove("waiting");
}

async function signIn() {
  const clientId = document.querySelector('meta[name="gm-client-id"]').content;
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch("/api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.text || body.error);
  await sdk.commands.authenticate({ access_token: body.access_token });
  page.token = body.access_token;
  page.instanceId = sdk.instanceId;
}

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
    notice(String(failure.message || failure));
  } finally {
    page.signingIn = false;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // An absolute URL: relative WebSocket URLs failed on older phones (research/activity.md).
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  page.socket = socket;
  socket.addEventListener("open", () => hello(socket));
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (page.socket !== socket) return;
    settle();
    setState("reconnecting");
    notice(word("activity.page.reconnecting"), "info");
    const delay = RETRY_MS[Math.min(page.retries, RETRY_MS.length - 1)];
    page.retries += 1;
    setTimeout(connect, delay);
  });
}

async function receive(message) {
  if (message.type === "state") {
    page.retries = 0;
    if (message.words) page.words = message.words;
    if (message.data) page.data = message.data;
    page.language = message.language;
    document.documentElement.lang = message.language;
    const fresh = !page.table || !message.table || page.table.version !== message.table.version;
    page.table = message.table;
    if (fresh) page.hint = null;
    settle();
    // A refusal stays in view with the state that follows it (the same version), and
    // goes once the table moves on; "reconnecting" goes as soon as a state arrives.
    if (fresh || app.dataset.state !== "ready" || $("notice").dataset.kind === "info") notice("");
    await draw();
    setState("ready");
  } else if (message.type === "error") {
    settle();
    notice(message.text || message.key);
    if (message.key === "activity.error.token") await signInAgain();
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

async function draw() {
  const table = page.table;
  app.dataset.version = table ? String(table.version) : "";
  app.dataset.game = table ? table.game : "";
  const seat = table ? table.seat : null;
  const decision = table && table.decision;
  const mine = decision && seat !== null && decision.seats.includes(seat) && !decision.done.includes(seat);
  app.classList.toggle("my-turn", Boolean(mine && decision.mode !== "ordered") || Boolean(mine && decision.seats[0] === seat));

  const prompt = $("prompt");
  if (!table) prompt.replaceChildren(word("activity.page.no_table"));
  else if (table.status === "lobby") prompt.replaceChildren(word("activity.page.lobby"));
  else if (table.final.length) prompt.replaceChildren(...rich(table.final[0]));
  else if (table.status !== "playing") prompt.replaceChildren(word("activity.page.ended"));
  else prompt.replaceChildren(...rich(table.prompt || ""));

  const playing = table && table.status === "playing";
  $("undo").hidden = !(playing && seat !== null);
  $("undo").textContent = word("activity.page.undo");
  $("hint").hidden = !(playing && table.hints && mine);
  $("hint").textContent = word("activity.page.hint");
  drawHint();

  $("logtitle").textContent = word("activity.page.log");
  $("lines").replaceChildren(...(table ? table.lines : []).map((line) => el("li", {}, ...rich(line))));
  const final = $("final");
  final.hidden = !(table && table.final.length);
  final.replaceChildren(...(table ? table.final : []).map((line) => el("p", {}, ...rich(line))));

  const board = $("board");
  const load = table && PAGES[table.game];
  if (!load) {
    page.module = null;
    board.replaceChildren(el("p", { class: "empty" }, word(table ? "activity.page.not_here" : "activity.page.start")));
    return;
  }
  if (page.moduleGame !== table.game) {
    page.module = await load();
    page.moduleGame = table.game;
    board.replaceChildren();
  }
  page.module.render(board, table, {
    act,
    word,
    words: page.words,
    data: page.data,
    language: page.language,
  });
}

function wire() {
  $("undo").addEventListener("click", () => {
    if (page.table && !page.waiting && send({ type: "undo", version: page.table.version })) {
      page.waiting = true;
      app.classList.add("waiting");
    }
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
  const blocks = [...box.children];
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
    notice(String(failure.message || failure));
    return;
  }
  setState("connecting");
  connect();
}

start();
