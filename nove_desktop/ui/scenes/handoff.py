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
        self,
        app: App,
        player: str,
        on_ready: Callable[[], None],
        on_menu: Callable[[], None] | None = None,
        deck: str = "nove",
    ) -> None:
        """``on_menu`` opens the table's menu over this screen (no hand shown); ``deck``: the
        face set of the game being played (its card backs are shown)."""
        super().__init__(app)
        self.player = player
        self.deck = deck
        self.on_ready = on_ready
        self.on_menu = on_menu  # the table's menu, opened over this screen (no hand shown)
        self.ready = Button(
            _("I am {name}: show my cards").format(name=player), self.confirm, primary=True
        )
        self.menu_button = Button(_("Menu"), self.open_menu)
        self.menu_button.visible = on_menu is not None
        self.focus = FocusGroup([self.ready, self.menu_button])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.ready.rect = pygame.Rect(0, 0, self.app.s(560), self.app.s(64))
        self.ready.rect.center = (w // 2, h // 2 + self.app.s(90))
        self.menu_button.rect = pygame.Rect(
            self.app.s(12), self.app.s(10), self.app.s(88), self.app.s(34)
        )  # where the table's Menu is

    def confirm(self) -> None:
        self.app.stack.remove(self)
        self.on_ready()

    def open_menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def on_escape(self) -> None:
        """Esc opens the table's menu over this screen: leave, or change the pace, without
        anyone's hand being shown."""
        self.open_menu()

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
