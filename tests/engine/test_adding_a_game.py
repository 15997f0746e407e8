"""A new game is picked up everywhere: scripts/try-a-new-game adds a throwaway game (Motto under
another name) to a copy of the repository touching no existing file but the registration list,
and the registry-wide tests (here: every part of its spec, the engine's contract) run for it
there and pass. docs/engine-api.md, "Adding a game"; docs/testing.md for the whole check."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_throwaway_game_changes_only_the_registration_and_is_tested(tmp_path):
    copy = tmp_path / "repo"
    made = subprocess.run([sys.executable, str(ROOT / "scripts" / "try-a-new-game"), "--dir", str(copy),
                           "--name", "zephyr"], capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    assert "existing files changed (1):\n  engine/games/__init__.py\n" in made.stdout
    assert "  web/js/views/zephyr.js\n" in made.stdout and "  tests/engine/playthroughs/zephyr-2p-seed1.txt\n" in made.stdout
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-m", "not slow", "-k", "zephyr",
                          "tests/engine/test_specs.py", "tests/engine/test_contract.py", "tests/engine/test_playthroughs.py"],
                         cwd=copy, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:]
    passed = int(run.stdout.rsplit(" passed", 1)[0].rsplit("\n", 1)[-1].split()[-1])
    assert passed >= 10, run.stdout[-3000:]
