"""The prompt for an optional card effect quotes the card's own text, so a player can decide
without looking the card up: 'Night: you may use the night effect of Pinwheel. “Pinwheel: At
night, you may return ...”'."""
from __future__ import annotations

from engine.games.mottainai import cards as C
from mottainai_helpers import Table


def quote(key: str) -> str:
    kind = C.KIND_BY_KEY[key]
    return f"\u201c{kind.name}: {kind.text}\u201d"


def test_an_offered_effect_quotes_the_card_text():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gift_shop", 0, "cup")
    t.set_hand(0, "crane")
    t.go(0, "new_task")
    t.play("no_task")                                   # no task: one Prayer, then Cup is offered
    assert t.ids() == ["use:cup", "skip"]
    prompt = s.view(0)["prompt"]
    assert prompt.startswith("You may use the effect of Cup now, or go on. ")
    assert prompt.endswith(quote("cup"))
    assert quote("cup") not in s.view(1)["prompt"]      # the other seat only waits


def test_two_offers_at_night_quote_both_cards():
    t = Table()
    s = t.s
    t.put("gallery", 0, "pinwheel")
    t.put("gift_shop", 0, "gong")
    t.put("hands", 0, "scroll", "bell")
    t.put("hands", 1, "vase")
    t.go(0, "night")
    offered = {i.split(":")[1] for i in t.ids() if i.startswith("use:")}
    prompt = s.view(0)["prompt"]
    for key in offered:
        assert quote(key) in prompt
    assert quote("pinwheel") in prompt


def test_a_boost_beside_the_usual_choices_quotes_the_card_text():
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, "bell")
    t.put("task", 1, "scroll")                          # Clerk
    t.put("task", 0, "tower")
    t.put("deck_top", None, "gong")
    t.noon(0)
    t.play("clerk")
    assert t.ids() == ["use:bell", "cancel"]
    assert s.view(0)["prompt"].endswith("Or use the effect of Bell. " + quote("bell"))


def test_a_follow_up_question_quotes_the_card_it_belongs_to():
    t = Table()
    s = t.s
    t.put("gallery", 0, "pinwheel")
    t.put("hands", 0, "scroll", "bell")
    t.put("hands", 1, "vase")
    t.go(0, "night")
    t.play("use:pinwheel", "return:bell")
    assert t.ids() == ["draw", "skip"]
    assert s.view(0)["prompt"] == "Pinwheel: you may draw a card into your waiting area. " + quote("pinwheel")
