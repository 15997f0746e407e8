"""Mottainai: rules in :mod:`.rules`, the card-effect machinery in :mod:`.effects`, heuristic bots
in :mod:`.bots`, the 54 cards in ``cards.json``."""

from .rules import MottainaiState  # noqa: F401
from . import bots  # noqa: F401
