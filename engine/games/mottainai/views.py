"""How a Mottainai game looks to one seat: the phase, the prompt, each player's temple (helpers,
craft bench, sales and wings, grouped by material), the floor and the holdings. A mixin of
:class:`.rules.MottainaiState`: nothing hidden from the seat leaves it."""

from __future__ import annotations

from ...words import plural
from .cards import (HAND_LIMIT, KIND_BY_KEY, MATERIAL_MARKS, MATERIAL_NAMES, MATERIALS, ROLE_NAMES, ROLE_TEXT, ROLES,
                    VALUES, card_json, label, material_of, quotes, sort_key, value_of)


class Views:
    """The views of a Mottainai game (mixed into MottainaiState)."""

    def _phase_name(self) -> str:
        if self.phase in ("begin", "instead_hand_limit", "hand_limit", "morning", "instead_discard_task",
                          "discard_task", "instead_new_task", "new_task"):
            return "morning"
        if self.phase in ("night", "night_draw"):
            return "night"
        return "noon"

    def _prompt(self, seat: int | None) -> str:
        if self._over:
            return "The game is over."
        cur = self._current
        if seat != cur:
            if self._phase_name() == "noon" and self.task_owner is not None:
                return "Waiting for {P%d}, who is performing %s %s task." % (
                    cur, "their own" if self.task_owner == cur else "{P%d}'s" % self.task_owner,
                    ROLE_NAMES[ROLES[self.task_material]])
            return "Waiting for {P%d} (%s)." % (cur, self._phase_name())
        d = self.decision
        if d == "limit":
            extra = len(self.hands[cur]) - HAND_LIMIT
            return (f"Morning: you hold more than five cards. Return {plural(extra, 'card')} "
                    "to the bottom of the deck.")
        if d == "new_task":
            return "Morning: place a new task from your hand (or none, and take a Prayer at noon instead)."
        if d in ("action", "card", "support", "wing", "tailor"):
            if self.prayer_only:
                head = "Noon, no task of your own: one Prayer"
            else:
                whose = "your own" if self.task_owner == cur else "{P%d}'s" % self.task_owner
                head = "Noon, %s %s task (%s): action %d of %d" % (
                    whose, ROLE_NAMES[ROLES[self.task_material]], MATERIAL_NAMES[self.task_material],
                    self.actions_total - self.actions_left + 1, self.actions_total)
            if d == "action":
                return head + ". " + self._action_choice_text() + "."
            if d == "card":
                boosts = []        # the cards whose effect is offered beside the usual choices
                for offer in self._boost_offers():
                    if KIND_BY_KEY[offer.card].name not in boosts:
                        boosts.append(KIND_BY_KEY[offer.card].name)
                return head + ". " + {
                    "clerk": "Choose a material in your craft bench to sell.",
                    "monk": "Choose a floor card to hire as a helper.",
                    "potter": "Choose a floor card to collect into your craft bench.",
                    "smith": "Choose the work to complete (support from your hand).",
                    "craft": "Choose the %s work to complete (support from your craft bench)."
                             % MATERIAL_NAMES[self.task_material] if self.task_material else "",
                }.get(self.kind, "Choose.") + (
                    " Or use the effect of %s." % " or ".join(boosts) + quotes(boosts) if boosts else "")
            if d == "support":
                need = self.support_needed(cur, self.work, "smith") - len(self.supports)
                return head + f". Choose {plural(need, 'card')} to show as support for {label(self.work)}."
            if d == "wing":
                return head + f". Choose the wing for {label(self.work)}."
            return head + (". Tailor: return any cards from your hand to the bottom of the deck, then draw "
                           "until your hand and waiting area hold five.")
        if d == "offers":
            names = []
            for offer in self._collect_offers(self.offer_trigger):
                name = KIND_BY_KEY[offer.card].name
                if name not in names:
                    names.append(name)
            cards = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            return {"morning": "Morning: you may use the morning effect of %s (each once), in any order.",
                    "night": "Night: you may use the night effect of %s."}.get(
                        self.offer_trigger, "You may use the effect of %s now, or go on.") % cards + quotes(names)
        if d == "ask":
            question = self.questions[0]
            return question["prompt"] + quotes([KIND_BY_KEY[question["card"]].name])
        return ""

    def _groups(self, seat: int, zone: str) -> list[dict]:
        cards = {"helpers": self.helpers, "sales": self.sales, "craft_bench": self.bench}[zone][seat]
        groups = []
        for material in MATERIALS:
            count = sum(1 for c in cards if material_of(c) == material)
            if not count:
                continue
            group = {"material": material, "count": count}
            if zone != "craft_bench":
                group["cover"] = self.cover(seat, zone, material)
                group["covered"] = self.is_covered(seat, zone, material)
                if zone == "sales" and not group["covered"]:
                    by = self.scoring_cover(seat, material)
                    if by is not None:
                        group["covered_at_scoring"] = by
            groups.append(group)
        return groups

    def _player_json(self, s: int) -> dict:
        face_down = self.task_face_down[s] and self.tasks[s] is not None
        task = self.tasks[s]
        visible = sum(value_of(w) for w in self.works(s)) + sum(
            sum(VALUES[m] for c in self.sales[s] if material_of(c) == m)
            for m in MATERIALS if self.is_covered(s, "sales", m))
        panel = {
            "seat": s,
            "hand_count": len(self.hands[s]),
            "waiting_count": len(self.waiting[s]),
            "task": None if task is None or face_down else card_json(task),
            "task_face_down": face_down,
            "helpers": [card_json(c) for c in sorted(self.helpers[s], key=sort_key)],
            "craft_bench": [card_json(c) for c in sorted(self.bench[s], key=sort_key)],
            "sales": [card_json(c) for c in sorted(self.sales[s], key=sort_key)],
            "gallery": [card_json(c) for c in self.gallery[s]],
            "gift_shop": [card_json(c) for c in self.gift_shop[s]],
            "helper_groups": self._groups(s, "helpers"),
            "sale_groups": self._groups(s, "sales"),
            "bench_groups": self._groups(s, "craft_bench"),
            "points_on_table": visible,
        }
        if self._over:   # hands are shown for the backorders at the end
            panel["final_hand"] = [card_json(c) for c in sorted(self.hands[s], key=sort_key)]
        return panel

    def _table(self, seat: int | None) -> dict:
        noon = self._noon_json()
        table = {
            "materials": [{"key": m, "name": MATERIAL_NAMES[m], "value": VALUES[m], "role": ROLES[m],
                           "role_name": ROLE_NAMES[ROLES[m]], "role_text": ROLE_TEXT[ROLES[m]],
                           "mark": MATERIAL_MARKS[m]} for m in MATERIALS],
            "decks": self.decks,
            "works_to_end": self.works_to_end,
            "deck_count": len(self.deck),
            "floor": [card_json(c) for c in self.floor],
            "turn": self._current if not self._over else None,
            "phase": "over" if self._over else self._phase_name(),
            "noon": noon,
            "players": [self._player_json(s) for s in range(self.num_players)],
            "end_reason": self.end_reason,
        }
        if seat is not None:
            table["hand"] = [card_json(c) for c in sorted(self.hands[seat], key=sort_key)]
            table["choice"] = self._choice_json(seat)
        return table

    def _noon_json(self) -> dict | None:
        """The view's ``noon``: the task being performed (None outside Noon)."""
        if not self._over and self._phase_name() == "noon" and (self.task_owner is not None or self.prayer_only):
            return {"performer": self._current, "task_owner": self.task_owner,
                    "material": self.task_material,
                    "role": ROLES[self.task_material] if self.task_material else None,
                    "prayer_only": self.prayer_only,
                    "actions_total": self.actions_total, "actions_left": self.actions_left}
        return None

    def _choice_json(self, seat: int) -> dict | None:
        """The view's ``choice``: the action ``seat`` is in the middle of, if any."""
        if seat == self._current and not self._over and self.kind is not None:
            return {"action": self.kind,
                    "work": card_json(self.work) if self.work is not None else None,
                    "supports": [card_json(c) for c in self.supports]}
        return None

    def _holdings(self, seat: int) -> dict:
        """For open hands: the seat's hand, its waiting area and its task while face down
        (a starting card), each in the card shape of the views."""
        task = self.tasks[seat]
        return {"hand": [card_json(c) for c in sorted(self.hands[seat], key=sort_key)],
                "waiting": [card_json(c) for c in sorted(self.waiting[seat], key=sort_key)],
                "face_down_task": card_json(task) if task is not None and self.task_face_down[seat] else None}
