"""The NUM-X table's declared state (``NumxBase``: what its parts share), the names of its zones
and piles, and the trick as groups of cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ....engine.actions import Action
from ....games.numx.cards import IS_CLASSIC, KIND, ORDER
from ....games.numx.combos import K_FUSION, combo_value, effect
from ....games.numx.events import RoundScored
from ....games.numx.state import Phase
from ....games.numx.view import NumxObservation
from ...table.controls import FittedButton
from ...table.effects import Task
from ...table.moments import Moment
from ...table.scene import TableScene
from .plan import Planned
from .words import Narrator

if TYPE_CHECKING:
    from .pickers import Picker

DECK = "deck"
DISCARD = "discard"
SPECIALS = frozenset(c for c in ORDER if not IS_CLASSIC[c])


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def malus_zone(seat: int) -> str:
    return f"malus:{seat}"


def objective_zone(seat: int) -> str:
    return f"objective:{seat}"


def trick_zone(group: int) -> str:
    return f"trick:{group}"


def seat_of(zone: str) -> int | None:
    """The seat a ``hand:``/``malus:``/``objective:`` zone belongs to."""
    kind, _sep, rest = zone.partition(":")
    return int(rest) if kind in ("hand", "malus", "objective") else None


def trick_groups(
    plays: Iterable[tuple[int, Sequence[str], int, int]],
) -> tuple[list[list[str]], str, bool]:
    """The trick's plays as groups (a Fusion X joins the group it merges with), the kind of the
    last play, and whether it was a lone X-Joker."""
    groups: list[list[str]] = []
    kind, lone = "", False
    before = (0, 0)
    for _seat, cards, count, value in plays:
        cards = tuple(cards)
        joker = value if len(cards) == 1 and not IS_CLASSIC[cards[0]] else None
        kind = effect(len(cards), combo_value(cards, joker), joker, *before)[0]
        if kind == K_FUSION and groups:
            groups[-1].extend(cards)
        else:
            groups.append(list(cards))
        lone = joker is not None
        before = (count, value)
    return groups, kind, lone


class NumxBase(TableScene[NumxObservation]):
    """What the parts of the NUM-X table share: its state, declared here (set in
    ``NumxTable.__init__`` and by ``derive``), and the small helpers several parts use."""

    # -- from the observation (derive) and the events ----------------------------------------------
    round_no: int
    rounds: int
    phase: Phase | str  # "" before the first observation
    totals: list[int]
    shown_totals: dict[int, float]  # totals counting up on the plates
    first_out: set[int]
    leader: int | None
    trick_state: tuple[int, int]  # (count, value) to beat
    top_kind: str  # the kind of the trick's last play
    lone_joker: bool  # the trick's last play was a lone X-Joker
    choosing: bool  # the malus choice
    refilling: bool  # replenishment or completion
    revealing: bool  # the round-end reveal
    history: list[RoundScored]  # every round scored so far (the scoreboard)
    narrator: Narrator
    # -- the viewer's decision ---------------------------------------------------------------------
    picked: list[str]
    planned: list[Planned]
    picker: Picker | None  # a short list of choices over the trick
    peeking: bool  # pass-and-play: the viewer is looking at its objective
    pending_hand: dict[int, int]  # Malus+ targets: cards they draw next, unseen
    # -- drawing -----------------------------------------------------------------------------------
    glow: Task | None  # the Fusion X ring
    fitting: set[str]
    highlight: set[str]
    lifting: set[str]
    moment_cache: tuple[object, Moment | None]  # (actions applied, the window's moment)

    # -- helpers -----------------------------------------------------------------------------------
    def button(
        self,
        label: str,
        action: Callable[[], Any],
        key: int | None,
        max_lines: int = 2,
        **style: Any,
    ) -> FittedButton:
        """A button with a fitted label; ``key`` presses it (the label shows the key)."""
        widget = FittedButton(self.app, label, action, max_lines=max_lines, **style)
        widget.key_code = key  # type: ignore[attr-defined]  # read by NumxControls.hotkey
        return widget

    def refresh_turn(self) -> None:
        """The same decision with new buttons (the selection or the plan changed)."""
        seat = self.viewer
        if seat is None or seat not in self.session.to_act():
            return
        self.mark_picked()
        widgets = self.build_controls(seat, self.session.legal(seat))
        if self.picker is None and self.controls and self.card_widgets:
            self.refresh_controls(widgets)
        else:
            self.show_controls(widgets)

    def mark_picked(self) -> None:
        chosen = set(self.picked) | {p.card for p in self.planned}
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in chosen

    def fresh_steps(self) -> list[Action]:
        """The planned specials the engine does not hold yet, as actions."""
        return [p.step() for p in self.planned if not p.staged]

    def free_specials(self, hand: Sequence[str], kind: str) -> list[str]:
        """The hand's special cards of ``kind`` not planned yet."""
        planned = {p.card for p in self.planned}
        return [c for c in hand if KIND.get(c) == kind and c not in planned]

    def commit(self, steps: Sequence[Action]) -> None:
        """The prepared specials, then the play: one turn (each step checked by the engine)."""
        seat = self.viewer
        for step in steps:
            if not self.act(step, seat):
                return

    def trick_groups_model(self) -> list[int]:
        """The trick zones that hold cards now, oldest first (their group numbers)."""
        out = []
        for zone, refs in self.zones.rows.items():
            if zone.startswith("trick:") and refs:
                out.append(int(zone[6:]))
        return sorted(out)

    def refuse(self, reason: str) -> None:
        self.tell_refusal(reason)
