"""The seeded random generator held inside every game state.

The generator is SplitMix64: a single 64-bit integer of state, so copying a game state copies the
generator for free and serialising it is one JSON number. Python's ``random.Random`` was not used:
its 625-word state makes state copies slow, and its algorithms are not promised to stay the same
across Python versions, which would break old replays.
"""

from __future__ import annotations

import functools
from collections.abc import MutableSequence
from typing import TypeVar

_SPAN = 1 << 64
_MASK = _SPAN - 1
_SMALL = 256
# Rejection limits of below(n) for small n (the common case: choosing among legal actions).
_LIMITS = (0, *(_SPAN - (_SPAN % n) for n in range(1, _SMALL)))
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """A small deterministic generator: same seed, same numbers, on every platform."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, raw_state: int | None = None) -> None:
        if raw_state is not None:
            self.state = raw_state & _MASK
        else:
            # Scramble the seed once so that nearby seeds give unrelated streams.
            self.state = _mix((seed & _MASK) ^ 0x5DEECE66D)

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n < _SMALL:
            limit = _LIMITS[n]
        elif n > _SPAN:
            return self._below_big(n)
        else:
            limit = _SPAN - (_SPAN % n)
        while True:  # next_u64 and _mix inlined: shuffles are the engine's hottest chance code
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def _below_big(self, n: int) -> int:
        """``below`` for bounds above 2**64: several draws make one wide number."""
        words = (n.bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - (span % n)
        while True:
            x = 0
            for _ in range(words):
                x = (x << 64) | self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates).

        Several swap indices are taken from one 64-bit draw, read as digits of a mixed-radix
        number (radices i+1, i, ...). Draws at or above the largest multiple of the radices'
        product are rejected, so every index stays exactly uniform.
        """
        for radices, limit in _shuffle_plan(len(items)):
            x = self.next_u64()
            while x >= limit:
                x = self.next_u64()
            for n in radices:
                x, j = divmod(x, n)
                k = n - 1
                items[k], items[j] = items[j], items[k]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One element of a non-empty sequence."""
        n = len(items)
        if n == 1:
            return items[0]
        if n >= _SMALL or n == 0:
            return items[self.below(n)]  # (raises for an empty sequence)
        limit = _LIMITS[n]
        while True:  # ``below`` inlined: search playouts choose once per action
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return items[z % n]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(raw_state=_mix(self.next_u64() ^ 0xD1B54A32D192ED03))

    def copy(self) -> Rng:
        return Rng(raw_state=self.state)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@functools.cache
def _shuffle_plan(length: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Radix groups for a shuffle of ``length`` items: each group's product fits in 64 bits."""
    plan = []
    n = length
    while n > 1:
        radices: list[int] = []
        product = 1
        while n > 1 and product * n <= _SPAN:
            product *= n
            radices.append(n)
            n -= 1
        plan.append((tuple(radices), _SPAN - (_SPAN % product)))
    return tuple(plan)
