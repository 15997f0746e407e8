"""Moteneba: rules in :mod:`.rules` (card data in ``data.json``), heuristic bots and search hooks
in :mod:`.bots` (the search's rollouts, played in one call, in :mod:`.rollout`), the terminal
rendering in :mod:`.text`, what each seat must never see in :mod:`.hidden`, the expert's guess at
the others' event cards in :mod:`.inference`."""

from ...spec import Game, SearchHooks, WebAssets
from . import bots, evaluation, hidden, inference, rollout, text, web_data
from .rules import MotenebaState

GAME = Game(
    state=MotenebaState,
    bots=(bots.MotenebaGreedyBot,),
    search=SearchHooks(options=bots.moteneba_options, rollout=bots.moteneba_rollout,
                       roll=rollout.moteneba_roll,
                       evaluate=bots.moteneba_evaluate, horizon=bots.moteneba_horizon,
                       reason=bots.moteneba_reason, scores_now=bots.moteneba_scores_now,
                       features=evaluation.moteneba_features, feature_names=evaluation.FEATURE_NAMES,
                       expert_depth=evaluation.EXPERT_DEPTH, likelihood=inference.moteneba_likelihood),
    text=text.render,
    hidden=hidden.MotenebaHidden(),
    web=WebAssets(view="js/views/moteneba.js", css="css/moteneba.css", rules="rules/moteneba.html",
                  rules_data=web_data.rules_data),
)
