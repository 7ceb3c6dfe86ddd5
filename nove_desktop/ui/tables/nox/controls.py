"""The viewer's turn at the NOX table: pick a card of the hand (click, the keys 1-3, or
Tab/arrows and Enter), and every place it may go lights up (each kitty's next slot for a new
stack, and each stack whose top card has its colour); hovering or focusing a place previews it
(the points before and after, the stacks that merge); a click, Enter or a drop plays it. A card
can also be carried there with the mouse. A click on any other place tries it and shows the
engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from ....engine.actions import Action
from ....games.nox.actions import Play
from ....i18n import _
from ...table import hud, paint
from ...widgets import Button, Widget
from . import draw
from .base import NoxBase, hand_zone
from .geometry import SLOTS
from .preview import Outcome, play_outcome
from .words import card_words, preview_words

if TYPE_CHECKING:
    from .table import NoxTable

CARD_KEYS = {
    pygame.K_1: 0,
    pygame.K_2: 1,
    pygame.K_3: 2,
    pygame.K_KP1: 0,
    pygame.K_KP2: 1,
    pygame.K_KP3: 2,
}


class TargetWidget(Widget):
    """A place the selected card may go (a stack to cover, a kitty's next slot): focusable,
    played with Enter or a click."""

    def __init__(self, table: NoxTable, action: Play) -> None:
        super().__init__()
        self.table = table
        self.action = action

    def activate(self) -> None:
        self.table.act(self.action)

    def draw(self, surface: pygame.Surface, fonts: Any, focused: bool, scale: float) -> None:
        draw.target(self.table, surface, self, focused)


class NoxControls(NoxBase):
    """Picking a card, the lit places, their preview, the keys and drag-and-drop."""

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.selected_card = None
        self.pinned = None
        self.mark_selection()
        self.status = _("Your turn: pick a card (1-3), then a lit place")
        return self.turn_controls()

    def turn_controls(self) -> list[Widget]:
        if self.selected_card is None:
            hint = Button(_("Pick a card (1-3)"), lambda: None)
            hint.enabled = False
            return [hint]
        table = cast("NoxTable", self)  # the widgets draw with the whole table
        widgets: list[Widget] = [TargetWidget(table, action) for action in self.targets()]
        widgets.append(Button(_("Another card  (Backspace)"), lambda: self.select(None)))
        return widgets

    def targets(self) -> list[Play]:
        """The legal plays of the selected card, kitty by kitty from the viewer's round the
        table, stacks left to right, the new stack last."""
        card, seat = self.selected_card, self.viewer
        if card is None or seat is None:
            return []
        plays = [a for a in self.session.legal(seat) if isinstance(a, Play) and a.card == card]
        order = [(seat + k) % self.n for k in range(self.n)]
        return sorted(
            plays, key=lambda a: (order.index(a.target), SLOTS if a.stack is None else a.stack)
        )

    def focus_order(self, widgets: list[Widget]) -> list[Widget]:
        return [*self.card_widgets, *widgets]

    def place_controls(self, widgets: list[Widget]) -> None:
        buttons = [w for w in widgets if not isinstance(w, TargetWidget)]
        hud.place_controls(self, buttons)
        for widget in widgets:
            if isinstance(widget, TargetWidget):
                widget.rect = self.place_rect(widget.action.target, widget.action.stack)

    # -- picking a card --------------------------------------------------------------------------
    def selectable(self, ref: str) -> bool:
        seat = self.viewer
        return (
            seat is not None
            and not ref.startswith("?")
            and seat in self.session.to_act()
            and ref in self.zones.row(hand_zone(seat))
        )

    def draggable(self, ref: str) -> bool:
        return self.selectable(ref)

    def card_clicked(self, ref: str) -> None:
        self.select(None if ref == self.selected_card else ref)

    def drag_started(self, ref: str) -> None:
        if ref != self.selected_card:
            self.select(ref)

    def select(self, card: str | None) -> None:
        """Pick a card (or put it back): its places light up, the keyboard moves to the
        likeliest one."""
        if not self.controls:
            return
        self.selected_card = card
        self.mark_selection()
        self.app.sounds.play("click")
        self.refresh_controls(self.turn_controls())
        if card is not None:
            self.status = _(
                "{card}: choose a lit place \u2014 Enter plays, Backspace puts it back"
            ).format(card=card_words(card).capitalize())
            best = self.likeliest()
            if best is not None and self.focus.keyboard:
                self.focus.focus(best)
        else:
            self.status = _("Your turn: pick a card (1-3), then a lit place")

    def likeliest(self) -> TargetWidget | None:
        """The place the keyboard starts on: the one that raises the player's own kitty most,
        else the first."""
        widgets = [w for w in self.controls if isinstance(w, TargetWidget)]
        if not widgets:
            return None
        own = [w for w in widgets if w.action.target == self.viewer]
        gains = [(self.outcome_of(w), w) for w in own]
        scored = [(o.after - o.before, w) for o, w in gains if o is not None]
        best = max(scored, key=lambda item: item[0], default=None)
        if best is not None and best[0] > 0:
            return best[1]
        return widgets[0]

    def mark_selection(self) -> None:
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref == self.selected_card

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected_card = None
            self.mark_selection()
        super().show_controls(widgets)

    # -- the mouse: drops, clicks on places, hovering --------------------------------------------
    def card_dropped(self, ref: str, target: object) -> None:
        # ``target`` is what drop_target returned: a place (seat, stack or None).
        seat, stack = cast(tuple[int, int | None], target)
        if ref != self.selected_card:
            self.select(ref)
        self.act(Play(ref, seat, stack))

    def drop_target(self, ref: str, pos: tuple[int, int]) -> object | None:
        return self.place_at(pos)

    def place_at(self, pos: tuple[int, int]) -> tuple[int, int | None] | None:
        """The kitty place under ``pos``: (seat, stack index), or (seat, None) on an empty
        slot (a new stack)."""
        for seat, geometry in self.geometry.items():
            count = len(self.kitty_rows(seat))
            for index in range(SLOTS):
                if paint.rect_to_screen(self.app, geometry.slot_rect(index)).collidepoint(pos):
                    return (seat, index if index < count else None)
        return None

    def table_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on a place that is not lit tries the play (the engine says why not); a
        click on a stack opens it for a look; a click elsewhere puts the card back."""
        place = self.place_at(pos)
        if self.selected_card is not None and self.controls and place is not None:
            self.act(Play(self.selected_card, place[0], place[1]))
            return True
        if place is not None and place[1] is not None:
            spot = (place[0], place[1])
            self.pinned = None if self.pinned == spot else spot
            return True
        self.pinned = None
        if self.selected_card is not None and self.controls:
            self.select(None)
            return True
        return False

    def hover(self, pos: tuple[int, int]) -> None:
        super().hover(pos)
        self.hovered_place = self.place_at(pos)

    # -- keys ------------------------------------------------------------------------------------
    def hotkey(self, key: int) -> bool:
        if key in CARD_KEYS and self.viewer is not None:
            hand = [r for r in self.zones.row(hand_zone(self.viewer)) if self.selectable(r)]
            index = CARD_KEYS[key]
            if index < len(hand):
                self.focus.keyboard = True
                self.select(hand[index])
                return True
            return False
        if key == pygame.K_BACKSPACE and self.selected_card is not None:
            self.select(None)
            return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_s:
            self.open_sheet()
            return True
        return super().key(key)

    # -- the preview -----------------------------------------------------------------------------
    def preview_widget(self) -> TargetWidget | None:
        """The place being considered: under the mouse (or the carried card), else the one the
        keyboard is on."""
        if self.selected_card is None or not self.controls:
            return None
        widgets = [w for w in self.controls if isinstance(w, TargetWidget)]
        for widget in widgets:
            if widget.hovered:
                return widget
        focused = self.focus.focused
        if isinstance(focused, TargetWidget) and self.focus.keyboard:
            return focused
        return None

    def outcome_of(self, widget: TargetWidget) -> Outcome | None:
        action = widget.action
        stacks = self.kitty_rows(action.target)
        if action.stack is not None and action.stack >= len(stacks):
            return None
        return play_outcome(stacks, action.card, action.stack)

    def preview(self) -> tuple[int, Outcome] | None:
        widget = self.preview_widget()
        if widget is None:
            return None
        outcome = self.outcome_of(widget)
        return None if outcome is None else (widget.action.target, outcome)

    def preview_words(self) -> str:
        """The previewed play in a sentence: where, points before -> after, the merge, the end
        of the round."""
        widget = self.preview_widget()
        outcome = self.outcome_of(widget) if widget is not None else None
        if widget is None or outcome is None:
            return ""
        action = widget.action
        top = None if action.stack is None else self.kitty_rows(action.target)[action.stack][-1]
        return preview_words(self.names, self.viewer, action, outcome, top)
