"""The second round of refitting the expert's year-end evaluation on its own games (the
fifteenth look in docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/second-round/round2.py GAMES SEED OUT.json [SEATS]

plays the arena's games (docs/arena/fresh-seeds/record.py's run, every game's actions kept) of
SEATS (by default expertr2,hard,hard,hard), where the variant ``expertr2`` is the expert at 100
iterations with the weights ``moteneba-evaluation-round2.json`` beside this file (made by the
scripts/train command its ``trained`` field records), and ``expertpre`` the expert with the
weights it shipped before the fourteenth look (learned from hard bots' games only).
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent / "fresh-seeds"))
from engine.bots import register_bot  # noqa: E402
from engine.bots.expert import Evaluation, ExpertBot  # noqa: E402

WEIGHTS = HERE / "moteneba-evaluation-round2.json"
BEFORE = HERE.parent / "budget-screening" / "moteneba-evaluation-hard25.json"


@register_bot("*")
class ExpertRound2(ExpertBot):
    """The expert at 100 iterations with the second round's year-end evaluation."""
    name, title = "expertr2", "expert with the second round's evaluation"

    def __init__(self, **kw):
        super().__init__(iterations=100, model=Evaluation.from_json(json.loads(WEIGHTS.read_text())))


@register_bot("*")
class ExpertBefore(ExpertBot):
    """The expert at 100 iterations with the year-end evaluation learned from hard bots' games."""
    name, title = "expertpre", "expert with the evaluation learned from hard bots' games"

    def __init__(self, **kw):
        super().__init__(iterations=100, model=Evaluation.from_json(json.loads(BEFORE.read_text())))


if __name__ == "__main__":
    import record
    seats = (sys.argv[4] if len(sys.argv) > 4 else "expertr2,hard,hard,hard").split(",")
    record.run(seats, int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
