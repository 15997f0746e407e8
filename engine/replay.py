"""Stepping through a game: the position after any number of its actions.

A game is fully determined by ``(game, num_players, options, seed, actions)``, so any position is
the game replayed from its seed with its first actions. A replay's *steps* are the players'
decisions as the log tells them: step ``k`` is the position after the ``k``-th action that added a
line to the log (a Motto play of three cards is one step, not four: choosing the cards logs
nothing), and its *caption* is those lines, in the game's words. A game saved in the middle of a
decision ends with one more step, the position as saved. (A game that went on from a saved
position after an engine update, see :func:`engine.load_save`, replays from that position: step 0
is where it was brought back.) Replaying from the
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
        self.stops: list[int] = [0]         # step k is the position after stops[k] actions
        self.actors: list[int] = []         # seat that took the decision of step k + 1
        self.log_steps: list[int] = [0] * len(start.log)   # step after which log line j appears
        self.log: list[str] = []
        # one pass through the game: who acted, when each log line appeared, and the checkpoints
        state = start
        for done, action_id in enumerate(self.actions, start=1):
            actor = state.current_player
            state.apply(action_id)
            if len(state.log) > len(self.log_steps) or done == len(self.actions):
                self.stops.append(done)
                self.actors.append(actor)
                self.log_steps.extend([len(self.stops) - 1] * (len(state.log) - len(self.log_steps)))
            if done % CHECKPOINT_EVERY == 0:
                self.checkpoints[done] = state.clone()
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
        """The number of decisions: the positions are steps ``0..steps``."""
        return len(self.stops) - 1

    def info(self) -> dict:
        """``steps``, ``is_over``, ``actors`` (the seat whose decision each step is), ``log``
        (every line), ``log_steps`` (for each log line, the step after which it appears; 0:
        setup), ``captions`` (for each step 0..steps, its log lines: what happened, in the game's
        words), ``actions`` (for each step, how many actions lie before it) and
        ``from_saved_position`` (step 0 is a saved position the game was brought back from, not
        the deal: what came before it cannot be replayed)."""
        captions = [[] for _ in self.stops]
        for line, step in zip(self.log, self.log_steps):
            captions[step].append(line)
        return {"steps": self.steps, "is_over": self.is_over, "actors": list(self.actors),
                "log": list(self.log), "log_steps": list(self.log_steps), "captions": captions,
                "actions": list(self.stops), "from_saved_position": self.start is not None}

    def position(self, step: int) -> State:
        """The game at ``step`` (after its first ``stops[step]`` actions). The state is the
        replay's own: read it, do not change it."""
        return self._after(self.stops[step])

    def _after(self, step: int) -> State:
        """The game after its first ``step`` actions."""
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


    def view_after(self, actions: int, seat: int | None) -> dict:
        """The view of ``seat`` after the game's first ``actions`` actions (with ``after``), in
        the middle of a decision too: what that seat was shown then, as a guest's page checks it."""
        view = self._after(actions).view(seat)
        view["after"] = actions
        return view


def check_open(game_over: bool) -> None:
    """All hands may be shown only once the game is over."""
    if not game_over:
        raise ValueError("all hands can be shown only once the game is over")
