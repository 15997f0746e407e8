"""The effects of the ten Metal works: Bell, Chopsticks, Coin, Flute, Gong, Pin, Ring, Shuriken,
Sword, Turtle (docs/rules/mottainai.md, "Card effects"; rulings in "Our rulings: card effects").

Every optional effect is an :class:`Offer` (``use:<card>[:<option>]``, with ``skip``), made only
when it can change something; every label and log line names the card.
"""

from __future__ import annotations

from ...words import plural
from .cards import HAND_LIMIT, MATERIALS, WING_NAMES, distinct, find, kind_of, label, material_of
from .effect_tools import chosen, deal_top, end_if_empty, everyone, take_work
from .effects import Effect, Offer, effect_of, register_effect
from .effects_clay import wing_question


def opponents(state, holder: int) -> list[int]:
    """The holder's opponents, clockwise from the left."""
    return [(holder + i) % state.num_players for i in range(1, state.num_players)]


# ---------------------------------------------------------------------- Bell
@register_effect
class Bell(Effect):
    """Clerk: you may sell the top card of the deck instead of a craft-bench material."""

    key = "bell"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "boost" and ctx.get("kind") == "clerk" and state.deck:
            return [Offer(self.key, work, "", "Bell: sell the top card of the deck instead")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        card = deal_top(state)
        state.sales[holder].append(card)
        state.say("{P%d} (Clerk) sells %s from the top of the deck (Bell)." % (holder, label(card)))
        state.action_done({"sold": card})
        end_if_empty(state)


# ---------------------------------------------------------------------- Chopsticks
@register_effect
class Chopsticks(Effect):
    """Instead of discarding your old task to the floor, you may put it into your sales."""

    key = "chopsticks"

    def offers(self, state, holder, work, trigger, ctx):
        task = state.tasks[holder]
        if trigger == "instead_discard_task" and task is not None and not state.task_face_down[holder]:
            return [Offer(self.key, work, "", "Chopsticks: put your old task %s into your sales instead of "
                                              "on the floor" % label(task))]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        task = state.tasks[holder]
        state.tasks[holder] = None
        state.task_face_down[holder] = False
        state.sales[holder].append(task)
        state.say("{P%d}'s old task, %s, goes into the sales (Chopsticks)." % (holder, label(task)))


# ---------------------------------------------------------------------- Coin
@register_effect
class Coin(Effect):
    """End: your hand counts once more for backorders (each backorder scores twice)."""

    key = "coin"
    #: works that let a tie for the most sales count for backorders (in case their effect does
    #: not declare it through ``Effect.backorder_ties``)
    TIES = {"lampshade": ("clay", "metal"), "quilt": ("paper", "stone", "cloth")}

    def score(self, state, holder, work):
        ties = set()
        for other in state.works(holder):
            if effect_of(other) is not None:
                ties.update(self.TIES.get(kind_of(other).key, ()))
        return state.backorders(holder, with_ties=True, ties=frozenset(ties))


# ---------------------------------------------------------------------- Flute
@register_effect
class Flute(Effect):
    """Monk or Potter: instead of a floor card, take an opponent's Paper work or task card."""

    key = "flute"

    def offers(self, state, holder, work, trigger, ctx):
        kind = ctx.get("kind")
        if trigger != "boost" or kind not in ("monk", "potter"):
            return []
        where = "as a helper" if kind == "monk" else "into your craft bench"
        out = []
        for s in opponents(state, holder):
            task = state.tasks[s]
            if task is not None and not state.task_face_down[s]:
                out.append(Offer(self.key, work, "task:%d" % s,
                                 "Flute: take {P%d}'s task %s %s" % (s, label(task), where)))
            for wing in ("gallery", "gift_shop"):
                cards = state.gallery[s] if wing == "gallery" else state.gift_shop[s]
                for c in distinct(cards, lambda c: material_of(c) == "paper"):
                    out.append(Offer(self.key, work, "%s:%d:%s" % (wing, s, kind_of(c).key),
                                     "Flute: take {P%d}'s Paper work %s (%s) %s"
                                     % (s, label(c), WING_NAMES[wing], where)))
        return out

    def use(self, state, holder, offer, trigger, ctx):
        place, _, rest = offer.option.partition(":")
        if place == "task":
            seat = int(rest)
            card = state.tasks[seat]
            state.tasks[seat] = None
            what = "{P%d}'s task %s" % (seat, label(card))
        else:
            seat_text, _, key = rest.partition(":")
            seat = int(seat_text)
            card = find(state.gallery[seat] if place == "gallery" else state.gift_shop[seat], key)
            take_work(state, seat, card)
            what = "{P%d}'s Paper work %s" % (seat, label(card))
        if ctx["kind"] == "monk":
            state.helpers[holder].append(card)
            state.say("{P%d} (Monk, Flute) takes %s as a helper." % (holder, what))
            state.action_done({"hired": card})
        else:
            state.bench[holder].append(card)
            state.say("{P%d} (Potter, Flute) takes %s into the craft bench." % (holder, what))
            state.action_done({"collected": card})


# ---------------------------------------------------------------------- Gong
@register_effect
class Gong(Effect):
    """After a Prayer you may draw 3 more cards into your waiting area; Gong goes there too."""

    key = "gong"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "after_action" and ctx.get("kind") == "prayer" and state.deck and not state.is_over:
            return [Offer(self.key, work, "", "Gong: draw 3 more cards into your waiting area; "
                                              "Gong goes into your waiting area too")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        take_work(state, holder, offer.work)
        state.waiting[holder].append(offer.work)
        state.known[offer.work] = everyone(state)
        state.say("{P%d} uses Gong: Gong goes into the waiting area and %s drawn into it."
                   % (holder, "3 cards are" if len(state.deck) >= 3 else plural(len(state.deck), "card") + " (the rest of the deck)"))
        for _ in range(3):
            if state.is_over:
                break
            state.draw_to_waiting(holder)


# ---------------------------------------------------------------------- Pin
@register_effect
class Pin(Effect):
    """Morning: you may take one Tailor action (return any hand cards, then draw up to five)."""

    key = "pin"

    def offers(self, state, holder, work, trigger, ctx):
        draw = HAND_LIMIT - len(state.hands[holder]) - len(state.waiting[holder])
        if trigger == "morning" and state.deck and (state.hands[holder] or draw > 0):
            return [Offer(self.key, work, "", "Pin: take one Tailor action now (return cards, then draw "
                                              "until hand and waiting area hold five)")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        self._ask(state, holder, offer.work, 0)

    def _ask(self, state, holder, work, returned):
        draw = max(0, HAND_LIMIT - len(state.hands[holder]) - len(state.waiting[holder]))
        options = [("pin-return:" + kind_of(c).key, "Pin (Tailor): return %s to the bottom of the deck" % label(c))
                   for c in distinct(state.hands[holder])]
        options.append(("pin-draw", "Pin (Tailor): stop returning and draw %s into your waiting area"
                        % plural(draw, "card")))
        state.ask(holder, work, "Pin: Tailor action. Return any cards from your hand to the bottom of the "
                                "deck, then draw until your hand and waiting area hold five.",
                  options, {"returned": returned})

    def answer(self, state, holder, question, choice):
        returned = question["data"]["returned"]
        if choice.startswith("pin-return:"):
            state.return_to_deck(holder, chosen(state.hands[holder], choice))
            self._ask(state, holder, question["work"], returned + 1)
            return
        need = max(0, HAND_LIMIT - len(state.hands[holder]) - len(state.waiting[holder]))
        drawn = min(need, len(state.deck))
        state.say("{P%d} uses Pin (Tailor): returns %s and draws %s into the waiting area."
                   % (holder, plural(returned, "card"), plural(drawn, "card")))
        for _ in range(drawn):
            if state.is_over:
                break
            state.draw_to_waiting(holder)


# ---------------------------------------------------------------------- Ring
@register_effect
class Ring(Effect):
    """After a Clerk action that sold a material, you may take a sale from an opponent who has
    more sales than you."""

    key = "ring"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "after_action" or ctx.get("kind") != "clerk":
            return []
        outcome = ctx.get("outcome") or {}
        if outcome.get("sold") is None and not outcome.get("sold_all"):
            return []
        mine = len(state.sales[holder])
        return [Offer(self.key, work, "%d:%s" % (s, kind_of(c).key),
                      "Ring: take %s from {P%d}'s sales" % (label(c), s))
                for s in opponents(state, holder) if len(state.sales[s]) > mine
                for c in distinct(state.sales[s])]

    def use(self, state, holder, offer, trigger, ctx):
        seat_text, _, key = offer.option.partition(":")
        seat = int(seat_text)
        card = find(state.sales[seat], key)
        state.sales[seat].remove(card)
        state.sales[holder].append(card)
        state.say("{P%d} takes %s from {P%d}'s sales (Ring)." % (holder, label(card), seat), "effect", [seat])


# ---------------------------------------------------------------------- Shuriken
@register_effect
class Shuriken(Effect):
    """When you complete Shuriken, take a completed work from an opponent who has more works than
    you (counted as cards: Go Set does not double), into the wing of your choice."""

    key = "shuriken"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "on_complete" or ctx.get("work") != work:
            return []
        mine = len(state.works(holder))
        out = []
        for s in opponents(state, holder):
            if len(state.works(s)) <= mine:
                continue
            for wing in ("gallery", "gift_shop"):
                cards = state.gallery[s] if wing == "gallery" else state.gift_shop[s]
                for c in distinct(cards):
                    out.append(Offer(self.key, work, "%d:%s:%s" % (s, wing, kind_of(c).key),
                                     "Shuriken: take %s from {P%d}'s %s" % (label(c), s, WING_NAMES[wing])))
        return out

    def use(self, state, holder, offer, trigger, ctx):
        seat_text, wing, key = offer.option.split(":")
        seat = int(seat_text)
        card = find(state.gallery[seat] if wing == "gallery" else state.gift_shop[seat], key)
        wing_question(state, holder, offer.work, "Shuriken: choose the wing for %s, taken from {P%d}."
                      % (label(card), seat), {"card": card, "from": seat})

    def answer(self, state, holder, question, choice):
        card, seat = question["data"]["card"], question["data"]["from"]
        take_work(state, seat, card)
        wing = choice.partition(":")[2]
        (state.gallery if wing == "gallery" else state.gift_shop)[holder].append(card)
        state.say("{P%d} takes %s from {P%d} with Shuriken, into the %s."
                   % (holder, label(card), seat, WING_NAMES[wing]), "effect", [seat])
        state.check_wing_end()


# ---------------------------------------------------------------------- Sword
@register_effect
class Sword(Effect):
    """Monk: hire a helper of an opponent with more helpers than you. Potter: collect a material
    from the craft bench of an opponent with more materials than you."""

    key = "sword"

    def offers(self, state, holder, work, trigger, ctx):
        kind = ctx.get("kind")
        if trigger != "boost" or kind not in ("monk", "potter"):
            return []
        zone = state.helpers if kind == "monk" else state.bench
        mine = len(zone[holder])
        text = "Sword: hire %s, a helper of {P%d}" if kind == "monk" else \
            "Sword: collect %s from {P%d}'s craft bench"
        return [Offer(self.key, work, "%d:%s" % (s, kind_of(c).key), text % (label(c), s))
                for s in opponents(state, holder) if len(zone[s]) > mine
                for c in distinct(zone[s])]

    def use(self, state, holder, offer, trigger, ctx):
        seat_text, _, key = offer.option.partition(":")
        seat = int(seat_text)
        if ctx["kind"] == "monk":
            card = find(state.helpers[seat], key)
            state.helpers[seat].remove(card)
            state.helpers[holder].append(card)
            state.say("{P%d} (Monk, Sword) hires %s, a helper of {P%d}." % (holder, label(card), seat), "effect", [seat])
            state.action_done({"hired": card})
        else:
            card = find(state.bench[seat], key)
            state.bench[seat].remove(card)
            state.bench[holder].append(card)
            state.say("{P%d} (Potter, Sword) collects %s from {P%d}'s craft bench." % (holder, label(card), seat),
                      "effect", [seat])
            state.action_done({"collected": card})


# ---------------------------------------------------------------------- Turtle
@register_effect
class Turtle(Effect):
    """Whenever you have a completed work of each of the five materials, you win at once."""

    key = "turtle"

    def wins_now(self, state, holder, work):
        # (a Kite copying a work counts as the copy's material: state.work_material)
        return len({state.work_material(w) for w in state.works(holder)}) == len(MATERIALS)
