"""Suggestions a player can trust: the search bot's choice for the seat to move, with a reason.

A :class:`HintSearch` works out one suggestion with the bot's own flat search
(:meth:`SearchBot.open_search`: the same options, rollouts and evaluation as its moves, but
every option still in the race played in every sample: the race does the dropping, not the
bot's own narrowing such as the expert's halving), and can be run a slice at a time (the page
shows its progress and can stop it). It is a *race* between the options, under common random
numbers: every sample deals one world the seat cannot tell from the real one and plays every
option still in the race in it, and an option whose paired difference from the leader's reward
is more than ``DROP_Z`` standard errors (after ``RACE_START`` samples) leaves the race, so the
rest get samples faster. The search stops once the leader has been played ``MIN_PLAYS`` times,
or when its budget (seconds or rollouts) is spent.

What it found (:class:`Found`) goes to the game's ``reason`` hook (its spec's :class:`~engine.spec.SearchHooks`), which says
it in the game's words, from the seat's own hand and the table only. The numbers are what the
rollouts measured: the seat's chance to win where each rollout stopped (the bot's evaluation
there; a finished game: its result), and the points gained on the way. The expert's rollouts
stop after a few turns, so its reasons say "looking a few turns ahead"; only when every rollout
of the move reached the end of the game do they say how many simulated games were won.

* a share ("Looking a few turns ahead in 100 simulated deals, your chance to win after it is
  about 64%.") only when the suggested option was played at least ``MIN_PLAYS`` times
  (``found.sure``); below that, words without a number;
* "Taking 2 Love (red) is about as good as drawing." when the runner-up is ``found.rival``:
  its mean reward is within ``CLOSE_Z`` standard errors of the paired difference, or within
  ``CLOSE_MARGIN`` of the leader's.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..core import State
from ..rng import Rng
from . import Bot, Suggestion
from ..words import plural
from .search import hooks_of

#: the fewest plays of the suggested option a percentage may be drawn from
MIN_PLAYS = 100
#: samples every option gets before any leaves the race
RACE_START = 8
#: an option leaves the race when the leader beats it by more than this many standard errors
DROP_Z = 2.0
#: the runner-up is "about as good" within this many standard errors of the paired difference...
CLOSE_Z = 2.0
#: ...or when its mean reward (0..1) is within this much of the leader's
CLOSE_MARGIN = 0.01


@dataclass(frozen=True)
class Found:
    """What the search found for the suggested option: ``plays`` simulated plays, the seat's
    mean ``chance`` (0..1) to win where they stopped, the mean points ``gain`` on the way, how
    many ``options`` were compared, the runner-up's line ``rival`` when it is about as good
    (else ``None``), and ``to_end``: every play of it reached the end of the game (so
    ``chance`` is the share of simulated games won). ``sure``: played often enough
    (``MIN_PLAYS``) for its numbers to be shown."""

    plays: int
    chance: float
    gain: float
    options: int
    rival: tuple[str, ...] | None = None
    to_end: bool = False

    @property
    def sure(self) -> bool:
        return self.plays >= MIN_PLAYS


def win_share(state: State, seat: int) -> float:
    """A finished game's result for ``seat``: 1 for a win, 1/k for a win shared by k, else 0."""
    winners = state.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


class Tally:
    """How each option fared in a flat search: the seat's summed chance to win where each
    simulated play stopped (``reward``, the bot's evaluation there; a finished game counts its
    result, :func:`win_share`), the points gained on the way, and how many plays reached the end
    of the game. ``played`` lists the options counted since it was last cleared (one sample's)."""

    def __init__(self, num_options: int) -> None:
        self.chance = [0.0] * num_options
        self.gain = [0.0] * num_options
        self.plays = [0] * num_options
        self.ended = [0] * num_options
        self.samples = 0
        self.played: list[int] = []

    def count(self, index: int, seat: int, start: State, end: State, reward: float) -> None:
        if end.is_over:
            self.chance[index] += win_share(end, seat)
            self.ended[index] += 1
        else:
            self.chance[index] += reward
        self.gain[index] += end.scores()[seat] - start.scores()[seat]
        self.plays[index] += 1
        self.played.append(index)

    def result(self, index: int, rival: tuple[str, ...] | None = None) -> Found:
        plays = max(self.plays[index], 1)
        return Found(plays=self.plays[index], chance=self.chance[index] / plays,
                     gain=self.gain[index] / plays, options=len(self.plays), rival=rival,
                     to_end=self.plays[index] > 0 and self.ended[index] == self.plays[index])


class _Subset:
    """The tally of the options still in the race, as a search over just those sees them."""

    def __init__(self, tally: Tally, indices: list[int]) -> None:
        self.tally = tally
        self.indices = indices
        self.samples = 0

    def count(self, index: int, seat: int, start: State, end: State, reward: float) -> None:
        self.tally.count(self.indices[index], seat, start, end, reward)


class HintSearch:
    """One suggestion for ``seat`` (to move in ``state``) being worked out by ``bot`` (a
    :class:`SearchBot` or subclass), a slice at a time with :meth:`step`, or all at once with
    :meth:`run`. The budget is ``seconds`` of searching in all or ``iterations`` rollouts (the
    same suggestion for the same ``rng``, however it is sliced); the search stops sooner once
    the leader has ``MIN_PLAYS`` plays. ``state`` is copied: the game is never touched, and the
    search belongs to the position it was asked for (``history``)."""

    def __init__(self, bot: Bot, state: State, seat: int, rng: Rng, seconds: float | None = None,
                 iterations: int | None = None) -> None:
        self.bot = bot
        self.state = state.clone()
        self.seat = seat
        self.rng = rng
        self.history = tuple(state.history)
        self.seconds = seconds
        self.iterations = iterations
        self.spent = 0.0        # seconds searched so far
        self.rollouts = 0
        self.samples = 0
        self._answer: Suggestion | None = None
        searched = hasattr(bot, "open_search") and len(self.state.legal_actions()) > 1
        self.options = (bot.options(self.state, seat) if searched else None) or []
        if len(self.options) < 2:  # nothing to compare: an answer at once
            self._answer = self._plain()
            return
        options = self.options
        self.tally = Tally(len(options))
        self.active = list(range(len(options)))   # the options still in the race
        self.reward = [0.0] * len(options)        # summed reward per option
        self.pairs: dict[tuple[int, int], list[float]] = {}  # (i, j) -> [n, sum d, sum d^2], d = r_i - r_j
        self._open()

    # ------------------------------------------------------------------ running it
    @property
    def done(self) -> bool:
        if self._answer is not None:
            return True
        if self.plays >= MIN_PLAYS:
            return True
        if self.iterations is not None:
            return self.rollouts >= self.iterations
        return self.samples > 0 and self.spent >= self.seconds

    @property
    def progress(self) -> float:
        """How far the search is, 0..1 (1 when done)."""
        if self.done:
            return 1.0
        budget = (self.rollouts / self.iterations if self.iterations is not None
                  else self.spent / self.seconds)
        return min(0.99, max(budget, self.plays / MIN_PLAYS))

    @property
    def plays(self) -> int:
        """How often the option leading now was played (0 when nothing was compared)."""
        return 0 if self._answer is not None else self.tally.plays[self.leader()]

    def step(self, seconds: float) -> None:
        """Search for about ``seconds`` more (at least one sample, unless done)."""
        start = time.perf_counter()
        deadline = start + seconds
        if self.seconds is not None:
            deadline = min(deadline, start + self.seconds - self.spent)
        first = True
        while not self.done and (first or time.perf_counter() < deadline):
            self._sample()
            first = False
        self.spent += time.perf_counter() - start

    def run(self) -> Suggestion:
        """Search to the end of the budget and give the suggestion."""
        while not self.done:
            self.step(self.seconds if self.seconds is not None else 3600.0)
        return self.suggestion()

    # ------------------------------------------------------------------ the race
    def _open(self) -> None:
        """A search over the options still in the race (sharing the random generator), playing
        every one of them in every sample: only the race drops options, by their paired
        difference, so the leader and its rival are compared on the same worlds to the end."""
        indices = list(self.active)
        self.search = self.bot.open_search(self.state, self.seat, self.rng,
                                           [self.options[i] for i in indices], _Subset(self.tally, indices),
                                           narrow=False)

    def _sample(self) -> None:
        search, tally = self.search, self.tally
        before = list(search.totals)
        tally.played.clear()
        search.sample()
        self.samples += 1
        local = {index: k for k, index in enumerate(self.active)}
        rewards = {i: search.totals[local[i]] - before[local[i]] for i in tally.played}
        self.rollouts += len(rewards)
        for i, r in rewards.items():
            self.reward[i] += r
        played = sorted(rewards)
        for a, i in enumerate(played):
            for j in played[a + 1:]:
                d = rewards[i] - rewards[j]
                pair = self.pairs.setdefault((i, j), [0, 0.0, 0.0])
                pair[0] += 1
                pair[1] += d
                pair[2] += d * d
        if self.samples >= RACE_START and len(self.active) > 1:
            leader = self.leader()
            out = [j for j in self.active if j != leader and self._beats(leader, j, DROP_Z)]
            if out:
                self.active = [j for j in self.active if j not in out]
                self._open()

    def leader(self) -> int:
        """The option in the race with the best mean reward (the first of equals)."""
        plays = self.tally.plays
        return max(self.active, key=lambda i: (self.reward[i] / max(plays[i], 1), -i))

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The mean paired difference of reward ``i - j`` and its standard error."""
        n, total, squares = self.pairs.get((min(i, j), max(i, j)), (0, 0.0, 0.0))
        if n < 2:
            return 0.0, math.inf
        mean = total / n
        variance = max(squares - n * mean * mean, 0.0) / (n - 1)
        return (mean if i < j else -mean), math.sqrt(variance / n)

    def _beats(self, i: int, j: int, z: float) -> bool:
        mean, error = self.difference(i, j)
        return mean > 0 and mean > z * error

    def rival(self, leader: int) -> int | None:
        """The runner-up when it is about as good as ``leader``, else ``None``."""
        others = [j for j in self.active if j != leader]
        if not others:
            return None
        plays = self.tally.plays
        runner = max(others, key=lambda j: (self.reward[j] / max(plays[j], 1), -j))
        mean, error = self.difference(leader, runner)
        return runner if mean <= max(CLOSE_Z * error, CLOSE_MARGIN) else None

    # ------------------------------------------------------------------ the answer
    def _plain(self) -> Suggestion:
        """The answer when there is nothing to compare."""
        if not self.options:  # a single legal action, or a bot without a flat search
            return Bot.suggest(self.bot, self.state, self.seat, self.rng)
        line = self.options[0]  # the only option besides going back
        found = Found(plays=0, chance=0.0, gain=0.0, options=1)
        return Suggestion(line[0], _reason(self.state, self.seat, line, found), tuple(line))

    def suggestion(self) -> Suggestion:
        """The best option so far, with its reason (call when :attr:`done`, or to stop early)."""
        if self._answer is not None:
            return self._answer
        leader = self.leader()
        rival = self.rival(leader)
        line = self.options[leader]
        found = self.tally.result(leader, tuple(self.options[rival]) if rival is not None else None)
        return Suggestion(line[0], _reason(self.state, self.seat, line, found), tuple(line))


def _reason(state: State, seat: int, line: list[str], found: Found) -> str:
    return (hooks_of(state).reason or default_reason)(state, seat, list(line), found)


# ---------------------------------------------------------------------- words for the reasons
def percent(share: float) -> str:
    return f"{round(100 * share)}%"


def about(chance: float) -> str:
    """A chance to win as a player reads it: "about 64%", "above 99%", "below 1%"."""
    if chance > 0.995:
        return "above 99%"
    if chance < 0.005:
        return "below 1%"
    return f"about {percent(chance)}"


def outlook(found: Found, verb: str | None = None, point: str | None = None,
            span: str = "a few turns ahead") -> str:
    """How the suggested move fared, once it was played often enough (``found.sure``; else
    ""), saying only what the rollouts measured:

    * cut short (the expert's few turns): "Looking a few turns ahead in 100 simulated deals,
      it gives you about 3 more points, and your chance to win after it is about 64%.";
    * every play to the end of the game: "It gives you about 3 more points by the end of the
      game; you won 64% of 100 simulated games after it."

    The points (``verb``, ``point``: "gives", "point") only when the move gains at least one
    on average, and only for a game that names them. ``span`` says how far the rollouts looked
    in the game's words, for a game whose rollouts stop at a point of the game rather than
    after a few steps ("ahead to the end of this school year")."""
    if not found.sure:
        return ""
    rounded = round(found.gain)
    gain = (f"it {verb} you about {plural(rounded, point).replace(' ', ' more ', 1)}"
            if point and rounded >= 1 else "")
    if found.to_end:
        won = f"you won {percent(found.chance)} of {found.plays} simulated games after it."
        return f"{gain[:1].upper()}{gain[1:]} by the end of the game; {won}" if gain else won[:1].upper() + won[1:]
    ahead = f"Looking {span} in {found.plays} simulated deals, "
    chance = f"your chance to win after it is {about(found.chance)}."
    return f"{ahead}{gain}, and {chance}" if gain else ahead + chance


def about_as_good(this: str, rival: str) -> str:
    """"Taking 2 Love (red) is about as good as drawing." (``this`` and ``rival`` as gerunds)."""
    return f"{this[:1].upper()}{this[1:]} is about as good as {rival}."


#: an action label's first word (an imperative) -> its gerund, for :func:`doing`
GERUNDS = {"place": "placing", "take": "taking", "complete": "completing", "hire": "hiring",
           "sell": "selling", "return": "returning", "put": "putting", "collect": "collecting",
           "show": "showing", "play": "playing", "use": "using", "draw": "drawing",
           "stop": "stopping", "choose": "choosing", "go": "going", "pass": "passing",
           "give": "giving", "move": "moving", "look": "looking", "keep": "keeping",
           "discard": "discarding", "confirm": "confirming", "swap": "swapping"}


def doing(state: State, line) -> str:
    """The first action of ``line`` as a gerund phrase from its label ("Hire Kite (Cloth 2)
    from the floor" -> "hiring Kite (Cloth 2) from the floor"); a label that does not start
    with a known verb is quoted."""
    label = next((a.label for a in state.legal_actions() if a.id == line[0]), line[0])
    first, _, rest = label.partition(" ")
    gerund = GERUNDS.get(first.lower())
    if gerund is None:
        return f"“{label}”"
    return f"{gerund} {rest}" if rest else gerund


def compared(state: State, line, found: Found, name=None, named: bool = False) -> str:
    """How the suggested ``line`` compares with the other choices, in words (no number):

    * a close rival: "Taking 2 Love (red) is about as good as drawing." once the move was
      played often enough, else "Drawing did about as well in the deals there was time to
      simulate.";
    * none, too few plays for a percentage: "In the simulated deals it did better than your
      other choices.";
    * none, enough plays: "" (the game's numbers say the rest).

    A simulation is a "deal" (the unseen cards dealt, a few turns played), or a "game" when
    every play of the move reached the end of the game (``found.to_end``). ``name(state,
    line)`` names a move as a gerund (default :func:`doing`); ``named``: the reason already
    named the move, so "It is about as good as drawing." A rival named like the move (two
    equal cards) is none."""
    name = name or doing
    plays = "games" if found.to_end else "deals"
    if found.options == 1:
        return "It is your only choice that moves the game on."
    rival = found.rival and name(state, found.rival)
    this = name(state, line)
    if rival and rival != this:
        if found.sure:
            return "It" + about_as_good(this, rival)[len(this):] if named else about_as_good(this, rival)
        return f"{rival[:1].upper()}{rival[1:]} did about as well in the {plays} there was time to simulate."
    if found.rival is not None:  # an equal twin: nothing between them to tell
        return "" if found.sure else f"It did as well as any of your choices in the {plays} there was time to simulate."
    return "" if found.sure else f"In the simulated {plays} it did better than your other choices."


def sentences(*parts: str) -> str:
    """The non-empty ``parts`` joined by spaces."""
    return " ".join(part for part in parts if part)


def default_reason(state: State, seat: int, line: list[str], found: Found) -> str:
    """A reason any game can use: how the suggested move fared in the simulated plays."""
    return sentences(compared(state, line, found), outlook(found))
