"""A modal question with two answers (e.g. "Leave this game?")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import App
from ..widgets import Button, FocusGroup
from . import common


class ConfirmDialog(common.MenuScene):
    """Esc or "No" closes it; "Yes" closes it and runs ``on_yes``."""

    overlay = True
    name = "confirm"

    def __init__(
        self,
        app: App,
        question: str,
        detail: str,
        on_yes: Callable[[], None],
        yes: str = "Yes",
        no: str = "No",
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.no_button = Button(no, self.close)
        self.yes_button = Button(yes, self.confirm, primary=True)
        self.focus = FocusGroup([self.no_button, self.yes_button])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, self.app.s(620), self.app.s(260))
        self.box.center = (w // 2, h // 2)
        bw, bh = self.app.s(200), self.app.s(54)
        self.no_button.rect = pygame.Rect(0, 0, bw, bh)
        self.yes_button.rect = pygame.Rect(0, 0, bw, bh)
        self.no_button.rect.bottomright = (
            self.box.centerx - self.app.s(12),
            self.box.bottom - self.app.s(26),
        )
        self.yes_button.rect.bottomleft = (
            self.box.centerx + self.app.s(12),
            self.box.bottom - self.app.s(26),
        )

    def close(self) -> None:
        self.app.stack.remove(self)

    def confirm(self) -> None:
        self.close()
        self.on_yes()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        common.dim(surface)
        common.panel(surface, self.box, self.app, 245)
        common.text(
            surface,
            self.app,
            self.question,
            (self.box.centerx, self.box.y + self.app.s(34)),
            30,
            bold=True,
            anchor="midtop",
        )
        common.text(
            surface,
            self.app,
            self.detail,
            (self.box.centerx, self.box.y + self.app.s(90)),
            19,
            colour=(210, 214, 210),
            anchor="midtop",
        )
        self.focus.draw(surface, self.app.fonts, self.app.scale)
