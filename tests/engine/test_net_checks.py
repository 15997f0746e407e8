"""The check of what a guest device is sent (tests/net_checks.py): whole games' messages pass for
every seat and the table screen, and every kind of leak planted in them is caught -- another
seat's hand card, a Mottainai waiting-area card, a Moteneba event card, the seed, the deck order,
every hand before the end, a card named by a message that has no position."""

from __future__ import annotations

import copy
import functools
import sys
from pathlib import Path

import pytest

import engine
from engine.registry import game_names, game_spec
from engine.games.mottainai.cards import KINDS, KINDS_PER_DECK
from registry_cases import player_counts

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/, where net_checks lives
import net_checks  # found through sys.path, set above
from net_checks import check_guest_messages  # found through sys.path, set above

#: one whole game per game: (players, seed); seeds above net_checks.SEED_FLOOR, so the seed is
#: also looked for as a bare number. A game not named here: its fewest seats and a seed of its own.
CHOSEN = {"motto": (3, 123_457), "mottainai": (2, 234_567), "moteneba": (3, 345_679)}
GAMES = {game: CHOSEN.get(game, (player_counts(game)[0], 456_791 + 111_111 * k))
         for k, game in enumerate(game_names())}


@functools.cache
def played(game: str) -> tuple[dict, dict]:
    """``(save, {seat: messages})`` of one random game, for every seat and the table screen."""
    players, seed = GAMES[game]
    return net_checks.messages_from_bridge(game, players, seed)


def position(save: dict, at: int):
    """The game after its first ``at`` actions."""
    state = engine.load(save).restart()
    for action_id in save["actions"][:at]:
        state.apply(action_id)
    return state


def planted(messages: list[dict], at: int, value) -> list[dict]:
    """The messages with ``value`` added to the table of the one sent at ``at``."""
    messages = copy.deepcopy(messages)
    message = next(m for m in messages if m["at"] == at)
    message["view"]["table"]["peek"] = value
    return messages


def find(save: dict, seat, cards_of) -> tuple[int, object]:
    """The first position with a card (as ``cards_of(state)`` lists them, with their kinds)
    secret from ``seat``: ``(at, card)``."""
    model = game_spec(save["game"]).hidden
    state = engine.load(save).restart()
    for at in range(len(save["actions"]) + 1):
        secret = model.secret(state, seat)
        for card, kind in cards_of(state):
            if kind in secret:
                return at, card
        state.apply(save["actions"][at])
    raise AssertionError("no such position in this game")  # pragma: no cover


# ---------------------------------------------------------------------- whole games pass
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_sent_to_every_guest_passes(game):
    save, sent = played(game)
    assert save["seed"] == GAMES[game][1] and save["actions"]
    assert set(sent) == set(range(GAMES[game][0])) | {None}
    for seat, messages in sent.items():
        assert len(messages) == len(save["actions"]) + 1   # the deal, then every action
        assert [m["at"] for m in messages] == list(range(len(save["actions"]) + 1))
        assert all("seed" not in m["status"] for m in messages)
        check_guest_messages(save, seat, messages)


def test_a_game_played_by_bots_turn_by_turn_passes():
    save, sent = net_checks.messages_from_bridge("motto", 2, 456_789, seats=[1, None], moves="greedy")
    assert sorted(sent, key=str) == [1, None]
    for seat, messages in sent.items():
        assert messages[-1]["at"] == len(save["actions"]) and messages[-1]["status"]["is_over"]
        check_guest_messages(save, seat, messages)


# ---------------------------------------------------------------------- planted leaks
def _hand_of(seat, view_key="hand"):
    """Cards as ``seat``'s own view shows them, with their kinds (the model's key table)."""
    def cards(state):
        model = game_spec(state.info.name).hidden
        return [(card, model.keys[card["key"]]) for card in state.view(seat)["table"][view_key]]
    return cards


#: the games whose seats hold a hand their view shows as ``table.hand``
HAND_GAMES = [game for game in game_names()
              if "hand" in engine.new_game(game, player_counts(game)[0], seed=1).view(0)["table"]]


@pytest.mark.parametrize("guest", [0, None])
@pytest.mark.parametrize("game", HAND_GAMES)
def test_another_seats_hand_card_is_caught(game, guest):
    save, sent = played(game)
    at, card = find(save, guest, _hand_of(1))
    with pytest.raises(AssertionError, match=r"names \["):
        check_guest_messages(save, guest, planted(sent[guest], at, card))


@pytest.mark.parametrize("guest", [0, 1, None])
def test_a_mottainai_waiting_area_card_is_caught(guest):
    """Hidden from everyone, its owner too, until night."""
    save, sent = played("mottainai")

    def waiting(state):
        return [(KINDS[c % KINDS_PER_DECK].to_json(), c % KINDS_PER_DECK) for w in state.waiting for c in w]

    at, card = find(save, guest, waiting)
    with pytest.raises(AssertionError, match=r"names \["):
        check_guest_messages(save, guest, planted(sent[guest], at, card))


@pytest.mark.parametrize("guest", [0, None])
def test_another_seats_moteneba_event_card_is_caught(guest):
    save, sent = played("moteneba")

    def events(state):
        return [(card, card["kind"]) for card in state.view(1)["table"]["events"]]

    at, card = find(save, guest, events)
    with pytest.raises(AssertionError, match=r"names \["):
        check_guest_messages(save, guest, planted(sent[guest], at, card))


def test_the_deck_top_is_caught():
    save, sent = played("motto")
    state = position(save, 5)
    card = {"key": state.deck[-1].key, "label": state.deck[-1].label}
    with pytest.raises(AssertionError, match=r"names \["):
        check_guest_messages(save, 0, planted(sent[0], 5, card))


def test_the_table_screen_may_not_see_a_hand_its_owner_sees():
    """A card in seat 0's hand is visible to seat 0, yet still secret from the table screen."""
    save, sent = played("motto")
    at, card = find(save, None, _hand_of(0))
    check_guest_messages(save, 0, planted(sent[0], at, card))     # its owner may be told
    with pytest.raises(AssertionError, match="to the table screen names"):
        check_guest_messages(save, None, planted(sent[None], at, card))


# ---------------------------------------------------------------------- the seed, the deck, every hand
@pytest.mark.parametrize("how", ["key", "number", "text"])
def test_the_seed_in_a_state_message_is_caught(how):
    save, sent = played("motto")
    seed = save["seed"]
    messages = copy.deepcopy(sent[0])
    if how == "key":
        messages[3]["status"]["seed"] = seed
    elif how == "number":
        messages[3]["game_id"] = seed
    else:
        messages[3]["note"] = f"game {seed} started"
    with pytest.raises(AssertionError, match="carries the seed"):
        check_guest_messages(save, 0, messages)


def test_the_seed_and_every_hand_after_the_end():
    """A reveal of the seed and a replay with open hands pass once the game is over, and only
    then; the deck order never passes in a state message."""
    save, sent = played("mottainai")
    end = len(save["actions"])
    final = position(save, end)
    reveal = {"t": "reveal", "at": end, "seed": save["seed"], "actions": save["actions"]}
    replay = {"t": "replay", "at": end, "view": {**final.view(None), "open_hands": final.open_hands()}}
    check_guest_messages(save, 0, sent[0] + [reveal, replay])
    check_guest_messages(save, None, sent[None] + [reveal, replay])
    with pytest.raises(AssertionError, match="carries the seed"):
        check_guest_messages(save, 0, [{**reveal, "at": end - 1}])
    with pytest.raises(AssertionError, match="carries the seed"):
        check_guest_messages(save, 0, [{**reveal, "t": "verify"}])
    with pytest.raises(AssertionError, match="carries the seed"):
        check_guest_messages(save, 0, [{k: v for k, v in reveal.items() if k != "at"}])
    with pytest.raises(AssertionError, match="open_hands"):
        check_guest_messages(save, 0, [{**replay, "at": end - 1}])
    with pytest.raises(AssertionError, match="deck"):
        check_guest_messages(save, 0, [{"t": "state", "at": 4, "deck": [7, 8, 9]}])


def test_a_message_without_a_position_may_name_no_card():
    save, sent = played("motto")
    check_guest_messages(save, 0, [{"t": "hello", "name": "Ann"}, {"t": "state", "at": 10 ** 6}])
    with pytest.raises(AssertionError, match="has no position"):
        check_guest_messages(save, 0, [{k: v for k, v in sent[0][0].items() if k != "at"}])
    public = position(save, 0).pool[0]   # public at the deal, yet the message cannot be placed
    with pytest.raises(AssertionError, match="has no position"):
        check_guest_messages(save, 0, [{"t": "chat", "text": public.label}])


def test_a_log_line_is_checked_against_the_position_that_wrote_it():
    """The log of a later position names cards played from a hand: sent early, it is caught."""
    save, sent = played("motto")
    end = len(save["actions"])
    final_log = position(save, end).log
    messages = copy.deepcopy(sent[0])
    early = messages[1]
    early["view"]["log"] = final_log
    with pytest.raises(AssertionError, match="names"):
        check_guest_messages(save, 0, [early])
