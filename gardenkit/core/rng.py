"""A tiny seeded random number generator whose whole state is two integers.

It lives inside game states, so a state's ``to_dict`` carries it and the same seed
and the same actions always give the same game.  It is counter based (SplitMix64):
draw number ``k`` depends only on ``(seed, k)``.

>>> r = Rng.from_seed(7)
>>> a, r2 = r.below(10)
>>> b, _ = r.below(10)
>>> a == b and r2.counter == 1
True
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import MalformedInputError

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@dataclass(frozen=True)
class Rng:
    seed: int
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for ``seed``: a whole number from 0 to 2**64 - 1 (nothing is cut or wrapped,
        so two different seeds never give the same game).

        >>> Rng.from_seed(-1)
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.MalformedInputError: seed must be a whole number from 0 to 18446744073709551615, not -1
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MalformedInputError(f"seed must be an integer, not {_short(seed)}")
        if not 0 <= seed <= _MASK:
            raise MalformedInputError(f"seed must be a whole number from 0 to {_MASK}, not {_short(seed)}")
        return cls(seed, 0)

    def below(self, n: int) -> tuple[int, "Rng"]:
        """A uniform integer in ``range(n)`` and the advanced generator."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # rejection sampling keeps the draw exactly uniform
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        counter = self.counter
        while True:
            value = _splitmix64(_splitmix64(self.seed) ^ counter)
            counter = (counter + 1) & _MASK  # the counter lives in 64 bits (a save never outgrows its check)
            if value < limit:
                return value % n, Rng(self.seed, counter)

    def to_dict(self) -> dict:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_dict(cls, d) -> "Rng":
        if not isinstance(d, dict) or set(d) != {"seed", "counter"}:
            raise MalformedInputError(f"rng must be an object with 'seed' and 'counter', not {_short(d)}")
        seed, counter = d["seed"], d["counter"]
        for name, v in (("seed", seed), ("counter", counter)):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= _MASK:
                raise MalformedInputError(f"rng {name} must be a whole number from 0 to {_MASK}, not {_short(v)}")
        return cls(seed, counter)


def _short(v, limit: int = 40) -> str:
    """``repr(v)`` cut to ``limit`` characters (a 5 000-digit number is not echoed whole).

    >>> _short(10 ** 5000), _short(-2 ** 70)
    ('a number of about 5001 digits', '-1180591620717411303424')
    """
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** limit:
        return f"a number of about {int(abs(v).bit_length() * 0.30103) + 1} digits"
    text = repr(v)
    return text if len(text) <= limit else text[: limit - 1] + "…"
