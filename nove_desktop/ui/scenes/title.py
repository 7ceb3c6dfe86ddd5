"""The title screen: Continue, New game, Rules, Settings, Statistics, Quit; About and the version
in the bottom corners."""

from __future__ import annotations

import math

import pygame

from ...i18n import _
from ...session import GameSession, SaveError
from ...version import app_version
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common

FAN = ["GA", "JR", "R5", "PB", "Y3", "GC", "P7"]


class TitleScene(common.MenuScene):
    name = "title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0
        self.continue_button = Button("Continue", self.resume_game, primary=True)
        self.buttons = [
            self.continue_button,
            Button("New game", self.new_game, primary=False),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("Statistics", self.statistics),
            Button("Quit", self.ask_quit),
        ]
        self.about_button = Button(_("About"), self.about)
        self.version = _("Version {version}").format(version=app_version())
        self.buttons.append(self.about_button)  # last: in a corner, out of the column
        self.focus = FocusGroup(self.buttons)

    def enter(self) -> None:
        self.refresh()
        self.layout()

    def resume(self) -> None:
        self.refresh()
        self.layout()

    def refresh(self) -> None:
        result = self.app.storage.load_game()
        if result.problem:
            self.app.notify(result.problem, error=True, seconds=7)
        data = result.data
        self.continue_button.enabled = bool(data) and not data.get("finished", False)
        self.continue_button.visible = self.continue_button.enabled
        self.buttons[1].primary = not self.continue_button.enabled
        self.focus.set(self.buttons, keep=False)

    def layout(self) -> None:
        shown = [b for b in self.buttons if b.visible and b is not self.about_button]
        common.column(self.app, shown, top=334, width=340, height=48, gap=10)
        w, h = self.app.size
        self.about_button.rect = pygame.Rect(0, 0, self.app.s(150), self.app.s(40))
        self.about_button.rect.bottomright = (w - self.app.s(24), h - self.app.s(20))

    # -- actions ---------------------------------------------------------------------------------
    def resume_game(self) -> None:
        from .table_nove import NoveTableScene

        result = self.app.storage.load_game()
        if result.data is None:
            self.refresh()
            return
        try:
            session = GameSession.from_save(result.data, self.app.registry)
        except SaveError as exc:
            self.app.notify(f"{exc}", error=True, seconds=7)
            self.app.storage.set_aside_game()
            self.refresh()
            return
        self.app.stack.push(NoveTableScene(self.app, session, resumed=True))

    def ask_quit(self) -> None:
        from .dialog import ConfirmDialog

        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Quit nove-desktop?",
                "A game in progress is saved: Continue resumes it.",
                self.app.quit,
                yes="Quit",
                no="Stay",
            )
        )

    def new_game(self) -> None:
        from .choose_game import ChooseGameScene

        self.app.stack.push(ChooseGameScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.stack.push(RulesScene(self.app, "nove"))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def statistics(self) -> None:
        from .statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def about(self) -> None:
        from .about import AboutScene

        self.app.stack.push(AboutScene(self.app))

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.ask_quit()

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        w, _h = surface.get_size()
        cw, ch = self.app.s(92), self.app.s(132)
        for i, card in enumerate(FAN):
            angle = (i - 3) * 9 + math.sin(self.time * 0.8 + i) * 1.5
            image = pygame.transform.rotozoom(self.app.art.face(card, cw, ch), -angle, 1.0)
            x = w // 2 + (i - 3) * self.app.s(58)
            y = self.app.s(190) + abs(i - 3) * self.app.s(9)
            surface.blit(image, image.get_rect(center=(x, y)))
        common.heading(surface, self.app, "NOVE", 28, size=72)
        common.text(
            surface,
            self.app,
            "card games at the table",
            (w // 2, self.app.s(300)),
            20,
            colour=(210, 230, 215),
            anchor="midtop",
        )
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        corner = (self.app.s(24), self.about_button.rect.centery)
        common.text(
            surface, self.app, self.version, corner, 15, colour=theme.MUTED, anchor="midleft"
        )
        hint = "Arrows/Tab to move, Enter to choose, F11 full screen"
        common.text(
            surface,
            self.app,
            hint,
            (w // 2, surface.get_height() - self.app.s(34)),
            15,
            colour=theme.MUTED,
            anchor="midtop",
        )
