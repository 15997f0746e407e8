"""The marks on public log lines a player should notice (State._say's ``moment``, the view's
``moments``; the page shows them where the player looks, web/js/moments.js)."""
from __future__ import annotations

import json

import pytest

import engine
from engine.bots import make_bot
from engine.registry import game_class, game_names
from engine.rng import Rng


def played(game: str, players: int, seed: int, until=lambda s: s.is_over):
    """A game of greedy bots from ``seed``, played until ``until(state)``."""
    bot = make_bot(game, "greedy")
    state, rng = engine.new_game(game, players, seed=seed), Rng(seed)
    while not state.is_over and not until(state):
        state.apply(bot.choose(state, state.current_player, rng))
    return state


def marked(state, kind):
    return [(m["line"], m["seats"]) for m in state.view(None)["moments"] if m["kind"] == kind]


def test_motto_marks_every_reshuffle_and_the_last_round():
    state = played("motto", 4, 3)
    log = state.log
    reshuffles = [i for i, line in enumerate(log) if line.startswith("The deck is empty: the discard pile is shuffled")]
    assert reshuffles and [line for line, _ in marked(state, "reshuffle")] == reshuffles
    [(line, seats)] = marked(state, "last_round")
    assert "took the last large or medium token" in log[line] and log[line].startswith("{P%d}" % seats[0])


def test_moteneba_marks_each_year_scored():
    state = played("moteneba", 3, 2)
    years = marked(state, "year_scored")
    assert [state.log[line].split("'")[0] for line, _ in years] == ["Year 1", "Year 2", "Year 3"]
    assert len(state.scorings) == 3


def test_mottainai_marks_completed_works_with_their_seat():
    state = played("mottainai", 3, 1)
    works = marked(state, "work")
    completing = [i for i, line in enumerate(state.log) if " completes " in line and "for free" not in line]
    assert completing and set(completing) <= {line for line, _ in works}
    for line, [seat] in works:
        assert state.log[line].startswith("{P%d}" % seat)
    total = sum(len(state.gallery[s]) + len(state.gift_shop[s]) for s in range(3))
    assert len(works) >= total - sum(1 for line in state.log if "with Shuriken" in line)


def test_mottainai_marks_an_effect_on_the_seat_it_touched():
    state = engine.new_game("mottainai", 2, seed=0)
    state.say("{P1} takes Vase from {P0}'s sales (Ring).", "effect", [0])
    assert state.view(1)["moments"][-1] == {"line": len(state.log) - 1, "kind": "effect", "seats": [0]}


#: the table each game is played at below (a game not named here: its fewest seats)
PLAYERS = {"motto": 2, "moteneba": 3, "mottainai": 3}


@pytest.mark.parametrize("game", game_names())
def test_moments_are_the_same_in_every_view_after_save_load_and_undo(game):
    players = PLAYERS.get(game, game_class(game).info.min_players)
    state = played(game, players, 0, until=lambda s: len(s.moments) >= 1)
    if game not in PLAYERS and not state.moments:
        pytest.skip(f"{game} marks no line in a whole game")
    assert state.moments, "no marked line reached"
    views = [state.view(seat)["moments"] for seat in (None, *range(players))]
    assert all(v == views[0] for v in views)
    assert engine.load(state.save()).view(None)["moments"] == views[0]
    # a copy of the view is new data: changing it changes nothing
    views[0].clear()
    assert state.view(None)["moments"]


def test_a_save_from_before_the_marks_loads_as_its_replay():
    state = played("motto", 2, 3)
    saved = json.loads(json.dumps(state.save()))
    del saved["state"]["moments"]
    loaded = engine.load_save(saved)
    assert not loaded.restored and loaded.state.view(None)["moments"] == state.view(None)["moments"]


def test_a_stored_position_keeps_its_marks_and_bad_ones_are_refused():
    state = played("motto", 2, 3)
    saved = state.save()
    saved["actions"] = saved["actions"][:2] + ["junk"]   # goes on from the stored position
    loaded = engine.load_save(saved)
    assert loaded.restored and loaded.state.view(None)["moments"] == state.view(None)["moments"]
    saved["state"]["moments"] = [[len(state.log), "reshuffle", []]]
    with pytest.raises(engine.SaveError, match="moments"):
        engine.load_save(saved)
