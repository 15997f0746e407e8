"""Saves that survive engine updates: a save holds the position at saving time, and a game whose
actions no longer replay to it (the engine deals or steps differently) goes on from there.

The engine changes are planted with monkeypatch: a different shuffle (every game shuffles its
deck with ``Rng.shuffle``) and an extra step (a new decision at the start of every game).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine import bridge
from engine.core import Action, State
from engine.registry import game_class, game_names
from engine.saves import RESTORED_NOTICE, load_save
from engine.rng import Rng

FIXTURES = sorted((Path(__file__).parent / "saves_v1").glob("*.json"))
#: the table each game's saves are made at (a game not named here: its fewest seats, default options)
TABLES = {"motto": (3, {}), "mottainai": (3, {}), "moteneba": (4, {"house_remove_cube": "on"})}
GAMES = game_names()


def table(game: str) -> tuple[int, dict]:
    return TABLES.get(game, (game_class(game).info.min_players, {}))
POINTS = (0, 7, 45, 120)


def views(state) -> list[dict]:
    return [state.view(s) for s in range(state.num_players)] + [state.view(None)]


def ids(state) -> list[str]:
    return [a.id for a in state.legal_actions()]


def played(game: str, steps: int, seed: int = 21) -> State:
    players, options = table(game)
    state = engine.new_game(game, players, seed=seed, options=options)
    rng = Rng(seed)
    while len(state.history) < steps and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def plant_shuffle(monkeypatch) -> None:
    """The new engine shuffles differently (the same shuffle, then reversed)."""
    shuffle = Rng.shuffle

    def reversed_shuffle(self, items):
        shuffle(self, items)
        items.reverse()

    monkeypatch.setattr(Rng, "shuffle", reversed_shuffle)


def plant_extra_step(monkeypatch, cls) -> None:
    """The new engine asks for one more decision: "begin" before anything else of a new game
    (in its list of legal actions and in its lookup of one, State._legal_action)."""
    legal, lookup, apply = cls._legal, cls._legal_action, cls._apply

    def first(self) -> bool:
        return not self.history and self._start is None and not getattr(self, "_begun", False)

    def new_legal(self):
        if first(self):
            return [Action("begin", "Begin the game")]
        return legal(self)

    def new_lookup(self, action_id):
        if first(self):
            return Action("begin", "Begin the game") if action_id == "begin" else None
        return lookup(self, action_id)

    def new_apply(self, action):
        if action.id == "begin":
            return
        apply(self, action)

    monkeypatch.setattr(cls, "_legal", new_legal)
    monkeypatch.setattr(cls, "_legal_action", new_lookup)
    monkeypatch.setattr(cls, "_apply", new_apply)


def continue_both(a: State, b: State, seed: int, steps: int = 60) -> None:
    """Play ``a`` and ``b`` on with the same random choices: the same views and legal actions."""
    rng = Rng(seed)
    for _ in range(steps):
        assert views(a) == views(b)
        assert ids(a) == ids(b)
        if a.is_over:
            break
        action = rng.choice(a.legal_actions()).id
        a.apply(action)
        b.apply(action)


@pytest.mark.parametrize("plant", ["shuffle", "extra step"])
@pytest.mark.parametrize("game", GAMES)
def test_saves_from_before_an_engine_change_go_on_from_where_they_were(monkeypatch, game, plant):
    saves = {steps: (played(game, steps), json.dumps(played(game, steps).save())) for steps in POINTS}
    if plant == "shuffle":
        plant_shuffle(monkeypatch)
    else:
        plant_extra_step(monkeypatch, engine.game_class(game))
    for steps, (original, text) in saves.items():
        loaded = load_save(text)
        if steps == 0 and plant == "extra step":   # nothing to replay: the new step comes first
            assert not loaded.restored and ids(loaded.state) == ["begin"]
            continue
        assert loaded.restored, f"the save at {steps} replayed under the changed engine ({plant})"
        assert loaded.notice == RESTORED_NOTICE and loaded.why
        restored = loaded.state
        assert views(restored) == views(original)
        assert ids(restored) == ids(original)
        assert restored.current_player == original.current_player and restored.history == []
        assert restored.turn == original.turn   # it keeps counting the turns
        # a later save of the restored game loads again, exactly, with no notice
        again = json.dumps(restored.save())
        second = load_save(again)
        assert not second.restored and json.dumps(second.state.save()) == again
        continue_both(original, restored, seed=steps)
        later = json.dumps(restored.save())
        third = load_save(later)
        assert not third.restored and views(third.state) == views(restored)
        assert json.dumps(third.state.save()) == later


@pytest.mark.parametrize("game", GAMES)
def test_a_save_that_replays_loads_as_its_replay(game):
    for steps in POINTS:
        state = played(game, steps)
        text = json.dumps(state.save())
        loaded = load_save(text)
        assert not loaded.restored and loaded.notice is None
        assert loaded.state.history == state.history and views(loaded.state) == views(state)
        assert json.dumps(loaded.state.save()) == text


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_old_format_saves_load_as_before(path):
    saved = json.loads(path.read_text())
    assert saved["format"] == "moteplay-save-1" and "state" not in saved
    loaded = load_save(saved)
    assert not loaded.restored
    state = loaded.state
    assert state.history == saved["actions"]
    replay = engine.new_game(saved["game"], saved["num_players"], seed=saved["seed"], options=saved["options"])
    for action_id in saved["actions"]:
        replay.apply(action_id)
    assert views(state) == views(replay)
    # saved again, it is a moteplay-save-2 that loads to the same game
    text = json.dumps(state.save())
    assert json.loads(text)["format"] == "moteplay-save-2"
    assert views(engine.load(text)) == views(state)


def test_an_old_format_save_that_no_longer_replays_is_refused_as_before(monkeypatch):
    saved = json.loads(next(p for p in FIXTURES if p.stem == "motto-3p-seed11-at95").read_text())
    plant_shuffle(monkeypatch)
    with pytest.raises(engine.SaveError, match="cannot be replayed"):
        engine.load(saved)


def test_undo_and_replay_start_where_the_game_was_brought_back(monkeypatch):
    original = played("motto", 30)
    while len(original.history) < 60 and (original.current_player is None or not original.legal_actions()
                                          or not any(a.id.startswith("select:") for a in original.legal_actions())):
        original.apply(original.legal_actions()[0])
    seat = original.current_player
    select = next(a.id for a in original.legal_actions() if a.id.startswith("select:"))
    original.apply(select)
    assert original.can_undo(seat)
    text = json.dumps(original.save())
    plant_shuffle(monkeypatch)
    restored = engine.load(text)
    # the selection made before the restore cannot be taken back any more
    assert not restored.can_undo(seat)
    with pytest.raises(engine.IllegalActionError, match="brought back from an earlier version's save"):
        restored.undo(seat)
    # a decision made after it can, back to the restored position exactly
    before = views(restored)
    restored.apply("cancel")
    assert restored.can_undo(seat)
    restored.undo(seat)
    assert views(restored) == before and restored.history == []
    # the replay starts there too: step 0 is the restored position, with its log
    restored.apply(restored.legal_actions()[0].id)
    bridge._game = restored
    info = json.loads(bridge.replay_info())["replay"]
    assert info["steps"] == 1 and info["from_saved_position"] is True
    assert info["log"][:len(original.log)] == original.log
    first = json.loads(bridge.replay_view(json.dumps({"step": 0, "seat": seat})))["view"]
    del first["step"]
    assert first == before[seat]


def test_the_bridge_says_once_and_shows_no_stored_position(monkeypatch):
    original = played("mottainai", 50)
    text = json.dumps(original.save())
    plant_shuffle(monkeypatch)
    reply = json.loads(bridge.load(text))
    assert reply["ok"] and reply["notice"] == RESTORED_NOTICE
    assert set(reply) == {"ok", "status", "notice"}
    saved = json.loads(bridge.save())["save"]
    reply = json.loads(bridge.load(json.dumps(saved)))
    assert reply["ok"] and reply["notice"] is None
    # bots and hints play on from the restored position
    seat = reply["status"]["current_player"]
    hint = json.loads(bridge.hint(json.dumps({"seat": seat, "iterations": 20})))
    assert hint["ok"] and hint["action"] in ids(bridge._game)
    turn = json.loads(bridge.bot_turn(json.dumps({"seat": seat, "bot": "hard", "seed": 1})))
    assert turn["ok"] and turn["actions"] >= 1
    # no view holds anything of the stored position beyond what the seat saw before
    for s in range(original.num_players):
        view = json.loads(bridge.view(json.dumps(s)))["view"]
        assert "state" not in view and "rng" not in json.dumps(view)


# ---------------------------------------------------------------------- refused stored positions
def stored(game: str = "motto", steps: int = 40) -> dict:
    return played(game, steps).save()


def refused(save: dict, match: str) -> None:
    with pytest.raises(engine.SaveError, match=match) as err:
        engine.load(json.dumps(save))
    assert len(str(err.value)) <= 300
    reply = json.loads(bridge.load(json.dumps(save)))
    assert not reply["ok"] and "damaged" in reply["error"]


def test_a_position_of_a_newer_layout_is_refused():
    save = stored()
    save["state"]["schema"] = 99
    refused(save, "newer version")


def test_a_card_that_does_not_exist_is_refused():
    save = stored()
    save["state"]["game"]["deck"][0] = "love-4-green"
    refused(save, "not a Motto card")


def test_cards_that_do_not_add_up_are_refused():
    save = stored()
    game = save["state"]["game"]
    game["hands"][0].append(game["deck"][0])
    refused(save, "does not add up")
    save = stored("mottainai", 30)
    save["state"]["game"]["deck"].pop()
    refused(save, "does not add up")
    save = stored("moteneba", 30)
    save["state"]["game"]["bag"][0] += 1
    refused(save, "do not add up")


def test_a_seat_to_move_that_does_not_exist_is_refused():
    for game in GAMES:
        save = stored(game)
        save["state"]["current"] = table(game)[0]
        refused(save, "current must be a whole number from 0")


def test_a_save_2_without_its_position_is_refused():
    save = stored()
    del save["state"]
    refused(save, "missing state")


def test_a_consistent_but_different_position_goes_on_from_the_stored_one():
    """The stored position is what the player had: a save whose position differs from its replay
    (two hand cards swapped with the deck) goes on from the stored position."""
    save = stored()
    game = save["state"]["game"]
    game["hands"][0][0], game["deck"][0] = game["deck"][0], game["hands"][0][0]
    game["known"][0] = []
    loaded = load_save(json.dumps(save))
    assert loaded.restored
    assert [c["key"] for c in loaded.state.view(0)["table"]["hand"]] == sorted(
        game["hands"][0], key=lambda k: engine.games.motto.rules.CARD_BY_KEY[k])


def test_a_step_the_rules_now_take_by_themselves_is_taken_for_a_stored_position():
    """Moteneba takes the +3 Power step of a player without a +3 Power card by itself. A saved
    position waiting at that step (as an engine that still asked "Say done" wrote it) goes on past
    it on loading, through ``_settle``: the same position as if the player had said done."""
    def waiting(state):
        return state.phase == "power" and "power" not in state.hands[state.current_player]

    for seed in range(40):
        state, rng = engine.new_game("moteneba", 3, seed=seed), Rng(seed)
        state._takes_forced_steps = False          # the earlier engine: the player says done
        while not state.is_over and not waiting(state):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    else:
        pytest.fail("no game waits at a +3 Power step without a card")
    text = json.dumps(state.save())
    expected = state.clone()
    while not expected.is_over and waiting(expected):
        expected.apply("done")
    loaded = load_save(text)
    assert loaded.restored           # its "done" answers no longer replay: it goes on from the position
    assert not waiting(loaded.state)
    assert views(loaded.state) == views(expected) and ids(loaded.state) == ids(expected)
    again = json.dumps(loaded.state.save())
    assert json.dumps(engine.load(again).save()) == again

