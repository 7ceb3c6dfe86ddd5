"""Combinations (spec section 6): what a seat may lay against the trick, and the last-card rule.

Generating climbing-game combinations is the engine's hottest work, so it is split into views
of the sources and tables of small contents:

* ``HandInfo``: a hand sorted by value and kind; ``BoardInfo``: the malus areas as sources of
  classic cards, by value and area. The state keeps one of each per hand and for the board and
  updates them card by card (``add``/``remove``, ``board_with``/``board_without``); the cached
  ``hand_info``/``board_info`` make fresh ones for refusal explanations;
* ``value_combos(own, groups, jokers)``: every combination of one value that these sources
  allow, whatever the trick, sorted by size, each with its shared ``Play``/``Claim`` action
  (cached by an int made of the copies each place holds, see ``_table``);

A seat's legal combinations against a trick are then slices of these tables (by size, and by
value against the trick's), and the trick effect (6.2) is computed only for the combination
actually laid. Copies of one face are interchangeable (spec 1.1), so a combination takes the
lowest ids first from each place it draws on: the hand, and each seat's malus area
(docs/decisions-numx.md D2).
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from typing import Any, TypeVar

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

# Play kinds (spec 6.2), named in events and used by the AI.
K_LEAD = "lead"
K_RAISE = "raise"
K_COUNT_RAISE = "count_raise"
K_FUSION = "fusion"
K_FACTEUR_X = "facteur_x"
K_JOKER_DIVE = "joker_dive"

_SORT = ORDER.__getitem__
_VALUE_INDEX = {v: i for i, v in enumerate(ALL_VALUES)}
_META = {card: (FACE[card], VALUE[card]) for card in FACE}


ActionT = TypeVar("ActionT")
_set = object.__setattr__


def _new(cls: type[ActionT], **fields: object) -> ActionT:
    """An action built without ``__post_init__`` (its fields are already canonical)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        _set(action, name, value)
    return action


# The shared ``Draw`` of each source: the deck, or a card taken from a malus area.
DRAWS: dict[str, Draw] = {source: _new(Draw, source=source) for source in (DECK_SOURCE, *FULL_DECK)}


class HandInfo:
    """A hand sorted by kind and value: classic cards by value (in increasing order), the
    special cards by kind, ``most`` = the largest number of classic copies of one value.
    ``groups()`` lists the copies of each face; ``keys`` and ``jkey`` are the hand's parts of
    the value tables' keys (``_table``). ``add``/``remove`` follow the hand's changes in
    place."""

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
        by_value: dict[int, tuple[str, ...]] = {}
        keys: dict[int, int] = {}
        specials = []
        get = by_value.get
        for card in hand:
            value = VALUE[card]
            if value is None:
                specials.append(card)
            else:
                ids = get(value)
                if ids is None:
                    by_value[value] = (card,)
                    keys[value] = _HAND_KEY[card]
                else:
                    by_value[value] = (*ids, card)
                    keys[value] |= _HAND_KEY[card]
        self.by_value = by_value
        self.keys = keys
        self.size = size = len(hand)
        self.classics = size - len(specials)
        self.most = max(map(len, by_value.values())) if by_value else 0
        self._groups: tuple[tuple[str, ...], ...] | None = None
        self.jokers: tuple[str, ...] = ()
        self.swipes: tuple[str, ...] = ()
        self.numx: tuple[str, ...] = ()
        self.malus_plus: tuple[str, ...] = ()
        self.jkey = 0  # the jokers' part of a table's key (``_table``)
        for card in specials:
            self._add_special(card)

    def _add_special(self, card: str) -> None:
        kind = KIND[card]
        if kind == JOKER:
            self.jokers = _insert(self.jokers, card)
            self.jkey |= _JOKER_BIT[card]
        elif kind == SWIPE:
            self.swipes = _insert(self.swipes, card)
        elif kind == MALUS_PLUS:
            self.malus_plus = _insert(self.malus_plus, card)
        elif kind == NUMX:
            self.numx = _insert(self.numx, card)

    def add(self, card: str) -> None:
        """Update this info for ``card`` added to the hand (in place: the info belongs to one
        state, see ``NumxState.copy``)."""
        self.size += 1
        self._groups = None
        value = VALUE[card]
        if value is None:
            self._add_special(card)
            return
        self.classics += 1
        by_value = self.by_value
        ids = by_value.get(value)
        if ids is None:  # a new value, put in its place (the values stay in increasing order)
            items = list(by_value.items())
            items.insert(bisect_left(items, (value,)), (value, (card,)))
            self.by_value = dict(items)
            self.keys[value] = _HAND_KEY[card]
            if not self.most:
                self.most = 1
            return
        ids = by_value[value] = _insert(ids, card)
        self.keys[value] |= _HAND_KEY[card]
        if len(ids) > self.most:
            self.most = len(ids)

    def remove(self, cards: tuple[str, ...] | list[str]) -> None:
        """Update this info for ``cards`` taken from the hand (in place, like ``add``)."""
        self.size -= len(cards)
        self._groups = None
        by_value = self.by_value
        keys = self.keys
        recount = False
        for card in cards:
            value = VALUE[card]
            if value is None:
                kind = KIND[card]
                if kind == JOKER:
                    self.jokers = _remove(self.jokers, card)
                    self.jkey &= ~_JOKER_BIT[card]
                elif kind == SWIPE:
                    self.swipes = _remove(self.swipes, card)
                elif kind == MALUS_PLUS:
                    self.malus_plus = _remove(self.malus_plus, card)
                elif kind == NUMX:
                    self.numx = _remove(self.numx, card)
                continue
            ids = by_value[value]
            if len(ids) == 1:
                del by_value[value], keys[value]
            else:
                by_value[value] = _remove(ids, card)
                keys[value] &= _HAND_CLEAR[card]
            recount = recount or len(ids) == self.most
            self.classics -= 1
        if recount:
            if self.most == 1:  # (the usual case: no value held twice)
                self.most = 1 if by_value else 0
            else:
                self.most = max(map(len, by_value.values())) if by_value else 0

    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The copies of each face, in canonical order."""
        groups = self._groups
        if groups is None:
            groups = tuple(self.by_value.values())
            if self.classics != self.size:  # special cards too
                specials = [ids for ids in (self.numx, self.jokers, self.swipes) if ids]
                specials += [(card,) for card in self.malus_plus]
                groups += tuple(specials)
            self._groups = groups
        return groups


def _remove(ids: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``ids`` without ``card`` (which it holds)."""
    i = ids.index(card)
    return ids[:i] + ids[i + 1 :]


def _insert(ids: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``ids`` (in canonical order) with ``card`` added in its place."""
    key = ORDER[card]
    for i, other in enumerate(ids):
        if ORDER[other] > key:
            return (*ids[:i], card, *ids[i:])
    return (*ids, card)


@functools.lru_cache(maxsize=1 << 9)
def hand_info(hand: tuple[str, ...]) -> HandInfo:
    """``hand`` must be in canonical order (the state keeps hands sorted)."""
    return HandInfo(hand)


class BoardInfo:
    """The malus areas seen as sources of cards: classic cards by value and by area (lowest ids
    first), their number per value, the board's part of each value's table key (``keys``, see
    ``_table``), and per area the cards another seat may draw (``drawable``: the first copy of
    each face, in canonical order) with their ``Draw`` actions (``draws``). The order of the
    dicts by value is not meaningful: the views updated in place (``board_without``,
    ``board_with``) do not keep it, and whoever lists values sorts them."""

    __slots__ = ("by_value", "counts", "drawable", "draws", "keys", "most")

    def __init__(self, board: tuple[tuple[str, ...], ...] | list[list[str]]) -> None:
        by_value: dict[int, tuple[tuple[int, tuple[str, ...]], ...]] = {}
        counts: dict[int, int] = {}
        keys: dict[int, int] = {}
        drawable: list[list[str]] = [[] for _ in board]
        draws: list[list[Draw]] = [[] for _ in board]
        meta = _META
        for seat, area in enumerate(board):
            if len(area) > 1:
                area = sorted(area, key=_SORT)  # copies of a face together
            last = None
            for card in area:
                face, value = meta[card]
                if face == last:  # another copy of the previous card's face
                    if value is not None:
                        groups = by_value[value]
                        owner, ids = groups[-1]
                        by_value[value] = (*groups[:-1], (owner, (*ids, card)))
                        counts[value] += 1
                        keys[value] |= _BIT[card] << (_BOARD_SHIFT + 8 * (len(groups) - 1))
                    continue
                last = face
                drawable[seat].append(card)
                draws[seat].append(DRAWS[card])
                if value is not None:
                    held = by_value.get(value)
                    if held is None:
                        by_value[value] = ((seat, (card,)),)
                        counts[value] = 1
                        keys[value] = _BOARD_KEY[card]
                    else:
                        by_value[value] = (*held, (seat, (card,)))
                        counts[value] += 1
                        keys[value] |= _BIT[card] << (_BOARD_SHIFT + 8 * len(held))
        self.by_value = by_value
        self.counts = counts
        self.most = max(counts.values()) if counts else 0
        self.keys = keys
        self.drawable = drawable
        self.draws = draws


def board_without(binfo: BoardInfo, seat: int, card: str, board: list[list[str]]) -> None:
    """Update the view (in place: it belongs to one state, see ``NumxState.copy``) for
    ``card`` gone from ``seat``'s area (``board`` is already without it): only that card's
    value and its place among the drawable cards change. A card drawn or laid from a malus
    area is the most common change of the board. Afterwards the view equals
    ``BoardInfo(board)``, but for the order of its dicts (see ``BoardInfo``)."""
    face, value = _META[card]
    rest: tuple[str, ...] = ()
    if value is not None:
        by_value = binfo.by_value
        counts = binfo.counts
        kept = []
        count = counts[value]
        if count > 1:  # (the usual case is the value's only card on the board)
            shift = _BOARD_SHIFT  # (where the seat's copies are in the key)
            for i, (owner, ids) in enumerate(by_value[value]):
                if owner == seat:
                    shift += 8 * i
                    rest = _remove(ids, card)
                    if not rest:
                        continue
                    ids = rest
                kept.append((owner, ids))
        if kept:
            by_value[value] = tuple(kept)
            counts[value] = count - 1
            key = binfo.keys[value]
            if rest:  # the card's bit goes; else the later areas' bytes move down
                binfo.keys[value] = key & ~(_BIT[card] << shift)
            else:
                binfo.keys[value] = key & ((1 << shift) - 1) | key >> (shift + 8) << shift
        else:
            del by_value[value], counts[value], binfo.keys[value]
        if count == binfo.most:
            if count == 1:  # every value has one card, or none is left
                binfo.most = 1 if counts else 0
            else:
                binfo.most = max(counts.values())
    drawable = binfo.drawable[seat]
    try:
        index = drawable.index(card)
    except ValueError:  # a later copy of its face: the first copy stays drawable
        return
    if value is None:
        copies = [c for c in board[seat] if FACE[c] == face]
        rest = (min(copies, key=_SORT),) if copies else ()
    if rest:  # the next copy of that face in the area
        drawable[index] = rest[0]
        binfo.draws[seat][index] = DRAWS[rest[0]]
    else:
        del drawable[index], binfo.draws[seat][index]


def board_with(binfo: BoardInfo, seat: int, cards: list[str] | tuple[str, ...]) -> None:
    """Update the view (in place, like ``board_without``) for ``cards`` added to ``seat``'s
    area (replenishment, Malus+): each card joins its value's group of that area, or makes
    one in seat order, and becomes drawable if it is the area's first copy of its face."""
    by_value = binfo.by_value
    counts = binfo.counts
    keys = binfo.keys
    drawable = binfo.drawable[seat]
    draws = binfo.draws[seat]
    for card in cards:
        face, value = _META[card]
        if value is not None:
            groups = by_value.get(value)
            if groups is None:
                by_value[value] = ((seat, (card,)),)
                counts[value] = count = 1
                keys[value] = _BOARD_KEY[card]
            else:
                i, n = 0, len(groups)  # the area's place among the value's groups
                while i < n and groups[i][0] < seat:
                    i += 1
                shift = _BOARD_SHIFT + 8 * i
                key = keys[value]
                if i < n and groups[i][0] == seat:  # another copy for the area's group
                    ids = _insert(groups[i][1], card)
                    by_value[value] = (*groups[:i], (seat, ids), *groups[i + 1 :])
                else:  # a new group: the later areas' bytes move up
                    by_value[value] = (*groups[:i], (seat, (card,)), *groups[i:])
                    key = key & ((1 << shift) - 1) | key >> shift << (shift + 8)
                keys[value] = key | _BIT[card] << shift
                counts[value] = count = counts[value] + 1
            if count > binfo.most:
                binfo.most = count
        # The area's drawable cards: the first copy of each face, in canonical order (copies
        # of a face are next to each other in that order).
        order = ORDER[card]
        for i, other in enumerate(drawable):
            if FACE[other] == face:
                if ORDER[other] > order:  # a lower copy of that face comes first
                    drawable[i] = card
                    draws[i] = DRAWS[card]
                break
            if ORDER[other] > order:
                drawable.insert(i, card)
                draws.insert(i, DRAWS[card])
                break
        else:
            drawable.append(card)
            draws.append(DRAWS[card])


@functools.lru_cache(maxsize=1 << 9)
def board_info(board: tuple[tuple[str, ...], ...]) -> BoardInfo:
    return BoardInfo(board)


# A combination (spec 6.1) is held as its cards (canonical order: classic cards, then jokers)
# and the numbers of classic cards and jokers it takes from the hand (the last-card rule needs
# them), as one of the shared ``(classics, jokers)`` pairs of ``_TAKEN``. Which cards come from
# the hand and which from a malus area is read from the state when it is laid (card ids are
# unique), so the many combinations held in caches are small.
_TAKEN = [[(a, j) for j in range(8)] for a in range(64)]  # (more than one value's cards)

# The copies of one value are named in canonical order (``5a`` .. ``5e``), so a set of them is
# a bit mask over their letters and its canonical tuple a look-up. Tables are then made from
# masks: the combinations of a value depend only on which copies each place holds and on the
# number of jokers (a ``_recipe``), shared by every value and every card of that shape.
_BIT: dict[str, int] = {}
_VALUE_OF: dict[str, int] = {}  # a classic card's value (``VALUE`` gives None for specials)
_CLASSIC: dict[int, list[tuple[str, ...]]] = {}  # value -> the copies in each mask
for _value in ALL_VALUES:
    _ids = [card for card in ORDER if VALUE.get(card) == _value]
    for _i, _card in enumerate(_ids):
        _BIT[_card] = 1 << _i
        _VALUE_OF[_card] = _value
    _CLASSIC[_value] = [
        tuple(card for i, card in enumerate(_ids) if mask >> i & 1)
        for mask in range(1 << len(_ids))
    ]
_BIT_OF = _BIT.__getitem__

# A value's table is found by one int (``_table``): bits 0-4 the value's index, 5-7 the
# jokers held, 8-15 the hand's copies, then 8 bits per malus area holding copies, in seat order
# (the seats themselves do not matter: which cards come from where is read when laid).
_JOKER_BIT = {joker: 1 << (5 + i) for i, joker in enumerate(JOKERS)}
_HAND_SHIFT = 8
_BOARD_SHIFT = 16
# Per classic card: its value's index with the card's bit in the hand's part (``_HAND_KEY``),
# the mask that takes that bit out (``_HAND_CLEAR``), and the same in the first area's part.
# Both parts carry the value's index, so either alone names the table's value (``_table`` ORs
# them, with 0 for a value the hand or the board does not hold).
_HAND_KEY = {card: _VALUE_INDEX[_VALUE_OF[card]] | bit << _HAND_SHIFT for card, bit in _BIT.items()}
_HAND_CLEAR = {card: ~(bit << _HAND_SHIFT) for card, bit in _BIT.items()}
_BOARD_KEY = {
    card: _VALUE_INDEX[_VALUE_OF[card]] | bit << _BOARD_SHIFT for card, bit in _BIT.items()
}


@functools.lru_cache(maxsize=1 << 13)
def play_action(cards: tuple[str, ...], joker_value: int | None) -> Play:
    """The shared ``Play`` of a canonical card tuple."""
    action = object.__new__(Play)
    _set(action, "cards", cards)
    _set(action, "joker_value", joker_value)
    return action


@functools.lru_cache(maxsize=1 << 13)
def claim_action(cards: tuple[str, ...]) -> Claim:
    """The shared ``Claim`` of a canonical card tuple."""
    action = object.__new__(Claim)
    _set(action, "cards", cards)
    return action


# The shared actions of the combinations without a joker, by value and mask (made here, not
# through the caches above, which keep those of the combinations with jokers).
_new_play, _new_claim = play_action.__wrapped__, claim_action.__wrapped__
_PLAYS = {v: [_new_play(c, None) if c else None for c in t] for v, t in _CLASSIC.items()}
_CLAIMS = {v: [_new_claim(c) if c else None for c in t] for v, t in _CLASSIC.items()}


def combo_value(cards: tuple[str, ...], joker_value: int | None) -> int:
    """The value of a combination: its classic cards' (they come first), or a lone joker's."""
    if joker_value is not None:
        return joker_value
    return VALUE[cards[0]]  # type: ignore[return-value]  # a classic card: an int value


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


class Recipe:
    """The combinations of one shape of sources, sorted by size: per combination the ``masks``
    of its classic copies, its number of ``jokers`` and what it ``taken`` from the hand;
    ``starts[k]`` is the index of the first combination of ``k`` cards or more; ``plain``: no
    combination holds a joker."""

    __slots__ = ("jokers", "masks", "plain", "starts", "taken")

    def __init__(self, buckets: list[list[tuple[int, int, tuple[int, int]]]]) -> None:
        parts = [part for bucket in buckets for part in bucket]
        self.masks = tuple([mask for mask, _j, _t in parts])
        self.jokers = tuple([j for _m, j, _t in parts])
        self.taken = tuple([taken for _m, _j, taken in parts])
        self.plain = not any(self.jokers)
        starts = [0]
        below = 0  # combinations of fewer than k cards
        for bucket in buckets:
            if below == len(parts):
                break
            below += len(bucket)
            starts.append(below)
        self.starts = tuple(starts)


def _bits(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first (lowest ids first)."""
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


@functools.lru_cache(maxsize=1 << 12)
def _recipe(own: int, groups: tuple[int, ...], jokers: int) -> Recipe:
    """Every combination with at least one classic card from the hand's copies ``own``, the
    malus areas' copies ``groups`` (in seat order) and ``jokers`` jokers, lowest ids first in
    each place. Within a size, they come in the order of the product (number from the hand,
    number from each area in turn, number of jokers), each number counting up."""
    picks = [(0, 0)]  # (copies taken from the areas so far, number of areas used)
    for group in groups:
        grown = []
        for taken, used in picks:
            grown.append((taken, used))
            for bit in _bits(group):
                taken |= bit
                grown.append((taken, used + 1))
        picks = grown
    own_bits = _bits(own)
    n = len(own_bits) + sum(map(int.bit_count, groups)) + jokers + 1
    buckets: list[list[tuple[int, int, tuple[int, int]]]] = [[] for _ in range(n)]
    hand = 0
    for a in range(len(own_bits) + 1):
        if a:
            hand |= own_bits[a - 1]
        row = _TAKEN[a]
        for board, used in picks:
            if not (a or used):
                continue
            mask = hand | board
            size = mask.bit_count()
            for j in range(jokers + 1):
                buckets[size + j].append((mask, j, row[j]))
    return Recipe(buckets)


class ValueCombos:
    """Every combination of one value from given sources, sorted by size: ``cards`` and
    ``taken`` (the hand's classic cards and jokers in it) per combination, with their shared
    ``Play`` and ``Claim`` actions (``plays()``, ``claims()``, made on first use); ``starts[k]``
    is the index of the first combination of ``k`` cards or more."""

    __slots__ = ("_claims", "_plays", "cards", "joker_values", "recipe", "starts", "taken", "value")

    def __init__(
        self,
        cards: tuple[tuple[str, ...], ...],
        recipe: Recipe,
        value: int | None,
        joker_values: tuple[int, ...] | None = None,
    ) -> None:
        """``cards`` made by ``recipe``, all of ``value`` (``None``: a lone joker declared as
        each of ``joker_values``)."""
        self.value = value
        self.joker_values = joker_values
        self.cards = cards
        self.recipe = recipe
        self.taken = recipe.taken
        self.starts = recipe.starts
        self._plays: tuple[Play, ...] | None = None
        self._claims: tuple[Claim, ...] | None = None

    def start(self, k: int) -> int:
        starts = self.starts
        return starts[k] if k < len(starts) else len(self.cards)

    def plays(self) -> tuple[Play, ...]:
        plays = self._plays
        if plays is None:
            values = self.joker_values
            if values is not None:
                plays = tuple(map(play_action, self.cards, values))
            else:
                plays = self._actions(_PLAYS, play_action, None)
            self._plays = plays
        return plays

    def claims(self) -> tuple[Claim, ...]:
        claims = self._claims
        if claims is None:
            claims = self._claims = self._actions(_CLAIMS, claim_action)
        return claims

    def _actions(self, shared: dict[int, list[Any]], make: Any, *extra: Any) -> tuple[Any, ...]:
        """The combinations' actions: the shared one of each set of classic copies, or one
        made by ``make`` for the combinations with jokers."""
        recipe = self.recipe
        row = shared[self.value]  # type: ignore[index]  # a lone joker's table has no shared row
        if recipe.plain:
            return tuple(map(row.__getitem__, recipe.masks))
        return tuple(
            [
                make(cards, *extra) if j else row[mask]
                for mask, j, cards in zip(recipe.masks, recipe.jokers, self.cards, strict=True)
            ]
        )


def value_combos(
    own: tuple[str, ...],
    groups: tuple[tuple[int, tuple[str, ...]], ...],
    jokers: tuple[str, ...],
) -> ValueCombos:
    """Every combination of one value from ``own`` (hand copies), the board ``groups`` and the
    hand's ``jokers``, with at least one classic card, lowest ids first in each place."""
    value = VALUE[own[0] if own else groups[0][1][0]]
    recipe = _recipe(
        sum(map(_BIT_OF, own)),
        tuple([sum(map(_BIT_OF, ids)) for _seat, ids in groups]),
        len(jokers),
    )
    copies = _CLASSIC[value]  # type: ignore[index]  # a table of classic copies: an int value
    if recipe.plain:
        return ValueCombos(tuple(map(copies.__getitem__, recipe.masks)), recipe, value)
    prefixes = [jokers[:j] for j in range(len(jokers) + 1)]
    cards = tuple(
        [
            copies[mask] + prefixes[j] if j else copies[mask]
            for mask, j in zip(recipe.masks, recipe.jokers, strict=True)
        ]
    )
    return ValueCombos(cards, recipe, value)


@functools.lru_cache(maxsize=8)
def lone_jokers(joker: str) -> ValueCombos:
    """A lone X-Joker declared as each value (spec 6.1, 7.2), in value order."""
    n = len(ALL_VALUES)
    recipe = Recipe([[], [(0, 1, _TAKEN[0][1])] * n])
    return ValueCombos(((joker,),) * n, recipe, None, ALL_VALUES)


def lc_ok(info: HandInfo, classics: int, jokers: int, others: int) -> bool:
    """The last-card rule (spec 6.3) for an action that takes ``classics`` classic cards and
    ``jokers`` jokers from the hand for its combination and ``others`` further hand cards
    (Swipe/Malus+/Num-X): LC1 - what is left holds a classic card; LC2 - nothing is left and the
    combination holds a classic card from the hand. Actions that take no hand card are free."""
    removed = classics + jokers + others
    if removed == 0 or info.classics - classics >= 1:
        return True
    return classics >= 1 and info.size == removed


Slice = tuple[ValueCombos, int, int | None]  # (a table, its part [start:stop])


class _TableCache:
    """Value tables by key, in two generations: a table found in the old one moves to the new
    one, and a full new generation becomes the old one (the oldest tables go). A look-up by an
    int costs a fraction of one by nested tuples of card ids, whose stored copies are cold in
    memory by the time they are compared."""

    __slots__ = ("new", "old", "size")

    def __init__(self, size: int) -> None:
        self.size = size  # entries per generation
        self.new: dict[int, ValueCombos] = {}
        self.old: dict[int, ValueCombos] = {}

    def fetch(self, key: int, own: Any, groups: Any, jokers: tuple[str, ...]) -> ValueCombos:
        """The table of ``key`` when it is not in the new generation."""
        table = self.old.pop(key, None)
        if table is None:
            table = value_combos(own, groups, jokers)
        new = self.new
        if len(new) >= self.size:
            self.old = new
            self.new = new = {}
        new[key] = table
        return table


# About 0.8 KB per table with its action tuples: 13 MB at most.
_TABLES = _TableCache(1 << 13)


def _table(info: HandInfo, binfo: BoardInfo, v: int) -> ValueCombos:
    """The combinations of value ``v`` (held in the hand or on the board), found by key: the
    hand's and the board's parts are kept up to date with their views."""
    key = info.keys.get(v, 0) | binfo.keys.get(v, 0) | info.jkey
    table = _TABLES.new.get(key)
    if table is None:
        own = info.by_value.get(v, ())
        table = _TABLES.fetch(key, own, binfo.by_value.get(v, ()), info.jokers)
    return table


def turn_slices(info: HandInfo, binfo: BoardInfo, count: int, value: int) -> list[Slice]:
    """The combinations legal on one's turn against ``(count, value)`` (``count`` 0: a lead),
    before the last-card rule, as ``(table, start, stop)`` slices (spec 6.2)."""
    out: list[Slice] = []
    by_value = info.by_value
    on_board = binfo.counts
    if count == 0:
        hand_keys = info.keys.get
        board_keys = binfo.keys.get
        jkey = info.jkey
        cached = _TABLES.new.get
        for v in sorted(by_value.keys() | on_board.keys()):
            table = cached(hand_keys(v, 0) | board_keys(v, 0) | jkey)  # (``_table`` inlined)
            if table is None:
                table = _table(info, binfo, v)
            out.append((table, 0, None))  # (all of it)
        if info.jokers:
            lone = lone_jokers(info.jokers[0])
            out.append((lone, 0, None))
        return out
    jokers = len(info.jokers)
    above = count - jokers  # cards of a higher value needed (with every joker)
    below = above + 1  # cards of a value not above the trick's (a count raise or a fusion)
    fuse = info.most + binfo.most >= below  # some value might have that many
    board = on_board.get
    for v, ids in by_value.items():  # the hand's values, in increasing order
        if v > value:  # (with count 1, the value's one card is enough)
            if count == 1 or len(ids) + board(v, 0) >= above:
                table = _table(info, binfo, v)
                out.append((table, table.start(count), len(table.cards)))
        elif fuse and len(ids) + board(v, 0) >= below:
            table = _table(info, binfo, v)
            out.append((table, table.start(count + 1), table.start(count + 2)))
    # Values on the board only (then every value in increasing order): with a count above 1,
    # only values with at least ``above`` cards there can be played.
    if on_board and (count == 1 or binfo.most >= above):
        mixed = False
        for v, n in on_board.items():
            if v in by_value:
                continue
            if v > value:
                if count == 1 or n >= above:
                    table = _table(info, binfo, v)
                    out.append((table, table.start(count), len(table.cards)))
                    mixed = True
            elif fuse and n >= below:
                table = _table(info, binfo, v)
                out.append((table, table.start(count + 1), table.start(count + 2)))
                mixed = True
        if mixed and len(out) > 1:
            out.sort(key=_slice_value)
    if count == 1 and jokers:
        lone = lone_jokers(info.jokers[0])
        split = _VALUE_INDEX[value]  # N-A24: any value but the single card's
        out.append((lone, 0, split))
        out.append((lone, split + 1, len(lone.cards)))
    return out


def _slice_value(piece: Slice) -> int:
    return piece[0].value  # type: ignore[return-value]  # never a lone joker's table


def claim_slices(info: HandInfo, binfo: BoardInfo, count: int, value: int) -> list[Slice]:
    """Facteur X claims (spec 9.2): more than ``count`` cards of one value above ``value``.
    (``window_table`` first checks that some value may have enough cards, in the hand and on
    the board together.)"""
    out: list[Slice] = []
    need = count + 1 - len(info.jokers)
    by_value = info.by_value
    on_board = binfo.counts
    for v in reversed(by_value):  # (the hand's values are in increasing order)
        if v <= value:
            break
        if len(by_value[v]) + on_board.get(v, 0) >= need:
            table = _table(info, binfo, v)
            out.append((table, table.start(count + 1), len(table.cards)))
    out.reverse()
    if binfo.most < need:  # no value has enough cards on the board alone
        return out
    only = [v for v, on in on_board.items() if v > value and v not in by_value and on >= need]
    if len(only) > 1:  # in the order they first appear on the board (by seat, then value)
        groups = binfo.by_value  # (each value's groups are in seat order)
        only.sort(key=lambda v: (groups[v][0][0], v))
    for v in only:
        table = _table(info, binfo, v)
        out.append((table, table.start(count + 1), len(table.cards)))
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
