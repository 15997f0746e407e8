"""The golden playthroughs: each stored game is played again and must come out the same, line
for line (tests/engine/playthrough_text.py writes them; docs/testing.md, "Golden playthroughs").

A change to a rule, a prompt, a label, a log line or the public table shows here as a diff of
the first differences; if the change is meant, write the files again with scripts/playthroughs
and review the diff of the files with the change."""

from __future__ import annotations

import pytest

import playthrough_text as golden


@pytest.mark.parametrize("game,players", golden.cases())
def test_a_seeded_game_plays_exactly_as_its_golden_playthrough(game, players):
    name = golden.file_name(game, players)
    path = golden.FOLDER / name
    assert path.exists(), f"no golden playthrough {name}: write it with {golden.REGENERATE}"
    stored = path.read_text(encoding="utf-8")
    now = golden.playthrough(game, players)
    if now != stored:
        pytest.fail(f"{name} plays differently now. The first differences:\n"
                    f"{golden.first_differences(stored, now, name)}\n"
                    f"If the change is meant, write the files again with {golden.REGENERATE} "
                    "and review their diff.", pytrace=False)


def test_every_golden_playthrough_is_of_a_registered_game_and_player_count():
    wanted = {golden.file_name(game, players) for game, players in golden.cases()}
    stored = {path.name for path in golden.FOLDER.glob("*.txt")}
    assert stored == wanted, f"stale files {sorted(stored - wanted)}; run {golden.REGENERATE}"


@pytest.mark.parametrize("game,players", golden.cases()[:2])
def test_the_changes_rebuild_the_spectators_table_at_every_step(game, players):
    """Read back, a playthrough gives the public table after every step: its start table with
    each step's ``+``/``-`` lines applied is the spectator's view of the game replayed to there."""
    import engine
    text = golden.FOLDER.joinpath(golden.file_name(game, players)).read_text(encoding="utf-8")
    state = engine.new_game(game, players, seed=golden.SEED)
    blocks = text.split("\n== ")
    start = next(b for b in blocks if b.startswith("start\n"))
    table = dict(line[2:].split(" = ", 1) for line in start.split("table:\n", 1)[1].splitlines())
    assert table == golden.flatten(state.view(None)["table"])
    steps = [b for b in blocks if b.startswith("step ")]
    assert steps
    for block in steps:
        lines = block.splitlines()
        state.apply(next(line[len("chose: "):] for line in lines if line.startswith("chose: ")))
        changed = lines[lines.index("table:") + 1:] if "table:" in lines else []
        for line in changed:
            if line.startswith("  + "):
                path, value = line[4:].split(" = ", 1)
                table[path] = value
            else:
                del table[line[4:]]
        assert table == golden.flatten(state.view(None)["table"]), block.splitlines()[0]
    assert state.is_over
