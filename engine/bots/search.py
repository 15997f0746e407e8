"""The hard bot: Monte Carlo search over determinized deals.

Every sample deals the cards the bot cannot see at random, consistently with everything its
seat has seen (:meth:`State.determinize`), so the bot never looks at hidden cards; the honesty
tests check that reshuffling unseen cards does not change its choice for a fixed seed and
budget. Two searches share that sampling:

* **Flat Monte Carlo with common random numbers** (:meth:`SearchBot.flat_search`), for a game
  that lists the whole decisions open to the seat (``register_options``). Each sample plays
  every option in the same dealt world and finishes it with the game's rollout policy from the
  same random seed, so options are compared on the same luck. All three of our games use it.
* **Single-observer information-set MCTS** (:meth:`SearchBot.search`, Cowling, Powley and
  Whitehouse 2012), the fallback for a game without an option list: one shared tree of action
  ids, where at every node only the actions legal in *this* deal compete by UCB1 with
  availability counts; a new node is added, the game is played out, and every seat's reward is
  backed up. Each node is judged by the seat that moved into it (max-n), so it serves 2 to 5
  players.

Rollouts use the game's policy (``register_rollout``; random moves otherwise) and may stop
early, after ``ROLLOUT_DEPTHS`` steps or at the game's ``register_horizon`` point, to be judged
by the game's evaluator (``register_evaluator``; the outcome otherwise).

A decision that spans several atomic actions (choose three cards, then confirm) is searched once
and followed as a plan while it stays legal, so a whole turn costs one time budget.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

from ..core import State
from ..rng import Rng
from . import RETREAT_IDS, Bot, Suggestion, random_action, register_bot

#: game name -> rollout policy ``policy(state, rng) -> action id or list of ids`` (cheap; it may
#: read all of the determinized state it is given: that state is already a guess, not the truth).
ROLLOUT_POLICIES: dict[str, Callable[[State, Rng], str]] = {}
#: game name -> evaluation ``evaluate(state) -> list[float]`` in [0, 1] per seat, for rollouts
#: cut short; the default uses scores.
EVALUATORS: dict[str, Callable[[State], list[float]]] = {}


#: game name -> ``options(state, seat) -> list of action-id lists``: the whole decisions open to
#: the seat to move (e.g. a complete set of three cards rather than its first card). A game with
#: this hook is searched by flat determinized Monte Carlo over these options; others by ISMCTS.
MACRO_OPTIONS: dict[str, Callable[[State, int], list[list[str]]]] = {}


#: game name -> how many rollout steps before the evaluator judges the position (default: to the end)
ROLLOUT_DEPTHS: dict[str, int] = {}

#: game name -> ``horizon(start) -> stop(state) -> bool``: given the state a rollout starts from,
#: a test that ends the rollout early (e.g. at the end of the current year) for the evaluator
ROLLOUT_HORIZONS: dict[str, Callable[[State], Callable[[State], bool]]] = {}

#: game name -> ``reason(state, seat, line, found) -> str``: a suggestion's reason in the game's
#: own words, from what the seat can see and the search's :class:`Found` (see ``suggest``)
REASONS: dict[str, Callable[[State, int, list[str], "Found"], str]] = {}


def _registrar(table: dict):
    """A decorator factory ``register(game)`` that files the decorated function in ``table``."""
    def register(game: str):
        def decorate(fn):
            table[game] = fn
            return fn
        return decorate
    return register


register_options = _registrar(MACRO_OPTIONS)
register_rollout = _registrar(ROLLOUT_POLICIES)
register_horizon = _registrar(ROLLOUT_HORIZONS)
register_evaluator = _registrar(EVALUATORS)
register_reason = _registrar(REASONS)


def outcome(state: State) -> list[float]:
    """Reward per seat in [0, 1]: mostly the win (shared wins split), partly the score margin."""
    scores = state.scores()
    n = len(scores)
    winners = state.winners() if state.is_over else [s for s in range(n) if scores[s] == max(scores)]
    share = 1.0 / len(winners) if winners else 0.0
    top = max(max(scores), 1)
    rewards = []
    for seat in range(n):
        best_other = max(scores[s] for s in range(n) if s != seat)
        margin = (scores[seat] - best_other) / top  # -1 .. 1
        win = share if seat in winners else 0.0
        rewards.append(0.8 * win + 0.2 * (0.5 + 0.5 * margin))
    return rewards


def score_margin_evaluator(scale: float):
    """An evaluator for rollouts cut short: each seat's lead over its best opponent, squashed
    into (0, 1) with a logistic curve of width ``scale`` points; a finished game scores
    :func:`outcome`."""
    def evaluate(state: State) -> list[float]:
        if state.is_over:
            return outcome(state)
        scores = state.scores()
        n = len(scores)
        return [1.0 / (1.0 + math.exp(-(scores[s] - max(scores[o] for o in range(n) if o != s)) / scale))
                for s in range(n)]
    return evaluate


class Tally:
    """How each option fared in a flat search: in how many simulated plays its seat ended ahead
    of every other seat (a tie for the lead counts half) and the points it gained on the way."""

    def __init__(self, num_options: int) -> None:
        self.ahead = [0.0] * num_options
        self.gain = [0.0] * num_options
        self.plays = [0] * num_options
        self.samples = 0

    def count(self, index: int, seat: int, start: State, end: State) -> None:
        scores = end.scores()
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        self.ahead[index] += 1.0 if scores[seat] > best_other else 0.5 if scores[seat] == best_other else 0.0
        self.gain[index] += scores[seat] - start.scores()[seat]
        self.plays[index] += 1

    def result(self, index: int) -> "Found":
        plays = max(self.plays[index], 1)
        return Found(plays=self.plays[index], ahead=self.ahead[index] / plays,
                     gain=self.gain[index] / plays, options=len(self.plays))


@dataclass(frozen=True)
class Found:
    """What the search found for the suggested option: ``plays`` simulated plays, the share
    ``ahead`` (0..1) in which the seat ended in the lead, the mean points ``gain`` and how
    many ``options`` were compared."""

    plays: int
    ahead: float
    gain: float
    options: int


def percent(share: float) -> str:
    return f"{round(100 * share)}%"


def plural(count: int, word: str) -> str:
    """"1 point", "3 points" (``word`` is the plural)."""
    return f"{count} {word[:-1] if count == 1 and word.endswith('s') else word}"


def outlook(found: Found, verb: str, points: str, when: str) -> str:
    """How the suggested move fared, in a game's words: "It brings you about 3 more points
    over the next few turns; you were ahead in 64% of 30 simulated plays." When it gains
    nothing on average, it is simply the best of the choices compared."""
    rounded = round(found.gain)
    if rounded >= 1:
        return (f"It {verb} you about {plural(rounded, points).replace(' ', ' more ', 1)} {when}; "
                f"you were ahead in {percent(found.ahead)} of {found.plays} simulated plays.")
    return (f"Of your {found.options} choices it did best in {found.plays} simulated plays "
            f"(you were ahead in {percent(found.ahead)} of them).")


def default_reason(state: State, seat: int, line: list[str], found: Found) -> str:
    """A reason any game can use: how the suggested move fared in the simulated plays."""
    return (f"Out of {found.options} choices, this did best: in {found.plays} simulated "
            f"plays you came out ahead {percent(found.ahead)} of the time.")


def single_actions(state: State, seat: int) -> list[list[str]]:
    """Options for flat search when every atomic action is a whole decision. A mere "cancel"
    (going back to the previous choice) is left out when anything else is possible: each
    decision is searched afresh, and two searches that disagree would otherwise go back and
    forth (choose Smith, cancel, choose Smith...) without the game moving on."""
    legal = [action.id for action in state.legal_actions()]
    forward = [a for a in legal if a not in RETREAT_IDS] or legal
    return [[a] for a in forward]


class FlatSearch:
    """One flat determinized Monte Carlo search over whole decisions, run in as many steps as the
    caller likes (a hint runs it a slice at a time, to show progress and stop when asked).

    Each sample deals one world with :meth:`State.determinize`, plays every option in it and
    finishes it with the game's rollout policy from the *same* random seed (common random
    numbers), so options are compared on the same luck. ``totals`` holds each option's summed
    reward for ``seat``; a ``tally`` also counts how each option fared."""

    def __init__(self, bot: "SearchBot", state: State, seat: int, rng: Rng,
                 options: list[list[str]], tally: "Tally | None" = None) -> None:
        game = state.info.name
        self.bot = bot
        self.state = state
        self.seat = seat
        self.rng = rng
        self.options = options
        self.tally = tally
        self.rollout = ROLLOUT_POLICIES.get(game, random_action)
        self.evaluate = bot.evaluator(game)
        self.totals = [0.0] * len(options)
        self.samples = 0

    @property
    def iterations(self) -> int:
        """Rollouts played so far (a sample plays one per option)."""
        return self.samples * len(self.options)

    def sample(self) -> None:
        """Deal one world and play every option in it."""
        seat, rng = self.seat, self.rng
        self.samples += 1
        world = self.state.determinize(seat, rng)
        seed = rng.next_u32()
        for index, option in enumerate(self.options):
            branch = world.clone()
            for action_id in option:
                branch.apply(action_id)
            end = self.bot._roll(branch, self.rollout, Rng(seed))
            self.totals[index] += self.evaluate(end)[seat]
            if self.tally is not None:
                self.tally.count(index, seat, world, end)
        if self.tally is not None:
            self.tally.samples = self.samples

    def run(self, iterations: int | None = None, deadline: float | None = None) -> None:
        """Sample until ``iterations`` rollouts have been played in all, or until the
        ``time.perf_counter()`` ``deadline`` (at least one sample in all)."""
        while True:
            if iterations is not None:
                if self.iterations >= iterations:
                    return
            elif self.samples and time.perf_counter() >= deadline:
                return
            self.sample()

    def best(self) -> list[str]:
        """The option with the best mean reward so far (the first of equals)."""
        totals = self.totals
        return self.options[max(range(len(self.options)), key=lambda i: (totals[i], -i))]


class Node:
    __slots__ = ("mover", "children", "visits", "available", "reward")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover          # the seat whose action led here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0           # summed reward of ``mover``


@register_bot("*")
class SearchBot(Bot):
    """Hard: determinized Monte Carlo search (flat over the game's options, else ISMCTS) with a
    time budget (or a fixed number of iterations)."""

    name = "hard"
    title = "Hard (search)"

    #: the flat search this bot runs (the expert's halves the options as it goes)
    search_class = FlatSearch

    def __init__(self, seconds: float = 1.0, iterations: int | None = None,
                 exploration: float = 0.7, max_rollout: int | None = None) -> None:
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.max_rollout = max_rollout
        self._plan: tuple[tuple[str, ...], list[str]] | None = None
        self.last_iterations = 0

    # ------------------------------------------------------------------ the plan of a turn
    def _follow_plan(self, state: State) -> str | None:
        if self._plan is None:
            return None
        start, line = self._plan
        history = state.history
        if len(history) < len(start) or tuple(history[:len(start)]) != start:
            return None
        done = history[len(start):]
        if done != line[:len(done)] or len(done) >= len(line):
            return None
        step = line[len(done)]
        if any(a.id == step for a in state.legal_actions()):
            return step
        return None

    def choose(self, state: State, seat: int, rng: Rng) -> str:
        planned = self._follow_plan(state)
        if planned is not None:
            return planned
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0].id
        options_of = MACRO_OPTIONS.get(state.info.name)
        if options_of is not None:
            line = self.flat_search(state, seat, rng, options_of(state, seat))
            self._plan = (tuple(state.history), line)
            return line[0]
        root = self.search(state, seat, rng)
        # the most-visited line of this seat's own consecutive actions
        line, node = [], root
        while node.children:
            best_id, best = max(node.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
            if best.mover != seat:
                break
            line.append(best_id)
            node = best
            if best.visits < 4:
                break
        if not line or not any(a.id == line[0] for a in legal):
            return legal[0].id
        self._plan = (tuple(state.history), line)
        return line[0]

    # ------------------------------------------------------------------ flat Monte Carlo
    def flat_search(self, state: State, seat: int, rng: Rng, options: list[list[str]],
                    tally: "Tally | None" = None) -> list[str]:
        """Determinized Monte Carlo over whole decisions with common random numbers (see
        :class:`FlatSearch`), within the bot's budget; the option with the best mean reward
        wins. With a ``tally``, how each option fared is also counted there (for suggestions)."""
        if len(options) == 1 and tally is None:
            return options[0]
        search = self.search_class(self, state, seat, rng, options, tally)
        if self.iterations is not None:
            search.run(iterations=self.iterations)
        else:
            search.run(deadline=time.perf_counter() + self.seconds)
        self.last_iterations = search.iterations
        return search.best()

    # ------------------------------------------------------------------ suggestions
    def suggest(self, state: State, seat: int, rng: Rng, seconds: float | None = None,
                iterations: int | None = None) -> Suggestion:
        """The search's choice for ``seat`` with a reason in the game's words (its
        ``register_reason`` hook) built from how the choice fared in the simulated plays. The
        budget is ``seconds`` (a wall-clock limit, at least one sample) or ``iterations`` (a
        fixed number of rollouts: the same suggestion for the same ``rng``); by default the
        bot's own. ``state`` is left as it was."""
        options_of = MACRO_OPTIONS.get(state.info.name)
        if options_of is None or len(state.legal_actions()) == 1:
            return super().suggest(state, seat, rng)
        searcher = type(self)(seconds=self.seconds if seconds is None else seconds,
                             iterations=self.iterations if seconds is None and iterations is None
                             else iterations,
                             exploration=self.exploration, max_rollout=self.max_rollout)
        options = options_of(state, seat)
        tally = Tally(len(options))
        line = searcher.flat_search(state, seat, rng, options, tally)
        self.last_iterations = searcher.last_iterations
        found = tally.result(options.index(line))
        reason_of = REASONS.get(state.info.name, default_reason)
        return Suggestion(line[0], reason_of(state, seat, line, found), tuple(line))

    def evaluator(self, game: str) -> Callable[[State], list[float]]:
        """How this bot judges where a rollout stopped: the game's ``register_evaluator``
        hook, else :func:`outcome`."""
        return EVALUATORS.get(game, outcome)

    def rollout_depth(self, game: str) -> int:
        """Rollout steps before the evaluator judges: ``max_rollout``, else the game's
        ``ROLLOUT_DEPTHS`` entry, else 2000."""
        return self.max_rollout or ROLLOUT_DEPTHS.get(game, 2000)

    def _roll(self, world: State, rollout, rng: Rng) -> State:
        """Play ``world`` on with the rollout policy, to the end, to the game's horizon
        (``ROLLOUT_HORIZONS``) or to the rollout depth (``max_rollout``, else the game's
        ``ROLLOUT_DEPTHS`` entry, else 2000 steps)."""
        limit = self.rollout_depth(world.info.name)
        horizon = ROLLOUT_HORIZONS.get(world.info.name)
        stop = horizon(world) if horizon else None
        steps = 0
        while not world.is_over and steps < limit and not (stop and stop(world)):
            step = rollout(world, rng)
            if isinstance(step, str):
                world.apply(step)
            else:  # a policy may give a whole compound decision at once
                for action_id in step:
                    world.apply(action_id)
            steps += 1
        return world

    # ------------------------------------------------------------------ the search
    def search(self, state: State, seat: int, rng: Rng) -> Node:
        game = state.info.name
        rollout = ROLLOUT_POLICIES.get(game, random_action)
        evaluate = EVALUATORS.get(game, outcome)
        root = Node(None)
        deadline = None if self.iterations else time.perf_counter() + self.seconds
        count = 0
        c = self.exploration
        while True:
            if self.iterations is not None:
                if count >= self.iterations:
                    break
            elif count and time.perf_counter() >= deadline:
                break
            count += 1
            world = state.determinize(seat, rng)
            node, path = root, [root]
            # selection and expansion
            while not world.is_over:
                legal = world.legal_actions()
                mover = world.current_player
                untried = []
                best, best_value = None, -1.0
                for action in legal:
                    child = node.children.get(action.id)
                    if child is None:
                        untried.append(action.id)
                        continue
                    child.available += 1
                    if untried:
                        continue
                    value = child.reward / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits)
                    if value > best_value:
                        best, best_value = (action.id, child), value
                if untried:
                    action_id = untried[rng.below(len(untried))]
                    child = Node(mover)
                    child.available = 1
                    node.children[action_id] = child
                    world.apply(action_id)
                    path.append(child)
                    break
                action_id, node = best
                world.apply(action_id)
                path.append(node)
            rewards = evaluate(self._roll(world, rollout, rng))
            for visited in path:
                visited.visits += 1
                if visited.mover is not None:
                    visited.reward += rewards[visited.mover]
        self.last_iterations = count
        return root
