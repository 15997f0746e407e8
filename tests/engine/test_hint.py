"""Hints: the search bot's suggestion for the seat to move (``Bot.suggest``, ``HintSearch``,
bridge ``hint`` and the sliced ``hint_start`` / ``hint_step`` / ``hint_stop``), by the page's
level (``bridge.HINT_LEVEL``, the expert).

A suggestion is a legal action with a short plain reason; asking for one changes nothing in the
game; it is refused when the game is over or the seat is not to move; it is honest: two states
that differ only in what the seat cannot see get the same suggestion and reason; it shows a
percentage only from at least ``MIN_PLAYS`` simulated plays of the suggested move, says only
what its rollouts measured (a few turns ahead, not whole games, for the expert), and names the
move it passes over (one that scores more now, or a close one) with what each brings and, from
100 plays of each, both chances.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

import engine
from engine import bridge
from engine.bots import Suggestion, make_bot
from engine import registry
from engine.bots.hints import (BETTER, CLOSE_MARGIN, CLOSE_Z, MIN_PLAYS, RACE_START, SAME, Found, HintSearch,
                                Option)
from engine.games.moteneba import bots as moteneba_bots
from engine.games.mottainai import bots as mottainai_bots
from engine.games.motto import bots as motto_bots
from engine.registry import game_class, game_names, game_spec
from engine.rng import Rng

#: a small fixed budget: repeatable and quick
BUDGET = {"iterations": 12}


def hinter(game):
    """The bot whose search the page's hints use (the expert)."""
    return make_bot(game, bridge.HINT_LEVEL)


def hard(game):
    return make_bot(game, "hard", max_rollout=40)


def fingerprint(state) -> str:
    views = [state.view(seat) for seat in range(state.num_players)] + [state.view(None)]
    return json.dumps([state.save(), views, state.rng.state, state.history], sort_keys=True)


def positions(game, n, seed, every=3, limit=8):
    """Positions of a game played with random moves: every ``every``-th one, at most ``limit``."""
    state = engine.new_game(game, n, seed=seed)
    mover, rng, step, found = make_bot(game, "random"), Rng(seed), 0, 0
    while not state.is_over and found < limit:
        if step % every == 0:
            found += 1
            yield state
        state.apply(mover.choose(state, state.current_player, rng))
        step += 1


PLAYER_COUNTS = [(game, n) for game in game_names()
                 for n in sorted({game_class(game).info.min_players, game_class(game).info.max_players})]


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_suggestion_is_a_legal_action_with_a_plain_reason_and_changes_nothing(game, n):
    for state in positions(game, n, seed=31 + n):
        seat = state.current_player
        before = fingerprint(state)
        suggestion = hinter(game).suggest(state, seat, Rng(7), **BUDGET)
        assert fingerprint(state) == before
        assert isinstance(suggestion, Suggestion)
        assert suggestion.action in {a.id for a in state.legal_actions()}
        assert suggestion.line and suggestion.line[0] == suggestion.action
        reason = suggestion.reason
        # a sentence or three (two moves named with their numbers at most)
        assert reason and reason.endswith(".") and len(reason) < 420, reason
        # plain words: no action ids or internal names, only {P0}-style seat names in braces
        assert not re.search(r"\w+:\w+|_|\{(?!P\d\})", reason), reason


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_suggestion_is_honest_reshuffling_unseen_cards_never_changes_it(game, n):
    """Same seat, same bot seed and budget: a state re-dealt in everything the seat cannot see
    gets the same action and the same reason (so the reason cannot name a hidden card)."""
    checked = 0
    for state in positions(game, n, seed=41 + n, every=4, limit=8):
        seat = state.current_player
        expected = hinter(game).suggest(state, seat, Rng(99), **BUDGET)
        for k in range(2):
            redealt = state.determinize(seat, Rng(k))
            assert hinter(game).suggest(redealt, seat, Rng(99), **BUDGET) == expected
        checked += 1
    assert checked >= 4


@pytest.mark.slow
@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_a_hint_with_its_numbers_is_honest_too(game, n):
    """At a budget that reaches 100 plays (so the reason gives its numbers), a re-deal of what
    the seat cannot see changes neither the action nor a word of the reason."""
    checked = 0
    for state in positions(game, n, seed=43 + n, every=6, limit=3):
        seat = state.current_player
        expected = hinter(game).suggest(state, seat, Rng(98), iterations=20_000)
        redealt = state.determinize(seat, Rng(5))
        assert hinter(game).suggest(redealt, seat, Rng(98), iterations=20_000) == expected
        checked += "%" in expected.reason
    assert checked >= 2


#: per game: words its reasons use, and the numbers they give from enough simulated plays (a game
#: not named here is held to the numbers every reason gives, below)
REASON_WORDS = {"motto": r"(With your hand|^Play) .*token|^No card on the table",
                "mottainai": r"task|Prayer|helper|work", "moteneba": r"cube"}
AHEAD = r"Looking a few turns ahead in \d+ simulated deals, "
#: Moteneba's rollouts (the hard bot's and the expert's) stop at the school year's end
YEAR_AHEAD = r"Looking ahead to the end of this school year in \d+ simulated deals, "
CHANCE = r"your chance to win after it is (about \d+|above 99|below 1)%\.$"
SHARE = r"(about \d+|above 99|below 1)%"
#: two moves with their numbers: the one passed over (or a close one) first, the suggestion second
BOTH = (r"in \d+ simulated deals of each, your chance to win is " + SHARE + r" after .+ and " + SHARE
        + r" after .+: (about the same|better|probably better)\.$")
REASON_NUMBERS = {"motto": f"{AHEAD}{CHANCE}|Looking a few turns ahead {BOTH}",
                  "mottainai": AHEAD + r"(it gives you about \d+ more points?, and )?" + CHANCE
                  + f"|Looking a few turns ahead {BOTH}",
                  "moteneba": YEAR_AHEAD + r"(it brings you about \d+ more hearts?, and )?" + CHANCE
                  + f"|Looking ahead to the end of this school year {BOTH}"}
#: any game: the chance to win where the plays stopped, the simulated games won, or two moves' numbers
ANY_NUMBERS = CHANCE + r"|You won \d+% of \d+ simulated games after it|simulated games of each, you won|" + BOTH


@pytest.mark.parametrize("game", game_names())
def test_reasons_speak_of_the_game_and_of_the_simulated_plays(game):
    reasons = [hinter(game).suggest(state, state.current_player, Rng(3), **BUDGET).reason
               for state in positions(game, game_class(game).info.min_players, seed=5, every=2, limit=20)]
    assert any("simulate" in r for r in reasons), reasons
    words = REASON_WORDS.get(game)
    assert words is None or any(re.search(words, r) for r in reasons), reasons
    # from enough plays, the numbers in the game's words
    sure = [hinter(game).suggest(state, state.current_player, Rng(3), iterations=20_000).reason
            for state in positions(game, game_class(game).info.min_players, seed=5, every=7, limit=2)]
    numbers = REASON_NUMBERS.get(game, ANY_NUMBERS)
    assert all(re.search(numbers, r) for r in sure if "only choice" not in r), sure


def test_a_single_legal_action_is_suggested_as_the_only_choice():
    for state in positions("mottainai", 2, seed=8, every=1, limit=200):
        if len(state.legal_actions()) == 1:
            suggestion = hinter("mottainai").suggest(state, state.current_player, Rng(1), **BUDGET)
            assert suggestion.action == state.legal_actions()[0].id
            assert suggestion.reason == "It is your only choice."
            return
    pytest.fail("no position with a single legal action")


@pytest.mark.parametrize("game", game_names())
def test_other_bots_suggest_their_own_choice(game):
    state = next(positions(game, game_class(game).info.min_players, seed=2, limit=1))
    greedy = make_bot(game, "greedy")
    suggestion = greedy.suggest(state, state.current_player, Rng(4))
    assert suggestion.action == make_bot(game, "greedy").choose(state, state.current_player, Rng(4))
    assert suggestion.reason


def test_a_time_budget_still_searches_at_least_once():
    state = engine.new_game("motto", 2, seed=3)
    bot = hinter("motto")
    suggestion = bot.suggest(state, state.current_player, Rng(1), seconds=0.001)
    assert suggestion.action in {a.id for a in state.legal_actions()}
    assert bot.last_iterations >= 1


# ---------------------------------------------------------------------- the bridge


def ok(reply: str) -> dict:
    data = json.loads(reply)
    assert data["ok"], data
    return data


def refused(reply: str) -> str:
    data = json.loads(reply)
    assert data["ok"] is False
    return data["error"]


@pytest.mark.parametrize("game", game_names())
def test_bridge_hint_leaves_the_game_exactly_as_it_was(game):
    n = game_class(game).info.min_players
    ok(bridge.new_game(json.dumps({"game": game, "num_players": n, "seed": 12})))
    for _ in range(5):
        seat = ok(bridge.view("null"))["view"]["current_player"]
        saved, rng, history = bridge.save(), bridge._game.rng.state, list(bridge._game.history)
        views = [bridge.view(json.dumps(s)) for s in range(n)]
        reply = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 10})))
        assert bridge.save() == saved and bridge._game.rng.state == rng and bridge._game.history == history
        assert [bridge.view(json.dumps(s)) for s in range(n)] == views
        legal = {a["id"]: a["label"] for a in ok(bridge.view(json.dumps(seat)))["view"]["legal_actions"]}
        assert reply["label"] == legal[reply["action"]]
        assert reply["line"][0] == reply["action"] and reply["reason"]
        # the same position and budget: the same hint
        assert ok(bridge.hint(json.dumps({"seat": seat, "iterations": 10}))) == reply
        ok(bridge.bot_turn(json.dumps({"seat": seat, "bot": "random", "seed": 1})))


def test_bridge_hint_is_refused_when_it_is_not_your_turn_or_the_game_is_over():
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 1})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    saved = bridge.save()
    error = refused(bridge.hint(json.dumps({"seat": 1 - seat})))
    assert error == f"there is no move to suggest: it is {{P{seat}}}'s turn, not {{P{1 - seat}}}'s"
    assert refused(bridge.hint(json.dumps({"seat": seat, "seconds": 11}))) == (
        "seconds must be a number above 0 and at most 10, not 11")
    assert "seconds" in refused(bridge.hint(json.dumps({"seat": seat, "seconds": True})))
    assert refused(bridge.hint(json.dumps({"seat": seat, "seconds": 1, "iterations": 5}))) == (
        "hint takes seconds or iterations, not both")
    assert refused(bridge.hint(json.dumps({"seat": seat, "budget": 5}))) == (
        "hint has no setting 'budget'; settings: seat, seconds or iterations")
    assert "seconds" in refused(bridge.hint(json.dumps({"seat": seat, "seconds": 0})))
    assert "iterations" in refused(bridge.hint(json.dumps({"seat": seat, "iterations": 10**6})))
    assert "the seat" in refused(bridge.hint(json.dumps({"seat": 5})))
    assert "hint's argument must be a JSON object" in refused(bridge.hint("[1]"))
    assert bridge.save() == saved
    while not ok(bridge.view("null"))["view"]["is_over"]:
        current = ok(bridge.view("null"))["view"]["current_player"]
        ok(bridge.bot_turn(json.dumps({"seat": current, "bot": "random", "seed": 2})))
    assert refused(bridge.hint(json.dumps({"seat": 0}))) == "the game is over: there is no move to suggest"


def test_the_page_can_call_hint_and_the_contract_lists_it():
    """The worker only forwards the bridge functions it lists; the contract documents them."""
    import importlib.util
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("engine_worker", root / "web" / "py" / "engine_worker.py")
    worker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worker)
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 4})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    assert ok(worker.call("hint", json.dumps({"seat": seat, "iterations": 8})))["action"]
    contract = (root / "docs" / "bridge-contract.md").read_text(encoding="utf-8")
    assert "| `hint(spec)` |" in contract
    assert f"`0 < seconds <= {bridge.MAX_HINT_SECONDS:g}`" in contract
    for name in ("hint_start", "hint_step", "hint_stop"):
        assert name in worker._FUNCTIONS and f"| `{name}(" in contract
    assert f"`1..{bridge.MAX_HINT_ITERATIONS}`" in contract


# ---------------------------------------------------------------------- numbers worth trusting

def percentages_from(reason: str) -> list[int]:
    """How many simulated plays each percentage in ``reason`` says it was drawn from."""
    if "%" not in reason:
        return []
    counts = [int(n) for n in re.findall(r"(\d+) simulated", reason)]
    assert counts, reason
    return counts


def search_for(game, state, rng_seed=5, **budget) -> HintSearch:
    search = HintSearch(hinter(game), state, state.current_player, Rng(rng_seed), **budget)
    search.run()
    return search


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
@pytest.mark.parametrize("iterations", [8, 60, pytest.param(300, marks=pytest.mark.slow)])
def test_a_hint_never_shows_a_percentage_from_fewer_than_100_plays(game, n, iterations):
    """At small budgets a hint gives words without a number; a percentage only ever comes
    from at least MIN_PLAYS simulated plays of the suggested move (300 rollouts: some
    positions get there, some do not)."""
    for state in positions(game, n, seed=61 + n + iterations, every=3, limit=8):
        search = search_for(game, state, iterations=iterations)
        reason = search.suggestion().reason
        if search.plays < MIN_PLAYS:
            assert "%" not in reason and not re.search(r"\d+ simulated", reason), (search.plays, reason)
        for plays in percentages_from(reason):
            assert plays >= MIN_PLAYS and plays == search.plays, reason


@pytest.mark.parametrize("game", game_names())
def test_given_the_budget_a_hint_searches_until_100_plays_and_then_shows_its_numbers(game):
    shown = 0
    for state in positions(game, game_class(game).info.min_players, seed=17, every=5, limit=3):
        if len(state.legal_actions()) == 1:
            continue
        search = search_for(game, state, iterations=20_000)
        reason = search.suggestion().reason
        if len(search.options) > 1:
            # it stopped as soon as the leader had its hundred plays
            assert search.plays == MIN_PLAYS and search.samples == MIN_PLAYS
            assert percentages_from(reason) == [MIN_PLAYS], reason
            shown += 1
    assert shown >= 2


def test_the_race_drops_clearly_worse_moves_so_the_rest_get_plays_sooner():
    state = next(s for s in positions("motto", 2, seed=17, every=5, limit=6) if len(s.legal_actions()) > 3)
    search = search_for("motto", state, iterations=20_000)
    assert len(search.active) < len(search.options)
    assert search.rollouts < MIN_PLAYS * len(search.options)
    # every dropped option was beaten by more than two standard errors at some point, so it has fewer plays
    for i in set(range(len(search.options))) - set(search.active):
        assert search.tally.plays[i] < search.plays


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_a_hint_run_a_slice_at_a_time_is_the_same_as_in_one_go(game, n):
    for state in positions(game, n, seed=71 + n, every=5, limit=2):
        whole = search_for(game, state, iterations=120).suggestion()
        sliced = HintSearch(hinter(game), state, state.current_player, Rng(5), iterations=120)
        progress = [sliced.progress]
        while not sliced.done:
            sliced.step(0.0)  # one sample per slice
            progress.append(sliced.progress)
        assert sliced.suggestion() == whole
        assert progress == sorted(progress) and progress[-1] == 1.0


#: how each game names a move in its reasons (a gerund: "taking 2 Love (red)"); a game not named
#: here is checked for all but the words of the move named
NAMES = {"motto": motto_bots._doing, "mottainai": mottainai_bots._doing, "moteneba": moteneba_bots._doing}


def test_the_move_named_beside_the_suggestion_is_the_one_passed_over_or_a_close_one():
    """What a hint names beside its suggestion: the move that scores the most now when the
    suggestion scores less (kept in the race, so measured as often as the leader), else the
    runner-up when close (its chance within CLOSE_MARGIN, or its reward within CLOSE_Z standard
    errors of the paired difference); "about the same" only within CLOSE_MARGIN, never for
    moves whose chances are further apart; "better" only beyond CLOSE_Z standard errors."""
    named = same = 0
    for game in game_names():
        for state in positions(game, game_class(game).info.min_players, seed=23, every=4, limit=3):
            search = search_for(game, state, iterations=1500)
            if len(search.options) < 2:
                continue
            leader, found = search.found()
            for other in search.active:
                if other != leader:
                    assert search.difference(leader, other)[0] >= 0
            best_now = max(points for points, _ in search.now)
            if best_now > search.now[leader][0]:
                assert found.passed_over and found.alternative.now == best_now
                assert search.tally.plays[search.kept] == found.plays  # never dropped from the race
            alternative = found.alternative
            if alternative is None:
                continue
            other = search.options.index(list(alternative.line))
            gap = found.chance - alternative.chance
            if not found.passed_over:
                mean, error = search.difference(leader, other)
                assert abs(gap) <= CLOSE_MARGIN or mean <= CLOSE_Z * error
            assert (found.verdict == SAME) == (abs(gap) <= CLOSE_MARGIN)
            if found.verdict == BETTER:
                mean, error = search.difference(leader, other)
                assert mean > CLOSE_Z * error
            reason = search.suggestion().reason
            doing = NAMES.get(game)
            name = doing and doing(state, alternative.line)
            if doing and name != doing(state, search.options[leader]):
                assert name in reason or name[:1].upper() + name[1:] in reason, (name, reason)
                named += 1
                same += "about the same" in reason or "about as well" in reason
            assert found.plays == search.plays
    assert named >= 3 and same >= 1


def motto_position(seed: int = 3):
    """A Motto position with "draw" legal, a card in the first slot and no card chosen."""
    return next(s for s in positions("motto", 2, seed=seed, every=1, limit=30)
                if "draw" in {a.id for a in s.legal_actions()} and s.pool[0] is not None and not s.selection)


def test_close_moves_are_named_in_the_games_words():
    from engine.games.motto.bots import _short, motto_reason
    state = motto_position()
    card = _short(state.pool[0])  # "2 Love (red)"
    drawing = Option(line=("draw",), plays=140, chance=0.51)
    sure = Found(plays=140, chance=0.52, gain=1.0, options=5, alternative=drawing, verdict=SAME)
    reason = motto_reason(state, state.current_player, ["take:0"], sure)
    # both moves with their chances, the one passed over first; the move's own sentence before
    assert reason.endswith("Looking a few turns ahead in 140 simulated deals of each, your chance to win is "
                           f"about 51% after drawing and about 52% after taking {card}: about the same."), reason
    unsure = replace(sure, plays=30, alternative=replace(drawing, plays=30))
    reason = motto_reason(state, state.current_player, ["take:0"], unsure)
    assert reason.endswith("Drawing did about as well in the deals there was time to simulate."), reason
    assert "%" not in reason
    alone = Found(plays=30, chance=0.52, gain=1.0, options=5)
    assert motto_reason(state, state.current_player, ["draw"], alone) == (
        "No card on the table makes a better set for you now. "
        "In the simulated deals it did better than your other choices.")
    # rollouts that all reached the end of the game (a hint near the end): simulated games won
    ended = replace(sure, to_end=True, alternative=replace(drawing, to_end=True), verdict=BETTER, chance=0.6)
    assert motto_reason(state, state.current_player, ["take:0"], ended).endswith(
        f"Of 140 simulated games of each, you won 51% after drawing and 60% after taking {card}: better.")
    taking = Option(line=("take:0",), plays=140, chance=0.5)
    assert motto_reason(state, state.current_player, ["draw"], replace(sure, alternative=taking)).startswith(
        "No card on the table makes a better set for you now. Looking a few turns ahead in 140 simulated deals "
        f"of each, your chance to win is about 50% after taking {card} and about 52% after drawing: about the same.")
    assert motto_reason(state, state.current_player, ["draw"], replace(alone, to_end=True)).endswith(
        "In the simulated games it did better than your other choices.")


def test_a_percentage_for_two_moves_only_when_each_was_played_100_times():
    """Numbers for both moves only when each was simulated MIN_PLAYS times; else words: what
    the passed-over move scores now, and which did better, without a number."""
    from engine.games.motto.bots import _short, motto_reason
    state = motto_position()
    card = _short(state.pool[0])
    play = Option(line=("draw",), plays=60, chance=0.45, now=6, brings="scores 6 points now")
    found = Found(plays=60, chance=0.55, gain=1.0, options=5, alternative=play, verdict=BETTER, passed_over=True)
    reason = motto_reason(state, state.current_player, ["take:0"], found)
    assert "%" not in reason and "simulated deals of each" not in reason
    assert reason.endswith(f"Drawing scores 6 points now, but taking {card} did better in the deals there was "
                           "time to simulate."), reason
    # the suggestion measured 100 times, the other not: a number for the suggestion alone
    reason = motto_reason(state, state.current_player, ["take:0"], replace(found, plays=100))
    assert percentages_from(reason) == [100] and "of each" not in reason
    assert "Drawing scores 6 points now, but" in reason
    # both: both numbers, and "about the same" when they are close
    both = replace(found, plays=100, chance=0.46, verdict=SAME, alternative=replace(play, plays=100))
    assert motto_reason(state, state.current_player, ["take:0"], both).endswith(
        "Looking a few turns ahead in 100 simulated deals of each, your chance to win is about 45% after "
        f"drawing, which scores 6 points now, and about 46% after taking {card}: about the same.")


def passed_over_a_set(seeds=range(1, 12)):
    """A Motto position (greedy play) where the hint's search, at a budget that reaches its
    numbers, suggests a take or a draw while the seat holds a set worth 5 or more now."""
    from engine.games.motto.bots import best_play
    greedy = make_bot("motto", "greedy")
    for seed in seeds:
        state = engine.new_game("motto", 2, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.current_player
            best = None if state.selection else best_play(state.stacks, state.hands[seat])
            if best and best[0] >= 5:
                search = search_for("motto", state, iterations=20_000)
                if search.suggestion().line[-1] != "confirm":
                    return state, search
            state.apply(greedy.choose(state, seat, rng))
    pytest.fail("no position where the hint passes over a set")


def test_a_hint_that_passes_over_a_set_scoring_more_now_names_both_with_their_chances():
    from engine.games.motto.bots import _doing, best_play
    state, search = passed_over_a_set()
    seat = state.current_player
    points = best_play(state.stacks, state.hands[seat])[0]
    leader, found = search.found()
    other = found.alternative
    assert found.passed_over and other.line[-1] == "confirm" and other.now == points
    assert found.sure and other.sure and other.plays == found.plays == MIN_PLAYS
    reason = search.suggestion().reason
    playing = _doing(state, other.line)
    assert playing.startswith("playing ")
    assert f"after {playing}, which scores {points} points now, and " in reason, reason
    assert f" after {_doing(state, search.options[leader])}: {found.verdict}." in reason, reason
    assert f"in {MIN_PLAYS} simulated deals of each, your chance to win is " in reason, reason
    shown = [int(n) for n in re.findall(r"about (\d+)%", reason)]
    assert shown == [round(100 * other.chance), round(100 * found.chance)]
    if found.verdict == SAME:
        assert abs(shown[0] - shown[1]) <= 100 * CLOSE_MARGIN + 1


def test_what_each_game_scores_now():
    """Motto: a play's tokens; Mottainai: a completed work's value; Moteneba: the hearts a
    placement would add if the year ended now (as the projection after the move says)."""
    from engine.games.moteneba.bots import moteneba_scores_now, projected_hearts
    from engine.games.mottainai.bots import mottainai_scores_now
    from engine.games.mottainai.cards import KIND_BY_KEY
    from engine.games.motto.bots import _payout_value, motto_options, motto_scores_now
    from engine.games.motto.rules import CARD_BY_KEY
    checked = {"motto": 0, "mottainai": 0, "moteneba": 0}
    for state in positions("motto", 2, seed=5, every=2, limit=20):
        for line in motto_options(state, state.current_player):
            points, words = motto_scores_now(state, state.current_player, line)
            if line[-1] == "confirm" and not state.selection:
                cards = [CARD_BY_KEY[a[7:]] for a in line[:-1]]
                assert points == _payout_value(state.stacks, cards)
                assert words == (f"scores {points} point{'s' * (points != 1)} now" if points else "")
                checked["motto"] += points > 0
            elif line[-1] != "confirm":
                assert (points, words) == (0, "")
    for state in positions("mottainai", 2, seed=8, every=1, limit=400):
        for action in state.legal_actions():
            points, words = mottainai_scores_now(state, state.current_player, [action.id])
            if action.id.startswith("work:"):
                value = KIND_BY_KEY[action.id[5:]].value
                assert (points, words) == (value, f"scores {value} point{'s' * (value != 1)} now")
                checked["mottainai"] += 1
            else:
                assert (points, words) == (0, "")
    for state in positions("moteneba", 3, seed=6, every=1, limit=60):
        seat = state.current_player
        for line in game_spec("moteneba").search.options(state, seat):
            points, words = moteneba_scores_now(state, seat, line)
            if len(line) == 2:
                after = state.clone()
                for action in line:
                    after.apply(action)
                if after.year == state.year:  # not the year's last cube: the board is scored as it stands
                    assert points == projected_hearts(after)[seat] - projected_hearts(state)[seat], line
                    checked["moteneba"] += points > 0
            assert (words != "") == (points > 0)
            if points > 0:
                assert words == f"is worth {points} more heart{'s' * (points != 1)} if the year ended now"
    assert all(checked.values()), checked


# ---------------------------------------------------------------------- the sliced hint in the bridge


def test_bridge_hint_session_is_repeatable_and_matches_the_one_call_hint():
    ok(bridge.new_game(json.dumps({"game": "mottainai", "num_players": 2, "seed": 6})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    saved = bridge.save()
    whole = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 200})))
    for slice_seconds in (0.01, 0.5):
        started = ok(bridge.hint_start(json.dumps({"seat": seat, "iterations": 200})))
        assert started["progress"] == 0 and started["done"] is False
        steps = []
        while True:
            reply = ok(bridge.hint_step(json.dumps({"seconds": slice_seconds})))
            steps.append(reply["progress"])
            if reply["done"]:
                break
        assert steps == sorted(steps) and steps[-1] == 1
        assert {k: reply[k] for k in whole if k != "ok"} == {k: whole[k] for k in whole if k != "ok"}
        assert bridge.save() == saved
    # it is over once answered
    assert refused(bridge.hint_step(None)) == "no hint is being worked out: begin one with hint_start"


@pytest.mark.parametrize("move", ["apply", "bot_turn", "undo", "load", "new_game"])
def test_a_hint_session_is_void_once_the_game_moves(move):
    status = ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 9})))["status"]
    seat = status["current_player"]
    rng = Rng(2)
    while move == "undo" and not status["can_undo"]:  # something to take back
        legal = ok(bridge.view(json.dumps(seat)))["view"]["legal_actions"]
        status = ok(bridge.apply(json.dumps({"seat": seat, "action": legal[rng.below(len(legal))]["id"]})))["status"]
        seat = status["current_player"]
    saved = bridge.save()
    ok(bridge.hint_start(json.dumps({"seat": seat, "seconds": 3})))
    assert ok(bridge.hint_step(json.dumps({"seconds": 0.01})))["done"] is False
    if move == "apply":
        ok(bridge.apply(json.dumps({"seat": seat, "action": "draw"})))
    elif move == "bot_turn":
        ok(bridge.bot_turn(json.dumps({"seat": seat, "bot": "random", "seed": 3})))
    elif move == "undo":
        ok(bridge.undo(json.dumps({"seat": seat})))
    elif move == "load":
        ok(bridge.load(json.dumps(ok(saved)["save"])))
    else:
        ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 9})))
    assert refused(bridge.hint_step(None)) == "the game has moved since this hint was asked for: ask again"
    assert refused(bridge.hint_step(None)) == "no hint is being worked out: begin one with hint_start"


def test_bridge_hint_stop_drops_the_hint_and_leaves_the_game_as_it_was():
    ok(bridge.new_game(json.dumps({"game": "moteneba", "num_players": 3, "seed": 2})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    saved, rng, history = bridge.save(), bridge._game.rng.state, list(bridge._game.history)
    ok(bridge.hint_start(json.dumps({"seat": seat})))
    ok(bridge.hint_step(json.dumps({"seconds": 0.05})))
    assert ok(bridge.hint_stop())["stopped"] is True
    assert ok(bridge.hint_stop())["stopped"] is False
    assert bridge.save() == saved and bridge._game.rng.state == rng and bridge._game.history == history
    assert refused(bridge.hint_step(None)).startswith("no hint is being worked out")


def test_bridge_hint_session_checks_its_input():
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 1})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    assert refused(bridge.hint_start(json.dumps({"seat": 1 - seat}))) == (
        f"there is no move to suggest: it is {{P{seat}}}'s turn, not {{P{1 - seat}}}'s")
    assert "the seat" in refused(bridge.hint_start(json.dumps({"seat": -1})))
    assert refused(bridge.hint_start(json.dumps({"seat": seat, "seconds": "3"}))) == (
        "seconds must be a number above 0 and at most 10, not '3'")
    assert "hint_start's argument must be a JSON object" in refused(bridge.hint_start("7"))
    ok(bridge.hint_start(json.dumps({"seat": seat})))
    assert refused(bridge.hint_step(json.dumps({"seconds": 5}))) == (
        "seconds must be a number above 0 and at most 2, not 5")
    assert refused(bridge.hint_step(json.dumps({"slice": 1}))) == (
        "hint_step has no setting 'slice'; settings: seconds")
    assert ok(bridge.hint_step(json.dumps({"seconds": 0.01})))["done"] is False  # still there
    ok(bridge.hint_stop())


def test_a_bug_in_a_hint_is_reported_as_a_bug_not_a_refusal(monkeypatch):
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 1})))
    seat = ok(bridge.view("null"))["view"]["current_player"]

    def broken(state, seat, line, found):
        raise KeyError("oops")
    spec = game_spec("motto")
    monkeypatch.setitem(registry._GAMES, "motto", replace(spec, search=replace(spec.search, reason=broken)))
    ok(bridge.hint_start(json.dumps({"seat": seat, "iterations": 30})))
    reply = {"ok": True, "done": False}
    while reply["ok"] and not reply["done"]:
        reply = json.loads(bridge.hint_step(None))
    assert reply["ok"] is False and reply["internal"] is True and "KeyError" in reply["traceback"]


def test_the_experts_halving_leaves_the_dropping_to_the_race():
    """The expert's own search halves its options after every round; a hint does not: every
    option still in the race is played in every sample (the same worlds for all), and only
    the race drops an option, once the leader beats it by more than two standard errors."""
    raced = 0
    for game in game_names():
        for state in positions(game, game_class(game).info.min_players, seed=19, every=4, limit=2):
            search = HintSearch(hinter(game), state, state.current_player, Rng(8), iterations=20_000)
            suggestion = search.run()
            if len(search.options) < 2:
                continue
            assert search.plays == MIN_PLAYS == search.samples
            assert all(search.tally.plays[i] == search.samples for i in search.active)
            for i in set(range(len(search.options))) - set(search.active):
                assert RACE_START <= search.tally.plays[i] < search.samples
            assert percentages_from(suggestion.reason) == [MIN_PLAYS], suggestion.reason
            raced += len(search.options) > 2
    assert raced >= 2


def cut_short_reasons(game, n, seed, limit):
    """(reason, found, search) of hints at a budget that reaches 100 plays of the leader."""
    for state in positions(game, n, seed=seed, every=5, limit=limit):
        search = search_for(game, state, iterations=20_000)
        if len(search.options) > 1:
            yield search.suggestion().reason, search.found()[1], search


@pytest.mark.slow
@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_expert_hints_say_only_what_the_rollouts_measured(game, n):
    """The expert's rollouts stop after a few turns: its reasons give the chance to win
    "looking a few turns ahead", never a share of simulated games won nor "by the end of this
    year", unless every rollout of the move really reached the end of the game."""
    sure = 0
    for reason, found, search in cut_short_reasons(game, n, seed=83 + n, limit=8):
        assert found.sure and search.plays == found.plays
        if found.to_end:
            assert re.search(r"You won \d+% of \d+ simulated games after it\.$|Of \d+ simulated games of each, "
                             r"you won \d+% after .+ and \d+% after .+\.$|some played to the end", reason), reason
            continue
        assert not re.search(r"won \d+%|simulated games|by the end of", reason), reason
        assert re.search(REASON_NUMBERS[game], reason), reason
        # the number is the chance the expert's evaluation gives where the rollouts stopped (the
        # suggested move's is the last one given; a move named beside it comes first)
        shown = re.findall(r"(about|above|below) (\d+)%", reason)[-1]
        if shown[0] == "about":
            assert int(shown[1]) == round(100 * found.chance)
        if found.alternative is not None and "of each" in reason:
            assert int(re.findall(r"about (\d+)%", reason)[0]) == round(100 * found.alternative.chance)
        sure += 1
    assert sure >= 3


def test_the_rollouts_of_the_experts_hint_stop_a_few_turns_ahead():
    """What the words rest on: the expert's rollouts are cut short (a few steps, or the year's
    end), and the chance counted is its evaluation's where they stopped."""
    state = next(positions("mottainai", 2, seed=5, every=5, limit=2))
    search = HintSearch(hinter("mottainai"), state, state.current_player, Rng(2), iterations=40)
    search.run()
    assert search.search.bot.rollout_depth("mottainai") <= 12
    leader = search.leader()
    found = search.tally.result(leader)
    assert not found.to_end and 0.0 < found.chance < 1.0
    # for a play that did not finish the game, the chance counted is its reward (the evaluation)
    assert found.chance == pytest.approx(search.reward[leader] / search.tally.plays[leader])


def test_each_games_reason_words_the_chance_and_the_points():
    """The numbers in each game's words, from a constructed finding (the few turns ahead, and
    a game's end), alone and beside a close move."""
    for game, reason_of, points in (("mottainai", mottainai_bots.mottainai_reason, "points"),
                                    ("moteneba", moteneba_bots.moteneba_reason, "hearts")):
        state = next(s for s in positions(game, game_class(game).info.min_players, seed=4, every=2, limit=20)
                     if len(game_spec(game).search.options(s, s.current_player)) > 1)
        line, other = game_spec(game).search.options(state, state.current_player)[:2]
        ahead = Found(plays=120, chance=0.641, gain=3.2, options=4)
        span = "ahead to the end of this school year" if game == "moteneba" else "a few turns ahead"
        reason = reason_of(state, state.current_player, line, ahead)
        assert re.search(rf"Looking {span} in 120 simulated deals, it \w+ you about 3 more {points}, and "
                         r"your chance to win after it is about 64%\.$", reason), reason
        close = replace(ahead, alternative=Option(line=tuple(other), plays=120, chance=0.63), verdict=SAME)
        reason = reason_of(state, state.current_player, line, close)
        assert re.search(rf"Looking {span} in 120 simulated deals of each, your chance to win is about 63% "
                         r"after .+ and about 64% after .+: about the same\.$", reason), reason
        level = reason_of(state, state.current_player, line, replace(ahead, gain=0.2, chance=0.9996))
        assert level.endswith(f"Looking {span} in 120 simulated deals, your chance to win after it is above 99%.")
        ended = reason_of(state, state.current_player, line, replace(ahead, to_end=True))
        assert ended.endswith(f"It {'gives' if game == 'mottainai' else 'brings'} you about 3 more {points} "
                              "by the end of the game; you won 64% of 120 simulated games after it."), ended
        for found in (ahead, replace(ahead, plays=99)):
            assert "by the end of this year" not in reason_of(state, state.current_player, line, found)


def test_bridge_hint_names_the_move_it_passes_over():
    """The reply's ``alternative``: the passed-over set with what it scores now and its chance
    (from 100 plays of each), as the reason says; ``None`` when nothing was compared."""
    from engine.games.motto.bots import best_play
    state, search = passed_over_a_set()
    ok(bridge.load(json.dumps(state.save())))
    seat = state.current_player
    reply = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 20_000})))
    other = reply["alternative"]
    points = best_play(state.stacks, state.hands[seat])[0]
    legal = {a.id: a.label for a in state.legal_actions()}
    assert other["passed_over"] is True and other["line"][-1] == "confirm" and other["action"] == other["line"][0]
    assert other["label"] == legal[other["action"]]
    assert other["brings"] == f"scores {points} points now" and other["brings"] in reply["reason"]
    assert other["plays"] == reply["plays"] == MIN_PLAYS
    assert f"about {other['win']}% after playing" in reply["reason"]
    assert other["verdict"] in ("about the same", "better", "probably better")
    assert reply["reason"].endswith(f": {other['verdict']}.")
    # a single legal action: nothing compared, no alternative
    for single in positions("mottainai", 2, seed=8, every=1, limit=200):
        if len(single.legal_actions()) == 1:
            ok(bridge.load(json.dumps(single.save())))
            reply = ok(bridge.hint(json.dumps({"seat": single.current_player, "iterations": 50})))
            assert reply["alternative"] is None
            return
    pytest.fail("no position with a single legal action")
