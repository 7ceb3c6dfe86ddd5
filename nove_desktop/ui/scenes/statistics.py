"""The statistics page: games played, won, win rate and best score of every game."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...storage import GameStats
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common

DASH = "\u2014"
COLUMNS = ("Game", "Played", "Won", "Win rate", "Best score")
# Right edges of the number columns and the left edge of the game column, as fractions of the
# table's width.
GAME_X = 0.05
NUMBER_RIGHTS = (0.46, 0.62, 0.79, 0.95)


@dataclass(frozen=True)
class Row:
    """One line of the table, already as text."""

    title: str
    cells: tuple[str, str, str, str]


def row_for(title: str, stats: GameStats | None) -> Row:
    """A game's row; a game never played shows dashes."""
    if stats is None or stats.played == 0:
        return Row(title, (DASH, DASH, DASH, DASH))
    rate = f"{round(100 * stats.won / stats.played)}%"
    best = DASH if stats.best_score is None else str(stats.best_score)
    return Row(title, (str(stats.played), str(stats.won), rate, best))


class StatisticsScene(common.MenuScene):
    """A table with one row per registered game."""

    name = "statistics"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.back_button = Button("Back", self.close)
        self.focus = FocusGroup([self.back_button])
        self.table = pygame.Rect(0, 0, 0, 0)

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()
        self.layout()

    def resume(self) -> None:
        self.refresh()
        self.layout()

    def refresh(self) -> None:
        statistics, problem = self.app.storage.load_statistics()
        if problem:
            self.app.notify(problem, error=True, seconds=7)
        self.rows = [row_for(game.title, statistics.get(game.id)) for game in self.app.registry]

    @property
    def any_played(self) -> bool:
        return any(row.cells[0] != DASH for row in self.rows)

    def layout(self) -> None:
        app = self.app
        w, _h = app.size
        row_h = app.s(54)
        self.table = pygame.Rect(0, 0, app.s(860), row_h * (len(self.rows) + 1) + app.s(24))
        self.table.midtop = (w // 2, app.s(140))
        self.back_button.rect = pygame.Rect(0, 0, app.s(240), app.s(52))
        self.back_button.rect.midtop = (w // 2, self.table.bottom + app.s(72))

    def close(self) -> None:
        self.app.stack.remove(self)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.felt(surface, app)
        common.heading(surface, app, "Statistics", 34, size=54)
        common.panel(surface, self.table, app, alpha=235)
        row_h = app.s(54)
        top = self.table.top + app.s(12)
        self._draw_row(surface, COLUMNS[0], COLUMNS[1:], top + row_h // 2, theme.MUTED, 18)
        for index, row in enumerate(self.rows):
            y = top + row_h * (index + 1)
            pygame.draw.line(
                surface,
                (60, 78, 88),
                (self.table.left + app.s(20), y),
                (self.table.right - app.s(20), y),
                max(1, app.s(1)),
            )
            self._draw_row(surface, row.title, row.cells, y + row_h // 2, theme.WHITE, 22)
        w, h = surface.get_size()
        if not self.any_played:
            common.text(
                surface,
                app,
                "No finished games yet: the numbers appear after your first game.",
                (w // 2, self.table.bottom + app.s(22)),
                18,
                colour=(210, 230, 215),
                anchor="midtop",
            )
        self.focus.draw(surface, app.fonts, app.scale)
        common.text(
            surface,
            app,
            "Esc to go back",
            (w // 2, h - app.s(34)),
            15,
            colour=theme.MUTED,
            anchor="midtop",
        )

    def _draw_row(
        self,
        surface: pygame.Surface,
        first: str,
        cells: tuple[str, ...],
        y: int,
        colour: tuple[int, int, int],
        size: float,
    ) -> None:
        table = self.table
        common.text(
            surface,
            self.app,
            first,
            (table.left + round(table.width * GAME_X), y),
            size,
            colour=colour,
            bold=True,
            anchor="midleft",
        )
        for cell, right in zip(cells, NUMBER_RIGHTS, strict=True):
            common.text(
                surface,
                self.app,
                cell,
                (table.left + round(table.width * right), y),
                size,
                colour=colour,
                anchor="midright",
            )
