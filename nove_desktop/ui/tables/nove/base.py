"""The NOVE table's own state, declared once for its parts (events, controls, drawing), and the
small helpers they share: zone names, the viewer's hand as the table shows it, a score change.

Zones: one hand per seat (``hand:<seat>``); piles: the draw pile and the face-down discards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....games.nove import hand as H
from ....games.nove.cards import RANK
from ....games.nove.view import NoveObservation
from ...cards import chip_stack
from ...table import paint
from ...table.scene import TableScene
from ...table.sprites import CardSprite
from ...widgets import Button

DECK = "deck"
DISCARD = "discard"
CARDS_IN_DECK = 40

Announcement = tuple[int, int, bool, int]
"""A NOVE as the table shows it: (seat, value, has a pair, step)."""


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


class NoveBase(TableScene[NoveObservation]):
    """What every part of the NOVE table knows of it (set in ``NoveTable.__init__``)."""

    busted: set[int]
    stood: set[int]
    exchanged: dict[int, int]  # seat -> cards it gave back in the exchange
    announcements: list[Announcement]
    jokers: dict[str, tuple[str, str | None]]  # joker -> (state, option) as far as it is known
    order: tuple[int, ...]  # this round's precedence order (the dealer last)
    round_no: int
    selected: set[str]  # the cards picked for the exchange
    joker_points: dict[str, int]  # the points each scoring option of the joker brings
    exchange_button: Button | None  # the exchange's button while it is on offer
    grid_bottom: float  # where the option grid ends (design units; 0: no grid)

    def sprites_of(self, seat: int) -> list[CardSprite]:
        return [self.sprites[r] for r in self.zones.row(hand_zone(seat)) if r in self.sprites]

    def own_split(self) -> tuple[list[str], bool]:
        """The viewer's hand as the table shows it now (cards dealt by events included):
        the rank keys of its fixed cards, and whether it holds a free joker."""
        fixed: list[str] = []
        free = False
        if self.viewer is None:
            return fixed, free
        for ref in self.zones.row(hand_zone(self.viewer)):
            if ref.startswith("?"):
                continue
            if ref in RANK:
                fixed.append(RANK[ref])
                continue
            state, option = self.jokers.get(ref, (H.FREE, None))
            if state == H.FREE and not free:
                free = True
            else:
                fixed.append(option or "7")  # locked, forced, or the second joker
        return fixed, free

    def score_change(self, deltas: dict[int, int], scores: Sequence[int]) -> None:
        """Chips fly from the table to each seat that won points (and back for a loss)."""
        for seat, points in deltas.items():
            if not points:
                continue
            plate = self.spot(seat).plate.center
            chips = chip_stack(abs(points))[:6] if points > 0 else [-1] * min(-points, 3)
            start, end = (paint.TABLE_CENTRE, plate) if points > 0 else (plate, paint.TABLE_CENTRE)
            self.fly_tokens(chips, start, end)
        self.scores = list(scores)
