"""The browsable discard pile: every card that left play this round, face up, sorted by value
(the pile is public), with how many copies of each value are still unseen."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....games.numx.cards import CLASSICS, FACE, ORDER
from ....i18n import _, ngettext
from ... import theme
from ...app import App
from ...scenes import common
from ...table.text import fitted
from ...widgets import Button, FocusGroup
from .words import card_words

CARD_W = 46  # design units
ROW = 13


class DiscardScene(common.MenuScene):
    """Drawn over the table; Esc, Enter, B or the button closes it."""

    overlay = True
    name = "discard"

    def __init__(self, app: App, cards: Sequence[str], deck: str, out_of_view: int) -> None:
        super().__init__(app)
        self.cards = sorted(cards, key=ORDER.__getitem__)
        self.deck = deck
        self.out_of_view = out_of_view  # cards in hands and the deck (unseen by the viewer)
        self.button = Button(_("Close (B)"), self.close, primary=True)
        self.focus = FocusGroup([self.button])
        self.focus.keyboard = True
        self.box = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        self.box = pygame.Rect(0, 0, min(w - app.s(30), app.s(760)), min(h - app.s(30), app.s(640)))
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, app.s(220), app.s(46))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - app.s(14))

    def close(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.close()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.dim(surface, 120)
        common.panel(surface, self.box, app, 250)
        title = ngettext(
            "Discard pile: {n} card", "Discard pile: {n} cards", len(self.cards)
        ).format(n=len(self.cards))
        image = fitted(app, title, self.box.width - app.s(40), app.s(24), theme.ACCENT, bold=True)
        surface.blit(image, image.get_rect(midtop=(self.box.centerx, self.box.y + app.s(12))))
        if not self.cards:
            empty = fitted(
                app,
                _("Nothing has been discarded this round."),
                self.box.width - app.s(40),
                app.s(18),
                theme.MUTED,
            )
            surface.blit(empty, empty.get_rect(center=self.box.center))
        w, h = app.s(CARD_W), app.s(CARD_W * 1.42)
        step_x, step_y = app.s(CARD_W + 8), app.s(CARD_W * 1.42 + 8)
        left = self.box.centerx - (ROW * step_x - app.s(8)) // 2
        top = self.box.y + app.s(52)
        for i, card in enumerate(self.cards):
            x = left + (i % ROW) * step_x
            y = top + (i // ROW) * step_y
            if y + h > self.button.rect.top - app.s(40):
                more = fitted(
                    app,
                    _("... and {n} more").format(n=len(self.cards) - i),
                    self.box.width // 2,
                    app.s(15),
                    theme.MUTED,
                )
                surface.blit(more, (left, y))
                break
            surface.blit(app.art.face(card, w, h, self.deck), (x, y))
        note = fitted(
            app, self.unseen_note(), self.box.width - app.s(40), app.s(15), theme.MUTED, max_lines=3
        )
        surface.blit(
            note, note.get_rect(midbottom=(self.box.centerx, self.button.rect.top - app.s(8)))
        )
        self.focus.draw(surface, app.fonts, app.scale)

    def unseen_note(self) -> str:
        """How many copies of each discarded value are elsewhere (a hand, the deck, a malus
        area, the trick), and how many cards the viewer cannot see."""
        gone: dict[str, int] = {}
        for card in self.cards:
            gone[FACE[card]] = gone.get(FACE[card], 0) + 1
        total: dict[str, int] = {}
        for card in CLASSICS:
            total[FACE[card]] = total.get(FACE[card], 0) + 1
        parts = []
        for face, count in total.items():
            if gone.get(face):
                first = next(c for c in CLASSICS if FACE[c] == face)
                parts.append(f"{card_words(first)}: {count - gone[face]}/{count}")
        lines = []
        if parts:
            lines.append(_("Copies still in play: {list}.").format(list=", ".join(parts)))
        lines.append(
            ngettext(
                "{n} card is hidden in hands or in the deck.",
                "{n} cards are hidden in hands or in the deck.",
                self.out_of_view,
            ).format(n=self.out_of_view)
        )
        return " ".join(lines)
