"""The Kaël table's decisions: the dealer's hand size, a turn (pick a single, pair or triple, then
"Draw from deck" or "Take [card]"; the X and squares are one "Lay (no draw)"; the call), the
good-draw prompt, the cut window's buttons, and picking cards by mouse or keyboard."""

from __future__ import annotations

import functools

import pygame

from ....engine.actions import Action
from ....games.kael.actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    KeepCard,
    Lay,
    LayPass,
    LaySquare,
    Pass,
)
from ....games.kael.cards import RANK
from ....i18n import _, ngettext
from ...table.moments import Moment, OpenMoment
from ...widgets import Button, Widget
from .base import KaelBase
from .geometry import TABLE, hand_zone, sort_key
from .words import rank_words

GOOD_DRAW_SECONDS = 4.0


def keyed(button: Button, key: int) -> Button:
    """``button``, pressed by ``key`` too (the letter in its label)."""
    button.hotkey = key
    return button


class KaelControls(KaelBase):
    """The decisions of the Kaël table (mixed into ``KaelTable``)."""

    # == windows and prompts =====================================================================
    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        legal = self.session.legal(acting[0])
        if Pass() in legal:
            return Moment("cut", self.app.settings.window_seconds, Pass(), public=True)
        if KeepCard() in legal:
            return Moment("good_draw", GOOD_DRAW_SECONDS, KeepCard(), public=False)
        return None

    def auto_answer(self, seat: int, legal: list[Action]) -> Action | None:
        if GoodDraw() in legal and self.app.settings.always_good_draw:
            return GoodDraw()
        return None

    def window_controls(self, moment: OpenMoment, acting: tuple[int, ...]) -> list[Widget]:
        humans = [s for s in acting if self.session.is_human(s)]
        if not humans:
            return []
        if not self.pass_and_play:
            seat = humans[0]
            buttons: list[Widget] = []
            if Cut() in self.session.legal(seat):
                buttons.append(
                    keyed(
                        Button(
                            _("CUT!  (C)"), lambda: self.answer_window(seat, Cut()), primary=True
                        ),
                        pygame.K_c,
                    )
                )
            buttons.append(Button(_("Go on"), lambda: self.answer_window(seat, Pass())))
            return buttons
        # Pass-and-play: one Cut button per human seat, never a hint of who can cut.
        buttons = [
            Button(
                _("Cut: {name}").format(name=self.names[s]), functools.partial(self.press_cut, s)
            )
            for s in humans
        ]
        buttons.append(Button(_("Go on"), self.everyone_passes))
        return buttons

    def press_cut(self, seat: int) -> None:
        if Cut() in self.session.legal(seat):
            self.answer_window(seat, Cut())
        else:
            self.window_note = _("{name}: no cut possible").format(name=self.names[seat])
            self.status = self.window_note

    def everyone_passes(self) -> None:
        for seat in list(self.session.to_act()):
            if self.session.is_human(seat) and Pass() in self.session.legal(seat):
                self.answer_window(seat, Pass())
                if self.moment is None:
                    return

    # == a seat's decision =======================================================================
    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        first = legal[0]
        if isinstance(first, ChooseHandSize):
            # In order 2..7; the usual choice (5, spec 14) is highlighted and has the focus.
            sizes = sorted(
                (a for a in legal if isinstance(a, ChooseHandSize)), key=lambda a: a.size
            )
            best = next((a for a in sizes if a.size == 5), sizes[0])
            buttons = [
                self.action_button(
                    ngettext("Deal {n} card", "Deal {n} cards", a.size).format(n=a.size),
                    a,
                    primary=a == best,
                )
                for a in sizes
            ]
            self.preferred = buttons[sizes.index(best)]
            return list(buttons)
        if isinstance(first, GoodDraw | KeepCard):
            card = self.observe().good_draw
            rank = rank_words(RANK[card]) if card else ""
            self.status = _("Good draw! Lay the {rank} again?").format(rank=rank)
            return [
                keyed(self.action_button(_("Lay it  (G)"), GoodDraw(), primary=True), pygame.K_g),
                keyed(self.action_button(_("Keep it  (K)"), KeepCard()), pygame.K_k),
            ]
        return self.turn_controls(seat, legal)

    def turn_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        buttons: list[Widget] = []
        top = self.zones.row(TABLE)[-1] if self.zones.row(TABLE) else None
        chosen = tuple(sorted(self.selected, key=sort_key))
        if not self.zones.row(hand_zone(seat)):
            for action in legal:
                if isinstance(action, DrawOnly):
                    label = (
                        _("Draw from deck  (D)")
                        if action.source == DECK_SOURCE
                        else _("Take the {rank}  (T)").format(rank=rank_words(RANK[top or "X"]))
                    )
                    key = pygame.K_d if action.source == DECK_SOURCE else pygame.K_t
                    buttons.append(
                        keyed(self.action_button(label, action, primary=not buttons), key)
                    )
        elif chosen:
            for action in self.lays_for(chosen, legal):
                key = pygame.K_t if getattr(action, "source", "") == TABLE_SOURCE else pygame.K_d
                buttons.append(
                    keyed(
                        self.action_button(
                            self.lay_label(action, top), action, primary=not buttons
                        ),
                        key,
                    )
                )
            if not buttons:
                buttons.append(Button(_("These cards cannot be laid together"), lambda: None))
                buttons[-1].enabled = False
        else:
            hint = Button(_("Select cards to lay"), lambda: None)
            hint.enabled = False
            buttons.append(hint)
        if CallKael() in legal:
            total = self.own_total()
            call = Button(_("Kaël!  (K)"), self.call_kael, danger=total > 5)
            call.action = CallKael()
            buttons.append(keyed(call, pygame.K_k))
        return buttons

    def lays_for(self, chosen: tuple[str, ...], legal: list[Action]) -> list[Action]:
        """The legal actions that lay exactly the chosen cards, deck draw first."""
        out: list[Action] = [
            a for a in legal if isinstance(a, Lay | LaySquare) and a.cards == chosen
        ]
        if chosen == ("X",) and LayPass() in legal:
            out.append(LayPass())
        return sorted(out, key=lambda a: 0 if getattr(a, "source", "") == DECK_SOURCE else 1)

    def lay_label(self, action: Action, top: str | None) -> str:
        if isinstance(action, Lay):
            if action.source == DECK_SOURCE:
                return _("Draw from deck  (D)")
            return _("Take the {rank}  (T)").format(rank=rank_words(RANK[top or "X"]))
        return _("Lay (no draw)  (D)")

    def call_kael(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        total = self.own_total()
        if total <= 5:
            self.act(CallKael())
            return
        self.app.scenes.push(
            "confirm",
            question=_("A false Kaël?"),
            detail=_(
                "Your hand is {total}: calling above 5 scores +20 and you lose your "
                "landings for the rest of the game."
            ).format(total=total),
            on_yes=lambda: self.act(CallKael()),
            yes=_("Call anyway"),
            no=_("Don't call"),
        )

    # == picking cards ===========================================================================
    def selectable(self, ref: str) -> bool:
        if self.viewer is None or self.moment is not None:
            return False
        if ref not in self.zones.row(hand_zone(self.viewer)):
            return False
        legal = self.session.legal(self.viewer)
        return any(isinstance(a, Lay | LaySquare | LayPass) for a in legal)

    def card_clicked(self, ref: str) -> None:
        """Cards of one rank go together (spec 15: same-rank groups snap together): a first
        card picks its whole group when the group can be laid as it is; picking a card again
        puts it back (to lay fewer); a card of another rank starts a new choice. Mouse and
        keyboard both come here, so they pick the same cards."""
        if ref in self.selected:
            self.selected.remove(ref)
        elif self.selected and RANK[self.selected[0]] == RANK[ref]:
            self.selected.append(ref)
        else:
            self.selected = self.group_of(ref)
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in self.selected
        self.app.sounds.play("click")
        seat = self.viewer
        if seat is not None:
            self.refresh_controls(self.turn_controls(seat, self.session.legal(seat)))

    def group_of(self, ref: str) -> list[str]:
        """``ref`` with the other cards of its rank in the viewer's hand, when a legal lay
        takes exactly those; else ``ref`` alone."""
        seat = self.viewer
        if seat is None:
            return [ref]
        group = [r for r in self.zones.row(hand_zone(seat)) if RANK.get(r) == RANK.get(ref)]
        chosen = tuple(sorted(group, key=sort_key))
        if len(group) > 1 and self.lays_for(chosen, self.session.legal(seat)):
            return group
        return [ref]

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected = []
            for sprite in self.sprites.values():
                sprite.selected = False
        super().show_controls(widgets)
        if self.preferred is not None and self.preferred in widgets:
            self.focus.focus(self.preferred)
        self.preferred = None

    def hotkey(self, key: int) -> bool:
        if key == pygame.K_h:
            self.open_history()
            return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_h and not self.controls:
            self.open_history()
            return True
        return super().key(key)
