"""Property tests over random games of every game, player count and option (hypothesis).

The properties themselves are in ``checks.py`` (shared with ``scripts/fuzz``): legal actions while
the game runs, a valid player to move, the game ends, int scores, winners matching ``result()``,
save -> JSON -> load identical for every seat, each legal action applies to a clone, hidden cards
re-dealt by the test's own code leave a seat's view alone, no log line names a card a seat has
not seen, the same seed and actions give the same game, mutated saves (their stored positions
too) refused, replayed, or going on from the stored position.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, strategies as st

import engine
from engine.games.moteneba import rules as moteneba_rules
from engine.games.motto import rules as motto_rules

from . import checks

#: the pytest suite checks more per step than the long runs, on fewer games
CI = checks.Sampling(clones=0.3, round_trip=0.01, redeal=0.15)
#: the games at the smallest table of each option value: the save loaded back at every step
EVERY_SAVE = dataclasses.replace(checks.LONG, round_trip=1.0)

CASES = [(game, n) for game in checks.all_games() for n in checks.player_counts(game)]


@st.composite
def configs(draw, game: str, players: int):
    options = tuple((name, draw(st.sampled_from(values)))
                    for name, values in checks.option_values(game, players))
    return checks.Config(game, players, options, draw(st.integers(0, checks.MAX_SEED - 1)))


@pytest.mark.parametrize("game,players", [pytest.param(g, n, marks=pytest.mark.slow) if g == "mottainai" and n >= 4
                                          else (g, n) for g, n in CASES],  # Mottainai at 4-5 seats: slow
                         ids=[f"{g}-{n}p" for g, n in CASES])
@given(data=st.data())
def test_random_games_keep_every_property(game, players, data):
    config = data.draw(configs(game, players), label="config")
    checks.run_game(config, CI)


def single_option_settings(game: str) -> list[checks.Config]:
    """Default options, then each non-default value of every option on its own (cycling through
    the player counts): every option value is played at least once, whatever hypothesis draws."""
    counts = checks.player_counts(game)
    settings = [()]
    for opt in engine.registry.game_class(game).info.options:
        settings += [((opt.name, v),) for v in opt.values if v != opt.default]
    result = []
    for i, options in enumerate(settings):
        players = counts[i % len(counts)]
        if options and options[0][0] == "first_player":
            players = max(players, int(options[0][1]))
        defaults = {o.name: o.default for o in engine.registry.game_class(game).info.options}
        defaults.update(options)
        result.append(checks.Config(game, players, tuple(defaults.items()), seed=100 + i))
    return result


OPTION_CASES = [c for game in checks.all_games() for c in single_option_settings(game)]


@pytest.mark.parametrize("config", OPTION_CASES, ids=str)
def test_every_option_value_keeps_every_property(config):
    smallest = config.players == checks.player_counts(config.game)[0]
    checks.run_game(config, EVERY_SAVE if smallest else checks.LONG)


@pytest.mark.parametrize("game", checks.all_games())
@given(seed=st.integers(0, checks.MAX_SEED - 1), pick=st.randoms(use_true_random=False))
def test_mutated_saves_are_refused_or_replay(game, seed, pick):
    config = checks.config_for(game, seed % 97, seed)
    state = checks.run_game(config, checks.LONG)
    assert checks.check_mutated_saves(config, state, pick) > 10


# ---------------------------------------------------------------------- the checks can fail
@pytest.mark.parametrize("game,players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_the_redeal_really_moves_hidden_cards(game, players):
    """The test's own re-deal changes what a seat cannot see: over a game, it changes other seats'
    views (their hands) many times, and never the seat's own."""
    state = engine.new_game(game, players, seed=3)
    model, rnd = checks.hidden_model(game), random.Random(3)
    changed = steps = 0
    while not state.is_over:
        seat = state.current_player
        redealt = model.redeal(state, seat, rnd)
        assert json.dumps(redealt.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
        changed += any(json.dumps(redealt.view(other)) != json.dumps(state.view(other))
                       for other in range(players) if other != seat)
        steps += 1
        state.apply(rnd.choice(state.legal_actions()))
    assert changed > steps // 10, f"the re-deal changed other seats' views at {changed} of {steps} steps"


def test_a_view_that_shows_the_deck_is_caught(monkeypatch):
    table = motto_rules.MottoState._table

    def leaky(self, seat):
        result = table(self, seat)
        result["peek"] = self.deck[-1].key if self.deck else None
        return result

    monkeypatch.setattr(motto_rules.MottoState, "_table", leaky)
    with pytest.raises(checks.FuzzFailure, match="changed when the cards hidden from it were re-dealt"):
        checks.run_game(checks.Config("motto", 3, (), 5), checks.Sampling(clones=0, round_trip=0, redeal=1))


def test_a_view_that_counts_another_hands_events_by_kind_is_caught(monkeypatch):
    table = moteneba_rules.MotenebaState._table

    def leaky(self, seat):
        result = table(self, seat)
        result["peek"] = sorted(self.hands[(seat or 0) + 1 if (seat or 0) + 1 < self.num_players else 0])
        return result

    monkeypatch.setattr(moteneba_rules.MotenebaState, "_table", leaky)
    with pytest.raises(checks.FuzzFailure, match="re-dealt"):
        for seed in range(5):
            checks.run_game(checks.Config("moteneba", 4, (), seed), checks.Sampling(clones=0, round_trip=0, redeal=1))


def test_a_log_line_naming_a_drawn_card_is_caught(monkeypatch):
    apply = motto_rules.MottoState._apply

    def chatty(self, action):
        apply(self, action)
        if action.id == "draw":
            self._say("{P0} drew %s." % self.hands[self.history and self._next_seat(self._current, -1)][-1].label)

    monkeypatch.setattr(motto_rules.MottoState, "_apply", chatty)
    with pytest.raises(checks.FuzzFailure, match="which seat . has not seen"):
        checks.run_game(checks.Config("motto", 2, (), 1), checks.Sampling(clones=0, round_trip=0, redeal=0))


def test_no_legal_action_while_running_is_caught(monkeypatch):
    legal = motto_rules.MottoState._legal
    monkeypatch.setattr(motto_rules.MottoState, "_legal",
                        lambda self: [] if len(self.history) == 30 else legal(self))
    with pytest.raises(checks.FuzzFailure, match="no legal action") as err:
        checks.run_game(checks.Config("motto", 2, (), 1), checks.Sampling(clones=0, round_trip=0, redeal=0))
    save = json.loads(str(err.value).splitlines()[-1])
    assert len(save["actions"]) == 30 and engine.load(save).legal_actions() == []


def test_a_save_that_loses_an_option_is_caught(monkeypatch):
    save = engine.State.save
    monkeypatch.setattr(engine.State, "save", lambda self: {**save(self), "options": {}})
    with pytest.raises(checks.FuzzFailure, match="save/load changed|does not replay|cannot be replayed"):
        checks.run_game(checks.Config("motto", 2, (("first_player", "2"),), 1),
                        checks.Sampling(clones=0, round_trip=0, redeal=0))
