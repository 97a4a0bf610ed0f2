"""Akelarre's How to play picture: its labels find the picture's words."""

from __future__ import annotations

from cogs.kit.guide_picture import template


def test_a_label_finds_words_whatever_the_seat_is_called() -> None:
    """A picture's words are matched with their parameters free: "P1" today, a name tomorrow."""
    place = template("akelarre.ui.picture.place", "en")
    assert place.fullmatch("P1 · place 1") and place.fullmatch("ann the bold · place 2")
    assert not place.fullmatch("Meeting places")
    assert template("akelarre.ui.picture.captured", "it").fullmatch("1 catturata")
