"""The effects of the 11 Cloth works: Cloak, Flag, Handkerchief, Kite, Mask, Puppet,
Quilt, Robe, Socks, Tapestry, Umbrella. See docs/rules/mottainai.md, "Card effects", for the
wording and our rulings."""

from __future__ import annotations

from .cards import (MATERIAL_NAMES, VALUES, WING_NAMES, distinct, find, kind_of, label, material_of, sort_key,
                    value_of)
from .effect_tools import (card_options, chosen, deal_top, end_if_empty, everyone, first_copy, return_public,
                           sales_of, take_work, tie_backorders, wing_options)
from .effects import Effect, Offer, effect_of, register_effect


@register_effect
class Cloak(Effect):
    """After you complete a work: return it, and complete a Metal work from your hand for free."""

    key = "cloak"

    def offers(self, state, holder, work, trigger, ctx):
        done = ctx.get("work")
        if trigger != "after_complete" or done is None or done not in state.works(holder):
            return []
        return [Offer(self.key, work, kind_of(c).key, "Use Cloak: return %s and complete %s from your hand "
                                                      "for free" % (label(done), label(c)))
                for c in distinct(state.hands[holder], lambda c: material_of(c) == "metal")]

    def use(self, state, holder, offer, trigger, ctx):
        done = ctx["work"]
        take_work(state, holder, done)
        return_public(state, done)
        card = find(state.hands[holder], offer.option)
        state.known[card] = everyone(state)   # named in the log: public until it is completed
        state.say("{P%d}'s Cloak: returns %s to the bottom of the deck to complete %s from hand for free."
                   % (holder, label(done), label(card)))
        state.ask(holder, offer.work, "Cloak: choose the wing for %s." % label(card), wing_options(card),
                  ("cloak", card))

    def answer(self, state, holder, question, choice):
        card = question["data"][1]
        wing = choice.partition(":")[2]
        state.hands[holder].remove(card)
        state.say("{P%d}'s Cloak: completes %s for free, into the %s." % (holder, label(card), WING_NAMES[wing]),
                  "work", [holder])
        state.complete_free(holder, card, wing, "cloak")


@register_effect
class Flag(Effect):
    """Before you perform your own task: show a card of its material from hand for +1 action.
    Each Flag (a second copy, or a Kite copying Flag) needs its own shown card (T10a)."""

    key = "flag"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "before_task" or ctx.get("owner") != holder or holder != state.current_player:
            return []
        material = ctx.get("material")
        shown = ctx.get("flag_shown", ())
        return [Offer(self.key, work, kind_of(c).key, "Use Flag: show %s from your hand for one more action"
                      % label(c))
                for c in distinct([c for c in state.hands[holder] if c not in shown],
                                   lambda c: material_of(c) == material)]

    def use(self, state, holder, offer, trigger, ctx):
        shown = ctx.get("flag_shown", ())
        card = find([c for c in state.hands[holder] if c not in shown], offer.option)
        state.known[card] = everyone(state)
        ctx["flag_shown"] = shown + (card,)
        state.task_bonus += 1
        state.say("{P%d}'s Flag: shows %s from hand for one more action." % (holder, label(card)))


@register_effect
class Handkerchief(Effect):
    """Instead of the hand limit: discard one hand card to the floor (also at 5 or fewer)."""

    key = "handkerchief"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "instead_hand_limit" and state.hands[holder]:
            return [Offer(self.key, work, "", "Use Handkerchief: instead of the hand limit, discard one "
                                              "card from your hand to the floor")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        state.ask(holder, offer.work, "Handkerchief: choose the card to discard to the floor.",
                  card_options(state.hands[holder], "discard", "Discard {label} to the floor"), ("handkerchief",))

    def answer(self, state, holder, question, choice):
        card = chosen(state.hands[holder], choice)
        state.hands[holder].remove(card)
        state.known.pop(card, None)
        state.floor.append(card)
        state.say("{P%d}'s Handkerchief: discards %s to the floor instead of the hand limit." % (holder, label(card)))


@register_effect
class Kite(Effect):
    """Morning: put a hand card into any player's craft bench; Kite then copies one of that
    player's works (name, material, value, effect) until the end of the turn. Every hook is
    forwarded to the copied card's effect while the copy lasts."""

    key = "kite"

    def _copied(self, state, work):
        copy = state.copy_of(work)
        if copy is None:
            return None, None
        effect = effect_of(copy)
        return copy, (effect if effect is not self else None)

    def _targets(self, state, holder):
        return [s for s in range(state.num_players)
                if any(kind_of(w).key != self.key for w in state.works(s))]

    def offers(self, state, holder, work, trigger, ctx):
        copy, effect = self._copied(state, work)
        if copy is None:
            if trigger != "morning" or not state.hands[holder]:
                return []
            return [Offer(self.key, work, str(s), "Use Kite: put a card from your hand into %s craft bench "
                          "and copy one of %s works" % (("your", "your") if s == holder
                                                        else ("{P%d}'s" % s, "their")))
                    for s in self._targets(state, holder)]
        if effect is None:
            return []
        return [Offer(self.key, work, o.option, "Kite (as %s): %s" % (kind_of(copy).name, o.label))
                for o in effect.offers(state, holder, work, trigger, ctx)]

    def use(self, state, holder, offer, trigger, ctx):
        copy, effect = self._copied(state, offer.work)
        if copy is None:
            s = int(offer.option)
            state.ask(holder, offer.work, "Kite: choose the card from your hand to put into %s craft bench."
                      % ("your" if s == holder else "{P%d}'s" % s),
                      card_options(state.hands[holder], "give", "Put {label} there"), ("kite-give", s))
            return
        original = next(o for o in effect.offers(state, holder, offer.work, trigger, ctx)
                        if o.option == offer.option)
        state.say("{P%d}'s Kite acts as %s:" % (holder, kind_of(copy).name))
        effect.use(state, holder, original, trigger, ctx)

    def answer(self, state, holder, question, choice):
        data = question["data"]
        tag = data[0] if isinstance(data, tuple) and data else None
        if tag == "kite-give":
            s = data[1]
            card = chosen(state.hands[holder], choice)
            state.hands[holder].remove(card)
            state.known.pop(card, None)
            state.bench[s].append(card)
            state.say("{P%d}'s Kite: puts %s from hand into %s craft bench." % (
                holder, label(card), "their own" if s == holder else "{P%d}'s" % s))
            works = [w for w in state.works(s) if kind_of(w).key != self.key]
            state.ask(holder, question["work"], "Kite: choose the work Kite copies until the end of the turn.",
                      card_options(works, "copy", "Kite becomes a copy of {label}"), ("kite-copy", s))
            return
        if tag == "kite-copy":
            s = data[1]
            copied = chosen([w for w in state.works(s) if kind_of(w).key != self.key], choice)
            state.turn_notes.setdefault("copies", {})[question["work"]] = copied
            state.say("{P%d}'s Kite becomes a copy of %s%s until the end of the turn." % (
                holder, "" if s == holder else "{P%d}'s " % s, label(copied)))
            return
        copy, effect = self._copied(state, question["work"])
        if effect is not None:
            effect.answer(state, holder, question, choice)

    # passive hooks: those of the copy while it lasts
    def action_count(self, state, holder, work, performer, owner, material, count):
        _, e = self._copied(state, work)
        return e.action_count(state, holder, work, performer, owner, material, count) if e else count

    def restrict_task(self, state, holder, work, performer, material):
        _, e = self._copied(state, work)
        if e:
            e.restrict_task(state, holder, work, performer, material)

    def support_needed(self, state, holder, work, how, target, need):
        _, e = self._copied(state, work)
        return e.support_needed(state, holder, work, how, target, need) if e else need

    def extra_support(self, state, holder, work, how, target):
        _, e = self._copied(state, work)
        return e.extra_support(state, holder, work, how, target) if e else []

    def support_returns(self, state, holder, work, how, target):
        _, e = self._copied(state, work)
        return e.support_returns(state, holder, work, how, target) if e else []

    def backorder_ties(self, state, holder, work):
        _, e = self._copied(state, work)
        return e.backorder_ties(state, holder, work) if e else set()

    def scoring_covers(self, state, holder, work):
        _, e = self._copied(state, work)
        return e.scoring_covers(state, holder, work) if e else set()

    def covers_all(self, state, holder, work, zone, material):
        _, e = self._copied(state, work)
        return e.covers_all(state, holder, work, zone, material) if e else False

    def also_in_wing(self, state, holder, work, other, wing):
        _, e = self._copied(state, work)
        return e.also_in_wing(state, holder, work, other, wing) if e else False

    def wins_now(self, state, holder, work):
        _, e = self._copied(state, work)
        return e.wins_now(state, holder, work) if e else False

    def score(self, state, holder, work):
        """If the game ends while Kite is a copy, it scores as the copy: the copy's value (the
        difference to Kite's own 2 is shown as Kite's bonus) and the copy's bonus."""
        copy, e = self._copied(state, work)
        if copy is None:
            return 0
        return value_of(copy) - value_of(work) + (e.score(state, holder, work) if e else 0)


@register_effect
class Mask(Effect):
    """Opponents using your task may only take the task's own action (no Craft, no Prayer)."""

    key = "mask"

    def restrict_task(self, state, holder, work, performer, material):
        if "task_action_only" not in state.task_flags:
            state.task_flags.add("task_action_only")
            state.say("{P%d}'s Mask: {P%d} may use this task only for its own action." % (holder, performer),
                      "effect", [performer])


@register_effect
class Puppet(Effect):
    """Before a Tailor action: return Puppet; an opponent's hand goes into your waiting area and
    your hand into theirs (T10)."""

    key = "puppet"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "before_action" or ctx.get("kind") != "tailor":
            return []
        return [Offer(self.key, work, str(s), "Use Puppet: return Puppet and swap hands with {P%d} (their hand "
                      "goes to your waiting area, yours to their hand)" % s)
                for s in range(state.num_players) if s != holder]

    def use(self, state, holder, offer, trigger, ctx):
        s = int(offer.option)
        take_work(state, holder, offer.work)
        return_public(state, offer.work)
        mine, theirs = state.hands[holder], state.hands[s]
        for c in mine:
            state.known[c] = state.known.get(c, 0) | (1 << holder)
        for c in theirs:
            state.known[c] = state.known.get(c, 0) | (1 << s)
        state.hands[s] = list(mine)
        state.hands[holder] = []
        state.reveal()  # each sees the other's hand
        state.waiting[holder].extend(theirs)
        state.say("{P%d}'s Puppet: returns Puppet to the bottom of the deck and swaps hands with {P%d}: "
                   "%d cards go to {P%d}'s hand, %d to {P%d}'s waiting area."
                   % (holder, s, len(mine), s, len(theirs), holder), "effect", [s])


@register_effect
class Quilt(Effect):
    """Scoring: Paper, Stone and Cloth sales are all covered (the points they add are Quilt's
    bonus), and those materials in hand are backorders on a tie for the most sales (even 0-0)."""

    key = "quilt"

    def scoring_covers(self, state, holder, work):
        if not first_copy(state, holder, work):
            return set()
        return {m for m in ("paper", "stone", "cloth")
                if sales_of(state, holder, m) and not state.is_covered(holder, "sales", m)}

    def score(self, state, holder, work):
        if not first_copy(state, holder, work):
            return 0
        points = sum(sales_of(state, holder, m) * VALUES[m] for m in self.scoring_covers(state, holder, work))
        return points + tie_backorders(state, holder, ("paper", "stone", "cloth"))

    def backorder_ties(self, state, holder, work):
        return {"paper", "stone", "cloth"}


@register_effect
class Robe(Effect):
    """With one Clerk action: sell every material of one chosen kind from your craft bench."""

    key = "robe"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger != "boost" or ctx.get("kind") != "clerk":
            return []
        out = []
        for m in ("paper", "stone", "cloth", "clay", "metal"):
            n = sum(1 for c in state.bench[holder] if material_of(c) == m)
            if n >= 2:
                out.append(Offer(self.key, work, m, "Use Robe: sell all %d %s materials from your craft bench"
                                 % (n, MATERIAL_NAMES[m])))
        return out

    def use(self, state, holder, offer, trigger, ctx):
        sold = sorted((c for c in state.bench[holder] if material_of(c) == offer.option), key=sort_key)
        for c in sold:
            state.bench[holder].remove(c)
            state.sales[holder].append(c)
        state.say("{P%d}'s Robe: (Clerk) sells %s from the craft bench." % (holder, " and ".join(label(c) for c in sold)))
        state.action_done({"sold": sold[0], "sold_all": sold})


@register_effect
class Socks(Effect):
    """With a Potter action: collect the top card of the deck instead of a floor card."""

    key = "socks"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "boost" and ctx.get("kind") == "potter" and state.deck:
            return [Offer(self.key, work, "", "Use Socks: collect the top card of the deck into your craft bench")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        card = deal_top(state)
        state.bench[holder].append(card)
        state.say("{P%d}'s Socks: (Potter) collects the top card of the deck, %s, into the craft bench."
                   % (holder, label(card)))
        if not end_if_empty(state):
            state.action_done({"collected": card})


@register_effect
class Tapestry(Effect):
    """Scoring: 1 point per work in the wing that holds Tapestry (Tapestry included; Go Set's Stone
    works count in both wings)."""

    key = "tapestry"

    def score(self, state, holder, work):
        wing = "gallery" if work in state.gallery[holder] else "gift_shop"
        return len(state.wing_works(holder, wing))


@register_effect
class Umbrella(Effect):
    """Morning: the top card of the deck goes onto the floor; then you may sell one of your
    helpers of that card's material."""

    key = "umbrella"

    def offers(self, state, holder, work, trigger, ctx):
        if trigger == "morning" and state.deck:
            return [Offer(self.key, work, "", "Use Umbrella: turn the top card of the deck onto the floor")]
        return []

    def use(self, state, holder, offer, trigger, ctx):
        card = deal_top(state)
        state.floor.append(card)
        state.say("{P%d}'s Umbrella: turns %s from the deck onto the floor." % (holder, label(card)))
        if end_if_empty(state):
            return
        helpers = [c for c in state.helpers[holder] if material_of(c) == material_of(card)]
        if helpers:
            options = card_options(helpers, "sell", "Move your helper {label} into your sales")
            options.append(("skip", "Keep your helpers"))
            state.ask(holder, offer.work, "Umbrella: you may move one of your %s helpers into your sales."
                      % MATERIAL_NAMES[material_of(card)], options, ("umbrella",))

    def answer(self, state, holder, question, choice):
        if choice == "skip":
            return
        card = chosen(state.helpers[holder], choice)
        state.helpers[holder].remove(card)
        state.sales[holder].append(card)
        state.say("{P%d}'s Umbrella: moves the helper %s into the sales." % (holder, label(card)))
