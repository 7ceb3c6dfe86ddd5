"""Hand arithmetic: joker states, minimum value, groups, three and four of a kind (spec 3, 5).

A hand is evaluated as ``fixed`` rank keys (every natural card, plus every joker whose option is
fixed: locked by a NOVE or forced to 7) and at most one free joker, whose option is chosen when it
matters. Functions take ``(fixed, free)``; ``free`` is True when the hand holds a free joker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .cards import NUMBER_OPTIONS, OPTION_ORDER, OPTION_VALUE, RANK, is_joker

FREE = "free"
LOCKED = "locked"
FORCED = "forced7"


def joker_states(
    hand: list[str], locked: dict[str, str], forced_all: bool
) -> dict[str, tuple[str, str | None]]:
    """State and option of each joker in ``hand``: (FREE, None), (LOCKED, o) or (FORCED, "7").

    ``forced_all`` is the special case [D40]: every joker not locked by a NOVE is a 7. Otherwise,
    of two jokers held at once the one received later is the "second" and stands for 7 [D29].
    """
    states: dict[str, tuple[str, str | None]] = {}
    free_seen = False
    has_locked = bool(locked) and any(card in locked for card in hand)
    for card in hand:
        if not is_joker(card):
            continue
        if card in locked:
            states[card] = (LOCKED, locked[card])
        elif forced_all or free_seen or has_locked:
            states[card] = (FORCED, "7")
        else:
            states[card] = (FREE, None)
            free_seen = True
    return states


def split(
    hand: list[str], locked: dict[str, str], forced_all: bool = False
) -> tuple[list[str], str | None]:
    """``(fixed rank keys, free joker id or None)`` for ``hand``."""
    if "JR" not in hand and "JY" not in hand:
        return [RANK[card] for card in hand], None
    jokers = joker_states(hand, locked, forced_all)
    fixed: list[str] = []
    free: str | None = None
    for card in hand:
        rank = RANK.get(card)
        if rank is not None:
            fixed.append(rank)
        else:
            state, option = jokers[card]
            if state == FREE:
                free = card
            else:
                fixed.append(option)  # type: ignore[arg-type]  # a locked or forced joker has one
    return fixed, free


def base_value(fixed: Iterable[str]) -> int:
    total = 0
    for rank in fixed:
        total += OPTION_VALUE[rank]
    return total


def min_value(fixed: list[str], free: bool) -> int:
    """The smallest total over every assignment (a free joker counts 1) [D26]."""
    return base_value(fixed) + (1 if free else 0)


def is_busted(fixed: list[str], free: bool) -> bool:
    return min_value(fixed, free) > 31


def groups(fixed: list[str], option: str | None) -> Counter[str]:
    counts = Counter(fixed)
    if option is not None:
        counts[option] += 1
    return counts


def group_points(counts: Counter[str]) -> int:
    """+1 per pair, +3 per set (a set is not also pairs) [D31]."""
    return sum(1 if k == 2 else 3 if k == 3 else 0 for k in counts.values())


def legal_scoring_options(fixed: list[str], free: bool) -> tuple[str, ...]:
    """Options a free joker may take at scoring: the final total must stay at most 31 [D28]."""
    if not free:
        return ()
    base = base_value(fixed)
    return tuple(o for o in OPTION_ORDER if base + OPTION_VALUE[o] <= 31)


def nove_options(fixed: list[str], free: bool) -> tuple[str, ...]:
    """Options of a free joker that keep a 3-card hand at 9 or less [D16]."""
    if not free:
        return ()
    base = base_value(fixed)
    return tuple(o for o in NUMBER_OPTIONS if base + OPTION_VALUE[o] <= 9)


def three_of_a_kind(fixed: list[str], free: bool) -> int | None:
    """The value of a 3-card three of a kind (a free joker may complete it), or None."""
    if free:
        if len(fixed) == 2 and fixed[0] == fixed[1]:
            return 3 * OPTION_VALUE[fixed[0]]
        return None
    if len(fixed) == 3 and fixed[0] == fixed[1] == fixed[2]:
        return 3 * OPTION_VALUE[fixed[0]]
    return None


def four_of_a_kind(fixed: list[str], free: bool) -> str | None:
    """The option (or "" with no free joker) that makes 4 identical cards within 31, else None."""
    if len(fixed) < 3:
        return None
    base = base_value(fixed)
    counts = Counter(fixed)
    if not free:
        if base <= 31 and any(k >= 4 for k in counts.values()):
            return ""
        return None
    if max(counts.values()) < 3:
        return None
    for option in OPTION_ORDER:
        if base + OPTION_VALUE[option] > 31:
            continue
        if counts[option] + 1 >= 4 or any(k >= 4 for r, k in counts.items() if r != option):
            return option
    return None


def has_set(fixed: list[str], free: bool) -> bool:
    """Three identical cards under some assignment (own free joker may be the third) [D61]."""
    need = 2 if free else 3
    return any(fixed.count(rank) >= need for rank in set(fixed))
