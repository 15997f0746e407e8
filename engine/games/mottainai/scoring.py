"""Mottainai's scoring (T9): works, covered sales, backorders and card bonuses, the winner and the
result table. A mixin of :class:`.rules.MottainaiState`: the methods read the state's wings,
sales and hands."""

from __future__ import annotations

from .cards import KIND_BY_KEY, MATERIALS, VALUES, kind_of, material_of, value_of


class Scoring:
    """The end-of-game score and result of a Mottainai game (mixed into MottainaiState)."""

    def backorders(self, seat: int, with_ties: bool = False, ties: frozenset = frozenset()) -> int:
        """Backorder points of ``seat`` (T9): for each material where the seat has strictly the
        most sales, the value of its hand cards of that material. ``with_ties``: also where the
        seat is tied for the most (even 0-0) and one of its works allows that
        (``Effect.backorder_ties``: Lampshade, Quilt)."""
        ties = set(ties)
        if with_ties:
            for work, effect in self.work_effects(seat):
                ties |= effect.backorder_ties(self, seat, work)
        points = 0
        for material in MATERIALS:
            mine = sum(1 for c in self.sales[seat] if material_of(c) == material)
            best = max(sum(1 for c in self.sales[s] if material_of(c) == material)
                       for s in range(self.num_players) if s != seat)
            if mine > best or (material in ties and mine == best):
                points += sum(VALUES[material] for c in self.hands[seat] if material_of(c) == material)
        return points

    def score_breakdown(self, seat: int) -> dict:
        """Works, covered sales, backorders and card bonuses of ``seat`` now (T9)."""
        works = sum(value_of(w) for w in self.works(seat))
        covered = 0
        backorders = 0
        for material in MATERIALS:
            mine = sum(1 for c in self.sales[seat] if material_of(c) == material)
            if mine and self.is_covered(seat, "sales", material):
                covered += mine * VALUES[material]
            others = [sum(1 for c in self.sales[s] if material_of(c) == material)
                      for s in range(self.num_players) if s != seat]
            if mine > max(others):   # strictly the most sales of it (ties: nobody)
                backorders += sum(VALUES[material] for c in self.hands[seat] if material_of(c) == material)
        bonuses = 0
        by_card: list[tuple[str, int]] = []      # (card name, points) of each work that scored
        for work, effect in self.work_effects(seat):
            points = effect.score(self, seat, work)
            bonuses += points
            if points:
                by_card.append((self._bonus_card_name(work), points))
        return {"works": works, "covered_sales": covered, "backorders": backorders,
                "card_bonuses": bonuses, "bonus_cards": by_card,
                "total": works + covered + backorders + bonuses}

    def scoring_cover(self, seat: int, material: str) -> str | None:
        """The name of the work (Quilt, Pillar) that will cover ``seat``'s sales of ``material``
        at the end of the game although they are not covered now, or None."""
        for work, effect in self.work_effects(seat):
            if material in effect.scoring_covers(self, seat, work):
                return self._bonus_card_name(work)
        return None

    def _bonus_card_name(self, work: int) -> str:
        """A work's name in the card bonuses: ``Kite (as Scroll)`` while a Kite is a copy."""
        copy = self.copy_of(work)
        if copy is not None:
            return "%s (as %s)" % (kind_of(work).name, kind_of(copy).name)
        return kind_of(work).name

    def _scores(self) -> list[int]:
        return [self.score_breakdown(s)["total"] for s in range(self.num_players)]

    def _winners(self) -> list[int]:
        """The single winner: an instant winner (Turtle), else the best score; on a tie the
        current player, then the nearest after them in turn order (T9)."""
        if self.instant_winner is not None:
            return [self.instant_winner]
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        return [min(tied, key=lambda s: (s - self._current) % self.num_players)]

    def _result_note(self) -> str:
        if not self._over:
            return "The game is not over yet."
        if self.instant_winner is not None:
            if self.end_card == "turtle":
                return ("{P%d} wins at once with Turtle (a completed work of each of the five materials), "
                        "whatever the scores." % self.instant_winner)
            return "{P%d} wins at once by a card effect, whatever the scores." % self.instant_winner
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        winner = self.winners()[0]
        if len(tied) == 1:
            return "{P%d} wins with %d points." % (winner, best)
        names = " and ".join("{P%d}" % s for s in tied)
        why = ("the current player" if winner == self._current
               else "the nearest in turn order after the current player, {P%d}" % self._current)
        return "%s tie with %d points; {P%d} wins the tie-break as %s." % (names, best, winner, why)

    def _result_table(self):
        columns = ["Works", "Covered sales", "Backorders", "Card bonuses"]
        rows = []
        for seat in range(self.num_players):
            b = self.score_breakdown(seat)
            rows.append([b["works"], b["covered_sales"], b["backorders"], self._bonus_cell(b)])
        return columns, rows

    @staticmethod
    def _bonus_cell(b: dict) -> int | str:
        """The "Card bonuses" cell: the number alone, or broken down by card when any card scored,
        e.g. "7 (Scroll 3, Bench 4)"."""
        if not b["bonus_cards"]:
            return b["card_bonuses"]
        return "%d (%s)" % (b["card_bonuses"], ", ".join("%s %d" % nc for nc in b["bonus_cards"]))

    def _result_extra(self) -> dict:
        """The result's note (who won and why), how the game ended, the headline of an instant
        win, and each seat's card bonuses by card."""
        result = {"note": self._result_note(), "end_reason": self.end_reason, "end_card": self.end_card}
        if self.instant_winner is not None:   # the page's headline: not "wins with N points"
            result["headline"] = "{P%d} wins at once with %s, whatever the scores!" % (
                self.instant_winner, KIND_BY_KEY[self.end_card].name if self.end_card in KIND_BY_KEY
                else "a card effect")
        # the card bonuses of each seat, by card: [[{"card": "Scroll", "points": 3}, ...], ...]
        result["card_bonuses"] = [[{"card": name, "points": points}
                                   for name, points in self.score_breakdown(s)["bonus_cards"]]
                                  for s in range(self.num_players)]
        return result
