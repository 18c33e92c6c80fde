"""Seeded draws: one generator per (game seed, phase id); every draw becomes an event.

Python's ``random`` promises a stable sequence only for ``random()`` and
``getrandbits()``: draws here use ``getrandbits`` over candidate lists the caller sorts
by a stable key, so the same seed gives the same draws on every Python version.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class PhaseRng:
    def __init__(self, seed: int, phase_id: str) -> None:
        digest = hashlib.sha256(f"adjudicator:{seed}:{phase_id}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:16], "big"))

    def index(self, n: int) -> int:
        """A uniform index in range(n) (rejection sampling over getrandbits)."""
        if n <= 0:
            raise ValueError("cannot draw from nothing")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            k = self._random.getrandbits(bits)
            if k < n:
                return k

    def choice(self, candidates: Sequence[T]) -> T:
        return candidates[self.index(len(candidates))]

    def roll(self, sides: int) -> int:
        return self.index(sides) + 1
