"""The banco table's own state, declared once for its parts (events, controls, table), and the
small helpers they share: where a seat's hole card and plate are, where the bank stands (also
while it slides to the next banker), the centre call-outs."""

from __future__ import annotations

from ....games.banco.view import BancoObservation
from ... import theme
from ...table.effects import Task
from ...table.layout import Side
from ...table.scene import TableScene
from ...tween import in_out_cubic
from ...widgets import Button, Slider, Widget
from . import geometry
from .geometry import Row

DECK = "deck"
Point = tuple[float, float]
Outcome = tuple[str, int, int, int]
"""A settled bet as the table shows it: (outcome, amount, punter's score, bank's score)."""


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def seat_of(zone: str) -> int:
    return int(zone.split(":")[1])


class BancoBase(TableScene[BancoObservation]):
    """The state every part of the banco table reads (set in ``BancoTable.__init__``)."""

    deck_size: int
    hands_per_bank: int
    sizes: geometry.Sizes
    rows: dict[int, Row]
    banker: int
    bank_at: Point
    bank_slide: tuple[Point, Point, Task] | None
    """The bank sliding to the next banker: (from, to, its timer)."""
    bank_spots: dict[int, Point]
    banner_spots: dict[int, Point]
    stakes: list[int]
    punter_status: list[str]
    revealed: set[int]
    outcomes: dict[int, Outcome]
    banks_held: list[int]
    hands_in_term: int
    hand_number: int
    order: tuple[int, ...]
    out_seats: set[int]
    last_bet: dict[int, int]
    """Each seat's previous bet: the slider's preset."""
    term_start: list[int]
    """The chips at the start of the bank's term (the term summary's first column)."""
    hole_refs: dict[str, int]
    """The hole card of each seat this frame (its ref -> the seat), for ``decorate``."""
    slider: Slider | None
    bet_button: Button | None
    preferred: Widget | None

    # == where things are ========================================================================
    def card_width(self, seat: int) -> float:
        return self.sizes.own if self.spot(seat).side is Side.BOTTOM else self.sizes.other

    def bank_centre_for(self, banker: int) -> Point:
        if banker not in self.bank_spots:
            self.bank_spots[banker] = geometry.bank_centre(self.spots, banker, self.rows)
        return self.bank_spots[banker]

    def bank_position(self) -> Point:
        """The bank's centre now (between two bankers while it slides)."""
        slide = self.bank_slide
        if slide is None:
            return self.bank_at
        start, end, task = slide
        if task.done:
            self.bank_slide = None
            return self.bank_at
        t = in_out_cubic(task.progress)
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

    def set_banker(self, banker: int) -> None:
        """The bank stands in front of ``banker`` at once (no slide)."""
        self.banker = banker
        self.bank_slide = None
        self.bank_at = self.bank_centre_for(banker)

    def hole_point(self, seat: int) -> Point:
        row = self.rows[seat]
        return (row.xs[0], row.y)

    def plate_point(self, seat: int) -> Point:
        return self.spot(seat).plate.center

    def peeking(self, seat: int) -> bool:
        """The viewer's own hole card, still face down for the others."""
        return seat == self.viewer and seat not in self.revealed

    # == call-outs ===============================================================================
    def centre_call(self, text: str, size: float, life: float) -> None:
        """A call-out in the free middle of the table, its size lowered until it fits the room
        kept for it (``geometry.BANNER_SIZE``, the pill's margin included)."""
        room = geometry.BANNER_SIZE[0] - 34
        font = self.app.fonts
        while size > 14 and font.get(round(size * 4), bold=True).size(text)[0] > room * 4:
            size -= 1
        self.banner(text, "centre", size, theme.WHITE, life)
