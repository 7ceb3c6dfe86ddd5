"""Small helpers shared by the Easy seats."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ...engine.rng import Rng

T = TypeVar("T")
_RESOLUTION = 1 << 20


def slips(rng: Rng, chance: float) -> bool:
    """True with probability ``chance`` (to a millionth): this decision goes wrong."""
    return rng.below(_RESOLUTION) < int(chance * _RESOLUTION)


def second_best(options: Sequence[T], worth: Callable[[T], float]) -> T:
    """The option ranked second by ``worth`` (the best when there is only one); ties keep the
    order of ``options``, like the heuristics' own choices."""
    ranked = sorted(range(len(options)), key=lambda i: (-worth(options[i]), i))
    return options[ranked[1] if len(ranked) > 1 else ranked[0]]
