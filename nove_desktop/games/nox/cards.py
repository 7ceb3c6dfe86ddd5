"""NOX's 90 cards under both deck profiles (spec 2.1, 2.2).

A card id is ``<colour><number as 2 digits>-<copy>``: ``B04-1`` is the first blue 4. The colour is
the id's first letter (read directly in the hot paths) and the number its two digits (looked up in
``NUMBER``).
"""

from __future__ import annotations

import functools

BLUE, GREEN, ORANGE = "B", "G", "O"
COLOURS = (BLUE, GREEN, ORANGE)
COLOUR_NAMES = {BLUE: "blue", GREEN: "green", ORANGE: "orange"}

PUBLISHED = "published"
UNIFORM = "uniform"
PROFILES = (PUBLISHED, UNIFORM)

# Published profile: each number belongs to exactly one colour and exists six times.
PUBLISHED_NUMBERS = {
    BLUE: (1, 4, 9, 11, 15),
    GREEN: (2, 5, 7, 12, 14),
    ORANGE: (3, 6, 8, 10, 13),
}
PUBLISHED_COPIES = 6
UNIFORM_NUMBERS = tuple(range(1, 16))  # every colour has 1..15 ...
UNIFORM_COPIES = 2  # ... twice


def card_id(colour: str, number: int, copy: int) -> str:
    return f"{colour}{number:02d}-{copy}"


@functools.cache
def deck(profile: str = PUBLISHED) -> tuple[str, ...]:
    """The 90 card ids of ``profile`` in canonical order: colour B, G, O; number ascending;
    copy ascending."""
    cards = []
    numbers: tuple[int, ...]
    for colour in COLOURS:
        if profile == PUBLISHED:
            numbers, copies = PUBLISHED_NUMBERS[colour], PUBLISHED_COPIES
        else:
            numbers, copies = UNIFORM_NUMBERS, UNIFORM_COPIES
        for number in numbers:
            cards += [card_id(colour, number, c) for c in range(1, copies + 1)]
    return tuple(cards)


# The number of every card id of both profiles: the hot paths look numbers up here.
NUMBER: dict[str, int] = {
    card_id(colour, number, copy): number
    for colour in COLOURS
    for number in UNIFORM_NUMBERS
    for copy in range(1, PUBLISHED_COPIES + 1)
    if copy <= UNIFORM_COPIES or number in PUBLISHED_NUMBERS[colour]
}


def numbers() -> dict[str, int]:
    """The number of every card id of both profiles."""
    return NUMBER


def is_card(card: object) -> bool:
    """Whether ``card`` is the id of a card of either profile."""
    return isinstance(card, str) and card in NUMBER


def colour_of(card: str) -> str:
    return card[0]


def number_of(card: str) -> int:
    return NUMBER[card]


def card_name(card: str) -> str:
    """Readable: "blue 4 (B04-1)"."""
    if not is_card(card):
        return f'"{card}"'
    return f"{COLOUR_NAMES[card[0]]} {NUMBER[card]} ({card})"
