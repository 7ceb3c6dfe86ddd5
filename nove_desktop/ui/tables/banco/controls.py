"""The banco table's decisions: a bet slider limited to the legal range (with the reason when it
is capped), preset to the player's previous bet so that Enter bets; then Hit and Stand, the focus
on the likelier one; and their keys."""

from __future__ import annotations

import pygame

from ....engine.actions import Action
from ....games.banco.actions import HIT, STAND, Bet, bet
from ....i18n import _
from ...table import paint
from ...widgets import Button, Slider, Widget
from . import words
from .base import BancoBase

SLIDER_STEPS = {
    pygame.K_LEFT: -1,
    pygame.K_RIGHT: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,
    pygame.K_KP_PLUS: 1,
}
SLIDER_JUMPS = (pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
BET_KEYS = (pygame.K_b, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class BancoControls(BancoBase):
    """A part of :class:`~.table.BancoTable`: the seat's decisions."""

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.slider = self.bet_button = self.preferred = None
        amounts = [a.amount for a in legal if isinstance(a, Bet)]
        if amounts:
            return self.bet_controls(seat, min(amounts), max(amounts))
        buttons: list[Widget] = []
        if HIT in legal:
            buttons.append(Button(_("Hit  (H)"), lambda: self.act(HIT), primary=True))
        if STAND in legal:
            buttons.append(Button(_("Stand  (S)"), lambda: self.act(STAND)))
        score = self.observe().score
        if score is not None and score >= 8 and len(buttons) == 2:
            self.preferred = buttons[1]  # the likelier move gets the focus, not the first
        return buttons

    def bet_controls(self, seat: int, low: int, high: int) -> list[Widget]:
        """The slider over the legal range (preset to this player's previous bet), and the
        Bet button the focus starts on: a routine bet is one click or Enter."""
        obs = self.observe()
        caption = words.cap_words(low, high, obs.bet_cap, obs.max_bet)
        preset = min(high, max(low, self.last_bet.get(seat, low)))
        self.slider = Slider(caption, low, high, preset, self.bet_changed)
        self.slider.hint = _("Left and right arrows change the bet")
        self.bet_button = Button(self.bet_label(preset), self.place_bet, primary=True)
        return [self.bet_button, self.slider]

    def bet_label(self, amount: int) -> str:
        return _("Bet {n}  (Enter)").format(n=amount)

    def bet_changed(self, amount: int) -> None:
        if self.bet_button is not None:
            self.bet_button.label = self.bet_label(amount)

    def place_bet(self) -> None:
        if self.slider is not None:
            self.act(bet(self.slider.value))

    def betting(self) -> bool:
        return self.slider is not None and self.slider in self.controls

    def show_controls(self, widgets: list[Widget]) -> None:
        super().show_controls(widgets)
        if self.preferred is not None and self.preferred in widgets:
            self.focus.focus(self.preferred)

    def place_controls(self, widgets: list[Widget]) -> None:
        """The slider above the Bet button at the bottom right; Hit and Stand as usual."""
        if self.slider is None or self.slider not in widgets:
            super().place_controls(widgets)
            return
        to_screen = paint.rect_to_screen
        # Wide enough for a translated caption ("Mise de 1 à 10 : plafond de la table : 10").
        self.slider.rect = to_screen(self.app, pygame.FRect(900, 578, 366, 74))
        if self.bet_button is not None:
            self.bet_button.rect = to_screen(self.app, pygame.FRect(900, 660, 366, 46))

    def hotkey(self, key: int) -> bool:
        """H and S hit and stand, B or Enter bets (the engine explains a refusal); while
        betting the arrows, +/- and Home/End/PageUp/PageDown move the slider."""
        if key == pygame.K_h:
            self.act(HIT)
            return True
        if key == pygame.K_s:
            self.act(STAND)
            return True
        slider = self.slider
        if slider is None or not self.betting():
            if key == pygame.K_b and self.viewer is not None:
                self.act(bet(self.last_bet.get(self.viewer, 1)))
                return True
            return False
        if key in SLIDER_STEPS:
            slider.adjust(SLIDER_STEPS[key])
            return True
        if key in SLIDER_JUMPS:
            return slider.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        if key in BET_KEYS:
            self.place_bet()
            return True
        return False
