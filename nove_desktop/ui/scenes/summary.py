"""The round summary (over the table) and the game-over screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common

REASONS = {
    "score": "reached 12 points",
    "max_rounds": "the round limit was reached",
    "four_of_a_kind": "FOUR OF A KIND",
    "nove_ten_points": "a NOVE with 10 points or more",
    "nove_finito": "NOVE FINITO (a NOVE with a pair at 9 points)",
    "three_of_a_kind": "THREE OF A KIND",
}


def row_reason(row: dict[str, Any]) -> str:
    """Why a seat scored what it did, in words: "31 +2, pair +1"."""
    if row["busted"]:
        return "bust"
    parts = []
    if row["nove"]:
        parts.append("NOVE +2")
    if row["thirty_one"]:
        parts.append("31 +2")
    if row["capo"]:
        parts.append("CAPO +1")
    if row["pairs"]:
        parts.append(f"{row['pairs']} pair{'s' if row['pairs'] > 1 else ''} +{row['pairs']}")
    if row["sets"]:
        parts.append(f"{row['sets']} set{'s' if row['sets'] > 1 else ''} +{3 * row['sets']}")
    return ", ".join(parts) or "nothing"


class RoundSummaryScene(common.MenuScene):
    """What each seat scored this round and why, with running totals."""

    overlay = True
    name = "round_summary"

    def __init__(
        self,
        app: App,
        title: str,
        names: list[str],
        rows: list[dict[str, Any]],
        scores: list[int],
        on_close: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.title = title
        self.names = names
        self.rows = rows
        self.scores = scores
        self.on_close = on_close
        self.button = Button("Next round", self.close, primary=True)
        self.focus = FocusGroup([self.button])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, self.app.s(860), self.app.s(116 + 46 * len(self.rows) + 84))
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, self.app.s(240), self.app.s(54))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - self.app.s(22))

    def close(self) -> None:
        self.app.stack.remove(self)
        self.on_close()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.dim(surface, 120)
        common.panel(surface, self.box, app, 255)
        common.text(
            surface,
            app,
            self.title,
            (self.box.centerx, self.box.y + app.s(22)),
            30,
            colour=theme.ACCENT,
            bold=True,
            anchor="midtop",
        )
        x0 = self.box.x + app.s(36)
        cols = [x0, x0 + app.s(200), x0 + app.s(300), x0 + app.s(640), x0 + app.s(730)]
        y = self.box.y + app.s(88)
        labels = ["Player", "Hand", "Why", "Round", "Total"]
        for label, x in zip(labels, cols, strict=True):
            common.text(
                surface, app, label, (x, y), 16, colour=theme.MUTED, bold=True, anchor="midleft"
            )
        y += app.s(40)
        for row in self.rows:
            seat = row["seat"]
            value = (
                "bust" if row["busted"] else (str(row["value"]) if row["value"] is not None else "")
            )
            points = row["points"]
            colour = theme.OK if points > 0 else (theme.DANGER if points < 0 else theme.WHITE)
            cells = [
                (self.names[seat], 21, theme.WHITE, True),
                (value, 21, theme.WHITE, False),
                (row.get("why") or row_reason(row), 18, (220, 224, 220), False),
                (f"{points:+d}", 21, colour, True),
                (str(self.scores[seat]), 21, theme.WHITE, True),
            ]
            for (text, size, ink, bold), x in zip(cells, cols, strict=True):
                common.text(
                    surface, app, text, (x, y), size, colour=ink, bold=bold, anchor="midleft"
                )
            y += app.s(46)
        self.focus.draw(surface, app.fonts, app.scale)


class GameOverScene(common.MenuScene):
    """The winner, the final scores, and "play again with the same seats"."""

    name = "game_over"

    def __init__(
        self,
        app: App,
        names: list[str],
        scores: list[int],
        winner: int | None,
        reason: str | None,
        rounds: int,
        on_again: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.names = names
        self.scores = scores
        self.winner = winner
        self.reason = reason
        self.rounds = rounds
        self.again = Button("Play again", on_again, primary=True)
        self.title = Button("Title screen", self.to_title)
        self.focus = FocusGroup([self.again, self.title])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()
        self.app.sounds.play("win")

    def layout(self) -> None:
        w, h = self.app.size
        self.again.rect = pygame.Rect(0, 0, self.app.s(260), self.app.s(58))
        self.title.rect = pygame.Rect(0, 0, self.app.s(260), self.app.s(58))
        self.again.rect.bottomright = (w // 2 - self.app.s(12), h - self.app.s(60))
        self.title.rect.bottomleft = (w // 2 + self.app.s(12), h - self.app.s(60))

    def to_title(self) -> None:
        from .title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))

    def on_escape(self) -> None:
        self.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.felt(surface, app)
        w, _h = surface.get_size()
        winner = self.names[self.winner] if self.winner is not None else "Nobody"
        common.heading(surface, app, f"{winner} wins!", 70, size=60)
        why = REASONS.get(self.reason or "", self.reason or "")
        common.text(
            surface,
            app,
            f"{why} - after {self.rounds} round{'s' if self.rounds != 1 else ''}",
            (w // 2, app.s(150)),
            22,
            colour=(220, 230, 220),
            anchor="midtop",
        )
        order = sorted(range(len(self.scores)), key=lambda s: -self.scores[s])
        box = pygame.Rect(0, 0, app.s(520), app.s(60 + 50 * len(order)))
        box.midtop = (w // 2, app.s(210))
        common.panel(surface, box, app)
        y = box.y + app.s(30)
        for place, seat in enumerate(order, 1):
            colour = theme.ACCENT if seat == self.winner else theme.WHITE
            common.text(
                surface, app, f"{place}.", (box.x + app.s(40), y), 24, colour=colour, bold=True
            )
            common.text(
                surface, app, self.names[seat], (box.x + app.s(90), y), 24, colour=colour, bold=True
            )
            common.text(
                surface,
                app,
                str(self.scores[seat]),
                (box.right - app.s(40), y),
                24,
                colour=colour,
                bold=True,
                anchor="topright",
            )
            y += app.s(50)
        self.focus.draw(surface, app.fonts, app.scale)
