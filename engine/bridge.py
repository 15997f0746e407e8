"""The browser's door into the engine: plain functions taking and returning JSON text.

The page runs Pyodide in a worker and calls these functions by name; only strings cross the worker
boundary. Every reply is ``{"ok": true, ...}`` or ``{"ok": false, "error": "message"}``, and a
refused call changes nothing. One game is kept per interpreter. See ``docs/bridge-contract.md``.

Only bad input is refused: the checks of :mod:`engine.inputs` and the engine's own refusals all
raise ``ValueError`` (``IllegalActionError`` and ``SaveError`` are kinds of it). Any other
exception is a bug, and its reply says so: ``"internal": true`` with the ``traceback``.

Every argument is untrusted: it is parsed and checked by :mod:`engine.inputs` (size, nesting,
types, ranges) before anything else, so whatever arrives the reply is a short message.
"""

from __future__ import annotations

import json
import math
import time
import traceback

from . import __version__, inputs, list_games as _list_games, new_game as _new_game
from .bots import available, make_bot
from .bots.hints import HintSearch
from .bots.search import SearchBot
from .core import State
from .inputs import quote
from .replay import Replay
from .rng import Rng
from .saves import SaveError, load_save as _load_save

#: the longest a ``benchmark`` call may measure random playouts, in seconds per game
MAX_BENCHMARK_SECONDS = 30.0
#: the largest hard-bot budget a ``benchmark`` call accepts, in iterations per decision
MAX_BENCHMARK_ITERATIONS = 10_000
#: the most actions one ``bot_turn`` call applies (a bot's turn is far shorter)
MAX_BOT_ACTIONS = 1000
#: the largest step number ``bot_choose`` accepts (a game has far fewer actions)
MAX_STEP = 10_000_000
#: a computer seat's turn in the page: a search bot's first decision takes up to
#: ``DECISION_SECONDS``, each later one of the same turn half of what is left of
#: ``TURN_SECONDS`` (at least ``DECISION_FLOOR``), so a turn of many decisions (a Mottainai
#: turn: task, actions, effects) stays within about ``TURN_SECONDS``; once it is spent, the
#: turn is finished by the game's greedy rule
TURN_SECONDS = 1.8
DECISION_SECONDS = 1.0
DECISION_FLOOR = 0.05

_game: State | None = None


def _reply(**data) -> str:
    return json.dumps({"ok": True, **data})


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message})


def _parse(text, what: str = "the argument"):
    """An argument as a value: JSON text is parsed safely; ``None`` and ``""`` mean nothing."""
    if text is None or text == "":
        return None
    if isinstance(text, str):
        return inputs.parse_json(text, what)
    inputs.check_value(text, what)
    return text


def _spec(text, what: str, keys: str) -> dict:
    """An argument that must be a JSON object ``{keys}``."""
    spec = _parse(text, what)
    if not isinstance(spec, dict):
        raise ValueError(f"{what} must be a JSON object {{{keys}}}, not {quote(spec)}")
    return spec


def _status(state: State) -> dict:
    return {"game": state.info.name, "num_players": state.num_players, "seed": state.seed,
            "options": state.options, "current_player": state.current_player, "is_over": state.is_over,
            "scores": state.scores() if state.is_over else None, "winners": state.winners(),
            "turn": state.turn, "actions": len(state.history),
            "can_undo": not state.is_over and state.can_undo(state.current_player)}


def internal_error(exc: BaseException) -> str:
    """The reply for a bug: ``ok: false``, flagged ``internal``, with the traceback of ``exc``."""
    return json.dumps({"ok": False, "internal": True,
                       "error": f"Internal engine error: {type(exc).__name__}: {exc}",
                       "traceback": "".join(traceback.format_exception(exc))})


def _guard(fn):
    """A refusal (``ValueError``: bad input, an illegal move, a damaged save) becomes an
    ``ok: false`` reply with its message; any other exception is a bug: :func:`internal_error`."""
    def wrapper(*args):
        try:
            return fn(*args)
        except ValueError as exc:  # IllegalActionError and SaveError too
            return _error(str(exc) or exc.__class__.__name__)
        except Exception as exc:  # noqa: BLE001 - a bug: reported with its traceback, not refused
            return internal_error(exc)
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
    spec = _spec(spec, "new_game's argument", "game, num_players, seed, options")
    _game = _new_game(spec.get("game"), spec.get("num_players"), seed=spec.get("seed", 0),
                      options=spec.get("options"))
    return _reply(status=_status(_game))


@_guard
def view(seat: str) -> str:
    """The view of one seat (``null``: a spectator), with the ``status`` it belongs to (the
    page may have queued other calls meanwhile: the status says which position this is)."""
    state = _current()
    return _reply(view=state.view(_parse(seat, "the seat")), status=_status(state))


@_guard
def apply(action_id: str) -> str:
    """Apply one action: a plain id, a JSON string, or JSON ``{"seat": s, "action": id}``
    (then the move is refused unless ``s`` is to move)."""
    state = _current()
    seat = None
    if not isinstance(action_id, str) or action_id[:1] in ('"', "{"):
        action_id = _parse(action_id, "the move")
    if isinstance(action_id, dict):
        seat, action_id = action_id.get("seat"), action_id.get("action")
    state.apply(action_id, seat=seat)
    return _reply(status=_status(state))


@_guard
def undo(spec: str) -> str:
    """Take back the last decision of ``{"seat": s}``, who must be to move (see
    ``State.undo``: refused once anything new was revealed or another seat acted). The reply
    names the decision taken back (``undone``: its id and label) and the new ``status``."""
    state = _current()
    spec = _spec(spec, "undo's argument", "seat")
    seat = inputs.whole_number(spec.get("seat"), "the seat", 0, state.num_players)
    undone = state.undo(seat)
    label = next((a.label for a in state.legal_actions() if a.id == undone), undone)
    return _reply(undone={"id": undone, "label": label}, status=_status(state))


def _bot_plays(state: State, spec: dict) -> int:
    """Let the bot of ``spec`` act on ``state`` for ``spec["seat"]`` until another seat is to
    move or the game ends; returns how many actions it took (see :func:`bot_turn`)."""
    seat = inputs.whole_number(spec.get("seat"), "the seat", 0, state.num_players)
    bot_name = inputs.name(spec.get("bot", "random"), "the bot")
    seed = inputs.seed(spec.get("seed", 0), "the bot's seed")
    if state.is_over:
        raise ValueError("the game is over")
    if seat != state.current_player:
        raise ValueError(f"it is not seat {seat}'s turn")
    bot = make_bot(state.info.name, bot_name)
    rng = Rng(seed + len(state.history))
    taken = 0
    deadline = time.perf_counter() + TURN_SECONDS
    quick, bot_names = None, {b["name"] for b in available(state.info.name)}
    for _ in range(MAX_BOT_ACTIONS):
        if state.is_over or state.current_player != seat:
            break
        mover, budget = bot, {}
        if isinstance(bot, SearchBot):   # a search bot: pace the turn, a budget per decision
            left = deadline - time.perf_counter()
            if left >= DECISION_FLOOR:
                budget = {"seconds": min(DECISION_SECONDS, 0.5 * left)}
            else:   # the turn's time is spent: the rest of it by the game's quick rule
                quick = quick or make_bot(state.info.name, "greedy" if "greedy" in bot_names else "random")
                mover = quick
        state.apply(mover.choose(state, seat, rng, **budget))
        taken += 1
    return taken


@_guard
def bot_turn(spec: str) -> str:
    """Let bot ``{seat, bot, seed}`` act until another seat is to move or the game ends.

    The reply says only how many actions the bot took: its choices (which cards it selected,
    returned, ...) may be secret, and everything public is in the log of the next view."""
    state = _current()
    taken = _bot_plays(state, _spec(spec, "bot_turn's argument", "seat, bot, seed"))
    return _reply(actions=taken, status=_status(state))


@_guard
def bot_choose(spec: str) -> str:
    """What bot ``{seat, bot, seed, at}`` would do in its turn, without doing it: the ids of
    the actions :func:`bot_turn` would apply, in order, found on a copy of the game. ``at`` is
    the number of actions the game has had (``status.actions``): the call is refused when the
    game is elsewhere. The page applies the actions later, one :func:`apply` each, unless the
    game moved meanwhile. The ids may name secret choices: they are for the page that runs the
    game, never for another player."""
    state = _current()
    spec = _spec(spec, "bot_choose's argument", "seat, bot, seed, at")
    at = inputs.whole_number(spec.get("at"), "the step", 0, MAX_STEP)
    if at != len(state.history):
        raise ValueError(f"the game is at step {len(state.history)}, not {at}")
    copy = state.clone()
    start = len(copy.history)
    _bot_plays(copy, spec)
    return _reply(actions=copy.history[start:], at=at)


@_guard
def save() -> str:
    return _reply(save=_current().save())


@_guard
def load(saved: str) -> str:
    """Replace the current game by a saved one; a bad save leaves the current game as it was.

    When the save's actions no longer replay to the position it holds (it was made by an
    earlier version of the engine), the game goes on from that position and the reply carries a
    ``notice`` for the player (see ``engine.load_save``); otherwise ``notice`` is ``null``."""
    global _game
    try:
        data = _parse(saved, "its text")
        loaded = _load_save(data)
    except ValueError as exc:  # SaveError too
        raise SaveError(f"the file is damaged or is not a Moteplay save: {exc}") from None
    _game = loaded.state
    return _reply(status=_status(_game), notice=loaded.notice)


@_guard
def benchmark(spec: str) -> str:
    """Speed measurements inside this interpreter (used by ``scripts/bench`` in the browser):
    ``{seconds, hard_iterations}`` -> per game clone time, random playouts/s, hard decisions/s.
    ``seconds`` is at most ``MAX_BENCHMARK_SECONDS``, ``hard_iterations`` at most
    ``MAX_BENCHMARK_ITERATIONS``."""
    from .benchmarks import all_games
    spec = {} if spec in (None, "") else _spec(spec, "benchmark's argument", "seconds, hard_iterations")
    seconds = _seconds(spec.get("seconds", 2.0), "seconds", MAX_BENCHMARK_SECONDS)
    iterations = inputs.whole_number(spec.get("hard_iterations", 100), "hard_iterations", 1,
                                     MAX_BENCHMARK_ITERATIONS + 1)
    return _reply(results=all_games(seconds, iterations))


#: the bot level whose search suggests moves
HINT_LEVEL = "expert"
#: a hint's default search time, and the most one may search, in seconds
HINT_SECONDS = 3.0
MAX_HINT_SECONDS = 10.0
#: how long one ``hint_step`` searches by default, and at most, in seconds
HINT_SLICE = 0.2
MAX_HINT_SLICE = 2.0
#: the largest fixed hint budget, in rollouts (repeatable hints, for tests)
MAX_HINT_ITERATIONS = 20_000
#: the hint's random generator starts from this plus the number of the turn in progress
#: (:func:`hint_rng`)
HINT_SEED = 0x48494E54

#: the hint being worked out (``hint_start`` .. ``hint_step``), and the game it was asked in
_hint: HintSearch | None = None
_hint_game: State | None = None


def _seconds(value, what: str, most: float) -> float:
    """A number of seconds above 0 and at most ``most``, else a refusal naming ``what``."""
    if (not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value)
            or not 0 < value <= most):
        raise ValueError(f"{what} must be a number above 0 and at most {most:g}, not {quote(value)}")
    return float(value)


def hint_rng(state: State) -> Rng:
    """The random generator of a hint asked in ``state``: it starts from ``HINT_SEED`` plus the
    number of the turn in progress (:attr:`State.turn`), so the same position with the same
    budget in iterations gets the same suggestion, and so do the positions of one turn that
    differ only by a choice in progress (cards chosen, then put back): a suggestion followed
    step by step is searched again on the same simulated deals, and goes on with its plan."""
    return Rng(HINT_SEED + state.turn)


def _new_hint(spec, name: str) -> HintSearch:
    """The checked ``{seat, seconds}`` or ``{seat, iterations}`` of ``name`` as a hint search
    of the current position, not yet run."""
    state = _current()
    spec = _spec(spec, f"{name}'s argument", "seat, seconds")
    unknown = sorted(set(spec) - {"seat", "seconds", "iterations"})
    if unknown:
        raise ValueError(f"{name} has no setting {quote(unknown[0])}; settings: seat, seconds or iterations")
    seat = inputs.whole_number(spec.get("seat"), "the seat", 0, state.num_players)
    if "seconds" in spec and "iterations" in spec:
        raise ValueError(f"{name} takes seconds or iterations, not both")
    seconds, iterations = None, None
    if "iterations" in spec:
        iterations = inputs.whole_number(spec["iterations"], "iterations", 1, MAX_HINT_ITERATIONS + 1)
    else:
        seconds = _seconds(spec.get("seconds", HINT_SECONDS), "seconds", MAX_HINT_SECONDS)
    if state.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    if seat != state.current_player:
        raise ValueError(f"there is no move to suggest: it is {{P{state.current_player}}}'s turn, "
                         f"not {{P{seat}}}'s")
    bot = make_bot(state.info.name, HINT_LEVEL)
    return HintSearch(bot, state, seat, hint_rng(state), seconds=seconds,
                      iterations=iterations)


def _answer(search: HintSearch) -> dict:
    """A finished hint as reply data: ``action``, ``label``, ``reason``, ``line``, ``plays``,
    and ``alternative``: the move it passes over (see :func:`_alternative`), or ``None``."""
    suggestion = search.suggestion()
    labels = {action.id: action.label for action in search.state.legal_actions()}
    return {"action": suggestion.action, "label": labels[suggestion.action], "reason": suggestion.reason,
            "line": list(suggestion.line), "plays": search.plays,
            "alternative": _alternative(search, labels)}


def _alternative(search: HintSearch, labels: dict) -> dict | None:
    """The move a finished hint passes over, as the reason names it: ``action`` (its first id),
    ``label``, ``line``, ``brings`` (what it scores now, in words: "scores 6 points now", or
    ""), ``win`` (its chance to win as a whole percentage, only from at least ``MIN_PLAYS``
    plays of it and of the suggestion, else ``None``), ``plays``, ``passed_over`` (it scores
    more now than the suggestion) and ``verdict`` (the suggestion is "about the same",
    "better", "probably better", or ``None``). The reason names it, unless the two moves are
    named alike (two equal cards). ``None`` when there is none, or nothing was compared."""
    if not search.compared:
        return None
    _, found = search.found()
    other = found.alternative
    if other is None:
        return None
    both = found.sure and other.sure
    return {"action": other.line[0], "label": labels[other.line[0]], "line": list(other.line),
            "brings": other.brings, "win": round(100 * other.chance) if both else None,
            "plays": other.plays, "passed_over": found.passed_over, "verdict": found.verdict}


@_guard
def hint(spec: str) -> str:
    """Suggest a move to ``{seat, seconds}`` (or ``{seat, iterations}``) in one call: the
    ``HINT_LEVEL`` bot's choice from that seat's own view, with a short reason. Refused when
    the game is over or ``seat`` is not to move. The game is left exactly as it was."""
    search = _new_hint(spec, "hint")
    search.run()
    return _reply(**_answer(search))


@_guard
def hint_start(spec: str) -> str:
    """Begin a hint for ``{seat, seconds}`` (or ``{seat, iterations}``), checked as ``hint``,
    to be searched a slice at a time by ``hint_step`` (so the page can show progress and stop
    it). It replaces any hint begun before and searches nothing yet: ``{progress: 0, done}``."""
    global _hint, _hint_game
    _hint, _hint_game = None, None
    search = _new_hint(spec, "hint_start")
    _hint, _hint_game = search, _game
    return _reply(progress=0.0, done=False)


@_guard
def hint_step(spec: str) -> str:
    """Search the hint begun by ``hint_start`` for ``{seconds}`` more (default ``HINT_SLICE``):
    ``{progress, done}``, and once done the answer as ``hint`` gives it (the hint is then
    over). Refused when no hint was begun, or when the game has moved since (a move, an undo,
    a load, a new game): that hint is dropped."""
    global _hint, _hint_game
    spec = {} if spec in (None, "") else _spec(spec, "hint_step's argument", "seconds")
    unknown = sorted(set(spec) - {"seconds"})
    if unknown:
        raise ValueError(f"hint_step has no setting {quote(unknown[0])}; settings: seconds")
    seconds = _seconds(spec.get("seconds", HINT_SLICE), "seconds", MAX_HINT_SLICE)
    search = _hint
    if search is None:
        raise ValueError("no hint is being worked out: begin one with hint_start")
    if _hint_game is not _game or search.history != tuple(_game.history):
        _hint, _hint_game = None, None
        raise ValueError("the game has moved since this hint was asked for: ask again")
    search.step(seconds)
    if not search.done:
        return _reply(progress=search.progress, done=False)
    _hint, _hint_game = None, None
    return _reply(progress=1.0, done=True, **_answer(search))


@_guard
def hint_stop() -> str:
    """Drop the hint being worked out, if any (the page's Cancel): ``{stopped}`` says whether
    there was one. The game is untouched either way."""
    global _hint, _hint_game
    stopped = _hint is not None
    _hint, _hint_game = None, None
    return _reply(stopped=stopped)


# ---------------------------------------------------------------------- replay
# Stepping through the current game (engine/replay.py). The replay of the current game is kept
# between calls (checkpoints and a cursor) and rebuilt when the game has moved on or changed.
_replay = None


def _current_replay():
    global _replay
    state = _current()
    if _replay is None or not _replay.fits(state):
        _replay = Replay(state)
    return _replay


@_guard
def replay_info() -> str:
    """The current game as a replay, step by step as the players decided (engine/replay.py):
    ``steps``, ``is_over``, ``actors`` (seat whose decision each step is), ``log``, ``log_steps``
    (for each log line, the step after which it appears), ``captions`` (each step's log lines)
    and ``actions`` (for each step, the actions before it)."""
    return _reply(replay=_current_replay().info())


@_guard
def replay_view(spec: str) -> str:
    """``{step, seat, open}``: the view of ``seat`` (``null``: a spectator) at replay step
    ``step``; with ``open: true`` (only once the game is over) plus ``open_hands``.
    ``{after, seat}`` instead: the view of ``seat`` after the game's first ``after`` actions
    (any action, not only a step's last: what a seat was shown in the middle of a decision)."""
    replay = _current_replay()
    spec = _spec(spec, "replay_view's argument", "step, seat, open")
    unknown = sorted(set(spec) - {"step", "after", "seat", "open"})
    if unknown:
        raise ValueError(f"replay_view has no setting {quote(unknown[0])}; settings: step, after, seat, open")
    if ("step" in spec) == ("after" in spec):
        raise ValueError(f"replay_view needs a step, 0..{replay.steps} (or after, a number of actions)")
    seat = spec.get("seat")
    if seat is not None:
        seat = inputs.whole_number(seat, "the seat", 0, replay.settings[0])
    open_hands = spec.get("open", False)
    if not isinstance(open_hands, bool):
        raise ValueError(f"open must be true or false, not {quote(open_hands)}")
    if "after" in spec:
        if open_hands:
            raise ValueError("open hands are shown by step, not after a number of actions")
        after = inputs.whole_number(spec["after"], "after", 0, len(replay.actions) + 1)
        return _reply(view=replay.view_after(after, seat))
    step = inputs.whole_number(spec["step"], "the step", 0, replay.steps + 1)
    return _reply(view=replay.view(step, seat, open_hands))
