"""Combinations (spec section 6): what a seat may lay against the trick, and the last-card rule.

A combination is one or more classic cards of one value, taken from the hand and from any malus
area, plus X-Jokers from the hand (or a lone X-Joker standing for a value). Copies of one face
are interchangeable (spec 1.1), so a combination always takes the lowest ids first from each
place it draws on: the hand, and each seat's malus area (docs/decisions-numx.md D2).

Listing combinations is the engine's busiest work, so it goes through three steps:

1. Views of the sources, kept on the state and updated card by card as the state changes:
   ``HandInfo`` (a hand by value and kind) and ``BoardInfo`` (the malus areas as sources of
   classic cards, and the cards another seat may take from each area).
2. Value tables (``ValueCombos``): every combination of one value those sources allow, sorted by
   size, with their shared ``Play``/``Claim`` actions. A value's combinations depend only on how
   many copies each place holds and on the number of jokers, so a table is made from a shared
   ``Recipe`` over bit masks of copies, and tables are cached by a key: one int telling which
   copies each place holds (``table_key``).
3. A seat's legal combinations against the trick are slices of these tables, by size and by
   value (``turn_slices``, ``claim_slices``); the rules module then applies the last-card rule
   (``lc_ok``). The trick effect (6.2, ``effect``) is computed only for the combination laid.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .actions import DECK_SOURCE, Claim, Draw, Play
from .cards import (
    ALL_VALUES,
    FACE,
    FULL_DECK,
    JOKER,
    JOKERS,
    KIND,
    MALUS_PLUS,
    NUMX,
    ORDER,
    SWIPE,
    VALUE,
)

# -- the rules of a combination (spec 6.2, 6.3) ----------------------------------------------------
# Play kinds (spec 6.2), named in events and used by the AI.
K_LEAD = "lead"
K_RAISE = "raise"
K_COUNT_RAISE = "count_raise"
K_FUSION = "fusion"
K_FACTEUR_X = "facteur_x"
K_JOKER_DIVE = "joker_dive"


def combo_value(cards: tuple[str, ...], joker_value: int | None) -> int:
    """The value of a combination: its classic cards' (they come first), or a lone joker's."""
    if joker_value is not None:
        return joker_value
    value = VALUE[cards[0]]
    assert value is not None  # a combination without a declared joker starts with a classic
    return value


def effect(k: int, w: int, joker_value: int | None, count: int, value: int) -> tuple[str, int, int]:
    """Spec 6.2: the kind of a play of ``k`` cards of value ``w`` and the trick state after it
    (``count`` 0 = a lead)."""
    if count == 0:
        return K_LEAD, k, w
    if k == count + 1 and w == value:
        return K_FUSION, 2 * count + 1, value
    if joker_value is not None and w < value:
        return K_JOKER_DIVE, k, w
    if k == count:
        return K_RAISE, k, w
    if k == count + 1:
        return K_COUNT_RAISE, k, w
    return K_FACTEUR_X, k, w


def lc_ok(info: HandInfo, classics: int, jokers: int, others: int) -> bool:
    """The last-card rule (spec 6.3) for an action that takes ``classics`` classic cards and
    ``jokers`` jokers from the hand for its combination and ``others`` further hand cards
    (Swipe/Malus+/Num-X): LC1 - what is left holds a classic card; LC2 - nothing is left and the
    combination holds a classic card from the hand. Actions that take no hand card are free."""
    removed = classics + jokers + others
    if removed == 0 or info.classics - classics >= 1:
        return True
    return classics >= 1 and info.size == removed


def has_legal_lead(info: HandInfo, board: BoardInfo) -> bool:
    """Spec 8.2 / N-A82: some lead meets the last-card rule, counting leads that meet it only
    because every Swipe/Malus+ card of the hand goes out in the same action."""
    if board.by_value:
        return True  # one board card alone takes nothing from the hand
    if info.classics >= 2 or (info.classics == 1 and info.jokers):
        return True  # one classic card (or a lone joker) leaves a classic in hand
    if info.classics == 1:
        return not info.numx  # the classic with every Swipe/Malus+ empties the hand
    return False


# -- shared actions --------------------------------------------------------------------------------
# Legal actions are shared instances, so that ``apply`` finds the one it is given by identity.
ActionT = TypeVar("ActionT")


def _new(cls: type[ActionT], **fields: object) -> ActionT:
    """An action built without ``__post_init__``: for fields already in canonical order (a
    combination's cards), where re-sorting them would be wasted work."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


# The shared ``Draw`` of each source: the deck, or a card taken from a malus area.
DRAWS: dict[str, Draw] = {source: Draw(source) for source in (DECK_SOURCE, *FULL_DECK)}


@functools.lru_cache(maxsize=1 << 13)
def play_action(cards: tuple[str, ...], joker_value: int | None) -> Play:
    """The shared ``Play`` of a canonical card tuple."""
    return _new(Play, cards=cards, joker_value=joker_value)


@functools.lru_cache(maxsize=1 << 13)
def claim_action(cards: tuple[str, ...]) -> Claim:
    """The shared ``Claim`` of a canonical card tuple."""
    return _new(Claim, cards=cards)


# -- copies as bit masks, and the keys of value tables ---------------------------------------------
# The copies of one value are named in canonical order (``5a`` .. ``5e``): copy i is bit i of a
# mask, and ``_COPIES_OF_MASK[value][mask]`` is the canonical tuple of the copies in ``mask``.
_COPY_BIT: dict[str, int] = {}
_COPIES_OF_MASK: dict[int, list[tuple[str, ...]]] = {}
for _value in ALL_VALUES:
    _copies = [card for card in ORDER if VALUE.get(card) == _value]
    for _i, _card in enumerate(_copies):
        _COPY_BIT[_card] = 1 << _i
    _COPIES_OF_MASK[_value] = [
        tuple(card for i, card in enumerate(_copies) if mask >> i & 1)
        for mask in range(1 << len(_copies))
    ]

# A value table's key (one int): bits 0-4 the value's index, bits 5-7 the jokers held, bits
# 8-15 the hand's copies, then 8 bits per malus area holding copies, in seat order (which seats
# does not matter: which cards come from where is read from the state when a play is laid).
# The hand's part and the board's part of a key each carry the value's index, so either alone
# names the value, and a table's key is ``hand part | board part | jokers part``.
_VALUE_INDEX = {v: i for i, v in enumerate(ALL_VALUES)}
_JOKER_KEY = {joker: 1 << (5 + i) for i, joker in enumerate(JOKERS)}
_HAND_SHIFT = 8
_BOARD_SHIFT = 16
_AREA_BITS = 8


def _value_index(card: str) -> int:
    return _VALUE_INDEX[VALUE[card]]  # type: ignore[index]  # a classic card: an int value


_HAND_KEY = {card: _value_index(card) | bit << _HAND_SHIFT for card, bit in _COPY_BIT.items()}
_HAND_CLEAR = {card: ~(bit << _HAND_SHIFT) for card, bit in _COPY_BIT.items()}  # (its bit out)
_FIRST_AREA_KEY = {
    card: _value_index(card) | bit << _BOARD_SHIFT for card, bit in _COPY_BIT.items()
}


def _area_shift(group: int) -> int:
    """Where the ``group``-th area holding copies of a value sits in the value's key."""
    return _BOARD_SHIFT + _AREA_BITS * group


def _mask(cards: Iterable[str]) -> int:
    """The mask of some copies of one value."""
    return sum(map(_COPY_BIT.__getitem__, cards))


# -- the views of the sources ----------------------------------------------------------------------
def _insert(ids: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``ids`` (in canonical order) with ``card`` added in its place."""
    key = ORDER[card]
    for i, other in enumerate(ids):
        if ORDER[other] > key:
            return (*ids[:i], card, *ids[i:])
    return (*ids, card)


def _remove(ids: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``ids`` without ``card`` (which it holds)."""
    i = ids.index(card)
    return ids[:i] + ids[i + 1 :]


class HandInfo:
    """A hand by kind and value: ``by_value`` the classic copies of each value (values in
    increasing order), ``keys`` the hand's part of each value's table key, ``jkey`` the jokers'
    part; the special cards by kind; ``size``, ``classics`` and ``most`` (the most copies of one
    value). ``add``/``remove`` follow the hand's changes in place: a view belongs to one state
    (``NumxState.copy`` does not share it)."""

    __slots__ = (
        "_groups",
        "by_value",
        "classics",
        "jkey",
        "jokers",
        "keys",
        "malus_plus",
        "most",
        "numx",
        "size",
        "swipes",
    )

    def __init__(self, hand: tuple[str, ...]) -> None:
        """``hand`` in canonical order (the state keeps hands sorted): values come in
        increasing order."""
        self.by_value: dict[int, tuple[str, ...]] = {}
        self.keys: dict[int, int] = {}
        self.jokers: tuple[str, ...] = ()
        self.swipes: tuple[str, ...] = ()
        self.numx: tuple[str, ...] = ()
        self.malus_plus: tuple[str, ...] = ()
        self.jkey = 0
        self.size = len(hand)
        self.classics = 0
        self._groups: tuple[tuple[str, ...], ...] | None = None
        for card in hand:
            value = VALUE[card]
            if value is None:
                self._add_special(card)
            else:
                self.by_value[value] = (*self.by_value.get(value, ()), card)
                self.keys[value] = self.keys.get(value, 0) | _HAND_KEY[card]
                self.classics += 1
        self.most = max(map(len, self.by_value.values()), default=0)

    def add(self, card: str) -> None:
        """Follow ``card`` added to the hand."""
        self.size += 1
        self._groups = None
        value = VALUE[card]
        if value is None:
            self._add_special(card)
            return
        self.classics += 1
        by_value = self.by_value
        ids = by_value.get(value)
        if ids is None:  # a new value, in its place among the others
            items = list(by_value.items())
            items.insert(bisect_left(items, (value,)), (value, (card,)))
            self.by_value = dict(items)
            self.keys[value] = _HAND_KEY[card]
            ids = (card,)
        else:
            ids = by_value[value] = _insert(ids, card)
            self.keys[value] |= _HAND_KEY[card]
        if len(ids) > self.most:
            self.most = len(ids)

    def remove(self, cards: Sequence[str]) -> None:
        """Follow ``cards`` taken from the hand."""
        self.size -= len(cards)
        self._groups = None
        by_value = self.by_value  # (several look-ups per card, at every play: locals pay)
        keys = self.keys
        recount = False
        for card in cards:
            value = VALUE[card]
            if value is None:
                self._remove_special(card)
                continue
            self.classics -= 1
            ids = by_value[value]
            if len(ids) == self.most:
                recount = True
            if len(ids) > 1:
                by_value[value] = _remove(ids, card)
                keys[value] &= _HAND_CLEAR[card]
            else:
                del by_value[value], keys[value]
        if recount:  # the largest value may have shrunk (counting only then pays)
            if self.most == 1:  # (the usual case: no value was held twice)
                self.most = 1 if by_value else 0
            else:
                self.most = max(map(len, by_value.values()), default=0)

    def _add_special(self, card: str) -> None:
        self._groups = None
        kind = KIND[card]
        if kind == JOKER:
            self.jokers = _insert(self.jokers, card)
            self.jkey |= _JOKER_KEY[card]
        elif kind == SWIPE:
            self.swipes = _insert(self.swipes, card)
        elif kind == MALUS_PLUS:
            self.malus_plus = _insert(self.malus_plus, card)
        elif kind == NUMX:
            self.numx = _insert(self.numx, card)

    def _remove_special(self, card: str) -> None:
        kind = KIND[card]
        if kind == JOKER:
            self.jokers = _remove(self.jokers, card)
            self.jkey &= ~_JOKER_KEY[card]
        elif kind == SWIPE:
            self.swipes = _remove(self.swipes, card)
        elif kind == MALUS_PLUS:
            self.malus_plus = _remove(self.malus_plus, card)
        elif kind == NUMX:
            self.numx = _remove(self.numx, card)

    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The copies of each face, in canonical order (each Malus+ is a face of its own);
        kept until the hand changes (the refill choices ask for it at every refill)."""
        if self._groups is None:
            specials = [ids for ids in (self.numx, self.jokers, self.swipes) if ids]
            specials += [(card,) for card in self.malus_plus]
            self._groups = (*self.by_value.values(), *specials)
        return self._groups


# One group of a value's copies on the board: (seat, its copies in that seat's area).
AreaGroup = tuple[int, tuple[str, ...]]


class BoardInfo:
    """The malus areas as sources of cards: ``by_value`` the classic copies of each value by
    area (seat order, lowest ids first), ``counts`` their number, ``most`` the largest count,
    ``keys`` the board's part of each value's table key; per area, ``drawable`` the cards
    another seat may take (the first copy of each face, in canonical order) with their
    ``draws`` actions. The order of the dicts by value means nothing (``board_with`` and
    ``board_without`` do not keep it): whoever lists values sorts them."""

    __slots__ = ("by_value", "counts", "drawable", "draws", "keys", "most")

    def __init__(self, board: Sequence[Sequence[str]]) -> None:
        self.by_value: dict[int, tuple[AreaGroup, ...]] = {}
        self.counts: dict[int, int] = {}
        self.keys: dict[int, int] = {}
        self.drawable: list[list[str]] = [[] for _ in board]
        self.draws: list[list[Draw]] = [[] for _ in board]
        for seat, area in enumerate(board):
            previous = None
            for card in sorted(area, key=ORDER.__getitem__):  # copies of a face together
                face, value = FACE[card], VALUE[card]
                if face != previous:
                    self.drawable[seat].append(card)
                    self.draws[seat].append(DRAWS[card])
                    previous = face
                if value is not None:
                    self._append_copy(seat, card, value)
        self.most = max(self.counts.values(), default=0)

    def _append_copy(self, seat: int, card: str, value: int) -> None:
        """Add ``card`` after the copies of its value already seen (areas in seat order)."""
        groups = self.by_value.get(value, ())
        if groups and groups[-1][0] == seat:
            group = len(groups) - 1
            self.by_value[value] = (*groups[:-1], (seat, (*groups[-1][1], card)))
        else:
            group = len(groups)
            self.by_value[value] = (*groups, (seat, (card,)))
        self.counts[value] = self.counts.get(value, 0) + 1
        self.keys[value] = self.keys.get(value, _value_index(card)) | _COPY_BIT[card] << (
            _area_shift(group)
        )


def board_without(board: BoardInfo, seat: int, card: str, areas: list[list[str]]) -> None:
    """Follow ``card`` gone from ``seat``'s area (``areas`` is already without it), in place:
    afterwards the view equals ``BoardInfo(areas)`` but for the order of its dicts."""
    value = VALUE[card]
    if value is not None:
        left = _remove_copy(board, seat, card, value)  # the area's other copies of its face
    else:  # a special card: not in the value tables
        face = FACE[card]
        left = tuple(sorted([c for c in areas[seat] if FACE[c] == face], key=ORDER.__getitem__))
    drawable = board.drawable[seat]
    try:
        index = drawable.index(card)
    except ValueError:
        return  # a later copy of its face: the first copy stays drawable
    if left:  # the area's next copy of that face becomes drawable
        drawable[index] = left[0]
        board.draws[seat][index] = DRAWS[left[0]]
    else:
        del drawable[index], board.draws[seat][index]


def _remove_copy(board: BoardInfo, seat: int, card: str, value: int) -> tuple[str, ...]:
    """Take a classic copy out of its value's groups, count and key; returns the copies of
    that value left in ``seat``'s area, lowest ids first."""
    count = board.counts[value] - 1
    rest: tuple[str, ...] = ()
    if not count:  # (the usual case: the value's only card on the board)
        del board.by_value[value], board.counts[value], board.keys[value]
    else:
        groups = board.by_value[value]
        group = 0  # the area's place among the value's groups
        while groups[group][0] != seat:
            group += 1
        shift = _area_shift(group)
        key = board.keys[value]
        rest = _remove(groups[group][1], card)
        if rest:  # the card's bit goes
            board.by_value[value] = (*groups[:group], (seat, rest), *groups[group + 1 :])
            board.keys[value] = key & ~(_COPY_BIT[card] << shift)
        else:  # the area's byte goes: the later areas' bytes move down
            board.by_value[value] = groups[:group] + groups[group + 1 :]
            low = key & ((1 << shift) - 1)
            board.keys[value] = low | key >> (shift + _AREA_BITS) << shift
        board.counts[value] = count
    if count + 1 == board.most:  # the value held the most copies: count again
        if count == 0:  # (the usual case: every value has one card, or none is left)
            board.most = 1 if board.counts else 0
        else:
            board.most = max(board.counts.values())
    return rest


def board_with(board: BoardInfo, seat: int, cards: Sequence[str]) -> None:
    """Follow ``cards`` added to ``seat``'s area (replenishment, Malus+), in place like
    ``board_without``."""
    for card in cards:
        value = VALUE[card]
        if value is not None:
            _insert_copy(board, seat, card, value)
        _make_drawable(board, seat, card)


def _insert_copy(board: BoardInfo, seat: int, card: str, value: int) -> None:
    """Add a classic copy to its area's group of its value (a new group in seat order)."""
    groups = board.by_value.get(value)
    if groups is None:  # (the usual case: the value's first card on the board)
        board.by_value[value] = ((seat, (card,)),)
        board.keys[value] = _FIRST_AREA_KEY[card]
        count = board.counts[value] = 1
    else:
        group = 0  # the area's place among the value's groups
        while group < len(groups) and groups[group][0] < seat:
            group += 1
        shift = _area_shift(group)
        key = board.keys[value]
        if group < len(groups) and groups[group][0] == seat:  # another copy for that group
            ids = _insert(groups[group][1], card)
            board.by_value[value] = (*groups[:group], (seat, ids), *groups[group + 1 :])
        else:  # a new group: the later areas' bytes move up
            board.by_value[value] = (*groups[:group], (seat, (card,)), *groups[group:])
            key = key & ((1 << shift) - 1) | key >> shift << (shift + _AREA_BITS)
        board.keys[value] = key | _COPY_BIT[card] << shift
        count = board.counts[value] = board.counts[value] + 1
    if count > board.most:
        board.most = count


def _make_drawable(board: BoardInfo, seat: int, card: str) -> None:
    """``card`` is drawable if it is its area's lowest copy of its face (copies of a face are
    next to each other in canonical order)."""
    drawable = board.drawable[seat]
    draws = board.draws[seat]
    face, order = FACE[card], ORDER[card]
    for i, other in enumerate(drawable):
        if FACE[other] == face:
            if ORDER[other] > order:  # the new card is a lower copy of that face
                drawable[i] = card
                draws[i] = DRAWS[card]
            return
        if ORDER[other] > order:
            drawable.insert(i, card)
            draws.insert(i, DRAWS[card])
            return
    drawable.append(card)
    draws.append(DRAWS[card])


# -- value tables ----------------------------------------------------------------------------------
class Recipe:
    """The combinations of one shape of sources, sorted by size (stable): per combination the
    ``masks`` of its classic copies, its number of ``jokers`` and what it takes from the hand
    (``taken``: (classic cards, jokers)); ``starts[k]`` is the index of the first combination
    of ``k`` cards or more; ``plain``: no combination holds a joker."""

    __slots__ = ("jokers", "masks", "plain", "starts", "taken")

    def __init__(self, by_size: list[list[tuple[int, int, tuple[int, int]]]]) -> None:
        """``by_size[k]``: the (mask, jokers, taken) of every combination of ``k`` cards."""
        combos = [combo for bucket in by_size for combo in bucket]
        self.masks = tuple([mask for mask, _j, _t in combos])
        self.jokers = tuple([j for _m, j, _t in combos])
        self.taken = tuple([taken for _m, _j, taken in combos])
        self.plain = not any(self.jokers)
        starts = [0]
        below = 0  # combinations of fewer than k cards
        for bucket in by_size:
            if below == len(combos):
                break
            below += len(bucket)
            starts.append(below)
        self.starts = tuple(starts)


def _bits(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first (lowest ids first)."""
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


def _board_picks(groups: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every choice of copies from the areas' masks ``groups`` (lowest ids first in each), as
    (copies taken, number of areas used), each area's number counting up in turn."""
    picks = [(0, 0)]
    for group in groups:
        grown = []
        for taken, used in picks:
            grown.append((taken, used))
            for bit in _bits(group):
                taken |= bit
                grown.append((taken, used + 1))
        picks = grown
    return picks


# What a combination takes from the hand, (classic cards, jokers), as shared pairs (at most 8
# copies of a value: a byte of the key). The cached recipes hold one per combination: fresh
# pairs made the garbage collector run its full collections sooner (measured with callgrind,
# docs/benchmarks.md).
_TAKEN = [[(a, j) for j in range(len(JOKERS) + 1)] for a in range(_AREA_BITS + 1)]


@functools.lru_cache(maxsize=1 << 12)
def _recipe(own: int, groups: tuple[int, ...], jokers: int) -> Recipe:
    """Every combination with at least one classic card from the hand's copies ``own``, the
    malus areas' copies ``groups`` (in seat order) and ``jokers`` jokers, lowest ids first in
    each place. Within a size, they come in the order of the product (number from the hand,
    number from each area in turn, number of jokers), each number counting up."""
    picks = _board_picks(groups)
    own_bits = _bits(own)
    largest = len(own_bits) + sum(map(int.bit_count, groups)) + jokers
    by_size: list[list[tuple[int, int, tuple[int, int]]]] = [[] for _ in range(largest + 1)]
    hand = 0
    for from_hand in range(len(own_bits) + 1):
        if from_hand:
            hand |= own_bits[from_hand - 1]
        for board, areas_used in picks:
            if not (from_hand or areas_used):
                continue  # no classic card at all
            mask = hand | board
            for j in range(jokers + 1):
                by_size[mask.bit_count() + j].append((mask, j, _TAKEN[from_hand][j]))
    return Recipe(by_size)


class ValueCombos:
    """Every combination of one value from given sources, sorted by size: ``cards`` and
    ``taken`` per combination, with their shared ``Play`` and ``Claim`` actions (``plays()``,
    ``claims()``, made on first use); ``starts[k]`` is the index of the first combination of
    ``k`` cards or more. ``value`` is ``None`` for a lone joker declared as each of
    ``joker_values``."""

    __slots__ = ("_claims", "_plays", "cards", "joker_values", "recipe", "starts", "taken", "value")

    def __init__(
        self,
        cards: tuple[tuple[str, ...], ...],
        recipe: Recipe,
        value: int | None,
        joker_values: tuple[int, ...] | None = None,
    ) -> None:
        self.value = value
        self.joker_values = joker_values
        self.cards = cards
        self.recipe = recipe
        self.taken = recipe.taken
        self.starts = recipe.starts
        self._plays: tuple[Play, ...] | None = None
        self._claims: tuple[Claim, ...] | None = None

    def start(self, k: int) -> int:
        """The index of the first combination of ``k`` cards or more."""
        return self.starts[k] if k < len(self.starts) else len(self.cards)

    def at_least(self, k: int) -> Slice:
        """The slice of the combinations of ``k`` cards or more."""
        starts = self.starts  # (``start`` written out: this is asked for at most actions)
        return (self, starts[k] if k < len(starts) else len(self.cards), len(self.cards))

    def exactly(self, k: int) -> Slice:
        """The slice of the combinations of exactly ``k`` cards."""
        return (self, self.start(k), self.start(k + 1))

    def plays(self) -> tuple[Play, ...]:
        """The shared ``Play`` of each combination."""
        plays = self._plays
        if plays is None:
            if self.value is None:  # a lone joker, declared as each value
                plays = tuple(map(play_action, self.cards, self.joker_values or ()))
            else:
                plays = self._shared(_PLAIN_PLAYS[self.value], _joker_play)
            self._plays = plays
        return plays

    def claims(self) -> tuple[Claim, ...]:
        """The shared ``Claim`` of each combination."""
        claims = self._claims
        if claims is None:
            if self.value is None:
                claims = tuple(map(claim_action, self.cards))
            else:
                claims = self._shared(_PLAIN_CLAIMS[self.value], claim_action)
            self._claims = claims
        return claims

    def _shared(
        self, row: list[ActionT], with_jokers: Callable[[tuple[str, ...]], ActionT]
    ) -> tuple[ActionT, ...]:
        """The combinations' actions: for one without jokers, the value's ``row`` by mask (a
        list look-up where a cache would hash the cards); else one made by ``with_jokers``."""
        recipe = self.recipe
        if recipe.plain:  # (most tables)
            return tuple(map(row.__getitem__, recipe.masks))
        return tuple(
            [
                with_jokers(cards) if jokers else row[mask]
                for mask, jokers, cards in zip(recipe.masks, recipe.jokers, self.cards, strict=True)
            ]
        )


# A part of a table: (the table, [start:stop] of its combinations).
Slice = tuple[ValueCombos, int, int | None]


def _joker_play(cards: tuple[str, ...]) -> Play:
    """The shared ``Play`` of a combination with jokers and classic cards."""
    return play_action(cards, None)


# The shared actions of every combination without a joker, by value and mask of copies, made
# once: a new table (thousands per game at first) then reads its actions off a row instead of
# hashing each combination's cards.
_PLAIN_PLAYS = {
    value: [play_action(cards, None) for cards in copies]  # (mask 0 is never asked for)
    for value, copies in _COPIES_OF_MASK.items()
}
_PLAIN_CLAIMS = {
    value: [claim_action(cards) for cards in copies] for value, copies in _COPIES_OF_MASK.items()
}


def value_combos(
    own: tuple[str, ...], groups: tuple[AreaGroup, ...], jokers: tuple[str, ...]
) -> ValueCombos:
    """Every combination of one value from ``own`` (hand copies), the board ``groups`` and the
    hand's ``jokers``, with at least one classic card, lowest ids first in each place."""
    value = VALUE[own[0] if own else groups[0][1][0]]
    assert value is not None
    recipe = _recipe(_mask(own), tuple([_mask(ids) for _seat, ids in groups]), len(jokers))
    copies = _COPIES_OF_MASK[value]
    if recipe.plain:
        return ValueCombos(tuple(map(copies.__getitem__, recipe.masks)), recipe, value)
    cards = tuple(
        [copies[mask] + jokers[:j] for mask, j in zip(recipe.masks, recipe.jokers, strict=True)]
    )
    return ValueCombos(cards, recipe, value)


@functools.cache
def lone_jokers(joker: str) -> ValueCombos:
    """A lone X-Joker declared as each value (spec 6.1, 7.2), in value order."""
    recipe = Recipe([[], [(0, 1, _TAKEN[0][1])] * len(ALL_VALUES)])
    return ValueCombos(((joker,),) * len(ALL_VALUES), recipe, None, ALL_VALUES)


class _TableCache:
    """Value tables by key, in two generations: a table found in the old one moves to the new
    one, and a full new generation becomes the old one (the tables unused for longest go)."""

    def __init__(self, size: int) -> None:
        self.size = size  # entries per generation
        self.new: dict[int, ValueCombos] = {}
        self.old: dict[int, ValueCombos] = {}

    def get(self, key: int) -> ValueCombos | None:
        """The table of ``key``, if kept."""
        table = self.new.get(key)
        if table is None:
            table = self.old.pop(key, None)
            if table is not None:
                self.put(key, table)
        return table

    def put(self, key: int, table: ValueCombos) -> None:
        """Keep ``table`` as the table of ``key``."""
        if len(self.new) >= self.size:
            self.old, self.new = self.new, {}
        self.new[key] = table


# About 0.8 KB per table with its action tuples: 13 MB at most.
_TABLES = _TableCache(1 << 13)


def value_table(info: HandInfo, board: BoardInfo, value: int) -> ValueCombos:
    """The combinations of ``value`` (held in the hand or on the board), found by the key of
    these sources' copies of it (see ``_VALUE_INDEX``)."""
    key = info.keys.get(value, 0) | board.keys.get(value, 0) | info.jkey
    table = _TABLES.new.get(key) or _TABLES.get(key)  # (the first look-up finds most)
    if table is None:
        own = info.by_value.get(value, ())
        table = value_combos(own, board.by_value.get(value, ()), info.jokers)
        _TABLES.put(key, table)
    return table


# -- legal combinations against the trick ----------------------------------------------------------


def turn_slices(info: HandInfo, board: BoardInfo, count: int, value: int) -> list[Slice]:
    """The combinations legal on one's turn against ``(count, value)`` (``count`` 0: a lead),
    before the last-card rule, as ``(table, start, stop)`` slices (spec 6.2), by value."""
    if count == 0:
        return _lead_slices(info, board)
    out = _beating_slices(info, board, count, value)
    if count == 1 and info.jokers:  # a lone joker beats a single card as any other value
        lone = lone_jokers(info.jokers[0])
        split = _VALUE_INDEX[value]  # N-A24: any value but the single card's
        out.append((lone, 0, split))
        out.append((lone, split + 1, len(lone.cards)))
    return out


def _lead_slices(info: HandInfo, board: BoardInfo) -> list[Slice]:
    """A lead: every combination of every value, then a lone joker as any value."""
    # A lead asks for a dozen tables: their keys are made here (as in ``value_table``) and
    # ``value_table`` is called only for the few not in the cache's new generation.
    hand_key, board_key, jkey = info.keys.get, board.keys.get, info.jkey
    cached = _TABLES.new.get
    out: list[Slice] = []
    for v in sorted(info.by_value.keys() | board.counts.keys()):
        table = cached(hand_key(v, 0) | board_key(v, 0) | jkey) or value_table(info, board, v)
        out.append((table, 0, None))
    if info.jokers:
        out.append((lone_jokers(info.jokers[0]), 0, None))
    return out


def _beating_slices(info: HandInfo, board: BoardInfo, count: int, value: int) -> list[Slice]:
    """Against a trick of ``count`` cards: ``count`` cards or more of a higher value, or a
    Fusion X (``count + 1`` cards of a value not above the trick's). The hand's values first,
    then the board's other values; all in value order when the board adds any."""
    higher_need = count - len(info.jokers)  # classic cards of a higher value (with every joker)
    fusion_need = higher_need + 1  # classic cards for a fusion, of a value not above the trick's
    fusion_possible = info.most + board.most >= fusion_need
    by_value = info.by_value
    on_board = board.counts
    out: list[Slice] = []
    for v, ids in by_value.items():  # in increasing order
        if v > value:  # (with a count of 1, the value's one card is enough)
            if count == 1 or len(ids) + on_board.get(v, 0) >= higher_need:
                out.append(value_table(info, board, v).at_least(count))
        elif fusion_possible and len(ids) + on_board.get(v, 0) >= fusion_need:
            out.append(value_table(info, board, v).exactly(count + 1))
    if count > 1 and board.most < higher_need:
        return out  # no value has enough cards on the board alone
    added = False
    for v, held in on_board.items():
        if v in by_value:
            continue
        if v > value:
            if count == 1 or held >= higher_need:
                out.append(value_table(info, board, v).at_least(count))
                added = True
        elif fusion_possible and held >= fusion_need:
            out.append(value_table(info, board, v).exactly(count + 1))
            added = True
    if added:
        out.sort(key=_slice_value)
    return out


def _slice_value(piece: Slice) -> int:
    value = piece[0].value
    assert value is not None  # never a lone joker's table
    return value


def claim_slices(info: HandInfo, board: BoardInfo, count: int, value: int) -> list[Slice]:
    """Facteur X claims (spec 9.2): more than ``count`` cards of one value above ``value``:
    the hand's values in value order, then the values only on the board in the order they
    first appear there (by seat, then value)."""
    need = count + 1 - len(info.jokers)
    by_value = info.by_value
    on_board = board.counts
    out: list[Slice] = []
    for v in reversed(by_value):  # the hand's values, highest first
        if v <= value:
            break
        if len(by_value[v]) + on_board.get(v, 0) >= need:
            out.append(value_table(info, board, v).at_least(count + 1))
    out.reverse()
    if board.most < need:
        return out  # no value has enough cards on the board alone
    only = [v for v, n in on_board.items() if n >= need and v > value and v not in by_value]
    if len(only) > 1:
        only.sort(key=lambda v: (board.by_value[v][0][0], v))
    for v in only:
        out.append(value_table(info, board, v).at_least(count + 1))
    return out
