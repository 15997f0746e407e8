"""Mottainai (Carl Chudyk), for 2-5 players: the base game, with the rulings T1-T9 of
docs/rules/mottainai.md: the setup, the flow of a turn, the legal actions and applying them. The
cards, as plain data, are in :mod:`.cards`; completing works in :mod:`.crafting`, the score in
:mod:`.scoring` and the views in :mod:`.views` (mixins of :class:`MottainaiState`); the state's
fields, for clones and saves, in :mod:`.state_fields`; the card effects plug in through
:mod:`.effects`.

The table. Each player has a **temple**: a task slot (one card), **helpers**, a **craft bench**
(materials) and **sales** tucked under its edges, and two wings of completed **works**: the
**Gallery** (covers helpers) and the **Gift Shop** (covers sales). Each player also has a hand and
a face-down **waiting area** that joins the hand only at night. In the middle: the deck and the
face-up **floor**. A card's material fixes its value and the task it stands for:

    paper 1 Clerk   stone 2 Monk   cloth 2 Tailor   clay 3 Potter   metal 3 Smith

A turn is Morning (hand limit, morning effects, old task to the floor, new task), Noon (each
opponent's task clockwise from the left, then your own, or one Prayer without a task) and Night
(night effects, waiting area into hand). Every decision is one atomic action:

* ``return:KEY`` — return a hand card to the bottom of the deck (hand limit, Tailor);
* ``task:KEY`` / ``no_task`` — place a new task from hand, or none;
* ``clerk`` ``monk`` ``tailor`` ``potter`` ``smith`` (the task's own action), ``craft``,
  ``prayer`` — what to do with one action of the current task;
* ``sell:KEY`` (Clerk), ``hire:KEY`` (Monk), ``collect:KEY`` (Potter), ``work:KEY`` (Smith or
  Craft: the work to complete), ``support:KEY`` (Smith: a hand card to show as support, asked only
  when the choice matters), ``wing:gallery`` / ``wing:gift_shop``, ``done`` (Tailor: stop
  returning and draw up to five), ``cancel`` (back to the choice of action, before anything is
  done);
* ``use:CARD[:OPTION]`` / ``skip`` — optional card effects, and answers to their questions
  (the works' own effects: ``effects.py`` and the ``effects_<material>.py`` modules).

KEY is a card key from ``cards.json`` (``bell``, ``deck-of-cards``...). With two decks the two
copies of a card are interchangeable, so the key names "a card of that name".
"""

from __future__ import annotations

from ...core import Action, GameInfo, Option, State
from ...rng import Rng
from ...words import plural
from .cards import (HAND_LIMIT, KIND_BY_KEY, KINDS_PER_DECK, MATERIAL_NAMES, ROLE_NAMES, ROLE_TEXT,
                    ROLES, distinct, find, first_player, kind_of, label, material_of)
from .crafting import Crafting
from .effect_api import EffectAPI
from .effects import EFFECTS, INSTEAD_TRIGGERS, WINNING_CARDS, Offer, effect_of
from .scoring import Scoring
from .state_fields import FIELDS
from .views import Views


# ---------------------------------------------------------------------- the game
class MottainaiState(EffectAPI, Crafting, Scoring, Views, State):
    """A game of Mottainai. See the module docstring for the actions."""

    info = GameInfo(
        name="mottainai", title="Mottainai", min_players=2, max_players=5,
        options=(Option("extended", "Extended game", ("auto", "on", "off"), "auto",
                        "The game ends at six works in one wing instead of five. "
                        "Auto: off for 2-3 players, on for 4-5."),),
        blurb="Acolytes in a temple perform tasks, hire helpers, collect materials and complete "
              "works for their Gallery and Gift Shop. Every card is a task, a helper, a material, "
              "a sale or a work.",
    )

    fields = FIELDS  # the state's own fields, for clone and the save (state_fields.py)

    # -------------------------------------------------------------- setup
    def _setup(self) -> None:
        n = self.num_players
        self.decks = 1 if n <= 3 else 2                                   # T1
        extended = self.options["extended"]
        self.works_to_end = 6 if extended == "on" or (extended == "auto" and n >= 4) else 5
        self.deck: list[int] = list(range(KINDS_PER_DECK * self.decks))  # top = end of the list
        self.rng.shuffle(self.deck)
        self.hands: list[list[int]] = [[self.deck.pop() for _ in range(HAND_LIMIT)] for _ in range(n)]
        self.tasks: list[int | None] = [self.deck.pop() for _ in range(n)]
        self.task_face_down: list[bool] = [True] * n                      # T2: not a task
        self.floor: list[int] = [self.deck.pop() for _ in range(n)]      # one per seat, in seat order
        self.waiting: list[list[int]] = [[] for _ in range(n)]
        self.helpers: list[list[int]] = [[] for _ in range(n)]
        self.bench: list[list[int]] = [[] for _ in range(n)]
        self.sales: list[list[int]] = [[] for _ in range(n)]
        self.gallery: list[list[int]] = [[] for _ in range(n)]
        self.gift_shop: list[list[int]] = [[] for _ in range(n)]
        # card id -> bitmask of seats that know where that hidden card is (deck, hands, waiting
        # areas); a seat always knows its own hand. Cards in public places are not listed.
        self.known: dict[int, int] = {}
        # the turn in progress
        self.phase = "begin"
        self.decision: str | None = None      # what the player to move must decide, or None
        self.ctx: dict = {}                   # context of the current trigger point (effects)
        self.used: list[int] = []             # works whose effect was used at this trigger
        self.offer_trigger: str | None = None
        self.offer_next: str | None = None
        self.questions: list[dict] = []       # follow-up questions asked by card effects
        self.queue: list[int] = []            # seats whose tasks are still to be performed
        self.task_owner: int | None = None    # whose task is being performed (None: no-task Prayer)
        self.task_material: str | None = None
        self.task_flags: set = set()          # restrictions on this task (card effects)
        self.task_bonus = 0                   # extra actions from before-task effects
        self.prayer_only = False
        self.actions_total = 0
        self.actions_left = 0
        self.kind: str | None = None          # the action being carried out
        self.work: int | None = None          # Smith/Craft: the work chosen
        self.supports: list[int] = []         # Smith/Craft: the supports chosen
        self.committed = False                # something happened: the action can no longer be cancelled
        self.returned = 0                     # Tailor: cards returned so far in this action
        self.outcome: dict | None = None      # what the last action did (for after-action effects)
        self.extra_turn = False               # card effects (Frog): the same player goes again
        self.end_reason: str | None = None
        self.instant_winner: int | None = None
        self.end_card: str | None = None      # the card that ended the game (Cup, Turtle)
        self.resume: list[tuple] = []          # where to go on after a free completion's effects
        # notes that last until the end of the current turn (card effects): "copies" {Kite work:
        # copied work} (Kite), "doll" (work, task card) (Doll); cleared when a turn begins
        self.turn_notes: dict = {}
        first = first_player(self.floor)
        self._current = first
        self._say("Five cards are dealt to each player and one face down into each task slot.")
        self._say("Each player draws a card to the floor: "
                  + ", ".join("{P%d} %s" % (s, label(self.floor[s])) for s in range(n))
                  + ". {P%d} goes first (%s comes first alphabetically)."
                  % (first, kind_of(self.floor[first]).name))
        self._advance()

    # -------------------------------------------------------------- effects plumbing
    def _collect_offers(self, trigger: str) -> list[Offer]:
        """Offers of the acting player's works at ``trigger``, minus the works already used."""
        seat = self._current
        if trigger == "on_complete":
            candidates = [self.ctx["work"]] if self.ctx.get("work") is not None else []
        else:
            candidates = self.works(seat)
        offers, ids = [], set()
        for work in candidates:
            effect = effect_of(work)
            if effect is None or work in self.used:
                continue
            for offer in effect.offers(self, seat, work, trigger, self.ctx):
                if offer.action_id not in ids:
                    ids.add(offer.action_id)
                    offers.append(offer)
        return offers

    def _offer_step(self, trigger: str, next_phase: str) -> None:
        """A trigger point: offer the optional effects (if any), else go on to ``next_phase``."""
        if self._collect_offers(trigger):
            self.offer_trigger = trigger
            self.offer_next = next_phase
            self.decision = "offers"
        else:
            self.used = []
            self.phase = next_phase

    def _use_offer(self, offer: Offer, trigger: str) -> None:
        """Carry out an offer the player picked."""
        self.used.append(offer.work)
        self.decision = None
        if trigger in INSTEAD_TRIGGERS:
            # the replaced step is skipped: go on after it
            self.used = []
            self.phase = {"instead_hand_limit": "morning", "instead_discard_task": "instead_new_task",
                          "instead_new_task": "noon"}[trigger]
        EFFECTS[offer.card].use(self, self._current, offer, trigger, self.ctx)

    def _check_always(self) -> None:
        """What is checked after every step: "always" effects (Turtle: a player may win at once
        at any moment), then a wing with enough works (T8a)."""
        winning = WINNING_CARDS
        if self._holds_any(winning):
            self._check_instant_win(winning)
            if self._over:
                return
        self.check_wing_end()

    def _holds_any(self, cards: set[int]) -> bool:
        """Whether any player has one of ``cards`` (physical ids) among their completed works."""
        for wing in (self.gallery, self.gift_shop):
            for works in wing:
                if not cards.isdisjoint(works):
                    return True
        return False

    def _check_instant_win(self, winning: set[int]) -> None:
        """Ask each work that may win at once (``winning``: physical ids) whether it does, the
        player to move first; the first that does ends the game."""
        for seat in [self._current] + [s for s in range(self.num_players) if s != self._current]:
            for work in self.works(seat):
                if work in winning:
                    effect = effect_of(work)
                    if effect is not None and effect.wins_now(self, seat, work):
                        self.end_card = kind_of(work).key
                        self.finish("instant", seat)
                        return

    # -------------------------------------------------------------- the flow of a turn
    def _advance(self) -> None:
        """Run the automatic steps until the player to move must decide, or the game ends. The
        end conditions are checked after every step, a decision included (T8a)."""
        while not self._over:
            self._check_always()
            if self._over or self.decision is not None:
                return
            getattr(self, "_phase_" + self.phase)()

    # morning
    def _phase_begin(self) -> None:
        self.used = []
        self.ctx = {}
        self.turn_notes = {}      # "until the end of the turn" effects (Kite's copy) end here
        self.phase = "instead_hand_limit"

    def _phase_instead_hand_limit(self) -> None:
        self._offer_step("instead_hand_limit", "hand_limit")

    def _phase_hand_limit(self) -> None:
        if len(self.hands[self._current]) > HAND_LIMIT:
            self.decision = "limit"
        else:
            self.phase = "morning"

    def _phase_morning(self) -> None:
        self._offer_step("morning", "instead_discard_task")

    def _phase_instead_discard_task(self) -> None:
        self._offer_step("instead_discard_task", "discard_task")

    def _phase_discard_task(self) -> None:
        seat = self._current
        task = self.tasks[seat]
        if task is not None:
            self.tasks[seat] = None
            self.known.pop(task, None)
            self.floor.append(task)
            if self.task_face_down[seat]:
                self._reveal()
                self._say("{P%d}'s face-down starting card, %s, goes to the floor." % (seat, label(task)))
            else:
                self._say("{P%d}'s old task, %s, goes to the floor." % (seat, label(task)))
        self.task_face_down[seat] = False
        self.phase = "instead_new_task"

    def _phase_instead_new_task(self) -> None:
        self._offer_step("instead_new_task", "new_task")

    def _phase_new_task(self) -> None:
        if self.hands[self._current]:
            self.decision = "new_task"
        else:
            self._say("{P%d} has no card in hand: the task slot stays empty." % self._current)
            self.phase = "noon"

    # noon
    def _phase_noon(self) -> None:
        seat = self._current
        self.queue = [self._next_seat(seat, i) for i in range(1, self.num_players)] + [seat]
        self.phase = "next_task"

    def _phase_next_task(self) -> None:
        seat = self._current
        self.kind = self.work = self.outcome = None
        self.supports = []
        if not self.queue:
            self.task_owner = self.task_material = None
            self.prayer_only = False
            self.phase = "night"
            return
        owner = self.queue.pop(0)
        has_task = self.tasks[owner] is not None and not self.task_face_down[owner]
        if owner != seat and not has_task:
            return  # an opponent without a task is skipped
        self.task_flags = set()
        self.task_bonus = 0
        self.ctx = {"owner": owner}
        self.used = []
        if not has_task:
            self.task_owner, self.task_material, self.prayer_only = None, None, True
            self.actions_total = self.actions_left = 1
            self._say("{P%d} has no task and takes one Prayer action instead." % seat)
            self.phase = "action"
            return
        self.task_owner = owner
        self.task_material = material_of(self.tasks[owner])
        self.prayer_only = False
        self.ctx["material"] = self.task_material
        self.phase = "restrict_task"

    def _phase_restrict_task(self) -> None:
        self.phase = "before_task"
        owner, seat = self.task_owner, self._current
        if owner != seat:
            for work, effect in self.work_effects(owner):
                effect.restrict_task(self, owner, work, seat, self.task_material)

    def _phase_before_task(self) -> None:
        if "skip" in self.task_flags:
            self._say("{P%d} skips {P%d}'s %s task." % (self._current, self.task_owner,
                                                       ROLE_NAMES[ROLES[self.task_material]]))
            self.phase = "next_task"
            return
        self._offer_step("before_task", "task_start")

    def action_count(self, seat: int, owner: int, material: str) -> int:
        """Actions ``seat`` gets for ``owner``'s task of ``material`` (T4): 1, plus 1 per helper of
        that material, or 2 per helper if they are covered; then card effects."""
        count = 1 + self.task_bonus
        if "no_helpers" not in self.task_flags:
            helpers = sum(1 for h in self.helpers[seat] if material_of(h) == material)
            count += helpers * (2 if self.is_covered(seat, "helpers", material) else 1)
        for holder in [seat] if owner == seat else [seat, owner]:
            for work, effect in self.work_effects(holder):
                count = effect.action_count(self, holder, work, seat, owner, material, count)
        return max(0, count)

    def _phase_task_start(self) -> None:
        seat, owner, material = self._current, self.task_owner, self.task_material
        self.actions_total = self.actions_left = self.action_count(seat, owner, material)  # T4: fixed now
        whose = "their own" if owner == seat else "{P%d}'s" % owner
        self._say("{P%d} performs %s %s task (%s): %s." % (
            seat, whose, ROLE_NAMES[ROLES[material]], MATERIAL_NAMES[material],
            plural(self.actions_total, "action")))
        self.phase = "action"

    def _phase_action(self) -> None:
        self.kind = self.work = self.outcome = None
        self.supports = []
        self.committed = False
        self.returned = 0
        if self.actions_left <= 0:
            self.phase = "next_task"
            return
        if self.prayer_only:
            self._start_action("prayer")
            return
        if not self._action_kinds():
            self._say("{P%d} can use this action for nothing: it is lost." % self._current)
            self.actions_left -= 1
            return
        self.decision = "action"

    def _start_action(self, kind: str) -> None:
        self.kind = kind
        self.ctx = {"owner": self.task_owner, "material": self.task_material, "kind": kind}
        self.used = []
        self.phase = "before_action"

    def _phase_before_action(self) -> None:
        self._offer_step("before_action", "do_action")

    def _phase_do_action(self) -> None:
        kind = self.kind
        if kind == "prayer":
            self._perform_prayer()
        elif kind == "tailor":
            self.decision = "tailor"
        elif self._card_choices() or self._boost_offers():
            self.decision = "card"
        elif self.committed:
            self._say("{P%d} can no longer do this action: it is lost." % self._current)
            self.action_done(None)
        else:
            self.phase = "action"

    def action_done(self, outcome: dict | None) -> None:
        """The action is spent: go on to the completion and after-action effects. ``outcome`` says
        what it did (``{"sold": card}``, ``{"completed": card, "wing": ...}``...); a ``boost``
        effect that carries out an action ends with it."""
        self.actions_left -= 1
        self.outcome = outcome or {}
        self.ctx = {"owner": self.task_owner, "material": self.task_material, "kind": self.kind,
                    "outcome": self.outcome}
        self.used = []
        if self.outcome.get("completed") is not None:
            self.ctx["work"] = self.outcome["completed"]
            self.phase = "on_complete"
        else:
            self.phase = "after_action"

    def _phase_on_complete(self) -> None:
        self._offer_step("on_complete", "after_complete")

    def _phase_after_complete(self) -> None:
        self._offer_step("after_complete", "after_action")

    def _phase_after_action(self) -> None:
        self._offer_step("after_action", "action")

    # night
    def _phase_night(self) -> None:
        self.ctx = {}
        self._offer_step("night", "night_draw")

    def _phase_night_draw(self) -> None:
        seat = self._current
        drawn = self.waiting[seat]
        if drawn:
            self._reveal()  # the player now sees the cards drawn face down during the turn
            self.hands[seat].extend(drawn)
            self.waiting[seat] = []
            self._say("At night {P%d} takes %s from the waiting area into hand."
                      % (seat, plural(len(drawn), "card")))
        if self.extra_turn:
            self.extra_turn = False
            self._say("{P%d} takes another turn." % seat)
        else:
            self._current = self._next_seat(seat)
        self.phase = "begin"

    # -------------------------------------------------------------- the actions
    def _action_kinds(self) -> list[str]:
        """What the current action may be: the task's own action, Craft, Prayer (T4)."""
        kinds = []
        role = ROLES[self.task_material]
        if self._can_task_action(role):
            kinds.append(role)
        if "task_action_only" not in self.task_flags:
            if self._craftable(self._current, self.task_material):
                kinds.append("craft")
            if self.deck:
                kinds.append("prayer")
        return kinds

    def _action_choice_text(self) -> str:
        """What the player may choose for this action, naming only what is possible now:
        "Choose Monk, Craft or Prayer", or "Only Prayer is possible"."""
        names = [ROLE_NAMES[k] if k in ROLE_NAMES else k.capitalize() for k in self._action_kinds()]
        if len(names) == 1:
            return f"Only {names[0]} is possible"
        return "Choose " + ", ".join(names[:-1]) + " or " + names[-1]

    def _can_task_action(self, role: str) -> bool:
        seat = self._current
        if role == "tailor":
            return bool(self.deck)
        if role == "clerk":
            ok = bool(self.bench[seat])
        elif role in ("monk", "potter"):
            ok = bool(self.floor)
        else:
            ok = bool(self._smithable(seat))
        if ok:
            return ok
        saved_kind, saved_ctx = self.kind, self.ctx
        self.kind = role
        self.ctx = {"owner": self.task_owner, "material": self.task_material, "kind": role}
        try:
            return bool(self._collect_offers("boost"))
        finally:
            self.kind, self.ctx = saved_kind, saved_ctx

    def _card_choices(self) -> list[Action]:
        """The card choices of the action in progress (before any work is chosen)."""
        seat, kind = self._current, self.kind
        if kind == "clerk":
            return [Action(f"sell:{kind_of(c).key}", f"Sell {label(c)} from your craft bench")
                    for c in distinct(self.bench[seat])]
        if kind == "monk":
            return [Action(f"hire:{kind_of(c).key}",
                           f"Hire {label(c)} from the floor as a {ROLE_NAMES[ROLES[material_of(c)]]} helper")
                    for c in distinct(self.floor)]
        if kind == "potter":
            return [Action(f"collect:{kind_of(c).key}", f"Collect {label(c)} from the floor into your craft bench")
                    for c in distinct(self.floor)]
        if kind == "smith":
            return [Action(f"work:{kind_of(c).key}", f"Complete {label(c)}" + self._need_text(c, "smith"))
                    for c in self._smithable(seat)]
        if kind == "craft":
            return [Action(f"work:{kind_of(c).key}", f"Complete {label(c)}" + self._need_text(c, "craft"))
                    for c in self._craftable(seat, self.task_material)]
        return []

    def _boost_offers(self) -> list[Offer]:
        if self.kind not in ROLES.values():
            return []
        return self._collect_offers("boost")

    # -------------------------------------------------------------- prayer and the tailor's draw
    def _perform_prayer(self) -> None:
        seat = self._current
        self._say("{P%d} prays and draws a card into the waiting area." % seat)
        self.draw_to_waiting(seat)
        if not self._over:
            self.action_done({"drew": 1})

    def _tailor_draw(self) -> None:
        seat = self._current
        need = max(0, HAND_LIMIT - len(self.hands[seat]) - len(self.waiting[seat]))
        drawn = min(need, len(self.deck))
        returned = self.returned
        if returned:
            self._say("{P%d} (Tailor) returns %s to the bottom of the deck and draws %s into the waiting area."
                      % (seat, plural(returned, "card"), plural(drawn, "card")))
        else:
            self._say("{P%d} (Tailor) draws %s into the waiting area." % (seat, plural(drawn, "card")))
        for _ in range(drawn):
            self.draw_to_waiting(seat)
            if self._over:
                return
        if not self._over:
            self.action_done({"returned": returned, "drew": drawn})

    # -------------------------------------------------------------- legal actions
    def _legal(self) -> list[Action]:
        d = self.decision
        seat = self._current
        if d == "limit":
            extra = len(self.hands[seat]) - HAND_LIMIT
            return [Action(f"return:{kind_of(c).key}",
                           f"Return {label(c)} to the bottom of the deck ({extra} to return)")
                    for c in distinct(self.hands[seat])]
        if d == "new_task":
            actions = [Action(f"task:{kind_of(c).key}",
                              f"Place {label(c)} as your task: {ROLE_NAMES[ROLES[material_of(c)]]}")
                       for c in distinct(self.hands[seat])]
            actions.append(Action("no_task", "Place no task (you take one Prayer instead of your own task)"))
            return actions
        if d == "action":
            return [self._kind_action(k) for k in self._action_kinds()]
        if d == "card":
            actions = self._card_choices()
            actions += [Action(o.action_id, o.label) for o in self._boost_offers()]
            if not self.committed:
                actions.append(Action("cancel", "Choose a different action"))
            return actions
        if d == "support":
            need = self.support_needed(seat, self.work, "smith") - len(self.supports)
            actions = [Action(f"support:{kind_of(c).key}", f"Show {label(c)} as support ({need} still needed)")
                       for c in distinct(self._support_candidates())]
            actions.append(Action("cancel", "Choose a different action"))
            return actions
        if d == "wing":
            actions = [Action("wing:gallery", f"Put {label(self.work)} in your Gallery (it covers helpers)"),
                       Action("wing:gift_shop", f"Put {label(self.work)} in your Gift Shop (it covers sales)")]
            if not self.committed:
                actions.append(Action("cancel", "Choose a different action"))
            return actions
        if d == "tailor":
            draw = max(0, HAND_LIMIT - len(self.hands[seat]) - len(self.waiting[seat]))
            actions = [Action(f"return:{kind_of(c).key}", f"Return {label(c)} to the bottom of the deck")
                       for c in distinct(self.hands[seat])]
            actions.append(Action("done", f"Stop returning and draw {plural(draw, 'card')} into your waiting area"))
            if not self.committed:
                actions.append(Action("cancel", "Choose a different action"))
            return actions
        if d == "offers":
            trigger = self.offer_trigger
            actions = [Action(o.action_id, o.label) for o in self._collect_offers(trigger)]
            skip = {"instead_hand_limit": "Check the hand limit as usual",
                    "instead_discard_task": "Discard your old task to the floor as usual",
                    "instead_new_task": "Place your new task as usual",
                    "morning": "Done with morning effects", "night": "Done with night effects"}
            actions.append(Action("skip", skip.get(trigger, "Go on without using an effect")))
            return actions
        if d == "ask":
            return [Action(i, label) for i, label in self.questions[0]["options"]]
        return []

    def _kind_action(self, kind: str) -> Action:
        material = self.task_material
        if kind == "craft":
            return Action("craft", f"Craft: complete a {MATERIAL_NAMES[material]} work from your hand, "
                                   "with support from your craft bench")
        if kind == "prayer":
            return Action("prayer", "Prayer: draw a card into your waiting area")
        return Action(kind, f"{ROLE_NAMES[kind]}: {ROLE_TEXT[kind]}")

    def _why_illegal(self, action_id: str) -> str | None:
        verb, _, arg = action_id.partition(":")
        seat = self._current
        d = self.decision
        key_ok = arg in KIND_BY_KEY
        if verb in ("return", "task", "sell", "hire", "collect", "work", "support") and arg and not key_ok:
            return f"there is no card {arg!r} in Mottainai"
        name = KIND_BY_KEY[arg].name if key_ok else arg
        expected = {
            "limit": "return cards from your hand to the bottom of the deck until you hold five",
            "new_task": "place a new task from your hand, or none",
            "action": "choose what to do with this action first",
            "card": {"clerk": "choose a material in your craft bench to sell",
                     "monk": "choose a floor card to hire as a helper",
                     "potter": "choose a floor card to collect into your craft bench",
                     }.get(self.kind, "choose a card for this action"),
            "support": "choose the support cards to show from your hand",
            "wing": "choose the wing for the work: Gallery or Gift Shop",
            "tailor": "return cards from your hand, or stop and draw",
            "offers": "use a card effect, or go on",
            "ask": "answer the card's question",
        }.get(d, "")
        if verb in ("return", "task") and d in ("limit", "new_task", "tailor") and find(self.hands[seat], arg) is None:
            return f"you have no {name} in your hand"
        if verb == "sell" and d == "card" and self.kind == "clerk":
            return f"there is no {name} in your craft bench"
        if verb in ("hire", "collect") and d == "card" and self.kind in ("monk", "potter"):
            return f"there is no {name} on the floor"
        if verb == "work" and d == "card" and self.kind in ("smith", "craft"):
            card = find(self.hands[seat], arg)
            if card is None:
                return f"you have no {name} in your hand"
            material = material_of(card)
            if self.kind == "craft" and material != self.task_material:
                return (f"Craft completes only a {MATERIAL_NAMES[self.task_material]} work now "
                        f"(the material of the task), and {name} is {MATERIAL_NAMES[material]}")
            where = "other cards in your hand" if self.kind == "smith" else "materials in your craft bench"
            return (f"{name} needs {self.support_needed(seat, card, self.kind)} {MATERIAL_NAMES[material]} "
                    f"support from {where}, and you do not have enough")
        if verb == "support" and d == "support":
            return f"{name} cannot support this work (it must be another {MATERIAL_NAMES[material_of(self.work)]} card in your hand)"
        if d == "action" and verb in ("craft", "prayer", *ROLES.values()):
            if verb == "craft":
                if "task_action_only" in self.task_flags:
                    return "this task may only be used for its own action"
                return (f"Craft needs a {MATERIAL_NAMES[self.task_material]} work in your hand and enough "
                        f"{MATERIAL_NAMES[self.task_material]} in your craft bench to support it")
            if verb == "prayer":
                if "task_action_only" in self.task_flags:
                    return "this task may only be used for its own action"
                return "Prayer is not possible: the deck is empty"
            if verb != ROLES[self.task_material]:
                possible = self._action_choice_text()
                return (f"the task is {ROLE_NAMES[ROLES[self.task_material]]}, not {ROLE_NAMES[verb]}: "
                        f"{possible[0].lower()}{possible[1:]}")
            return {"clerk": "your craft bench is empty: there is nothing to sell",
                    "monk": "the floor is empty: there is nobody to hire",
                    "potter": "the floor is empty: there is nothing to collect",
                    "smith": "no card in your hand has enough matching cards in hand to support it",
                    }.get(verb, "that action is not possible now")
        if verb == "cancel" and d in ("card", "support", "wing", "tailor"):
            return "it is too late to choose a different action"
        if self._over:
            return "the game is over"
        if expected and d == "action":
            possible = self._action_choice_text()
            expected += f" ({possible[0].lower()}{possible[1:]})"
        if expected and key_ok and verb in ("return", "task", "work", "support"):
            return f"{name} cannot be used now: {expected}"
        if expected:
            return f"that is not possible now: {expected}"
        return None

    # -------------------------------------------------------------- applying
    def _apply(self, action: Action) -> None:
        verb, _, arg = action.id.partition(":")
        d = self.decision
        seat = self._current
        self.decision = None
        if d == "limit":
            self.return_to_deck(seat, find(self.hands[seat], arg))
            self._say("{P%d} returns a card to the bottom of the deck (hand limit)." % seat)
            if len(self.hands[seat]) > HAND_LIMIT:
                self.decision = "limit"
            else:
                self.phase = "morning"
        elif d == "new_task":
            if verb == "task":
                card = find(self.hands[seat], arg)
                self.hands[seat].remove(card)
                self.known.pop(card, None)
                self.tasks[seat] = card
                self.task_face_down[seat] = False
                self._say("{P%d} places %s as the new task: %s." % (seat, label(card), ROLE_NAMES[ROLES[material_of(card)]]))
            else:
                self._say("{P%d} places no task." % seat)
            self.phase = "noon"
        elif d == "action":
            self._start_action(verb)
        elif d == "card":
            self._apply_card(verb, arg, action)
        elif d == "support":
            if verb == "cancel":
                self.phase = "action"
            else:
                self.supports.append(find(self._support_candidates(), arg))
                self._next_completion_step()
        elif d == "wing":
            if verb == "cancel":
                self.phase = "action"
            else:
                self._complete(arg)
        elif d == "tailor":
            if verb == "cancel":
                self.phase = "action"
            elif verb == "return":
                self.return_to_deck(seat, find(self.hands[seat], arg))
                self.committed = True
                self.returned += 1
                self.decision = "tailor"
            else:
                self._tailor_draw()
        elif d == "offers":
            trigger = self.offer_trigger
            if verb == "skip":
                self.used = []
                self.phase = self.offer_next
            else:
                offer = next(o for o in self._collect_offers(trigger) if o.action_id == action.id)
                if trigger in ("before_action",):
                    self.committed = True
                self._use_offer(offer, trigger)
        elif d == "ask":
            question = self.questions.pop(0)
            if self.questions:
                self.decision = "ask"
            EFFECTS[question["card"]].answer(self, question["holder"], question, action.id)
        self._advance()

    def _apply_card(self, verb: str, arg: str, action: Action) -> None:
        seat = self._current
        if verb == "cancel":
            self.phase = "action"
        elif verb == "sell":
            card = find(self.bench[seat], arg)
            self.bench[seat].remove(card)
            self.sales[seat].append(card)
            self._say("{P%d} (Clerk) sells %s from the craft bench." % (seat, label(card)))
            self.action_done({"sold": card})
        elif verb in ("hire", "collect"):
            card = find(self.floor, arg)
            self.floor.remove(card)
            if verb == "hire":
                self.helpers[seat].append(card)
                self._say("{P%d} (Monk) hires %s from the floor as a %s helper."
                          % (seat, label(card), ROLE_NAMES[ROLES[material_of(card)]]))
                self.action_done({"hired": card})
            else:
                self.bench[seat].append(card)
                self._say("{P%d} (Potter) collects %s from the floor into the craft bench." % (seat, label(card)))
                self.action_done({"collected": card})
        elif verb == "work":
            self.work = find(self.hands[seat], arg)
            self.supports = []
            self._next_completion_step()
        elif verb == "use":
            offer = next(o for o in self._boost_offers() if o.action_id == action.id)
            self.committed = True
            self.used.append(offer.work)
            # the effect carries out the action and calls state.action_done(outcome) itself
            EFFECTS[offer.card].use(self, seat, offer, "boost", self.ctx)

    # -------------------------------------------------------------- hidden information
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Re-deal every card ``seat`` cannot see: the deck, the other players' hands, every
        waiting area (the seat's own too: nobody looks at it before night) and the face-down
        starting cards. Cards the seat knows stay where they are: its own hand, cards shown from a
        hand as support, cards it returned to the deck (at their place in the deck), and the
        work and supports the player to move has already chosen. At the end of the game the hands
        are public (scoring shows them)."""
        self._forget_legal()   # the player to move may hold other cards now
        bit = 1 << seat
        keep = set()
        if self._current != seat and not self._over:
            keep.update(self.supports)
            if self.work is not None:
                keep.add(self.work)
        slots: list[tuple[list, int]] = []
        pool: list[int] = []

        def visit(cards: list, known: bool) -> None:
            for i, card in enumerate(cards):
                if known or card in keep or self.known.get(card, 0) & bit:
                    continue
                slots.append((cards, i))
                pool.append(card)

        visit(self.deck, False)
        for s in range(self.num_players):
            visit(self.hands[s], s == seat or self._over)
            visit(self.waiting[s], False)
        if any(self.task_face_down[s] and self.tasks[s] is not None for s in range(self.num_players)):
            for s in range(self.num_players):
                card = self.tasks[s]
                if self.task_face_down[s] and card is not None and not self.known.get(card, 0) & bit:
                    slots.append((self.tasks, s))
                    pool.append(card)
        pool.sort()          # canonical order: the result depends only on what the seat knows
        rng.shuffle(pool)
        for (cards, i), card in zip(slots, pool):
            cards[i] = card
            self.known.pop(card, None)
