"""The variants of the Moteneba screenings in docs/arena/moteneba-research.md (the fifth to the ninth looks),
each the hard bot's search or the expert with one change, registered for the run. From the repository's root:

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
from engine.bots.search import FlatSearch, SearchBot
from engine import arena
from engine.bots.expert import Evaluation, ExpertBot, ExpertSearch
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "placement-model"))
from model import ExpertP  # the ninth look's expert
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rollout-calibration"))
import calibrate  # the tenth look's judgement of the rollouts' ends
from engine.rng import Rng
from engine.games.moteneba.bots import (COLOURS, NUM_COLOURS, MotenebaGreedyBot, Projection, moteneba_evaluate,
                                        moteneba_options)


class Budget(SearchBot):
    """hard's search at ITERATIONS per decision, whatever the arena's settings."""
    ITERATIONS = 100
    def __init__(self, **kw):
        super().__init__(iterations=self.ITERATIONS)


@register_bot("*")
class Hard4(Budget):
    name, title = "hard4", "hard at 4 times the budget"
    ITERATIONS = 400


@register_bot("*")
class HardQ(Budget):
    name, title = "hardq", "hard at a quarter of the budget"
    ITERATIONS = 25


@register_bot("*")
class Hard16(Budget):
    name, title = "hard16", "hard at sixteen times the budget"
    ITERATIONS = 1600


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


@register_bot("*")
class HardD50(PhaseIterations):
    name, title = "hardd50", "hard, drafts at 50 and the turns at 185 (about the hard bot's time)"
    DRAFT, REST = 50, 185


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


class ReplySearch(FlatSearch):
    """The flat search, where after each option the opponents' next REPLIES placements are not
    the greedy rule's but each one's own one-world search: every placement among its greedy
    rule's best CANDIDATES is played on in the same world with the same random numbers, judged
    by the hard bot's evaluation for that seat, and the best is played. Every rollout counts
    against the budget, the replies' too."""
    REPLIES, CANDIDATES = 3, 6

    def sample(self):
        seat, rng = self.seat, self.rng
        self.samples += 1
        world = self.state.determinize(seat, rng)
        seed = rng.next_u32()
        for index in self.playing():
            branch = world.clone()
            for action_id in self.options[index]:
                branch.apply(action_id)
            self.reply(branch, seed)
            end = self.bot._roll(branch, self.rollout, Rng(seed))
            self.totals[index] += self.evaluate(end)[seat]
            self.plays[index] += 1
            self.played += 1
        self.after_sample()

    def reply(self, branch, seed):
        year = branch.year
        for step in range(self.REPLIES):
            if branch.is_over or branch.year != year or branch.phase != "play" or branch.pending is not None:
                return
            mover = branch.current_player
            if mover == self.seat:
                return
            held = [c for c in range(NUM_COLOURS) if branch.unplaced[mover][c]]
            moves = sorted(Projection(branch, mover).placements(held), key=lambda m: -m[0])[:self.CANDIDATES]
            lines = [["cube:" + COLOURS[c], t] for _, c, t in moves]
            if len(lines) > 1:
                reply_seed = (seed * 31 + step + 1) & 0xFFFFFFFF
                best, best_value = None, None
                for line in lines:
                    trial = branch.clone()
                    for action_id in line:
                        trial.apply(action_id)
                    value = moteneba_evaluate(self.bot._roll(trial, self.rollout, Rng(reply_seed)))[mover]
                    self.played += 1
                    if best_value is None or value > best_value:
                        best, best_value = line, value
            else:
                best = lines[0]
            for action_id in best:
                branch.apply(action_id)


@register_bot("*")
class HardR(Budget):
    name, title = "hardr", "hard, the opponents' next three placements by their own one-world search"
    search_class = ReplySearch


class ReplySearch1(ReplySearch):
    REPLIES = 1


@register_bot("*")
class HardR1(Budget):
    name, title = "hardr1", "hard, the next opponent's placement by its own one-world search"
    search_class = ReplySearch1


@register_bot("*")
class HardRX4(HardR):
    name, title = "hardrx4", "hardr at four times the budget"
    ITERATIONS = 400


@register_bot("*")
class HardR1X4(HardR1):
    name, title = "hardr1x4", "hardr1 at four times the budget"
    ITERATIONS = 400


@register_bot("*")
class ExpertH(ExpertBot):
    """The expert at 100 iterations, its year-end evaluation fitted on the outcomes of games of
    four hard bots (moteneba-evaluation-hard25.json beside this file) instead of the rollout
    policy's self-play: the same weights as the shipped expert's now (the eighth look)."""
    name, title = "experth", "expert with the evaluation fitted on hard bots' games"
    WEIGHTS = "moteneba-evaluation-hard25.json"
    def __init__(self, **kw):
        path = Path(__file__).parent / self.WEIGHTS
        super().__init__(iterations=100, model=Evaluation.from_json(json.loads(path.read_text())))


@register_bot("*")
class ExpertH640(ExpertH):
    """The expert at 100 iterations, its year-end evaluation fitted on all 640 recorded games of
    four hard bots (both files of docs/arena/hard-bot-games/; moteneba-evaluation-hard25-640.json
    beside this file) instead of the first 217."""
    name, title = "experth640", "expert with the evaluation fitted on 640 hard bots' games"
    WEIGHTS = "moteneba-evaluation-hard25-640.json"


@register_bot("*")
class ExpertS(ExpertH):
    """The expert at 100 iterations with the year-end evaluation fitted on the rollout policy's
    self-play (the weights it had before the eighth look)."""
    name, title = "experts", "expert with the self-play evaluation"
    WEIGHTS = "../self-play-evaluation/moteneba-evaluation.json"


@register_bot("*")
class ExpertF(ExpertBot):
    """The shipped expert (its year-end evaluation, rollouts to the year's end) with the hard
    bot's flat search over its options instead of sequential halving, at 100 iterations (the
    ninth look)."""
    name, title = "expertf", "expert with the flat search"
    search_class = FlatSearch
    def __init__(self, **kw):
        super().__init__(iterations=100)


@register_bot("*")
class ExpertPBot(ExpertP):
    """The ninth look's expert (docs/arena/placement-model/model.py) at 160 iterations, the
    time of the hard bot's 100."""
    name, title = "expertp", "expert with the placement model"
    def __init__(self, **kw):
        super().__init__(iterations=160)


class FromYear(ExpertP):
    """The ninth look's expert at 160 iterations from school year ``FROM`` on; before it, the
    shipped expert at 100 (the same time per decision)."""
    FROM = 1
    def __init__(self, **kw):
        super().__init__(iterations=160)
        self.early = ExpertBot(iterations=100)
    def choose(self, state, seat, rng, seconds=None):
        if state.year < self.FROM:
            return self.early.choose(state, seat, rng, seconds)
        return super().choose(state, seat, rng, seconds)


@register_bot("*")
class ExpertY1(FromYear):
    """From the second year: the first, whose placement turns the placement model predicts no
    better than a constant, is the shipped expert's."""
    name, title = "experty1", "expertp, the shipped expert in the first year"
    FROM = 2


@register_bot("*")
class Expert3(FromYear):
    """The third year only, where the placement model predicts best."""
    name, title = "expert3", "expertp in the third year only"
    FROM = 3


@register_bot("*")
class ExpertC(ExpertBot):
    """The shipped expert at 100 iterations, its rollouts' ends judged by the tenth look's
    calibrated models (docs/arena/rollout-calibration/calibration.json): what real hard bots
    made of such an end, given the school year of the position searched and how far it had gone."""
    name, title = "expertc", "expert judging its rollouts' ends as real play went on"
    WEIGHTS = Path(__file__).resolve().parents[1] / "rollout-calibration" / "calibration.json"
    def __init__(self, **kw):
        super().__init__(iterations=100)
        self.calibration = calibrate.Calibration.from_json(json.loads(self.WEIGHTS.read_text()))
        self.root = (1, 0.0)
    def choose(self, state, seat, rng, seconds=None):
        self.root = (state.year, calibrate.year_progress(state))
        return super().choose(state, seat, rng, seconds)
    FROM = 1    # the school years before it are judged as the shipped expert does
    def evaluator(self, game):
        shipped = super().evaluator(game)
        def evaluate(end):
            year, within = self.root
            if year < self.FROM:
                return shipped(end)
            return self.calibration.chances(calibrate.end_rows(end), year, within)
        return evaluate


@register_bot("*")
class ExpertC2(ExpertC):
    """expertc from the second school year on (the first judged as the shipped expert does)."""
    name, title = "expertc2", "expertc from the second year"
    FROM = 2


@register_bot("*")
class ExpertC3(ExpertC):
    """expertc in the third school year only: a rollout's end there is the game's end, judged by
    how the hearts' lead it shows turned out in real play instead of won or lost."""
    name, title = "expertc3", "expertc in the third year only"
    FROM = 3


if __name__ == "__main__":
    seats, games, seed, jobs, out = sys.argv[1].split(","), *map(int, sys.argv[2:5]), sys.argv[5]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    settings = {"iterations": 100}
    rep = arena.run_arena("moteneba", seats, games, seed, settings, jobs=jobs, done=done,
                          on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
