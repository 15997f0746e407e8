"""The effect API: the public methods of :class:`.rules.MottainaiState` that card effects call
(besides reading and moving cards in the state's public fields; the whole list is in the
docstring of :mod:`.effects`), with the steps of a free completion (:meth:`EffectAPI.complete_free`).
A mixin of MottainaiState."""

from __future__ import annotations

from .cards import KIND_BY_KEY, VALUES, WINGS, kind_of, material_of
from .effects import Effect, effect_of


class EffectAPI:
    """What card effects may call on the state (mixed into MottainaiState)."""

    def say(self, text: str, moment: str | None = None, seats=()) -> None:
        """Add a line to the public log (seat names as ``{P0}``...): what an effect did. Mark it
        ``"effect"`` with the other ``seats`` it touched (a card taken from them, their task or
        helpers limited, hands swapped), or ``"work"`` with the seat that completed a work."""
        self._say(text, moment, seats)

    def reveal(self) -> None:
        """Something hidden became visible to anyone (a card from the deck, a look at a hand or a
        face-down card): the action being carried out can no longer be taken back."""
        self._reveal()

    def works(self, seat: int) -> list[int]:
        """All completed works of ``seat`` (Gallery first)."""
        return self.gallery[seat] + self.gift_shop[seat]

    def work_effects(self, seat: int) -> list[tuple[int, Effect]]:
        """``(work, effect)`` for each completed work of ``seat`` whose card has an effect
        (Gallery first)."""
        return [(work, effect) for work in self.works(seat) if (effect := effect_of(work)) is not None]

    def wing_works(self, seat: int, wing: str) -> list[int]:
        """The works that count as being in ``wing`` (Go Set may add works of the other wing)."""
        own = self.gallery[seat] if wing == "gallery" else self.gift_shop[seat]
        other = self.gift_shop[seat] if wing == "gallery" else self.gallery[seat]
        effects = self.work_effects(seat)
        extra = [w for w in other if any(effect.also_in_wing(self, seat, h, w, wing) for h, effect in effects)]
        return list(own) + extra

    def cover(self, seat: int, zone: str, material: str) -> int:
        """How many cards of ``material`` the works can cover in ``zone`` ("helpers": Gallery
        works, "sales": Gift Shop works): the total value of that wing's works of the material."""
        wing = "gallery" if zone == "helpers" else "gift_shop"
        return sum(VALUES[self.work_material(w)] for w in self.wing_works(seat, wing)
                   if self.work_material(w) == material)

    def copy_of(self, work: int) -> int | None:
        """The work a Kite is copying until the end of this turn, or None."""
        copies = self.turn_notes.get("copies") if self.turn_notes else None
        return copies.get(work) if copies else None

    def work_material(self, work: int) -> str:
        """The material a completed work counts as: its own, or, for a Kite copying another work
        until the end of the turn, the copied work's (UBG-FAQ)."""
        copied = self.copy_of(work)
        return material_of(copied if copied is not None else work)

    def is_covered(self, seat: int, zone: str, material: str) -> bool:
        """All-or-nothing cover (T6): the cards of ``material`` in ``zone`` are covered when there
        is at least one and their number is at most the cover. (No cards: nothing to cover.)"""
        cards = self.helpers[seat] if zone == "helpers" else self.sales[seat]
        count = sum(1 for c in cards if material_of(c) == material)
        if count == 0:
            return False
        if count <= self.cover(seat, zone, material):
            return True
        return any(effect.covers_all(self, seat, w, zone, material) for w, effect in self.work_effects(seat))

    def ask(self, holder: int, work: int, prompt: str, options: list[tuple[str, str]], data=None) -> None:
        """Ask the player to move a follow-up question for the effect of ``work`` (held by
        ``holder``). ``options`` are ``(id, label)`` pairs; the answer goes to ``Effect.answer``."""
        self.questions.append({"card": kind_of(work).key, "holder": holder, "work": work,
                               "prompt": prompt, "options": tuple(options), "data": data})
        self.decision = "ask"

    def draw_to_waiting(self, seat: int) -> int | None:
        """Draw the top card of the deck into ``seat``'s waiting area. When the deck becomes empty
        the game ends at once (T8). Returns the card (``None`` if the deck was already empty)."""
        if not self.deck:
            return None
        card = self.deck.pop()
        self._reveal()  # the drawer sees the card
        self.waiting[seat].append(card)
        if not self.deck:
            self.finish("deck")
        return card

    def take_from_deck(self) -> int | None:
        """Take the top card of the deck for a public place (effects); ends the game if it empties."""
        if not self.deck:
            return None
        card = self.deck.pop()
        self.known.pop(card, None)
        self._reveal()
        if not self.deck:
            self.finish("deck")
        return card

    def return_to_deck(self, seat: int, card: int) -> None:
        """Put ``seat``'s hand card on the bottom of the deck, face down (T7): only ``seat`` knows
        which card it is (others' knowledge of a shown card is dropped: they cannot tell it apart)."""
        self.hands[seat].remove(card)
        self.deck.insert(0, card)
        self.known[card] = 1 << seat

    def finish(self, reason: str, winner: int | None = None) -> None:
        """End the game at once (T8): ``reason`` is "deck", "wing", "cup" or "instant"."""
        if self._over:
            return
        self.end_reason = reason
        self.instant_winner = winner
        self.decision = None
        self._end_game()
        text = {"deck": "The last card has left the deck: the game ends at once.",
                "wing": "{P%d} has %d works in one wing: the game ends at once." % (self._current, self.works_to_end),
                "cup": "The game ends at once (Cup).",
                "instant": "{P%d} wins at once%s." % (
                    winner if winner is not None else self._current,
                    " (%s)" % KIND_BY_KEY[self.end_card].name if self.end_card in KIND_BY_KEY else "")}[reason]
        self._say(text)
        scores = self._scores()
        self._say("Final scores: " + ", ".join("{P%d} %d" % (s, scores[s]) for s in range(self.num_players)) + ".")
        for seat in range(self.num_players):     # which card scored what (card effects)
            by_card = self.score_breakdown(seat)["bonus_cards"]
            if by_card:
                self._say("Card bonuses of {P%d}: %s." % (seat, ", ".join("%s %d" % nc for nc in by_card)))
        self._say(self._result_note())

    def check_wing_end(self) -> bool:
        """T8, T8a: end the game at once if any player has enough works in one wing, by any means
        (a completion, a work moved in, a Kite copy that makes Go Set count a work in both wings).
        Checked after every step. Returns True if the game is over."""
        if self._over:
            return True
        works_to_end = self.works_to_end
        for gallery, shop in zip(self.gallery, self.gift_shop):
            if len(gallery) + len(shop) >= works_to_end:
                break
        else:
            return False  # a wing never counts more works than the player has
        for seat in [self._current] + [s for s in range(self.num_players) if s != self._current]:
            if len(self.gallery[seat]) + len(self.gift_shop[seat]) < works_to_end:
                continue      # a wing never counts more works than the player has
            if any(len(self.wing_works(seat, w)) >= self.works_to_end for w in WINGS):
                self.finish("wing")
                return True
        return False

    def complete_free(self, seat: int, card: int, wing: str, how: str) -> None:
        """A card effect completes ``card`` for ``seat`` without support (Dice; also usable for
        Poem and Cloak): the caller has taken the card out of its place. It goes into ``wing``;
        the end of the game is checked; then, as for any completion, the work's own
        "on completion" effect and the player's "after completing" effects are offered, and the
        turn goes on exactly where it was (``state.resume``). ``how`` names the card, for the log
        context (``ctx["kind"]``)."""
        self.known.pop(card, None)
        (self.gallery if wing == "gallery" else self.gift_shop)[seat].append(card)
        self._check_always()
        if self._over or self.check_wing_end():
            return
        self.resume.append((self.phase, self.ctx, list(self.used), self.offer_trigger, self.offer_next))
        self.ctx = {"work": card, "kind": how, "outcome": {"completed": card, "wing": wing}, "free": True}
        self.used = []
        self.phase = "free_on_complete"

    def _phase_free_on_complete(self) -> None:
        self._offer_step("on_complete", "free_after_complete")

    def _phase_free_after_complete(self) -> None:
        self._offer_step("after_complete", "resume")

    def _phase_resume(self) -> None:
        self.phase, self.ctx, self.used, self.offer_trigger, self.offer_next = self.resume.pop()
