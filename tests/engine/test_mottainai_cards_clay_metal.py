"""Mottainai card effects: the 10 Clay and 10 Metal works, one test per card at least,
plus the interactions the FAQ and our rulings name (Coin and backorders, Shuriken and Go Set, Cup's
immediate end, Turtle's instant win, both copies working in a 4-5 player game), the view data and
the score table by card.

States are built by starting a real game and moving cards by hand (every physical card stays in
exactly one place).
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.bots import make_bot
from engine.games.mottainai import cards as C
from engine.games.mottainai.effects import EFFECTS
from engine.rng import Rng

import mottainai_helpers as helpers
from mottainai_helpers import consistent, key, keys, log_has

EVERYONE2 = 0b11


class Table(helpers.Table):
    seed = 4


MY_CARDS = ("bangle", "bowl", "brick", "cup", "dice", "figurine", "haniwa", "jar", "teapot", "vase",
            "bell", "chopsticks", "coin", "flute", "gong", "pin", "ring", "shuriken", "sword", "turtle")


def test_all_twenty_clay_and_metal_effects_are_registered():
    assert set(MY_CARDS) <= set(EFFECTS)
    assert all(C.KIND_BY_KEY[k].material in ("clay", "metal") for k in MY_CARDS)


# ---------------------------------------------------------------------- Clay
def test_bangle_opponents_get_no_helper_actions_on_your_task_and_your_stone_helpers_are_covered():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 1, "bangle")
    t.put("task", 1, "vase")                       # Potter task of seat 1
    t.put("helpers", 0, "jar", "bowl")             # seat 0's Potter helpers
    t.put("floor", None, "cup")
    t.noon(0)
    assert "{P0} performs {P1}'s Potter task (Clay): 1 action." in s.log
    assert log_has(s, "Bangle ({P1}): {P0}'s Potter helpers give no extra actions")
    # the owner's own Stone helpers: covered with no Stone work at all
    t.put("helpers", 1, "frog", "bench", "tower")
    assert s.is_covered(1, "helpers", "stone") and not s.is_covered(0, "helpers", "stone")
    s.task_flags = set()
    assert s.action_count(1, 1, "stone") == 1 + 2 * 3


def test_bangle_does_not_touch_the_owner_using_their_own_task():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "bangle")
    t.put("task", 0, "vase")
    t.put("helpers", 0, "jar")
    t.noon(0)
    assert "{P0} performs their own Potter task (Clay): 2 actions." in s.log


def test_bowl_morning_top_card_into_the_craft_bench():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bowl")
    top, = t.put("deck_top", None, "ring")
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert s.decision == "offers" and t.ids() == ["use:bowl", "skip"]
    assert "Bowl" in s.view(0)["prompt"]
    t.play("use:bowl")
    assert s.bench[0] == [top] and top not in s.deck
    assert log_has(s, "{P0} uses Bowl: Ring (Metal 3) from the top of the deck goes into the craft bench.")
    assert s.decision == "new_task"          # once per morning


def test_bowl_skip_changes_nothing():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bowl")
    t.set_hand(0, "crane")
    t.go(0, "begin")
    deck = list(s.deck)
    t.play("skip")
    assert s.deck == deck and s.bench[0] == [] and s.decision == "new_task"


def test_brick_task_cards_are_smith_support():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "brick")
    t.put("task", 1, "bell")          # Smith task (Metal)
    t.put("task", 2, "gong")          # another Metal task card
    t.set_hand(0, "sword", "crane")
    t.noon(0)
    t.play("smith")
    assert "work:sword" in t.ids()                # 2 Metal supports: both task cards
    t.play("work:sword")
    assert s.decision == "wing"                   # exactly two candidates: no choice to make
    t.play("wing:gallery")
    assert s.gallery[0][-1] % 54 == C.KIND_BY_KEY["sword"].index
    assert key(s.tasks[1]) == "bell" and key(s.tasks[2]) == "gong"    # they stay tasks
    assert log_has(s, "using {P1}'s task Bell (Metal 3) and {P2}'s task Gong (Metal 3) as support")


def test_brick_support_choice_between_hand_and_task_cards_and_not_without_brick():
    t = Table(2)
    t.no_tasks()
    t.put("task", 1, "bell")
    t.set_hand(0, "sword", "ring")
    t.noon(0)
    assert "smith" not in t.ids()                 # without Brick: one Metal support only
    t2 = Table(2)
    s2 = t2.s
    t2.no_tasks()
    t2.put("gift_shop", 0, "brick")
    t2.put("task", 1, "bell")
    t2.put("task", 0, "coin")
    t2.set_hand(0, "sword", "ring")
    t2.noon(0)
    t2.play("smith", "work:sword")
    assert s2.decision == "support"
    assert sorted(t2.ids()) == ["cancel", "support:bell", "support:coin", "support:ring"]
    t2.play("support:coin", "support:bell", "wing:gift_shop")
    assert key(s2.gift_shop[0][-1]) == "sword"
    ring = s2.hands[0][0]
    assert key(ring) == "ring" and ring not in s2.known     # the hand card was not shown


def test_cup_after_prayer_ends_the_game_at_once():
    t = Table()
    s = t.s
    t.no_tasks()
    cup, = t.put("gift_shop", 0, "cup")
    t.put("gallery", 0, "scroll")
    t.set_hand(0, "crane")
    t.go(0, "new_task")
    t.play("no_task")                              # no task: one Prayer, automatically
    assert s.decision == "offers" and t.ids() == ["use:cup", "skip"]
    t.play("use:cup")
    assert s.is_over and s.end_reason == "cup" and s.deck[0] == cup
    assert cup not in s.works(0)
    assert log_has(s, "{P0} returns Cup to the bottom of the deck: the game ends.")
    assert s.view(0)["table"]["end_reason"] == "cup"
    assert s.result()["end_card"] == "cup"


def test_cup_ends_the_game_in_the_middle_of_a_turn():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "cup")
    t.put("task", 1, "vase")                        # seat 0 prays on seat 1's task...
    t.put("task", 2, "bell")                        # ...and seat 2's and its own are still to come
    t.put("task", 0, "tower")
    t.set_hand(0, "crane")
    t.noon(0)
    t.play("prayer")
    waiting = list(s.waiting[0])
    t.play("use:cup")
    assert s.is_over and s.end_reason == "cup" and s.legal_actions() == []
    assert s.waiting[0] == waiting and key(s.tasks[2]) == "bell"    # nothing more happens
    assert s.result()["note"] and "headline" not in s.result()


def test_cup_is_offered_only_after_a_prayer():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "cup")
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "scroll")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gallery")
    assert "use:cup" not in t.ids()
    t.play("prayer")
    assert t.ids() == ["use:cup", "skip"]
    t.play("skip")
    assert not s.is_over


def test_dice_matching_value_completes_the_top_card_for_free():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "dice")
    t.put("task", 1, "robe")                        # Tailor
    t.put("task", 0, "tower")
    t.set_hand(0, "scroll", "crane", "fan")         # 3 cards in hand
    top, = t.put("deck_top", None, "jar")           # Clay 3
    t.noon(0)
    t.play("tailor")
    assert t.ids() == ["use:dice", "skip"]
    t.play("use:dice")
    assert s.decision == "ask" and "Dice" in s.view(0)["prompt"]
    t.play("wing:gift_shop")
    assert s.gift_shop[0] == [top]
    # Jar was completed: its own on-completion effect is offered, then the Tailor goes on
    assert s.decision == "offers" and "use:jar:paper" in t.ids()
    t.play("skip")
    assert s.decision == "tailor"
    consistent(s)


def test_dice_other_value_stays_on_top_known_to_all():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "dice")
    t.put("task", 1, "robe")
    t.put("task", 0, "tower")
    t.set_hand(0, "scroll", "crane")                # 2 cards
    top, = t.put("deck_top", None, "jar")           # value 3
    t.noon(0)
    t.play("tailor", "use:dice")
    assert s.deck[-1] == top and s.known[top] == EVERYONE2 and s.decision == "tailor"
    assert log_has(s, "the top card of the deck is Jar (Clay 3), value 3, not the 2 cards in hand")


def test_figurine_extra_action_on_an_opponents_task_with_a_shown_card():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "figurine")
    t.put("task", 1, "vase")                        # Potter (Clay)
    t.put("task", 0, "tower")
    jar, _ = t.set_hand(0, "jar", "scroll")
    t.noon(0)
    assert t.ids() == ["use:figurine:jar", "skip"]
    assert "Figurine" in t.labels()["use:figurine:jar"]
    t.play("use:figurine:jar")
    assert s.known[jar] == EVERYONE2 and s.actions_total == 2
    assert log_has(s, "{P0} shows Jar (Clay 3) from hand (Figurine): one more action on {P1}'s task.")


def test_figurine_not_on_your_own_task_nor_without_a_matching_card():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "figurine")
    t.put("task", 1, "vase")
    t.put("task", 0, "pin")
    t.set_hand(0, "scroll", "bell")
    t.noon(0)
    assert s.decision != "offers"                   # no Clay card in hand
    while s.task_owner != 0:
        t.play(t.ids()[0] if t.ids()[0] != "cancel" else t.ids()[1])
    assert "use:figurine:bell" not in t.ids()        # own task: not Figurine


def test_haniwa_three_points_per_helper_of_the_most_numerous_material():
    t = Table()
    s = t.s
    t.put("gallery", 0, "haniwa")
    t.put("helpers", 0, "frog", "bench", "scroll")
    assert s.score_breakdown(0)["card_bonuses"] == 6
    assert s.score_breakdown(0)["bonus_cards"] == [("Haniwa", 6)]


def test_jar_takes_the_named_material_from_every_opponents_hand_secretly():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "jar", "vase", "cup")
    p1 = t.set_hand(1, "scroll", "crane", "frog")
    t.set_hand(2, "bench")
    t.noon(0)
    t.play("smith", "work:jar", "wing:gallery")
    assert s.decision == "offers" and [i for i in t.ids() if i.startswith("use:jar")] == [
        "use:jar:paper", "use:jar:stone", "use:jar:cloth", "use:jar:clay", "use:jar:metal"]
    t.play("use:jar:paper")
    assert keys(s.waiting[0]) == ["crane", "scroll"] and keys(s.hands[1]) == ["frog"]
    assert s.known[p1[0]] & 0b010 and not s.known[p1[0]] & 0b100
    line = next(line for line in s.log if "Jar" in line and "names" in line)
    assert "Scroll" not in line and "Crane" not in line and "{P1} 2 cards" in line and "{P2} 0 cards" in line
    consistent(s)


def test_teapot_three_points_per_material_of_the_most_numerous_kind():
    t = Table()
    s = t.s
    t.put("gift_shop", 1, "teapot")
    t.put("bench", 1, "bell", "ring", "gong", "scroll")
    assert s.score_breakdown(1)["card_bonuses"] == 9


def test_vase_moves_two_chosen_floor_cards_into_sales():
    t = Table()
    s = t.s
    t.no_tasks()
    t.clear("floor")
    t.put("floor", None, "scroll", "frog", "ring")
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "vase", "jar", "cup")
    t.noon(0)
    t.play("smith", "work:vase", "wing:gift_shop")
    assert t.ids() == ["use:vase", "skip"]
    t.play("use:vase")
    assert s.decision == "ask" and "vase:ring" in t.ids()
    t.play("vase:ring")
    assert s.decision == "ask" and sorted(t.ids()) == ["vase:frog", "vase:scroll"]
    t.play("vase:frog")
    assert keys(s.sales[0]) == ["frog", "ring"] and keys(s.floor) == ["scroll"]
    assert log_has(s, "{P0} moves Ring (Metal 3) from the floor into the sales (Vase).")


def test_vase_with_one_floor_card_takes_it_without_asking():
    t = Table()
    s = t.s
    t.no_tasks()
    t.clear("floor")
    t.put("floor", None, "scroll")
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "vase", "jar", "cup")
    t.noon(0)
    t.play("smith", "work:vase", "wing:gift_shop", "use:vase")
    assert keys(s.sales[0]) == ["scroll"] and s.floor == []


# ---------------------------------------------------------------------- Metal
def test_bell_sells_the_top_card_of_the_deck_even_with_an_empty_bench():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bell")
    t.put("task", 1, "scroll")                   # Clerk
    t.put("task", 0, "tower")
    top, = t.put("deck_top", None, "gong")
    t.noon(0)
    assert "clerk" in t.ids()                    # only possible thanks to Bell
    t.play("clerk")
    assert t.ids() == ["use:bell", "cancel"]
    assert "Or use the effect of Bell. \u201cBell: " in s.view(0)["prompt"]
    t.play("use:bell")
    assert s.sales[0] == [top]
    assert log_has(s, "{P0} (Clerk) sells Gong (Metal 3) from the top of the deck (Bell).")


def test_chopsticks_old_task_into_sales_instead_of_the_floor():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "chopsticks")
    old, = t.put("task", 0, "vase")
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert t.ids() == ["use:chopsticks", "skip"] and "Chopsticks" in s.view(0)["prompt"]
    t.play("use:chopsticks")
    assert s.sales[0] == [old] and old not in s.floor and s.decision == "new_task"


def test_chopsticks_not_for_the_face_down_starting_card():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "chopsticks")
    assert s.task_face_down[0]
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert s.decision == "new_task"


def test_coin_counts_backorders_twice():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "coin")
    t.put("sales", 0, "bell")                     # strictly the most Metal sales
    t.set_hand(0, "ring", "gong")                 # 2 Metal in hand: 6 backorder points
    t.set_hand(1, "scroll")
    b = s.score_breakdown(0)
    assert b["backorders"] == 6 and b["card_bonuses"] == 6 and b["bonus_cards"] == [("Coin", 6)]
    t.put("sales", 1, "sword")                    # a tie: no backorders, nothing to double
    assert s.score_breakdown(0)["card_bonuses"] == 0


def test_coin_doubles_tie_backorders_a_lampshade_allows():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "coin", "lampshade")
    t.set_hand(0, "ring")                          # 0-0 Metal tie: Lampshade makes it count
    t.set_hand(1, "scroll")
    bonus = dict(s.score_breakdown(0)["bonus_cards"])
    assert bonus["Lampshade"] == 3 and bonus["Coin"] == 3


def test_flute_takes_an_opponents_task_or_paper_work():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "flute")
    t.put("task", 1, "frog")                        # Monk task of seat 1
    t.put("task", 2, "gong")
    t.put("gift_shop", 2, "scroll")
    t.put("gallery", 2, "tower")                    # not Paper: not offered
    t.clear("floor")
    t.noon(0)
    # seat 0 first performs seat 1's Monk task
    t.play("monk")
    assert sorted(t.ids()) == ["cancel", "use:flute:gift_shop:2:scroll", "use:flute:task:1", "use:flute:task:2"]
    assert "Flute" in t.labels()["use:flute:task:2"]
    t.play("use:flute:task:2")
    assert keys(s.helpers[0]) == ["gong"] and s.tasks[2] is None
    assert log_has(s, "{P0} (Monk, Flute) takes {P2}'s task Gong (Metal 3) as a helper.")
    # seat 2's task is gone: it is skipped later this turn
    consistent(s)


def test_flute_potter_takes_a_paper_work_into_the_craft_bench():
    t = Table(2)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "flute")
    t.put("task", 1, "vase")                        # Potter
    scroll, = t.put("gallery", 1, "scroll")
    t.clear("floor")
    t.noon(0)
    t.play("potter", "use:flute:gallery:1:scroll")
    assert s.bench[0] == [scroll] and s.gallery[1] == []


def test_gong_after_prayer_draws_three_and_goes_to_the_waiting_area():
    t = Table()
    s = t.s
    t.no_tasks()
    gong, = t.put("gift_shop", 0, "gong")
    t.set_hand(0, "crane")
    t.go(0, "new_task")
    t.play("no_task")
    assert t.ids() == ["use:gong", "skip"]
    t.play("use:gong")
    # (the night follows at once: the waiting area joins the hand)
    assert gong in s.hands[0] and len(s.hands[0]) == 1 + 1 + 1 + 3 and gong not in s.works(0)
    assert s.known[gong] == EVERYONE2
    assert log_has(s, "{P0} uses Gong: Gong goes into the waiting area and 3 cards are drawn into it.")


def test_pin_takes_a_tailor_action_in_the_morning():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "pin")
    scroll, _ = t.set_hand(0, "scroll", "crane")
    t.go(0, "begin")
    t.play("use:pin")
    assert s.decision == "ask" and "pin-return:scroll" in t.ids() and "pin-draw" in t.ids()
    t.play("pin-return:scroll")
    assert s.deck[0] == scroll and s.known[scroll] == 0b01
    t.play("pin-draw")
    assert len(s.hands[0]) == 1 and len(s.waiting[0]) == 4
    assert log_has(s, "{P0} uses Pin (Tailor): returns 1 card and draws 4 cards into the waiting area.")
    assert s.decision == "new_task"


def test_ring_takes_a_sale_from_an_opponent_with_more_sales():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "ring")
    t.put("task", 1, "scroll")                     # Clerk
    t.put("task", 0, "tower")
    t.put("bench", 0, "bell")
    t.put("sales", 1, "frog", "jar")               # 2 sales > 1
    t.put("sales", 2, "cup")                       # 1 sale: not more than 1
    t.noon(0)
    t.play("clerk", "sell:bell")
    assert sorted(t.ids()) == ["skip", "use:ring:1:frog", "use:ring:1:jar"]
    t.play("use:ring:1:jar")
    assert keys(s.sales[0]) == ["bell", "jar"] and keys(s.sales[1]) == ["frog"]
    assert log_has(s, "{P0} takes Jar (Clay 3) from {P1}'s sales (Ring).")


def test_ring_not_after_a_clerk_action_that_sold_nothing_nor_against_fewer_sales():
    t = Table()
    t.no_tasks()
    t.put("gift_shop", 0, "ring")
    t.put("task", 1, "scroll")
    t.put("task", 0, "tower")
    t.put("bench", 0, "bell")
    t.noon(0)
    t.play("clerk", "sell:bell")                   # seat 1 has no sales
    assert "use:ring" not in " ".join(t.ids())


def test_shuriken_takes_a_work_into_the_wing_of_the_takers_choice():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.put("gallery", 1, "scroll", "frog")
    t.put("gift_shop", 1, "jar")                    # 3 works > 1 (Shuriken itself)
    t.set_hand(0, "shuriken", "coin", "gong")
    t.noon(0)
    t.play("smith", "work:shuriken", "wing:gallery")
    assert sorted(t.ids()) == ["skip", "use:shuriken:1:gallery:frog", "use:shuriken:1:gallery:scroll",
                               "use:shuriken:1:gift_shop:jar"]
    t.play("use:shuriken:1:gift_shop:jar")
    assert s.decision == "ask" and t.ids() == ["wing:gallery", "wing:gift_shop"]
    t.play("wing:gallery")
    assert keys(s.gallery[0]) == ["jar", "shuriken"] and s.gift_shop[1] == []
    assert log_has(s, "{P0} takes Jar (Clay 3) from {P1} with Shuriken, into the Gallery.")
    consistent(s)


def test_shuriken_needs_an_opponent_with_more_works():
    t = Table()
    t.no_tasks()
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.put("gallery", 1, "scroll")                    # 1 work = 1 (Shuriken)
    t.set_hand(0, "shuriken", "coin", "gong")
    t.noon(0)
    t.play("smith", "work:shuriken", "wing:gallery")
    assert not any(i.startswith("use:shuriken") for i in t.ids())


def test_shuriken_does_not_count_go_set_works_twice():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.put("gallery", 1, "go-set")                    # one Stone work: counts in both wings...
    t.put("gallery", 0, "scroll")
    t.set_hand(0, "shuriken", "coin", "gong")
    assert len(s.wing_works(1, "gift_shop")) == 1    # (Go Set does put it in both wings)
    t.noon(0)
    t.play("smith", "work:shuriken", "wing:gallery")
    # ...but seat 1 has 1 work and seat 0 has 2: no Shuriken
    assert not any(i.startswith("use:shuriken") for i in t.ids())


def test_sword_hires_from_an_opponent_with_more_helpers_and_collects_from_a_bigger_bench():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "sword")
    t.put("task", 1, "frog")                         # Monk
    t.put("task", 0, "vase")                         # Potter
    t.put("helpers", 1, "scroll")
    t.put("bench", 1, "ring", "gong")
    t.put("bench", 0, "bell")
    t.clear("floor")
    t.put("floor", None, "crane")
    t.noon(0)
    t.play("monk")
    assert "use:sword:1:scroll" in t.ids()
    t.play("use:sword:1:scroll")
    assert keys(s.helpers[0]) == ["scroll"] and s.helpers[1] == []
    assert log_has(s, "{P0} (Monk, Sword) hires Scroll (Paper 1), a helper of {P1}.")
    # own Potter task: seat 1 has 2 materials, seat 0 has 1
    while s.task_owner != 0:
        t.play(t.ids()[0])
    t.play("potter")
    assert {"use:sword:1:gong", "use:sword:1:ring"} <= set(t.ids())
    t.play("use:sword:1:ring")
    assert keys(s.bench[0]) == ["bell", "ring"]


def test_turtle_wins_at_once_whatever_the_scores():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "turtle", "scroll", "frog", "robe")   # Metal, Paper, Stone, Cloth
    t.put("gallery", 1, "bench", "tower", "amulet", "pillar")
    t.put("gift_shop", 1, "bowl", "jar", "cup", "vase")
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "dice", "haniwa", "teapot")
    t.noon(0)
    assert not s.is_over
    t.play("smith", "work:dice", "wing:gift_shop")            # a Clay work: five materials
    assert s.is_over and s.end_reason == "instant" and s.winners() == [0]
    assert s.scores()[1] > s.scores()[0]
    result = s.result()
    assert result["end_card"] == "turtle" and "Turtle" in result["note"] and "whatever the scores" in result["note"]
    assert log_has(s, "{P0} wins at once (Turtle).")
    assert result["headline"] == "{P0} wins at once with Turtle, whatever the scores!"
    assert result["winners"] == [0]


# ---------------------------------------------------------------------- two decks, views, score table
def test_both_copies_work_in_a_four_player_game():
    t = Table(4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bowl", "bowl")               # two copies of Bowl
    b1, b2 = s.gallery[0]
    assert b1 != b2 and key(b1) == key(b2) == "bowl"
    t.set_hand(0, "crane")
    t.go(0, "begin")
    assert t.ids() == ["use:bowl", "skip"]
    t.play("use:bowl")
    assert t.ids() == ["use:bowl", "skip"]            # the second copy, independently
    t.play("use:bowl")
    assert len(s.bench[0]) == 2 and s.decision == "new_task"
    # two Haniwa score twice, listed by card
    t.put("gift_shop", 1, "haniwa", "haniwa")
    t.put("helpers", 1, "scroll")
    assert s.score_breakdown(1)["bonus_cards"] == [("Haniwa", 3), ("Haniwa", 3)]


def test_two_figurines_give_two_extra_actions_with_two_shown_cards():
    t = Table(4)
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "figurine", "figurine")
    t.put("task", 1, "vase")
    t.put("task", 0, "tower")
    t.set_hand(0, "jar", "cup")
    t.noon(0)
    t.play("use:figurine:cup")
    assert t.ids() == ["use:figurine:jar", "skip"]
    t.play("use:figurine:jar")
    assert s.actions_total == 3


def test_score_table_lists_card_bonuses_by_card():
    t = Table()
    s = t.s
    t.put("gallery", 0, "haniwa", "teapot")
    t.put("helpers", 0, "frog")
    t.put("bench", 0, "ring", "gong")
    s.finish("deck")
    result = s.result()
    assert result["columns"][-1] == "Card bonuses"
    assert result["rows"][0]["cells"][-1] == "9 (Haniwa 3, Teapot 6)"
    assert result["card_bonuses"][0] == [{"card": "Haniwa", "points": 3}, {"card": "Teapot", "points": 6}]
    assert result["rows"][1]["cells"][-1] == 0
    assert "Card bonuses of {P0}: Haniwa 3, Teapot 6." in s.log


def test_works_in_the_view_carry_their_effect_text_for_every_seat():
    t = Table()
    s = t.s
    t.put("gallery", 1, "turtle")
    for seat in (0, 1, None):
        work = s.view(seat)["table"]["players"][1]["gallery"][0]
        assert work["name"] == "Turtle" and "five materials" in work["text"]


def test_terminal_shows_the_effects_of_works():
    from engine.games.mottainai import text
    t = Table()
    s = t.s
    t.put("gallery", 1, "turtle")
    out = text.render(s.view(0), ["Ann", "Ben"])
    assert "Turtle" in out and "five materials" in out


def test_hidden_cards_stay_hidden_from_determinize_after_jar():
    t = Table(3)
    s = t.s
    t.no_tasks()
    t.put("task", 1, "bell")
    t.put("task", 0, "tower")
    t.set_hand(0, "jar", "vase", "cup")
    t.set_hand(1, "scroll", "crane", "frog")
    t.noon(0)
    t.play("smith", "work:jar", "wing:gallery", "use:jar:paper")
    for seat in range(3):
        view = json.dumps(s.view(seat), sort_keys=True)
        assert json.dumps(s.determinize(seat, Rng(5)).view(seat), sort_keys=True) == view


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_greedy_bots_play_whole_games_with_effects(n):
    from engine.bots import play_out
    for seed in range(3):
        s = engine.new_game("mottainai", n, seed=seed)
        play_out(s, [make_bot("mottainai", "greedy") for _ in range(n)], Rng(seed))
        assert s.is_over
