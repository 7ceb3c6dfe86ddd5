"""The NOVE seat's decisions: the exchange (pick up to three cards), the NOVE declaration and the
joker's scoring value (each option with the points it brings, the best one focused), and
Hit / Stand / Jokers? / NOVE with their keys."""

from __future__ import annotations

import pygame

from ....engine.actions import Action
from ....games.nove import hand as H
from ....games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from ....games.nove.cards import OPTION_VALUE
from ....i18n import _, ngettext
from ...table import paint
from ...widgets import Button, Widget
from .base import NoveBase, hand_zone
from .geometry import centre_band, option_grid
from .preview import joker_points
from .words import option_name


class NoveControls(NoveBase):
    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.selected = set()
        self.joker_points = {}
        self.exchange_button = None
        first = legal[0]
        if isinstance(first, Discard):
            self.exchange_button = Button(
                _("Keep all 3 cards"), self.confirm_exchange, primary=True
            )
            return [self.exchange_button]
        if isinstance(first, ChooseJoker):
            choices = [a for a in legal if isinstance(a, ChooseJoker)]
            self.joker_points = self.preview_jokers(seat, choices)
            best = max(
                choices,
                key=lambda a: (self.joker_points.get(a.option, -99), OPTION_VALUE[a.option]),
            )
            ordered = [best, *[a for a in choices if a != best]]
            return [self.action_button(self.option_label(a), a, primary=a == best) for a in ordered]
        if isinstance(first, DeclareNove):
            declarations = [a for a in legal if isinstance(a, DeclareNove)]
            return [self.action_button(self.option_label(a), a, primary=True) for a in declarations]
        buttons: list[Widget] = []
        for action in legal:
            if isinstance(action, Hit):
                buttons.insert(0, self.action_button(_("Hit  (H)"), action, primary=True))
            elif isinstance(action, Stand):
                buttons.append(self.action_button(_("Stand  (S)"), action))
            elif isinstance(action, AskJokers):
                buttons.append(self.action_button(_("Jokers?  (J)"), action))
            elif isinstance(action, AnnounceNove):
                label = _("NOVE!  (N)") if action.option is None else self.nove_label(action.option)
                buttons.append(self.action_button(label, action))
        return buttons

    def nove_label(self, option: str) -> str:
        """A NOVE with a free joker, as the player weighs it: the hand's value it announces
        and what the joker then stands for ("NOVE at 8: the joker counts as 1")."""
        fixed, _free = self.own_split()
        return _("NOVE at {total}: the joker counts as {value}").format(
            total=H.base_value([*fixed, option]), value=option_name(option)
        )

    def option_label(self, action: DeclareNove | ChooseJoker) -> str:
        option = action.option
        if isinstance(action, DeclareNove):
            return self.nove_label(option)
        value = self.hand_total(option)
        points = self.joker_points.get(option)
        if points is None:
            return _("Joker = {value}: {total}").format(value=option_name(option), total=value)
        return ngettext(
            "Joker = {value}: {total} ({points:+d} point)",
            "Joker = {value}: {total} ({points:+d} points)",
            abs(points),
        ).format(value=option_name(option), total=value, points=points)

    def hand_total(self, option: str | None) -> int:
        fixed, free = self.own_split()
        return H.base_value(fixed) + (OPTION_VALUE[option] if (free and option) else 0)

    def preview_jokers(self, seat: int, legal: list[ChooseJoker]) -> dict[str, int]:
        """Points each joker option would bring this round (see ``preview``: all hands are
        face up at this point, and the points come from this round's scoring only)."""
        sample = self.session.sample(seat)
        if sample is None:  # no state on this computer (a server's game): no preview
            return {}
        return joker_points(self.game, sample, seat, legal)

    def place_controls(self, widgets: list[Widget]) -> None:
        """The NOVE and joker options in two columns over the table's centre, where only the
        piles lie (they do not matter at that moment): below the cards of the seats across
        the table, between those at the sides, above the player's hand. Every hand stays in
        view (the joker's best value depends on them). Other decisions as usual."""
        self.grid_bottom = 0.0
        if len(widgets) <= 4:
            super().place_controls(widgets)
            return
        rects, self.grid_bottom = option_grid(centre_band(self.spots), len(widgets))
        for widget, rect in zip(widgets, rects, strict=True):
            widget.rect = paint.rect_to_screen(self.app, rect)

    def grid_over_status(self) -> bool:
        """The option grid reaches down over the status lines (their words would peek out
        between its buttons: the buttons say what to do, and the plates show each NOVE)."""
        return bool(self.controls) and self.grid_bottom > paint.STATUS_Y

    # -- the exchange ----------------------------------------------------------------------------
    def exchanging(self) -> bool:
        return self.exchange_button is not None and bool(self.controls)

    def selectable(self, ref: str) -> bool:
        return (
            self.exchanging()
            and self.viewer is not None
            and ref in self.zones.row(hand_zone(self.viewer))
        )

    def card_clicked(self, ref: str) -> None:
        if ref in self.selected:
            self.selected.remove(ref)
        else:
            self.selected.add(ref)
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in self.selected
        count = len(self.selected)
        if self.exchange_button is not None:
            self.exchange_button.label = (
                _("Keep all 3 cards")
                if count == 0
                else ngettext("Exchange {n} card", "Exchange {n} cards", count).format(n=count)
            )
        self.app.sounds.play("click")

    def confirm_exchange(self) -> None:
        self.act(Discard(tuple(sorted(self.selected))))

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected = set()
            for sprite in self.sprites.values():
                sprite.selected = False
        super().show_controls(widgets)

    def hotkey(self, key: int) -> bool:
        seat = self.viewer
        if seat is None:
            return False
        # A move key at the wrong moment is still the player's move: ``act`` refuses it with
        # the engine's reason ("you cannot hit now: choose 0 to 3 cards to exchange").
        moves: dict[int, Action] = {
            pygame.K_h: Hit(),
            pygame.K_s: Stand(),
            pygame.K_j: AskJokers(),
            pygame.K_n: AnnounceNove(None),
        }
        action = moves.get(key)
        if action is None:
            return False
        if isinstance(action, AnnounceNove):
            announce = [a for a in self.session.legal(seat) if isinstance(a, AnnounceNove)]
            action = announce[0] if announce else action
        self.act(action)
        return True
