"""Property checks over random games: one module used by the fuzz tests (``tests/fuzz``) and by
the long-run driver ``scripts/fuzz``.

:func:`run_game` plays one random game of a :class:`Config` (game, players, options, seed) and
checks, through the engine's public interface only:

* at every step: a game that is not over has a valid ``current_player`` and at least one legal
  action, with unique ids; a finished game has neither;
* applying each legal action to a clone never raises, and leaves the original as it was (sampled);
* ``save`` -> JSON text -> ``load`` gives identical views for every seat and the spectator, and
  the same legal actions (sampled, and always at the end);
* hidden information, independently of ``State.determinize``: the game's hidden-information
  model (its spec's ``hidden``, :mod:`engine.hidden`) re-deals what a seat cannot see (shuffling
  those cards among the places hidden from it, counts kept) and the seat's view must stay
  identical (sampled); and no new log line names a card the seat has not seen (every step,
  every seat);
* the game ends within ``MAX_ACTIONS``; scores are ints; winners are consistent with ``result()``;
* the same seed and the same actions give the same game (replayed from ``new_game`` at the end).

Any failure raises :class:`FuzzFailure`, whose message is a reproducer: the config, the seed and
the action list, loadable with ``engine.load``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from engine.registry import game_class, game_names, game_spec
from engine.hidden import HiddenInfo
from engine.rng import Rng

MAX_ACTIONS = 20_000
MAX_SEED = 2 ** 63


# ---------------------------------------------------------------------- what to play
@dataclass(frozen=True)
class Config:
    """One random game: the settings and the seed (which also drives the random choices)."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    seed: int

    @property
    def options_dict(self) -> dict:
        return dict(self.options)

    def __str__(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game} {self.players}p seed={self.seed}" + (f" {opts}" if opts else "")


def player_counts(game: str) -> list[int]:
    info = game_class(game).info
    return list(range(info.min_players, info.max_players + 1))


def option_values(game: str, players: int) -> list[tuple[str, list[str]]]:
    """Every option of ``game`` with the values valid for ``players`` (first_player: the seats)."""
    result = []
    for opt in game_class(game).info.options:
        values = [v for v in opt.values
                  if not (opt.name == "first_player" and v != "random" and int(v) > players)]
        result.append((opt.name, values))
    return result


def config_for(game: str, index: int, seed: int) -> Config:
    """The ``index``-th setting of ``game`` in a fixed cycle: the player count changes fastest,
    then each option in turn, so the first games already cover every count and every value."""
    counts = player_counts(game)
    players = counts[index % len(counts)]
    rest = index // len(counts)
    options = []
    for name, values in option_values(game, players):
        options.append((name, values[rest % len(values)]))
        rest //= len(values)
    return Config(game, players, tuple(options), seed)


# ---------------------------------------------------------------------- hidden information
def hidden_model(game: str) -> HiddenInfo:
    """The game's own model of what each seat must never see (its spec's ``hidden``; shared with
    tests/engine/test_hidden_info.py), independent of ``State.determinize`` and of the views."""
    return game_spec(game).hidden


# ---------------------------------------------------------------------- the checks
class FuzzFailure(AssertionError):
    """A property did not hold; the message is a reproducer."""


def views(state) -> list[dict]:
    """Every seat's view and the spectator's (compared with ``==``: two states' views are made
    at the same moment, so nothing can change under them)."""
    return [state.view(s) for s in range(state.num_players)] + [state.view(None)]


def check_turn(state) -> None:
    legal = state.legal_actions()
    if state.is_over:
        assert state.current_player is None, "a finished game has a player to move"
        assert legal == [], "a finished game has legal actions"
        return
    seat = state.current_player
    assert isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.num_players, \
        f"current_player {seat!r} is not a seat"
    assert legal, "the game is not over but there is no legal action"
    ids = [a.id for a in legal]
    assert len(ids) == len(set(ids)), f"legal action ids repeat: {ids}"


def check_clones(state) -> None:
    """Each legal action applies to a clone without raising; the original is untouched."""
    before = (json.dumps(state.save()), json.dumps(state.view(state.current_player), sort_keys=True))
    for action in state.legal_actions():
        copy = state.clone()
        try:
            copy.apply(action.id)
        except Exception as exc:  # any exception is the failure (raised again as one)
            raise AssertionError(f"legal action {action.id!r} raised on a clone: "
                                 f"{type(exc).__name__}: {exc}") from exc
    after = (json.dumps(state.save()), json.dumps(state.view(state.current_player), sort_keys=True))
    assert after == before, "applying actions to clones changed the original"


def check_round_trip(state) -> None:
    """save -> JSON text -> load (a replay of the seed and the actions, which reproduces the stored
    position): the same save again, the same views for every seat and the spectator, the same
    legal actions, log and scores."""
    text = json.dumps(state.save())
    result = engine.load_save(text)
    assert not result.restored, f"the save does not replay to its own position: {result.why}"
    loaded = result.state
    assert json.dumps(loaded.save()) == text, "save -> load -> save gave another save"
    assert views(loaded) == views(state), "save/load changed a view"
    assert [a.id for a in loaded.legal_actions()] == [a.id for a in state.legal_actions()], \
        "save/load changed the legal actions"
    assert loaded.log == state.log and loaded.scores() == state.scores(), "save/load changed the log or scores"


def check_redeal(state, model: HiddenInfo, seat: int, rnd: random.Random) -> None:
    """Re-dealing what ``seat`` cannot see (with the game's hidden-information model) leaves its
    view alone."""
    view = state.view(seat)
    redealt = model.redeal(state, seat, rnd).view(seat)
    if redealt != view:
        a, b = json.dumps(view, sort_keys=True), json.dumps(redealt, sort_keys=True)
        raise AssertionError(f"the view of seat {seat} changed when the cards hidden from it were "
                             f"re-dealt: {_first_difference(a, b)}")


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, i - 80):i + 80]}... became ...{b[max(0, i - 80):i + 80]}..."


def check_end(state) -> None:
    assert state.is_over and state.current_player is None
    n = state.num_players
    scores = state.scores()
    assert len(scores) == n and all(type(s) is int for s in scores), f"scores are not ints: {scores!r}"
    winners = state.winners()
    assert winners and sorted(set(winners)) == sorted(winners) and set(winners) <= set(range(n)), \
        f"winners {winners!r}"
    result = state.result()
    assert result["scores"] == scores and result["winners"] == winners, "result() disagrees"
    assert [row["seat"] for row in result["rows"]] == list(range(n))
    assert [row["total"] for row in result["rows"]] == scores, "result rows disagree with the scores"
    assert all(state.view(s)["result"] == result for s in list(range(n)) + [None])


def check_replay(config: Config, state) -> None:
    """The same seed and the same actions give the same game."""
    again = engine.new_game(config.game, config.players, seed=config.seed, options=config.options_dict)
    for action_id in state.history:
        again.apply(action_id)
    assert again.log == state.log and views(again) == views(state) and again.scores() == state.scores(), \
        "replaying the same seed and actions gave another game"


# ---------------------------------------------------------------------- one game
@dataclass(frozen=True)
class Sampling:
    """How often the expensive checks run: the chance per step, for each."""

    clones: float = 1.0
    round_trip: float = 0.1
    redeal: float = 0.3
    replay: bool = True  # replay the game from new_game at the end (load at the end does it too)


#: every check at every step where it is cheap enough for a handful of games (pytest)
THOROUGH = Sampling(clones=1.0, round_trip=0.05, redeal=0.5)
#: the long runs of scripts/fuzz: everything still checked, the costly checks sampled
LONG = Sampling(clones=0.05, round_trip=0.002, redeal=0.02, replay=False)


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    checks: dict = field(default_factory=lambda: {"clones": 0, "round_trip": 0, "redeal": 0, "log": 0})

    def add(self, other: "Stats") -> None:
        self.games += other.games
        self.actions += other.actions
        for k, v in other.checks.items():
            self.checks[k] = self.checks.get(k, 0) + v


def reproducer(config: Config, actions: list[str], message: str, mutated=None) -> str:
    """The message, the game, and a save that reproduces it: the settings and the actions (in
    the older format, which holds nothing else), or the mutated save that failed."""
    if mutated is not None:
        return f"{message}\n  game: {config}\n  the save:\n  {json.dumps(mutated)[:200_000]}"
    save = {"format": "moteplay-save-1", "game": config.game, "num_players": config.players,
            "options": config.options_dict, "seed": config.seed, "actions": actions}
    return (f"{message}\n  game: {config}\n  after {len(actions)} actions; reproduce with "
            f"engine.load(...) of this save, then the next random action:\n  {json.dumps(save)}")


def run_game(config: Config, sampling: Sampling = THOROUGH, stats: Stats | None = None,
             on_step: Callable | None = None):
    """Play one random game of ``config``, checking every property; returns the final state.
    Raises :class:`FuzzFailure` with a reproducer when a property fails."""
    stats = stats if stats is not None else Stats()
    model = hidden_model(config.game)
    state = None
    try:
        state = engine.new_game(config.game, config.players, seed=config.seed, options=config.options_dict)
        choose = Rng(config.seed ^ 0x5EED)       # the random player's choices
        sample = random.Random(config.seed)      # which steps get the sampled checks, and re-deals
        n = state.num_players
        seen = [set() for _ in range(n)]
        log_seen = 0
        for _ in range(MAX_ACTIONS + 1):
            for seat in range(n):
                seen[seat].update(kind for kind, count in model.visible(state, seat).items() if count > 0)
                for line in state.log[log_seen:]:
                    unseen = model.named(line) - seen[seat]
                    assert not unseen, (f"log line {line!r} names {sorted(map(str, unseen))}, "
                                        f"which seat {seat} has not seen")
            stats.checks["log"] += 1
            log_seen = len(state.log)
            check_turn(state)
            if state.is_over:
                break
            if on_step is not None:
                on_step(state)
            if sample.random() < sampling.clones:
                check_clones(state)
                stats.checks["clones"] += 1
            if sample.random() < sampling.round_trip:
                check_round_trip(state)
                stats.checks["round_trip"] += 1
            if sample.random() < sampling.redeal:
                for seat in range(n):
                    check_redeal(state, model, seat, sample)
                stats.checks["redeal"] += 1
            state.apply(choose.choice(state.legal_actions()))
            stats.actions += 1
        else:
            raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
        check_end(state)
        check_round_trip(state)
        if sampling.replay:
            check_replay(config, state)
    except Exception as exc:  # every failure becomes a reproducer (raised again as one)
        if isinstance(exc, FuzzFailure):
            raise
        history = list(state.history) if state is not None else []
        message = str(exc) if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {exc}"
        raise FuzzFailure(reproducer(config, history, message)) from exc
    stats.games += 1
    return state


# ---------------------------------------------------------------------- mutated saves
def mutations(save: dict, rnd: random.Random) -> list[tuple[str, object, bool | None]]:
    """Mutations of a valid save: ``(what, mutated save, valid)``; ``valid`` is True when it must
    load, False when it must be refused, None when either is right (an action list edited so
    that it may or may not still be a legal sequence)."""
    actions = save["actions"]
    out: list[tuple[str, object, bool | None]] = []
    # with the position stored, actions that do not replay to it are not fatal: the game goes
    # on from the stored position
    junk = True if "state" in save else False
    if actions:
        k = rnd.randrange(len(actions) + 1)
        out.append((f"the first {k} actions", {**save, "actions": actions[:k]}, True))
        i = rnd.randrange(len(actions))
        out.append((f"drop action {i}", {**save, "actions": actions[:i] + actions[i + 1:]}, None))
        out.append((f"duplicate action {i}", {**save, "actions": actions[:i + 1] + actions[i:]}, None))
        if len(actions) > 1:
            j = rnd.randrange(len(actions) - 1)
            swapped = list(actions)
            swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
            out.append((f"swap actions {j} and {j + 1}", {**save, "actions": swapped}, None))
        out.append((f"junk action {i}", {**save, "actions": actions[:i] + ["no-such-action"] + actions[i:]}, junk))
        out.append((f"non-string action {i}", {**save, "actions": actions[:i] + [7] + actions[i + 1:]}, False))
        out.append(("one action too many", {**save, "actions": actions + [actions[-1]]}, None))
    deep: list = []
    for _ in range(rnd.choice((17, 100, 1000, 50_000))):
        deep = [deep]
    wrong = [None, True, 1.5, -1, 2 ** 63, 2 ** 200, float("nan"), "", "x" * 2000, [], {}, deep]
    for key in ("format", "game", "num_players", "seed", "options", "actions"):
        value = rnd.choice(wrong)
        # no actions: valid; default options: valid when they give the same first player
        valid = True if (key, value) == ("actions", []) else None if (key, value) == ("options", {}) else False
        out.append((f"{key} = {engine.inputs.quote(value)}", {**save, key: value}, valid))
        out.append((f"no {key}", {k: v for k, v in save.items() if k != key}, False))
    out.append(("seats nested deep", {**save, "seats": deep}, False))
    out.append(("a huge engine field", {**save, "engine": "e" * 10_000_000}, False))
    out.append(("the save as deep text", "[" * 5000 + json.dumps(save) + "]" * 5000, False))
    text = json.dumps(save)
    cut = rnd.randrange(len(text))
    out.append((f"the text cut at {cut}", text[:cut], False))
    out.append(("the save inside a list", [save], False))
    return out


def _leaves(value, path=()):
    """Every place inside JSON data: ``(path, value)`` for each list item and object value."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        yield path + (key,), child
        yield from _leaves(child, path + (key,))


def _set(data, path, value):
    """A deep copy of ``data`` with the place at ``path`` set to ``value`` (removed: ``_GONE``)."""
    data = json.loads(json.dumps(data))
    inner = data
    for key in path[:-1]:
        inner = inner[key]
    if value is _GONE:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return data


_GONE = object()


def state_mutations(save: dict, rnd: random.Random) -> list[tuple[str, object, bool | None]]:
    """Mutations of a save's stored position (untrusted like the rest): ``(what, save, valid)``
    as for :func:`mutations`. A mutation that may still be a position the game can be in is
    ``None``: it must then be refused, or load and play on like any game."""
    state = save["state"]
    out: list[tuple[str, object, bool | None]] = []
    wrong = [None, True, 1.5, -1, 0, 7, 2 ** 63, "", "x", "love-1-red", "x" * 2000, [], [0], {}, {"a": 1}]
    places = list(_leaves(state["game"]))
    plain = [(path, v) for path, v in places if not isinstance(v, (list, dict))]
    for _ in range(12):
        path, _ = rnd.choice(places)
        value = rnd.choice(wrong)
        out.append((f"state.game{list(path)} = {engine.inputs.quote(value)}",
                    {**save, "state": _set(state, ("game",) + path, value)}, None))
    for _ in range(4):   # two values of the position swapped (cards between places, seats...)
        if len(plain) < 2:
            break
        (a, x), (b, y) = rnd.sample(plain, 2)
        swapped = _set(_set(state, ("game",) + a, y), ("game",) + b, x)
        out.append((f"state.game{list(a)} and {list(b)} swapped", {**save, "state": swapped}, None))
    key = rnd.choice(list(state["game"]))
    out.append((f"no state.game.{key}", {**save, "state": _set(state, ("game", key), _GONE)}, False))
    for key in ("schema", "rng", "current", "over", "log", "undo", "game"):
        out.append((f"no state.{key}", {**save, "state": _set(state, (key,), _GONE)}, False))
    n = save["num_players"]
    for what, path, value, valid in (
            ("a newer layout", ("schema",), 99, False), ("layout 0", ("schema",), 0, False),
            ("an rng that is not hexadecimal", ("rng",), "zz" * 8, False),
            ("another rng", ("rng",), f"{rnd.getrandbits(64):016x}", True),
            ("no seat to move", ("current",), n, False), ("seat -1 to move", ("current",), -1, False),
            ("another seat to move", ("current",), (state["current"] + 1) % n, None),
            ("the game over or not", ("over",), not state["over"], None),
            ("an undo floor beyond any save", ("undo", "floor"), engine.inputs.MAX_ACTIONS + 1, False),
            ("an unknown last actor", ("undo", "last_actor"), n, False),
            ("a log line too long", ("log",), ["x" * 2000], False)):
        out.append((f"state: {what}", {**save, "state": _set(state, path, value)}, valid))
    for value in (None, [], "x", 7, {}):
        out.append((f"state = {engine.inputs.quote(value)}", {**save, "state": value}, False))
    out.append(("start = {}", {**save, "start": {}}, False))
    out.append(("start = the stored position", {**save, "start": state}, None))
    return out


def _plays_on(state, rnd: random.Random, steps: int = 25) -> None:
    """A loaded game works like any other: views, legal actions, moves, save -> load."""
    for _ in range(steps):
        check_turn(state)
        views(state)
        if state.is_over:
            break
        state.apply(rnd.choice(state.legal_actions()))
    text = json.dumps(state.save())
    again = engine.load_save(text)
    assert not again.restored and json.dumps(again.state.save()) == text, "save -> load -> save differs"


def check_mutated_saves(config: Config, state, rnd: random.Random) -> int:
    """Every mutation of ``state``'s save (its settings, actions and stored position) is refused
    with SaveError or loads: a replay exactly as its settings and actions give, or the stored
    position, which then plays on like any game. Returns how many mutations were tried."""
    # mutate a prefix of the game: every property shows as well, and each load stays quick
    prefix = engine.new_game(config.game, config.players, seed=config.seed, options=config.options_dict)
    for action_id in state.history[:rnd.randrange(min(len(state.history), 120) + 1)]:
        prefix.apply(action_id)
    save = prefix.save()
    tried = 0
    for what, mutated, valid in mutations(save, rnd) + state_mutations(save, rnd):
        tried += 1
        try:
            try:
                loaded = engine.load_save(mutated)
            except engine.SaveError as exc:
                assert valid is not True, f"a valid mutation ({what}) was refused: {exc}"
                assert 0 < len(str(exc)) <= 300, f"the message for {what} is not short: {str(exc)[:400]}"
                continue
            assert valid is not False, f"a broken save ({what}) was loaded"
            if not loaded.restored:
                # it replayed: it must be exactly the game its settings and actions replay to
                replay = engine.new_game(mutated["game"], mutated["num_players"], seed=mutated["seed"],
                                         options=mutated["options"])
                for action_id in mutated["actions"]:
                    replay.apply(action_id)
                assert views(loaded.state) == views(replay), f"a mutated save ({what}) loaded as another game"
            elif all(mutated[k] == save[k] for k in ("state", "options", "num_players", "seed")):
                # only the actions changed: the game goes on from the stored position
                assert views(loaded.state) == views(prefix), f"a mutated save ({what}) lost its position"
            _plays_on(loaded.state, rnd)
        except Exception as exc:  # every failure becomes a reproducer (raised again as one)
            message = str(exc) if isinstance(exc, AssertionError) else \
                f"loading a mutated save ({what}) raised {type(exc).__name__}: {exc}"
            raise FuzzFailure(reproducer(config, save["actions"], message,
                                         mutated if "state" in what else None)) from exc
    return tried


def all_games() -> list[str]:
    return game_names()
