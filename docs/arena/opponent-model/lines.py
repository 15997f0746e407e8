"""The expert whose placement turns are played out against a cheap model of the hard bots.

The tenth look in docs/arena/moteneba-research.md found that the expert's lines lose most by modelling the
opponents as the greedy rule, and that played out by hard bots they win about as often as the
target asks, at twenty times the time. ``predict.py`` beside this file found a model nearly as
good at a small part of the price: a hard bot's search cut short. On a turn it plays each of
its best few placements on for a few steps of greedy rollouts (the same random numbers for each)
and judges them by hearts plus this year's board, as a lead over the best other seat.

``expertl`` (and its variants below) plays a placement turn like this: in each of a few
worlds dealt from its own view (``determinize``), each of the shipped expert's options is played
on to the school year's end, every opponent's turn by that short search, its own later turns by
the greedy rollout policy, and the year's end is judged by the shipped year-end model (the
game's end by its result); the options share the worlds and the random numbers. Draft picks
and +3 Power are the shipped expert's. From the repository's root:

    python docs/arena/opponent-model/lines.py VARIANT GAMES SEED OUT.json

plays the arena's games (seed + g, the seats rotated by g) against three hard bots at 100
iterations, resuming OUT.json if it exists.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine.bots import register_bot
from engine.bots.expert import ExpertBot
from engine.games.moteneba.bots import (HARD_CANDIDATES, Projection, moteneba_options,
                                        moteneba_rollout, projected_hearts)
from engine.games.moteneba import rollout
from engine.games.moteneba.rollout import moteneba_roll
from engine.games.moteneba.rules import COLOURS, NUM_COLOURS
from engine.rng import Rng


def short_lead(state, seat: int, year: int) -> float:
    """Hearts so far plus this year's as the board stands (after the year's scoring: half of
    next year's), as a lead over the best other seat; a finished game: its final lead."""
    if state.is_over:
        got = [0.0] * state.num_players
        weight = 0.0
    else:
        got = projected_hearts(state)
        weight = 1.0 if state.year == year else 0.5
    value = [state.hearts[s] + weight * got[s] for s in range(state.num_players)]
    return value[seat] - max(v for s, v in enumerate(value) if s != seat)


def before_lines(bot: ExpertBot, state, seat: int, rng: Rng, seconds=None) -> str | None:
    """The move of ``bot`` (an expert variant) where no lines are played: anything but a new
    placement turn is the shipped expert's, a single legal action is taken, and the rest of a
    turn already chosen is followed; ``None`` on a new placement turn."""
    if state.phase != "play" or state.pending is not None or state.is_over:
        return ExpertBot.choose(bot, state, seat, rng, seconds)
    legal = [a.id for a in state.legal_actions()]
    if len(legal) == 1:
        return legal[0]
    return bot._follow_plan(state)


def best_placements(state, seat: int, count: int = HARD_CANDIDATES) -> list[tuple]:
    """The greedy rule's best ``count`` ``(gain, colour, target)`` for ``seat`` (none if it
    holds no cube), best first, as the hard bot's options list them."""
    held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
    return sorted(Projection(state, seat).placements(held), key=lambda m: -m[0])[:count] if held else []


def placed(world, colour: int, target: str):
    """A copy of ``world`` with the seat to move's cube of ``colour`` put at ``target``."""
    line = world.clone()
    line.apply("cube:" + COLOURS[colour])
    line.apply(target)
    return line


def quiet_roll(line, rng: Rng, depth: int):
    """:func:`moteneba_roll` without its random moves (their share set to 0 for the call)."""
    saved, rollout._NOISE = rollout._NOISE, 0
    try:
        return moteneba_roll(line, rng, depth)
    finally:
        rollout._NOISE = saved


class ShortSearch:
    """A cheap model of a hard bot: on a turn, its ``candidates`` best placements by the greedy
    rule, each played on ``depth`` steps by greedy rollouts from the same random numbers and
    judged by :func:`short_lead`; any other decision by the greedy rollout policy."""

    def __init__(self, depth: int = 8, candidates: int = HARD_CANDIDATES, quiet: bool = False) -> None:
        self.depth = depth
        self.candidates = candidates
        self.quiet = quiet

    def roll(self, line, seed: int):
        """``line`` played on ``depth`` steps by the greedy rollouts (without their random moves
        if ``quiet``)."""
        return (quiet_roll if self.quiet else moteneba_roll)(line, Rng(seed), self.depth)

    def choose(self, world, seat: int, rng: Rng):
        if world.phase != "play" or world.pending is not None:
            return moteneba_rollout(world, rng)
        moves = best_placements(world, seat, self.candidates)
        if not moves:
            return moteneba_rollout(world, rng)
        seed = rng.next_u32()
        best, best_value = None, None
        for _, colour, target in moves:
            value = short_lead(self.roll(placed(world, colour, target), seed), seat, world.year)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = ["cube:" + COLOURS[colour], target], value
        return best


@register_bot("*")
class ExpertL(ExpertBot):
    """See the module's docstring: ``WORLDS`` worlds, opponents by :class:`ShortSearch` of
    ``DEPTH`` steps over ``CANDIDATES`` placements."""
    name, title = "expertl", "expert whose lines model the opponents by a short search"
    WORLDS, DEPTH, CANDIDATES, QUIET = 1, 8, HARD_CANDIDATES, False
    #: None: every placement turn; a number: only once at most that many cubes are left to
    #: place this year (all seats), the shipped expert's search before
    LATE = None
    #: None: lines for every option; a number: the shipped expert's search (at
    #: ``SEARCH_ITERATIONS``) first, then lines for its best ``TOP`` options still in the running
    TOP, SEARCH_ITERATIONS = None, 100

    #: the shipped expert's budget for the other decisions (draft picks, +3 Power, targets)
    ITERATIONS = 100

    def __init__(self, **kw):
        super().__init__(iterations=self.ITERATIONS)

    def choose(self, state, seat, rng, seconds=None):
        settled = before_lines(self, state, seat, rng, seconds)
        if settled is not None:
            return settled
        if self.LATE is not None and sum(map(sum, state.unplaced)) > self.LATE:
            return super().choose(state, seat, rng, seconds)
        judge = self.evaluator("moteneba")
        options = moteneba_options(state, seat)
        if self.TOP is not None:    # the shipped expert's search first: its finalists only
            search = self.open_search(state, seat, rng, options)
            search.run(iterations=self.SEARCH_ITERATIONS)
            mean = [search.totals[i] / max(1, search.plays[i]) for i in range(len(options))]
            options = [options[i] for i in sorted(search.playing(), key=lambda i: (-mean[i], i))[:self.TOP]]
        totals = [0.0] * len(options)
        model = ShortSearch(self.DEPTH, self.CANDIDATES, self.QUIET)
        for _ in range(self.WORLDS):
            dealt = state.determinize(seat, Rng(rng.next_u32()))
            theirs, mine = rng.next_u32(), rng.next_u32()
            for i, option in enumerate(options):
                world = dealt.clone()
                for action in option:
                    world.apply(action)
                numbers, own = Rng(theirs), Rng(mine)
                year = world.year
                while not world.is_over and world.year == year:
                    mover = world.current_player
                    step = moteneba_rollout(world, own) if mover == seat else model.choose(world, mover, numbers)
                    for action in [step] if isinstance(step, str) else step:
                        world.apply(action)
                totals[i] += judge(world)[seat]
        best = options[max(range(len(options)), key=lambda i: (totals[i], -i))]
        self._plan = (tuple(state.history), best)
        return best[0]


@register_bot("*")
class ExpertL2(ExpertL):
    name, title = "expertl2", "expertl in two worlds"
    WORLDS = 2


@register_bot("*")
class ExpertL3(ExpertL):
    name, title = "expertl3", "expertl, opponents' short search over their best three"
    CANDIDATES = 3


@register_bot("*")
class ExpertLate(ExpertL):
    name, title = "expertlate", "expertl in three worlds once at most 12 cubes are left, the shipped expert before"
    WORLDS, LATE = 3, 12


@register_bot("*")
class ExpertLate2(ExpertL):
    name, title = "expertlate2", "expertl in two worlds once at most 16 cubes are left, the shipped expert before"
    WORLDS, LATE = 2, 16


@register_bot("*")
class ExpertLateQ(ExpertL):
    name, title = "expertlq", "expertlate, the opponents' short search 12 steps without random moves"
    WORLDS, LATE, DEPTH, QUIET = 3, 12, 12, True


@register_bot("*")
class ExpertLD(ExpertL):
    name, title = "expertld", "expertl, the other decisions by the shipped expert at 25 iterations"
    ITERATIONS = 25


@register_bot("*")
class ExpertLDQ(ExpertLD):
    name, title = "expertldq", "expertld, the opponents' short search 12 steps without random moves"
    DEPTH, QUIET = 12, True


@register_bot("*")
class ExpertLT(ExpertLDQ):
    name, title = "expertlt", "the shipped expert at 40 iterations, then expertldq's lines in two worlds for its best two"
    TOP, SEARCH_ITERATIONS, WORLDS = 2, 40, 2


if __name__ == "__main__":
    name, games, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = arena.load_for_resume(out, "moteneba", [name, "hard", "hard", "hard"], seed, {"iterations": 100})
    rep = arena.run_arena("moteneba", [name, "hard", "hard", "hard"], games, seed, {"iterations": 100},
                          jobs=1, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
