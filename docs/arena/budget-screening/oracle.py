"""A bound, not a bot: the expert with a perfect model of its opponents (the tenth look in
docs/bots.md). It cheats twice, on purpose, to measure what the best possible opponent model
could be worth against three hard bots:

* it sees every hidden card (the real state: hands, bag and event deck);
* it knows exactly how the hard bots will answer: on a placement turn it plays each of the
  shipped expert's options on in the real state, and every opponent's later decision of the
  school year is made by a copy of that opponent's own bot with a copy of the arena's random
  numbers, so the line is exactly what the opponents would play against it (its own later
  steps in the line are the greedy rollout policy's). The year's end is judged by the shipped
  year-end model (the game's end by its result), one line per option: nothing in it is random
  but its own greedy steps.

Its draft picks and +3 Power are the shipped expert's (at 100 iterations). It never draws on the
arena's random numbers itself, so the copies see exactly the numbers the real bots will. From
the repository's root:

    python docs/arena/budget-screening/oracle.py GAMES SEED JOBS OUT.json

plays the arena's games (seed + g, the seats rotated by g) of ``experto`` against three hard bots
at 100 iterations, resuming OUT.json if it exists.
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
from engine.games.moteneba.bots import moteneba_options, moteneba_rollout
from engine.rng import Rng

#: every bot the arena made in this process, in order (a game's four are the last four)
MADE: list = []


def _recording_make_bot(*args, **kw):
    bot = make_bot(*args, **kw)
    MADE.append(bot)
    return bot


arena.make_bot = _recording_make_bot


@register_bot("*")
class ExpertO(ExpertBot):
    name, title = "experto", "expert with a perfect opponent model (a bound)"

    def __init__(self, **kw):
        super().__init__(iterations=100)
        self.lines = 0

    def choose(self, state, seat, rng, seconds=None):
        own = Rng(len(state.history) * 1000003 + seat * 7 + 12345)
        if state.phase != "play" or state.pending is not None or state.is_over:
            return super().choose(state, seat, own, seconds)
        legal = [a.id for a in state.legal_actions()]
        if len(legal) == 1:
            return legal[0]
        planned = self._follow_plan(state)
        if planned is not None:
            return planned
        bots = MADE[-state.num_players:]
        assert bots[seat] is self
        judge = self.evaluator("moteneba")
        best, best_value = None, None
        for option in moteneba_options(state, seat):
            world = state.clone()
            for action in option:
                world.apply(action)
            copies = [copy.deepcopy(b) if s != seat else None for s, b in enumerate(bots)]
            numbers, mine = rng.copy(), Rng(own.next_u32())
            year = world.year
            while not world.is_over and world.year == year:
                mover = world.current_player
                if mover == seat:
                    step = moteneba_rollout(world, mine)
                    for action in [step] if isinstance(step, str) else step:
                        world.apply(action)
                else:
                    world.apply(copies[mover].choose(world, mover, numbers))
            value = judge(world)[seat]
            self.lines += 1
            if best_value is None or value > best_value + 1e-12:
                best, best_value = option, value
                self.predicted = list(world.history[len(state.history):])
        self._plan = (tuple(state.history), best)
        return best[0]


if __name__ == "__main__":
    games, seed, jobs, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", ["experto", "hard", "hard", "hard"], games, seed, {"iterations": 100},
                          jobs=jobs, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
