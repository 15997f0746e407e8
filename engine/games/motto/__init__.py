"""Motto: rules in :mod:`.rules`, heuristic bots and search hooks in :mod:`.bots`, the terminal
rendering in :mod:`.text`, what each seat must never see in :mod:`.hidden`."""

from ...spec import Game, SearchHooks, WebAssets
from . import bots, evaluation, hidden, text
from .rules import MottoState

GAME = Game(
    state=MottoState,
    bots=(bots.MottoGreedyBot,),
    search=SearchHooks(options=bots.motto_options, rollout=bots.motto_rollout,
                       evaluate=bots.motto_evaluate, reason=bots.motto_reason,
                       scores_now=bots.motto_scores_now,
                       features=evaluation.motto_features, feature_names=evaluation.FEATURE_NAMES,
                       expert_depth=evaluation.EXPERT_DEPTH),
    text=text.render,
    hidden=hidden.MottoHidden(),
    web=WebAssets(view="js/views/motto.js", css="css/motto.css", rules="rules/motto.html"),
)
