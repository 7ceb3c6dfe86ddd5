"""Undo at the table: Ctrl+Z and the HUD's Undo button take back the player's last move (and the
AI moves made after it) while the rule of ``nove_desktop/undo.py`` allows it; otherwise the
player is told why, in their words.

The session cuts its action list and rebuilds the state by replay; the table is then rebuilt the
way Continue builds a resumed game (``resumed=True``: sprites at their places from the
observation, the move log re-run from the kept actions), so nothing of the undone moves is left
on screen: no card in flight, no banner, no open window, no pending AI answer. The new table
takes over the AI worker (no new process to start).
"""

from __future__ import annotations

from typing import Self

import pygame

from ...i18n import _
from ...undo import UndoRefusal
from ..scenes import common
from ..widgets import Button
from .ai_runner import AIRunner
from .hooks import TablePart
from .text import fitted

UNDO_MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+Z (Cmd+Z on a Mac keyboard)


def refusal_words(why: UndoRefusal) -> str:
    """Why the last move cannot be taken back, for the player."""
    if why == UndoRefusal.PASS_AND_PLAY:
        return _("Undo is not available when several people play at this table.")
    if why == UndoRefusal.NO_PLAYER:
        return _("There is no move of yours to take back at this table.")
    if why == UndoRefusal.NOTHING:
        return _("You have no move to take back yet.")
    if why == UndoRefusal.GAME_OVER:
        return _("The game is over: its moves can no longer be taken back.")
    if why == UndoRefusal.ROUND_OVER:
        return _("Your last move cannot be taken back: the round has ended since.")
    return _("Your last move cannot be taken back: a card has been shown to you since.")


class UndoButton(Button):
    """The HUD's Undo button: dimmed while the rule refuses, yet a click still answers with
    the reason (a dead button would leave the player guessing)."""

    def activate(self) -> None:
        if self.visible:
            self.on_click()


def is_undo_key(event: pygame.event.Event) -> bool:
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_z
        and bool(getattr(event, "mod", 0) & UNDO_MODIFIERS)
    )


class UndoMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    def make_undo_button(self) -> UndoButton:
        """Shown at a table of exactly one person (never in pass-and-play), when the session
        can take moves back."""
        button = UndoButton(_("Undo"), self.undo)
        button.visible = self.session.can_undo and len(self.session.human_seats) == 1
        self.undo_hover = False
        self.undo_judged_at = -1  # the position the button was last judged at
        return button

    def update_undo_button(self) -> None:
        """Lit while the rule allows an undo; judged only once the queued events have played,
        so the button never changes before the move that changed it is shown, and once per
        position (the rule reads the whole move list)."""
        if not self.queue and self.undo_judged_at != self.session.position:
            self.judge_undo()

    def judge_undo(self) -> None:
        """Light or dim the Undo button by the rule, now."""
        button = self.undo_button
        self.undo_judged_at = self.session.position
        if button.visible:
            button.enabled = self.session.undo_refusal() is None

    def undo(self) -> None:
        """Ctrl+Z or the Undo button: take back the last move, or say why not."""
        why = self.session.undo_refusal()
        if why is not None:
            self.app.notify(refusal_words(why), error=True)
            return
        self.session.ui = {**self.session.ui, "hinted": sorted(self.hinted)}
        taken = self.session.undo()
        runner, self.runner = self.runner, AIRunner(workers=1)
        runner.forget()
        table = self.rebuilt()
        table.runner.shutdown()
        table.runner = runner
        self.app.stack.replace(table)  # this table's exit saves the game as it now stands
        self.app.sounds.play("click")
        if taken > 1:
            self.app.notify(_("Your last move and the moves after it were taken back."))
        else:
            self.app.notify(_("Your last move was taken back."))

    def rebuilt(self) -> Self:
        """A new table for the session as it now stands, built as a resumed game is."""
        table = type(self)(self.app, self.session, resumed=True)
        table.game_key = self.game_key  # the same game: counted once, whatever happens next
        table.coach = self.coach  # a guided game keeps its coach and the steps already shown
        return table

    def hover_undo(self, pos: tuple[int, int]) -> None:
        button = self.undo_button
        self.undo_hover = button.visible and button.rect.collidepoint(pos)

    def undo_tip(self) -> str:
        why = self.session.undo_refusal()
        if why is None:
            return _("Take back your last move (Ctrl+Z)")
        return refusal_words(why)

    def draw_undo_tip(self, surface: pygame.Surface) -> None:
        """The tooltip under the Undo button while the mouse rests on it."""
        if not self.undo_hover or not self.undo_button.visible:
            return
        app = self.app
        image = fitted(app, self.undo_tip(), app.s(420), app.s(15), (230, 236, 230))
        pad = app.s(8)
        box = image.get_rect().inflate(pad * 2, pad * 2)
        box.topleft = (self.undo_button.rect.left, self.undo_button.rect.bottom + app.s(6))
        box.right = min(box.right, surface.get_width() - app.s(4))
        common.panel(surface, box, app, 240)
        surface.blit(image, image.get_rect(center=box.center))
