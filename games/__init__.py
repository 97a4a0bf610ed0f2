"""The rules of every game: pure Python, no I/O, no clock, no global randomness.

Each game is a package (``games/<id>/``) that exposes a :class:`games.core.Game`
instance named ``GAME``; :mod:`games.registry` lists them.
"""
