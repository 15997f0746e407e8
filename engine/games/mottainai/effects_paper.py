"""The effects of the 12 Paper works: Crane, Curtain, Deck of Cards, Doll, Fan,
Lampshade, Pinwheel, Plane, Poem, Scroll, Sketch, Straw. See docs/rules/mottainai.md, "Card
effects", for the wording and our rulings."""

from __future__ import annotations

from .cards import WING_NAMES, distinct, find, kind_of, label, material_of, sort_key
from .effect_tools import (answer_demand, card_options, chosen, deal_top, demand_material, end_if_empty, first_copy,
                           return_public, tie_backorders)
from .effects import Effect, Offer, register_effect


@register_effect
class Crane(Effect):
    """On your Smith or Craft actions, Paper in your craft bench may be returned as extra support
    (any material). The rules use it only for what the usual supports lack (``support_returns``)."""

    key = "crane"

    def support_returns(self, state, holder, work, how, target):
        if how not in ("smith", "craft") or not first_copy(state, holder, work):
            return []
        return sorted((c for c in state.bench[holder] if material_of(c) == "paper"), key=sort_key)


@register_effect
class Curtain(Effect):
    """Opponents must show a Cloth card to use your Tailor task, a Metal card for Smith."""

    key = "curtain"

    def restrict_task(self, state, holder, work, performer, material):
        if material in ("cloth", "metal"):
            demand_material(state, holder, work, performer, material)

    def answer(self, state, holder, question, choice):
        answer_demand(state, holder, question, choice)


@register_effect
class DeckOfCards(Effect):
    """After a Smith action that completed a Paper work: draw a card into the waiting area."""

    key = "deck-of-cards"

    def offers(self, state, holder, work, trigger, ctx):
        done = (ctx.get("outcome") or {}).get("completed")
        if (trigger == "after_action" and ctx.get("kind") == "smith" and done is not None
                and material_of(done) == "paper" and state.deck):
            return [Offer(self.key, work, "", "Use Deck of Cards: draw a card into your waiting area")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.say("{P%d}'s Deck of Cards: draws a card into the waiting area." % holder)
        state.draw_to_waiting(holder)


@register_effect
class Doll(Effect):
    """Instead of placing a new task: take an opponent's face-up task as yours, +1 action on it."""

    key = "doll"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "instead_new_task":
            return []
        out = []
        for s in range(state.num_players):
            task = state.tasks[s]
            if s != holder and task is not None and not state.task_face_down[s]:
                out.append(Offer(self.key, work, str(s), "Use Doll: take {P%d}'s task %s as your task "
                                 "(one extra action when you perform it)" % (s, label(task))))
        return out

    def use(self, state, holder, offer, trigger, ctx):
        s = int(offer.option)
        card = state.tasks[s]
        state.tasks[s] = None
        state.tasks[holder] = card
        state.task_face_down[holder] = False
        state.turn_notes["doll"] = (offer.work, card)
        state.say("{P%d}'s Doll: takes {P%d}'s task %s as the new task." % (holder, s, label(card)), "effect", [s])

    def action_count(self, state, holder, work, performer, owner, material, count):
        note = state.turn_notes.get("doll")
        if (note and note[0] == work and performer == holder == owner
                and state.tasks[holder] == note[1]):
            return count + 1
        return count


@register_effect
class Fan(Effect):
    """Before a Tailor action: look at the top 3 cards, 2 go to the bottom, 1 back on top."""

    key = "fan"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "before_action" and ctx.get("kind") == "tailor" and len(state.deck) >= 3:
            return [Offer(self.key, work, "", "Use Fan: look at the top 3 cards of the deck, put 2 on "
                                              "the bottom and 1 back on top")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        top = state.deck[-3:]
        state.reveal()
        for c in top:
            state.known[c] = state.known.get(c, 0) | (1 << holder)
        state.ask(holder, offer.work, "Fan: choose the card to put back on top of the deck "
                                      "(the other two go to the bottom).",
                  card_options(top, "top", "Put {label} back on top"), ("fan", tuple(top)))

    def answer(self, state, holder, question, choice):
        top = list(question["data"][1])
        keep = chosen(top, choice)
        for c in top:
            state.deck.remove(c)
        for c in top:
            if c != keep:
                state.deck.insert(0, c)
        state.deck.append(keep)
        state.say("{P%d}'s Fan: looks at the top 3 cards of the deck, puts 2 on the bottom "
                   "and 1 back on top." % holder)


@register_effect
class Lampshade(Effect):
    """Scoring: Clay and Metal in hand are backorders on a tie for the most sales (even 0-0)."""

    key = "lampshade"

    def score(self, state, holder, work):
        if not first_copy(state, holder, work):
            return 0
        return tie_backorders(state, holder, ("clay", "metal"))

    def backorder_ties(self, state, holder, work):
        return {"clay", "metal"}


@register_effect
class Pinwheel(Effect):
    """Night: return a hand card; if you do, you may draw a card into the waiting area."""

    key = "pinwheel"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "night" and state.hands[holder]:
            return [Offer(self.key, work, "", "Use Pinwheel: return a card from your hand, then you may "
                                              "draw a card")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.ask(holder, offer.work, "Pinwheel: choose the card to return to the bottom of the deck.",
                  card_options(state.hands[holder], "return", "Return {label} to the bottom of the deck"),
                  ("pinwheel-return",))

    def answer(self, state, holder, question, choice):
        if question["data"][0] == "pinwheel-return":
            state.return_to_deck(holder, chosen(state.hands[holder], choice))
            state.say("{P%d}'s Pinwheel: returns a card from hand to the bottom of the deck." % holder)
            if state.deck:
                state.ask(holder, question["work"], "Pinwheel: you may draw a card into your waiting area.",
                          [("draw", "Draw a card into your waiting area"), ("skip", "Do not draw")],
                          ("pinwheel-draw",))
        elif choice == "draw":
            state.say("{P%d}'s Pinwheel: draws a card into the waiting area." % holder)
            state.draw_to_waiting(holder)


@register_effect
class Plane(Effect):
    """After a Potter action that collected a material: move one of your works to the other wing."""

    key = "plane"

    def offers(self, state, holder, work, trigger, ctx):
        if (trigger == "after_action" and ctx.get("kind") == "potter"
                and (ctx.get("outcome") or {}).get("collected") is not None and state.works(holder)):
            return [Offer(self.key, work, "", "Use Plane: move one of your works to your other wing")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        options = []
        for wing, other in (("gallery", "gift_shop"), ("gift_shop", "gallery")):
            for w in distinct(getattr(state, wing)[holder]):
                options.append((f"move:{kind_of(w).key}:{wing}", "Move %s from your %s to your %s"
                                % (label(w), WING_NAMES[wing], WING_NAMES[other])))
        state.ask(holder, offer.work, "Plane: choose the work to move to your other wing.", options, ("plane",))

    def answer(self, state, holder, question, choice):
        _, key, wing = choice.split(":")
        other = "gift_shop" if wing == "gallery" else "gallery"
        src = getattr(state, wing)[holder]
        w = find(src, key)
        src.remove(w)
        getattr(state, other)[holder].append(w)
        state.say("{P%d}'s Plane: moves %s from the %s to the %s."
                   % (holder, label(w), WING_NAMES[wing], WING_NAMES[other]))
        state.check_wing_end()


@register_effect
class Poem(Effect):
    """After you complete a Paper work: return it; the top card of the deck is completed for free.
    Not after a work completed for free itself (so that it cannot chain without end)."""

    key = "poem"

    def offers(self, state, holder, work, trigger, ctx):
        done = ctx.get("work")
        if (trigger == "after_complete" and not ctx.get("free") and done is not None
                and material_of(done) == "paper" and done in state.works(holder) and state.deck):
            return [Offer(self.key, work, "", "Use Poem: return %s and complete the top card of the deck "
                                              "for free" % label(done))]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        done = ctx["work"]
        for wing in (state.gallery[holder], state.gift_shop[holder]):
            if done in wing:
                wing.remove(done)
        return_public(state, done)
        state.say("{P%d}'s Poem: returns %s to the bottom of the deck." % (holder, label(done)))
        state.ask(holder, offer.work, "Poem: choose the wing for the top card of the deck, completed for free.",
                  [("wing:gallery", "Put it in your Gallery (it covers helpers)"),
                   ("wing:gift_shop", "Put it in your Gift Shop (it covers sales)")], ("poem",))

    def answer(self, state, holder, question, choice):
        wing = choice.partition(":")[2]
        card = deal_top(state)
        state.say("{P%d}'s Poem: completes the top card of the deck, %s, for free, into the %s."
                   % (holder, label(card), WING_NAMES[wing]), "work", [holder])
        state.complete_free(holder, card, wing, "poem")
        end_if_empty(state)


@register_effect
class Scroll(Effect):
    """Scoring: 3 points."""

    key = "scroll"

    def score(self, state, holder, work):
        return 3


@register_effect
class Sketch(Effect):
    """Instead of placing a new task: one of your helpers becomes your task."""

    key = "sketch"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "instead_new_task" and state.helpers[holder]:
            return [Offer(self.key, work, "", "Use Sketch: move one of your helpers into your task slot")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.ask(holder, offer.work, "Sketch: choose the helper that becomes your task.",
                  card_options(state.helpers[holder], "helper", "Make your helper {label} your task"),
                  ("sketch",))

    def answer(self, state, holder, question, choice):
        card = chosen(state.helpers[holder], choice)
        state.helpers[holder].remove(card)
        state.tasks[holder] = card
        state.task_face_down[holder] = False
        state.say("{P%d}'s Sketch: the helper %s becomes the new task." % (holder, label(card)))


@register_effect
class Straw(Effect):
    """On your Smith actions, Cloth and Clay works need one support fewer."""

    key = "straw"

    def support_needed(self, state, holder, work, how, target, need):
        if how == "smith" and material_of(target) in ("cloth", "clay") and first_copy(state, holder, work):
            return need - 1
        return need
