"""Mottainai: rules in :mod:`.rules`, the card-effect machinery in :mod:`.effects`, heuristic bots
in :mod:`.bots`, the 54 cards in ``cards.json``."""

from .rules import MottainaiState  # noqa: F401
from . import bots  # noqa: F401
from . import effects_clay  # noqa: F401  (the Clay card effects)
from . import effects_metal  # noqa: F401  (the Metal card effects)
from . import effects_paper  # noqa: F401  (the Paper card effects)
from . import effects_stone  # noqa: F401  (the Stone card effects)
from . import effects_cloth  # noqa: F401  (the Cloth card effects)
