"""Command line: ``python -m engine list | play | arena``.

``play`` seats humans and bots at one terminal; each human sees only their own view (with a
"pass the keyboard" pause between two humans). ``arena`` plays many seeded games between bots.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__, list_games, load_save, new_game
from .bots import available, make_bot
from .core import IllegalActionError, fill_names
from .registry import game_spec
from .rng import Rng


def _parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        options[name] = value
    return options


def cmd_list(args) -> int:
    for game in list_games():
        print(f"{game['name']:10} {game['title']} ({game['min_players']}-{game['max_players']} players)")
        for opt in game["options"]:
            print(f"{'':12}--option {opt['name']}={'|'.join(opt['values'])} (default {opt['default']})")
        print(f"{'':12}bots: {', '.join(b['name'] for b in available(game['name']))}")
    return 0


def _ask(prompt: str, read) -> str:
    print(prompt, end="", flush=True)
    line = read()
    if line == "":
        raise EOFError
    return line.strip()


def cmd_play(args) -> int:
    read = sys.stdin.readline
    try:
        if args.load:
            with open(args.load, encoding="utf-8") as handle:
                loaded = load_save(handle.read())
            state = loaded.state
            if loaded.notice:
                print(loaded.notice, file=sys.stderr)
        else:
            state = new_game(args.game, args.players, seed=args.seed, options=_parse_options(args.option))
        bot = make_bot(state.info.name, args.bot)
    except UnicodeDecodeError:  # a save in UTF-16, say (Windows Notepad's "Unicode")
        print(f"error: {args.load} is not UTF-8 text: save the file as UTF-8 and try again", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    n = state.num_players
    humans = args.humans if args.humans is not None else 1
    if not 0 <= humans <= n:
        print(f"error: --humans must be 0..{n}", file=sys.stderr)
        return 2
    names = [f"Player {i + 1}" for i in range(humans)] + [f"{bot.name.capitalize()} bot {i + 1}" for i in range(n - humans)]
    render = game_spec(state.info.name).text
    rng = Rng(state.seed)
    print(f"{state.info.title}, {n} players, seed {state.seed}. Type a number to choose, "
          "'undo' to take back your last decision, 'save FILE' to save, 'log' for the whole log, "
          "'quit' to stop.")
    shown_log = len(state.log)
    last_human = None
    try:
        while not state.is_over:
            for line in state.log[shown_log:]:
                print("  " + fill_names(line, names))
            shown_log = len(state.log)
            seat = state.current_player
            if seat >= humans:
                state.apply(bot.choose(state, seat, rng))
                continue
            if humans > 1 and last_human != seat:
                _ask(f"\n--- Pass to {names[seat]}; press Enter when only they can see the screen. ", read)
                print("\n" * 40)
            last_human = seat
            view = state.view(seat)
            print()
            print(render(view, names))
            print(fill_names(view["prompt"], names))
            for i, action in enumerate(view["legal_actions"], start=1):
                print(f"  {i:2}. {fill_names(action['label'], names)}")
            answer = _ask("> ", read)
            if answer in ("quit", "q"):
                return 0
            if answer == "log":
                print("\n".join(fill_names(line, names) for line in state.log))
                continue
            if answer == "undo":
                try:
                    undone = state.undo(seat)
                except IllegalActionError as exc:
                    print(f"Not possible: {fill_names(str(exc), names)}")
                else:
                    label = next((a.label for a in state.legal_actions() if a.id == undone), undone)
                    print(f"Undone: {fill_names(label, names)}")
                    shown_log = len(state.log)
                continue
            if answer.startswith("save "):
                path = answer[5:].strip()
                with open(path, "w", encoding="utf-8") as handle:
                    json.dump(state.save(), handle, indent=1)
                print(f"Saved to {path}.")
                continue
            choice = answer
            if answer.isdigit() and 1 <= int(answer) <= len(view["legal_actions"]):
                choice = view["legal_actions"][int(answer) - 1]["id"]
            try:
                state.apply(choice)
            except IllegalActionError as exc:
                print(f"Not possible: {fill_names(str(exc), names)}")
    except EOFError:
        print("\nInput ended; the game is left unfinished.")
        return 1
    for line in state.log[shown_log:]:
        print("  " + fill_names(line, names))
    result = state.result()
    print("\nFinal scores:")
    print("  " + " | ".join(["Player"] + result["columns"] + ["Total"]))
    for row in result["rows"]:
        mark = " (winner)" if row["seat"] in result["winners"] else ""
        print("  " + " | ".join([names[row["seat"]]] + [str(c) for c in row["cells"]] + [str(row["total"])]) + mark)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Motto, Mottainai and Moteneba.")
    parser.add_argument("--version", action="version", version=f"moteplay {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games, their options and bots").set_defaults(func=cmd_list)
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", nargs="?", default="motto")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--humans", type=int, default=None, help="how many human seats (first seats); default 1")
    play.add_argument("--bot", default="greedy", help="bot for the other seats")
    play.add_argument("--seed", type=int, default=None, help="seed (random if omitted)")
    play.add_argument("--option", action="append", metavar="NAME=VALUE")
    play.add_argument("--load", metavar="FILE", help="resume a saved game")
    play.set_defaults(func=cmd_play)
    try:
        from .arena import add_arena_parser
        add_arena_parser(sub)
    except ImportError:
        pass
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "seed", 0) is None:
        import time
        args.seed = int(time.time() * 1000) % 1_000_000
    return args.func(args)
