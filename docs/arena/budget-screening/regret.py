"""How far a Moteneba search's choice falls short of the best choice *within its own model*
(the hard bot's greedy rollouts to the year's end and its evaluation there), on positions of
hard-bot games (docs/arena/moteneba-research.md, "A sixth look"). From the repository's root:

    python docs/arena/budget-screening/regret.py positions OUT_DIR       # 100 positions
    python docs/arena/budget-screening/regret.py reference OUT_DIR PART PARTS
    python docs/arena/budget-screening/regret.py compare OUT_DIR

``positions`` plays three games of four hard bots at 100 iterations (seeds 500-502) and keeps
50 drafts and 50 placement turns at random (seed 3). ``reference`` (run it as PART 0 and 1 of
PARTS 2, one per core) values every option of each position with the hard bot's flat search
on many worlds: for drafts the hard bot's own options (2,000 worlds), for turns every
placement of every cube held, every event card and removal, in two independent halves of
500 worlds (A picks the best, B values it, so the best is not flattered by its own luck).
``compare`` prints each option set's regret (B's value of A's best, less B's value of the
choice) for the searches it names, four seeds each.
"""
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import new_game
from engine.bots import make_bot
from engine.bots.search import FlatSearch
from engine.games.moteneba.bots import moteneba_options
from engine.rng import Rng
from variants import every_option, with_topics


def state_of(position):
    state = new_game("moteneba", 4, seed=position["seed"])
    for action in position["history"]:
        state.apply(action)
    return state


def positions(out: Path) -> None:
    found = []
    for seed in (500, 501, 502):
        state = new_game("moteneba", 4, seed=seed)
        bots = [make_bot("moteneba", "hard", iterations=100) for _ in range(4)]
        rng = Rng(seed * 7)
        while not state.is_over:
            seat = state.current_player
            if state.phase == "draft" or (state.phase == "play" and state.pending is None):
                if len(moteneba_options(state, seat)) > 1:
                    found.append({"seed": seed, "history": list(state.history), "seat": seat,
                                  "phase": state.phase})
            state.apply(bots[seat].choose(state, seat, rng))
    pick = random.Random(3)
    chosen = (pick.sample([p for p in found if p["phase"] == "draft"], 50)
              + pick.sample([p for p in found if p["phase"] == "play"], 50))
    (out / "positions.json").write_text(json.dumps(chosen))


def reference(out: Path, part: int, parts: int) -> None:
    chosen = json.loads((out / "positions.json").read_text())
    bot = make_bot("moteneba", "hard", iterations=100)
    values = {}
    for i, position in enumerate(chosen):
        if i % parts != part:
            continue
        state, seat = state_of(position), position["seat"]
        draft = position["phase"] == "draft"
        options = moteneba_options(state, seat) if draft else every_option(state, seat)
        halves = []
        for half, worlds in ([(0, 2000)] if draft else [(0, 500), (1, 500)]):
            search = FlatSearch(bot, state, seat, Rng(10**6 + i + 77777 * half), options)
            search.run(iterations=worlds * len(options))
            halves.append([t / n for t, n in zip(search.totals, search.plays)])
        values[i] = {"options": options, "A": halves[0], "B": halves[-1]}
        (out / f"reference{part}.json").write_text(json.dumps(values))


def compare(out: Path) -> None:
    chosen = json.loads((out / "positions.json").read_text())
    values = {}
    for path in out.glob("reference*.json"):
        values.update({int(k): v for k, v in json.loads(path.read_text()).items()})
    hard = make_bot("moteneba", "hard", iterations=100)
    expert = make_bot("moteneba", "expert", iterations=100)
    sets = {"the hard bot's (six)": moteneba_options, "six + topics": with_topics,
            "ten + topics": lambda s, p: with_topics(s, p, 10)}
    for phase in ("draft", "play"):
        for set_name, option_set in sets.items():
            if phase == "draft" and option_set is not moteneba_options:
                continue
            for bot_name, bot, iterations in (("hard", hard, 100), ("hard", hard, 400),
                                              ("expert's evaluation, flat", expert, 100)):
                regrets = []
                for i, v in sorted(values.items()):
                    if chosen[i]["phase"] != phase:
                        continue
                    keys = [tuple(o) for o in v["options"]]
                    best = v["B"][max(range(len(keys)), key=lambda j: v["A"][j])]
                    state, seat = state_of(chosen[i]), chosen[i]["seat"]
                    options = option_set(state, seat)
                    for k in range(4):
                        search = FlatSearch(bot, state, seat, Rng(31 * k + i), options)
                        search.run(iterations=iterations)
                        regrets.append(best - v["B"][keys.index(tuple(search.best()))])
                print(f"{phase:5} {set_name:22} {bot_name:28} {iterations:4} it.: "
                      f"regret {statistics.mean(regrets):.4f}", flush=True)


if __name__ == "__main__":
    command, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    if command == "positions":
        positions(out)
    elif command == "reference":
        reference(out, int(sys.argv[3]), int(sys.argv[4]))
    else:
        compare(out)
