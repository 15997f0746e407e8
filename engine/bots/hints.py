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
* the move it passes over, ``found.alternative``: the option that scores the most right now
  (the game's ``scores_now`` hook) when the suggestion scores less now, else the runner-up when
  it is close (its chance within ``CLOSE_MARGIN`` of the leader's, or its mean reward within
  ``CLOSE_Z`` standard errors of the paired difference). The move that scores the most now is
  never dropped from the race, so it is measured as often as the leader. The reason names both,
  with what each brings now and, when both were played ``MIN_PLAYS`` times, their chances:
  "Looking a few turns ahead in 100 simulated deals of each, your chance to win is about 48%
  after playing 1 Money (blue), 2 Money (blue), 3 Money (blue), which scores 6 points now, and
  about 50% after taking 1 Passion (red): about the same." (the verdict, ``found.verdict``:
  "about the same" within ``CLOSE_MARGIN``, "better" beyond it and by more than ``CLOSE_Z``
  standard errors, else "probably better").
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..core import State
from ..rng import Rng
from ..words import plural
from .base import Bot, Suggestion, hooks_of

#: the fewest plays of the suggested option a percentage may be drawn from
MIN_PLAYS = 100
#: samples every option gets before any leaves the race
RACE_START = 8
#: an option leaves the race when the leader beats it by more than this many standard errors
DROP_Z = 2.0
#: the runner-up is named when within this many standard errors of the paired difference
#: (and the suggestion is called "better" only beyond them)...
CLOSE_Z = 2.0
#: ...or when its chance to win (0..1) is within this much of the leader's: "about the same"
CLOSE_MARGIN = 0.03

#: what a suggestion says of the move it passes over (``Found.verdict``)
SAME, BETTER, PROBABLY_BETTER = "about the same", "better", "probably better"


@dataclass(frozen=True)
class Option:
    """How one option fared in the search: its ``line``, ``plays`` simulated plays, the seat's
    mean ``chance`` (0..1) to win where they stopped, ``to_end`` (every play reached the end of
    the game), and what it scores right now (the game's ``scores_now`` hook): ``now`` in the
    game's points and its ``brings`` words ("scores 6 points now"; "" for nothing)."""

    line: tuple[str, ...]
    plays: int
    chance: float
    to_end: bool = False
    now: float = 0.0
    brings: str = ""

    @property
    def sure(self) -> bool:
        return self.plays >= MIN_PLAYS


@dataclass(frozen=True)
class Found:
    """What the search found for the suggested option: ``plays`` simulated plays, the seat's
    mean ``chance`` (0..1) to win where they stopped, the mean points ``gain`` on the way, how
    many ``options`` were compared, ``to_end``: every play of it reached the end of the game (so
    ``chance`` is the share of simulated games won), and what it scores right now (``now``,
    ``brings``: see :class:`Option`). ``sure``: played often enough (``MIN_PLAYS``) for its
    numbers to be shown.

    ``alternative``: the move it passes over (an :class:`Option`), else ``None``: the one that
    scores the most now when the suggestion scores less (``passed_over``), or a close runner-up;
    ``verdict``: how the suggestion compares with it ("about the same", "better", "probably
    better"; ``None`` when the chances shown would not bear out a word)."""

    plays: int
    chance: float
    gain: float
    options: int
    to_end: bool = False
    now: float = 0.0
    brings: str = ""
    alternative: Option | None = None
    verdict: str | None = None
    passed_over: bool = False

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

    def mean_chance(self, index: int) -> float:
        return self.chance[index] / max(self.plays[index], 1)

    def ended_all(self, index: int) -> bool:
        return self.plays[index] > 0 and self.ended[index] == self.plays[index]

    def result(self, index: int, **more) -> Found:
        """The :class:`Found` of option ``index`` (``more``: its other fields)."""
        return Found(plays=self.plays[index], chance=self.mean_chance(index),
                     gain=self.gain[index] / max(self.plays[index], 1), options=len(self.plays),
                     to_end=self.ended_all(index), **more)

    def option(self, index: int, line, now: tuple[float, str] = (0.0, "")) -> Option:
        """The :class:`Option` of option ``index`` (its ``line``, and ``now``: what it scores now)."""
        return Option(line=tuple(line), plays=self.plays[index], chance=self.mean_chance(index),
                      to_end=self.ended_all(index), now=now[0], brings=now[1])


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
        scores_now = hooks_of(self.state).scores_now
        # what each option scores right now (points, words), and the one that scores the most
        # (the first of equals; none when nothing scores): it stays in the race to the end, so
        # a suggestion that passes it over can say how both fared
        self.now = [scores_now(self.state, seat, list(line)) if scores_now else (0.0, "") for line in options]
        top = max(range(len(options)), key=lambda i: (self.now[i][0], -i))
        self.kept = top if self.now[top][0] > 0 else None
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
    def compared(self) -> bool:
        """Were options compared (else the answer came at once: a single choice)?"""
        return self._answer is None

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
            out = [j for j in self.active if j not in (leader, self.kept) and self._beats(leader, j, DROP_Z)]
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
        """The runner-up when it is close to ``leader`` (its chance within ``CLOSE_MARGIN``, or
        its reward within ``CLOSE_Z`` standard errors of the paired difference), else ``None``."""
        others = [j for j in self.active if j != leader]
        if not others:
            return None
        plays = self.tally.plays
        runner = max(others, key=lambda j: (self.reward[j] / max(plays[j], 1), -j))
        gap = self.tally.mean_chance(leader) - self.tally.mean_chance(runner)
        return runner if abs(gap) <= CLOSE_MARGIN or not self._beats(leader, runner, CLOSE_Z) else None

    def passed_over(self, leader: int) -> int | None:
        """The option that scores the most right now, when ``leader`` scores less now."""
        kept = self.kept
        return kept if kept is not None and self.now[kept][0] > self.now[leader][0] else None

    def verdict(self, leader: int, other: int) -> str | None:
        """How ``leader`` compares with ``other``: "about the same" when their chances are within
        ``CLOSE_MARGIN``, else "better" when its reward is ahead by more than ``CLOSE_Z``
        standard errors of the paired difference, else "probably better"; ``None`` when its
        chance is the lower (its reward, which also weighs the points, is the higher)."""
        gap = self.tally.mean_chance(leader) - self.tally.mean_chance(other)
        if abs(gap) <= CLOSE_MARGIN:
            return SAME
        if gap < 0:
            return None
        return BETTER if self._beats(leader, other, CLOSE_Z) else PROBABLY_BETTER

    # ------------------------------------------------------------------ the answer
    def _plain(self) -> Suggestion:
        """The answer when there is nothing to compare."""
        if not self.options:  # a single legal action, or a bot without a flat search
            return Bot.suggest(self.bot, self.state, self.seat, self.rng)
        line = self.options[0]  # the only option besides going back
        found = Found(plays=0, chance=0.0, gain=0.0, options=1)
        return Suggestion(line[0], _reason(self.state, self.seat, line, found), tuple(line))

    def found(self) -> tuple[int, Found]:
        """The leading option and what the search found for it (with the move it passes over)."""
        leader = self.leader()
        other = self.passed_over(leader)
        passed = other is not None
        if other is None:
            other = self.rival(leader)
        more = {"now": self.now[leader][0], "brings": self.now[leader][1]}
        if other is not None:
            more.update(alternative=self.tally.option(other, self.options[other], self.now[other]),
                        verdict=self.verdict(leader, other), passed_over=passed)
        return leader, self.tally.result(leader, **more)

    def suggestion(self) -> Suggestion:
        """The best option so far, with its reason (call when :attr:`done`, or to stop early)."""
        if self._answer is not None:
            return self._answer
        leader, found = self.found()
        line = self.options[leader]
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


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def with_brings(name: str, option) -> str:
    """A move's name with what it scores now: "playing ..., which scores 6 points now"."""
    return f"{name}, which {option.brings}," if option.brings else name


def compared(state: State, line, found: Found, name=None, named: bool = False) -> str:
    """How the suggested ``line`` compares with the other choices, in words (no number):

    * the move it passes over (``found.alternative``), when the two were not both played often
      enough for their numbers (:func:`weighed` says it with them): "Playing 1 Money (blue),
      2 Money (blue), 3 Money (blue) scores 6 points now, but taking 1 Passion (red) did
      better in the deals there was time to simulate." or, about the same, "Drawing did about
      as well in the deals there was time to simulate.";
    * none, too few plays for a percentage: "In the simulated deals it did better than your
      other choices.";
    * none, enough plays: "" (the game's numbers say the rest).

    A simulation is a "deal" (the unseen cards dealt, a few turns played), or a "game" when
    every play of the move reached the end of the game (``found.to_end``). ``name(state,
    line)`` names a move as a gerund (default :func:`doing`); ``named``: the reason already
    named the move, so "it" for it. An alternative named like the move (two equal cards) is
    none."""
    name = name or doing
    plays = "games" if found.to_end else "deals"
    if found.options == 1:
        return "It is your only choice that moves the game on."
    other = found.alternative
    this = name(state, line)
    rival = other and name(state, other.line)
    if rival and rival != this:
        if found.sure and other.sure:
            return ""  # weighed() says it with the numbers
        simulated = f"in the {plays} there was time to simulate."
        if found.verdict == SAME:
            if other.brings:
                return f"{capital(rival)} {other.brings} and did about as well {simulated}"
            return f"{capital(rival)} did about as well {simulated}"
        if other.brings:  # by name: "it" would read as the move just named
            return f"{capital(rival)} {other.brings}, but {this} did better {simulated}"
        return f"{capital('it' if named else this)} did better than {rival} {simulated}"
    if other is not None:  # an equal twin: nothing between them to tell
        return "" if found.sure else f"It did as well as any of your choices in the {plays} there was time to simulate."
    return "" if found.sure else f"In the simulated {plays} it did better than your other choices."


def weighed(state: State, line, found: Found, name=None, span: str = "a few turns ahead") -> str:
    """The suggested ``line`` and the move it passes over, each with what it scores now and its
    chance to win, once both were played ``MIN_PLAYS`` times (else ""): "Looking a few turns
    ahead in 100 simulated deals of each, your chance to win is about 48% after playing 1 Money
    (blue), 2 Money (blue), 3 Money (blue), which scores 6 points now, and about 50% after
    taking 1 Passion (red): about the same." When every play of both reached the end of the
    game: "Of 100 simulated games of each, you won 48% after ... and 50% after ...: better."
    ``span`` as for :func:`outlook`."""
    name = name or doing
    other = found.alternative
    if other is None or not (found.sure and other.sure):
        return ""
    this, rival = name(state, line), name(state, other.line)
    if this == rival:
        return ""
    mine = Option(line=tuple(line), plays=found.plays, chance=found.chance, to_end=found.to_end,
                  now=found.now, brings=found.brings)
    verdict = f": {found.verdict}." if found.verdict else "."
    first, second = with_brings(rival, other), with_brings(this, mine).rstrip(",")
    plays = min(found.plays, other.plays)
    if found.to_end and other.to_end:
        return (f"Of {plays} simulated games of each, you won {percent(other.chance)} after {first} "
                f"and {percent(found.chance)} after {second}{verdict}")
    # one of them reached the end of the game in every play, the other not: no "a few turns ahead"
    ahead = (f"In {plays} simulated deals of each (some played to the end of the game)"
             if found.to_end or other.to_end else f"Looking {span} in {plays} simulated deals of each")
    return (f"{ahead}, your chance to win is {about(other.chance)} after {first} and "
            f"{about(found.chance)} after {second}{verdict}")


def judged(state: State, line, found: Found, name=None, named: bool = False, verb: str | None = None,
           point: str | None = None, span: str = "a few turns ahead") -> str:
    """The end of every reason: how the move compares with the others (:func:`compared`), then
    its numbers (:func:`outlook`), or, when it passes over a move and both were played often
    enough, both moves with their numbers (:func:`weighed`)."""
    both = weighed(state, line, found, name, span)
    if both:
        return both
    return sentences(compared(state, line, found, name, named=named), outlook(found, verb, point, span))


def sentences(*parts: str) -> str:
    """The non-empty ``parts`` joined by spaces."""
    return " ".join(part for part in parts if part)


def default_reason(state: State, seat: int, line: list[str], found: Found) -> str:
    """A reason any game can use: how the suggested move fared in the simulated plays."""
    return judged(state, line, found)
