"""The three deck styles of Nove (banco): card ids, values and hand scores (spec 2.1-2.3).

Italian suits have two-letter codes and French suits one letter, and the 56-card deck adds a copy
letter, so a card id never names two different cards across the styles: one ``VALUE`` table serves
every style.
"""

from __future__ import annotations

ITALIAN40 = "italian40"
FRENCH40 = "french40"
FRENCH56 = "french56"
DECK_STYLES = (ITALIAN40, FRENCH40, FRENCH56)

ITALIAN_SUITS = ("Co", "De", "Ba", "Sp")
FRENCH_SUITS = ("H", "D", "C", "S")
COPIES = ("a", "b")

ITALIAN_SUIT_NAMES = {"Co": "Coppe", "De": "Denari", "Ba": "Bastoni", "Sp": "Spade"}
FRENCH_SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
ITALIAN_RANK_NAMES = {1: "Asso", 8: "Fante", 9: "Cavallo", 10: "Re"}
FRENCH_RANK_NAMES = {1: "ace"}


def _build(style: str) -> tuple[str, ...]:
    """The canonical (unshuffled) order of spec 2.2: suit, then rank, then copy."""
    if style == ITALIAN40:
        return tuple(f"{suit}{rank:02d}" for suit in ITALIAN_SUITS for rank in range(1, 11))
    if style == FRENCH40:
        return tuple(f"{suit}{rank:02d}" for suit in FRENCH_SUITS for rank in range(1, 11))
    return tuple(
        f"{suit}{rank:02d}{copy}"
        for suit in FRENCH_SUITS
        for rank in range(1, 8)
        for copy in COPIES
    )


DECKS: dict[str, tuple[str, ...]] = {style: _build(style) for style in DECK_STYLES}


def _rank(card: str) -> int:
    digits = card[2:4] if card[:2] in ITALIAN_SUIT_NAMES else card[1:3]
    return int(digits)


RANK: dict[str, int] = {card: _rank(card) for deck in DECKS.values() for card in deck}
# Spec 2.3: ranks 1..7 count their number, 8, 9, 10 count 1, 2, 3.
VALUE: dict[str, int] = {card: (r if r <= 7 else r - 7) for card, r in RANK.items()}
STYLE_OF: dict[str, str] = {card: style for style, deck in DECKS.items() for card in deck}


def value(card: str) -> int:
    """The value of one card (spec 2.3)."""
    return VALUE[card]


def score(cards: list[str] | tuple[str, ...]) -> int:
    """Spec 2.3: the sum of the values modulo 10 (0 worst, 9 best)."""
    return sum(VALUE[c] for c in cards) % 10


def card_name(card: str) -> str:
    """A readable name: "Fante di Denari", "ace of hearts", "7 of spades (b)"."""
    if card not in RANK:
        return f'"{card}"'
    rank = RANK[card]
    if STYLE_OF[card] == ITALIAN40:
        suit = ITALIAN_SUIT_NAMES[card[:2]]
        return f"{ITALIAN_RANK_NAMES.get(rank, str(rank))} di {suit}"
    name = f"{FRENCH_RANK_NAMES.get(rank, str(rank))} of {FRENCH_SUIT_NAMES[card[0]]}"
    return f"{name} ({card[3]})" if len(card) == 4 else name
