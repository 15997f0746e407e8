"""The games, registered here with one line each. Each is a package of the same shape (see
docs/engine-api.md, "Adding a game"): ``rules.py`` (the State subclass), ``bots.py`` (its
heuristic bots and search hooks), ``text.py`` (the terminal rendering), ``hidden.py`` (what each
seat must never see, for the tests) and any plain data files; its ``__init__.py`` puts them
together in one :class:`engine.spec.Game`, ``GAME``."""

from ..registry import register
from . import moteneba, mottainai, motto

register(motto.GAME)
register(mottainai.GAME)
register(moteneba.GAME)
