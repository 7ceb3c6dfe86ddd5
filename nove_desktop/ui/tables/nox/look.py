"""NOX's colours as the table shows them: never by colour alone.

Each colour has a colour-blind-safe tint (Okabe-Ito), a shape and a letter (spec 12): blue is a
circle "B", green a triangle "G", orange a square "O". Pips light up for the colours a kitty
shows on top.
"""

from __future__ import annotations

import math

import pygame

from ....games.nox.cards import NUMBER
from ....i18n import N_, _, pgettext
from ... import theme

TINT = {"B": (0, 114, 178), "G": (0, 158, 115), "O": (230, 159, 0)}
SHAPE = {"B": "circle", "G": "triangle", "O": "square"}
COLOUR_WORDS = {"B": N_("blue"), "G": N_("green"), "O": N_("orange")}
DIM = (34, 62, 50)
DIM_EDGE = (96, 124, 110)


def colour_word(colour: str) -> str:
    return _(COLOUR_WORDS[colour])


def colour_letter(colour: str) -> str:
    """The colour's letter in the player's language (the one the card faces print)."""
    return pgettext("NOX colour letter", colour)


def card_words(card: str) -> str:
    """ "blue 4" (a card's colour and number, in the player's language)."""
    return _("{colour} {number}").format(colour=colour_word(card[0]), number=NUMBER[card])


def short_card(card: str) -> str:
    """ "B4": the letter and the number, for tight places (summaries)."""
    return f"{colour_letter(card[0])}{NUMBER[card]}"


def missing_words(colours: list[str]) -> str:
    """ "needs blue", "needs blue and orange"."""
    names = [colour_word(c) for c in colours]
    if len(names) == 1:
        return _("needs {colour}").format(colour=names[0])
    return _("needs {first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def pip(
    surface: pygame.Surface,
    font: pygame.font.Font,
    centre: tuple[int, int],
    size: int,
    colour: str,
    lit: bool,
) -> None:
    """One colour pip: its shape filled with its tint when lit, a dim outline otherwise; the
    letter always sits inside, so a lit and an unlit pip differ by more than colour."""
    fill = TINT[colour] if lit else DIM
    edge = theme.WHITE if lit else DIM_EDGE
    width = max(1, size // 9)
    points = _shape(SHAPE[colour], centre, size / 2)
    if points is None:
        pygame.draw.circle(surface, fill, centre, size // 2)
        pygame.draw.circle(surface, edge, centre, size // 2, width)
    else:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, width)
    ink = theme.WHITE if lit else DIM_EDGE
    letter = font.render(colour_letter(colour), True, ink)
    drop = size // 10 if SHAPE[colour] == "triangle" else 0  # a triangle's middle sits low
    surface.blit(letter, letter.get_rect(center=(centre[0], centre[1] + drop)))


def _shape(
    shape: str, centre: tuple[int, int], radius: float
) -> list[tuple[float, float]] | None:
    x, y = centre
    if shape == "triangle":
        return [
            (x + radius * 1.1 * math.cos(a), y + radius * 1.1 * math.sin(a) + radius * 0.15)
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if shape == "square":
        r = radius * 0.86
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    return None
