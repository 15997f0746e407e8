"""The hard bot: Monte Carlo search over determinized deals.

Every sample deals the cards the bot cannot see at random, consistently with everything its
seat has seen (:meth:`State.determinize`), so the bot never looks at hidden cards; the honesty
tests check that reshuffling unseen cards does not change its choice for a fixed seed and
budget. Two searches share that sampling:

* **Flat Monte Carlo with common random numbers** (:meth:`SearchBot.flat_search`), for a game
  that lists the whole decisions open to the seat (its ``options`` hook). Each sample plays
  every option in the same dealt world and finishes it with the game's rollout policy from the
  same random seed, so options are compared on the same luck. All three of our games use it.
* **Single-observer information-set MCTS** (:meth:`SearchBot.search`, Cowling, Powley and
  Whitehouse 2012), the fallback for a game without an option list: one shared tree of action
  ids, where at every node only the actions legal in *this* deal compete by UCB1 with
  availability counts; a new node is added, the game is played out, and every seat's reward is
  backed up. Each node is judged by the seat that moved into it (max-n), so it serves 2 to 5
  players.

Rollouts use the game's policy (its ``rollout`` hook; random moves otherwise) and may stop
early, after its ``depth`` steps or at its ``horizon`` point, to be judged by its ``evaluate``
hook (the outcome otherwise). The hooks are the game's :class:`~engine.spec.SearchHooks`, in its
spec (:func:`hooks_of`).

A decision that spans several atomic actions (choose three cards, then confirm) is searched once
and followed as a plan while it stays legal, so a whole turn costs one time budget.
"""

from __future__ import annotations

import math
import time
from typing import Callable

from ..core import State

from ..registry import game_spec
from ..rng import Rng
from .base import RETREAT_IDS, Bot, Suggestion, hooks_of, random_action
from .hints import HintSearch, Tally


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

    Each sample deals one world (the bot's :meth:`SearchBot.dealer`: for the hard bot
    :meth:`State.determinize`), plays every option in it and finishes it with the game's
    rollout policy from the *same* random seed (common random numbers), so options are
    compared on the same luck. ``totals`` holds each option's summed reward for ``seat``; a
    ``tally`` also counts how each option fared."""

    def __init__(self, bot: "SearchBot", state: State, seat: int, rng: Rng,
                 options: list[list[str]], tally: "Tally | None" = None) -> None:
        hooks = hooks_of(state)
        self.bot = bot
        self.state = state
        self.seat = seat
        self.rng = rng
        self.options = options
        self.tally = tally
        self.rollout = hooks.rollout or random_action
        self.evaluate = bot.evaluator(state.info.name)
        self.deal = bot.dealer(state, seat)
        self.totals = [0.0] * len(options)
        self.plays = [0] * len(options)
        self.samples = 0
        self.played = 0

    @property
    def iterations(self) -> int:
        """Rollouts played so far."""
        return self.played

    def playing(self):
        """The indices of the options each sample plays (all of them; a subclass may drop some)."""
        return range(len(self.options))

    def sample(self) -> None:
        """Deal one world and play every option of :meth:`playing` in it."""
        seat, rng = self.seat, self.rng
        self.samples += 1
        world = self.deal(rng)
        seed = rng.next_u32()
        for index in self.playing():
            branch = world.clone()
            for action_id in self.options[index]:
                branch.apply(action_id)
            end = self.bot._roll(branch, self.rollout, Rng(seed))
            reward = self.evaluate(end)[seat]
            self.totals[index] += reward
            self.plays[index] += 1
            self.played += 1
            if self.tally is not None:
                self.tally.count(index, seat, world, end, reward)
        if self.tally is not None:
            self.tally.samples = self.samples
        self.after_sample()

    def after_sample(self) -> None:
        """Called after every sample (nothing here; a subclass may narrow :meth:`playing`)."""

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

    def choose(self, state: State, seat: int, rng: Rng, seconds: float | None = None) -> str:
        """The action for ``seat``: the next step of the decision planned before, else a new
        search, within ``seconds`` (this decision's time budget; default the bot's own
        ``seconds``; a fixed ``iterations`` budget wins over both)."""
        planned = self._follow_plan(state)
        if planned is not None:
            return planned
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0].id
        options = self.options(state, seat)
        if options is not None:
            line = self.flat_search(state, seat, rng, options, seconds=seconds)
            self._plan = (tuple(state.history), line)
            return line[0]
        root = self.search(state, seat, rng, seconds=seconds)
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
    def options(self, state: State, seat: int) -> list[list[str]] | None:
        """The whole decisions this bot compares for ``seat`` (the game's ``options``
        hook), or ``None`` for a game searched by ISMCTS."""
        options_of = hooks_of(state).options
        return None if options_of is None else options_of(state, seat)

    def open_search(self, state: State, seat: int, rng: Rng, options: list[list[str]],
                    tally: "Tally | None" = None, narrow: bool = True) -> FlatSearch:
        """A flat search over ``options`` with this bot's settings, not yet run: its moves use
        it, and so do its suggestions (:class:`~engine.bots.hints.HintSearch`), which run it a
        sample at a time. A bot with a search of its own names it in ``search_class``.
        ``narrow=False``: every option is played in every sample, with this bot's rollouts and
        evaluation but without its own dropping of options (the expert's halving): a hint's
        race drops options itself, by their paired difference."""
        search_class = self.search_class if narrow else FlatSearch
        return search_class(self, state, seat, rng, options, tally)

    def flat_search(self, state: State, seat: int, rng: Rng, options: list[list[str]],
                    tally: "Tally | None" = None, seconds: float | None = None) -> list[str]:
        """Determinized Monte Carlo over whole decisions with common random numbers (see
        :class:`FlatSearch`), within the bot's budget (or ``seconds``, when given and the bot
        has no fixed ``iterations``); the option with the best mean reward wins. With a
        ``tally``, how each option fared is also counted there."""
        if len(options) == 1 and tally is None:
            return options[0]
        search = self.open_search(state, seat, rng, options, tally)
        if self.iterations is not None:
            search.run(iterations=self.iterations)
        else:
            search.run(deadline=time.perf_counter() + (self.seconds if seconds is None else seconds))
        self.last_iterations = search.iterations
        return search.best()

    # ------------------------------------------------------------------ suggestions
    def suggest(self, state: State, seat: int, rng: Rng, seconds: float | None = None,
                iterations: int | None = None) -> Suggestion:
        """The search's choice for ``seat`` with a reason in the game's words (its
        ``reason`` hook), worked out by a :class:`~engine.bots.hints.HintSearch`: the
        budget is ``seconds`` (a wall-clock limit, at least one sample) or ``iterations`` (at
        most that many rollouts: the same suggestion for the same ``rng``); by default the
        bot's own. ``state`` is left as it was."""
        if seconds is None and iterations is None:
            seconds, iterations = (None, self.iterations) if self.iterations is not None else (self.seconds, None)
        search = HintSearch(self, state, seat, rng, seconds=seconds, iterations=iterations)
        suggestion = search.run()
        self.last_iterations = search.rollouts
        return suggestion

    def dealer(self, state: State, seat: int) -> Callable[[Rng], State]:
        """How this bot's flat search deals a world for ``seat``: ``deal(rng) -> world``, here
        every deal the seat's view allows equally likely (:meth:`State.determinize`)."""
        return lambda rng: state.determinize(seat, rng)

    def evaluator(self, game: str) -> Callable[[State], list[float]]:
        """How this bot judges where a rollout stopped: the game's ``evaluate`` hook, else
        :func:`outcome`."""
        return game_spec(game).search.evaluate or outcome

    def rollout_depth(self, game: str) -> int:
        """Rollout steps before the evaluator judges: ``max_rollout``, else the game's
        ``depth`` hook, else 2000."""
        depth = game_spec(game).search.depth
        return self.max_rollout or (depth if depth is not None else 2000)

    def _roll(self, world: State, rollout, rng: Rng) -> State:
        """Play ``world`` on with the rollout policy, to the end, to the game's horizon
        (its ``horizon`` hook) or to the rollout depth (:meth:`rollout_depth`): step by step,
        or in one call by the game's ``roll`` hook when the policy is the game's own."""
        limit = self.rollout_depth(world.info.name)
        hooks = hooks_of(world)
        if hooks.roll is not None and rollout is hooks.rollout:
            return hooks.roll(world, rng, limit)
        horizon = hooks.horizon
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
    def search(self, state: State, seat: int, rng: Rng, seconds: float | None = None) -> Node:
        """Single-observer ISMCTS from ``seat``'s view within the bot's budget (or ``seconds``,
        as :meth:`flat_search`); the root of its tree."""
        hooks = hooks_of(state)
        rollout = hooks.rollout or random_action
        evaluate = hooks.evaluate or outcome
        root = Node(None)
        deadline = None if self.iterations else time.perf_counter() + (self.seconds if seconds is None else seconds)
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
