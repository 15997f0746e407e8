"""Moteneba's scoring: the maths of a year's scoring on plain lists (topic values, influence,
the hearts each girl pays, the event-card taker, the next starting player), which the bots use
on what they see, and the mixin of :class:`.rules.MotenebaState` that scores the table: the
year's scoring as it stands, the final scores and the result table."""

from __future__ import annotations

from ...words import plural
from .board import COLOURS, GIRLS, NUM_COLOURS, PLACE_NAMES, POWER_BONUS, YEARS, colour_counts, seat_names

# These work on plain lists so that the bots can use them on what they see.

def topic_values(ranking) -> list[int]:
    """The value of each colour (by colour index) for a ranking listed top (5) first."""
    values = [0] * NUM_COLOURS
    for place, colour in enumerate(ranking):
        values[colour] = NUM_COLOURS - place
    return values


def rerank(ranking: list[int], topic: list[int], colour: int, added: bool, pass_equal: bool) -> None:
    """Move ``colour``'s topic card after one of its cubes was added or removed (ruling N4).

    Added: it climbs past cards with fewer cubes, never past one with as many (with house rule
    (a), ``pass_equal``, it also passes those with as many). Removed: it sinks past cards with
    more cubes (house rule (a): also past those with as many). ``ranking`` changes in place.
    """
    pos = ranking.index(colour)
    mine = topic[colour]
    if added:
        while pos > 0:
            above = topic[ranking[pos - 1]]
            if above < mine or (pass_equal and above == mine):
                ranking[pos - 1], ranking[pos] = ranking[pos], ranking[pos - 1]
                pos -= 1
            else:
                break
    else:
        while pos < len(ranking) - 1:
            below = topic[ranking[pos + 1]]
            if below > mine or (pass_equal and below == mine):
                ranking[pos + 1], ranking[pos] = ranking[pos], ranking[pos + 1]
                pos += 1
            else:
                break


def influence(cubes, values, power: int = 0, all_colours: bool = False) -> tuple[int, int | None]:
    """A player's influence on one girl and the colour that counted (ruling N5).

    ``cubes`` are the player's cubes by that girl per colour, ``values`` the colours' current
    values. The best single colour counts (cubes x value); with house rule (c) all colours are
    summed and the colour is ``None``. Each +3 Power card played on her adds 3. On equal
    products the colour higher in the ranking is named.
    """
    if all_colours:
        return sum(n * values[c] for c, n in enumerate(cubes)) + POWER_BONUS * power, None
    best, best_colour = 0, None
    for c, n in enumerate(cubes):
        if n:
            score = n * values[c]
            if score > best or (score == best and values[c] > values[best_colour]):
                best, best_colour = score, c
    return best + POWER_BONUS * power, best_colour


def award(influences, hearts) -> tuple[list[int], list[int | None], list[int]]:
    """Hearts for one girl (ruling N5): ``(received, place, group_size)`` per seat.

    Players with influence are ranked; a group of ``k`` tied players at place ``p`` all get the
    heart of place ``p + k - 1`` (nothing if ``hearts`` has no such entry) and the next group
    starts at place ``p + k``. A player without influence has place ``None`` and gets nothing.
    """
    n = len(influences)
    received = [0] * n
    places: list[int | None] = [None] * n
    sizes = [0] * n
    order = sorted((s for s in range(n) if influences[s] > 0), key=lambda s: (-influences[s], s))
    place, i = 1, 0
    while i < len(order):
        j = i
        while j < len(order) and influences[order[j]] == influences[order[i]]:
            j += 1
        k = j - i
        slot = place + k - 2
        heart = hearts[slot] if slot < len(hearts) else 0
        for seat in order[i:j]:
            received[seat] = heart
            places[seat] = place
            sizes[seat] = k
        place += k
        i = j
    return received, places, sizes


def year_hearts(girl_hearts, num_players: int, year: int) -> list[int]:
    """The hearts a girl pays this year: 3 players ignore the third heart; the third year pays
    only the first heart (ruling N5)."""
    hearts = list(girl_hearts)
    if num_players == 3:
        hearts = hearts[:2]
    if year >= YEARS:
        hearts = hearts[:1]
    return hearts


def event_taker(girl_index: int, influences, year: int, deck_left: int) -> int | None:
    """The seat that takes an event card at a girl's scoring (ruling N6): her sole first, if her
    card shows the event symbol, the year is not the last and the deck is not empty."""
    if not GIRLS[girl_index]["event"] or year >= YEARS or deck_left <= 0:
        return None
    top = max(influences)
    if top <= 0 or influences.count(top) != 1:
        return None
    return influences.index(top)


def next_starting_player(hearts, previous: int) -> int:
    """Most hearts; on a tie the tied player first clockwise after ``previous`` (ruling N7;
    ``previous`` itself comes last)."""
    n = len(hearts)
    best = max(hearts)
    for step in range(1, n + 1):
        seat = (previous + step) % n
        if hearts[seat] == best:
            return seat
    return previous  # unreachable


class Scoring:
    """The scoring of a Moteneba game (mixed into MotenebaState)."""

    def _girl_hearts(self, pos: int) -> list[int]:
        return year_hearts(GIRLS[self.girls[pos]]["hearts"], self.num_players, self.year)

    def compute_scoring(self) -> dict:
        """This year's scoring as it stands now (JSON-ready), without changing anything.

        Per girl: each player's influence, the colour that counted, +3 Power, place, tie, hearts
        received; the event-card taker; and the running totals before and after.
        """
        n = self.num_players
        values = topic_values(self.ranking)
        deck_left = len(self.deck)
        totals = list(self.hearts)
        girls = []
        for pos, index in enumerate(self.girls):
            girl = GIRLS[index]
            hearts = self._girl_hearts(pos)
            infl, counted = [], []
            for seat in range(n):
                value, colour = influence(self.on_girl[pos][seat], values, self.power[pos][seat],
                                          self.all_colours)
                infl.append(value)
                counted.append(colour)
            received, places, sizes = award(infl, hearts)
            taker = event_taker(index, infl, self.year, deck_left)
            if taker is not None:
                deck_left -= 1
            rows = []
            for seat in range(n):
                colour = counted[seat]
                cubes = self.on_girl[pos][seat]
                rows.append({
                    "seat": seat, "influence": infl[seat],
                    "colour": COLOURS[colour] if colour is not None else None,
                    "colour_cubes": cubes[colour] if colour is not None else sum(cubes),
                    "colour_value": values[colour] if colour is not None else None,
                    "power": self.power[pos][seat],
                    "place": places[seat], "tied": sizes[seat] > 1, "hearts": received[seat],
                })
                totals[seat] += received[seat]
            rows.sort(key=lambda r: (r["place"] is None, r["place"] or 0, r["seat"]))
            girls.append({
                "pos": pos, "key": girl["key"], "name": girl["name"], "printed_hearts": list(girl["hearts"]),
                "hearts": hearts, "event": girl["event"], "players": rows, "event_taker": taker,
                "summary": self._girl_summary(girl, hearts, infl, places, sizes, received, taker),
            })
        return {"year": self.year, "final_year": self.year == YEARS, "paid": False,
                "all_colours": self.all_colours,
                "values": colour_counts(values), "girls": girls,
                "totals_before": list(self.hearts), "totals_after": totals,
                "year_hearts": [totals[s] - self.hearts[s] for s in range(n)]}

    def _girl_summary(self, girl, hearts, infl, places, sizes, received, taker) -> str:
        """One sentence per place group, e.g. "{P0} and {P1} tie for 1st with 9: 4 hearts each."""
        if not any(infl):
            return "Nobody impressed %s." % girl["name"]
        parts = []
        done = set()
        order = sorted((s for s in range(len(infl)) if places[s] is not None), key=lambda s: (places[s], s))
        for seat in order:
            if seat in done:
                continue
            group = [s for s in order if places[s] == places[seat]]
            done.update(group)
            place = PLACE_NAMES[places[seat]]
            got = received[seat]
            paid = ("%s each" % plural(got, "heart")) if len(group) > 1 else plural(got, "heart")
            if len(group) > 1:
                notch = places[seat] + len(group) - 1
                why = ("the %s heart" % PLACE_NAMES[notch]) if got else "no heart: there is no %s heart" % PLACE_NAMES[notch]
                parts.append("%s tie for %s with %d: %s (%s)." % (seat_names(group), place, infl[seat],
                                                                 paid if got else "nothing", why))
            else:
                parts.append("%s is %s with %d: %s." % (seat_names(group), place, infl[seat], paid))
        if taker is not None:
            parts.append("{P%d} takes an event card." % taker)
        return " ".join(parts)

    def _scores(self) -> list[int]:
        return list(self.hearts)

    def _result_table(self):
        columns = [f"Year {y}" for y in range(1, YEARS + 1)]
        rows = [[(yh[y] if y < len(yh) else 0) for y in range(YEARS)] for yh in self.year_hearts]
        return columns, rows
