"""A control's custom id, declared once: the same shape gives the id a control is
drawn with and the ``DynamicItem`` template that reads it back after a restart.

    HAND = ControlId("gm:{ch}:hand")
    class HandButton(..., template=HAND.template): ...     # gm:(?P<ch>\\d+):hand
    discord.ui.Button(custom_id=HAND.id(ch=channel_id))     # gm:123:hand

A field is ``{name}``, a number unless a pattern is given for it
(``ControlId("gm:{ch}:lobby:{op}", op="join|leave")``). A part in square brackets
is optional: it is left out of the id when its fields are None
(``"gm:{ch}:[{ver}:]undo"``), so ids drawn before a field was added still read.
Both halves come from one declaration, so they cannot drift apart; the ids on the
wire are the ones the hand-written pairs made (tests/platform/test_control_ids.py).
"""

from __future__ import annotations

import re

NUMBER = r"\d+"
_PART = re.compile(r"\[([^\[\]]*)\]|\{(\w+)\}|([^\[\]{}]+)")
_FIELD = re.compile(r"\{(\w+)\}")


class ControlId:
    """One control's custom id shape (see the module's words)."""

    def __init__(self, shape: str, **patterns: str) -> None:
        unknown = set(patterns) - set(_FIELD.findall(shape))
        if unknown:
            raise ValueError(f"patterns for fields {sorted(unknown)} not in {shape!r}")
        self.shape, self.patterns = shape, patterns

    def __repr__(self) -> str:
        return f"ControlId({self.shape!r})"

    @property
    def template(self) -> str:
        """The regular expression discord.py matches a clicked control's id against."""
        out: list[str] = []
        for optional, name, literal in _PART.findall(self.shape):
            if optional:
                out.append(f"(?:{self._pattern(optional)})?")
            else:
                out.append(self._pattern((name and f"{{{name}}}") or literal))
        return "".join(out)

    def id(self, **values: object) -> str:
        """The custom id for these field values (an optional part's fields None: left out)."""
        out: list[str] = []
        for optional, name, literal in _PART.findall(self.shape):
            if optional:
                names = _FIELD.findall(optional)
                if all(values[n] is None for n in names):
                    continue
                out.append(optional.format(**{n: values[n] for n in names}))
            elif name:
                out.append(str(values[name]))
            else:
                out.append(literal)
        return "".join(out)

    def _pattern(self, part: str) -> str:
        """``part`` (no brackets) as a pattern: its fields named groups, the rest literal."""
        pieces = _FIELD.split(part)  # literal, name, literal, name, ..., literal
        return "".join(
            f"(?P<{piece}>{self.patterns.get(piece, NUMBER)})" if i % 2 else re.escape(piece)
            for i, piece in enumerate(pieces)
        )
