"""The statistics page: for every game, the games played and won, the win rate, the best score
(in the game's own direction) and the games won with help (a hint asked or a move undone:
"assisted" games); for everybody who played at this computer, or for one player (Left/Right
choose whose)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _, format_number
from ...storage import GameStats
from .. import theme
from ..app import App
from ..widgets import Button, Choice, FocusGroup
from . import common

DASH = "\u2014"
EVERYONE = ""


def columns() -> tuple[str, ...]:
    return (_("Game"), _("Played"), _("Won"), _("Win rate"), _("Best score"), _("Won with help"))


# Right edges of the number columns and the left edge of the game column, as fractions of the
# table's width.
GAME_X = 0.04
NUMBER_RIGHTS = (0.36, 0.47, 0.60, 0.76, 0.96)


@dataclass(frozen=True)
class Row:
    """One line of the table, already as text."""

    title: str
    cells: tuple[str, str, str, str, str]


def row_for(title: str, stats: GameStats | None) -> Row:
    """A game's row; a game never played shows dashes."""
    if stats is None or stats.played == 0:
        return Row(title, (DASH, DASH, DASH, DASH, DASH))
    rate = f"{round(100 * stats.won / stats.played)}%"
    best = DASH if stats.best_score is None else format_number(stats.best_score)
    hinted = (
        f"{format_number(stats.hinted_won)} / {format_number(stats.hinted_played)}"
        if stats.hinted_played
        else "0"
    )
    return Row(title, (format_number(stats.played), format_number(stats.won), rate, best, hinted))


class StatisticsScene(common.MenuScene):
    """A table with one row per registered game, for everybody or one player."""

    name = "statistics"
    toast_y = 648  # under the table and its notes: never over the title or the numbers

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.statistics: dict[str, GameStats] = {}
        self.who = Choice(
            _("Player"), [EVERYONE], 0, lambda _value: self.fill(), self._describe_player
        )
        self.back_button = Button(_("Back"), self.close)
        self.focus = FocusGroup([self.who, self.back_button])
        self.table = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def _describe_player(name: str) -> str:
        return name or _("everybody")

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
        self.statistics = statistics
        names = sorted({name for stats in statistics.values() for name, _s in stats.players})
        current = self.who.value
        self.who.values = [EVERYONE, *names]
        self.who.set_value(current if current in self.who.values else EVERYONE)
        self.fill()

    def fill(self) -> None:
        name = self.who.value
        self.rows = []
        for game in self.app.registry:
            stats = self.statistics.get(game.id)
            if stats is not None and name:
                stats = stats.player(name)
            self.rows.append(row_for(game.title, stats))

    @property
    def any_played(self) -> bool:
        return any(row.cells[0] != DASH for row in self.rows)

    def layout(self) -> None:
        app = self.app
        w, _h = app.size
        row_h = app.s(54)
        self.who.rect = pygame.Rect(0, 0, app.s(520), app.s(46))
        self.who.rect.midtop = (w // 2, app.s(102))
        self.table = pygame.Rect(0, 0, app.s(1000), row_h * (len(self.rows) + 1) + app.s(24))
        self.table.midtop = (w // 2, app.s(164))
        self.back_button.rect = pygame.Rect(0, 0, app.s(240), app.s(52))
        self.back_button.rect.midtop = (w // 2, self.table.bottom + app.s(70))

    def close(self) -> None:
        self.app.stack.remove(self)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.felt(surface, app)
        common.heading(surface, app, _("Statistics"), 24, size=50)
        common.panel(surface, self.table, app, alpha=235)
        row_h = app.s(54)
        top = self.table.top + app.s(12)
        heads = columns()
        self._draw_row(surface, heads[0], heads[1:], top + row_h // 2, theme.MUTED, 16)
        for index, row in enumerate(self.rows):
            y = top + row_h * (index + 1)
            pygame.draw.line(
                surface,
                (60, 78, 88),
                (self.table.left + app.s(20), y),
                (self.table.right - app.s(20), y),
                max(1, app.s(1)),
            )
            self._draw_row(surface, row.title, row.cells, y + row_h // 2, theme.WHITE, 21)
        w, h = surface.get_size()
        notes = (
            [_("No finished games yet: the numbers appear after your first game.")]
            if (not self.any_played)
            else [
                _("Best score follows each game: the highest, or the lowest in Kaël."),
                _("Won with help (hints or undo): games won / games played with help."),
            ]
        )
        y = self.table.bottom + app.s(12)
        for note in notes:
            image = fitted(app, note, self.table.width, app.s(17), (210, 230, 215))
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + app.s(4)
        self.focus.draw(surface, app.fonts, app.scale)
        common.text(
            surface,
            app,
            _("\u2190 \u2192 choose the player   Esc to go back"),
            (w // 2, h - app.s(30)),
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
        from ..table.text import fitted

        app = self.app
        table = self.table
        room = round(table.width * (NUMBER_RIGHTS[0] - GAME_X - 0.12))
        title = fitted(app, first, room, app.s(size), colour, bold=True, max_lines=1)
        surface.blit(title, title.get_rect(midleft=(table.left + round(table.width * GAME_X), y)))
        previous = NUMBER_RIGHTS[0] - 0.11
        for cell, right in zip(cells, NUMBER_RIGHTS, strict=True):
            width = round(table.width * (right - previous)) - app.s(8)
            image = fitted(app, cell, width, app.s(size), colour, max_lines=2)
            surface.blit(
                image, image.get_rect(midright=(table.left + round(table.width * right), y))
            )
            previous = right
