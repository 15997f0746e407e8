"""The variants of the Moteneba screenings in docs/bots.md ("A fifth look"; the topic and per-phase variants are not yet written up there),
each the hard bot's search with one change, registered for the run. From the repository's root:

    python docs/arena/budget-screening/variants.py hardph,hard,hard,hard 200 1 1 OUT.json

plays the arena's games (seed 1 + g, the seats rotated by g) with the hard bots at 100
iterations, resuming OUT.json if it exists (stop it when enough games are in).
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine.bots import register_bot
from engine.bots.search import SearchBot
from engine import arena
from engine.bots.expert import ExpertBot, ExpertSearch
from engine.games.moteneba.bots import COLOURS, NUM_COLOURS, MotenebaGreedyBot, Projection, moteneba_options


class Budget(SearchBot):
    """hard's search at ITERATIONS per decision, whatever the arena's settings."""
    ITERATIONS = 100
    def __init__(self, **kw):
        super().__init__(iterations=self.ITERATIONS)


@register_bot("*")
class Hard4(Budget):
    name, title = "hard4", "hard at 4 times the budget"
    ITERATIONS = 400


class PhaseBudget(SearchBot):
    """hard's search; drafts by the greedy rule, the rest at REST iterations."""
    REST = 260
    def __init__(self, **kw):
        super().__init__(iterations=self.REST)
        self.greedy = MotenebaGreedyBot()
    def choose(self, state, seat, rng, seconds=None):
        if state.phase == "draft":
            return self.greedy.choose(state, seat, rng)
        return super().choose(state, seat, rng, seconds)


@register_bot("*")
class HardP(PhaseBudget):
    name, title = "hardp", "greedy drafts, the rest at 260"


@register_bot("*")
class HardPH(PhaseBudget):
    """greedy drafts; placements by sequential halving at 260, hard's evaluation and rollouts."""
    name, title = "hardph", "greedy drafts, halving at 260"
    search_class = ExpertSearch
    round_samples = ExpertBot.round_samples


@register_bot("*")
class HardH(Budget):
    """the shipped expert's search (halving over the same options) with hard's evaluation, at 100."""
    name, title = "hardh", "hard with halving"
    search_class = ExpertSearch
    round_samples = ExpertBot.round_samples


@register_bot("*")
class HardH4(HardH):
    """the same at four times the budget."""
    name, title = "hardh4", "hard with halving, four times the budget"
    ITERATIONS = 400


class PhaseIterations(SearchBot):
    """hard's search at DRAFT iterations for a draft pick and REST for any other decision."""
    DRAFT, REST = 100, 100
    def __init__(self, **kw):
        super().__init__(iterations=self.REST)
    def choose(self, state, seat, rng, seconds=None):
        self.iterations = self.DRAFT if state.phase == "draft" else self.REST
        return super().choose(state, seat, rng, seconds)


@register_bot("*")
class Hard4D(PhaseIterations):
    name, title = "hard4d", "hard, drafts at 400"
    DRAFT = 400


@register_bot("*")
class Hard4T(PhaseIterations):
    name, title = "hard4t", "hard, the turns at 400"
    REST = 400


def every_option(state, seat):
    """On a turn every placement of every cube held (the greedy rule's order), then every other
    action; otherwise the hard bot's options."""
    opts = moteneba_options(state, seat)
    if state.phase != "play" or state.pending is not None:
        return opts
    held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
    moves = sorted(Projection(state, seat).placements(held), key=lambda m: -m[0])
    return [["cube:" + COLOURS[c], t] for _, c, t in moves] + [o for o in opts if not o[0].startswith("cube:")]


def with_topics(state, seat, top=6):
    """The greedy rule's best ``top`` placements, every placement on a topic card, every other action."""
    every = every_option(state, seat)
    cubes = [o for o in every if o[0].startswith("cube:")]
    return (cubes[:top] + [o for o in cubes[top:] if o[1].startswith("topic:")]
            + [o for o in every if not o[0].startswith("cube:")])


@register_bot("*")
class HardT(Budget):
    name, title = "hardt", "hard, its six placements and every topic placement"
    def options(self, state, seat):
        return with_topics(state, seat)


@register_bot("*")
class HardT10(Budget):
    name, title = "hardt10", "hard, the greedy rule's best ten placements and every topic placement"
    def options(self, state, seat):
        return with_topics(state, seat, 10)


if __name__ == "__main__":
    seats, games, seed, jobs, out = sys.argv[1].split(","), *map(int, sys.argv[2:5]), sys.argv[5]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    settings = {"iterations": 100}
    rep = arena.run_arena("moteneba", seats, games, seed, settings, jobs=jobs, done=done,
                          on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
