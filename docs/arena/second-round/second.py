"""The year-end evaluation with a second comparison (the fifteenth look in
docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/second-round/second.py fit REPORT.json [REPORT.json ...]
    python docs/arena/second-round/second.py play GAMES SEED OUT.json [SEATS]

The shipped model compares each feature of the seat with the best other seat only. This one
also compares it with the second-best other seat (the seat's lead over the runner-up: in a
four-player game, being second is not the same as being last). ``fit`` replays the reports
(the expert's seat only, as ``scripts/train --levels`` does), prints the held-out log-loss
(five folds by seed) and writes ``moteneba-evaluation-second.json`` beside this file, shrunk
at 100 towards the shipped weights (their copy in docs/arena/on-policy/; the new weights towards
zero). ``play`` plays the arena's
games (docs/arena/fresh-seeds/record.py's run) of SEATS (by default expertsec,hard,hard,hard).
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent / "fresh-seeds"))
sys.path.insert(0, str(HERE.parent / "hard-bot-games"))
from engine import new_game  # noqa: E402
from engine.bots import register_bot  # noqa: E402
from engine.bots.expert import Evaluation, ExpertBot, seat_features  # noqa: E402
from engine.games.moteneba.evaluation import moteneba_features  # noqa: E402
from engine.bots.search import outcome  # noqa: E402
from records import train  # noqa: E402
from year_end import log_loss  # noqa: E402

WEIGHTS = HERE / "moteneba-evaluation-second.json"
SHIPPED = HERE.parent / "on-policy" / "moteneba-evaluation-on-policy.json"
SHRINK = 100.0


def second_features(rows: list[list[float]], progress: float, seat: int) -> list[float]:
    """The shipped model's input, then each feature's lead over the second-best other seat."""
    others = [row for s, row in enumerate(rows) if s != seat]
    if len(others) < 2:
        others = others * 2
    runner_up = [mine - sorted(row[i] for row in others)[-2] for i, mine in enumerate(rows[seat])]
    return seat_features(rows, progress, seat) + runner_up


def samples(path: str) -> list[tuple[int, list[float], float]]:
    """``(seed, features, won share)`` at each year's end but the last, the expert's seat only."""
    out = []
    for record in train.read_records(path):
        state = new_game("moteneba", record["players"], seed=record["seed"])
        positions = train.Positions("moteneba", state, 2)
        for action_id in record["actions"]:
            positions.look(state)
            state.apply(action_id)
        winners = state.winners()
        for rows, progress in positions.seen:
            for seat, level in enumerate(record["seats"]):
                if level.startswith("expert"):
                    out.append((record["seed"], second_features(rows, progress, seat),
                                1.0 / len(winners) if seat in winners else 0.0))
    return out


def fit(reports: list[str]) -> None:
    shipped = Evaluation.from_json(json.loads(SHIPPED.read_text()))
    data = [s for path in reports for s in samples(path)]
    extra = len(data[0][1]) - len(shipped.weights)
    prior = shipped.weights + [0.0] * extra + [shipped.bias]
    for shrink in (300.0, 100.0, 30.0):
        total = 0.0
        for fold in range(5):
            part = [(x, y) for seed, x, y in data if seed % 5 != fold]
            held = [(x, y) for seed, x, y in data if seed % 5 == fold]
            weights, bias, _ = train.fit(part, shrink=shrink, towards=prior, iterations=12)
            total += log_loss(Evaluation(weights, bias), held) * len(held)
        print(f"shrink {shrink:g}: held-out log-loss {total / len(data):.4f}")
    print(f"the shipped weights: {log_loss(shipped, [(x[:len(shipped.weights)], y) for _, x, y in data]):.4f}")
    weights, bias, _ = train.fit([(x, y) for _, x, y in data], shrink=SHRINK, towards=prior, iterations=12)
    WEIGHTS.write_text(json.dumps({
        "game": "moteneba", "inputs": "the shipped model's inputs, then each feature's lead over the second-best other seat",
        "weights": [round(w, 6) for w in weights], "bias": round(bias, 6),
        "trained": {"command": "docs/arena/second-round/second.py fit " + " ".join(reports),
                    "positions": len(data), "shrink": SHRINK, "towards": "docs/arena/on-policy/moteneba-evaluation-on-policy.json"}},
        indent=1) + "\n")
    print([round(w, 3) for w in weights], round(bias, 3))


def evaluator(model: Evaluation):
    def evaluate(state) -> list[float]:
        if state.is_over:
            return outcome(state)
        rows, progress = moteneba_features(state)
        return [model.chance(second_features(rows, progress, s)) for s in range(len(rows))]
    return evaluate


@register_bot("*")
class ExpertSecond(ExpertBot):
    """The expert at 100 iterations judging the year's end also by the lead over the runner-up."""
    name, title = "expertsec", "expert judging the lead over the runner-up too"

    def __init__(self, **kw):
        super().__init__(iterations=100, model=Evaluation.from_json(json.loads(WEIGHTS.read_text())))

    def evaluator(self, game: str):
        return evaluator(self.model)


if __name__ == "__main__":
    if sys.argv[1] == "fit":
        fit(sys.argv[2:])
    else:
        import record
        seats = (sys.argv[5] if len(sys.argv) > 5 else "expertsec,hard,hard,hard").split(",")
        record.run(seats, int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
