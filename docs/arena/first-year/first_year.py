"""The expert judging the end of the first school year as the hard bot does (the thirteenth look
in docs/arena/moteneba-research.md).

In games of the expert against three hard bots it ends the first year behind them in hearts and
gains it back in the later years (``docs/arena/fresh-seeds/years.py``). At the end of the first
year its learned evaluation weighs what the seats hold more than the hearts on the board (the
model, fitted on outcomes, predicts the winner there no better than a constant: the ninth look).
``experthy1`` is the expert whose rollouts of the first year are judged by the hard bot's
evaluation (hearts plus half of next year's, as a squashed lead over the best other seat), and
of the later years by the learned one, as the expert's. From the repository's root:

    python docs/arena/first-year/first_year.py VARIANT GAMES SEED OUT.json

plays the arena's games (seed + g, the seats rotated by g) of VARIANT against three hard bots at
100 iterations, two at a time, resuming OUT.json if it exists; the reports keep every action
(and so each year's hearts), as ``docs/arena/fresh-seeds/record.py``'s.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine.bots import register_bot
from engine.bots.expert import ExpertBot
from engine.games.moteneba.bots import moteneba_evaluate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fresh-seeds"))
import record  # its run keeps each year's hearts and every action


@register_bot("*")
class ExpertHY1(ExpertBot):
    """The expert (100 iterations) with the first year's rollouts judged by the hard bot's
    evaluation."""
    name, title = "experthy1", "expert judging the first year's end as the hard bot does"

    def __init__(self, **kw):
        super().__init__(iterations=100)

    def evaluator(self, game):
        learned = super().evaluator(game)

        def evaluate(state):
            # a rollout of the first year stops once it has been scored: in the second year
            return moteneba_evaluate(state) if state.year == 2 and not state.is_over else learned(state)
        return evaluate


if __name__ == "__main__":
    record.run([sys.argv[1], "hard", "hard", "hard"], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
