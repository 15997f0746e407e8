"""The effects of the 11 Stone works: Amulet, Bench, Daidoro, Fountain, Frog, Go Set,
Pillar, Statue, Stool, Tablet, Tower. See docs/rules/mottainai.md, "Card effects", for the wording
and our rulings."""

from __future__ import annotations

from ...words import plural
from .cards import MATERIALS, VALUES, kind_of, label, material_of, sort_key
from .effect_tools import (answer_demand, card_options, chosen, deal_onto_floor, demand_material, everyone,
                           first_copy, return_public, sales_of)
from .effects import Effect, Offer, register_effect


@register_effect
class Amulet(Effect):
    """After you complete any work: sell one material from your craft bench."""

    key = "amulet"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "after_complete" and state.bench[holder]:
            return [Offer(self.key, work, "", "Use Amulet: sell a material from your craft bench")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.ask(holder, offer.work, "Amulet: choose the material to sell from your craft bench.",
                  card_options(state.bench[holder], "sell", "Sell {label}"), ("amulet",))

    def answer(self, state, holder, question, choice):
        card = chosen(state.bench[holder], choice)
        state.bench[holder].remove(card)
        state.sales[holder].append(card)
        state.say("{P%d}'s Amulet: sells %s from the craft bench." % (holder, label(card)))


@register_effect
class BenchCard(Effect):
    """The card Bench (not a player's craft bench). Scoring: 2 points per Stone work (each once, also under Go Set: T10)."""

    key = "bench"

    def score(self, state, holder, work):
        return 2 * sum(1 for w in state.works(holder) if state.work_material(w) == "stone")


@register_effect
class Daidoro(Effect):
    """Morning: deal cards from the deck onto the floor until it holds 3."""

    key = "daidoro"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "morning" and len(state.floor) < 3 and state.deck:
            return [Offer(self.key, work, "", "Use Daidoro: deal cards from the deck onto the floor "
                                              "until it holds 3")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        deal_onto_floor(state, holder, "Daidoro", lambda state: len(state.floor) >= 3)


@register_effect
class Fountain(Effect):
    """Before you perform a Clerk task: show Stone cards from hand, each an uncovered Clerk
    helper for this task only (T10)."""

    key = "fountain"

    def _stones(self, state, holder):
        return sorted((c for c in state.hands[holder] if material_of(c) == "stone"), key=sort_key)

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "before_task" or ctx.get("material") != "paper" or "no_helpers" in state.task_flags:
            return []
        if any(kind_of(w).key == self.key for w in state.used):   # one Fountain per task (two decks)
            return []
        n = len(self._stones(state, holder))
        return [Offer(self.key, work, str(k), "Use Fountain: show %s from your hand as Clerk helpers "
                      "for this task (+%s)" % (plural(k, "Stone card"), plural(k, "action")))
                for k in range(1, n + 1)]

    def use(self, state, holder, offer, trigger, ctx):
        shown = self._stones(state, holder)[:int(offer.option)]
        for c in shown:
            state.known[c] = everyone(state)
        state.task_bonus += len(shown)
        state.say("{P%d}'s Fountain: shows %s from hand as Clerk helpers for this task."
                   % (holder, " and ".join(label(c) for c in shown)))


@register_effect
class Frog(Effect):
    """On completing Frog, if no opponent has fewer works: take another turn after this one."""

    key = "frog"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "on_complete" or ctx.get("work") != work or state.extra_turn:
            return []
        mine = len(state.works(holder))          # works, not wing places: Go Set does not double
        if all(len(state.works(s)) >= mine for s in range(state.num_players) if s != holder):
            return [Offer(self.key, work, "", "Use Frog: take another turn after this one")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.extra_turn = True
        state.say("{P%d}'s Frog: {P%d} will take another turn after this one." % (holder, holder))


@register_effect
class GoSet(Effect):
    """Each of your Stone works counts as being in both wings (not as two works)."""

    key = "go-set"

    def also_in_wing(self, state, holder, work, other, wing):
        return state.work_material(other) == "stone"


@register_effect
class Pillar(Effect):
    """Scoring: the sales of your most-sold material (best for you on a tie) all count as covered;
    the points they add are Pillar's bonus."""

    key = "pillar"

    def scoring_covers(self, state, holder, work):
        """The uncovered most-sold material worth the most (none if Quilt covers it anyway)."""
        if not first_copy(state, holder, work):
            return set()
        counts = {m: sales_of(state, holder, m) for m in MATERIALS}
        top = max(counts.values())
        if top == 0:
            return set()
        quilt = any(kind_of(w).key == "quilt" or (state.copy_of(w) is not None
                                                  and kind_of(state.copy_of(w)).key == "quilt")
                    for w in state.works(holder))
        best, best_material = 0, None
        for m, n in counts.items():
            if n != top or state.is_covered(holder, "sales", m):
                continue
            if quilt and m in ("paper", "stone", "cloth"):
                continue                           # Quilt already covers these
            if n * VALUES[m] > best:
                best, best_material = n * VALUES[m], m
        return {best_material} if best_material else set()

    def score(self, state, holder, work):
        return sum(sales_of(state, holder, m) * VALUES[m] for m in self.scoring_covers(state, holder, work))


@register_effect
class Statue(Effect):
    """On completing Statue: move up to two floor cards into your craft bench."""

    key = "statue"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "on_complete" and ctx.get("work") == work and state.floor:
            return [Offer(self.key, work, "", "Use Statue: move two cards from the floor into your craft bench")]
        return []

    def _next(self, state, holder, work, left):
        if left <= 0 or not state.floor:
            return
        if len({c % 54 for c in state.floor}) == 1 or len(state.floor) <= left:
            for _ in range(min(left, len(state.floor))):
                self._take(state, holder, sorted(state.floor, key=sort_key)[0])
            return
        state.ask(holder, work, "Statue: choose a floor card to move into your craft bench (%d of 2)."
                  % (3 - left), card_options(state.floor, "collect", "Move {label} into your craft bench"),
                  ("statue", left))

    def _take(self, state, holder, card):
        state.floor.remove(card)
        state.bench[holder].append(card)
        state.say("{P%d}'s Statue: moves %s from the floor into the craft bench." % (holder, label(card)))

    def use(self, state, holder, offer, trigger, ctx):
        self._next(state, holder, offer.work, 2)

    def answer(self, state, holder, question, choice):
        self._take(state, holder, chosen(state.floor, choice))
        self._next(state, holder, question["work"], question["data"][1] - 1)


@register_effect
class Stool(Effect):
    """After you complete a Stone, Clay or Metal work: draw a card into your waiting area."""

    key = "stool"

    def offers(self, state, holder, work, trigger, ctx):
        done = ctx.get("work")
        if (trigger == "after_complete" and done is not None
                and material_of(done) in ("stone", "clay", "metal") and state.deck):
            return [Offer(self.key, work, "", "Use Stool: draw a card into your waiting area")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.say("{P%d}'s Stool: draws a card into the waiting area." % holder)
        state.draw_to_waiting(holder)


def _has(cards, material):
    return any(material_of(c) == material for c in cards)


@register_effect
class Tablet(Effect):
    """On completing Tablet: return the whole floor to the deck, or deal onto the floor until it
    holds a Stone and a Metal card."""

    key = "tablet"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "on_complete" or ctx.get("work") != work:
            return []
        out = []
        if state.floor:
            out.append(Offer(self.key, work, "return", "Use Tablet: return every floor card to the deck"))
        if state.deck and not (_has(state.floor, "stone") and _has(state.floor, "metal")):
            out.append(Offer(self.key, work, "deal", "Use Tablet: deal cards onto the floor until it holds "
                                                     "a Stone and a Metal card"))
        return out

    def use(self, state, holder, offer, trigger, ctx):
        if offer.option == "return":
            n = len(state.floor)
            for c in list(state.floor):
                state.floor.remove(c)
                return_public(state, c)
            state.say("{P%d}'s Tablet: returns the %s to the bottom of the deck."
                      % (holder, plural(n, "floor card")))
            return
        deal_onto_floor(state, holder, "Tablet",
                        lambda state: _has(state.floor, "stone") and _has(state.floor, "metal"))


@register_effect
class Tower(Effect):
    """Opponents must show a Paper/Stone/Clay card to use your Clerk/Monk/Potter task."""

    key = "tower"

    def restrict_task(self, state, holder, work, performer, material):
        if material in ("paper", "stone", "clay"):
            demand_material(state, holder, work, performer, material)

    def answer(self, state, holder, question, choice):
        answer_demand(state, holder, question, choice)
