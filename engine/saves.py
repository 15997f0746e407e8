"""Saves: writing one, loading one, and bringing saves of earlier versions forward.

A game is fully determined by ``(game, num_players, options, seed, actions)``: that tuple is the
heart of the save format, so save, load, replay and bug reports are one mechanism. A save also
holds the whole position at saving time (:meth:`engine.core.State.snapshot`): when an engine
update makes the actions replay differently, :func:`load` goes on from that position instead
(see :func:`load_save`). Saves of the older format (settings and actions only) are replayed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import inputs
from .core import SAVE_FORMAT, IllegalActionError, State
from .inputs import quote
from .registry import _GAMES

#: older save formats this engine still reads (moteplay-save-1: settings and actions only)
OLD_SAVE_FORMATS = ("moteplay-save-1",)
#: what a player is told, once, when a game goes on from its saved position
RESTORED_NOTICE = ("This game was saved by an earlier version; it goes on from where you were, "
                   "but its replay before this point is not available.")
#: why a decision made before such a restore cannot be taken back
RESTORED_UNDO_REASON = "it was made before the game was brought back from an earlier version's save"


class SaveError(ValueError):
    """A save that is malformed, from an unknown game, or whose actions do not replay."""


@dataclass
class Loaded:
    """What :func:`load_save` made of a save: the ``state``, and whether it went on from the
    saved position (``restored``: the actions did not replay to it under this engine, ``why``
    says what went differently; for developers, never shown to players: it may name a card)."""

    state: State
    restored: bool = False
    why: str | None = None

    @property
    def notice(self) -> str | None:
        """The sentence to show a player once, or ``None``."""
        return RESTORED_NOTICE if self.restored else None


def load(saved: dict | str) -> State:
    """Rebuild the exact state a :meth:`State.save` describes (a dict, or its JSON text).

    Raises :class:`SaveError` with a short, clear message for anything malformed, beyond the
    limits of :mod:`engine.inputs`, or inconsistent. See :func:`load_save`."""
    return load_save(saved).state


def load_save(saved: dict | str) -> Loaded:
    """Load a save and say how (see :class:`Loaded`).

    A ``moteplay-save-1`` save (settings and actions) is replayed; actions that do not replay are
    refused. A ``moteplay-save-2`` save also holds the position after its actions: the actions are
    replayed first, and when they reproduce that position exactly the result is the replayed game.
    When they do not (an engine update deals, shuffles or steps differently), the game goes on
    from the stored position under the current rules, with an empty history: undo and replays
    start there. A stored position this engine cannot read (a newer layout, a card it does not
    know, places that do not add up) is refused with :class:`SaveError`.
    """
    try:
        if isinstance(saved, (str, bytes, bytearray)):
            saved = inputs.parse_json(saved, "the save")
        else:
            inputs.check_value(saved, "the save")
        if not isinstance(saved, dict):
            raise ValueError("a save must be a JSON object")
        missing = [k for k in ("format", "game", "num_players", "options", "seed", "actions")
                   if k not in saved]
        if missing:
            raise ValueError(f"the save is missing {', '.join(missing)}")
        fmt = saved["format"]
        if fmt != SAVE_FORMAT and fmt not in OLD_SAVE_FORMATS:
            raise ValueError(f"unknown save format {quote(fmt)} (this engine reads {SAVE_FORMAT!r} "
                             f"and {', '.join(map(repr, OLD_SAVE_FORMATS))})")
        if fmt == SAVE_FORMAT and "state" not in saved:
            raise ValueError("the save is missing state (the position at saving time)")
        if "engine" in saved:
            inputs.name(saved["engine"], "the save's engine version")
        if not isinstance(saved["game"], str) or saved["game"] not in _GAMES:
            raise ValueError(f"the save is for an unknown game {quote(saved['game'])}")
        if not isinstance(saved["options"], dict):
            raise ValueError(f"the save's options must be a JSON object, not {quote(saved['options'])}")
        actions = saved["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("the save's actions must be a list of action ids")
        if len(actions) > inputs.MAX_ACTIONS:
            raise ValueError(f"the save has too many actions ({len(actions)}; at most {inputs.MAX_ACTIONS})")
        for action_id in actions:
            inputs.name(action_id, "an action id in the save")
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    cls = _GAMES[saved["game"]].state
    try:
        fresh = cls(saved["num_players"], seed=saved["seed"], options=saved["options"])
    except ValueError as exc:
        raise SaveError(f"the save's settings are not valid: {exc}") from None
    if fmt != SAVE_FORMAT:
        if saved.get("forced_steps") != "taken":
            # made before the engine took forced steps itself: they are among its actions
            actions = _decisions_of_old_save(fresh, actions)
        _replay(fresh, actions, strict=True)
        return Loaded(fresh)
    settings = (fresh.num_players, fresh.seed, fresh.options)
    try:
        start = saved.get("start")
        if start is not None:
            begin = cls._from_snapshot(*settings, start, start=None)
            begin._start = begin.snapshot()
        else:
            begin = fresh
        stored = cls._from_snapshot(*settings, saved["state"], start=None)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    why = _replay(begin, actions, strict=False)
    if why is None:
        replayed = begin.snapshot()
        if isinstance(saved["state"], dict) and "moments" not in saved["state"]:
            del replayed["moments"]  # saved before the log's lines were marked: the rest must match
        if _same(replayed, saved["state"]):
            return Loaded(begin)
        why = "the actions replay to another position"
    # go on from the stored position: its history starts here
    stored._undo_floor = 0
    stored._undo_reason = RESTORED_UNDO_REASON
    stored._start = stored.snapshot()
    stored._forget_legal()
    return Loaded(stored, restored=True, why=why)


def _replay(state: State, actions: list[str], *, strict: bool, first: int = 1,
            total: int | None = None) -> str | None:
    """Apply ``actions`` to ``state`` (numbered from ``first`` of ``total``); the reason the
    replay stops (``None``: it did not). ``strict``: raise :class:`SaveError` instead."""
    total = len(actions) if total is None else total
    for number, action_id in enumerate(actions, start=first):
        try:
            state.apply(action_id)
        except IllegalActionError as exc:
            message = f"move {number} of {total} ({quote(action_id)}) cannot be replayed: {exc}"
            if strict:
                raise SaveError(message) from None
            return message
    return None


def _same(a: dict, b: dict) -> bool:
    """Two snapshots are the same JSON (``True`` is not ``1``, ``1.0`` is not ``1``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _decisions_of_old_save(fresh: State, actions: list[str]) -> list[str]:
    """The players' decisions among the actions of a save made before the engine took forced
    steps itself: the save is replayed as it was made (every step answered by its player), and
    the answers to forced steps are left out. (Games without forced steps: all of them.)"""
    if type(fresh)._forced_step is State._forced_step:
        return actions
    old = fresh.clone()
    old._takes_forced_steps = False
    decisions = []
    for number, action_id in enumerate(actions, start=1):
        forced = old._forced_step()
        legal = old.legal_actions() if forced is not None else ()
        if not (len(legal) == 1 and legal[0].id == forced == action_id):
            decisions.append(action_id)
        _replay(old, [action_id], strict=True, first=number, total=len(actions))
    return decisions
