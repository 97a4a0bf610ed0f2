"""tools/page_types.py translates the subset of JSON schema the wire's models use."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from tools.page_types import Untranslatable, declarations, translate


class Inner(BaseModel):
    """A part of the page's state."""

    value: int


class Sample(BaseModel):
    """Every kind of field the wire uses."""

    name: str = Field(description="A name.")
    count: int
    share: float
    on: bool
    kind: Literal["a", "b"]
    one: Literal[1]
    maybe: str | None
    inner: Inner
    inners: list[Inner]
    maybe_inner: Inner | None
    by_key: dict[str, list[int]]
    by_number: dict[int, int]
    pair: tuple[str, int]
    anything: dict[str, object]


def test_every_kind_of_field_becomes_its_typescript_type() -> None:
    (top,), text = declarations([Sample])
    assert top == "Sample"
    for line in (
        "export interface Sample {",
        "  /** A name. */",
        "  name: string;",
        "  count: number;",
        "  share: number;",
        "  on: boolean;",
        '  kind: "a" | "b";',
        "  one: 1;",
        "  maybe: string | null;",
        "  inner: Inner;",
        "  inners: Inner[];",
        "  maybe_inner: Inner | null;",
        "  by_key: Record<string, number[]>;",
        "  by_number: Record<string, number>;",
        "  pair: [string, number];",
        "  anything: Record<string, unknown>;",
        "/** A part of the page's state. */",
        "export interface Inner {",
        "  value: number;",
    ):
        assert line in text.splitlines(), line


def test_a_union_in_an_array_is_bracketed_and_a_union_of_models_is_named() -> None:
    class Holder(BaseModel):
        items: list[int | str]

    (holder, union), text = declarations([Holder, Inner | Holder])
    assert "  items: (number | string)[];" in text.splitlines()
    assert (holder, union) == ("Holder", "Inner | Holder")


def test_what_the_wire_never_holds_is_refused() -> None:
    with pytest.raises(Untranslatable):
        translate({"type": "object", "properties": {"x": {"type": "string"}}})  # an object that is no model
    with pytest.raises(Untranslatable):
        translate({"not": {"type": "string"}})
