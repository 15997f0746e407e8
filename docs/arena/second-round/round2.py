"""The second round of refitting the expert's year-end evaluation on its own games (the
fifteenth look in docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/second-round/round2.py GAMES SEED OUT.json [SEATS]

plays the arena's games (docs/arena/fresh-seeds/record.py's run, every game's actions kept) of
SEATS (by default expertr2,hard,hard,hard), where the variant ``expertr2`` is the expert at 100
iterations with the weights ``moteneba-evaluation-round2.json`` beside this file (made by the
scripts/train command its ``trained`` field records), and ``expertpre`` the expert with the
weights it shipped before the fourteenth look (learned from hard bots' games only).
"""
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent / "fresh-seeds"))
import record  # noqa: E402

WEIGHTS = HERE / "moteneba-evaluation-round2.json"
BEFORE = HERE.parent / "budget-screening" / "moteneba-evaluation-hard25.json"


record.register_expert("expertr2", "expert with the second round's evaluation", WEIGHTS)
record.register_expert("expertpre", "expert with the evaluation learned from hard bots' games", BEFORE)


if __name__ == "__main__":
    seats = (sys.argv[4] if len(sys.argv) > 4 else "expertr2,hard,hard,hard").split(",")
    record.run(seats, int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
