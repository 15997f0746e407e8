"""Hints a player can follow: asking again after taking the suggested step goes on with the
same plan, so following the suggestions step by step always finishes the turn, and never
comes back to a position it has left (in Motto: choose a card, put it back, choose it
again...).

Each check loads a position into the bridge and plays the page's "Suggest a move" loop: ask
for a hint (``bridge.hint``, a fixed budget in iterations), take its action, ask again, until
another seat is to move or the game is over.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import bridge
from engine.bots import make_bot
from engine.games.motto.bots import _doing, motto_options
from engine.rng import Rng

#: hints followed at most in one turn (Motto: a play is four steps; Mottainai's turn is longer)
STEPS = {"motto": 10, "mottainai": 40, "moteneba": 12}


def ok(reply: str) -> dict:
    data = json.loads(reply)
    assert data["ok"], data
    return data


def position(state) -> str:
    """The position as the game holds it (not how it was reached)."""
    snapshot = state.snapshot()
    return json.dumps([snapshot["game"], snapshot["current"], snapshot["turns"], snapshot["over"]],
                      sort_keys=True)


def follow_hints(state, iterations: int) -> tuple[str, list[str]]:
    """Follow the hints from ``state`` (loaded into the bridge) until the seat's turn ends:
    ``("done", actions)``, or ``("revisited", actions)`` when a position comes back, or
    ``("too long", actions)`` after ``STEPS`` hints."""
    ok(bridge.load(json.dumps(state.save())))
    game = bridge._current()
    seat, turn = game.current_player, game.turn
    seen = {position(game)}
    taken = []
    for _ in range(STEPS[state.info.name]):
        hint = ok(bridge.hint(json.dumps({"seat": seat, "iterations": iterations})))
        taken.append(hint["action"])
        ok(bridge.apply(hint["action"]))
        if game.is_over or game.current_player != seat or game.turn != turn:
            return "done", taken
        now = position(game)
        if now in seen:
            return "revisited", taken
        seen.add(now)
    return "too long", taken


def played(game: str, num_players: int, seed: int, steps: int):
    """The positions of a game played by the greedy bots (in Motto they choose a set card by
    card, so some positions have cards chosen), one every step, for ``steps`` steps."""
    state = engine.new_game(game, num_players, seed=seed)
    bots = [make_bot(game, "greedy") for _ in range(num_players)]
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(bots[state.current_player].choose(state, state.current_player, rng))


def motto_positions(seeds, every: int, steps: int = 60):
    """Motto positions of greedy games: every ``every``-th position as it is, and also, where
    no card is chosen yet, with one card of a set chosen (the first card of the set that
    scores the least among those a hint compares: a choice a player may make on their own)."""
    for seed in seeds:
        for i, state in enumerate(played("motto", 2 + seed % 3, seed, steps)):
            if i % every:
                continue
            yield state
            yield from _one_card_chosen(state)


def _one_card_chosen(state):
    """``state`` with the first card of the set that scores the least among those a hint
    compares chosen (a choice a player may make on their own), when no card is chosen yet."""
    if state.selection:
        return
    sets = [line for line in motto_options(state, state.current_player) if line[-1] == "confirm"]
    if sets:
        chosen = state.clone()
        chosen.apply(sets[-1][0])
        yield chosen


def test_following_the_hint_in_motto_finishes_the_play_it_began():
    """A position of a four-player game where the hint suggested choosing 1 Money (blue) for a
    set; once chosen, the next hint must go on with that set, not put the card back."""
    start = next(state for i, state in enumerate(played("motto", 4, 5, 60)) if i == 34)
    assert not start.selection
    outcome, taken = follow_hints(start, iterations=2000)
    assert outcome == "done", taken
    assert taken[0].startswith("select:") and taken[-1] == "confirm" and "cancel" not in taken, taken


#: Motto positions (seed, players, step of a greedy game) where following the hint used to
#: go round: choose a card, put it back, choose it again
ROUND_AND_ROUND = [(5, 4, 34), (5, 4, 36), (5, 4, 40), (7, 3, 16), (8, 4, 56), (8, 4, 58)]


def test_following_the_hint_never_puts_back_the_cards_it_chose():
    """Once a hint's set is chosen card by card, every next hint goes on with it; from a
    choice in progress, the hints finish the turn (with that set, or with one decision of the
    turn after putting the cards back)."""
    checked = 0
    for seed, players, step in ROUND_AND_ROUND:
        state = next(s for i, s in enumerate(played("motto", players, seed, step + 1)) if i == step)
        for start in (state, *_one_card_chosen(state)):
            outcome, taken = follow_hints(start, iterations=2000)
            assert outcome == "done", (seed, step, start.selection, taken)
            assert taken.count("cancel") <= (1 if start.selection else 0), (seed, step, taken)
            checked += 1
    assert checked >= len(ROUND_AND_ROUND)


def test_cards_chosen_are_put_back_only_for_a_better_decision_named_in_the_reason():
    """With cards chosen, the options are the decisions of the turn as they stand from there:
    the sets holding the chosen cards go on with them; every other decision puts them back and
    is then taken whole, and its reason says what to do instead."""
    for state in motto_positions(range(1, 4), every=3, steps=40):
        if not state.selection:
            continue
        seat = state.current_player
        options = motto_options(state, seat)
        start = state.clone()
        start.selection = []
        start._forget_legal()
        whole = motto_options(start, seat)
        assert all(line[0] != "cancel" or (len(line) > 1 and line[1:] in whole) for line in options)
        assert ["cancel"] not in options
        assert any(line[0] != "cancel" for line in options)   # the choice can always be finished
        for line in options:
            name = _doing(state, line)
            if line[-1] == "confirm":          # a set is named by its three cards, no more
                assert name.count(", ") == 2 and name.startswith(
                    "putting the chosen cards back and playing " if line[0] == "cancel" else "playing "), name
            if line[0] == "cancel":
                continue
            after = state.clone()
            for action in line:
                after.apply(action)               # a set that holds the chosen cards, finished
            assert after.current_player != seat or after.is_over
        ok(bridge.load(json.dumps(state.save())))
        hint = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 300})))
        if hint["action"] == "cancel":
            assert len(hint["line"]) > 1 and hint["reason"].startswith("Put the chosen cards back and ")
            assert "another set is better" not in hint["reason"]


def test_a_hint_is_the_same_whatever_was_chosen_and_put_back_before():
    """The same position reached by choosing cards and putting them back gets the same hint."""
    state = next(s for i, s in enumerate(played("motto", 3, 7, 60)) if i >= 10 and not s.selection
                 and any(a.id.startswith("select:") for a in s.legal_actions()))
    ok(bridge.load(json.dumps(state.save())))
    seat = state.current_player
    first = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 500})))
    select = next(a.id for a in state.legal_actions() if a.id.startswith("select:"))
    ok(bridge.apply(select))
    ok(bridge.apply("cancel"))
    again = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 500})))
    assert {k: v for k, v in again.items() if k != "ok"} == {k: v for k, v in first.items() if k != "ok"}


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [("motto", None)] + [(game, seed) for game in ("mottainai", "moteneba")
                                                            for seed in range(1, 7)])
def test_following_the_hint_always_finishes_the_turn_in_many_positions(game, seed):
    """Many positions of every game, at the page's budget (100 plays of the leader): Motto's from
    ten seeds; Mottainai's and Moteneba's every third step of a game, one case a seed (the cases
    run side by side with pytest-xdist)."""
    checked = 0
    if game == "motto":
        states = motto_positions(range(1, 11), every=2)
    else:
        players = 2 + seed % 2 if game == "mottainai" else 3 + seed % 2
        states = (state for i, state in enumerate(played(game, players, seed, 60)) if i % 3 == 0)
    for state in states:
        outcome, taken = follow_hints(state, iterations=2000)
        assert outcome == "done", (state.seed, len(state.history), taken)
        checked += 1
    assert checked >= (20 if game == "motto" else 10)
