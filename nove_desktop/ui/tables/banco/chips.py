"""Chips as tokens: amounts split into the four denominations, and the stacks drawn from them.

Every token prints its number (``app.art.token``); a stack also gets its total written beside or
under it, so no amount is ever read from colours or from counting tokens.
"""

from __future__ import annotations

import pygame

from ...app import App

DENOMINATIONS = (25, 10, 5, 1)
MAX_STAKE_TOKENS = 6
MAX_COLUMN = 6


def split(amount: int) -> list[int]:
    """``amount`` as tokens, largest first (greedy: 18 -> 10, 5, 1, 1, 1)."""
    tokens: list[int] = []
    left = max(0, amount)
    for value in DENOMINATIONS:
        count, left = divmod(left, value)
        tokens += [value] * count
    return tokens


def flight(amount: int, most: int = 6) -> list[int]:
    """The tokens that slide for a payment: its split, at most ``most`` of them (the number
    printed next to the stake or the bank says the exact amount)."""
    return split(amount)[:most]


def columns(amount: int) -> list[tuple[int, int]]:
    """(denomination, count) per column of the bank, largest first; empty columns left out."""
    out = []
    left = max(0, amount)
    for value in DENOMINATIONS:
        count, left = divmod(left, value)
        if count:
            out.append((value, count))
    return out


def draw_stack(
    app: App, surface: pygame.Surface, tokens: list[int], bottom: tuple[int, int], diameter: int
) -> pygame.Rect:
    """A pile of tokens standing on ``bottom`` (pixels), the largest at the bottom, so the
    top token's number shows; returns the pile's outline."""
    shown = tokens[:MAX_STAKE_TOKENS]
    lift = max(2, diameter // 7)
    area = pygame.Rect(0, 0, diameter, diameter + lift * max(0, len(shown) - 1))
    area.midbottom = bottom
    for i, value in enumerate(shown):
        image = app.art.token(value, diameter)
        rect = image.get_rect(midbottom=(bottom[0], bottom[1] - i * lift))
        surface.blit(image, rect)
    return area


def draw_bank(
    app: App, surface: pygame.Surface, amount: int, centre: tuple[int, int], diameter: int
) -> pygame.Rect:
    """The bank: one column per denomination side by side, each at most ``MAX_COLUMN`` high
    (the total printed under it tells the rest)."""
    groups = columns(amount)
    if not groups:
        return pygame.Rect(centre, (0, 0))
    lift = max(2, diameter // 4)
    step = diameter + max(2, diameter // 8)
    width = step * len(groups) - (step - diameter)
    tallest = max(min(count, MAX_COLUMN) for _value, count in groups)
    height = diameter + lift * (tallest - 1)
    box = pygame.Rect(0, 0, width, height)
    box.center = centre
    for k, (value, count) in enumerate(groups):
        x = box.x + k * step + diameter // 2
        for i in range(min(count, MAX_COLUMN)):
            image = app.art.token(value, diameter)
            surface.blit(image, image.get_rect(midbottom=(x, box.bottom - i * lift)))
    return box
