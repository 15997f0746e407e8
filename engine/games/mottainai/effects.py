"""The effect machinery: when and where a completed work's effect may act.

Every card's effect works only while the card sits as a completed work in one of its owner's
wings. The rules (:mod:`.rules`) call this module at each **trigger point** of a turn; this module
asks the :class:`Effect` registered for each relevant completed work, by card key
(:func:`effect_of`). Each card's effect is one :class:`Effect` subclass decorated with
:func:`register_effect`, in ``effects_<material>.py``; importing the package registers all 54.
A card without a registered effect would do nothing: its hooks answer "nothing to do" (the
base-game tests play that way, with :data:`EFFECTS` emptied).

There are two kinds of hooks.

**Optional effects** ("you may ...") are *offered*: at a trigger point the rules collect
:class:`Offer` objects from the acting player's works (``Effect.offers``) and, if there are any,
let the player pick one (action ``use:<card key>`` or ``use:<card key>:<option>``) or ``skip``.
Each work's effect is offered at most once per trigger (ruling T10); the rules keep track. Using an
offer calls ``Effect.use``, which changes the state directly and may ask the player follow-up
questions with :meth:`MottainaiState.ask` (answered through ``Effect.answer``).

The trigger points, in the order of a turn (``TRIGGERS``; the context dict ``ctx`` passed along
is shown after the colon):

========================  =====================================================================
``instead_hand_limit``    before the morning hand limit; using an offer replaces the step: {}
``morning``               the morning effects step, any order, each once per turn: {}
``instead_discard_task``  before the old task goes to the floor; an offer replaces the step: {}
``instead_new_task``      before the new task is placed; an offer replaces the step: {}
``before_task``           before the actions of a task are counted:
                          {"owner": task owner seat, "material": task material}
``before_action``         after choosing an action, before doing it:
                          {"owner", "material", "kind": clerk/monk/tailor/potter/smith/craft/prayer}
``boost``                 extra choices inside a task's own action (Bell, Socks, Flute, Sword,
                          Robe...), listed next to the normal card choices: {"owner", "material",
                          "kind"}; using one must carry out the action (``state.action_done(outcome)``)
``on_complete``           only the work just completed: {"work": card id, "kind", ...}
``after_complete``        every work of the player, after any completion: {"work": card id, ...}
``after_action``          after an action is done: {"owner", "material", "kind", "outcome": dict}
``night``                 the night effects step: {}
========================  =====================================================================

**Passive modifiers** are plain functions of the state, called whenever the rules need the value:
``action_count`` (how many actions a task gives), ``restrict_task`` (an opponent uses your task:
Curtain, Tower, Mask, Bangle), ``support_needed`` (Straw), ``extra_support`` (Brick), ``support_returns`` (Crane), ``covers_all`` (Bangle: your Monk
helpers are covered), ``also_in_wing`` (Go Set), ``wins_now`` (Turtle: checked after every step)
and ``score`` (end-game bonuses, shown in the "Card bonuses" column).

**The effect API.** An effect receives the :class:`~.rules.MottainaiState` and reads and moves
cards in its public fields (``deck``, ``floor``, ``hands``, ``waiting``, ``helpers``, ``bench``,
``sales``, ``gallery``, ``gift_shop``, ``tasks``, ``task_face_down``; ``known`` says who has
seen a card) and the turn's (``task_flags``, ``task_bonus``, ``turn_notes``, ``extra_turn``,
``end_card``; ``used`` and ``questions``, the works used and the questions pending). Everything else goes
through these public methods of the state (in :mod:`.effect_api`, but ``backorders`` in
:mod:`.crafting` and ``action_done`` in :mod:`.rules`), never its private ones:

* reading: ``works(seat)``, ``work_effects(seat)``, ``wing_works(seat, wing)``, ``cover(...)``,
  ``is_covered(...)``, ``copy_of(work)``, ``work_material(work)``, ``backorders(seat, ...)``;
* telling: ``say(text)`` (a public log line), ``reveal()`` (something hidden was seen: the action
  can no longer be undone), ``ask(holder, work, prompt, options, data)`` (a follow-up question);
* moving on: ``action_done(outcome)`` (a ``boost`` effect carried the action out),
  ``complete_free(seat, card, wing, how)``, ``draw_to_waiting(seat)``, ``take_from_deck()``,
  ``return_to_deck(seat, card)``, ``check_wing_end()``, ``finish(reason, winner)``.

:mod:`.effect_tools` holds the helpers several effects share.

See docs/rules/mottainai.md ("For developers: card effects") for a worked example.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .cards import KIND_BY_KEY, KINDS, KINDS_PER_DECK

if TYPE_CHECKING:  # pragma: no cover
    from .rules import MottainaiState

#: Trigger points at which optional effects are offered, in turn order.
TRIGGERS = ("instead_hand_limit", "morning", "instead_discard_task", "instead_new_task",
            "before_task", "before_action", "boost", "on_complete", "after_complete",
            "after_action", "night")

#: Triggers whose offers *replace* a morning step when used.
INSTEAD_TRIGGERS = ("instead_hand_limit", "instead_discard_task", "instead_new_task")


class Offer(NamedTuple):
    """An optional effect the acting player may use now.

    ``card`` is the card key (the action id is ``use:<card>`` or ``use:<card>:<option>``),
    ``work`` the physical id of the completed work that offers it, ``label`` the button text.
    """

    card: str
    work: int
    option: str
    label: str

    @property
    def action_id(self) -> str:
        return f"use:{self.card}:{self.option}" if self.option else f"use:{self.card}"


class Effect:
    """One card's effect. Every hook does nothing by default; a card overrides what it needs.

    ``holder`` is always the seat that owns the completed work ``work`` (a physical card id).
    """

    #: the card key this effect belongs to (``cards.json``)
    key = ""

    # ------------------------------------------------------------ optional effects
    def offers(self, state: "MottainaiState", holder: int, work: int, trigger: str,
               ctx: dict) -> list[Offer]:
        """What this work offers the acting player (its holder) at ``trigger`` (may be [])."""
        return []

    def use(self, state: "MottainaiState", holder: int, offer: Offer, trigger: str, ctx: dict) -> None:
        """Carry out an offer the player picked. May call ``state.ask(...)`` for follow-ups."""

    def answer(self, state: "MottainaiState", holder: int, question: dict, choice: str) -> None:
        """The player answered a question this effect asked (``choice`` is the option id)."""

    # ------------------------------------------------------------ passive modifiers
    def action_count(self, state: "MottainaiState", holder: int, work: int, performer: int,
                     owner: int, material: str, count: int) -> int:
        """Change the number of actions ``performer`` gets for ``owner``'s task (called for the
        works of both). Return the new count."""
        return count

    def restrict_task(self, state: "MottainaiState", holder: int, work: int, performer: int,
                      material: str) -> None:
        """An opponent (``performer``) is about to use ``holder``'s task. May add flags to
        ``state.task_flags`` ("skip", "task_action_only", "no_helpers") or ask the performer."""

    def support_needed(self, state: "MottainaiState", holder: int, work: int, how: str,
                       target: int, need: int) -> int:
        """Supports needed to complete card ``target`` by ``how`` ("smith" or "craft")."""
        return need

    def extra_support(self, state: "MottainaiState", holder: int, work: int, how: str,
                      target: int) -> list[int]:
        """Cards outside the usual place (hand for "smith", craft bench for "craft") that may be
        shown as support for completing ``target``, e.g. Brick: every player's face-up task card
        of the work's material. They must match the work's material; they stay where they are."""
        return []

    def support_returns(self, state: "MottainaiState", holder: int, work: int, how: str,
                        target: int) -> list[int]:
        """Cards of *any* material the holder may return to the bottom of the deck, each as one
        extra support for completing ``target`` by ``how`` (Crane: Paper from the craft bench).
        The rules use them only for what the usual supports lack, and say so in the work's label."""
        return []

    def backorder_ties(self, state: "MottainaiState", holder: int, work: int) -> set:
        """Materials for which a tie for the most sales (even 0-0) is enough for the holder's
        backorders (Lampshade: Clay and Metal; Quilt: Paper, Stone and Cloth). The rules use it in
        ``backorders(seat, with_ties=True)``, which Coin counts once more."""
        return set()

    def scoring_covers(self, state: "MottainaiState", holder: int, work: int) -> set:
        """Materials whose sales this work covers at the end of the game only (Quilt: Paper,
        Stone and Cloth; Pillar: the most-sold material). Their points are the work's bonus in
        ``score``; the table marks them "covered at scoring" during play."""
        return set()

    def covers_all(self, state: "MottainaiState", holder: int, work: int, zone: str,
                   material: str) -> bool:
        """True if every card of ``material`` in ``zone`` ("helpers" or "sales") is covered."""
        return False

    def also_in_wing(self, state: "MottainaiState", holder: int, work: int, other: int,
                     wing: str) -> bool:
        """True if the holder's completed work ``other`` also counts as being in ``wing``."""
        return False

    def wins_now(self, state: "MottainaiState", holder: int, work: int) -> bool:
        """True if the holder wins the game at once (checked after every step)."""
        return False

    def score(self, state: "MottainaiState", holder: int, work: int) -> int:
        """End-game bonus points for the holder."""
        return 0


_KEYS = tuple(kind.key for kind in KINDS)  # the key of each design, by index (for effect_of)
#: card key -> the Effect for that card (every card's, once the package is imported).
EFFECTS: dict[str, Effect] = {}


def effect_of(card: int) -> Effect | None:
    """The effect of the card with physical id ``card`` (a work, or the card a Kite copies), or
    None if none is registered."""
    return EFFECTS.get(_KEYS[card % KINDS_PER_DECK])


#: the cards (physical ids, of both decks a game may use, T1) whose effect may win the game at
#: once: those of every effect registered with a ``wins_now`` of its own. Only these are asked
#: after every step; one whose effect was since replaced or removed is merely asked for nothing
#: (an effect without its own ``wins_now`` never wins at once).
WINNING_CARDS: set[int] = set()


def register_effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: make ``cls`` the effect of the card ``cls.key``."""
    EFFECTS[cls.key] = cls()
    kind = KIND_BY_KEY.get(cls.key)
    if kind is not None and cls.wins_now is not Effect.wins_now:
        WINNING_CARDS.update((kind.index, kind.index + KINDS_PER_DECK))
    return cls


def unregister_effect(key: str) -> None:
    """Remove a card's effect (used by tests that register throw-away effects)."""
    EFFECTS.pop(key, None)
