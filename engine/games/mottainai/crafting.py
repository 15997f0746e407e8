"""Completing works in Mottainai: the support a work needs (Smith: hand cards of its material;
Craft: craft-bench materials), what card effects add to it, the choice of supports and wing,
and the completion itself. A mixin of :class:`.rules.MottainaiState`."""

from __future__ import annotations

from .cards import (KINDS_PER_DECK, MATERIAL_NAMES, WING_NAMES, WINGS, distinct, kind_of, label, material_of, sort_key,
                    value_of)


class Crafting:
    """Completing works with their support (mixed into MottainaiState)."""

    def support_needed(self, seat: int, card: int, how: str) -> int:
        """Supports needed to complete ``card`` (value - 1, T5), after card effects."""
        need = value_of(card) - 1
        for work, effect in self.work_effects(seat):
            need = effect.support_needed(self, seat, work, how, card, need)
        return max(0, need)

    def _smithable(self, seat: int) -> list[int]:
        """Hand cards (one per design) that a Smith action can complete with hand support."""
        hand = self.hands[seat]

        def ok(card):
            same = sum(1 for c in hand if c != card and material_of(c) == material_of(card))
            need = self.support_needed(seat, card, "smith")
            if same < need:
                same += len(self.extra_support(seat, card, "smith"))
            return same >= need or need - same <= len(self.support_returns(seat, card, "smith"))
        return distinct(hand, ok)

    def support_returns(self, seat: int, card: int, how: str) -> list[tuple[int, str]]:
        """Cards of any material that card effects let ``seat`` return to the bottom of the deck
        as extra support for completing ``card`` (Crane: Paper from the craft bench), each with the
        name of the card whose effect allows it, in the order they would be used."""
        out: list[tuple[int, str]] = []
        for work, effect in self.work_effects(seat):
            out += [(c, kind_of(work).name) for c in effect.support_returns(self, seat, work, how, card)
                    if c != card and c not in [o for o, _ in out]]
        return out

    def support_short(self, seat: int, card: int, how: str) -> int:
        """How many supports for ``card`` the usual places (hand for Smith, with ``extra_support``;
        craft bench for Craft) lack: these must come from ``support_returns`` (Crane)."""
        need = self.support_needed(seat, card, how)
        if how == "smith":
            have = sum(1 for c in self.hands[seat] if c != card and material_of(c) == material_of(card))
            if have < need:
                have += len(self.extra_support(seat, card, "smith"))
        else:
            have = sum(1 for c in self.bench[seat] if material_of(c) == material_of(card))
        return max(0, need - have)

    def _return_supports(self, seat: int, card: int, how: str, short: int) -> str:
        """Return ``short`` cards from ``support_returns`` to the bottom of the deck (public);
        the log text for them."""
        used = self.support_returns(seat, card, how)[:short] if short > 0 else []
        if not used:
            return ""
        for c, _ in used:
            self.bench[seat].remove(c)
            self.deck.insert(0, c)
            self.known[c] = (1 << self.num_players) - 1   # everyone saw which card went there
        return ", returning " + " and ".join("%s (%s)" % (label(c), name) for c, name in used) + \
            " from the craft bench to the bottom of the deck as extra support"

    def extra_support(self, seat: int, card: int, how: str) -> list[int]:
        """Cards outside the usual place that card effects let ``seat`` show as support for
        ``card`` (Brick: face-up task cards), each once, never the work itself."""
        out: list[int] = []
        for work, effect in self.work_effects(seat):
            out += [c for c in effect.extra_support(self, seat, work, how, card)
                    if c != card and c not in out and material_of(c) == material_of(card)]
        return out

    def _craftable(self, seat: int, material: str) -> list[int]:
        """Hand cards of ``material`` that a Craft action can complete with craft-bench support."""
        on_bench = sum(1 for c in self.bench[seat] if material_of(c) == material)
        return distinct(self.hands[seat], lambda c: material_of(c) == material
                         and (on_bench >= self.support_needed(seat, c, "craft")
                              or self.support_needed(seat, c, "craft") - on_bench
                              <= len(self.support_returns(seat, c, "craft"))))

    def _need_text(self, card: int, how: str) -> str:
        need = self.support_needed(self._current, card, how)
        if need == 0:
            return " (no support needed)"
        where = "hand" if how == "smith" else "craft bench"
        short = self.support_short(self._current, card, how)
        if short:
            returned = self.support_returns(self._current, card, how)[:short]
            return (f" (support: {need - short} {MATERIAL_NAMES[material_of(card)]} from your {where}, and "
                    + " and ".join("%s returned from your craft bench (%s)" % (label(c), name)
                                   for c, name in returned) + ")")
        return f" (support: {need} {MATERIAL_NAMES[material_of(card)]} from your {where})"

    def _support_candidates(self) -> list[int]:
        """Smith: hand cards that may still be shown as support for the chosen work."""
        seat, work = self._current, self.work
        cards = [c for c in self.hands[seat]
                 if c != work and c not in self.supports and material_of(c) == material_of(work)]
        cards += [c for c in self.extra_support(seat, work, "smith") if c not in self.supports]
        return cards

    def _next_completion_step(self) -> None:
        """After a work (or a support) is chosen: ask for supports while the choice matters,
        then for the wing."""
        if self.kind == "smith":
            need = self.support_needed(self._current, self.work, "smith") - len(self.supports)
            if need > 0:
                candidates = self._support_candidates()
                designs = {c % KINDS_PER_DECK for c in candidates}
                if len(candidates) <= need or len(designs) == 1:
                    self.supports += sorted(candidates, key=sort_key)[:need]  # no real choice
                else:
                    self.decision = "support"
                    return
        self.decision = "wing"

    def _complete(self, wing: str) -> None:
        """Complete the chosen work into ``wing`` (T5); supports are shown and kept."""
        seat, work = self._current, self.work
        self.hands[seat].remove(work)
        self.known.pop(work, None)
        (self.gallery if wing == "gallery" else self.gift_shop)[seat].append(work)
        how = "Smith" if self.kind == "smith" else "Craft"
        if self.kind == "smith":
            in_hand = [c for c in self.supports if c in self.hands[seat]]
            for card in in_hand:
                self.known[card] = (1 << self.num_players) - 1  # shown to everyone, still in hand
            support = (", showing " + " and ".join(label(c) for c in in_hand) + " from hand as support"
                       if in_hand else "")
            others = [c for c in self.supports if c not in in_hand]   # card effects (Brick)
            if others:
                support += (" and" if in_hand else ",") + " using " + " and ".join(
                    self._support_place(c) for c in others) + " as support"
            support += self._return_supports(seat, work, "smith",
                                             self.support_needed(seat, work, "smith") - len(self.supports))
        else:
            need = self.support_needed(seat, work, "craft")
            on_bench = sum(1 for c in self.bench[seat] if material_of(c) == material_of(work))
            support = (f", with {min(need, on_bench)} {MATERIAL_NAMES[material_of(work)]} from the craft bench "
                       "as support" if min(need, on_bench) else "")
            support += self._return_supports(seat, work, "craft", need - on_bench)
        self._say("{P%d} completes %s by %s%s, into the %s." % (seat, label(work), how, support, WING_NAMES[wing]),
                  "work", [seat])
        self._check_always()
        if self._over:
            return
        if any(len(self.wing_works(seat, w)) >= self.works_to_end for w in WINGS):  # T8: at once
            self.finish("wing")
            return
        self.action_done({"completed": work, "wing": wing})

    def _support_place(self, card: int) -> str:
        """Where a support card outside the hand lies, for the log ("{P1}'s task Bell (Metal 3)")."""
        for s, task in enumerate(self.tasks):
            if task == card:
                return ("their own task " if s == self._current else "{P%d}'s task " % s) + label(card)
        return label(card)
