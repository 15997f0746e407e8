"""The expert's year-end evaluation refitted on the expert's own games (the fourteenth look in
docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/on-policy/onpolicy.py fit REPORT.json [REPORT.json ...]
    python docs/arena/on-policy/onpolicy.py play GAMES SEED OUT.json [SEATS]

The shipped evaluation was fitted on the year's ends of games of four hard bots: it says how a
position turns out when a hard bot plays the seat on. The expert judges its own seat, which the
expert plays on. ``fit`` replays the reports of docs/arena/fresh-seeds/record.py (and of
docs/arena/first-year/, whose expert plays the second and third years as the expert does) and
keeps the year's ends of the expert's seat only: it prints the held-out log-loss (five folds by
seed) of the shipped weights and of refits that shrink towards them with several strengths,
then writes the refit at ``SHRINK`` to ``moteneba-evaluation-on-policy.json`` beside this file.
``play`` plays the arena's games (record.py's run) of SEATS (by default
expertop,hard,hard,hard), where the variant ``expertop`` is the expert with those weights.
"""
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent / "hard-bot-games"))
sys.path.insert(0, str(HERE.parent / "fresh-seeds"))
from engine import new_game  # noqa: E402
from engine.bots import register_bot  # noqa: E402
from engine.bots.expert import Evaluation, ExpertBot, evaluation_path, load_evaluation  # noqa: E402
from records import train  # noqa: E402

WEIGHTS = HERE / "moteneba-evaluation-on-policy.json"
SHRINK = 100.0


def expert_samples(path: str) -> list[tuple[int, list[float], float]]:
    """``(seed, features, won share)`` at each year's end but the last, the expert's seat only."""
    out = []
    for result in json.load(open(path))["results"]:
        state = new_game("moteneba", len(result["seats"]), seed=result["seed"])
        positions = train.Positions("moteneba", state, 2)
        for action in result["history"]:
            positions.look(state)
            state.apply(action)
        assert state.scores() == result["scores"], f"game {result['seed']} does not replay"
        me = next(s for s, level in enumerate(result["seats"]) if level.startswith("expert"))
        players = len(result["seats"])
        for k, (x, y) in enumerate(positions.samples(state.winners(), players)):
            if k % players == me:
                out.append((result["seed"], x, y))
    return out


def fit_towards(samples, prior: list[float], shrink: float) -> Evaluation:
    """``scripts/train``'s fit with the weights and the bias shrunk towards ``prior``."""
    weights, bias, _ = train.fit(samples, shrink=shrink, towards=prior)
    return Evaluation(weights, bias)


def log_loss(model: Evaluation, samples) -> float:
    total = 0.0
    for x, y in samples:
        p = min(max(model.chance(x), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def fit(reports: list[str]) -> None:
    shipped = load_evaluation("moteneba")
    prior = shipped.weights + [shipped.bias]
    data = [s for path in reports for s in expert_samples(path)]
    print(f"{len(data)} year's ends of the expert's seat in {len(data) // 2} games")
    for shrink in (1e6, 300.0, 100.0, 30.0, 10.0, 1.0):
        fitted = base = 0.0
        for fold in range(5):
            train_part = [(x, y) for seed, x, y in data if seed % 5 != fold]
            held = [(x, y) for seed, x, y in data if seed % 5 == fold]
            fitted += log_loss(fit_towards(train_part, prior, shrink), held) * len(held)
            base += log_loss(shipped, held) * len(held)
        print(f"shrink {shrink:g}: held-out log-loss {fitted / len(data):.4f} (shipped {base / len(data):.4f})")
    model = fit_towards([(x, y) for _, x, y in data], prior, SHRINK)
    meta = dict(json.loads(evaluation_path("moteneba").read_text()))
    meta.update(weights=[round(w, 6) for w in model.weights], bias=round(model.bias, 6),
                trained={"command": "docs/arena/on-policy/onpolicy.py fit " + " ".join(reports),
                         "positions": len(data), "shrink": SHRINK})
    WEIGHTS.write_text(json.dumps(meta, indent=1) + "\n")
    print("shipped", [round(w, 3) for w in shipped.weights], round(shipped.bias, 3))
    print("refit  ", [round(w, 3) for w in model.weights], round(model.bias, 3))


@register_bot("*")
class ExpertOnPolicy(ExpertBot):
    """The expert at 100 iterations with the year-end evaluation refitted on its own games."""
    name, title = "expertop", "expert with the evaluation refitted on its own games"

    def __init__(self, **kw):
        super().__init__(iterations=100, model=Evaluation.from_json(json.loads(WEIGHTS.read_text())))


if __name__ == "__main__":
    if sys.argv[1] == "fit":
        fit(sys.argv[2:])
    else:
        import record
        seats = (sys.argv[5] if len(sys.argv) > 5 else "expertop,hard,hard,hard").split(",")
        record.run(seats, int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
