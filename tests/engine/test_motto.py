"""Motto: every rule of the rulebook and every ruling M1-M8, with the rulebook's examples."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

import engine
from engine.bots import make_bot, play_out
from engine.core import IllegalActionError
from engine.games.motto.rules import ALL_KINDS, Card, build_deck, shared_values
from engine.rng import Rng


def card(text: str) -> Card:
    """``"2 love red"`` -> Card."""
    count, symbol, colour = text.split()
    return Card(symbol, int(count), colour)


def game(n=3, *, hands=None, pool=None, deck=None, discard=None, current=0, seed=1):
    """A Motto game with chosen cards (anything not given stays as dealt)."""
    state = engine.new_game("motto", n, seed=seed, options={"first_player": str(current + 1)})
    if hands is not None:
        state.hands = [[card(c) for c in hand] for hand in hands]
        state.known = [[] for _ in range(n)]
    if pool is not None:
        state.pool = [card(c) if c else None for c in pool]
    if deck is not None:
        state.deck = [card(c) for c in deck]
    if discard is not None:
        state.discard = [card(c) for c in discard]
    return state


def play(state, *cards):
    for text in cards:
        state.apply(f"select:{card(text).key}")
    state.apply("confirm")


# ---------------------------------------------------------------- M1: the deck
def test_deck_has_every_combination_twice():
    deck = build_deck()
    assert len(deck) == 54
    assert len(ALL_KINDS) == 27
    assert set(Counter(deck).values()) == {2}


def test_three_cards_never_share_all_three_values():
    deck = build_deck()
    for triple in combinations(range(54), 3):
        cards = [deck[i] for i in triple]
        assert len(shared_values(cards)) < 3
        break  # the full check is below, over kinds (cheaper, equivalent)
    for a, b, c in combinations(ALL_KINDS, 3):
        assert len(shared_values([a, b, c])) < 3


def test_setup_deals_two_cards_each_four_face_up_and_nine_stacks():
    for n in (2, 3, 4):
        state = engine.new_game("motto", n, seed=n)
        assert [len(h) for h in state.hands] == [2] * n
        assert len([c for c in state.pool if c]) == 4
        assert len(state.deck) == 54 - 2 * n - 4
        assert list(state.stacks.values()) == [[3, 2, 1]] * 9
        assert sorted(state.deck + state.pool + sum(state.hands, [])) == sorted(build_deck())


# ---------------------------------------------------------------- M2, M3: turns and plays
def test_a_turn_is_one_action_then_the_next_player_clockwise():
    state = game(3, current=1)
    state.apply("draw")
    assert state.current_player == 2
    state.apply("take:0")
    assert state.current_player == 0


def test_taking_a_face_up_card_refills_the_slot_from_the_deck():
    state = game(2, pool=["1 love red", "2 love red", "3 love red", "1 money blue"],
                 deck=["3 passion purple", "2 money blue"])
    state.apply("take:1")
    assert card("2 love red") in state.hands[0]
    assert state.pool[1] == card("2 money blue")  # the top of the deck (end of the list)
    assert state.deck == [card("3 passion purple")]


def test_drawing_takes_the_top_of_the_deck_unseen_by_others():
    state = game(2, hands=[["1 love red"], ["1 money blue"]], deck=["3 passion purple", "2 money blue"])
    state.apply("draw")
    assert card("2 money blue") in state.hands[0]
    other = json.dumps(state.view(1))
    assert "money-2-blue" not in other.replace(json.dumps(state.view(1)["table"]["pool"]), "")
    assert state.view(1)["table"]["players"][0]["hand_count"] == 2
    assert "draws a card from the deck" in state.log[-1]


def test_rulebook_example_1_red_twos_take_red_and_two_tokens():
    # All red, all with 2 symbols, but love and passion: no symbol token.
    state = game(3, hands=[["2 love red", "2 passion red", "2 love red"], [], []])
    play(state, "2 love red", "2 love red", "2 passion red")
    assert sorted(state.tokens[0]) == [("2", 3), ("red", 3)]
    assert state.stacks["love"] == [3, 2, 1]
    assert state.stacks["red"] == [2, 1] and state.stacks["2"] == [2, 1]


def test_rulebook_example_2_money_only_takes_the_money_token():
    state = game(3, hands=[["2 money red", "3 money blue", "2 money purple"], [], []])
    play(state, "2 money red", "3 money blue", "2 money purple")
    assert state.tokens[0] == [("money", 3)]


def test_played_cards_go_to_the_discard_pile():
    state = game(2, hands=[["1 love red", "2 love red", "3 love red", "1 money blue"], []], discard=[])
    play(state, "1 love red", "2 love red", "3 love red")
    assert state.hands[0] == [card("1 money blue")]
    assert sorted(state.discard) == sorted([card("1 love red"), card("2 love red"), card("3 love red")])


def test_each_stack_pays_largest_first_then_nothing_when_empty():
    state = game(2, hands=[["1 love red"] * 2 + ["1 love blue"], []])
    state.stacks["love"] = [1]
    state.stacks["1"] = []
    play(state, "1 love red", "1 love red", "1 love blue")
    assert state.tokens[0] == [("love", 1)]
    assert state.stacks["love"] == []


def test_a_legal_triple_is_legal_even_if_it_pays_nothing():
    state = game(2, hands=[["1 love red", "2 love blue", "3 love purple"], []])
    state.stacks["love"] = []
    play(state, "1 love red", "2 love blue", "3 love purple")
    assert state.tokens[0] == []
    assert "no tokens" in state.log[-1]


def test_a_triple_sharing_nothing_cannot_be_played_and_says_why():
    state = game(2, hands=[["1 love red", "1 money red", "1 passion blue", "3 passion purple"], []])
    state.apply("select:" + card("1 love red").key)
    with pytest.raises(IllegalActionError, match="these two cards share no symbol, number or colour"):
        state.apply("select:" + card("3 passion purple").key)
    state.apply("select:" + card("1 money red").key)
    with pytest.raises(IllegalActionError, match="these three cards share no symbol, number or colour"):
        state.apply("select:" + card("3 passion purple").key)
    assert state.selection == [card("1 love red"), card("1 money red")]
    state.apply("select:" + card("1 passion blue").key)
    state.apply("confirm")
    assert state.tokens[0] == [("1", 3)]


def test_selection_only_offers_cards_that_can_complete_a_play():
    state = game(2, hands=[["1 love red", "2 love blue", "3 passion purple", "2 money purple"], []])
    offered = {a.id for a in state.legal_actions() if a.id.startswith("select:")}
    # the only play is love? no: 1 love red + 2 love blue + nothing else with love. Purple pair + ? no.
    assert offered == set()
    with pytest.raises(IllegalActionError, match="no play includes this card: it shares no symbol, number or colour with two other cards"):
        state.apply("select:" + card("1 love red").key)


def test_three_selected_cards_preview_their_tokens_and_can_be_cancelled():
    state = game(2, hands=[["1 love red", "2 love red", "3 love red"], []])
    for text in ("1 love red", "2 love red", "3 love red"):
        state.apply("select:" + card(text).key)
    ids = [a.id for a in state.legal_actions()]
    assert ids == ["confirm", "cancel"]
    preview = state.view(0)["table"]["preview"]
    assert [t["key"] for t in preview["tokens"]] == ["love", "red"]
    assert state.view(1)["table"]["selection"] == [] and state.view(1)["table"]["preview"] is None
    state.apply("cancel")
    assert state.selection == [] and state.current_player == 0
    state.apply("draw")
    assert state.current_player == 1


def test_cannot_take_or_draw_in_the_middle_of_choosing_a_play():
    state = game(2, hands=[["1 love red", "2 love red", "3 love red"], []])
    state.apply("select:" + card("1 love red").key)
    with pytest.raises(IllegalActionError, match="choosing cards"):
        state.apply("draw")
    with pytest.raises(IllegalActionError, match="choosing cards"):
        state.apply("take:0")


def test_selecting_a_card_not_in_hand_is_refused():
    state = game(2, hands=[["1 love red", "2 love red", "3 love red"], []])
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply("select:" + card("3 money blue").key)
    state.apply("select:" + card("1 love red").key)
    with pytest.raises(IllegalActionError, match="no other copy"):
        state.apply("select:" + card("1 love red").key)
    with pytest.raises(IllegalActionError, match="no card"):
        state.apply("select:unicorn")


# ---------------------------------------------------------------- M4: refilling and reshuffling
def test_empty_deck_is_refilled_by_shuffling_the_discard_pile():
    state = game(2, hands=[["1 love red"], ["1 money blue"]], deck=[], discard=["3 love red", "2 love red"])
    state.apply("draw")
    assert len(state.hands[0]) == 2 and len(state.deck) == 1 and state.discard == []
    assert "shuffled into a new deck" in state.log[-2]


def test_with_deck_and_discard_empty_the_pool_stays_short_and_drawing_is_impossible():
    state = game(2, hands=[["1 love red"], ["1 money blue"]], deck=[], discard=[],
                 pool=["1 love blue", "2 love red", "3 passion red", "1 passion blue"])
    state.apply("take:0")
    assert state.pool[0] is None
    ids = {a.id for a in state.legal_actions()}
    assert "draw" not in ids and "take:0" not in ids and "take:1" in ids
    with pytest.raises(IllegalActionError, match="both empty"):
        state.apply("draw")
    with pytest.raises(IllegalActionError, match="empty"):
        state.apply("take:0")


def test_a_slot_left_empty_is_refilled_as_soon_as_a_play_fills_the_discard_pile():
    # M4 clarified: deck and discard empty, so slot 0 stayed empty after the take ...
    state = game(2, hands=[["1 love red", "2 love red", "3 passion red"], ["1 money blue", "1 love blue"]],
                 deck=[], discard=[], pool=["1 money red", "2 money red", "3 money red", "2 passion blue"])
    state.apply("take:0")
    assert state.pool[0] is None and state.current_player == 1
    state.apply("take:2")
    assert state.pool[0] is None and state.pool[2] is None
    # ... and the play's three cards are shuffled into a new deck and fill both slots at once
    play(state, "1 love red", "2 love red", "3 passion red")
    refilled = [state.pool[0], state.pool[2]]
    assert None not in state.pool and len(state.deck) == 1 and state.discard == []
    assert sorted(refilled + state.deck) == sorted(card(c) for c in ("1 love red", "2 love red", "3 passion red"))
    assert state.log[-1] == "The deck is empty: the discard pile is shuffled into a new deck."
    assert "draw" in {a.id for a in state.legal_actions()}


def test_a_take_from_an_empty_deck_reshuffles_the_discard_pile_into_the_slot():
    state = game(2, deck=[], discard=["3 love red"])
    taken = state.pool[1]
    state.apply("take:1")
    assert state.pool[1] == card("3 love red") and state.deck == [] and state.discard == []
    assert taken in state.hands[0] and None not in state.pool


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_from_an_empty_table_the_pool_is_short_only_while_no_card_is_left_to_show(seed):
    # every card in the hands: no deck, no discard pile, no pool; then random play to the end
    state = engine.new_game("motto", 3, seed=seed)
    cards = state.deck + state.pool
    state.deck, state.pool = [], [None] * 4
    for i, c in enumerate(cards):
        state.hands[i % 3].append(c)
    rng, bot = Rng(seed), make_bot("motto", "random")
    refilled = False
    while not state.is_over:
        state.apply(bot.choose(state, state.current_player, rng))
        if not state.selection:
            assert None not in state.pool or (state.deck == [] and state.discard == [])
            refilled = refilled or None not in state.pool
    assert refilled


# ---------------------------------------------------------------- M5: passing
def test_a_player_with_nothing_to_do_passes():
    state = game(2, hands=[["1 love red", "2 passion blue"], ["1 money blue"]], deck=[], discard=[],
                 pool=[None, None, None, None])
    assert [a.id for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.current_player == 1


# ---------------------------------------------------------------- M6: the end
def empty_all_large_and_medium_but(state, keep_key):
    for key in state.stacks:
        state.stacks[key] = [1] if key != keep_key else [2, 1]


def test_last_medium_token_gives_every_other_player_one_more_turn():
    state = game(3, hands=[["1 love red", "2 love blue", "3 love purple"], ["1 money blue"], ["2 money blue"]],
                 current=0)
    empty_all_large_and_medium_but(state, "love")
    play(state, "1 love red", "2 love blue", "3 love purple")
    assert state.tokens[0] == [("love", 2)]
    assert state.final_turns == 2 and not state.is_over
    assert state.view(1)["table"]["final_turns"] == 2
    state.apply("draw")   # seat 1's last turn
    assert not state.is_over and state.current_player == 2
    state.apply("draw")   # seat 2's last turn
    assert state.is_over and state.current_player is None
    assert "The game is over" in state.log[-1]


def test_taking_only_small_tokens_does_not_end_the_game():
    state = game(2, hands=[["1 love red", "2 love blue", "3 love purple"], ["1 money blue"]])
    for key in state.stacks:
        state.stacks[key] = [2, 1]
    state.stacks["love"] = [1]
    play(state, "1 love red", "2 love blue", "3 love purple")
    assert state.final_turns is None


def test_rulebook_example_3_scores_and_winner():
    state = game(3)
    state.tokens = [
        [("love", 3)] * 4 + [("red", 2)] * 4 + [("blue", 1)],      # Adam: 21
        [("love", 3)] * 2 + [("red", 2)] * 3 + [("blue", 1)] * 2,  # Thomas: 14
        [("love", 3)] * 3 + [("red", 2)] * 2 + [("blue", 1)] * 4,  # Patrick: 17
    ]
    state._end_game()
    assert state.scores() == [21, 14, 17]
    assert state.winners() == [0]
    rows = state.result()["rows"]
    assert rows[0]["cells"] == [4, 4, 1, 9] and rows[0]["total"] == 21


def test_ties_share_the_win():
    state = game(2)
    state.tokens = [[("love", 3)], [("red", 2), ("blue", 1)]]
    state._end_game()
    assert state.winners() == [0, 1]


# ---------------------------------------------------------------- M7: what is public
def test_views_show_own_hand_only_and_public_counts():
    state = game(3, hands=[["1 love red", "2 love red"], ["3 money blue"], ["1 passion purple", "2 money red"]])
    for seat in range(3):
        table = state.view(seat)["table"]
        assert [c["key"] for c in table["hand"]] == sorted(c.key for c in state.hands[seat])
        assert [p["hand_count"] for p in table["players"]] == [2, 1, 2]
        text = json.dumps(table["players"]) + json.dumps(state.view(seat)["log"])
        for other in range(3):
            if other != seat:
                for c in state.hands[other]:
                    assert c.key not in text
    assert "hand" not in state.view(None)["table"]


def test_legal_actions_are_listed_only_for_the_seat_to_move():
    state = game(3, current=2)
    assert state.view(0)["legal_actions"] == [] and state.view(2)["legal_actions"]
    assert "Waiting for {P2}" in state.view(0)["prompt"]
    with pytest.raises(IllegalActionError, match="not your turn"):
        state.apply("draw", seat=0)


# ---------------------------------------------------------------- M8: first player
def test_first_player_comes_from_the_seed_or_the_option():
    firsts = {engine.new_game("motto", 4, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert engine.new_game("motto", 4, seed=3, options={"first_player": "3"}).current_player == 2
    with pytest.raises(ValueError, match="seat 4 cannot take the first turn in a 2-player game"):
        engine.new_game("motto", 2, options={"first_player": "4"})


# ---------------------------------------------------------------- hidden info for bots
def test_determinize_keeps_cards_taken_face_up_and_redeals_the_rest():
    state = game(2, hands=[["1 love red"], ["1 money blue", "2 money blue"]])
    state.known[1] = [card("2 money blue")]
    changed = False
    for k in range(20):
        other = state.determinize(0, Rng(k))
        assert card("2 money blue") in other.hands[1] and len(other.hands[1]) == 2
        assert other.hands[0] == state.hands[0] and other.pool == state.pool
        assert sorted(other.deck + other.hands[1]) == sorted(state.deck + state.hands[1])
        changed |= other.hands[1] != state.hands[1]
    assert changed


# ---------------------------------------------------------------- bots
def test_greedy_bot_beats_random_bot_most_of_the_time():
    wins = 0
    for seed in range(30):
        state = engine.new_game("motto", 2, seed=seed)
        greedy = seed % 2
        bots = [make_bot("motto", "random"), make_bot("motto", "random")]
        bots[greedy] = make_bot("motto", "greedy")
        play_out(state, bots, Rng(seed))
        wins += state.winners() == [greedy]
    assert wins >= 25


def test_greedy_bot_takes_the_best_paying_play():
    state = game(2, hands=[["1 love red", "2 love red", "3 love red", "1 money blue", "1 passion blue",
                            "2 money purple"], []])
    bot = make_bot("motto", "greedy")
    rng = Rng(0)
    while state.current_player == 0:
        state.apply(bot.choose(state, 0, rng))
    # love + red (3+3) beats any other set in that hand
    assert sorted(state.tokens[0]) == [("love", 3), ("red", 3)]
