"""The browser's door into the engine: plain functions taking and returning JSON text.

The page runs Pyodide in a worker and calls these functions by name; only strings cross the worker
boundary. Every reply is ``{"ok": true, ...}`` or ``{"ok": false, "error": "message"}``, and a
failed call changes nothing. One game is kept per interpreter. See ``docs/bridge-contract.md``.
"""

from __future__ import annotations

import json

from . import __version__, list_games as _list_games, load as _load, new_game as _new_game
from .bots import available, make_bot
from .core import IllegalActionError, SaveError, State
from .rng import Rng

_game: State | None = None


def _reply(**data) -> str:
    return json.dumps({"ok": True, **data})


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message})


def _parse(text):
    if text is None or text == "":
        return None
    return json.loads(text) if isinstance(text, str) else text


def _status(state: State) -> dict:
    return {"game": state.info.name, "num_players": state.num_players, "seed": state.seed,
            "options": state.options, "current_player": state.current_player, "is_over": state.is_over,
            "scores": state.scores() if state.is_over else None, "winners": state.winners(),
            "turn": len(state.history)}


def _guard(fn):
    """Turn any expected error into an ``ok: false`` reply with a readable message."""
    def wrapper(*args):
        try:
            return fn(*args)
        except (IllegalActionError, SaveError) as exc:
            return _error(str(exc))
        except (ValueError, TypeError, KeyError) as exc:
            return _error(str(exc) or exc.__class__.__name__)
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def _current() -> State:
    if _game is None:
        raise ValueError("no game is running: start a new game or load one")
    return _game


@_guard
def list_games() -> str:
    """All games with their options and bots, and the engine version."""
    games = _list_games()
    for game in games:
        game["bots"] = available(game["name"])
    return _reply(games=games, engine=__version__)


@_guard
def new_game(spec: str) -> str:
    """Start ``{game, num_players, seed, options}``."""
    global _game
    spec = _parse(spec)
    if not isinstance(spec, dict):
        raise ValueError("new_game needs {game, num_players, seed, options}")
    _game = _new_game(spec.get("game"), spec.get("num_players"), seed=spec.get("seed", 0),
                      options=spec.get("options"))
    return _reply(status=_status(_game))


@_guard
def view(seat: str) -> str:
    """The view of one seat (``null``: a spectator)."""
    return _reply(view=_current().view(_parse(seat)))


@_guard
def status() -> str:
    return _reply(status=_status(_current()))


@_guard
def apply(action_id: str) -> str:
    """Apply one action: a plain id, a JSON string, or JSON ``{"seat": s, "action": id}``
    (then the move is refused unless ``s`` is to move)."""
    state = _current()
    seat = None
    if isinstance(action_id, str) and action_id[:1] in ('"', "{"):
        action_id = json.loads(action_id)
    if isinstance(action_id, dict):
        seat, action_id = action_id.get("seat"), action_id.get("action")
    state.apply(action_id, seat=seat)
    return _reply(status=_status(state))


@_guard
def bot_turn(spec: str) -> str:
    """Let bot ``{seat, bot, seed}`` act until another seat is to move or the game ends.

    The reply says only how many actions the bot took: its choices (which cards it selected,
    returned, ...) may be secret, and everything public is in the log of the next view."""
    state = _current()
    spec = _parse(spec)
    seat = spec.get("seat")
    if state.is_over:
        raise ValueError("the game is over")
    if seat != state.current_player:
        raise ValueError(f"it is not seat {seat}'s turn")
    bot = make_bot(state.info.name, spec.get("bot", "random"))
    rng = Rng(int(spec.get("seed", 0)) + len(state.history))
    taken = 0
    for _ in range(1000):
        if state.is_over or state.current_player != seat:
            break
        state.apply(bot.choose(state, seat, rng))
        taken += 1
    return _reply(actions=taken, status=_status(state))


@_guard
def save() -> str:
    return _reply(save=_current().save())


@_guard
def load(saved: str) -> str:
    """Replace the current game by a saved one; a bad save leaves the current game as it was."""
    global _game
    try:
        data = _parse(saved)
    except ValueError as exc:
        raise SaveError(f"the file is not a valid save (not JSON: {exc})") from None
    _game = _load(data)
    return _reply(status=_status(_game))


@_guard
def benchmark(spec: str) -> str:
    """Speed measurements inside this interpreter (used by ``scripts/bench`` in the browser):
    ``{seconds, hard_iterations}`` -> per game clone time, random playouts/s, hard decisions/s."""
    from .benchmarks import all_games
    spec = _parse(spec) or {}
    return _reply(results=all_games(float(spec.get("seconds", 2.0)), int(spec.get("hard_iterations", 100))))
