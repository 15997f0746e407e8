"""The worked examples in the docs are run, so they cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.parametrize("doc", ["engine-api.md"])
def test_worked_examples_run(doc, capsys):
    blocks = python_blocks(DOCS / doc)
    assert blocks
    for block in blocks:
        if "state, seat, rng" in block:  # a signature sketch, not a runnable example
            continue
        if block.startswith("# engine/games/"):  # a file of a game's package (relative imports)
            continue
        exec(compile(block, f"{doc}", "exec"), {})
    out = capsys.readouterr().out
    assert "refused: the table has face-up slots 0 to 3 only" in out
    assert "winners:" in out
