"""Moteneba: rules in :mod:`.rules`, heuristic bots in :mod:`.bots`, card data in ``data.json``."""

from .rules import MotenebaState  # noqa: F401 - the package's state class; importing it registers the game
from . import bots  # noqa: F401 - imported to register the game's bots
