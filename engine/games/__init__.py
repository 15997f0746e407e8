"""The games. Each is a package of the same shape: ``rules.py`` (the State subclass, registered
with :func:`engine.core.register`), ``bots.py`` (its heuristic bots) and any plain data files."""

from . import motto  # noqa: F401 - imported to register the game
from . import mottainai  # noqa: F401 - imported to register the game
from . import moteneba  # noqa: F401 - imported to register the game
