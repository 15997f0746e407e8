"""Mottainai base game: every ruling T1-T9 and every rule of the rulebook, plus the effect machinery.

Test states are built by starting a real game and then moving cards by hand with :class:`Table`
(every physical card stays in exactly one place, so the deck stays consistent).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import engine
from engine.bots import make_bot, play_out
from engine.core import IllegalActionError
from engine.games.mottainai import cards as C
from engine.games.mottainai.effects import EFFECTS, Effect, Offer, register_effect, unregister_effect
from engine.rng import Rng

from mottainai_helpers import Table, all_cards, key


# ---------------------------------------------------------------------- helpers
@pytest.fixture(autouse=True)
def base_rules_only():
    """This file tests the base game: the 54 card effects (registered when the package is
    imported) are switched off for each test and restored afterwards. The effects have their
    own test files (tests/engine/test_mottainai_cards_*.py)."""
    saved = dict(EFFECTS)
    EFFECTS.clear()
    yield
    EFFECTS.clear()
    EFFECTS.update(saved)


# ---------------------------------------------------------------------- the cards
def test_the_54_cards_by_name_material_and_value():
    assert len(C.KINDS) == 54
    assert Counter(k.material for k in C.KINDS) == {"paper": 12, "stone": 11, "cloth": 11, "clay": 10, "metal": 10}
    assert len({k.name for k in C.KINDS}) == 54 and len({k.key for k in C.KINDS}) == 54
    for k in C.KINDS:
        assert k.value == {"paper": 1, "stone": 2, "cloth": 2, "clay": 3, "metal": 3}[k.material]
        assert k.trigger in {"morning", "night", "instead", "before_task", "before_action", "after_action",
                             "on_complete", "after_complete", "boost", "opponent", "score", "always"}
        assert k.text
    named = {k.name: k.material for k in C.KINDS}
    assert named["Daidoro"] == "stone" and named["Go Set"] == "stone" and named["Deck of Cards"] == "paper"
    assert named["Turtle"] == "metal" and named["Teapot"] == "clay" and named["Umbrella"] == "cloth"
    assert C.ROLES == {"paper": "clerk", "stone": "monk", "cloth": "tailor", "clay": "potter", "metal": "smith"}


@pytest.mark.parametrize("n,size", [(2, 54), (3, 54), (4, 108), (5, 108)])
def test_one_deck_for_2_3_players_two_for_4_5(n, size):
    s = engine.new_game("mottainai", n, seed=3)
    cards = all_cards(s)
    assert len(cards) == size == len(set(cards))
    copies = Counter(C.kind_of(c).key for c in cards)
    assert set(copies.values()) == {size // 54}


@pytest.mark.parametrize("n,option,works", [(2, "auto", 5), (3, "auto", 5), (4, "auto", 6), (5, "auto", 6),
                                            (2, "on", 6), (3, "on", 6), (4, "off", 5), (5, "off", 5)])
def test_extended_game_option(n, option, works):
    s = engine.new_game("mottainai", n, seed=1, options={"extended": option})
    assert s.works_to_end == works
    assert s.view(0)["table"]["works_to_end"] == works


# ---------------------------------------------------------------------- setup (T2)
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_hands_face_down_tasks_and_floor(n):
    s = engine.new_game("mottainai", n, seed=7)
    first = s.current_player
    assert all(len(h) == 5 for h in s.hands)
    assert all(s.tasks[p] is not None and s.task_face_down[p] for p in range(n) if p != first)
    # the first player's morning has begun: their face-down card is already on the floor
    assert s.tasks[first] is None and len(s.floor) == n + 1 and s.decision == "new_task"
    assert len(s.deck) == 54 * s.decks - 7 * n
    assert first == C.first_player(s.floor[:n])
    # the face-down cards are hidden from everyone, their owner included
    for seat in range(n):
        for p in s.view(seat)["table"]["players"]:
            if p["seat"] != s.current_player:
                assert p["task"] is None and p["task_face_down"] is True


def test_first_player_is_the_floor_card_closest_to_a_then_the_earlier_seat():
    c = lambda k, copy=0: C.KIND_BY_KEY[k].index + 54 * copy  # noqa: E731 - a one-line helper
    assert C.first_player([c("vase"), c("bell"), c("crane")]) == 1
    assert C.first_player([c("deck-of-cards"), c("daidoro")]) == 1        # "Dai" < "Dec"
    assert C.first_player([c("go-set"), c("amulet"), c("amulet", 1), c("bowl")]) == 1  # same name: earlier seat
    assert C.first_player([c("tower"), c("tablet", 1), c("tablet")]) == 1
    for seed in range(20):
        s = engine.new_game("mottainai", 4, seed=seed)
        names = [C.kind_of(f).name.lower() for f in s.floor[:4]]
        assert names[s.current_player] == min(names)
        assert s.current_player == names.index(min(names))


def test_face_down_starting_task_is_not_performed_and_goes_to_the_floor_first_morning():
    t = Table(3, seed=5)
    s = t.s
    first = s.current_player
    down = {p: s.tasks[p] for p in range(3) if p != first}
    assert s.decision == "new_task"
    # the first player's own face-down card is already on the floor
    assert len(s.floor) == 4 and s.tasks[first] is None
    t.play(t.ids()[0])                            # place a task
    # noon: the opponents' face-down cards are skipped, the first task is the player's own
    assert s.task_owner == first
    assert all(s.tasks[p] == down[p] and s.task_face_down[p] for p in down)
    while s.current_player == first:
        s.apply([a for a in t.ids() if a != "cancel"][-1])
    nxt = s.current_player
    # the next player's face-down card went to the floor in their morning
    assert down[nxt] in s.floor and s.tasks[nxt] is None


# ---------------------------------------------------------------------- morning (T3)
def test_hand_limit_returns_the_chosen_extras_to_the_bottom_of_the_deck_before_the_old_task_goes():
    t = Table(2, seed=2)
    s = t.s
    t.no_tasks()
    t.set_hand(0, "bell", "crane", "vase", "robe", "tower", "scroll", "jar")
    old_task = t.put("task", 0, "fan")[0]
    t.go(0, "begin")
    assert s.decision == "limit"
    assert sorted(t.ids()) == sorted(f"return:{k}" for k in ("bell", "crane", "vase", "robe", "tower", "scroll", "jar"))
    assert s.tasks[0] == old_task                 # the old task is still there during the hand limit
    t.play("return:jar")
    assert s.decision == "limit" and key(s.deck[0]) == "jar"
    t.play("return:crane")
    assert [key(c) for c in s.deck[:2]] == ["crane", "jar"]      # both at the bottom, last returned lowest
    assert len(s.hands[0]) == 5
    assert old_task in s.floor and s.decision == "new_task"
    # the log does not say which cards were returned
    assert not any("Crane" in line or "Jar" in line for line in s.log[-4:])


def test_five_cards_is_not_over_the_hand_limit():
    t = Table(2, seed=2)
    t.no_tasks()
    t.set_hand(0, "bell", "crane", "vase", "robe", "tower")
    t.go(0, "begin")
    assert t.s.decision == "new_task"


def test_new_task_or_none():
    t = Table(2, seed=2)
    s = t.s
    t.no_tasks()
    t.set_hand(0, "bell", "crane")
    t.go(0, "begin")
    assert t.ids() == ["task:crane", "task:bell", "no_task"]
    t.play("task:bell")
    assert key(s.tasks[0]) == "bell" and not s.task_face_down[0]
    assert s.view(1)["table"]["players"][0]["task"]["name"] == "Bell"

    t2 = Table(2, seed=2)
    s2 = t2.s
    t2.no_tasks()
    t2.set_hand(0, "bell", "crane")
    t2.go(0, "begin")
    waiting = len(s2.waiting[0])
    t2.play("no_task")
    # no own task: one Prayer, taken at once, then night (the waiting area joins the hand)
    assert s2.current_player == 1
    assert len(s2.hands[0]) == 3 and waiting == 0
    assert any("no task and takes one Prayer" in line for line in s2.log)


def test_empty_hand_means_no_task():
    t = Table(2, seed=2)
    s = t.s
    t.no_tasks()
    t.set_hand(0)
    t.go(0, "begin")
    assert s.current_player == 1 and len(s.hands[0]) == 1   # the Prayer card, at night


# ---------------------------------------------------------------------- noon (T4)
def test_noon_performs_each_opponent_task_clockwise_from_the_left_then_your_own():
    t = Table(4, seed=3)
    s = t.s
    t.no_tasks()
    t.put("task", 2, "vase")        # Potter
    t.put("task", 3, "crane")       # Clerk
    t.put("task", 1, "bell")        # Smith
    t.put("task", 0, "tower")       # Monk (own)
    order = []
    t.noon(2)
    while s.current_player == 2 and s.phase != "night":
        if s.decision == "action":
            if not order or order[-1] != s.task_owner:
                order.append(s.task_owner)
            s.apply("prayer")
        else:
            break
    assert order == [3, 0, 1, 2]

    t.no_tasks()
    t.put("task", 3, "crane")
    t.put("task", 2, "vase")
    t.noon(0)
    order = []
    while s.current_player == 0:
        if s.decision == "action":
            order.append(s.task_owner)
            s.apply("prayer")
    assert order == [2, 3]        # seat 1 has no task: skipped; seat 0 has none: one automatic Prayer
    assert s.current_player == 1


def test_opponents_without_a_task_are_skipped_and_no_own_task_gives_one_prayer():
    t = Table(3, seed=3)
    s = t.s
    t.no_tasks()
    t.put("task", 2, "crane")
    deck = len(s.deck)
    t.noon(0)
    assert s.decision == "action" and s.task_owner == 2 and s.actions_total == 1
    t.play("prayer")
    # own task missing: a single automatic Prayer, then night
    assert s.current_player == 1
    assert len(s.deck) == deck - 2


@pytest.mark.parametrize("helpers,gallery,actions", [
    ((), (), 1),
    (("amulet",), (), 2),
    (("amulet", "bench"), (), 3),
    (("amulet", "bench"), ("frog",), 5),              # a Stone work covers 2 Stone helpers: +2 each
    (("amulet", "bench", "statue"), ("frog",), 4),    # 3 helpers, cover 2: none covered
    (("amulet", "bench", "statue"), ("frog", "pillar"), 7),
    (("amulet", "crane"), (), 2),                     # only helpers of the task's material count
])
def test_actions_per_task(helpers, gallery, actions):
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("helpers", 0, *helpers)
    t.put("gallery", 0, *gallery)
    t.put("task", 1, "tower")     # a Monk task
    t.noon(0)
    assert s.task_owner == 1 and s.actions_total == actions and s.actions_left == actions


def test_gift_shop_works_do_not_cover_helpers():
    t = Table(2, seed=4)
    t.no_tasks()
    t.put("helpers", 0, "amulet")
    t.put("gift_shop", 0, "frog")
    t.put("task", 1, "tower")
    t.noon(0)
    assert t.s.actions_total == 2


def test_action_count_is_fixed_when_the_task_starts():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "tower")               # Monk
    t.put("helpers", 0, "amulet")
    t.clear("floor")
    t.put("floor", None, "bench", "pillar")
    t.noon(0)
    assert s.actions_total == 2
    t.play("monk", "hire:bench")            # a new Monk helper during the task
    assert s.actions_left == 1 and s.actions_total == 2
    t.play("monk", "hire:pillar")
    assert len(s.helpers[0]) == 3 and s.current_player == 1     # two actions, no more


def test_each_action_is_the_task_action_craft_or_prayer_and_only_when_possible():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "crane")               # Clerk
    t.set_hand(0, "scroll", "bell")
    t.noon(0)
    # empty craft bench: no Clerk; a Paper work (value 1) needs no support: Craft is possible
    assert t.ids() == ["craft", "prayer"]
    t.set_hand(0, "bell")
    t.noon(0)
    assert t.ids() == ["prayer"]
    t.put("bench", 0, "vase")
    t.noon(0)
    assert t.ids() == ["clerk", "prayer"]
    with pytest.raises(IllegalActionError, match="Craft needs a Paper work"):
        s.apply("craft")
    with pytest.raises(IllegalActionError, match="not Smith"):
        s.apply("smith")


def test_clerk_sells_from_the_craft_bench():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "crane")
    vase, = t.put("bench", 0, "vase")
    t.noon(0)
    t.play("clerk")
    assert t.ids() == ["sell:vase", "cancel"]
    t.play("sell:vase")
    assert s.sales[0] == [vase] and s.bench[0] == []


def test_monk_hires_and_potter_collects_from_the_floor():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.clear("floor")
    bell, jar = t.put("floor", None, "bell", "jar")
    t.put("task", 1, "tower")
    t.put("task", 0, "vase")
    t.noon(0)
    t.play("monk")
    assert sorted(t.ids()) == ["cancel", "hire:bell", "hire:jar"]
    t.play("hire:bell")
    assert s.helpers[0] == [bell] and s.floor == [jar]
    # own Potter task
    assert s.task_owner == 0
    t.play("potter", "collect:jar")
    assert s.bench[0] == [jar] and jar not in s.floor


def test_cancel_goes_back_to_the_choice_of_action():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "vase")
    t.noon(0)
    t.play("potter")
    assert s.decision == "card"
    t.play("cancel")
    assert s.decision == "action" and s.actions_left == 1


def test_tailor_returns_any_cards_then_draws_to_five_with_the_waiting_area():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "robe")                 # Tailor
    t.put("task", 0, "tower")                # (so the turn waits after the Tailor task)
    t.set_hand(0, "bell", "crane", "vase")
    t.put("waiting", 0, "scroll")
    t.noon(0)
    t.play("tailor")
    assert t.ids() == ["return:crane", "return:vase", "return:bell", "done", "cancel"]
    t.play("return:crane")
    assert "cancel" not in t.ids()           # something happened: no going back
    t.play("return:vase")
    assert key(s.deck[0]) == "vase" and key(s.deck[1]) == "crane"
    deck = len(s.deck)
    t.play("done")
    assert len(s.hands[0]) + len(s.waiting[0]) == 5
    assert len(s.waiting[0]) == 4 and len(s.deck) == deck - 3
    assert any("returns 2 cards" in line and "draws 3 cards" in line for line in s.log)


def test_tailor_with_a_full_waiting_area_draws_nothing():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "robe")
    t.put("task", 0, "tower")
    t.set_hand(0, "bell")
    t.put("waiting", 0, "scroll", "crane", "vase", "jar", "cup")
    t.noon(0)
    deck = len(s.deck)
    t.play("tailor", "done")
    assert len(s.deck) == deck and len(s.waiting[0]) == 5


def test_smith_completes_with_support_from_hand_kept_and_shown():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")                 # Smith
    t.put("task", 0, "tower")
    sword, ring, coin = t.set_hand(0, "sword", "ring", "coin")
    t.put("hands", 0, "vase")
    t.noon(0)
    t.play("smith")
    assert sorted(t.ids()) == ["cancel", "work:coin", "work:ring", "work:sword"]   # Vase lacks Clay support
    t.play("work:sword")
    # two supports among Ring and Coin: no choice, so none is asked
    assert s.decision == "wing"
    t.play("wing:gift_shop")
    assert s.gift_shop[0] == [sword]
    assert ring in s.hands[0] and coin in s.hands[0]            # supports are kept
    everyone = (1 << s.num_players) - 1
    assert s.known[ring] == everyone and s.known[coin] == everyone
    assert ("{P0} completes Sword (Metal 3) by Smith, showing Coin (Metal 3) and Ring (Metal 3) from hand "
            "as support, into the Gift Shop.") in s.log


def test_smith_asks_for_supports_only_when_the_choice_matters():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.set_hand(0, "frog", "tower", "bench")      # Stone 2: one support among two
    t.noon(0)
    t.play("smith", "work:frog")
    assert s.decision == "support"
    assert sorted(t.ids()) == ["cancel", "support:bench", "support:tower"]
    t.play("support:tower")
    assert s.decision == "wing"
    view = s.view(0)["table"]["choice"]
    assert view["work"]["name"] == "Frog" and [c["name"] for c in view["supports"]] == ["Tower"]
    assert s.view(1)["table"]["choice"] is None          # others do not see the choice in progress
    t.play("wing:gallery")
    assert [key(c) for c in s.gallery[0]] == ["frog"]
    assert C.KIND_BY_KEY["tower"].index in [c % 54 for c in s.hands[0]]


def test_smith_paper_work_needs_no_support():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.set_hand(0, "scroll")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gallery")
    assert [key(c) for c in s.gallery[0]] == ["scroll"]


def test_craft_completes_a_work_of_the_task_material_with_craft_bench_support_kept():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "vase")                    # Potter task: Craft makes Clay works
    t.clear("floor")                            # (so Potter itself is not possible)
    t.set_hand(0, "jar", "bell")
    bench = t.put("bench", 0, "bowl", "cup", "sword", "ring")
    t.noon(0)
    assert t.ids() == ["craft", "prayer"]         # Craft of Jar: 2 Clay on the bench
    t.play("craft")
    assert t.ids() == ["work:jar", "cancel"]      # Bell is Metal: not for a Clay task
    with pytest.raises(IllegalActionError, match="Craft completes only a Clay work"):
        s.apply("work:bell")
    t.play("work:jar", "wing:gallery")
    assert [key(c) for c in s.gallery[0]] == ["jar"]
    assert s.bench[0] == bench                    # the craft bench is kept


def test_craft_needs_enough_support_on_the_bench():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.clear("floor")
    t.put("task", 1, "vase")
    t.set_hand(0, "jar")
    t.put("bench", 0, "bowl")
    t.noon(0)
    assert t.ids() == ["prayer"]
    with pytest.raises(IllegalActionError, match="Craft needs a Clay work"):
        s.apply("craft")


def test_prayer_draws_into_the_waiting_area():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "vase")
    t.put("task", 0, "tower")
    top, = t.put("deck_top", None, "bell")
    t.noon(0)
    hand = list(s.hands[0])
    t.play("prayer")
    assert s.waiting[0] == [top] and s.hands[0] == hand


# ---------------------------------------------------------------------- cover (T6)
@pytest.mark.parametrize("count,works,covered", [(1, 1, True), (2, 1, False), (2, 2, True), (3, 2, False),
                                                 (3, 3, True)])
def test_cover_is_all_or_nothing_per_material(count, works, covered):
    papers = ["crane", "curtain", "doll", "fan", "lampshade", "pinwheel", "plane", "poem"]
    t = Table(2, seed=4)
    s = t.s
    t.put("helpers", 0, *papers[:count])
    t.put("gallery", 0, *papers[count:count + works])
    assert s.is_covered(0, "helpers", "paper") is covered
    group = next(g for g in s.view(1)["table"]["players"][0]["helper_groups"] if g["material"] == "paper")
    assert group == {"material": "paper", "count": count, "cover": works, "covered": covered}


def test_sales_are_covered_by_gift_shop_works_only():
    t = Table(2, seed=4)
    s = t.s
    t.put("sales", 0, "vase", "jar")
    t.put("gallery", 0, "bowl")
    assert not s.is_covered(0, "sales", "clay")
    t.put("gift_shop", 0, "cup")           # value 3: covers up to 3 Clay sales
    assert s.is_covered(0, "sales", "clay")
    t.put("sales", 0, "dice", "teapot")
    assert not s.is_covered(0, "sales", "clay")   # 4 sales, cover 3: none covered
    assert s.score_breakdown(0)["covered_sales"] == 0


# ---------------------------------------------------------------------- waiting area
def test_waiting_area_is_hidden_even_from_its_owner_until_night():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "vase")
    t.put("task", 0, "tower")
    t.set_hand(0, "crane")
    top, = t.put("deck_top", None, "bell")
    t.noon(0)
    t.play("prayer")
    assert s.task_owner == 0 and s.waiting[0] == [top]
    for seat in (0, 1, None):
        table = s.view(seat)["table"]
        assert table["players"][0]["waiting_count"] == 1
        assert "Bell" not in json.dumps(table)
    assert [c["name"] for c in s.view(0)["table"]["hand"]] == ["Crane"]
    t.play("prayer")          # own Monk task; then night: the waiting area joins the hand
    assert s.current_player == 1
    assert top in s.hands[0] and s.waiting[0] == []
    assert "Bell" in json.dumps(s.view(0)["table"]["hand"])
    assert "Bell" not in json.dumps(s.view(1))


# ---------------------------------------------------------------------- the end (T8)
def test_the_game_ends_at_once_when_the_deck_runs_out_mid_turn():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "vase")
    t.put("helpers", 0, "bowl", "cup")       # 3 actions
    while len(s.deck) > 1:
        s.deck.pop(0)  # (thrown away: only the last card matters here)
    t.noon(0)
    assert s.actions_left == 3
    t.play("prayer")
    assert s.is_over and s.end_reason == "deck"
    assert s.current_player is None and s.legal_actions() == []
    assert len(s.waiting[0]) == 1                # the waiting area never reaches the hand
    assert "the game ends at once" in " ".join(s.log)
    with pytest.raises(IllegalActionError, match="over"):
        s.apply("prayer")


def test_tailor_draw_emptying_the_deck_ends_the_game():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "robe")
    t.set_hand(0)
    while len(s.deck) > 2:
        s.deck.pop(0)
    t.noon(0)
    t.play("tailor", "done")
    assert s.is_over and len(s.waiting[0]) == 2 and s.end_reason == "deck"


@pytest.mark.parametrize("extended,ends", [("off", True), ("on", False)])
def test_fifth_work_in_one_wing_ends_the_game_at_once(extended, ends):
    t = Table(2, seed=4, extended=extended)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "crane", "curtain", "doll", "fan")
    t.put("gift_shop", 0, "amulet", "bench", "frog", "go-set")
    t.put("task", 1, "bell")
    t.put("helpers", 0, "sword")             # 2 actions
    t.set_hand(0, "scroll", "poem")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gallery")
    assert s.is_over is ends
    if ends:
        assert s.end_reason == "wing" and len(s.hands[0]) == 1   # the second action never happens
    else:
        t.play("smith", "work:poem", "wing:gallery")
        assert s.is_over and s.end_reason == "wing"


def test_works_in_different_wings_do_not_add_up():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "crane", "curtain")
    t.put("gift_shop", 0, "amulet", "bench")
    t.put("task", 1, "bell")
    t.set_hand(0, "scroll")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gift_shop")
    assert not s.is_over


# ---------------------------------------------------------------------- scoring (T9)
def test_rulebook_scoring_example_is_21():
    """Six works worth 12, one covered Clay sale (3), and the most Metal sales with two Metal
    cards in hand as backorders (6): 21."""
    t = Table(2, seed=4)
    s = t.s
    t.clear("hands", 0)
    t.clear("hands", 1)
    t.put("gallery", 0, "crane", "amulet", "bench", "cloak")
    t.put("gift_shop", 0, "flag", "jar")          # 1+2+2+2 + 2+3 = 12
    t.put("sales", 0, "vase")                     # covered by Jar
    t.put("sales", 0, "bell")                     # uncovered, but the most Metal sales
    t.put("hands", 0, "coin", "ring")
    b = s.score_breakdown(0)
    assert (b["works"], b["covered_sales"], b["backorders"], b["card_bonuses"], b["total"]) == (12, 3, 6, 0, 21)
    s.finish("deck")
    result = s.result()
    assert result["columns"] == ["Works", "Covered sales", "Backorders", "Card bonuses"]
    assert result["rows"][0]["cells"] == [12, 3, 6, 0] and result["rows"][0]["total"] == 21
    assert result["winners"] == [0]
    assert s.view(1)["table"]["players"][0]["final_hand"][0]["material"] == "metal"


def test_backorders_need_strictly_the_most_sales():
    t = Table(3, seed=4)
    s = t.s
    for p in range(3):
        t.clear("hands", p)
    t.put("hands", 0, "coin", "ring")
    t.put("hands", 1, "sword")
    t.put("sales", 0, "bell")
    t.put("sales", 1, "gong")
    assert s.score_breakdown(0)["backorders"] == 0 and s.score_breakdown(1)["backorders"] == 0   # a tie
    t.put("sales", 0, "pin")
    assert s.score_breakdown(0)["backorders"] == 6 and s.score_breakdown(1)["backorders"] == 0
    t.put("hands", 2, "crane")                    # nobody has Paper sales: 0-0 is a tie
    assert s.score_breakdown(2)["backorders"] == 0
    # waiting-area cards never score
    t.put("waiting", 0, "turtle")
    assert s.score_breakdown(0)["backorders"] == 6


@pytest.mark.parametrize("current,tied,winner", [(1, (0, 1, 2), 1), (1, (0, 2), 2), (2, (0, 1), 0), (0, (1, 2), 1)])
def test_tie_break_current_player_then_nearest_after(current, tied, winner):
    t = Table(3, seed=4)
    s = t.s
    for p in range(3):
        t.clear("hands", p)
    works = {0: "crane", 1: "curtain", 2: "doll"}
    for p in tied:
        t.put("gallery", p, works[p], "amulet" if p == tied[0] else "bench" if p == tied[1] else "frog")
    s._current = current
    s.finish("deck")
    assert s.winners() == [winner]
    note = s.result()["note"]
    assert "tie-break" in note and "{P%d}" % winner in note


def test_no_tie_single_winner_and_log():
    t = Table(2, seed=4)
    s = t.s
    t.put("gallery", 1, "jar")
    s._current = 0
    s.finish("deck")
    assert s.winners() == [1]
    assert "{P1} wins with" in s.log[-1]


# ---------------------------------------------------------------------- hidden information
def test_other_seats_see_hands_and_waiting_areas_as_counts_only():
    s = engine.new_game("mottainai", 3, seed=9)
    bot, rng = make_bot("mottainai", "random"), Rng(1)
    for _ in range(150):
        if s.is_over:
            break
        for seat in range(3):
            view = s.view(seat)
            table = view["table"]
            assert [c["name"] for c in table["hand"]] == [
                C.kind_of(c).name for c in sorted(s.hands[seat], key=C.sort_key)]
            for p in table["players"]:
                assert set(p) >= {"hand_count", "waiting_count"}
                assert "hand" not in p and "waiting" not in p
        s.apply(bot.choose(s, s.current_player, rng))
    assert "hand" not in s.view(None)["table"]


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "robe")
    t.set_hand(0, "crane", "vase", "bell")
    shown = t.put("hands", 1, "ring")[0]
    s.known[shown] = 0b11                        # shown as support earlier
    t.put("waiting", 0, "scroll")
    t.noon(0)
    t.play("tailor", "return:crane")            # seat 0 knows Crane's place in the deck
    crane = s.deck[0]
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert sorted(d.hands[0]) == sorted(s.hands[0])
        assert d.deck[0] == crane                 # seat 0's own returned card stays put
        assert shown in d.hands[1]                # a card seat 1 showed stays in seat 1's hand
        assert d.view(0) == s.view(0)
        assert sorted(all_cards(d)) == sorted(all_cards(s))
    # seat 1 did not see Crane go: for seat 1 it is just an unknown card
    moved = sum(1 for k in range(8) if s.determinize(1, Rng(k)).deck[0] != crane)
    assert moved > 0
    # seat 0's own waiting area is re-dealt too: nobody has seen it
    assert any(C.kind_of(s.determinize(0, Rng(k)).waiting[0][0]).key != "scroll" for k in range(8))


def test_determinize_depends_only_on_what_the_seat_knows():
    s = engine.new_game("mottainai", 3, seed=12)
    bot, rng = make_bot("mottainai", "random"), Rng(3)
    for _ in range(80):
        s.apply(bot.choose(s, s.current_player, rng))
    seat = s.current_player
    other = s.determinize(seat, Rng(1))
    a = s.determinize(seat, Rng(42))
    b = other.determinize(seat, Rng(42))
    assert a.deck == b.deck and a.hands == b.hands and a.waiting == b.waiting


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_greedy_and_random_bots_play_whole_games(n):
    for seed in range(3):
        s = engine.new_game("mottainai", n, seed=seed)
        bots = [make_bot("mottainai", "greedy" if i % 2 == 0 else "random") for i in range(n)]
        play_out(s, bots, Rng(seed))
        assert s.is_over and len(s.winners()) == 1
        assert s.end_reason in ("deck", "wing")
        json.dumps(s.view(0))


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(12):
        s = engine.new_game("mottainai", 2, seed=seed)
        greedy = seed % 2
        bots = [make_bot("mottainai", "random"), make_bot("mottainai", "random")]
        bots[greedy] = make_bot("mottainai", "greedy")
        play_out(s, bots, Rng(seed))
        wins += s.winners() == [greedy]
    assert wins >= 9


def test_views_are_json_and_texts_use_seat_placeholders():
    s = engine.new_game("mottainai", 2, seed=1)
    view = s.view(s.current_player)
    json.dumps(view)
    assert view["legal_actions"] and all(a["label"] for a in view["legal_actions"])
    assert "{P" in " ".join(s.log)
    table = view["table"]
    assert [m["key"] for m in table["materials"]] == list(C.MATERIALS)
    assert all(m["name"] and m["mark"] for m in table["materials"])


def test_terminal_rendering():
    from engine.games.mottainai.text import render
    s = engine.new_game("mottainai", 3, seed=1)
    text = render(s.view(s.current_player), ["Ann", "Ben", "Cy"])
    assert "Floor:" in text and "Your hand:" in text and "{P" not in text
    assert "waiting area 0 (face down)" in text


# ---------------------------------------------------------------------- effect machinery
@pytest.fixture
def effects():
    """Register throw-away effects for one test, and remove them afterwards."""
    added = []

    def add(cls):
        register_effect(cls)
        added.append(cls.key)
        return cls
    yield add
    for k in added:
        unregister_effect(k)
    assert not EFFECTS


def test_no_effects_are_active_in_the_base_game_tests():
    assert EFFECTS == {}


def test_morning_offers_are_used_once_then_the_morning_goes_on(effects):
    used = []

    @effects
    class Bowl(Effect):
        key = "bowl"

        def offers(self, state, holder, work, trigger, ctx):
            if trigger == "morning":
                return [Offer("bowl", work, "", "Bowl: put the top card of the deck into your craft bench")]
            return []

        def use(self, state, holder, offer, trigger, ctx):
            used.append(trigger)
            state.bench[holder].append(state.take_from_deck())

    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bowl")
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert s.decision == "offers" and t.ids() == ["use:bowl", "skip"]
    t.play("use:bowl")
    assert used == ["morning"] and len(s.bench[0]) == 1
    assert s.decision == "new_task"           # at most once: the morning goes on by itself
    # the opponent's Bowl is not offered to seat 0
    t2 = Table(2, seed=4)
    t2.no_tasks()
    t2.put("gallery", 1, "bowl")
    t2.set_hand(0, "crane")
    t2.go(0, "begin")
    assert t2.s.decision == "new_task"


def test_instead_offers_replace_their_step(effects):
    @effects
    class Chopsticks(Effect):
        key = "chopsticks"

        def offers(self, state, holder, work, trigger, ctx):
            if trigger == "instead_discard_task" and state.tasks[holder] is not None:
                return [Offer("chopsticks", work, "", "Chopsticks: sell your old task")]
            return []

        def use(self, state, holder, offer, trigger, ctx):
            state.sales[holder].append(state.tasks[holder])
            state.tasks[holder] = None

    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "chopsticks")
    old, = t.put("task", 0, "vase")
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert t.ids() == ["use:chopsticks", "skip"]
    t.play("use:chopsticks")
    assert s.sales[0] == [old] and old not in s.floor and s.decision == "new_task"


def test_completion_and_after_action_triggers_and_questions(effects):
    seen = []

    @effects
    class Stool(Effect):
        key = "stool"

        def offers(self, state, holder, work, trigger, ctx):
            seen.append((trigger, ctx.get("kind")))
            if trigger == "after_complete":
                return [Offer("stool", work, "", "Stool: draw a card")]
            return []

        def use(self, state, holder, offer, trigger, ctx):
            state.ask(holder, offer.work, "Really?", [("yes", "Yes"), ("no", "No")])

        def answer(self, state, holder, question, choice):
            seen.append(("answer", choice))
            if choice == "yes":
                state.draw_to_waiting(holder)

    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "stool")
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")       # so the turn waits for seat 0 after the Smith task
    t.set_hand(0, "scroll")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gift_shop")
    assert s.decision == "offers" and t.ids() == ["use:stool", "skip"]
    t.play("use:stool")
    assert s.decision == "ask" and t.ids() == ["yes", "no"]
    assert s.view(0)["prompt"] == "Really? \u201cStool: %s\u201d" % C.KIND_BY_KEY["stool"].text   # its card quoted
    t.play("yes")
    assert len(s.waiting[0]) == 1 and ("answer", "yes") in seen
    triggers = [tr for tr, _ in seen]
    assert triggers.index("before_action") < triggers.index("after_complete") < triggers.index("after_action")


def test_passive_hooks_action_count_restriction_score_and_instant_win(effects):
    @effects
    class Flag(Effect):
        key = "flag"

        def action_count(self, state, holder, work, performer, owner, material, count):
            return count + 1 if holder == performer else count

    @effects
    class Mask(Effect):
        key = "mask"

        def restrict_task(self, state, holder, work, performer, material):
            state.task_flags.add("task_action_only")

    @effects
    class Scroll(Effect):
        key = "scroll"

        def score(self, state, holder, work):
            return 3

    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "flag")
    t.put("gallery", 1, "mask")
    t.put("task", 1, "vase")
    t.clear("floor")
    t.noon(0)
    # Flag: +1 action; Mask: no Craft and no Prayer, and Potter has nothing to collect:
    # both actions are lost
    assert "{P0} performs {P1}'s Potter task (Clay): 2 actions." in s.log
    assert sum("it is lost" in line for line in s.log) == 2

    t.put("gift_shop", 1, "scroll")
    assert s.score_breakdown(1)["card_bonuses"] == 3

    @effects
    class Turtle(Effect):
        key = "turtle"

        def wins_now(self, state, holder, work):
            return True

    t2 = Table(2, seed=4)
    t2.no_tasks()
    t2.put("gallery", 1, "turtle")
    t2.set_hand(0, "crane")
    t2.go(0, "begin")
    assert t2.s.is_over and t2.s.winners() == [1] and t2.s.end_reason == "instant"


def test_unknown_and_impossible_ids_say_why():
    t = Table(2, seed=4)
    s = t.s
    t.no_tasks()
    t.set_hand(0, "crane")
    t.go(0, "begin")
    with pytest.raises(IllegalActionError, match="no card 'bogus'"):
        s.apply("task:bogus")
    with pytest.raises(IllegalActionError, match="you have no Bell in your hand"):
        s.apply("task:bell")
    with pytest.raises(IllegalActionError, match="place a new task"):
        s.apply("prayer")
