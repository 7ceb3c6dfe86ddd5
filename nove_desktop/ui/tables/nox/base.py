"""The NOX table's own state, declared once for its parts (events, controls, drawing), and the
small helpers they share: zone names, a kitty's stacks as the table shows them, the screen
rectangle of a place, a bounded image cache, the score sheet.

Zones: ``hand:<seat>`` for every hand and ``kitty:<seat>:<index>`` for every stack (bottom card
first); the draw pile is the pile ``deck``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ....games.nox.cards import COLOURS, NUMBER
from ....games.nox.events import RoundEnded, RoundScored
from ....games.nox.view import NoxObservation
from ....i18n import _
from ...table import paint
from ...table.effects import Task
from ...table.scene import TableScene
from .geometry import SLOTS, SeatGeometry
from .summary import sheet_note, sheet_rows, sheet_title
from .words import Narrator

DECK = "deck"
Layer = tuple[pygame.Surface, tuple[int, int], list[pygame.Rect]]
"""A seat's slots and info line drawn once: the image, its place, its labels' rectangles."""


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def kitty_zone(seat: int, index: int) -> str:
    return f"kitty:{seat}:{index}"


def hand_order(card: str) -> tuple[int, int, str]:
    """The own hand, sorted by colour (B, G, O) then number."""
    return (COLOURS.index(card[0]), NUMBER[card], card)


class NoxBase(TableScene[NoxObservation]):
    """What every part of the NOX table knows of it (set in ``NoxTable.__init__``)."""

    variant: str
    target: int
    narrator: Narrator
    round_no: int
    start_seat: int | None
    totals: list[int]
    rounds: list[RoundScored]  # every finished round, for the score sheet
    ended: RoundEnded | None  # how the round being scored ended
    last_target: int | None  # the kitty of the latest play (where a sixth stack was made)
    deal_index: int  # cards dealt so far in this deal (their cascade)
    selected_card: str | None  # the card picked in the viewer's hand
    geometry: dict[int, SeatGeometry]
    hovered_place: tuple[int, int | None] | None  # the kitty place under the mouse
    pinned: tuple[int, int] | None  # a stack opened for a look by a click
    drawn_labels: list[pygame.Rect]  # the labels drawn this frame (tests check they fit)
    tops_depth: dict[str, int]  # top card -> its stack's depth, when deeper than one
    flashes: list[tuple[int, int, Task]]  # (seat, stack, its ring) of a merge just made
    image_cache: dict[tuple[Any, ...], pygame.Surface]
    layers: dict[tuple[Any, ...], Layer]
    status_text: str  # the game's status line (the preview's words win over it)

    def kitty_rows(self, seat: int) -> list[list[str]]:
        """The stacks of ``seat``'s kitty as the table shows them now (left to right)."""
        rows = self.zones.rows
        stacks = []
        for index in range(SLOTS + 1):
            row = rows.get(kitty_zone(seat, index))
            if not row:
                break
            stacks.append(row)
        return stacks

    def set_kitty(self, seat: int, stacks: list[list[str]]) -> None:
        """Lay ``seat``'s kitty out as ``stacks`` (the sprites glide to their new slots)."""
        rows = self.zones.rows
        for index in range(SLOTS + 1):
            zone = kitty_zone(seat, index)
            if index < len(stacks):
                rows[zone] = list(stacks[index])
            else:
                rows.pop(zone, None)

    def place_rect(self, seat: int, stack: int | None) -> pygame.Rect:
        """A place on the screen: a stack (its top card and edges) or a kitty's next slot."""
        index = len(self.kitty_rows(seat)) if stack is None else stack
        geometry = self.geometry[seat]
        return paint.rect_to_screen(self.app, geometry.slot_rect(min(index, SLOTS - 1)))

    def cached(self, key: tuple[Any, ...], build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """An image built once per ``key`` (the cache is bounded: emptied past 64 images)."""
        image = self.image_cache.get(key)
        if image is None:
            if len(self.image_cache) > 64:
                self.image_cache.clear()
            image = self.image_cache[key] = build()
        return image

    def open_sheet(self) -> None:
        """The score sheet: every round's recorded points, the totals, the target, the
        variant."""
        self.app.scenes.push(
            "history",
            title=sheet_title(self.variant, self.target),
            columns=[_("Round"), *self.names],
            rows=sheet_rows(self.names, self.rounds, self.totals, self.variant),
            note=sheet_note(self.variant),
        )
