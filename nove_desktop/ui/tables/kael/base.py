"""The Kaël table's own state, declared once for its parts (``events``, ``controls``, ``table``),
and the small helpers they share."""

from __future__ import annotations

from typing import ClassVar

from ....games.kael.cards import POINTS, RANK, hand_total
from ....games.kael.events import RoundScored
from ....games.kael.view import KaelObservation
from ....i18n import _
from ...people import label
from ...table.scene import TableScene
from ...widgets import Widget
from .geometry import TABLE, hand_zone, sort_key
from .summary import history_columns, history_rows


class KaelBase(TableScene[KaelObservation]):
    """What every part of the Kaël table reads and writes (set up in ``KaelTable.__init__``)."""

    table_spot: ClassVar[tuple[float, float]] = (700.0, 300.0)

    round_no: int
    totals: list[int]
    lost_landing: set[int]  # seats that lost their landings (a false call)
    out_seats: set[int]
    caller: int | None
    final_queue: tuple[int, ...]  # seats still owed a final turn, as the plates mark them
    revealed: dict[int, int]  # the hands shown at the round's end: seat -> hand total
    selected: list[str]  # the viewer's cards picked to lay
    history: list[RoundScored]  # every scored round of the game, for the History screen
    shown_totals: dict[int, float]  # totals counting up on the plates
    window_note: str  # "Ada: no cut possible" while a cut window is open
    hand_size: int
    preferred: Widget | None  # the button the next controls focus first

    def whose(self, seat: int, mine: str, other: str) -> str:
        return mine if seat == self.viewer else other.format(name=label(self.names[seat]))

    def own_total(self) -> int:
        if self.viewer is None:
            return 0
        return hand_total([r for r in self.zones.row(hand_zone(self.viewer)) if r in POINTS])

    def resort(self, seat: int) -> None:
        if seat == self.viewer:
            row = self.zones.row(hand_zone(seat))
            row.sort(key=sort_key)

    def chain_of_model(self) -> tuple[str | None, int]:
        """The chain as the table shows it now (from the cards, not the observation, so it
        follows the animation)."""
        refs = self.zones.row(TABLE)
        if not refs or refs[-1].startswith("?"):
            return (None, 0)
        rank = RANK.get(refs[-1])
        count = 0
        for ref in reversed(refs):
            if RANK.get(ref) != rank:
                break
            count += 1
        return (rank, count)

    def open_history(self) -> None:
        """The History screen: every scored round of the game (button, or H)."""
        self.app.scenes.push(
            "history",
            title=_("Game history"),
            columns=history_columns(self.names),
            rows=history_rows(self.history, self.n),
        )
