"""NUM-X's 101 cards as data (spec section 1.1): ids, values, kinds, weights and faces.

Everything the rules need to know about a card is a dict lookup here. The Malus+ numbers
(``MALUS_PLUS_DEFAULT``) are the one place to change when the printed cards are known (N-A34);
the ``malus_plus_values`` option overrides them per game.
"""

from __future__ import annotations

INF = 14  # the order key of ∞ (spec 1.1: "internally store ∞ with order key 14")
SPECIAL_KEY = 15  # special cards sort above ∞ when the first leader is chosen (4.4, N-A11)
INF_WEIGHT = 20
SPECIAL_WEIGHT = 20

CLASSIC = "classic"
NUMX = "numx"
JOKER = "joker"
SWIPE = "swipe"
MALUS_PLUS = "malus_plus"
OBJECTIVE = "objective"

KIND_NAMES = {NUMX: "Num-X", JOKER: "X-Joker", SWIPE: "Swipe", MALUS_PLUS: "Malus+"}

# Copies per classic value (spec 1.1): -2 x1, -1 x2, 0 x3, 1..13 x5, ∞ x8.
_COPIES = {-2: 1, -1: 2, 0: 3, **{v: 5 for v in range(1, 14)}, INF: 8}
_LETTERS = "abcdefgh"

# Malus+ numbers per copy: (cards drawn into hand, cards drawn face up into the malus area).
MALUS_PLUS_IDS = ("MP1", "MP2", "MP3")
MALUS_PLUS_DEFAULT: tuple[tuple[int, int], ...] = ((1, 1), (2, 1), (1, 2))


def _value_prefix(value: int) -> str:
    if value == INF:
        return "inf"
    return f"m{-value}" if value < 0 else str(value)


def _build_classics() -> tuple[str, ...]:
    cards = []
    for value in sorted(_COPIES):
        cards += [f"{_value_prefix(value)}{_LETTERS[i]}" for i in range(_COPIES[value])]
    return tuple(cards)


CLASSICS = _build_classics()
NUMX_CARDS = ("NX1", "NX2", "NX3")
JOKERS = ("JK1", "JK2", "JK3")
SWIPES = ("SW1", "SW2", "SW3")
SPECIALS = (*NUMX_CARDS, *JOKERS, *SWIPES, *MALUS_PLUS_IDS)
PLAYING_DECK = (*CLASSICS, *SPECIALS)  # the 91 cards in canonical order (spec 1.1)
OBJECTIVES = tuple(f"OB{i:02d}" for i in range(1, 11))
FULL_DECK = (*PLAYING_DECK, *OBJECTIVES)  # 101 cards

ORDER = {card: i for i, card in enumerate(FULL_DECK)}

KIND: dict[str, str] = {}
VALUE: dict[str, int | None] = {}  # classic value (∞ = 14), None for every other card
for _card in CLASSICS:
    KIND[_card] = CLASSIC
for _kind, _ids in ((NUMX, NUMX_CARDS), (JOKER, JOKERS), (SWIPE, SWIPES)):
    for _card in _ids:
        KIND[_card] = _kind
for _card in MALUS_PLUS_IDS:
    KIND[_card] = MALUS_PLUS
for _card in OBJECTIVES:
    KIND[_card] = OBJECTIVE
for _value, _count in _COPIES.items():
    for _i in range(_count):
        VALUE[f"{_value_prefix(_value)}{_LETTERS[_i]}"] = _value
for _card in (*SPECIALS, *OBJECTIVES):
    VALUE[_card] = None

IS_CLASSIC = {card: KIND[card] == CLASSIC for card in FULL_DECK}


# Weight in a malus area (spec 1.1): face value, ∞ 20, special 20.
def _weight(card: str) -> int:
    value = VALUE[card]
    if value is None:  # a special card (exactly the cards that are not classic)
        return SPECIAL_WEIGHT
    return INF_WEIGHT if value == INF else value


WEIGHT: dict[str, int] = {card: _weight(card) for card in PLAYING_DECK}


# Order key for the first leader (spec 4.4): classic value (∞ 14), special 15.
def _lead_key(card: str) -> int:
    value = VALUE[card]
    return SPECIAL_KEY if value is None else value  # (None: exactly the special cards)


LEAD_KEY = {card: _lead_key(card) for card in PLAYING_DECK}


# "Face": copies with the same face are interchangeable in play (spec 1.1). Malus+ copies differ
# by their numbers, so each is a face of its own.
def _face(card: str) -> str:
    if IS_CLASSIC[card]:
        return f"v{VALUE[card]}"
    return card if KIND[card] in (MALUS_PLUS, OBJECTIVE) else KIND[card]


FACE = {card: _face(card) for card in FULL_DECK}

# OB01's "same face" (spec 10.3): the same classic value, or the same special kind.
SAME_FACE_KEY = {
    card: (f"v{VALUE[card]}" if IS_CLASSIC[card] else KIND[card]) for card in PLAYING_DECK
}

ALL_VALUES = tuple(sorted(_COPIES))  # -2 .. 13, 14 (∞): the values a lone joker may declare


def value_name(value: int | None) -> str:
    if value is None:
        return "?"
    return "∞" if value == INF else str(value)


def card_name(card: str) -> str:
    """A short readable name: "7c", "∞ (infa)", "Swipe SW2"."""
    kind = KIND.get(card)
    if kind is None:
        return f'"{card}"'
    if kind == CLASSIC:
        return f"∞ ({card})" if VALUE[card] == INF else card
    if kind == OBJECTIVE:
        return f"objective {card}"
    return f"{KIND_NAMES[kind]} {card}"


def sort_key(card: str) -> tuple[int, str]:
    """Canonical order; unknown ids last (they only appear in refused actions)."""
    return (ORDER.get(card, len(ORDER)), card)


def canonical(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    try:
        return tuple(sorted(cards, key=ORDER.__getitem__))
    except (KeyError, TypeError):
        return tuple(sorted(cards, key=lambda c: sort_key(c) if isinstance(c, str) else (-1, "")))


def malus_plus_numbers(values: tuple[tuple[int, int], ...]) -> dict[str, tuple[int, int]]:
    """``{"MP1": (h, m), ...}`` from the option ``malus_plus_values``."""
    return {card: (int(h), int(m)) for card, (h, m) in zip(MALUS_PLUS_IDS, values, strict=True)}
