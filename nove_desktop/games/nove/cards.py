"""NOVE's 40 cards: ids, values and rank keys (spec section 1)."""

from __future__ import annotations

COLOURS = ("R", "Y", "G", "P")
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "P": "purple"}
BABATOS = ("A", "B", "C")
JOKERS = ("JR", "JY")

# The ten options a joker may stand for, in the fixed order used to break ties (spec 5.4).
OPTION_ORDER = ("1", "2", "3", "4", "5", "6", "7", "A", "B", "C")
OPTION_VALUE = {o: (10 if o in BABATOS else int(o)) for o in OPTION_ORDER}
NUMBER_OPTIONS = OPTION_ORDER[:7]


def _build_deck() -> tuple[str, ...]:
    cards: list[str] = []
    for colour in COLOURS:
        top = 7 if colour in ("G", "P") else 6  # red and yellow 7s are the jokers [D2]
        cards += [f"{colour}{n}" for n in range(1, top + 1)]
        cards += [f"{colour}{b}" for b in BABATOS]
    return tuple(cards) + JOKERS


DECK = _build_deck()
DECK_INDEX = {card: i for i, card in enumerate(DECK)}

# Rank key of every non-joker card (the number, or the Babatos character).
RANK = {card: card[1] for card in DECK if card not in JOKERS}
VALUE = {card: OPTION_VALUE[rank] for card, rank in RANK.items()}


def is_joker(card: str) -> bool:
    return card in JOKERS


def card_name(card: str) -> str:
    """A readable name: "red 5", "green Babatos B", "joker (red)"."""
    if card == "JR":
        return "red joker"
    if card == "JY":
        return "yellow joker"
    colour = COLOUR_NAMES[card[0]]
    rank = card[1]
    return f"{colour} Babatos {rank}" if rank in BABATOS else f"{colour} {rank}"


def option_name(option: str) -> str:
    return f"Babatos {option}" if option in BABATOS else option


def sort_key(card: str) -> int:
    return DECK_INDEX[card]
