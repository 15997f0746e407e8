"""The terminal: a human plays by typing numbers and sees only their own hand."""

from __future__ import annotations

import json
import subprocess
import sys


def run(args, stdin):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_list_shows_games_and_bots():
    out = run(["list"], "").stdout
    assert "motto" in out and "greedy" in out


def test_human_plays_motto_to_the_end_against_bots(tmp_path):
    # Always answer "1" (the first legal action); save once on the way.
    save = tmp_path / "game.json"
    answers = f"save {save}\n" + "1\n" * 3000
    proc = run(["play", "motto", "--players", "3", "--humans", "1", "--seed", "12"], answers)
    assert proc.returncode == 0, proc.stderr
    assert "Final scores:" in proc.stdout and "(winner)" in proc.stdout
    assert "Your hand:" in proc.stdout
    saved = json.loads(save.read_text())
    assert saved["game"] == "motto" and saved["seed"] == 12


def test_bad_settings_give_a_clear_error():
    proc = run(["play", "motto", "--players", "9"], "")
    assert proc.returncode == 2 and "2-4 players" in proc.stderr


def test_undo_takes_back_a_chosen_card_and_refuses_at_the_start():
    import engine
    from engine.bots import make_bot
    from engine.rng import Rng

    # the same game as the terminal's: take the first face-up card, the greedy bot answers
    for seed in range(100):
        state, bot = engine.new_game("motto", 2, seed=seed, options={"first_player": "1"}), make_bot("motto", "greedy")
        state.apply("take:0")
        state.apply(bot.choose(state, 1, Rng(seed)))
        ids = [a.id for a in state.legal_actions()]
        selects = [i for i, a in enumerate(ids) if a.startswith("select:")]
        if state.current_player == 0 and selects:
            break
    number = selects[0] + 1
    answers = f"undo\n1\n{number}\nundo\nundo\nquit\n"
    proc = run(["play", "motto", "--players", "2", "--seed", str(seed), "--option", "first_player=1"], answers)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Not possible: nothing can be taken back: nothing has been done yet" in out
    assert "Undone: Choose " in out
    assert "Not possible: nothing to take back: you have made no decision since Greedy bot 1 acted" in out


def test_a_save_from_windows_notepad_loads_or_says_how_to_save_it(tmp_path):
    import codecs

    import engine

    state = engine.new_game("motto", 2, seed=5)
    text = json.dumps(state.save())
    utf8 = tmp_path / "utf8-with-mark.json"
    utf8.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    proc = run(["play", "--load", str(utf8), "--humans", "0"], "")
    assert proc.returncode == 0 and "Final scores:" in proc.stdout, proc.stderr
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(text.encode("utf-16"))
    proc = run(["play", "--load", str(utf16)], "")
    assert proc.returncode == 2 and "save the file as UTF-8" in proc.stderr, proc.stderr
