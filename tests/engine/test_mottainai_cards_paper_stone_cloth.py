"""Mottainai card effects: the 12 Paper, 11 Stone and 11 Cloth works, one test per card
at least, plus the interactions the FAQ and our rulings name (Go Set with Tapestry, Bench and the
wing count; Go Set not doubling works for Frog; Lampshade and Quilt on ties and at 0-0; Kite scored
as its copy when the game ends that turn; Doll and Sketch not in the same turn; Mask, Curtain and
Tower against opponents; both copies working with two decks) and hidden information.

States are built by starting a real game and moving cards by hand (every physical card stays in
exactly one place).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import engine
from engine.bots import make_bot
from engine.games.mottainai import cards as C
from engine.games.mottainai.effects import EFFECTS
from engine.rng import Rng

import mottainai_helpers as helpers
from mottainai_helpers import bonus, consistent, key, keys, log_has


class Table(helpers.Table):
    """Each test starts from an empty table: no tasks, no floor, empty hands."""

    seed = 4
    empty = True


def test_every_card_has_its_effect_registered():
    """All 54 cards, this file's 34 Paper, Stone and Cloth ones included: a card whose effect
    were dropped would do nothing, silently."""
    assert sorted(EFFECTS) == sorted(k.key for k in C.KINDS)
    assert all(effect.key == key for key, effect in EFFECTS.items())
    assert sum(1 for k in C.KINDS if k.material in ("paper", "stone", "cloth")) == 34


def test_effects_use_only_the_public_effect_api_of_the_state():
    """No effect module calls or reads a private member of the state (``state._say``...): the
    effect API is the state's public methods and fields (effects.py's docstring)."""
    package = Path(engine.__file__).parent / "games" / "mottainai"
    modules = sorted(m for m in package.glob("effect*.py") if m.name != "effect_api.py")  # the API itself
    assert len(modules) == 7
    private = [(m.name, node.lineno, node.attr) for m in modules for node in ast.walk(ast.parse(m.read_text()))
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id == "state" and node.attr.startswith("_")]
    assert private == []


# ====================================================================== Paper
def test_crane_returns_craft_bench_paper_as_extra_support_for_smith_and_craft():
    t = Table()
    s = t.s
    t.put("gallery", 0, "crane")
    t.put("task", 0, "bell")
    t.put("hands", 0, "amulet")            # Stone 2: needs 1 Stone support, none in hand
    scroll, = t.put("bench", 0, "scroll")
    t.noon(0)
    assert "smith" in t.ids()
    t.play("smith")
    assert "Crane" in t.labels()["work:amulet"] and "Scroll" in t.labels()["work:amulet"]
    t.play("work:amulet", "wing:gallery")
    assert key(s.gallery[0][-1]) == "amulet" and s.bench[0] == [] and s.deck[0] == scroll
    assert s.known[scroll] == 0b11 and log_has(s, "Scroll (Paper 1) (Crane)")
    consistent(s)
    # Craft: a Stone work on a Monk task with only Paper on the bench
    t2 = Table()
    t2.put("gallery", 0, "crane")
    t2.put("task", 0, "tower")
    t2.put("hands", 0, "bench")
    t2.put("bench", 0, "fan")
    t2.noon(0)
    assert "craft" in t2.ids()
    t2.play("craft", "work:bench", "wing:gallery")
    assert keys(t2.s.gallery[0]) == ["bench", "crane"] and t2.s.bench[0] == []
    # without a Paper in the craft bench nothing changes
    t3 = Table()
    t3.put("gallery", 0, "crane")
    t3.put("task", 0, "bell")
    t3.put("hands", 0, "amulet")
    t3.noon(0)
    assert "smith" not in t3.ids()


def test_curtain_tower_and_mask_restrict_opponents_only():
    # Curtain: an opponent needs a Cloth card to use the Tailor task
    t = Table()
    s = t.s
    t.put("gallery", 1, "curtain")
    t.put("task", 1, "robe")
    flag, = t.put("hands", 0, "flag")
    t.put("hands", 0, "bell")
    t.noon(0)
    assert s.decision == "ask" and t.ids() == ["show:flag", "skip"]
    assert "Curtain" in s.view(0)["prompt"]
    t.play("show:flag")
    assert s.known[flag] == 0b11 and log_has(s, "{P1}'s Curtain: {P0} shows Flag (Cloth 2)")
    assert s.decision == "action" and s.task_owner == 1
    # ... or skips it (the same log line whether or not they hold one)
    t.play("tailor", "done")
    t2 = Table()
    t2.put("gallery", 1, "curtain")
    t2.put("task", 1, "robe")
    t2.put("hands", 0, "bell")
    t2.noon(0)
    assert log_has(t2.s, "{P1}'s Curtain: {P0} does not show a Cloth card and must skip the task.")
    assert log_has(t2.s, "{P0} skips {P1}'s Tailor task.")
    # Curtain does not touch a Clerk task, nor its owner's own task
    t3 = Table()
    t3.put("gallery", 0, "curtain")
    t3.put("task", 0, "robe")
    t3.noon(0)
    assert t3.s.decision == "action" and t3.s.task_owner == 0
    # Tower: Clerk, Monk and Potter
    t4 = Table()
    t4.put("gallery", 1, "tower")
    t4.put("task", 1, "scroll")
    t4.put("hands", 0, "fan", "bell")
    t4.put("bench", 0, "vase")
    t4.noon(0)
    assert t4.ids() == ["show:fan", "skip"]
    t4.play("skip")
    assert log_has(t4.s, "{P1}'s Tower: {P0} does not show a Paper card and must skip the task.")
    assert t4.s.task_owner in (None, 0)
    t5 = Table()
    t5.put("gallery", 1, "tower")
    t5.put("task", 1, "bell")           # Smith: not Tower's
    t5.put("hands", 0, "scroll")
    t5.noon(0)
    assert t5.s.decision == "action" and t5.s.task_owner == 1
    # Mask: only the task's own action
    t6 = Table()
    t6.put("gallery", 1, "mask")
    t6.put("task", 1, "vase")
    t6.put("floor", None, "bell")
    t6.put("hands", 0, "cup", "jar")
    t6.put("bench", 0, "bowl", "brick")
    t6.noon(0)
    assert t6.ids() == ["potter"] and log_has(t6.s, "{P1}'s Mask: {P0} may use this task only")
    t7 = Table()
    t7.put("gallery", 0, "mask")
    t7.put("task", 0, "vase")
    t7.noon(0)
    assert "prayer" in t7.ids()


def test_deck_of_cards_draws_after_a_smith_that_completed_paper():
    t = Table()
    s = t.s
    t.put("gallery", 0, "deck-of-cards")
    t.put("task", 0, "bell")
    t.put("hands", 0, "scroll")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gift_shop")
    assert t.ids() == ["use:deck-of-cards", "skip"]
    t.play("use:deck-of-cards")
    assert len(s.waiting[0]) + len(s.hands[0]) == 1 and log_has(s, "{P0}'s Deck of Cards: draws a card")
    # not after a Stone work
    t2 = Table()
    t2.put("gallery", 0, "deck-of-cards")
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "tower", "bench")
    t2.noon(0)
    t2.play("smith", "work:bench")
    t2.play(*(["support:tower"] if t2.s.decision == "support" else []))
    t2.play("wing:gift_shop")
    assert "use:deck-of-cards" not in t2.ids()


def test_doll_takes_an_opponents_task_with_one_more_action_and_not_with_sketch():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "doll", "sketch")
    t.put("helpers", 0, "tower")
    bell, = t.put("task", 1, "bell")
    t.put("hands", 0, "scroll", "fan")
    t.go(0, "begin")
    assert s.decision == "offers" and t.ids() == ["use:doll:1", "use:sketch", "skip"]
    assert "Doll" in s.view(0)["prompt"] and "Sketch" in s.view(0)["prompt"]
    t.play("use:doll:1")
    assert s.tasks[0] == bell and s.tasks[1] is None
    assert log_has(s, "{P0}'s Doll: takes {P1}'s task Bell (Metal 3) as the new task.")
    # Sketch is not offered in the same turn: the new task step is over; seat 1 is skipped
    assert s.task_owner == 0 and s.actions_total == 2 and "smith" in t.ids()
    # the extra action lasts for this turn only
    t.go(0, "begin")
    assert "doll" not in s.turn_notes


def test_sketch_makes_a_helper_the_new_task():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "sketch", "doll")
    tower, = t.put("helpers", 0, "tower")
    t.put("hands", 0, "scroll")
    t.go(0, "begin")
    t.play("use:sketch")
    assert t.ids() == ["helper:tower"]
    t.play("helper:tower")
    assert s.tasks[0] == tower and s.helpers[0] == [] and s.task_owner == 0 and s.task_material == "stone"
    assert log_has(s, "{P0}'s Sketch: the helper Tower (Stone 2) becomes the new task.")
    assert not any(a.startswith("use:doll") for a in t.ids())


def test_fan_looks_at_three_and_keeps_one_on_top_privately():
    t = Table()
    s = t.s
    t.put("gallery", 0, "fan")
    t.put("task", 0, "robe")
    bell, vase, cup = t.put("deck_top", None, "bell", "vase", "cup")
    t.noon(0)
    t.play("tailor")
    assert t.ids() == ["use:fan", "skip"]
    t.play("use:fan")
    assert t.ids() == ["top:cup", "top:vase", "top:bell"]
    assert s.view(1)["legal_actions"] == []
    t.play("top:bell")
    assert s.deck[-1] == bell and set(s.deck[:2]) == {vase, cup}
    assert all(s.known[c] & 1 for c in (bell, vase, cup)) and not any(s.known[c] & 2 for c in (bell, vase, cup))
    line = next(line for line in s.log if "Fan" in line)
    assert "Bell" not in line and "Vase" not in line
    # seat 0 keeps what it saw when the hidden cards are re-dealt
    redealt = s.determinize(0, Rng(3))
    assert redealt.deck[-1] == bell
    assert s.decision == "tailor"
    # not offered with fewer than three cards in the deck
    t2 = Table()
    t2.put("gallery", 0, "fan")
    t2.put("task", 0, "robe")
    s2 = t2.s
    while len(s2.deck) > 2:
        s2.floor.append(s2.deck.pop(0))
    t2.noon(0)
    t2.play("tailor")
    assert t2.s.decision == "tailor"


def test_lampshade_and_quilt_count_ties_even_at_zero():
    t = Table(3)
    s = t.s
    t.put("gallery", 0, "lampshade")
    t.put("hands", 0, "bell", "vase", "scroll")
    # 0-0 everywhere: Clay and Metal in hand count (3 + 3); Paper does not (no Quilt)
    assert s.score_breakdown(0)["backorders"] == 0 and bonus(s, 0) == 6
    t.put("sales", 1, "coin")           # an opponent has more Metal sales: Bell no longer counts
    assert bonus(s, 0) == 3
    t.put("sales", 0, "cup")            # Clay 1-0: strictly the most, base backorders, not Lampshade
    assert s.score_breakdown(0)["backorders"] == 3 and bonus(s, 0) == 0
    t.put("sales", 2, "jar")            # Clay 1-1: a tie, Lampshade again
    assert s.score_breakdown(0)["backorders"] == 0 and bonus(s, 0) == 3
    # Quilt: Paper, Stone and Cloth
    q = Table(2)
    s = q.s
    q.put("gift_shop", 0, "quilt")
    q.put("hands", 0, "scroll", "tower", "bell")
    assert bonus(s, 0) == 1 + 2                 # 0-0 ties: Scroll and Tower; Bell needs Lampshade
    q.put("sales", 1, "fan")
    assert bonus(s, 0) == 2
    q.put("sales", 0, "robe", "flag", "mask")   # 3 Cloth sales, Quilt covers only 2 by value...
    # ... but Quilt covers Paper, Stone and Cloth sales always: 6 points on top
    assert not s.is_covered(0, "sales", "cloth") and bonus(s, 0) == 2 + 6
    # the table says so during play, to every seat
    for seat in (0, 1):
        groups = {g["material"]: g for g in s.view(seat)["table"]["players"][0]["sale_groups"]}
        assert groups["cloth"]["covered"] is False and groups["cloth"]["covered_at_scoring"] == "Quilt"


def test_pinwheel_returns_a_card_then_may_draw_at_night():
    t = Table()
    s = t.s
    t.put("gallery", 0, "pinwheel")
    scroll, bell = t.put("hands", 0, "scroll", "bell")
    t.put("hands", 1, "vase")          # so that seat 1's turn waits for a decision
    t.go(0, "night")
    assert t.ids() == ["use:pinwheel", "skip"]
    t.play("use:pinwheel")
    assert t.ids() == ["return:scroll", "return:bell"]
    t.play("return:bell")
    assert s.deck[0] == bell and t.ids() == ["draw", "skip"]
    top = s.deck[-1]
    t.play("draw")
    assert top in s.hands[0] and scroll in s.hands[0] and bell not in s.hands[0]
    assert log_has(s, "{P0}'s Pinwheel: returns a card") and s.current_player == 1


def test_plane_moves_a_work_after_a_potter_collected():
    t = Table()
    s = t.s
    t.put("gallery", 0, "plane")
    scroll, = t.put("gift_shop", 0, "scroll")
    t.put("task", 0, "vase")
    t.put("floor", None, "bell")
    t.noon(0)
    t.play("potter", "collect:bell")
    assert t.ids() == ["use:plane", "skip"]
    t.play("use:plane")
    assert "move:scroll:gift_shop" in t.ids()
    t.play("move:scroll:gift_shop")
    assert scroll in s.gallery[0] and log_has(s, "{P0}'s Plane: moves Scroll (Paper 1) from the Gift Shop to the Gallery.")


def test_poem_returns_a_paper_work_and_completes_the_top_card_for_free_once():
    t = Table()
    s = t.s
    t.put("gallery", 0, "poem")
    t.put("task", 0, "bell")
    scroll, = t.put("hands", 0, "scroll")
    fan, = t.put("deck_top", None, "fan")      # a Paper card: Poem must not chain on it
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gift_shop")
    assert t.ids() == ["use:poem", "skip"]
    t.play("use:poem", "wing:gallery")
    assert fan in s.gallery[0] and scroll == s.deck[0] and scroll not in s.works(0)
    assert log_has(s, "completes the top card of the deck, Fan (Paper 1), for free")
    assert "use:poem" not in t.ids()
    consistent(s)


def test_scroll_scores_three_and_both_copies_count_with_two_decks():
    t = Table(4)
    t.put("gallery", 0, "scroll")
    assert bonus(t.s, 0) == 3
    t.put("gift_shop", 0, "scroll")
    assert bonus(t.s, 0) == 6
    assert t.s.score_breakdown(0)["bonus_cards"] == [("Scroll", 3), ("Scroll", 3)]


def test_straw_lowers_smith_support_for_cloth_and_clay():
    t = Table()
    t.put("gallery", 0, "straw")
    t.put("task", 0, "bell")
    t.put("hands", 0, "robe", "vase", "cup")
    t.noon(0)
    t.play("smith")
    assert "work:robe" in t.ids() and "(no support needed)" in t.labels()["work:robe"]
    assert "support: 1 Clay" in t.labels()["work:vase"]
    t.play("work:robe", "wing:gallery")
    assert "robe" in keys(t.s.gallery[0])
    t2 = Table()
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "robe")
    t2.noon(0)
    assert "smith" not in t2.ids()


# ====================================================================== Stone
def test_amulet_sells_after_a_completion():
    t = Table()
    s = t.s
    t.put("gallery", 0, "amulet")
    t.put("task", 0, "bell")
    t.put("hands", 0, "scroll")
    coin, = t.put("bench", 0, "coin")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gift_shop", "use:amulet")
    assert t.ids() == ["sell:coin"]
    t.play("sell:coin")
    assert s.sales[0] == [coin] and log_has(s, "{P0}'s Amulet: sells Coin (Metal 3)")


def test_bench_two_per_stone_work_once_each_under_go_set():
    t = Table()
    t.put("gallery", 0, "bench", "tower")
    t.put("gift_shop", 0, "fan")
    assert bonus(t.s, 0) == 4
    t.put("gift_shop", 0, "go-set")
    assert bonus(t.s, 0) == 6          # three Stone works, each counted once (T10)


def test_daidoro_fills_the_floor_to_three():
    t = Table()
    s = t.s
    t.put("gallery", 0, "daidoro")
    t.put("floor", None, "bell")
    t.put("hands", 0, "scroll")
    t.go(0, "begin")
    assert t.ids() == ["use:daidoro", "skip"]
    t.play("use:daidoro")
    assert len(s.floor) == 3 and log_has(s, "{P0}'s Daidoro: deals")
    assert s.decision == "new_task"
    t.put("floor", None, "vase")
    t2 = Table()
    t2.put("gallery", 0, "daidoro")
    t2.put("floor", None, "bell", "vase", "cup")
    t2.put("hands", 0, "scroll")
    t2.go(0, "begin")
    assert t2.s.decision == "new_task"


def test_fountain_shows_stone_cards_as_clerk_helpers_for_that_task():
    t = Table()
    s = t.s
    t.put("gallery", 0, "fountain")
    t.put("task", 0, "scroll")
    tower, bench = t.put("hands", 0, "tower", "bench")
    t.put("bench", 0, "coin")
    t.noon(0)
    assert t.ids() == ["use:fountain:1", "use:fountain:2", "skip"]
    t.play("use:fountain:2")
    assert s.actions_total == 3 and s.known[tower] == s.known[bench] == 0b11
    assert s.helpers[0] == [] and log_has(s, "{P0}'s Fountain: shows Bench (Stone 2) and Tower (Stone 2)")


def test_frog_extra_turn_only_if_no_opponent_has_fewer_works_and_go_set_does_not_double():
    t = Table()
    s = t.s
    t.put("gallery", 0, "go-set")                    # one Stone work, in both wings
    t.put("gallery", 1, "scroll", "fan")
    t.put("task", 0, "bell")
    t.put("hands", 0, "frog", "tower")
    t.noon(0)
    t.play("smith", "work:frog", "wing:gallery")
    assert "use:frog" in t.ids()                      # 2 works against 2 (not 4 wing places)
    t.play("use:frog")
    assert log_has(s, "{P0}'s Frog: {P0} will take another turn")
    assert log_has(s, "{P0} takes another turn.") and s.current_player == 0 and not s.extra_turn
    t2 = Table()
    t2.put("gallery", 1, "scroll")
    t2.put("gallery", 0, "fan")
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "frog", "tower")
    t2.noon(0)
    t2.play("smith", "work:frog", "wing:gallery")
    assert "use:frog" not in t2.ids()                 # 2 works against 1: no


def test_go_set_counts_stone_works_in_both_wings_for_cover_end_and_tapestry():
    t = Table()
    s = t.s
    t.put("gallery", 0, "go-set", "tower")
    t.put("sales", 0, "bench", "fountain")
    assert s.is_covered(0, "sales", "stone")
    tap, = t.put("gift_shop", 0, "tapestry")
    t.put("gift_shop", 0, "scroll")
    assert len(s.wing_works(0, "gift_shop")) == 4
    tapestry = next(c for c in s.score_breakdown(0)["bonus_cards"] if c[0] == "Tapestry")
    assert tapestry[1] == 4
    # the fifth work in the Gift Shop counts the two Stone works of the Gallery: the game ends
    t.put("task", 0, "bell")
    t.put("hands", 0, "pillar", "statue")
    t.noon(0)
    t.play("smith", "work:pillar")
    t.play(*(["support:statue"] if s.decision == "support" else []))
    t.play("wing:gallery")
    assert s.is_over and s.end_reason == "wing"
    # without Go Set the same table goes on
    t2 = Table()
    t2.put("gallery", 0, "bench", "tower")
    t2.put("gift_shop", 0, "tapestry", "scroll")
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "pillar", "statue")
    t2.noon(0)
    t2.play("smith", "work:pillar")
    t2.play(*(["support:statue"] if t2.s.decision == "support" else []))
    t2.play("wing:gallery")
    assert not t2.s.is_over


def test_pillar_covers_the_most_sold_material():
    t = Table()
    s = t.s
    t.put("gallery", 0, "pillar")
    t.put("sales", 0, "bell", "coin", "scroll")
    assert bonus(s, 0) == 6
    t.put("sales", 0, "cup", "jar")         # tie 2 Metal / 2 Clay: the player's best pick, 6
    assert bonus(s, 0) == 6
    t.put("gift_shop", 0, "gong")           # Metal now covered by Gong: Pillar picks Clay
    assert s.is_covered(0, "sales", "metal") and bonus(s, 0) == 6
    groups = {g["material"]: g for g in s.view(1)["table"]["players"][0]["sale_groups"]}
    assert groups["clay"]["covered_at_scoring"] == "Pillar" and groups["metal"]["covered"] is True
    assert "covered_at_scoring" not in groups["metal"] and "covered_at_scoring" not in groups["paper"]


def test_statue_moves_two_floor_cards_into_the_craft_bench():
    t = Table()
    s = t.s
    t.put("task", 0, "bell")
    t.put("hands", 0, "statue", "tower")
    bell, vase, cup = t.put("floor", None, "coin", "vase", "cup")
    t.noon(0)
    t.play("smith", "work:statue", "wing:gallery")
    assert t.ids() == ["use:statue", "skip"]
    t.play("use:statue")
    assert t.ids() == ["collect:cup", "collect:vase", "collect:coin"]
    t.play("collect:coin", "collect:cup")
    assert keys(s.bench[0]) == ["coin", "cup"] and keys(s.floor) == ["vase"]


def test_stool_draws_after_stone_clay_or_metal_works_only():
    t = Table()
    s = t.s
    t.put("gallery", 0, "stool")
    t.put("task", 0, "bell")
    t.put("hands", 0, "tower", "bench", "scroll")
    t.noon(0)
    t.play("smith", "work:tower", "wing:gallery")
    assert t.ids() == ["use:stool", "skip"]
    t.play("use:stool")
    assert len(s.waiting[0]) + len(s.hands[0]) == 3
    t2 = Table()
    t2.put("gallery", 0, "stool")
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "scroll")
    t2.noon(0)
    t2.play("smith", "work:scroll", "wing:gallery")
    assert "use:stool" not in t2.ids()


def test_tablet_returns_the_floor_or_deals_until_stone_and_metal():
    t = Table()
    s = t.s
    t.put("task", 0, "bell")
    t.put("hands", 0, "tablet", "tower")
    vase, fan = t.put("floor", None, "vase", "fan")
    t.noon(0)
    t.play("smith", "work:tablet", "wing:gallery")
    assert t.ids() == ["use:tablet:return", "use:tablet:deal", "skip"]
    t.play("use:tablet:return")
    assert s.floor == [] and set(s.deck[:2]) == {vase, fan}
    t2 = Table()
    t2.put("task", 0, "bell")
    t2.put("hands", 0, "tablet", "tower")
    t2.put("deck_top", None, "coin", "scroll", "bench")   # dealt: bench (Stone), scroll, coin (Metal)
    t2.noon(0)
    t2.play("smith", "work:tablet", "wing:gallery", "use:tablet:deal")
    assert keys(t2.s.floor) == ["bench", "coin", "scroll"]


# ====================================================================== Cloth
def test_cloak_returns_the_new_work_and_completes_a_metal_work_for_free():
    t = Table()
    s = t.s
    t.put("gallery", 0, "cloak")
    t.put("task", 0, "bell")
    scroll, coin = t.put("hands", 0, "scroll", "coin")
    t.noon(0)
    t.play("smith", "work:scroll", "wing:gallery")
    assert t.ids() == ["use:cloak:coin", "skip"]
    t.play("use:cloak:coin", "wing:gift_shop")
    assert coin in s.gift_shop[0] and s.deck[0] == scroll and s.hands[0] == []
    assert log_has(s, "{P0}'s Cloak: completes Coin (Metal 3) for free")
    consistent(s)


def test_flag_shows_a_card_for_one_more_action_on_the_own_task_only():
    t = Table()
    s = t.s
    t.put("gallery", 0, "flag")
    t.put("task", 0, "robe")
    mask, = t.put("hands", 0, "mask")
    t.put("task", 1, "umbrella")
    t.noon(0)
    assert s.task_owner == 1 and s.decision == "action"   # the opponent's Tailor task: no Flag
    t.play("prayer")
    assert t.ids() == ["use:flag:mask", "skip"]
    t.play("use:flag:mask")
    assert s.actions_total == 2 and s.known[mask] == 0b11


def test_handkerchief_discards_one_card_instead_of_the_hand_limit():
    t = Table()
    s = t.s
    t.put("gallery", 0, "handkerchief")
    t.put("hands", 0, "scroll", "bell", "vase")
    t.go(0, "begin")
    assert t.ids() == ["use:handkerchief", "skip"]
    t.play("use:handkerchief", "discard:bell")
    assert keys(s.floor) == ["bell"] and keys(s.hands[0]) == ["scroll", "vase"]
    assert s.decision == "new_task"


def test_kite_copies_a_work_until_the_end_of_the_turn_and_scores_as_the_copy():
    t = Table()
    s = t.s
    kite, = t.put("gallery", 0, "kite")
    t.put("gift_shop", 1, "scroll")
    t.put("hands", 0, "bell", "fan")
    t.go(0, "begin")
    assert t.ids() == ["use:kite:1", "skip"]
    t.play("use:kite:1", "give:bell")
    assert keys(s.bench[1]) == ["bell"] and t.ids() == ["copy:scroll"]
    t.play("copy:scroll")
    assert log_has(s, "{P0}'s Kite becomes a copy of {P1}'s Scroll (Paper 1) until the end of the turn.")
    assert s.work_material(kite) == "paper"
    # if the game ends during this turn, Kite is Scroll: 1 point plus 3
    before = s.score_breakdown(0)
    assert before["works"] + before["card_bonuses"] == 1 + 3
    end = s.clone()
    end.finish("cup")
    assert end.score_breakdown(0)["total"] == 4
    # next turn the copy is over
    t.go(1, "begin")
    assert s.work_material(kite) == "cloth" and bonus(s, 0) == 0


def test_kite_copy_uses_the_copied_effect():
    t = Table()
    s = t.s
    t.put("gallery", 0, "kite")
    t.put("gift_shop", 1, "straw")
    t.put("hands", 0, "scroll", "robe", "coin")
    t.go(0, "begin")
    t.play("use:kite:1", "give:scroll", "copy:straw", "task:coin")
    # Smith with Kite as Straw: Robe needs no support this turn
    assert s.task_owner == 0 and s.work_material(s.gallery[0][0]) == "paper"
    t.play("smith")
    assert "(no support needed)" in t.labels()["work:robe"]


def test_puppet_swaps_hands_before_a_tailor_action():
    t = Table()
    s = t.s
    puppet, = t.put("gallery", 0, "puppet")
    t.put("task", 0, "robe")
    mine = t.put("hands", 0, "bell", "vase")
    theirs = t.put("hands", 1, "scroll", "fan", "tower")
    t.noon(0)
    t.play("tailor")
    assert t.ids() == ["use:puppet:1", "skip"]
    t.play("use:puppet:1")
    assert sorted(s.hands[1]) == sorted(mine) and s.hands[0] == [] and sorted(s.waiting[0]) == sorted(theirs)
    assert s.deck[0] == puppet and puppet not in s.works(0)
    assert all(s.known[c] & 1 for c in mine) and all(s.known[c] & 2 for c in theirs)
    # seat 0 still knows where its old hand is; seat 1 where its old hand is
    assert sorted(s.determinize(0, Rng(1)).hands[1]) == sorted(mine)
    assert sorted(s.determinize(1, Rng(1)).waiting[0]) == sorted(theirs)
    t.play("done")
    assert len(s.waiting[0]) + len(s.hands[0]) == 5


def test_robe_sells_every_material_of_one_kind_with_one_clerk_action():
    t = Table()
    s = t.s
    t.put("gallery", 0, "robe")
    t.put("task", 0, "scroll")
    t.put("bench", 0, "tower", "bench", "coin")
    t.noon(0)
    t.play("clerk")
    assert "use:robe:stone" in t.ids() and "use:robe:metal" not in t.ids()
    t.play("use:robe:stone")
    assert keys(s.sales[0]) == ["bench", "tower"] and keys(s.bench[0]) == ["coin"]
    assert log_has(s, "{P0}'s Robe: (Clerk) sells Bench (Stone 2) and Tower (Stone 2)")
    assert s.current_player == 1          # the one action is spent


def test_socks_collects_the_top_card_of_the_deck_even_with_an_empty_floor():
    t = Table()
    s = t.s
    t.put("gallery", 0, "socks")
    t.put("task", 0, "vase")
    top, = t.put("deck_top", None, "coin")
    t.noon(0)
    assert "potter" in t.ids()
    t.play("potter")
    assert t.ids() == ["use:socks", "cancel"]
    t.play("use:socks")
    assert s.bench[0] == [top] and log_has(s, "{P0}'s Socks: (Potter) collects the top card of the deck, Coin")


def test_tapestry_scores_its_wing():
    t = Table()
    t.put("gallery", 0, "tapestry", "fan", "bell")
    t.put("gift_shop", 0, "vase")
    assert bonus(t.s, 0) == 3


def test_umbrella_turns_the_top_card_onto_the_floor_and_may_sell_a_helper():
    t = Table()
    s = t.s
    t.put("gallery", 0, "umbrella")
    coin, = t.put("helpers", 0, "coin")
    bell, = t.put("deck_top", None, "bell")
    t.put("hands", 0, "scroll")
    t.go(0, "begin")
    t.play("use:umbrella")
    assert bell in s.floor and t.ids() == ["sell:coin", "skip"]
    t.play("sell:coin")
    assert s.sales[0] == [coin] and s.helpers[0] == []
    assert log_has(s, "{P0}'s Umbrella: moves the helper Coin (Metal 3) into the sales.")


# ====================================================================== whole games
def test_random_and_greedy_games_with_all_effects_end_and_keep_every_card():
    for n in (2, 3, 4, 5):
        for seed in range(4):
            s = engine.new_game("mottainai", n, seed=seed)
            bots = [make_bot("mottainai", "greedy" if p % 2 else "random") for p in range(n)]
            rng = Rng(seed)
            steps = 0
            while not s.is_over:
                s.apply(bots[s.current_player].choose(s, s.current_player, rng))
                steps += 1
                assert steps < 5000
            consistent(s)
            json.dumps(s.view(0))


def test_kite_is_scored_as_its_copy_when_the_deck_runs_out_that_turn():
    t = Table()
    s = t.s
    t.put("gift_shop", 0, "kite")
    t.put("gift_shop", 1, "scroll")
    t.put("hands", 0, "bell")
    t.put("hands", 1, "vase")
    while len(s.deck) > 1:                      # one card left: the Prayer at noon ends the game
        s.floor.append(s.deck.pop(0))
    t.go(0, "begin")
    t.play("use:kite:1", "give:bell", "copy:scroll")
    assert s.is_over and s.end_reason == "deck"
    b = s.score_breakdown(0)
    assert b["works"] == 2 and b["card_bonuses"] == 2 and b["total"] == 4   # Scroll: 1 + 3
    assert ("Kite (as Scroll)", 2) in b["bonus_cards"]
    assert {"card": "Kite (as Scroll)", "points": 2} in s.result()["card_bonuses"][0]


def test_tower_and_curtain_leave_the_owner_alone_and_two_copies_each_work():
    t = Table()
    t.put("gallery", 0, "tower")
    t.put("task", 0, "scroll")
    t.put("bench", 0, "coin")
    t.noon(0)
    assert t.s.decision == "action" and t.ids()[0] == "clerk"
    # 4 players, two decks: both Benches score, both Scrolls too
    t4 = Table(4)
    t4.put("gallery", 2, "bench", "bench", "tower")
    assert bonus(t4.s, 2) == 2 * 2 * 3


def test_effect_logs_do_not_name_hidden_cards():
    t = Table()
    s = t.s
    t.put("gallery", 0, "pinwheel")
    t.put("hands", 0, "scroll", "bell")
    t.put("hands", 1, "vase")
    t.go(0, "night")
    t.play("use:pinwheel", "return:bell", "draw")
    lines = [line for line in s.log if "Pinwheel" in line]
    assert lines and not any("Bell" in line for line in lines)
    t2 = Table()
    s2 = t2.s
    t2.put("gallery", 0, "puppet")
    t2.put("task", 0, "robe")
    t2.put("hands", 0, "bell")
    t2.put("hands", 1, "scroll")
    t2.noon(0)
    t2.play("tailor", "use:puppet:1")
    line = next(line for line in s2.log if "Puppet:" in line)
    assert "Bell" not in line and "Scroll" not in line


# ====================================================================== T8a, T10a: Kite copies
def kite_copies(t, seat: int, copied: str, give: str = "scroll", of: int | None = None):
    """``seat`` uses Kite in its morning: gives ``give`` to ``of`` (default: itself) and copies
    that player's ``copied`` work."""
    t.put("hands", seat, give)
    t.go(seat, "begin")
    t.play(f"use:kite:{seat if of is None else of}", f"give:{give}", f"copy:{copied}")


def test_a_kite_copy_of_go_set_that_makes_a_wing_reach_five_ends_the_game_at_once():
    # T8a: three Stone works in the Gallery, two works in the Gift Shop; once Kite is Go Set the
    # Stone works also count in the Gift Shop: 5 works there
    t = Table()
    s = t.s
    t.put("gallery", 0, "kite", "tower", "bench", "amulet")
    t.put("gift_shop", 0, "scroll", "fan")
    t.put("gallery", 1, "go-set")
    t.put("hands", 0, "bell")
    assert len(s.wing_works(0, "gift_shop")) == 2
    kite_copies(t, 0, "go-set", of=1)
    assert len(s.wing_works(0, "gift_shop")) == 5
    assert s.is_over and s.end_reason == "wing" and s.decision is None
    assert s.log[-4] == "{P0} has 5 works in one wing: the game ends at once."
    # with only four the game goes on to the next morning step
    t2 = Table()
    t2.put("gallery", 0, "kite", "tower", "bench", "amulet")
    t2.put("gift_shop", 0, "scroll")
    t2.put("gallery", 1, "go-set")
    t2.put("hands", 0, "bell")
    kite_copies(t2, 0, "go-set", of=1)
    assert not t2.s.is_over and len(t2.s.wing_works(0, "gift_shop")) == 4


def test_a_kite_copy_of_straw_does_not_lower_support_twice():
    # T10a: Kite copying the owner's own Straw adds nothing; Vase (Clay 3) still needs 1 support
    t = Table()
    s = t.s
    t.put("gallery", 0, "kite", "straw")
    t.put("task", 0, "bell")
    t.put("hands", 0, "vase", "cup")
    kite_copies(t, 0, "straw")
    assert s.copy_of(s.gallery[0][0]) is not None
    assert s.support_needed(0, s.hands[0][0], "smith") == 1          # was 0
    # a Kite copying Straw for a player without Straw lowers it by one, as Straw does
    t2 = Table()
    t2.put("gallery", 0, "kite")
    t2.put("gallery", 1, "straw")
    vase, = t2.put("hands", 0, "vase")
    kite_copies(t2, 0, "straw", of=1)
    assert t2.s.support_needed(0, vase, "smith") == 1


def test_a_kite_copy_of_lampshade_quilt_or_pillar_the_owner_has_adds_nothing():
    # Lampshade: the Bell in hand counts once on the 0-0 Metal tie; Kite scores as a Paper 1
    t = Table(3)
    s = t.s
    kite, = t.put("gallery", 0, "kite")
    t.put("gallery", 0, "lampshade")
    t.put("hands", 0, "bell")
    s.turn_notes = {"copies": {kite: next(w for w in s.works(0) if key(w) == "lampshade")}}
    assert s.score_breakdown(0)["bonus_cards"] == [("Kite (as Lampshade)", -1), ("Lampshade", 3)]
    assert bonus(s, 0) == 3 - 1                                           # was 3 + 3 - 1
    # Quilt: its cover of the Cloth sales and its 0-0 ties count once
    q = Table(3)
    s = q.s
    kite, = q.put("gift_shop", 0, "kite")
    quilt, = q.put("gift_shop", 0, "quilt")
    q.put("sales", 0, "fan", "straw")                 # 2 Paper sales, not covered by the Gift Shop
    q.put("hands", 0, "tower")                        # a 0-0 Stone tie
    assert bonus(s, 0) == 2 + 2
    s.turn_notes = {"copies": {kite: quilt}}
    assert bonus(s, 0) == 2 + 2 and s.score_breakdown(0)["total"] == 2 + 2 + 2 + 2     # was 12
    # Pillar: the most-sold material is covered once
    p = Table(3)
    s = p.s
    kite, = p.put("gallery", 0, "kite")
    pillar, = p.put("gallery", 0, "pillar")
    p.put("sales", 0, "bell", "coin")
    assert bonus(s, 0) == 6
    s.turn_notes = {"copies": {kite: pillar}}
    assert bonus(s, 0) == 6 and s.scoring_cover(0, "metal") == "Pillar"
    # a Kite copying a card its owner does not have still scores as that card
    k = Table(3)
    s = k.s
    kite, = k.put("gallery", 0, "kite")
    lamp, = k.put("gallery", 1, "lampshade")
    k.put("hands", 0, "bell")
    s.turn_notes = {"copies": {kite: lamp}}
    assert s.score_breakdown(0)["bonus_cards"] == [("Kite (as Lampshade)", 3 - 1)]


def test_two_lampshades_with_two_decks_count_the_tie_once():
    t = Table(4)
    s = t.s
    t.put("gallery", 0, "lampshade", "lampshade")
    t.put("hands", 0, "bell")
    assert s.score_breakdown(0)["bonus_cards"] == [("Lampshade", 3)]


def test_each_flag_needs_its_own_shown_card():
    # T10a: two Flags (two decks) and one Cloth card in hand: one more action, not two
    t = Table(4)
    s = t.s
    t.put("gallery", 0, "flag", "flag")
    t.put("task", 0, "robe")
    t.set_hand(0, "mask")
    t.noon(0)
    assert t.ids() == ["use:flag:mask", "skip"]
    t.play("use:flag:mask")
    assert s.decision == "action" and s.actions_total == 2                # was offered again: 3
    # with two Cloth cards both Flags are used
    t2 = Table(4)
    t2.put("gallery", 0, "flag", "flag")
    t2.put("task", 0, "robe")
    t2.set_hand(0, "mask", "quilt")
    t2.noon(0)
    t2.play("use:flag:mask")
    assert t2.ids() == ["use:flag:quilt", "skip"]
    t2.play("use:flag:quilt")
    assert t2.s.actions_total == 3
    # a Kite copying Flag (one deck) is a Flag too: it needs a card of its own
    t3 = Table()
    s3 = t3.s
    t3.put("gallery", 0, "kite", "flag")
    t3.set_hand(0, "mask", "robe")
    kite_copies(t3, 0, "flag")
    t3.play("task:robe")
    assert t3.ids() == ["use:kite:mask", "use:flag:mask", "skip"]
    t3.play("use:flag:mask")
    assert s3.decision == "action" and s3.actions_total == 2


def test_two_frogs_completed_in_one_turn_give_one_extra_turn():
    t = Table(4)
    s = t.s
    t.no_tasks()
    t.put("task", 0, "bell")
    t.put("helpers", 0, "coin")                       # a Smith helper: two actions
    t.put("gallery", 1, "scroll", "fan", "tower")     # nobody has fewer works than P0
    t.put("gallery", 2, "scroll", "fan", "bench")
    t.put("gallery", 3, "jar", "cup", "vase")
    t.set_hand(0, "frog", "frog", "amulet")
    t.set_hand(1, "robe")                             # P1 has a decision to make on their turn
    t.noon(0)
    t.play("smith", "work:frog", "support:amulet", "wing:gallery")
    assert "use:frog" in t.ids()
    t.play("use:frog", "smith", "work:frog", "wing:gallery")
    # the second Frog offered nothing: the turn ended, and the one extra turn began
    assert len(s.gallery[0]) == 2 and sum("'s Frog:" in line for line in s.log) == 1
    assert s.current_player == 0 and s.decision == "new_task" and not s.extra_turn
    assert sum(line == "{P0} takes another turn." for line in s.log) == 1
    # the extra turn is the only one: after it, the next player
    while s.current_player == 0:
        t.play("no_task" if "no_task" in t.ids() else "skip" if "skip" in t.ids() else t.ids()[0])
    assert s.current_player == 1
