"""Kaël's 56 cards: ids, ranks and points (spec section 1.1)."""

from __future__ import annotations

MINUS = "m1"
PASS_CARD = "X"
COPIES = ("a", "b", "c", "d")


def _build_deck() -> tuple[str, ...]:
    cards = [MINUS, "0a", "0b"]
    for number in range(1, 14):
        cards += [f"{number}{copy}" for copy in COPIES]
    return (*cards, PASS_CARD)


DECK = _build_deck()  # canonical order (spec 1.1)
DECK_INDEX = {card: i for i, card in enumerate(DECK)}


def _rank(card: str) -> str:
    if card == MINUS:
        return "-1"
    if card == PASS_CARD:
        return "X"
    return card[:-1]


RANK = {card: _rank(card) for card in DECK}
POINTS = {card: (15 if card == PASS_CARD else int(RANK[card])) for card in DECK}
NUMBER_RANKS = frozenset(str(n) for n in range(1, 14))  # the ranks that can form a square
RANK_POINTS = {RANK[c]: POINTS[c] for c in DECK}
COPIES_OF = {rank: tuple(c for c in DECK if RANK[c] == rank) for rank in set(RANK.values())}


def sort_key(card: str) -> tuple[int, str]:
    """Canonical deck order; unknown ids last (they only appear in refused actions)."""
    return (DECK_INDEX.get(card, len(DECK)), card)


def canonical(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    try:  # the common case: every id is a card of the deck (no tuple key needed)
        return tuple(sorted(cards, key=DECK_INDEX.__getitem__))
    except KeyError:
        return tuple(sorted(cards, key=sort_key))


def hand_total(cards: list[str] | tuple[str, ...]) -> int:
    """Spec 5.3: the sum of the points of a hand (an empty hand totals 0)."""
    return sum(POINTS[c] for c in cards)


def card_name(card: str) -> str:
    if card == PASS_CARD:
        return "the X"
    if card == MINUS:
        return "the -1"
    return f"a {RANK[card]}" if card in RANK else f'"{card}"'
