"""Combinations (spec section 6): what a seat may lay against the trick, and the last-card rule.

Generating climbing-game combinations is the engine's hottest work, so it is split into pure
functions of small hashable contents, cached with ``functools.lru_cache``:

* ``hand_info(hand)``: a hand sorted by value and kind;
* ``board_info(board)``: the malus areas as sources of classic cards, by value and area;
* ``value_combos(own, groups, jokers)``: every combination of one value that these sources
  allow, whatever the trick, sorted by size, each with its shared ``Play``/``Claim`` action;

A seat's legal combinations against a trick are then slices of these tables (by size, and by
value against the trick's), and the trick effect (6.2) is computed only for the combination
actually laid. Copies of one face are interchangeable (spec 1.1), so a combination takes the
lowest ids first from each place it draws on: the hand, and each seat's malus area
(docs/decisions-numx.md D2).
"""

from __future__ import annotations

import functools
from itertools import groupby, product

from .actions import Claim, Play
from .cards import (
    ALL_VALUES,
    FACE,
    JOKER,
    KIND,
    MALUS_PLUS,
    NUMX,
    ORDER,
    SWIPE,
    VALUE,
)

# Play kinds (spec 6.2), named in events and used by the AI.
K_LEAD = "lead"
K_RAISE = "raise"
K_COUNT_RAISE = "count_raise"
K_FUSION = "fusion"
K_FACTEUR_X = "facteur_x"
K_JOKER_DIVE = "joker_dive"

_SORT = ORDER.__getitem__
_FACE = FACE.__getitem__
_VALUE_INDEX = {v: i for i, v in enumerate(ALL_VALUES)}
_META = {card: (FACE[card], VALUE[card]) for card in FACE}


_set = object.__setattr__


def _new(cls: type, **fields: object) -> object:
    """An action built without ``__post_init__`` (its fields are already canonical)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        _set(action, name, value)
    return action


class HandInfo:
    """A hand sorted by kind and value (computed once per distinct hand). ``groups`` lists the
    copies of each face (a sorted hand keeps them together); ``most`` is the largest number of
    classic copies of one value."""

    __slots__ = (
        "by_value",
        "classics",
        "groups",
        "jokers",
        "malus_plus",
        "most",
        "numx",
        "size",
        "swipes",
    )

    def __init__(self, hand: tuple[str, ...]) -> None:
        self.by_value: dict[int, tuple[str, ...]] = {}
        self.jokers: tuple[str, ...] = ()
        self.swipes: tuple[str, ...] = ()
        self.malus_plus: tuple[str, ...] = ()
        self.numx: tuple[str, ...] = ()
        groups = []
        classics = most = 0
        malus_plus: list[str] = []
        for _face, run in groupby(hand, _FACE):
            ids = tuple(run)
            groups.append(ids)
            first = ids[0]
            kind = KIND[first]
            if kind == "classic":
                self.by_value[VALUE[first]] = ids  # type: ignore[index]
                classics += len(ids)
                most = max(most, len(ids))
            elif kind == JOKER:
                self.jokers = ids
            elif kind == SWIPE:
                self.swipes = ids
            elif kind == MALUS_PLUS:
                malus_plus += ids
            elif kind == NUMX:
                self.numx = ids
        self.malus_plus = tuple(malus_plus)
        self.classics = classics
        self.most = most
        self.size = len(hand)
        self.groups = tuple(groups)


@functools.lru_cache(maxsize=1 << 15)
def hand_info(hand: tuple[str, ...]) -> HandInfo:
    """``hand`` must be in canonical order (the state keeps hands sorted)."""
    return HandInfo(hand)


class BoardInfo:
    """The malus areas seen as sources of cards: classic cards by value and by area (lowest ids
    first), their number per value, and the cards another seat may draw (one per face and
    area)."""

    __slots__ = ("by_value", "counts", "drawable", "draws")

    def __init__(self, board: tuple[tuple[str, ...], ...]) -> None:
        by_value: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
        counts: dict[int, int] = {}
        drawable: list[tuple[int, str]] = []
        for seat, area in enumerate(board):
            if len(area) > 1:
                area = sorted(area, key=_SORT)  # copies of a face together
            last = None
            for card in area:
                face, value = _META[card]
                if face == last:  # another copy of the previous card's face
                    if value is not None:
                        groups = by_value[value]
                        owner, ids = groups[-1]
                        groups[-1] = (owner, (*ids, card))
                        counts[value] += 1
                    continue
                last = face
                drawable.append((seat, card))
                if value is not None:
                    groups = by_value.get(value)
                    if groups is None:
                        by_value[value] = [(seat, (card,))]
                        counts[value] = 1
                    else:
                        groups.append((seat, (card,)))
                        counts[value] += 1
        self.by_value = {v: tuple(groups) for v, groups in by_value.items()}
        self.counts = counts
        self.drawable = tuple(drawable)
        self.draws: dict[int, tuple[tuple[int, str], ...]] = {}

    def draws_for(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The board cards ``seat`` may draw (not from its own area)."""
        found = self.draws.get(seat)
        if found is None:
            found = self.draws[seat] = tuple(d for d in self.drawable if d[0] != seat)
        return found


@functools.lru_cache(maxsize=1 << 13)
def board_info(board: tuple[tuple[str, ...], ...]) -> BoardInfo:
    return BoardInfo(board)


class Combo:
    """One combination (spec 6.1): ``cards`` in canonical order, ``hand_cards`` and ``board``
    ((seat, id) pairs) say where they come from; ``classics``/``jokers`` count the classic
    cards and jokers taken from the hand (the last-card rule needs them); ``joker_value`` is
    set for a lone joker only."""

    __slots__ = (
        "board",
        "cards",
        "classics",
        "count",
        "hand_cards",
        "joker_value",
        "jokers",
        "value",
    )

    def __init__(
        self,
        cards: tuple[str, ...],
        hand_cards: tuple[str, ...],
        board: tuple[tuple[int, str], ...],
        value: int,
        classics: int,
        jokers: int,
        joker_value: int | None,
    ) -> None:
        self.cards = cards
        self.hand_cards = hand_cards
        self.board = board
        self.value = value
        self.count = len(cards)
        self.classics = classics
        self.jokers = jokers
        self.joker_value = joker_value


@functools.lru_cache(maxsize=1 << 17)
def play_action(cards: tuple[str, ...], joker_value: int | None) -> Play:
    """The shared ``Play`` of a canonical card tuple."""
    action = object.__new__(Play)
    _set(action, "cards", cards)
    _set(action, "joker_value", joker_value)
    return action


@functools.lru_cache(maxsize=1 << 17)
def claim_action(cards: tuple[str, ...]) -> Claim:
    """The shared ``Claim`` of a canonical card tuple."""
    action = object.__new__(Claim)
    _set(action, "cards", cards)
    return action


def effect(combo: Combo, count: int, value: int) -> tuple[str, int, int]:
    """Spec 6.2: the play's kind and the trick state after it (``count`` 0 = a lead)."""
    k, w = combo.count, combo.value
    if count == 0:
        return K_LEAD, k, w
    if k == count + 1 and w == value:
        return K_FUSION, 2 * count + 1, value
    if combo.joker_value is not None and w < value:
        return K_JOKER_DIVE, k, w
    if k == count:
        return K_RAISE, k, w
    if k == count + 1:
        return K_COUNT_RAISE, k, w
    return K_FACTEUR_X, k, w


class ValueCombos:
    """Every combination of one value from given sources, sorted by size, with their shared
    actions; ``starts[k]`` is the index of the first combination of ``k`` cards or more."""

    __slots__ = ("claims", "combos", "plays", "starts")

    def __init__(self, combos: list[Combo], claimable: bool = True) -> None:
        combos.sort(key=lambda c: c.count)
        self.combos = tuple(combos)
        self.plays = tuple(play_action(c.cards, c.joker_value) for c in combos)
        self.claims = tuple(claim_action(c.cards) for c in combos) if claimable else ()
        top = combos[-1].count if combos else 0
        starts = []
        index = 0
        for k in range(top + 2):
            while index < len(combos) and combos[index].count < k:
                index += 1
            starts.append(index)
        self.starts = tuple(starts)

    def start(self, k: int) -> int:
        starts = self.starts
        return starts[k] if k < len(starts) else len(self.combos)


@functools.lru_cache(maxsize=1 << 15)
def value_combos(
    own: tuple[str, ...],
    groups: tuple[tuple[int, tuple[str, ...]], ...],
    jokers: tuple[str, ...],
) -> ValueCombos:
    """Every combination of one value from ``own`` (hand copies), the board ``groups`` and the
    hand's ``jokers``, with at least one classic card, lowest ids first in each place."""
    value = VALUE[own[0] if own else groups[0][1][0]]
    out = []
    if not groups:  # the common case: hand cards (and jokers) only
        for a in range(1, len(own) + 1):
            for j in range(len(jokers) + 1):
                hand_cards = own[:a] + jokers[:j]
                out.append(Combo(hand_cards, hand_cards, (), value, a, j, None))  # type: ignore[arg-type]
        return ValueCombos(out)
    ranges = [range(len(own) + 1)]
    ranges += [range(len(ids) + 1) for _s, ids in groups]
    ranges.append(range(len(jokers) + 1))
    for pick in product(*ranges):
        j = pick[-1]
        a = pick[0]
        board_pairs: list[tuple[int, str]] = []
        for (seat, ids), b in zip(groups, pick[1:-1], strict=True):
            board_pairs += [(seat, card) for card in ids[:b]]
        if a == 0 and not board_pairs:
            continue
        classic_ids = own[:a] + tuple(card for _s, card in board_pairs)
        cards = tuple(sorted(classic_ids, key=_SORT)) + jokers[:j]
        out.append(
            Combo(cards, own[:a] + jokers[:j], tuple(board_pairs), value, a, j, None)  # type: ignore[arg-type]
        )
    return ValueCombos(out)


@functools.lru_cache(maxsize=8)
def lone_jokers(joker: str) -> ValueCombos:
    """A lone X-Joker declared as each value (spec 6.1, 7.2), in value order."""
    combos = [Combo((joker,), (joker,), (), d, 0, 1, d) for d in ALL_VALUES]
    return ValueCombos(combos, claimable=False)


def lc_ok(info: HandInfo, classics: int, jokers: int, others: int) -> bool:
    """The last-card rule (spec 6.3) for an action that takes ``classics`` classic cards and
    ``jokers`` jokers from the hand for its combination and ``others`` further hand cards
    (Swipe/Malus+/Num-X): LC1 - what is left holds a classic card; LC2 - nothing is left and the
    combination holds a classic card from the hand. Actions that take no hand card are free."""
    removed = classics + jokers + others
    if removed == 0 or info.classics - classics >= 1:
        return True
    return classics >= 1 and info.size == removed


Slice = tuple[ValueCombos, int, int]


def _table(info: HandInfo, binfo: BoardInfo, v: int) -> ValueCombos:
    return value_combos(info.by_value.get(v, ()), binfo.by_value.get(v, ()), info.jokers)


def turn_slices(info: HandInfo, binfo: BoardInfo, count: int, value: int) -> list[Slice]:
    """The combinations legal on one's turn against ``(count, value)`` (``count`` 0: a lead),
    before the last-card rule, as ``(table, start, stop)`` slices (spec 6.2)."""
    out = []
    by_value = info.by_value
    on_board = binfo.counts
    if count == 0:
        for v in sorted(by_value.keys() | on_board.keys()):
            table = _table(info, binfo, v)
            out.append((table, 0, len(table.combos)))
        if info.jokers:
            lone = lone_jokers(info.jokers[0])
            out.append((lone, 0, len(lone.combos)))
        return out
    jokers = len(info.jokers)
    for v in sorted(by_value.keys() | on_board.keys()):
        own = by_value.get(v)
        avail = (len(own) if own else 0) + on_board.get(v, 0) + jokers
        if v > value:
            if avail >= count:
                table = _table(info, binfo, v)
                out.append((table, table.start(count), len(table.combos)))
        elif avail > count:
            table = _table(info, binfo, v)
            out.append((table, table.start(count + 1), table.start(count + 2)))
    if count == 1 and jokers:
        lone = lone_jokers(info.jokers[0])
        split = _VALUE_INDEX[value]  # N-A24: any value but the single card's
        out.append((lone, 0, split))
        out.append((lone, split + 1, len(lone.combos)))
    return out


def claim_slices(info: HandInfo, binfo: BoardInfo, count: int, value: int) -> list[Slice]:
    """Facteur X claims (spec 9.2): more than ``count`` cards of one value above ``value``."""
    out = []
    need = count + 1 - len(info.jokers)
    by_value = info.by_value
    on_board = binfo.counts
    for v, own in by_value.items():
        if v > value and len(own) + on_board.get(v, 0) >= need:
            table = _table(info, binfo, v)
            out.append((table, table.start(count + 1), len(table.combos)))
    for v, on in on_board.items():
        if v > value and v not in by_value and on >= need:
            table = _table(info, binfo, v)
            out.append((table, table.start(count + 1), len(table.combos)))
    return out


def has_legal_lead(info: HandInfo, binfo: BoardInfo) -> bool:
    """Spec 8.2 / N-A82: some lead meets the last-card rule, counting leads that meet it only
    because every Swipe/Malus+ card of the hand goes out in the same action."""
    if binfo.by_value:
        return True  # one board card alone takes nothing from the hand
    if info.classics >= 2 or (info.classics == 1 and info.jokers):
        return True  # one classic card (or a lone joker) leaves a classic in hand
    if info.classics == 1:
        return not info.numx  # the classic with every Swipe/Malus+ empties the hand
    return False
