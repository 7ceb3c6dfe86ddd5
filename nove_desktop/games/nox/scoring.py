"""Round scoring (spec 5.6) and recording (spec 5.7): pure functions of kitties and points."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import COLOURS, NUMBER
from .options import STANDARD
from .state import Stack


def top_colours(kitty: Sequence[Stack]) -> set[str]:
    """The colours among the kitty's top cards (buried cards never count, D-19)."""
    return {stack[-1][0] for stack in kitty}


def is_eligible(kitty: Sequence[Stack]) -> bool:
    """A kitty scores only with all three colours among its top cards."""
    return len(top_colours(kitty)) == len(COLOURS)


def top_sum(kitty: Sequence[Stack]) -> int:
    """The sum of the numbers of the top cards, eligible or not."""
    return sum(NUMBER[stack[-1]] for stack in kitty)


def kitty_points(kitty: Sequence[Stack]) -> int:
    """What the kitty scores now: the sum of its top cards if all three colours show, else 0
    (an empty kitty scores 0)."""
    return top_sum(kitty) if is_eligible(kitty) else 0


def recorded_points(variant: str, points: Sequence[int]) -> list[int]:
    """Spec 5.7: standard records everyone's points; thick-skinned only the round's highest
    (every tied player, D-22), and nobody when the highest is 0 (D-23)."""
    if variant == STANDARD:
        return list(points)
    best = max(points)
    if best <= 0:
        return [0] * len(points)
    return [p if p == best else 0 for p in points]


def winners(totals: Sequence[int]) -> list[int]:
    """Every seat with the highest total (a tie is a shared win, D-25)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
