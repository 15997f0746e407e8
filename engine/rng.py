"""A small seeded random number generator whose whole state is one integer.

CPython only promises that ``random.random()`` stays the same across versions; methods such as
``shuffle`` and ``randrange`` have changed before and may differ between the CPython of CI and the
one inside Pyodide. So every game keeps an :class:`Rng` of its own, inside its state, and the same
seed gives the same game everywhere.

The generator is PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good
Algorithms for Random Number Generation", 2014): a 64-bit linear congruential step with a permuted
32-bit output.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # any odd constant; fixed so the state is a single integer


class Rng:
    """Deterministic PCG32 generator. ``Rng(seed)`` for any non-negative integer ``seed``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a seed must be a non-negative whole number, not {seed!r}")
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64) + (seed >> 64)) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            return 0
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self.next_u32()
            if r < limit:
                return r % n

    def choice(self, items):
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 32 bits of randomness."""
        return self.next_u32() / 4294967296.0

    def split(self) -> "Rng":
        """A new generator seeded from this one (for bots and determinization)."""
        return Rng((self.next_u32() << 32) | self.next_u32())

    def copy(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        return other
