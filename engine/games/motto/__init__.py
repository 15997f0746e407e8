"""Motto: rules in :mod:`.rules`, heuristic bots in :mod:`.bots`."""

from .rules import MottoState  # noqa: F401
from . import bots  # noqa: F401
