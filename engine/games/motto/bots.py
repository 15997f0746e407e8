"""Heuristic bots for Motto."""

from __future__ import annotations

from itertools import combinations

from ...bots import Bot, register_bot
from ...rng import Rng
from .rules import CARD_BY_KEY, MottoState, is_legal_play, shared_values


def _payout_value(stacks: dict, cards) -> int:
    """Points the play would take now: the top token of each shared value's stack."""
    return sum(stacks[key][0] for key in shared_values(cards) if stacks[key])


def best_play(stacks: dict, hand, must_include=()) -> tuple[int, tuple] | None:
    """The highest-paying legal triple from ``hand`` (containing ``must_include``), or ``None``.

    Ties go to the triple whose cards are least useful elsewhere: the lowest sorted keys, which
    keeps the choice deterministic.
    """
    rest = list(hand)
    for card in must_include:
        rest.remove(card)
    need = 3 - len(must_include)
    best = None
    for extra in combinations(sorted(rest), need):
        triple = tuple(must_include) + extra
        if not is_legal_play(triple):
            continue
        value = _payout_value(stacks, triple)
        if best is None or value > best[0]:
            best = (value, triple)
    return best


@register_bot("motto")
class MottoGreedyBot(Bot):
    """Medium: plays the best-paying set when it pays well, otherwise takes the card that makes
    the best set next turn, otherwise draws blind. Works only from its own seat's view."""

    name = "greedy"
    title = "Medium (greedy)"

    def choose(self, state: MottoState, seat: int, rng: Rng) -> str:
        view = state.view(seat)
        legal = {a["id"] for a in view["legal_actions"]}
        table = view["table"]
        stacks = {s["key"]: s["remaining"] for s in table["stacks"]}
        hand = [CARD_BY_KEY[c["key"]] for c in table["hand"]]
        selection = [CARD_BY_KEY[c["key"]] for c in table["selection"]]
        if "confirm" in legal:
            return "confirm"
        if selection:
            plan = best_play(stacks, hand, selection)
            if plan is not None:
                for card in plan[1][len(selection):]:
                    if f"select:{card.key}" in legal:
                        return f"select:{card.key}"
            return "cancel"
        plan = best_play(stacks, hand)
        last_turn = table["final_turns"] is not None
        if plan is not None and (plan[0] >= 4 or (plan[0] >= 1 and (last_turn or "draw" not in legal))):
            return f"select:{plan[1][0].key}"
        # look for the face-up card that makes the best play next turn
        best_take, best_value = None, 0
        for slot, card in enumerate(table["pool"]):
            if card is None or f"take:{slot}" not in legal:
                continue
            card = CARD_BY_KEY[card["key"]]
            option = best_play(stacks, hand + [card], (card,))
            value = option[0] if option else 0
            if value > best_value:
                best_take, best_value = f"take:{slot}", value
        current = plan[0] if plan else 0
        if plan is not None and current >= best_value and current >= 2:
            return f"select:{plan[1][0].key}"
        if best_take is not None and best_value >= 3:
            return best_take
        if "draw" in legal:
            return "draw"
        if best_take is not None:
            return best_take
        if plan is not None:
            return f"select:{plan[1][0].key}"
        takes = sorted(a for a in legal if a.startswith("take:"))
        if takes:
            return takes[0]
        return sorted(legal)[0]
