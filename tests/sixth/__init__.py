"""Corsa, a sixth game that lives only in this folder (docs/adding-a-game.md).

A race to a goal for 2 or 3 players: on their turn a player runs 1 or 2
steps, and whoever reaches the goal first wins. The host may set the goal
at /play (its one declared option). The folder holds everything a game is:
the engine (``game.py`` and its words in ``locales/``), its Discord face
(``face/``: a presenter registered in the extension's setup, its words in
``face/locales/``) and the test that plays it through SimCord
(``test_corsa.py``). Only that test registers it, and unregisters it after.
"""
