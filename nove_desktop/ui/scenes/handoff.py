"""Pass-and-play hand-off: "Pass to NAME". Opaque on purpose: while it is up, the table below
is not drawn at all, so no private card of any seat can appear until the next player confirms."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common


class HandoffScene(common.MenuScene):
    overlay = False  # never draw the table underneath
    name = "handoff"

    def __init__(
        self, app: App, player: str, on_ready: Callable[[], None], deck: str = "nove"
    ) -> None:
        """``deck``: the face set of the game being played (its card backs are shown)."""
        super().__init__(app)
        self.player = player
        self.deck = deck
        self.on_ready = on_ready
        self.ready = Button(_("I am {name}: show my cards").format(name=player), self.confirm,
                            primary=True)
        self.focus = FocusGroup([self.ready])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.ready.rect = pygame.Rect(0, 0, self.app.s(560), self.app.s(64))
        self.ready.rect.center = (w // 2, h // 2 + self.app.s(90))

    def confirm(self) -> None:
        self.app.stack.remove(self)
        self.on_ready()

    def on_escape(self) -> None:
        """Esc does nothing here: the table's menu is reachable after the hand-off."""

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        w, h = surface.get_size()
        back = self.app.art.back(self.app.s(110), self.app.s(160), self.deck)
        for i in range(3):
            surface.blit(
                back,
                back.get_rect(
                    center=(
                        w // 2 + (i - 1) * self.app.s(34),
                        h // 2 - self.app.s(170) + abs(i - 1) * self.app.s(8),
                    )
                ),
            )
        common.text(
            surface,
            self.app,
            _("Pass the computer to {name}").format(name=self.player),
            (w // 2, h // 2 - self.app.s(10)),
            40,
            colour=theme.ACCENT,
            bold=True,
            anchor="midbottom",
        )
        common.text(
            surface,
            self.app,
            _("Everyone else: please look away."),
            (w // 2, h // 2 + self.app.s(4)),
            20,
            colour=theme.MUTED,
            anchor="midtop",
        )
        self.focus.draw(surface, self.app.fonts, self.app.scale)
