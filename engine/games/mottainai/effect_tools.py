"""Small helpers shared by the card-effect modules: choices among cards, public moves that keep
``state.known`` right. (A Kite's copy is ``state.copy_of(work)``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import MATERIAL_NAMES, VALUES, distinct, find, kind_of, label, material_of

if TYPE_CHECKING:  # pragma: no cover
    from .rules import MottainaiState


def everyone(state: "MottainaiState") -> int:
    """The knowledge mask of a card every seat has seen."""
    return (1 << state.num_players) - 1


def name(work: int) -> str:
    return kind_of(work).name


def card_options(cards, prefix: str, text: str = "{label}") -> list[tuple[str, str]]:
    """One ``(prefix:key, label)`` option per design among ``cards``, in display order."""
    return [(f"{prefix}:{kind_of(c).key}", text.format(label=label(c))) for c in distinct(cards)]


def chosen(cards, choice: str) -> int | None:
    """The card named by an answer ``prefix:key`` (an option of :func:`card_options`) among
    ``cards``, or None."""
    return find(cards, choice.partition(":")[2])


def return_public(state: "MottainaiState", card: int) -> None:
    """Put a card everyone has seen on the bottom of the deck (T7: "return")."""
    state.deck.insert(0, card)
    state.known[card] = everyone(state)


def sales_of(state: "MottainaiState", seat: int, material: str) -> int:
    return sum(1 for c in state.sales[seat] if material_of(c) == material)


def hand_value(state: "MottainaiState", seat: int, material: str) -> int:
    return sum(VALUES[material] for c in state.hands[seat] if material_of(c) == material)


def wing_options(card: int) -> list[tuple[str, str]]:
    return [("wing:gallery", f"Put {label(card)} in your Gallery (it covers helpers)"),
            ("wing:gift_shop", f"Put {label(card)} in your Gift Shop (it covers sales)")]


def tie_backorders(state: "MottainaiState", seat: int, materials) -> int:
    """Lampshade / Quilt: the hand values of ``materials`` where ``seat`` has at least as many sales
    as every opponent but not strictly the most (strictly the most already scores as backorders;
    a 0-0 tie counts)."""
    points = 0
    for material in materials:
        mine = sales_of(state, seat, material)
        best_other = max(sales_of(state, s, material) for s in range(state.num_players) if s != seat)
        if mine == best_other:
            points += hand_value(state, seat, material)
    return points


def first_copy(state: "MottainaiState", holder: int, work: int) -> bool:
    """True for the first copy of this work's design among the holder's works: for effects that
    a second copy cannot make any bigger (Lampshade, Quilt, Pillar, Straw, Crane). A Kite copying
    a work counts as a copy of that design (T10a), after every real copy: a Kite adds nothing
    when its owner already has the card (a real copy or an earlier Kite copy)."""
    def design(w: int) -> int:
        copied = state.copy_of(w)
        return (copied if copied is not None else w) % 54

    def order(w: int) -> tuple[bool, int]:
        return state.copy_of(w) is not None, w         # real copies first, then Kites

    mine = design(work)
    return work == min((w for w in state.works(holder) if design(w) == mine), key=order)


def deal_top(state: "MottainaiState") -> int | None:
    """Take the top card of the deck for a public place. Unlike ``take_from_deck`` this does not
    end the game yet: the caller places the card, then calls :func:`end_if_empty` (so the final
    scores see the card where it went)."""
    if not state.deck:
        return None
    card = state.deck.pop()
    state.known.pop(card, None)
    state.reveal()
    return card


def end_if_empty(state: "MottainaiState") -> bool:
    """T8: the game ends at once when the deck is empty. True if the game is over."""
    if not state.deck and not state.is_over:
        state.finish("deck")
    return state.is_over


def deal_onto_floor(state: "MottainaiState", holder: int, card_name: str, enough) -> None:
    """Daidoro, Tablet: deal the top card of the deck onto the floor until ``enough(state)`` or
    the deck runs out, say so, then end the game if the deck is empty (T8)."""
    dealt = []
    while state.deck and not enough(state):
        card = deal_top(state)
        state.floor.append(card)
        dealt.append(card)
    state.say("{P%d}'s %s: deals %s onto the floor." % (holder, card_name, " and ".join(label(c) for c in dealt)))
    end_if_empty(state)


def take_work(state: "MottainaiState", seat: int, card: int) -> None:
    """Remove the completed work ``card`` from ``seat``'s wing."""
    (state.gallery[seat] if card in state.gallery[seat] else state.gift_shop[seat]).remove(card)


def demand_material(state: "MottainaiState", holder: int, work: int, performer: int, material: str) -> None:
    """Curtain and Tower: the opponent using the holder's task must show a card of ``material``
    from their hand, or skip the task. One shown card satisfies every such card for this task
    (two copies, or Curtain and Tower together never both apply: their tasks differ)."""
    if "skip" in state.task_flags or "shown" in state.task_flags:
        return
    if any((q.get("data") or ("",))[0] == "demand" for q in state.questions):
        return
    mat = MATERIAL_NAMES[material]
    cards = [c for c in state.hands[performer] if material_of(c) == material]
    if not cards:
        # the same log line as a chosen skip: it does not tell whether they held such a card
        state.task_flags.add("skip")
        state.say("{P%d}'s %s: {P%d} does not show a %s card and must skip the task."
                   % (holder, name(work), performer, mat))
        return
    options = card_options(cards, "show", "Show {label} from your hand and use the task")
    options.append(("skip", "Show nothing and skip {P%d}'s task" % holder))
    state.ask(holder, work, "{P%d}'s %s: show a %s card from your hand to use this task, or skip it."
              % (holder, name(work), mat), options, ("demand", performer, material))


def answer_demand(state: "MottainaiState", holder: int, question: dict, choice: str) -> None:
    _, performer, material = question["data"]
    mat = MATERIAL_NAMES[material]
    if choice == "skip":
        state.task_flags.add("skip")
        state.say("{P%d}'s %s: {P%d} does not show a %s card and must skip the task."
                   % (holder, name(question["work"]), performer, mat))
        return
    card = chosen(state.hands[performer], choice)
    state.known[card] = everyone(state)
    state.task_flags.add("shown")
    state.say("{P%d}'s %s: {P%d} shows %s from their hand to use the task."
               % (holder, name(question["work"]), performer, label(card)))
