"""Mottainai. One idea per module:

* :mod:`.cards` — the 54 cards (read from ``cards.json``) and the names of materials, tasks, wings;
* :mod:`.rules` — :class:`MottainaiState`: setup, the turn, legal actions and applying them;
  it inherits :mod:`.crafting` (completing works), :mod:`.scoring` (score and result) and
  :mod:`.views` (what each seat sees);
* :mod:`.effects` — how card effects plug into the rules (the registry, the trigger points);
  ``effects_<material>.py`` the effects of each material's cards, with :mod:`.effect_tools`;
* :mod:`.bots` — heuristic bots and the search hooks; :mod:`.text` — the terminal rendering;
  :mod:`.hidden` — what each seat must never see (the tests' oracle).

This module puts them together in the game's spec, ``GAME``.
"""

from ...bots.search import single_actions
from ...spec import Game, SearchHooks, WebAssets
from . import bots, evaluation, hidden, text, web_data
from .rules import MottainaiState
from . import effects_clay  # noqa: F401 - registers the Clay card effects
from . import effects_metal  # noqa: F401 - registers the Metal card effects
from . import effects_paper  # noqa: F401 - registers the Paper card effects
from . import effects_stone  # noqa: F401 - registers the Stone card effects
from . import effects_cloth  # noqa: F401 - registers the Cloth card effects

GAME = Game(
    state=MottainaiState,
    bots=(bots.MottainaiGreedyBot,),
    search=SearchHooks(options=single_actions, rollout=bots.mottainai_rollout,
                       evaluate=bots.mottainai_evaluate, depth=bots.ROLLOUT_DEPTH,
                       reason=bots.mottainai_reason, scores_now=bots.mottainai_scores_now,
                       features=evaluation.mottainai_features, feature_names=evaluation.FEATURE_NAMES,
                       expert_depth=evaluation.EXPERT_DEPTH),
    text=text.render,
    hidden=hidden.MottainaiHidden(),
    web=WebAssets(view="js/views/mottainai.js", css="css/mottainai.css", rules="rules/mottainai.html",
                  rules_data=web_data.rules_data),
)
