"""What a click on the panel's controls means: a legal action, or the new draft
(attack or move, from, to) the panel is redrawn with."""

from __future__ import annotations

from bot.model import TableError
from cogs.kit import legal
from cogs.kit.acts import REFRESH
from cogs.kit.controls import index_field
from cogs.kit.presenter import Click, PanelContext
from cogs.narnia.controls import OTHER_ATTACKS, WHOLE_ATTACKS, invasion_source
from cogs.narnia.words import as_view
from games.narnia.face import TERRITORIES, NarniaView


def click(ctx: PanelContext, payload: str, values_: list[str]) -> Click:
    v = as_view(ctx.view)
    if payload == REFRESH:
        return Click()
    for decode in (legal.click, legal.group_click):
        chosen = decode(ctx, payload, values_)
        if chosen is not None:
            return chosen
    draft = dict(ctx.draft or {})
    if payload == WHOLE_ATTACKS:  # a whole attack is played at once; "other" opens the builder
        if values_ == [OTHER_ATTACKS]:
            return Click(draft={"mode": "attack"})
        chosen = legal.click(ctx, "L", values_)
        assert chosen is not None  # "L" always decodes (or refuses)
        return chosen
    if payload.startswith("mode."):
        return Click(draft={"mode": payload.removeprefix("mode.")})
    if payload == "from":
        return Click(draft={"mode": draft.get("mode"), "from": values_[0] if values_ else None})
    if payload == "to":
        return Click(draft={**draft, "to": values_[0] if values_ else None})
    if payload == "mt":
        source, target = str(draft.get("from", "")), str(draft.get("to", ""))
        moved = _tokens(v, source, values_)
        return Click(action={"kind": "move", "source": source, "target": target, "tokens": moved})
    if payload in ("inv", "inv.none", "inv.all"):
        source = invasion_source(v)
        stack = v.territory(source).stack
        if payload == "inv.none":
            tokens: list[int] = []
        elif payload == "inv.all":
            tokens = [tok.value for tok in stack]
        else:
            tokens = _tokens(v, source, values_)
        return Click(action={"kind": "invade", "tokens": tokens})
    raise TableError("error.bad_action")


def _tokens(v: NarniaView, source: str, picked: list[str]) -> list[int]:
    if source not in TERRITORIES:
        raise TableError("error.bad_action")
    stack = v.territory(source).stack
    found = [index_field(p, len(stack)) for p in picked]
    if None in found:  # a position the select never offered
        raise TableError("error.bad_action")
    positions = sorted({p for p in found if p is not None})
    return sorted((stack[p].value for p in positions), reverse=True)
