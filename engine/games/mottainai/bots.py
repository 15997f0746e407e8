"""Heuristic bots for Mottainai. They decide from their own seat's view and legal actions only."""

from __future__ import annotations

from ...bots import Bot, RandomBot
from ...bots.hints import Found, doing, judged
from ...bots.search import score_margin_evaluator
from ...rng import Rng
from ...words import plural
from .cards import KIND_BY_KEY, ROLES, VALUES, card_json, sort_key
from .rules import MottainaiState


def _count(cards: list[dict], material: str) -> int:
    return sum(1 for c in cards if c["material"] == material)


class MottainaiGreedyBot(Bot):
    """Medium: completes the most valuable work it can, otherwise takes the action that looks best
    right now (collect craft support, hire helpers, sell, refill its hand, pray). Its choices use
    only what its seat can see."""

    name = "greedy"
    title = "Medium (greedy)"

    def choose(self, state: MottainaiState, seat: int, rng: Rng) -> str:
        return self.decide(state.view(seat))

    def decide(self, view: dict) -> str:
        """The choice for the seat of ``view`` (to move): only the view is read."""
        seat = view["seat"]
        legal = [a["id"] for a in view["legal_actions"]]
        if len(legal) == 1:
            return legal[0]
        t = view["table"]
        me = t["players"][seat]
        hand = t["hand"]
        ids = set(legal)
        by_verb: dict[str, list[str]] = {}
        for action_id in legal:
            by_verb.setdefault(action_id.partition(":")[0], []).append(action_id)

        if "show" in by_verb:                  # Curtain / Tower: show a card rather than skip the task
            return by_verb["show"][0]
        if "skip" in ids:                      # optional card effects: the clearly good ones
            return self._effect(legal, t, me, seat)
        if "pin-draw" in ids:                  # Pin's Tailor action: keep the hand, just draw
            return "pin-draw"
        if "wing:gallery" in ids:
            return self._wing(t, me)
        if "support" in by_verb:
            return by_verb["support"][0]
        if "work" in by_verb:                  # the most valuable work
            return max(by_verb["work"], key=lambda a: (KIND_BY_KEY[a[5:]].value, a))
        if "done" in ids:                      # Tailor: keep the hand, just draw
            return "done"
        if "return" in by_verb:                # hand limit: give back the least useful card
            return min(by_verb["return"], key=lambda a: (self._keep_value(KIND_BY_KEY[a[7:]], hand, me), a))
        if "task" in by_verb or "no_task" in ids:
            return self._new_task(by_verb.get("task", []), hand, me, t)
        if "sell" in by_verb:
            return max(by_verb["sell"], key=lambda a: (self._sell_value(KIND_BY_KEY[a[5:]], hand, me), a))
        if "hire" in by_verb:
            return max(by_verb["hire"], key=lambda a: (self._hire_value(KIND_BY_KEY[a[5:]], hand, me), a))
        if "collect" in by_verb:
            return max(by_verb["collect"], key=lambda a: (self._collect_value(KIND_BY_KEY[a[8:]], hand, me), a))
        kinds = [a for a in legal if a in ("craft", "prayer") or a in ROLES.values()]
        if kinds:
            return max(kinds, key=lambda a: (self._action_value(a, t, me, hand), a))
        forward = [a for a in legal if a != "cancel"]
        return forward[0] if forward else legal[0]

    # -------------------------------------------------------------- card effects
    #: effects this bot uses whenever they are offered (by card key); any other offer is skipped,
    #: except those judged in ``_effect``
    ALWAYS_USE = {"bowl", "dice", "figurine", "jar", "vase", "chopsticks", "ring", "shuriken"}
    # Paper, Stone and Cloth: more actions, a sale, a card or materials for free
    ALWAYS_USE = ALWAYS_USE | {"amulet", "deck-of-cards", "flag", "fountain", "frog", "statue", "stool"}

    def _effect(self, legal: list[str], t: dict, me: dict, seat: int) -> str:
        uses = [a for a in legal if a.startswith("use:")]

        def card_value(action_id: str) -> int:     # the card an option names last, if any
            last = action_id.rsplit(":", 1)[-1]
            kind = KIND_BY_KEY.get(last)
            return kind.value if kind else VALUES.get(last, 0)

        wanted = [a for a in uses if a.split(":")[1] in self.ALWAYS_USE]
        if wanted:
            return max(wanted, key=lambda a: (card_value(a), a))
        if "use:cup" in uses:                  # end the game when clearly ahead on the table
            others = max(p["points_on_table"] for p in t["players"] if p["seat"] != seat)
            if me["points_on_table"] - 3 > others + 3:
                return "use:cup"
        return "skip"

    # -------------------------------------------------------------- evaluations
    def _action_value(self, kind: str, t: dict, me: dict, hand: list[dict]) -> float:
        noon = t["noon"] or {}
        material = noon.get("material")
        if kind in ("smith", "craft"):
            return 20.0
        if kind == "prayer":
            return 2.5
        if kind == "tailor":
            missing = 5 - len(hand) - me["waiting_count"]
            return 1.0 + 1.5 * max(0, missing)
        if kind == "potter":
            return 3.0 + max((self._collect_value(KIND_BY_KEY[c["key"]], hand, me) for c in t["floor"]), default=0) / 2
        if kind == "monk":
            return 3.0 + max((self._hire_value(KIND_BY_KEY[c["key"]], hand, me) for c in t["floor"]), default=0) / 2
        if kind == "clerk":
            return 2.0 + max((self._sell_value(KIND_BY_KEY[c["key"]], hand, me) for c in me["craft_bench"]),
                             default=0) / 2
        return 0.0 if material is None else 1.0

    def _keep_value(self, kind, hand: list[dict], me: dict) -> float:
        """How much a hand card is worth keeping: its value, more if it has matching cards."""
        same = _count(hand, kind.material) - 1 + _count(me["craft_bench"], kind.material)
        return kind.value + min(same, kind.value - 1)

    def _sell_value(self, kind, hand: list[dict], me: dict) -> float:
        needed = max((VALUES[kind.material] - 1 for c in hand if c["material"] == kind.material), default=0)
        spare = _count(me["craft_bench"], kind.material) - needed
        cover_room = sum(g["cover"] - g["count"] for g in me["sale_groups"] if g["material"] == kind.material)
        return kind.value + (2 if spare > 0 else -2) + (2 if cover_room > 0 else 0)

    def _hire_value(self, kind, hand: list[dict], me: dict) -> float:
        # helpers pay off for the tasks we expect: the materials in our hand
        return 1.0 + _count(hand, kind.material) + 0.5 * _count(me["helpers"], kind.material)

    def _collect_value(self, kind, hand: list[dict], me: dict) -> float:
        works = [c for c in hand if c["material"] == kind.material]
        if not works:
            return 0.5 * kind.value
        have = _count(me["craft_bench"], kind.material)
        return kind.value + (3 if have < kind.value - 1 else 0)

    def _wing(self, t: dict, me: dict) -> str:
        work = (t.get("choice") or {}).get("work") or {}
        material = work.get("material")
        helpers = next((g for g in me["helper_groups"] if g["material"] == material), None)
        sales = next((g for g in me["sale_groups"] if g["material"] == material), None)
        helper_gain = helpers is not None and not helpers["covered"] and helpers["count"] <= helpers["cover"] + work["value"]
        sale_gain = sales is not None and not sales["covered"] and sales["count"] <= sales["cover"] + work["value"]
        if sale_gain and not helper_gain:
            return "wing:gift_shop"
        if helper_gain:
            return "wing:gallery"
        return "wing:gift_shop" if len(me["gift_shop"]) < len(me["gallery"]) else "wing:gallery"

    def _new_task(self, tasks: list[str], hand: list[dict], me: dict, t: dict) -> str:
        best, best_value = "no_task", 1.0
        for action_id in tasks:
            kind = KIND_BY_KEY[action_id[5:]]
            role = ROLES[kind.material]
            rest = list(hand)
            rest.remove(next(c for c in rest if c["key"] == kind.key))
            helpers = _count(me["helpers"], kind.material)
            value = 1.0 + helpers - 0.5 * kind.value
            if role == "smith":
                if any(_count(rest, c["material"]) >= c["value"] for c in rest):
                    value += 6
            elif role in ("potter", "monk"):
                value += 2 if t["floor"] else -2
            elif role == "clerk":
                value += 2 if me["craft_bench"] else -2
            elif role == "tailor":
                value += max(0, 5 - len(rest) - me["waiting_count"]) * 0.8
            # a task of this material also lets us Craft works of it from the craft bench
            on_bench = _count(me["craft_bench"], kind.material)
            if any(c["material"] == kind.material and on_bench >= c["value"] - 1 for c in rest):
                value += 5
            if value > best_value:
                best, best_value = action_id, value
        return best


# ---------------------------------------------------------------------- hooks for the hard bot
_ROLLOUT_GREEDY = MottainaiGreedyBot()
_ROLLOUT_RANDOM = RandomBot()
ROLLOUT_NOISE = 0.1  # share of random moves in rollouts, so they do not all repeat one line


class _Lazy(dict):
    """A part of a view whose entries are built when first read (``build(key)``), so a rollout
    step pays only for what the greedy rule looks at."""

    __slots__ = ("build",)

    def __init__(self, build) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key):
        value = self[key] = self.build(key)
        return value

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default


def rollout_view(state: MottainaiState, seat: int) -> dict:
    """What :meth:`MottainaiGreedyBot.decide` reads of ``state.view(seat)``, built lazily: the
    same values, at a fraction of the cost (the full view also holds the log, the prompt and
    every card of the table as text)."""
    def panel(s: int):
        def build(key: str):
            if key == "seat":
                return s
            if key == "waiting_count":
                return len(state.waiting[s])
            if key in ("helpers", "craft_bench"):
                cards = state.helpers[s] if key == "helpers" else state.bench[s]
                return [card_json(c) for c in sorted(cards, key=sort_key)]
            if key in ("gallery", "gift_shop"):
                return [card_json(c) for c in (state.gallery[s] if key == "gallery" else state.gift_shop[s])]
            if key in ("helper_groups", "sale_groups"):
                return state._groups(s, "helpers" if key == "helper_groups" else "sales")
            return state._player_json(s)[key]
        return _Lazy(build)

    def table(key: str):
        if key == "players":
            return [panel(s) for s in range(state.num_players)]
        if key == "hand":
            return [card_json(c) for c in sorted(state.hands[seat], key=sort_key)]
        if key == "floor":
            return [card_json(c) for c in state.floor]
        if key == "noon":
            return state._noon_json()
        if key == "choice":
            return state._choice_json(seat)
        return state._table(seat)[key]

    return {"seat": seat, "legal_actions": [{"id": a.id} for a in state.legal_actions()],
            "table": _Lazy(table)}


def mottainai_rollout(state: MottainaiState, rng: Rng) -> str:
    """The greedy rule for whoever is to move in the (determinized) world, with a little noise."""
    seat = state.current_player
    if rng.random() < ROLLOUT_NOISE:
        return _ROLLOUT_RANDOM.choose(state, seat, rng)
    return _ROLLOUT_GREEDY.decide(rollout_view(state, seat))


# Flat Monte Carlo over each atomic choice (search.single_actions), greedy rollouts cut after
# ROLLOUT_DEPTH steps, and the score lead (works, covered sales, backorders, card bonuses) judged
# at the cut (the game's search hooks, in its spec).
ROLLOUT_DEPTH = 30
mottainai_evaluate = score_margin_evaluator(4.0)


def _doing(state: MottainaiState, line) -> str:
    """A move in Mottainai's words, as a gerund: "taking a Smith action", "taking a Prayer",
    else from its label ("hiring Kite (Cloth 2) from the floor as a Tailor helper")."""
    first = line[0]
    if first == "prayer":
        return "taking a Prayer"
    if first in ("smith", "potter", "tailor", "monk", "clerk", "craft"):
        return f"taking a {first.title()} action"
    return doing(state, line)


def mottainai_scores_now(state: MottainaiState, seat: int, line: list[str]) -> tuple[int, str]:
    """What ``line`` scores right now: completing a work scores its value ("scores 3 points
    now"); every other choice scores nothing at once (a sale counts only once a work covers it,
    and backorders only at the end)."""
    verb, _, key = line[0].partition(":")
    if verb != "work" or key not in KIND_BY_KEY:
        return 0, ""
    value = KIND_BY_KEY[key].value
    return value, f"scores {plural(value, 'point')} now"


def mottainai_reason(state: MottainaiState, seat: int, line: list[str], found: Found) -> str:
    """Why the search suggests ``line[0]``: a completed work's points, the move it passes over
    (one that scores more now, or a close one) with what each brings, then the points the move
    brought over the few turns simulated and the chance to win after them (greedy play for
    every seat; numbers only from enough of them)."""
    verb, _, key = line[0].partition(":")
    work = verb == "work" and key in KIND_BY_KEY
    # the page says "Suggested: <the move>." first, so the reason may call it "it"
    odds = judged(state, line, found, _doing, named=True, verb="gives", point="point")
    if work:
        kind = KIND_BY_KEY[key]
        return f"Completes the {kind.name}, a work worth {plural(kind.value, 'point')}. {odds}"
    return odds
