"""A deep copy of a game's state without ``copy.deepcopy``'s generic machinery.

``Game.play`` copies the whole state before every action, and the AI's playouts and
the hard player's worlds play thousands of actions: with ``copy.deepcopy`` (what
pydantic's ``model_copy(deep=True)`` calls) the copy was most of an action's cost.
States are trees of pydantic models, lists, dicts and plain values, as loaded from
JSON; this walks them directly, without a memo and without re-validation.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

# Immutable values a copy may share: plain values, and the records a game declares
# immutable with :func:`share` (Narnia's frozen tokens and throws).
_PLAIN: set[type] = {int, str, float, bool, type(None)}


def share(kind: type) -> None:
    """Let copies share values of ``kind``: it is immutable (a frozen record)."""
    _PLAIN.add(kind)


def fast_copy(value: Any) -> Any:
    """``copy.deepcopy(value)`` for a tree of models, lists, dicts and plain values.

    Anything else (tuples, sets, a model with extra or private attributes or with a
    ``__deepcopy__`` of its own) goes to ``copy.deepcopy``. Unlike it, two references
    to one list in the tree become two lists: a state loaded from JSON has none.
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [item if type(item) in _PLAIN else fast_copy(item) for item in value]
    if kind is dict:
        return {key: item if type(item) in _PLAIN else fast_copy(item) for key, item in value.items()}
    if (
        isinstance(value, BaseModel)
        and kind.__deepcopy__ in _WALKED
        and value.__pydantic_extra__ is None
        and value.__pydantic_private__ is None
    ):
        return copy_model(value)
    return copy.deepcopy(value)


def copy_model(value: BaseModel) -> Any:
    """What pydantic's ``__deepcopy__`` makes (a new ``__dict__`` and fields-set, no
    validation), with the fields copied by :func:`fast_copy`."""
    copied = object.__new__(type(value))
    fields = {key: item if type(item) in _PLAIN else fast_copy(item) for key, item in value.__dict__.items()}
    object.__setattr__(copied, "__dict__", fields)
    object.__setattr__(copied, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    object.__setattr__(copied, "__pydantic_extra__", None)
    object.__setattr__(copied, "__pydantic_private__", None)
    return copied


def walk_copy(self: Any, memo: dict[int, Any] | None = None) -> Any:
    """A model's ``__deepcopy__`` that is :func:`copy_model`'s walk (for models that
    define their own, so a copy of a tree of them stays one walk)."""
    return copy_model(self)


# The ``__deepcopy__`` methods fast_copy may replace with its own walk.
_WALKED = {BaseModel.__deepcopy__, walk_copy}
