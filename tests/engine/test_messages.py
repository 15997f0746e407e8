"""What a player reads from the engine: refusals in the game's own words, never an action id, a
parser's message or an option name; the score unit of each game; prompts that name only what is
possible."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine import bridge
from engine.core import IllegalActionError
from engine.saves import SaveError
from engine.games.mottainai.cards import kind_of
from engine.games.motto.rules import Card


def motto_card(text: str) -> Card:
    count, symbol, colour = text.split()
    return Card(symbol, int(count), colour)


def find(game: str, players: int, wanted, seeds=range(200)):
    """The first state of a seeded random game where ``wanted(state)`` holds."""
    for seed in seeds:
        state = engine.new_game(game, players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if wanted(state):
                return state
            state.apply(rng.choice(state.legal_actions()).id)
    raise AssertionError("no such position")


def test_a_first_player_beyond_the_seats_is_refused_in_lobby_words():
    with pytest.raises(ValueError) as exc:
        engine.new_game("moteneba", 3, options={"first_player": "4"})
    assert str(exc.value) == ("seat 4 cannot take the first turn in a 3-player game: "
                              "choose a seat from 1 to 3, or random")
    assert "first_player" not in str(exc.value)


def test_a_seed_out_of_range_is_said_in_digits():
    reply = json.loads(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": -1})))
    assert reply["error"] == "the seed must be a whole number from 0 to 9,223,372,036,854,775,807, not -1"


def test_a_damaged_save_file_is_explained_in_plain_words():
    text = json.dumps(engine.new_game("motto", 2, seed=1).save(), indent=2)
    reply = json.loads(bridge.load(text[:-12]))
    assert reply["ok"] is False
    assert reply["error"].startswith("the file is damaged or is not a Moteplay save: its text is not readable JSON "
                                     "(it breaks off or goes wrong at line ")
    assert "Expecting" not in reply["error"] and "char" not in reply["error"]
    # an old-format save that does not replay says which move, in the same plain frame
    broken = json.loads(text)
    broken.update(format="moteplay-save-1", actions=["take:9"])
    del broken["state"], broken["start"]
    reply = json.loads(bridge.load(json.dumps(broken)))
    assert reply["error"] == ("the file is damaged or is not a Moteplay save: move 1 of 1 ('take:9') "
                              "cannot be replayed: the table has face-up slots 0 to 3 only")
    with pytest.raises(SaveError, match=r"^move 1 of 1 \('take:9'\) cannot be replayed"):
        engine.load(broken)


def test_an_unknown_move_is_refused_without_its_id():
    state = engine.new_game("motto", 2, seed=1)
    with pytest.raises(IllegalActionError) as exc:
        state.apply("fly:away")
    assert str(exc.value) == "that move is not possible now"


def test_motto_says_why_two_chosen_cards_make_no_play():
    state = engine.new_game("motto", 2, seed=1, options={"first_player": "1"})
    state.hands = [[motto_card(c) for c in ("1 love red", "2 love red", "3 love red", "1 money blue")], []]
    state.known = [[], []]
    state._forget_legal()
    state.apply("select:" + motto_card("1 love red").key)
    with pytest.raises(IllegalActionError) as exc:
        state.apply("select:" + motto_card("1 money blue").key)
    assert str(exc.value) == ("no play includes these two cards: no other card in your hand has the symbol, "
                              "number or colour they share")


def test_mottainai_names_only_the_possible_actions():
    state = find("mottainai", 2, lambda s: s.decision == "action" and s._action_kinds() == ["prayer"]
                 and s.task_owner is not None and s.hands[s.current_player]
                 and "task_action_only" not in s.task_flags)
    seat = state.current_player
    prompt = state.view(seat)["prompt"]
    assert prompt.endswith(". Only Prayer is possible.")
    assert "Craft" not in prompt
    assert [a.id for a in state.legal_actions()] == ["prayer"]
    # a hand card clicked now (the page sends "work:<card>") says why, and what is possible
    kind = kind_of(state.hands[seat][0])
    with pytest.raises(IllegalActionError) as exc:
        state.apply(f"work:{kind.key}", seat=seat)
    assert str(exc.value) == (f"{kind.name} cannot be used now: choose what to do with this action first "
                              "(only Prayer is possible)")
    # so does Craft, and a role that is not the task's
    with pytest.raises(IllegalActionError, match="^Craft needs a"):
        state.apply("craft", seat=seat)


def test_mottainai_choice_of_several_actions_lists_them():
    state = find("mottainai", 2, lambda s: s.decision == "action" and len(s._action_kinds()) == 3)
    prompt = state.view(state.current_player)["prompt"]
    kinds = state._action_kinds()
    assert kinds[1:] == ["craft", "prayer"]
    assert prompt.endswith(f"Choose {kinds[0].capitalize()}, Craft or Prayer.")


def test_each_game_names_its_score_unit():
    assert engine.new_game("motto", 2).result()["unit"] == ["point", "points"]
    assert engine.new_game("mottainai", 2).result()["unit"] == ["point", "points"]
    assert engine.new_game("moteneba", 3).result()["unit"] == ["heart", "hearts"]
