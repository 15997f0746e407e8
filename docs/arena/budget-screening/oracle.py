"""The expert with a model of its opponents that plays their decisions out (the tenth look in
docs/arena/moteneba-research.md): first as a bound, then honestly.

``experto`` is a bound, not a bot: it cheats twice, on purpose, to measure what a perfect
opponent model could be worth against three hard bots:

* it sees every hidden card (the real state: hands, bag and event deck);
* it knows exactly how the hard bots will answer: on a placement turn it plays each of the
  shipped expert's options on in the real state, and every opponent's later decision of the
  school year is made by a copy of that opponent's own bot with a copy of the arena's random
  numbers, so the line is exactly what the opponents would play against it (its own later
  steps in the line are the greedy rollout policy's). The year's end is judged by the shipped
  year-end model (the game's end by its result), one line per option.

Its draft picks and +3 Power are the shipped expert's (at 100 iterations). It never draws on the
arena's random numbers itself, so the copies see exactly the numbers the real bots will.
``expertoi`` and ``experto1`` take away one cheat or part of it (below). ``expertm``,
``expertm25`` and ``expertm100`` cheat on nothing: the lines are played in a world dealt from the
seat's own view, and the opponents in them are fresh hard bots (at 6, 25 or 100 iterations)
with the seat's own random numbers: a model of how hard bots play, as any player could build
one; ``expertm25d`` deals that world as the expert deals its own, the opponents' event cards
guessed from their play (the twelfth look). From the repository's root:

    python docs/arena/budget-screening/oracle.py GAMES SEED JOBS OUT.json [VARIANT]

plays the arena's games (seed + g, the seats rotated by g) of ``experto`` (or a variant below)
against three hard bots at 100 iterations, resuming OUT.json if it exists.
"""
import copy
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine.bots import make_bot, register_bot
from engine.bots.expert import ExpertBot
from engine.bots.search import SearchBot
from engine.games.moteneba.bots import moteneba_options, moteneba_rollout
from engine.games.moteneba.rollout import moteneba_roll
from engine.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "opponent-model"))
from lines import before_lines

#: every bot the arena made in this process, in order (a game's four are the last four)
MADE: list = []


def _recording_make_bot(*args, **kw):
    bot = make_bot(*args, **kw)
    MADE.append(bot)
    return bot


arena.make_bot = _recording_make_bot


@register_bot("*")
class ExpertO(ExpertBot):
    """The bound: on a placement turn one line per option of the shipped expert's, played on to
    the school year's end with the opponents' real bots (see the module's docstring); draft
    picks and +3 Power as the shipped expert, with random numbers of its own."""
    name, title = "experto", "expert with a perfect opponent model (a bound)"
    #: play the lines in a world dealt from the seat's own view instead of the real one
    HONEST = False
    #: deal that world as the expert deals its own (by the opponents' play) rather than uniformly
    LIKELY = False
    #: the opponents' own bots' copies decide the whole year (False), or only until the seat's
    #: next turn (True), from where greedy rollouts play every seat to the year's end
    NEXT_TURN_ONLY = False
    #: greedy rollouts to the year's end from where the exact part stops, when it stops early
    CONTINUATIONS = 8
    #: None: the opponents' decisions are their real bots' (copies, with the arena's random
    #: numbers); a number: a fresh hard bot at that many iterations decides for each of them,
    #: with random numbers of the seat's own (a model of the hard bots, no cheating)
    MODEL_ITERATIONS = None

    def __init__(self, **kw):
        super().__init__(iterations=100)
        self.lines = 0          # lines played, all decisions
        self.predicted = []     # the best line of the last placement turn, from its first action

    def opponents(self, bots, seat, rng, own):
        """``(a bot per opponent seat, their random numbers)`` for one line: copies of the real
        bots with the arena's numbers, or fresh hard bots with the seat's own."""
        if self.MODEL_ITERATIONS is None:
            return [copy.deepcopy(b) if s != seat else None for s, b in enumerate(bots)], rng.copy()
        return ([make_bot("moteneba", "hard", iterations=self.MODEL_ITERATIONS) if s != seat else None
                 for s in range(len(bots))], Rng(own.next_u32()))

    def choose(self, state, seat, rng, seconds=None):
        own = Rng(len(state.history) * 1000003 + seat * 7 + 12345)
        settled = before_lines(self, state, seat, own, seconds)
        if settled is not None:
            return settled
        bots = MADE[-state.num_players:]
        assert bots[seat] is self
        judge = self.evaluator("moteneba")
        best, best_value = None, None
        # the expert's own dealer, or the hard bot's uniform one
        deal = self.dealer(state, seat) if self.LIKELY else SearchBot.dealer(self, state, seat)
        dealt = deal(Rng(own.next_u32())) if self.HONEST else state
        for option in moteneba_options(state, seat):
            world = dealt.clone()
            for action in option:
                world.apply(action)
            copies, numbers = self.opponents(bots, seat, rng, own)
            mine = Rng(own.next_u32())
            year, replies = world.year, 0
            while not world.is_over and world.year == year:
                mover = world.current_player
                if mover == seat and replies and self.NEXT_TURN_ONLY:
                    break
                if mover == seat:
                    step = moteneba_rollout(world, mine)
                    for action in [step] if isinstance(step, str) else step:
                        world.apply(action)
                else:
                    step = copies[mover].choose(world, mover, numbers)
                    for action in [step] if isinstance(step, str) else step:
                        world.apply(action)
                    replies += 1
            if world.is_over or world.year != year:
                value = judge(world)[seat]
            else:   # the exact part ended at the seat's next turn: greedy rollouts from there
                value = sum(judge(moteneba_roll(world.clone(), Rng(own.next_u32()), 2000))[seat]
                            for _ in range(self.CONTINUATIONS)) / self.CONTINUATIONS
            self.lines += 1
            if best_value is None or value > best_value + 1e-12:
                best, best_value = option, value
                self.predicted = list(world.history[len(state.history):])
        self._plan = (tuple(state.history), best)
        return best[0]


@register_bot("*")
class ExpertOI(ExpertO):
    """The same with honest information: the lines are played in one world dealt from the seat's
    own view (the opponents' copies then decide on what that world deals them)."""
    name, title = "expertoi", "experto without seeing hidden cards"
    HONEST = True


@register_bot("*")
class ExpertO1(ExpertO):
    """The same, but the opponents' own bots decide only until the seat's next turn (in the real
    state); from there 8 greedy rollouts to the year's end, judged as the shipped expert does."""
    name, title = "experto1", "experto, exact until its next turn only"
    NEXT_TURN_ONLY = True


@register_bot("*")
class ExpertM(ExpertO):
    """No cheating, only a model: the lines are played in a world dealt from the seat's own
    view, and each opponent's decisions in them are a hard bot's at 6 iterations (one world
    per option: its search's smallest budget) with the seat's own random numbers."""
    name, title = "expertm", "expert whose lines model the opponents as hard bots at 6 iterations"
    HONEST = True
    MODEL_ITERATIONS = 6


@register_bot("*")
class ExpertM100(ExpertM):
    """expertm with the opponents modelled by hard bots at their real 100 iterations (their
    own dice differ): the hard bots' policy, known exactly, with honest information."""
    name, title = "expertm100", "expertm at 100 iterations"
    MODEL_ITERATIONS = 100


@register_bot("*")
class ExpertM25(ExpertM):
    """expertm with the opponents modelled by hard bots at 25 iterations (which play about as
    well as at 100: the seventh look's ``hardq``), for a quarter of expertm100's price."""
    name, title = "expertm25", "expertm at 25 iterations"
    MODEL_ITERATIONS = 25


@register_bot("*")
class ExpertM25D(ExpertM25):
    """expertm25 whose world is dealt as the expert deals its own: the opponents' event cards
    guessed from their play (the twelfth look)."""
    name, title = "expertm25d", "expertm25 with the expert's deals"
    LIKELY = True


if __name__ == "__main__":
    name = sys.argv[5] if len(sys.argv) > 5 else "experto"
    games, seed, jobs, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", [name, "hard", "hard", "hard"], games, seed, {"iterations": 100},
                          jobs=jobs, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
