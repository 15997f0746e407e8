"""Every bot of every game: legal choices, full games, and honesty (blind to hidden cards)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import engine
from engine import registry
from engine.bots import available, make_bot, play_out
from engine.registry import game_class, game_names, game_spec
from engine.rng import Rng

BOT_CASES = [(game, bot["name"]) for game in game_names() for bot in available(game)]
#: the search bots' long games are slow, but for Motto's (short) ones
SEARCH_BOTS = ("hard", "expert")
HEAVY_BOT_CASES = [pytest.param(game, name, marks=pytest.mark.slow) if name in SEARCH_BOTS and game != "motto"
                   else (game, name) for game, name in BOT_CASES]
#: small budgets so the search bot is quick and deterministic in tests
SETTINGS = {"hard": {"iterations": 6, "max_rollout": 40}, "expert": {"iterations": 12}}


def bot(game, name):
    return make_bot(game, name, **SETTINGS.get(name, {}))


@pytest.mark.parametrize("game,bot_name", HEAVY_BOT_CASES)
def test_bot_plays_whole_games_at_every_player_count(game, bot_name):
    info = game_class(game).info
    for n in range(info.min_players, info.max_players + 1):
        state = engine.new_game(game, n, seed=n)
        seats = [make_bot(game, "random") for _ in range(n)]
        seats[n - 1] = bot(game, bot_name)  # one seat of this bot among random players
        play_out(state, seats, Rng(n))
        assert state.is_over and state.winners()


@pytest.mark.parametrize("game,bot_name", HEAVY_BOT_CASES)
def test_bot_is_honest_reshuffling_unseen_cards_never_changes_its_choice(game, bot_name):
    """For a fixed bot seed, re-dealing everything the seat cannot see leaves the choice alone."""
    info = game_class(game).info
    checked = 0
    limit = 12 if bot_name in SEARCH_BOTS else 60
    for n in (info.min_players, info.max_players):
        state = engine.new_game(game, n, seed=11 + n)
        mover, rng = make_bot(game, "random"), Rng(5)
        while not state.is_over and checked < limit * n:
            seat = state.current_player
            expected = bot(game, bot_name).choose(state, seat, Rng(1234))
            for k in range(3):
                redealt = state.determinize(seat, Rng(k))
                assert bot(game, bot_name).choose(redealt, seat, Rng(1234)) == expected
            checked += 1
            state.apply(mover.choose(state, seat, rng))
    assert checked > 10


def test_unknown_bot_is_refused_clearly():
    with pytest.raises(ValueError, match="no bot 'genius'"):
        make_bot("motto", "genius")
    with pytest.raises(ValueError, match="unknown game"):
        available("chess")
    assert [b["name"] for b in available("motto")] == ["random", "greedy", "hard", "expert"]
    json.dumps(available("motto"))


def without_options(monkeypatch, game: str) -> None:
    """Take the game's ``options`` search hook out of its spec for one test."""
    spec = game_spec(game)
    monkeypatch.setitem(registry._GAMES, game, replace(spec, search=replace(spec.search, options=None)))


@pytest.mark.parametrize("game", [game if game == "motto" else pytest.param(game, marks=pytest.mark.slow)
                                  for game in game_names()])
def test_tree_search_fallback_plays_honestly_for_a_game_without_an_option_list(game, monkeypatch):
    """A new game without an ``options`` search hook gets information-set MCTS: it must play
    whole games with legal moves and stay blind to hidden cards like the flat search."""
    without_options(monkeypatch, game)
    info = game_class(game).info
    n = info.min_players
    state = engine.new_game(game, n, seed=21)
    seats = [make_bot(game, "random") for _ in range(n)]
    seats[0] = bot(game, "hard")
    play_out(state, seats, Rng(2))
    assert state.is_over and state.winners()
    state, mover, rng, checked = engine.new_game(game, n, seed=22), make_bot(game, "random"), Rng(3), 0
    while not state.is_over and checked < 15:
        seat = state.current_player
        expected = bot(game, "hard").choose(state, seat, Rng(99))
        redealt = state.determinize(seat, Rng(7))
        assert bot(game, "hard").choose(redealt, seat, Rng(99)) == expected
        checked += 1
        state.apply(mover.choose(state, seat, rng))


@pytest.mark.slow
def test_tree_search_fallback_beats_random_play(monkeypatch):
    without_options(monkeypatch, "motto")
    wins = 0
    for seed in range(6):
        state = engine.new_game("motto", 2, seed=seed)
        seats = [make_bot("motto", "hard", iterations=60), make_bot("motto", "random")]
        if seed % 2:
            seats.reverse()
        play_out(state, seats, Rng(seed))
        hard_seat = 1 if seed % 2 else 0
        wins += hard_seat in state.winners()
    assert wins >= 5


def test_flat_search_never_goes_back_when_it_can_go_on():
    """Each decision is searched afresh; offering "cancel" let two searches undo each other
    (Smith, cancel, Smith, cancel...) for hundreds of steps. It is only kept when it is the
    only choice."""
    from engine.bots.search import single_actions
    state = engine.new_game("mottainai", 2, seed=4)
    mover, rng, seen = make_bot("mottainai", "random"), Rng(1), 0
    while not state.is_over and seen < 5:
        ids = [a.id for a in state.legal_actions()]
        options = [o[0] for o in single_actions(state, state.current_player)]
        if "cancel" in ids and len(ids) > 1:
            assert "cancel" not in options and sorted(options) == sorted(i for i in ids if i != "cancel")
            seen += 1
        state.apply(mover.choose(state, state.current_player, rng))
    assert seen == 5


def test_mottos_rollout_judges_a_face_up_card_as_the_whole_hand_would():
    """best_with_card (the hand's best set plus the sets using one more card) answers exactly as
    best_of_kinds over the hand with that card does: points first, then the first of equals."""
    from engine.games.motto.bots import best_of_kinds, best_with_card
    rng = Rng(11)
    for _ in range(5_000):
        kinds = tuple(sorted(rng.below(27) for _ in range(rng.below(11))))
        tops = tuple(rng.below(4) for _ in range(9))
        card = rng.below(27)
        assert best_with_card(kinds, tops, best_of_kinds(kinds, tops), card) == \
            best_of_kinds(tuple(sorted(kinds + (card,))), tops), (kinds, tops, card)
