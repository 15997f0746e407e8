"""The expert's year-end evaluation refitted on the expert's own games (the fourteenth look in
docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/on-policy/onpolicy.py fit REPORT.json [REPORT.json ...]
    python docs/arena/on-policy/onpolicy.py play GAMES SEED OUT.json [SEATS]

The expert's evaluation was first fitted on the year's ends of games of four hard bots: it says
how a position turns out when a hard bot plays the seat on. The expert judges its own seat, which
the expert plays on. ``fit`` replays the reports of docs/arena/fresh-seeds/record.py (and of
docs/arena/first-year/, whose expert plays the second and third years as the expert does) and
keeps the year's ends of the expert's seat only: it prints the held-out log-loss (five folds by
seed) of the hard bots' fit (``BEFORE``) and of refits that shrink towards it with several
strengths, then writes the refit at ``SHRINK`` to ``moteneba-evaluation-on-policy.json`` beside
this file (the weights the expert now ships).
``play`` plays the arena's games (record.py's run) of SEATS (by default
expertop,hard,hard,hard), where the variant ``expertop`` is the expert with those weights.
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent / "hard-bot-games"))
sys.path.insert(0, str(HERE.parent / "fresh-seeds"))
from engine.bots.expert import Evaluation  # noqa: E402
from record import register_expert  # noqa: E402
from records import train  # noqa: E402
from year_end import log_loss  # noqa: E402

WEIGHTS = HERE / "moteneba-evaluation-on-policy.json"
#: the weights fitted on games of four hard bots, which the refit shrinks towards
BEFORE = HERE.parent / "budget-screening" / "moteneba-evaluation-hard25.json"
SHRINK = 100.0


def expert_samples(path: str) -> list[tuple[int, list[float], float]]:
    """``(seed, features, won share)`` at each year's end but the last, the expert's seat only
    (``scripts/train --records PATH --levels`` with the level whose name begins with expert)."""
    out = []
    for record in train.read_records(path):
        levels = {level for level in record["seats"] if level.startswith("expert")}
        out += [(record["seed"], x, y) for x, y in train.recorded("moteneba", record, 2, levels)]
    return out


def fit_towards(samples, prior: list[float], shrink: float) -> Evaluation:
    """``scripts/train``'s fit with the weights and the bias shrunk towards ``prior``."""
    weights, bias, _ = train.fit(samples, shrink=shrink, towards=prior)
    return Evaluation(weights, bias)


def fit(reports: list[str]) -> None:
    before = Evaluation.from_json(json.loads(BEFORE.read_text()))
    prior = before.weights + [before.bias]
    data = [s for path in reports for s in expert_samples(path)]
    print(f"{len(data)} year's ends of the expert's seat in {len(data) // 2} games")
    for shrink in (1e6, 300.0, 100.0, 30.0, 10.0, 1.0):
        fitted = base = 0.0
        for fold in range(5):
            train_part = [(x, y) for seed, x, y in data if seed % 5 != fold]
            held = [(x, y) for seed, x, y in data if seed % 5 == fold]
            fitted += log_loss(fit_towards(train_part, prior, shrink), held) * len(held)
            base += log_loss(before, held) * len(held)
        print(f"shrink {shrink:g}: held-out log-loss {fitted / len(data):.4f} (hard bots' fit {base / len(data):.4f})")
    model = fit_towards([(x, y) for _, x, y in data], prior, SHRINK)
    meta = dict(json.loads(BEFORE.read_text()))
    meta.update(weights=[round(w, 6) for w in model.weights], bias=round(model.bias, 6),
                trained={"command": "docs/arena/on-policy/onpolicy.py fit " + " ".join(reports),
                         "positions": len(data), "shrink": SHRINK})
    WEIGHTS.write_text(json.dumps(meta, indent=1) + "\n")
    print("before", [round(w, 3) for w in before.weights], round(before.bias, 3))
    print("refit ", [round(w, 3) for w in model.weights], round(model.bias, 3))


register_expert("expertop", "expert with the evaluation refitted on its own games", WEIGHTS)


if __name__ == "__main__":
    if sys.argv[1] == "fit":
        fit(sys.argv[2:])
    else:
        import record
        seats = (sys.argv[5] if len(sys.argv) > 5 else "expertop,hard,hard,hard").split(",")
        record.run(seats, int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
