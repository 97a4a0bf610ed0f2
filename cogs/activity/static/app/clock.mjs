// The decision's deadline as a clock: the server sends when it runs out (seconds since
// the epoch, table.deadline) while one runs; the page counts down to it each second.
import { el } from "./dom.mjs";

const URGENT_S = 30; // the last seconds are shown as urgent
/** @type {number | undefined} */
let timer; // the running countdown's setInterval

/** "4:05", "1:02:05": what is left of ``seconds``.
 * @param {number} seconds
 * @returns {string} */
export function left(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Draw the clock in ``box`` for ``deadline`` (null: none, the box hides).
 * @param {HTMLElement} box
 * @param {number | null} deadline seconds since the epoch (table.deadline)
 * @param {(key: string, params?: Record<string, unknown>) => string} word a word in the member's language */
export function drawClock(box, deadline, word) {
  clearInterval(timer);
  timer = undefined;
  box.hidden = !deadline;
  if (!deadline) return;
  const tick = () => {
    const remaining = deadline - Date.now() / 1000;
    const text = remaining > 0 ? left(remaining) : word("activity.page.time_up");
    box.replaceChildren(el("span", { class: "clock-face", "aria-hidden": "true" }), text);
    box.title = word("activity.page.clock", { time: text });
    box.setAttribute("aria-label", box.title);
    box.dataset.left = String(Math.max(0, Math.ceil(remaining)));
    box.classList.toggle("urgent", remaining <= URGENT_S);
    if (remaining <= 0) clearInterval(timer);
  };
  tick();
  timer = setInterval(tick, 1000);
}
