"""Step-3 scoring and the scoring-time joker resolution (spec 5.4 and 6.2)."""

from __future__ import annotations

import dataclasses

from .cards import OPTION_ORDER, OPTION_VALUE
from .hand import base_value, legal_scoring_options


# SeatHand and SeatScore are built for every seat of every round, so they are plain slotted
# dataclasses (a frozen dataclass's __init__ is about three times slower); treat them as values.
@dataclasses.dataclass(slots=True)
class SeatHand:
    """One seat's hand reduced to what scoring needs."""

    fixed: tuple[str, ...]
    free: bool
    base: int = -1  # value of the fixed cards; computed when not given

    def __post_init__(self) -> None:
        if self.base < 0:
            self.base = base_value(self.fixed)

    @property
    def busted(self) -> bool:
        return self.base + (1 if self.free else 0) > 31

    def total(self, option: str | None) -> int:
        extra = OPTION_VALUE[option] if (self.free and option is not None) else 0
        return self.base + extra


@dataclasses.dataclass(slots=True)
class SeatScore:
    """What one seat scored in Step 3, item by item."""

    seat: int
    busted: bool
    value: int | None
    nove: int = 0
    thirty_one: int = 0
    capo: int = 0
    pairs: int = 0
    sets: int = 0

    @property
    def points(self) -> int:
        if self.busted:
            return -1
        return self.nove + self.thirty_one + self.capo + self.pairs + 3 * self.sets


def score_round(
    order: tuple[int, ...],
    hands: dict[int, SeatHand],
    nove_holder: int | None,
    options: dict[int, str],
) -> dict[int, SeatScore]:
    """Every seat's Step-3 points for the given free-joker options (spec 6.2)."""
    values: dict[int, int] = {}  # alive seats in precedence order -> final value
    winner31 = None
    best = -1
    capo = None
    for s in order:
        h = hands[s]
        if h.base + h.free > 31:
            continue  # busted: -1 and nothing else [D25]
        option = options.get(s) if h.free else None
        value = h.base + (OPTION_VALUE[option] if option is not None else 0)
        values[s] = value
        if value == 31 and winner31 is None:
            winner31 = s  # the first 31 in precedence order [D33]
        if value > best:
            best, capo = value, s  # strictly higher only: ties stay with precedence [D34]
    if winner31 is not None:
        capo = None
    out: dict[int, SeatScore] = {}
    for s in order:
        final = values.get(s)
        if final is None:
            out[s] = SeatScore(s, True, None)
            continue
        h = hands[s]
        ranks = h.fixed
        option = options.get(s) if h.free else None
        if option is not None:
            ranks = (*ranks, option)
        pairs = sets = 0
        for r in set(ranks):
            k = ranks.count(r)
            if k == 2:
                pairs += 1
            elif k == 3:
                sets += 1
        out[s] = SeatScore(
            s,
            False,
            final,
            2 if s == nove_holder else 0,
            2 if s == winner31 else 0,
            1 if s == capo else 0,
            pairs,
            sets,
        )
    return out


def choosers(order: tuple[int, ...], hands: dict[int, SeatHand]) -> list[int]:
    """Seats that fix a free joker at scoring, in precedence order (at most two)."""
    return [s for s in order if hands[s].free and not hands[s].busted]


def default_option(
    order: tuple[int, ...],
    hands: dict[int, SeatHand],
    nove_holder: int | None,
    fixed_options: dict[int, str],
    seat: int,
) -> str:
    """The default choice of ``seat`` (spec 5.4): most own points assuming every later chooser
    does the same (backward induction), then the higher value, then the earlier option."""
    later = [s for s in choosers(order, hands) if s not in fixed_options and s != seat]
    best_key: tuple[int, int, int] | None = None
    best_option = ""
    for option in legal_scoring_options(list(hands[seat].fixed), True):
        outcome = _solve(order, hands, nove_holder, {**fixed_options, seat: option}, later)
        points = score_round(order, hands, nove_holder, outcome)[seat].points
        key = (points, hands[seat].total(option), -OPTION_ORDER.index(option))
        if best_key is None or key > best_key:
            best_key, best_option = key, option
    return best_option


def _solve(
    order: tuple[int, ...],
    hands: dict[int, SeatHand],
    nove_holder: int | None,
    fixed_options: dict[int, str],
    remaining: list[int],
) -> dict[int, str]:
    if not remaining:
        return fixed_options
    seat = remaining[0]
    option = default_option(order, hands, nove_holder, fixed_options, seat)
    return _solve(order, hands, nove_holder, {**fixed_options, seat: option}, remaining[1:])


def resolve_all(
    order: tuple[int, ...], hands: dict[int, SeatHand], nove_holder: int | None
) -> dict[int, str]:
    """Every free joker fixed by the default rule, in precedence order."""
    return _solve(order, hands, nove_holder, {}, choosers(order, hands))


def evaluate_hands(
    order: tuple[int, ...],
    hands: dict[int, list[str]],
    nove_holder: int | None = None,
    locked: dict[str, str] | None = None,
) -> tuple[dict[int, str], dict[int, SeatScore]]:
    """Score final hands given as card ids (free jokers fixed by the default rule): the joker
    options chosen and each seat's score. Used by the examples and the scoring preview."""
    from .hand import split

    reduced = {}
    for seat, cards in hands.items():
        fixed, free = split(cards, locked or {})
        reduced[seat] = SeatHand(tuple(fixed), free is not None)
    options = resolve_all(order, reduced, nove_holder)
    return options, score_round(order, reduced, nove_holder, options)
