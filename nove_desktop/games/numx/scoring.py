"""Round scoring (spec section 10) and the objective data table (10.3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .cards import INF, IS_CLASSIC, SAME_FACE_KEY, VALUE, WEIGHT

CLASSIC_IN_HAND = -2
SPECIAL_IN_HAND = -20


def area_weight(area: Sequence[str]) -> int:
    """``W(M)``: the sum of the weights of a malus area (spec 10.1)."""
    return sum(WEIGHT[c] for c in area)


def hand_part(hand: Sequence[str]) -> int:
    """-2 per classic card (∞ included), -20 per special card (N-A53)."""
    return sum(CLASSIC_IN_HAND if IS_CLASSIC[c] else SPECIAL_IN_HAND for c in hand)


@dataclasses.dataclass(frozen=True, slots=True)
class SeatFacts:
    """What the objective conditions look at: the final malus area, and whether the seat was
    first to empty its hand (OB09)."""

    area: tuple[str, ...]
    first_out: bool


def _ob01(f: SeatFacts) -> bool:
    a = f.area
    return len(a) == 2 and SAME_FACE_KEY[a[0]] == SAME_FACE_KEY[a[1]]


def _ob07(f: SeatFacts) -> bool:
    return len(f.area) == 2 and not IS_CLASSIC[f.area[0]] and not IS_CLASSIC[f.area[1]]


@dataclasses.dataclass(frozen=True, slots=True)
class Objective:
    """One row of the data table: condition, whether it replaces the malus part, bonus."""

    id: str
    row: int
    name: str
    replaces_malus: bool
    condition: Callable[[SeatFacts], bool] | None  # None: OB10 (the right neighbour's success)
    bonus: Callable[[SeatFacts], int]


def _fixed(points: int) -> Callable[[SeatFacts], int]:
    return lambda _facts: points


# The objective data table (spec 10.3, N-A56 .. N-A66).
OBJECTIVE_TABLE: dict[str, Objective] = {
    o.id: o
    for o in (
        Objective(
            "OB01",
            1,
            "two similar malus cards",
            True,
            _ob01,
            lambda f: WEIGHT[f.area[0]],
        ),
        Objective(
            "OB02",
            2,
            "an ∞ among the malus cards",
            False,
            lambda f: any(IS_CLASSIC[c] and VALUE[c] == INF for c in f.area),
            _fixed(30),
        ),
        Objective(
            "OB03",
            3,
            "more than 20 malus points",
            False,
            lambda f: area_weight(f.area) > 20,
            _fixed(30),
        ),
        Objective(
            "OB04",
            4,
            "fewer than 5 malus points",
            False,
            lambda f: area_weight(f.area) < 5,
            _fixed(10),
        ),
        Objective(
            "OB05",
            5,
            "exactly 7 malus points",
            False,
            lambda f: area_weight(f.area) == 7,
            _fixed(13),
        ),
        Objective(
            "OB06",
            6,
            "exactly 13 malus points",
            False,
            lambda f: area_weight(f.area) == 13,
            _fixed(23),
        ),
        Objective("OB07", 7, "two special malus cards", True, _ob07, _fixed(20)),
        Objective("OB08", 8, "four malus cards", False, lambda f: len(f.area) >= 4, _fixed(40)),
        Objective("OB09", 9, "first to empty one's hand", False, lambda f: f.first_out, _fixed(10)),
        Objective("OB10", 10, "the right neighbour succeeds", False, None, _fixed(20)),
    )
}


@dataclasses.dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's round score with its parts (spec 10.1, 10.2)."""

    malus_part: int
    hand_part: int
    base: int
    objective: str | None
    met: bool
    applied: bool
    bonus: int
    score: int


def score_seats(
    areas: Sequence[Sequence[str]],
    hands: Sequence[Sequence[str]],
    objectives: Sequence[str | None],
    first_out: Sequence[int],
) -> list[SeatScore]:
    """Every seat's round score. OB10 looks at the right neighbour ``S(i-1)`` (N-A65); a met
    objective is applied only when it does not lower the score (N-A59)."""
    n = len(areas)
    facts = [SeatFacts(tuple(areas[s]), s in first_out) for s in range(n)]
    met = [False] * n
    for s, obj in enumerate(objectives):
        condition = OBJECTIVE_TABLE[obj].condition if obj is not None else None
        if condition is not None:
            met[s] = condition(facts[s])
    for s, obj in enumerate(objectives):
        if obj == "OB10":
            met[s] = met[(s - 1) % n]
    out = []
    for s in range(n):
        weight = area_weight(areas[s])
        hand = hand_part(hands[s])
        base = -weight + hand
        obj = objectives[s]
        bonus = 0
        applied = False
        score = base
        if obj is not None and met[s]:
            row = OBJECTIVE_TABLE[obj]
            bonus = row.bonus(facts[s])
            alt = (0 if row.replaces_malus else -weight) + hand + bonus
            if alt > base:
                applied, score = True, alt
        out.append(SeatScore(-weight, hand, base, obj, met[s], applied, bonus, score))
    return out
