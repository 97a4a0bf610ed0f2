"""The suite keeps the project's bytecode, whatever PYTHONDONTWRITEBYTECODE says.

Without the ``__pycache__`` files (gitignored), every xdist worker and every
process a test starts compiles the project's modules again, pytest rewrites
every test module's asserts again, and every bot a test starts compiles its 16
cogs again (discord.py executes an extension's module anew for each bot): some
55 ms of CPU per bot. Set here, the package every test module and conftest
belongs to, before any of them imports the project; the environment is cleared
for the processes the suite starts (xdist's workers, the bots' processes)."""

import os
import sys

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
