"""Stepping through a game: the position after any number of its actions.

A game is fully determined by ``(game, num_players, options, seed, actions)``, so the position at
step ``k`` is the game replayed from its seed with its first ``k`` actions. (A game that went on
from a saved position after an engine update, see :func:`engine.load_save`, replays from that
position: step 0 is where it was brought back.) Replaying from the
start for every step would cost a whole game per click, so a :class:`Replay` keeps

* a *checkpoint* (an independent clone) every :data:`CHECKPOINT_EVERY` steps, and
* a *cursor*: the last position it was asked for, so "next" and "play" cost one action each.

Going back costs at most :data:`CHECKPOINT_EVERY` actions from the checkpoint before the step.

What a replay shows is each seat's ordinary :meth:`State.view` at that step, so it never shows a
seat more than it saw then. The hands of every seat (:meth:`State.open_hands`) are shown only
once the whole game is over: :func:`check_open` refuses them before.
"""

from __future__ import annotations

from .core import State

#: a clone of the position is kept every this many steps
CHECKPOINT_EVERY = 32


class Replay:
    """The positions of one recorded game (the game's settings and its action list)."""

    def __init__(self, game: State) -> None:
        self.cls = game.__class__
        self.settings = (game.num_players, game.seed, dict(game.options))
        self.actions: list[str] = list(game.history)
        self.start = game._start            # None: the deal of the seed; else a saved position
        start = game.restart()
        self.checkpoints: dict[int, State] = {0: start.clone()}
        self.actors: list[int] = []         # seat that took action i (step i -> i + 1)
        self.log_steps: list[int] = [0] * len(start.log)   # step after which log line j appears
        self.log: list[str] = []
        # one pass through the game: who acted, when each log line appeared, and the checkpoints
        state = start
        for step, action_id in enumerate(self.actions, start=1):
            self.actors.append(state.current_player)
            state.apply(action_id)
            self.log_steps.extend([step] * (len(state.log) - len(self.log_steps)))
            if step % CHECKPOINT_EVERY == 0:
                self.checkpoints[step] = state.clone()
        self.log = list(state.log)
        self.is_over = state.is_over
        self._cursor = state
        self._cursor_step = len(self.actions)

    def fits(self, game: State) -> bool:
        """Whether this replay still describes ``game`` (same settings, same actions)."""
        return (game.__class__ is self.cls and self.settings == (game.num_players, game.seed, game.options)
                and game.history == self.actions and (game._start is self.start or game._start == self.start))

    @property
    def steps(self) -> int:
        """The number of actions: the positions are steps ``0..steps``."""
        return len(self.actions)

    def info(self) -> dict:
        """``steps``, ``is_over``, ``actors`` (the seat that took each action), ``log`` (every
        line), ``log_steps`` (for each log line, the step after which it appears; 0: setup) and
        ``from_saved_position`` (step 0 is a saved position the game was brought back from,
        not the deal: what came before it cannot be replayed)."""
        return {"steps": self.steps, "is_over": self.is_over, "actors": list(self.actors),
                "log": list(self.log), "log_steps": list(self.log_steps),
                "from_saved_position": self.start is not None}

    def position(self, step: int) -> State:
        """The game after its first ``step`` actions. The state is the replay's own: read it, do
        not change it."""
        if step != self._cursor_step:
            if not self._cursor_step < step:      # behind the cursor: start from a checkpoint
                base = max(k for k in self.checkpoints if k <= step)
                self._cursor, self._cursor_step = self.checkpoints[base].clone(), base
            while self._cursor_step < step:
                self._cursor.apply(self.actions[self._cursor_step])
                self._cursor_step += 1
        return self._cursor

    def view(self, step: int, seat: int | None, open_hands: bool = False) -> dict:
        """The view of ``seat`` (``None``: a spectator) at ``step``; with ``open_hands`` (only for
        a finished game), plus ``open_hands``: every seat's private holdings at that step."""
        if open_hands:
            check_open(self.is_over)
        state = self.position(step)
        view = state.view(seat)
        view["step"] = step
        if open_hands:
            view["open_hands"] = state.open_hands()
        return view


def check_open(game_over: bool) -> None:
    """All hands may be shown only once the game is over."""
    if not game_over:
        raise ValueError("all hands can be shown only once the game is over")
