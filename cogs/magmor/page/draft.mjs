// The leader's split while it is built, on every page (cogs/magmor/page_draft.py): the leader's
// page shares its draft as it changes (the shell sends it after a pause in the taps, and only
// when it changed); the others show it read-only, who gets what and what is not given yet, so
// the chat can haggle over something concrete. A draft binds no one (MM-4.3.5): it goes when
// the split is confirmed or the table moves on, and only the confirmed split counts.
import { el } from "@gm/dom.mjs";
import { bundle } from "./icons.mjs";

/** @typedef {import("./page.mjs").Ctx} Ctx */
/** @typedef {import("./wire").Share} Share */

/** The leader's page: its allocation so far, for the others to see. Nothing is shared before
 * the leader's first tap (``local.touched``), so a page that merely draws sends nothing.
 * @param {Ctx} ctx */
export function shareDraft(ctx) {
  const local = ctx.local;
  if (!local.touched) return;
  /** @type {Record<string, Record<string, number>>} */
  const allocation = {};
  for (const [seat, cards] of Object.entries(local.alloc || {})) {
    const kept = Object.fromEntries(Object.entries(/** @type {Record<string, number>} */ (cards)).filter(([, n]) => n > 0));
    if (Object.keys(kept).length) allocation[seat] = kept;
  }
  ctx.share({ allocation });
}

/** Another member's (or a spectator's) page: the leader's draft, if one stands.
 * @param {Ctx} ctx */
export function shownDraft(ctx) {
  const v = ctx.view;
  const standing = ctx.draft;
  if (!standing || standing.seat !== v.leader) return null;
  // The server made it from the leader's allocation (cogs/magmor/page_draft.py): its shares.
  const shares = /** @type {Share[]} */ (standing.draft.shares || []);
  /** @type {Record<string, number>} */
  const left = Object.fromEntries(v.taken.map((c) => [c.res, c.n]));
  for (const share of shares) for (const c of share.cards) left[c.res] = (left[c.res] || 0) - c.n;
  const rest = Object.entries(left).filter(([, n]) => n > 0).map(([res, n]) => ({ res, n }));
  const count = rest.reduce((a, c) => a + c.n, 0);
  const leader = ctx.name(v.leader);
  return el(
    "div",
    { class: "mm-draft", dataset: { draft: String(standing.seat) }, "aria-live": "polite" },
    el("p", { class: "mm-draft-head" }, ctx.word(shares.length ? "magmor.page.draft_of" : "magmor.page.draft_none", { seat: leader })),
    shares.length
      ? el("ul", { class: "mm-draft-shares" }, shares.map((s) =>
          el("li", { class: `mm-draft-share${s.seat === ctx.seat ? " me" : ""}`, dataset: { seat: String(s.seat) } },
            el("span", { class: "mm-zone-name", title: ctx.table.seats[s.seat]?.name ?? "" }, ctx.name(s.seat)),
            bundle(ctx, s.cards)),
        ))
      : null,
    count ? el("p", { class: "mm-note", dataset: { left: String(count) } }, ctx.word("magmor.page.draft_left", { count }), " ", bundle(ctx, rest)) : null,
    el("p", { class: "mm-note" }, ctx.word("magmor.page.draft_note")),
  );
}
