"""The effects of the ten Clay works: Bangle, Bowl, Brick, Cup, Dice, Figurine, Haniwa, Jar,
Teapot, Vase (docs/rules/mottainai.md, "Card effects"; rulings in "Our rulings: card effects").

Every optional effect is an :class:`Offer` (``use:<card>[:<option>]``, with ``skip``), made only
when it can change something; every label and log line names the card. Cards moved between
hidden places keep ``state.known`` right (see ``rules.MottainaiState._determinize``).
"""

from __future__ import annotations

from ...words import plural
from .cards import (MATERIALS, MATERIAL_NAMES, ROLES, ROLE_NAMES, WING_NAMES, distinct, find,
                    kind_of, label, material_of, value_of)
from .effect_tools import chosen, deal_top, end_if_empty, everyone, take_work
from .effects import Effect, Offer, register_effect


def wing_question(state, holder: int, work: int, prompt: str, data=None) -> None:
    state.ask(holder, work, prompt, [("wing:gallery", "Gallery (covers helpers)"),
                                     ("wing:gift_shop", "Gift Shop (covers sales)")], data)


# ---------------------------------------------------------------------- Bangle
@register_effect
class Bangle(Effect):
    """Opponents using your task get no extra actions from their helpers; your Stone (Monk)
    helpers are always covered."""

    key = "bangle"

    def restrict_task(self, state, holder, work, performer, material):
        if "no_helpers" in state.task_flags:
            return
        state.task_flags.add("no_helpers")
        if any(material_of(h) == material for h in state.helpers[performer]):
            state.say("Bangle ({P%d}): {P%d}'s %s helpers give no extra actions on {P%d}'s task."
                       % (holder, performer, ROLE_NAMES[ROLES[material]], holder), "effect", [performer])

    def covers_all(self, state, holder, work, zone, material):
        return zone == "helpers" and material == "stone"


# ---------------------------------------------------------------------- Bowl
@register_effect
class Bowl(Effect):
    """Morning: you may put the top card of the deck into your craft bench."""

    key = "bowl"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "morning" and state.deck:
            return [Offer(self.key, work, "", "Bowl: put the top card of the deck into your craft bench")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        card = deal_top(state)
        state.bench[holder].append(card)
        state.say("{P%d} uses Bowl: %s from the top of the deck goes into the craft bench." % (holder, label(card)))
        end_if_empty(state)


# ---------------------------------------------------------------------- Brick
@register_effect
class Brick(Effect):
    """Smith: every player's face-up task card of the work's material may be support."""

    key = "brick"

    def extra_support(self, state, holder, work, how, target):
        if how != "smith":
            return []
        return [t for s, t in enumerate(state.tasks) if t is not None and not state.task_face_down[s]]


# ---------------------------------------------------------------------- Cup
@register_effect
class Cup(Effect):
    """After a Prayer action you may return Cup: the game ends at once."""

    key = "cup"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "after_action" and ctx.get("kind") == "prayer" and not state.is_over:
            return [Offer(self.key, work, "", "Cup: return Cup to the bottom of the deck and end the game now")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        take_work(state, holder, offer.work)
        state.deck.insert(0, offer.work)
        state.known[offer.work] = everyone(state)
        state.say("{P%d} returns Cup to the bottom of the deck: the game ends." % holder)
        state.end_card = "cup"
        state.finish("cup")


# ---------------------------------------------------------------------- Dice
@register_effect
class Dice(Effect):
    """Before a Tailor action you may turn up the top card of the deck; if its value equals the
    number of cards in your hand, it becomes a completed work for free."""

    key = "dice"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "before_action" and ctx.get("kind") == "tailor" and state.deck:
            return [Offer(self.key, work, "", "Dice: turn up the top card of the deck; if its value equals "
                                              "the number of cards in your hand (%d), complete it for free"
                          % len(state.hands[holder]))]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        top = state.deck[-1]
        state.known[top] = everyone(state)        # shown to all, still on top of the deck
        state.reveal()
        count = len(state.hands[holder])
        if value_of(top) == count:
            state.say("{P%d} uses Dice: the top card of the deck is %s, value %d = %s in hand: "
                       "it becomes a completed work." % (holder, label(top), value_of(top),
                                                         plural(count, "card")))
            wing_question(state, holder, offer.work, "Dice: choose the wing for %s, completed for free."
                          % label(top), {"card": top})
        else:
            state.say("{P%d} uses Dice: the top card of the deck is %s, value %d, not the %s in hand; "
                       "it stays on top of the deck." % (holder, label(top), value_of(top),
                                                         plural(count, "card")))

    def answer(self, state, holder, question, choice):
        card = question["data"]["card"]
        wing = choice.partition(":")[2]
        state.deck.remove(card)
        state.say("{P%d} puts %s into the %s (Dice)." % (holder, label(card), WING_NAMES[wing]), "work", [holder])
        state.complete_free(holder, card, wing, "dice")
        end_if_empty(state)


# ---------------------------------------------------------------------- Figurine
@register_effect
class Figurine(Effect):
    """Before you perform an opponent's task you may show a hand card of its material for one
    more action."""

    key = "figurine"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "before_task" or ctx.get("owner") in (None, holder):
            return []
        material = ctx["material"]
        shown = ctx.get("figurine_shown", ())
        cards = distinct([c for c in state.hands[holder] if c not in shown], lambda c: material_of(c) == material)
        return [Offer(self.key, work, kind_of(c).key,
                      "Figurine: show %s from your hand for one more action on {P%d}'s %s task"
                      % (label(c), ctx["owner"], ROLE_NAMES[ROLES[material]])) for c in cards]

    def use(self, state, holder, offer, trigger, ctx):
        shown = ctx.get("figurine_shown", ())
        card = find([c for c in state.hands[holder] if c not in shown], offer.option)
        state.known[card] = everyone(state)
        ctx["figurine_shown"] = shown + (card,)
        state.task_bonus += 1
        state.say("{P%d} shows %s from hand (Figurine): one more action on {P%d}'s task."
                   % (holder, label(card), ctx["owner"]))


# ---------------------------------------------------------------------- Haniwa
@register_effect
class Haniwa(Effect):
    """End: 3 points for each helper of your most numerous helper material."""

    key = "haniwa"

    def score(self, state, holder, work):
        return 3 * max((sum(1 for c in state.helpers[holder] if material_of(c) == m) for m in MATERIALS), default=0)


# ---------------------------------------------------------------------- Jar
@register_effect
class Jar(Effect):
    """When you complete Jar, name a material: each opponent moves all hand cards of it into your
    waiting area."""

    key = "jar"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "on_complete" or ctx.get("work") != work:
            return []
        if not any(state.hands[s] for s in range(state.num_players) if s != holder):
            return []
        return [Offer(self.key, work, m, "Jar: name %s (every opponent moves their %s cards from hand "
                                         "into your waiting area)" % (MATERIAL_NAMES[m], MATERIAL_NAMES[m]))
                for m in MATERIALS]

    def use(self, state, holder, offer, trigger, ctx):
        material = offer.option
        parts = []
        for s in range(state.num_players):
            if s == holder:
                continue
            moved = [c for c in state.hands[s] if material_of(c) == material]
            if moved:
                state.reveal()  # the holder sees the opponents' cards in the waiting area
            for card in moved:
                state.hands[s].remove(card)
                state.waiting[holder].append(card)
                # the giver knows which cards went where (and so does anyone who had seen them)
                state.known[card] = state.known.get(card, 0) | (1 << s)
            parts.append("{P%d} %s" % (s, plural(len(moved), "card")))
        state.say("{P%d} names %s with Jar: into {P%d}'s waiting area go %s." % (
            holder, MATERIAL_NAMES[material], holder, ", ".join(parts)))


# ---------------------------------------------------------------------- Teapot
@register_effect
class Teapot(Effect):
    """End: 3 points for each material of the most numerous kind in your craft bench."""

    key = "teapot"

    def score(self, state, holder, work):
        return 3 * max((sum(1 for c in state.bench[holder] if material_of(c) == m) for m in MATERIALS), default=0)


# ---------------------------------------------------------------------- Vase
@register_effect
class Vase(Effect):
    """When you complete Vase, move up to two floor cards into your sales."""

    key = "vase"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "on_complete" and ctx.get("work") == work and state.floor:
            return [Offer(self.key, work, "", "Vase: move %s from the floor into your sales"
                          % ("both floor cards" if len(state.floor) == 2 else
                             "the floor card" if len(state.floor) == 1 else "two cards"))]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        if len(state.floor) <= 2 or len(distinct(state.floor)) == 1:
            for card in sorted(state.floor, key=lambda c: (material_of(c), kind_of(c).name))[:2]:
                self._sell(state, holder, card)
            return
        self._ask(state, holder, offer.work, 1)

    def _ask(self, state, holder, work, number):
        state.ask(holder, work, "Vase: choose a floor card to move into your sales (%d of 2)." % number,
                  [("vase:" + kind_of(c).key, "Vase: move %s from the floor into your sales" % label(c))
                   for c in distinct(state.floor)], {"number": number})

    def answer(self, state, holder, question, choice):
        self._sell(state, holder, chosen(state.floor, choice))
        if question["data"]["number"] == 1 and state.floor:
            self._ask(state, holder, question["work"], 2)

    @staticmethod
    def _sell(state, holder, card):
        state.floor.remove(card)
        state.sales[holder].append(card)
        state.say("{P%d} moves %s from the floor into the sales (Vase)." % (holder, label(card)))

