"""Views, results and the game list are fresh data: a caller may change anything it gets back, at
any depth, and no later view, result or save changes (docs/engine-api.md, "Views")."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.bots import make_bot
from engine.rng import Rng
from registry_cases import smallest_and_largest

#: every registered game at its smallest and largest player count (the largest Mottainai game has
#: two decks; every game is played through its scorings to the end)
GAMES = smallest_and_largest()


def vandalize(value) -> None:
    """Change every container inside ``value``, at every depth: every scalar replaced, one item
    added to every list and dict."""
    if isinstance(value, dict):
        for key in list(value):
            if isinstance(value[key], (dict, list)):
                vandalize(value[key])
            else:
                value[key] = "vandalized"
        value["vandalized"] = ["vandalized"]
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, (dict, list)):
                vandalize(item)
            else:
                value[i] = "vandalized"
        value.append({"vandalized": True})


def containers(value, found: dict) -> dict:
    """id -> object of every dict and list inside ``value``; the same one twice fails (a view
    whose parts alias each other would change in two places at once)."""
    if isinstance(value, (dict, list)):
        assert id(value) not in found, f"the same container twice: {value!r:.200}"
        found[id(value)] = value
        for item in (value.values() if isinstance(value, dict) else value):
            containers(item, found)
    return found


def snapshot(state) -> dict:
    return {"views": {seat: copy.deepcopy(state.view(seat)) for seat in [None, *range(state.num_players)]},
            "result": copy.deepcopy(state.result()), "save": copy.deepcopy(state.save()),
            "scores": state.scores(), "legal": [a.id for a in state.legal_actions()]}


def check_fresh(state) -> None:
    before = snapshot(state)
    seats = [None, *range(state.num_players)]
    # two calls never share a container, for any two seats, nor with a result
    first = {seat: state.view(seat) for seat in seats}
    second = {seat: state.view(seat) for seat in seats}
    results = [state.result(), state.result()]
    owners: dict[int, str] = {}
    for name, value in [*((f"view {s} #1", v) for s, v in first.items()),
                        *((f"view {s} #2", v) for s, v in second.items()),
                        ("result #1", results[0]), ("result #2", results[1])]:
        for ident in containers(value, {}):
            assert ident not in owners, f"{name} shares a list or dict with {owners[ident]}"
            owners[ident] = name
    # whatever a caller does to what it got, the game is unchanged
    for value in [*first.values(), *second.values(), *results]:
        vandalize(value)
    assert snapshot(state) == before


@pytest.mark.parametrize("game, players", GAMES)
def test_views_and_results_share_nothing_with_the_state_or_each_other(game, players):
    state = engine.new_game(game, players, seed=11)
    bot, rng = make_bot(game, "random"), Rng(11)
    check_fresh(state)
    steps = 0
    while not state.is_over:
        state.apply(bot.choose(state, state.current_player, rng))
        steps += 1
        if steps in (1, 5, 20) or steps % 45 == 0:
            check_fresh(state)
    check_fresh(state)
    assert state.view(None)["result"] is not None


def test_a_moteneba_view_during_and_after_a_scoring_is_fresh():
    # the +3 Power step shows a live scoring preview; later views show the finished years
    state = engine.new_game("moteneba", 3, seed=2)
    bot, rng = make_bot("moteneba", "random"), Rng(2)
    seen = set()
    while not state.is_over:
        table = state.view(None)["table"]
        if table["phase"] == "power" and "power" not in seen or table["scorings"] and "after" not in seen:
            seen.add("power" if table["phase"] == "power" else "after")
            check_fresh(state)
        state.apply(bot.choose(state, state.current_player, rng))
    assert seen == {"power", "after"}


def test_the_game_list_is_fresh():
    before = copy.deepcopy(engine.list_games())
    games = engine.list_games()
    assert not set(containers(games, {})) & set(containers(engine.list_games(), {}))
    vandalize(games)
    assert engine.list_games() == before
