"""Moteneba: rules in :mod:`.rules`, heuristic bots in :mod:`.bots`, card data in ``data.json``."""

from .rules import MotenebaState  # noqa: F401
from . import bots  # noqa: F401
