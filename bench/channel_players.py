"""The scripted members of ``bench.channel``: what a member clicks in their panel to play a move.

A member decides WHAT to do as the game's normal AI would on their own view
(``GAMES[g].ai(seat)``), then does it only through the controls their private
panel shows (buttons and selects), as the game's e2e tests do. Nothing here
calls the table service: every move is a click or a select that SimCord turns
into an interaction for the real bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import simcord

from cogs.magmor.split_options import parse_preset
from games.registry import GAMES
from games.talismani.data import JOKERS

PRIMARY = 1  # discord.ButtonStyle.primary: how a switch (Akelarre's 🏕️) shows it is on
INDEX_SELECTS = ("L", "LA", "LB", "LC", "LW", "tk", "dc", "wm")  # selects of legal-action indices
REFRESH = "refresh"  # every panel's 🔄 (cogs.panel.REFRESH)


class NoControl(Exception):
    """The panel shown has no control for the move the member wants."""


class StalePanel(Exception):
    """A click was answered with the stale-panel refresh: nothing was played."""


class Refused(Exception):
    """A click was answered with a refusal (an error text instead of a panel)."""


def components(message: simcord.ResponseMessage) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in message.components:
        out.extend(row.get("components", [row]))
    return out


def payload_of(custom_id: str) -> str:
    """``gm:<channel>:<version>:a:<payload>`` -> payload ('' for other ids)."""
    parts = custom_id.split(":", 4)
    return parts[4] if len(parts) == 5 and parts[3] in ("a", "s") else ""


class PanelUI:
    """A member's view of their own ephemeral panel: what it offers, and their clicks on it.

    ``clicked`` is called with every interaction's result (the bench counts them);
    a click answered with ``stale_text`` raises :class:`StalePanel` after the
    panel (now redrawn) is kept."""

    def __init__(
        self,
        member: simcord.MemberActor,
        shown: simcord.ResponseMessage,
        stale_texts: tuple[str, ...],
        clicked: Callable[[simcord.InteractionResult, str], Awaitable[None]],
    ) -> None:
        self.member = member
        self.shown = shown
        self.stale_texts = stale_texts
        self.clicked = clicked

    # -- what the panel offers --
    def button(self, prefix: str, *, exact: bool = False) -> str | None:
        """The custom_id of the first enabled button whose payload starts with (or is) ``prefix``."""
        for c in components(self.shown):
            cid = str(c.get("custom_id", ""))
            payload = payload_of(cid)
            if c.get("type") != 2 or c.get("disabled") or ":a:" not in cid:
                continue
            if payload == prefix or (not exact and payload.startswith(prefix)):
                return cid
        return None

    def style(self, custom_id: str) -> int | None:
        return next(
            (int(c["style"]) for c in components(self.shown) if c.get("custom_id") == custom_id), None
        )

    def select_id(self, payload: str) -> str | None:
        return next(
            (
                str(c["custom_id"])
                for c in components(self.shown)
                if str(c.get("custom_id", "")).endswith(f":s:{payload}")
            ),
            None,
        )

    def options(self, payload: str) -> list[str]:
        for c in components(self.shown):
            if str(c.get("custom_id", "")).endswith(f":s:{payload}"):
                return [str(o["value"]) for o in c.get("options", [])]
        return []

    def chosen(self, payload: str) -> list[str]:
        """The values a select shows as already chosen (the draft's)."""
        for c in components(self.shown):
            if str(c.get("custom_id", "")).endswith(f":s:{payload}"):
                return [str(o["value"]) for o in c.get("options", []) if o.get("default")]
        return []

    def index_control(self, index: int) -> tuple[str, str | None] | None:
        """The control that plays legal action ``index``: (custom_id, select value or None)."""
        target = self.button(f"L.{index}", exact=True)
        if target is not None:
            return target, None
        for payload in INDEX_SELECTS:
            if str(index) in self.options(payload):
                cid = self.select_id(payload)
                assert cid is not None
                return cid, str(index)
        return None

    # -- the member's clicks --
    async def _answered(self, result: simcord.InteractionResult, what: str) -> None:
        await self.clicked(result, what)
        response = result.response
        if response is None or not response.ephemeral:
            raise Refused(f"{what}: no private answer")
        if response.id != self.shown.id:  # an error answered in a new message: the panel stays
            raise Refused(f"{what}: {response.content}")
        self.shown = response
        if any(text in (response.content or "") for text in self.stale_texts):
            raise StalePanel(what)

    async def click(self, custom_id: str | None) -> None:
        if custom_id is None:
            raise NoControl("no such button")
        what = "refresh" if payload_of(custom_id) == REFRESH else "button"
        await self._answered(await self.member.click(self.shown, custom_id=custom_id), what)

    async def press(self, prefix: str, *, exact: bool = False) -> None:
        target = self.button(prefix, exact=exact)
        if target is None:
            raise NoControl(f"no button {prefix}")
        await self.click(target)

    async def choose(self, payload: str, values: list[str]) -> None:
        cid = self.select_id(payload)
        if cid is None or not set(values) <= set(self.options(payload)):
            raise NoControl(f"no select {payload} offering {values}")
        await self._answered(await self.member.select(self.shown, values, custom_id=cid), "select")

    async def play_index(self, index: int) -> None:
        control = self.index_control(index)
        if control is None:
            raise NoControl(f"no control for legal action {index}")
        cid, value = control
        if value is None:
            await self.click(cid)
        else:
            await self.choose(payload_of(cid), [value])

    async def first_legal(self) -> None:
        """Any legal move the panel offers: its first legal-action button, else a select's first option."""
        target = self.button("L.")
        if target is not None:
            await self.click(target)
            return
        for payload in INDEX_SELECTS:
            values = self.options(payload)
            if values:
                await self.choose(payload, values[:1])
                return
        raise NoControl("no legal-action control")


def legal_of(game_id: str, state: Any, seat: int) -> list[dict[str, Any]]:
    return [a.model_dump(mode="json") for a in GAMES[game_id].legal_actions(state, seat) or []]


def wanted_of(game_id: str, state: Any, seat: int) -> dict[str, Any]:
    """What the game's normal AI would play for ``seat`` now, from the seat's own view."""
    game = GAMES[game_id]
    decision = game.decision(state)
    assert decision is not None and seat in decision.actors
    action = game.ai(seat).act(game.view(state, seat), decision)
    return dict(action.model_dump(mode="json"))


# -- one function per game: do ``wanted`` through the panel shown --
async def magmor(ui: PanelUI, state: Any, seat: int, wanted: dict[str, Any]) -> None:
    kind = wanted["kind"]
    if kind == "explore":
        await ui.press(f"ex.{wanted['cell']}", exact=True)
    elif kind == "choose":
        await ui.press(f"go.{wanted['cell']}", exact=True)
    elif kind == "pay":
        await ui.press(f"pay.{wanted['resource']}", exact=True)
    elif kind == "pass":
        await ui.press("pass", exact=True)
    elif kind == "pay_magmor":
        cards = [r for r, n in wanted["cards"].items() for _ in range(int(n))]
        value = next((v for v in ui.options("mm") if sorted(v.split("+")) == sorted(cards)), None)
        if value is None:
            raise NoControl(f"no Mag Mor payment {cards}")
        await ui.choose("mm", [value])
    elif kind == "split":
        await magmor_split(ui, seat, {int(s): c for s, c in wanted["allocation"].items() if sum(c.values())})
    else:
        raise NoControl(kind)


async def magmor_split(ui: PanelUI, seat: int, allocation: dict[int, dict[str, int]]) -> None:
    """Keep all (one click); or the ready-made split that is the wanted one (one choice),
    then confirm; else build it the shortest way (``_split_order``), then confirm."""
    if list(allocation) in ([], [seat]):
        await ui.press("sp.keep", exact=True)
        return
    players = len(ui.options("sp.to"))
    wanted = {s: {r: int(n) for r, n in cards.items() if int(n)} for s, cards in allocation.items()}
    preset = next((v for v in ui.options("sp.pre") if parse_preset(v, players) == wanted), None)
    if preset is not None:
        await ui.choose("sp.pre", [preset])
        await ui.press("sp.ok", exact=True)
        return
    chosen = ui.chosen("sp.to")
    order = _split_order(wanted, int(chosen[0]) if chosen else seat)
    for n, to in enumerate(order):
        if ui.chosen("sp.to") != [str(to)]:
            await ui.choose("sp.to", [str(to)])
        if n == len(order) - 1:
            await ui.press("sp.rest", exact=True)
            break
        for resource, count in wanted[to].items():
            await ui.choose("sp.give", [f"{resource}+{count}"])
    await ui.press("sp.ok", exact=True)


def _split_order(wanted: dict[int, dict[str, int]], chosen: int) -> list[int]:
    """The seats in the order of fewest steps. A seat costs a pick (none for the seat
    already chosen, if it goes first) and a step per type; the last one takes the
    rest in one step after its pick, so it is the seat that would cost most."""
    last = max(wanted, key=lambda s: (len(wanted[s]) + (s != chosen), s))
    first = [chosen] if chosen in wanted and chosen != last else []
    return [*first, *[s for s in wanted if s not in first and s != last], last]


def _positions(stack: list[Any], values: list[int]) -> list[str]:
    """Stack positions holding these token values (tokens of a value are alike)."""
    want = Counter(values)
    out = []
    for index, token in enumerate(stack):
        if want[token.value] > 0:
            want[token.value] -= 1
            out.append(str(index))
    return out


NARNIA_GROUP = {"witch_pair": "target", "treachery": "source", "surprise": "territory"}


async def narnia(ui: PanelUI, state: Any, seat: int, wanted: dict[str, Any]) -> None:
    legal = legal_of("narnia", state, seat)
    kind = wanted["kind"]
    if kind == "surprise":  # equal tokens are alike: the legal list names each kind once
        stack = state.territories[wanted["territory"]].stack
        token = stack[wanted["index"]]
        wanted["index"] = next(
            a["index"]
            for a in legal
            if a.get("territory") == wanted["territory"] and stack[a["index"]] == token
        )
    if kind == "attack":
        index = str(legal.index(wanted))
        if index in ui.options("LW"):  # the whole move, one pick (the menu of every attack)
            await ui.choose("LW", [index])
            return
        if ui.select_id("from") is None:  # beyond the menu's 24: the step-by-step builder
            await ui.choose("LW", ["more"])
        if len(ui.options("from")) > 1 and ui.chosen("from") != [wanted["source"]]:
            await ui.choose("from", [wanted["source"]])
        await ui.choose("L", [index])
        return
    if kind == "move":
        mode = ui.button("mode.move", exact=True)  # offered only while the move menus are not shown
        if mode is not None:
            await ui.click(mode)
        if len(ui.options("from")) > 1 and ui.chosen("from") != [wanted["source"]]:
            await ui.choose("from", [wanted["source"]])
        if len(ui.options("to")) > 1 and ui.chosen("to") != [wanted["target"]]:
            await ui.choose("to", [wanted["target"]])
        await ui.choose("mt", _positions(state.territories[wanted["source"]].stack, wanted["tokens"]))
        return
    if kind == "invade":
        stack = state.territories[state.battles[-1].source].stack
        if not wanted["tokens"]:
            await ui.press("inv.none", exact=True)
        elif len(wanted["tokens"]) == len(stack):
            await ui.press("inv.all", exact=True)
        else:
            await ui.choose("inv", _positions(stack, wanted["tokens"]))
        return
    position = legal.index(wanted)
    if ui.index_control(position) is None and kind in NARNIA_GROUP and ui.select_id("G.group"):
        await ui.choose("G.group", [wanted[NARNIA_GROUP[kind]]])
    await ui.play_index(position)


TIRNANOG_SELECT = {"take_creatures": "LA", "take_territory": "LB", "consolidate": "LC"}


async def tirnanog(ui: PanelUI, state: Any, seat: int, wanted: dict[str, Any]) -> None:
    kind = wanted["kind"]
    if kind == "discard":  # the picker lists every card of the hand once: as many of each species
        counts = Counter(wanted["species"])
        await ui.choose("d", [f"{s}.{i}" for s, n in counts.items() for i in range(n)])
        return
    index = legal_of("tirnanog", state, seat).index(wanted)
    if kind == "consolidate" and str(index) not in ui.options("LC"):
        await ui.choose("c", [wanted["territory"]])
    await ui.play_index(index)


async def talismani(ui: PanelUI, state: Any, seat: int, wanted: dict[str, Any]) -> None:
    if wanted["kind"] != "play":
        await ui.play_index(legal_of("talismani", state, seat).index(wanted))
        return
    cards = list(wanted["cards"])
    if not set(cards) <= set(ui.options("pick")) and ui.select_id("G.suit"):
        group = next((c.partition("-")[0] for c in cards if c.partition("-")[2].isdigit()), "specials")
        await ui.choose("G.suit", [group])
    offered = ui.options("pick")
    # The two Jokers are identical and never played together: the panel offers one of them.
    joker = next((c for c in offered if c in JOKERS), None)
    cards = [joker if c in JOKERS and c not in offered and joker else c for c in cards]
    if sorted(ui.chosen("pick")) != sorted(cards):
        await ui.choose("pick", cards)
    await ui.press("confirm", exact=True)


def _akelarre_same(state: Any, action: dict[str, Any]) -> tuple[Any, ...]:
    """What an Akelarre action does, whichever copy of identical cards it names."""
    from games.akelarre.data import kind_of
    from games.akelarre.groups import resolve

    kind = action["kind"]
    if kind in ("open", "add"):
        place = state.place(action["place"])
        existing = list(place.group) if kind == "add" and place is not None else []
        new = [*action["cards"], *([state.held.card] if state.held is not None else [])]
        made = tuple((kind_of(p.card), p.value) for p in resolve(existing, new, action.get("joker_value")))
        return (kind, action["place"], tuple(sorted(kind_of(c) for c in action["cards"])), made)
    if kind in ("take", "discard", "pay"):
        return (kind, action.get("place"), kind_of(action["card"]))
    if kind == "choose_payment":
        return (kind, tuple(sorted(action["cards"])))
    if kind == "draw":
        return (kind, action["source"])
    return (kind,)


def akelarre_ending(state: Any, seat: int, wanted: dict[str, Any]) -> tuple[str, bool] | None:
    """How the normal AI ends its turn from ``wanted`` (Done outside the final round, a
    draw, a discard), as one click of the panel plays it (cogs/akelarre/whole.py): the
    control (``dn.<source>``: Done and that draw; ``dr.<source>``: the draw; ``dc``: the
    discard) and whether the 🏕️ switch must be on first (Phase C follows in the same
    click, and the AI buys). None for any other action."""
    from games.akelarre import Buy
    from games.akelarre.data import FAMILIES

    game = GAMES["akelarre"]
    kind = wanted["kind"]
    if kind not in ("done", "draw", "discard") or (kind == "done" and state.final):
        return None
    after, _events = game.play(state, seat, game.parse_action(wanted))
    source = wanted.get("source", "deck")
    if kind == "done" and after.step == "draw":  # the draw is chosen in the same click
        source = wanted_of("akelarre", after, seat)["source"]
        after, _events = game.play(after, seat, game.parse_action({"kind": "draw", "source": source}))
    decision = game.decision(after)
    buys = (
        after.step == "buy"
        and decision is not None
        and isinstance(game.ai(seat).act(game.view(after, seat), decision), Buy)
    )
    key = "d" if source == "deck" else str(FAMILIES.index(source))
    control = {"done": "dn.", "draw": "dr."}.get(kind, "dc") + ("" if kind == "discard" else key)
    return control, buys


async def akelarre(ui: PanelUI, state: Any, seat: int, wanted: dict[str, Any]) -> None:
    """The whole-move option where the panel lists the AI's move, else the builder (cards,
    then where they go); the end of the turn in one click (Done, the draw and Phase C),
    with the 🏕️ switch first where the AI buys a meeting place."""
    from games.akelarre.data import family_of

    legal = legal_of("akelarre", state, seat)
    index = next(i for i, a in enumerate(legal) if _akelarre_same(state, a) == _akelarre_same(state, wanted))
    action = legal[index]
    kind = action["kind"]
    if kind in ("open", "add") and str(index) in ui.options("wm"):
        await ui.choose("wm", [str(index)])
        return
    ending = akelarre_ending(state, seat, action)
    if ending is not None:
        control, buys = ending
        switch = ui.button("buy", exact=True)
        if buys and (switch is None or ui.style(switch) != PRIMARY):
            await ui.press("buy", exact=True)
        if control == "dc":
            await ui.choose("dc", [str(index)])
        else:
            await ui.press(control, exact=True)
        return
    if kind in ("open", "add"):
        if action["cards"] and sorted(ui.chosen("pick")) != sorted(action["cards"]):
            await ui.choose("pick", action["cards"])
    elif kind in ("pay", "choose_payment") and str(index) not in ui.options("L") and ui.select_id("G.family"):
        await ui.choose("G.family", [family_of(action["card"])])
    await ui.play_index(index)


Driver = Callable[[PanelUI, Any, int, dict[str, Any]], Awaitable[None]]
DRIVERS: dict[str, Driver] = {
    "magmor": magmor,
    "narnia": narnia,
    "tirnanog": tirnanog,
    "talismani": talismani,
    "akelarre": akelarre,
}
