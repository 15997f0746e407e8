"""Mottainai. One idea per module:

* :mod:`.cards` — the 54 cards (read from ``cards.json``) and the names of materials, tasks, wings;
* :mod:`.rules` — :class:`MottainaiState`: setup, the turn, legal actions and applying them;
  it inherits :mod:`.crafting` (completing works), :mod:`.scoring` (score and result) and
  :mod:`.views` (what each seat sees);
* :mod:`.effects` — how card effects plug into the rules (the registry, the trigger points);
  ``effects_<material>.py`` the effects of each material's cards, with :mod:`.effect_tools`;
* :mod:`.bots` — heuristic bots; :mod:`.text` — the terminal rendering.
"""

from .rules import MottainaiState  # noqa: F401 - the package's state class; importing it registers the game
from . import bots  # noqa: F401 - imported to register the game's bots
from . import effects_clay  # noqa: F401 - registers the Clay card effects
from . import effects_metal  # noqa: F401 - registers the Metal card effects
from . import effects_paper  # noqa: F401 - registers the Paper card effects
from . import effects_stone  # noqa: F401 - registers the Stone card effects
from . import effects_cloth  # noqa: F401 - registers the Cloth card effects
