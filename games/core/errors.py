"""Rule errors: why an action is refused, in words the bot can translate."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An illegal action. The state it was tried on is left untouched.

    ``key`` is a message-catalog key, ``params`` fill its placeholders and
    ``rule`` is the spec's rule id (``MM-4.4.3``) shown to the player.
    """

    def __init__(self, key: str, rule: str | None = None, **params: Any) -> None:
        super().__init__(f"{key} ({rule})" if rule else key)
        self.key = key
        self.rule = rule
        self.params = params
