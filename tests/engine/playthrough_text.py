"""Golden playthroughs: one whole seeded game per game and player count, written out as text.

Every registered game is played at its smallest and its largest player count (from its spec),
with the default options and game seed ``SEED``, by the greedy ("medium") bot in every seat,
drawing its random numbers from ``Rng(SEED)``. :func:`playthrough` writes down every step: the
seat to move, that seat's prompt, its legal actions (id and label), the action taken, the lines
the step added to the log, and what changed on the public table (the spectator's view, seat
``None``: never a hand or anything else hidden); then the result.

The public table is flattened into ``path = value`` lines (dicts by key, sorted; lists of dicts
by index; a list of plain values, or any other value, as compact JSON on one line). It is
printed whole at the start; after each step only the lines that changed are
printed (``+ path = value`` for a new or changed line, ``- path`` for one that is gone; a step
that logs nothing or changes nothing on the table has no ``log:`` or ``table:`` lines), so that
a file stays under about 300 KB and a rule change shows as a short, readable diff. The game ends
with its result (``State.result()``, flattened the same way).

``scripts/playthroughs`` writes the files (tests/engine/playthroughs/); the test
``tests/engine/test_playthroughs.py`` plays them again and compares.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import engine
from engine.bots import make_bot
from engine.rng import Rng
from registry_cases import smallest_and_largest

#: the game seed, which is also the seed of the bots' random numbers
SEED = 1
#: the bot in every seat
POLICY = "greedy"
#: where the files live
FOLDER = Path(__file__).resolve().parent / "playthroughs"
#: the command that writes them again
REGENERATE = "scripts/playthroughs"


def cases() -> list[tuple[str, int]]:
    """``(game, players)`` for every registered game at its smallest and largest player count."""
    return smallest_and_largest()


def file_name(game: str, players: int, seed: int = SEED) -> str:
    return f"{game}-{players}p-seed{seed}.txt"


def compact(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def flatten(value, path: str = "", out: dict | None = None) -> dict[str, str]:
    """``{path: compact JSON}`` for every leaf of ``value``: dicts by key, lists that hold dicts
    or lists by index, anything else (a number, a string, a list of plain values) as one leaf."""
    out = {} if out is None else out
    if isinstance(value, dict) and value:
        for key in sorted(value):
            flatten(value[key], f"{path}.{key}" if path else str(key), out)
    elif isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        for index, item in enumerate(value):
            flatten(item, f"{path}[{index}]", out)
    else:
        out[path] = compact(value)
    return out


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The lines of ``after`` that are new or differ from ``before`` (``+``) and those gone
    (``-``), in path order."""
    lines = [(path, f"+ {path} = {value}") for path, value in after.items() if before.get(path) != value]
    lines += [(path, f"- {path}") for path in before if path not in after]
    return [line for _, line in sorted(lines)]


def section(title: str, lines: list[str]) -> list[str]:
    """``title`` and the lines indented under it; nothing if there are none."""
    return [title, *(f"  {line}" for line in lines)] if lines else []


def playthrough(game: str, players: int, seed: int = SEED) -> str:
    """The text of one golden playthrough."""
    state = engine.new_game(game, players, seed=seed)
    bot, rng = make_bot(game, POLICY), Rng(seed)
    out = [f"# Golden playthrough: {game}, {players} players, game seed {seed}, default options.",
           f"# Every seat: the {POLICY} bot, its random numbers from Rng({seed}).",
           "# The public table (the spectator's view) is printed whole at the start;",
           "# after each step only its changed lines: '+ path = value' new or changed, '- path' gone.",
           f"# Written by {REGENERATE}; do not edit by hand.",
           "",
           f"options: {compact(state.options)}",
           "",
           "== start",
           f"to move: seat {state.current_player}",
           "log:", *(f"  {line}" for line in state.log),
           "table:"]
    table = flatten(state.view(None)["table"])
    out += [f"  {path} = {value}" for path, value in table.items()]
    step = 0
    while not state.is_over:
        step += 1
        seat = state.current_player
        view = state.view(seat)
        action = bot.choose(state, seat, rng)
        out += ["", f"== step {step}: seat {seat} to move",
                f"prompt: {view['prompt']}",
                f"legal ({len(view['legal_actions'])}):",
                *(f"  {a['id']}  {a['label']}" for a in view["legal_actions"]),
                f"chose: {action}"]
        logged = len(state.log)
        state.apply(action)
        out += section("log:", state.log[logged:])
        now = flatten(state.view(None)["table"])
        out += section("table:", changes(table, now))
        table = now
    out += ["", "== end",
            f"steps: {step}",
            f"scores: {compact(state.scores())}",
            f"winners: {compact(state.winners())}",
            "result:", *(f"  {path} = {value}" for path, value in flatten(state.result()).items())]
    return "\n".join(out) + "\n"


def first_differences(expected: str, actual: str, name: str, lines: int = 60) -> str:
    """A unified diff of the stored file (``expected``) against a fresh playthrough, cut to its
    first ``lines`` lines."""
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     f"{name} (stored)", f"{name} (played now)", lineterm=""))
    more = len(diff) - lines
    return "\n".join(diff[:lines] + ([f"... and {more} more lines of diff"] if more > 0 else []))
