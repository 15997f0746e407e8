"""A game may find one legal action by its id without listing them all (``State._legal_action``,
used by ``apply``): it must answer exactly as ``legal_actions()`` does, for every id listed and for
ids that are not, in every kind of position random games reach."""
from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import random_action
from engine.registry import game_class, game_names
from engine.rng import Rng


def probes(state) -> set[str]:
    """Ids to ask about: every legal one, every id legal at any step of the game so far, and a
    few near misses."""
    ids = {a.id for a in state.legal_actions()} | set(state.history)
    near = {"", ":", "cancel", "confirm", "draw", "pass", "done", "skip", "take:", "take:4", "take:-1",
            "take:00", "select:", "select:nothing", "draw:0", "nonsense"}
    return ids | near | {a + "x" for a in ids}


@pytest.mark.parametrize("game", game_names())
def test_the_lookup_agrees_with_the_list(game):
    info = game_class(game).info
    checked = 0
    for players in sorted({info.min_players, info.max_players}):
        for seed in range(6):
            state = new_game(game, players, seed=seed)
            rng = Rng(seed)
            seen: set[str] = set()
            while not state.is_over:
                listed = {a.id: a for a in state.legal_actions()}
                seen |= set(listed)
                for action_id in probes(state) | seen:
                    assert state._legal_action(action_id) == listed.get(action_id), (game, seed, action_id)
                    checked += 1
                state.apply(random_action(state, rng))
    assert checked > 1000
