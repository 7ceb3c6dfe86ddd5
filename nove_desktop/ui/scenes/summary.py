"""Results screens fed by each game's rows: the round summary (over the table), the history of
all rounds, and the game-over ranking in the game's score direction."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...i18n import _, ngettext
from .. import theme
from ..app import App
from ..people import said, together
from ..widgets import Button, FocusGroup
from . import common

Cell = str | tuple[str, tuple[int, int, int]]

GUARD_SECONDS = 1.0
"""How long a summary or the game over ignores keys and clicks after it opens: a key pressed
to hurry the computer players just before it opened must not dismiss it (or deal a new game)."""


class Guarded(common.MenuScene):
    """A results screen that ignores input for its first ``GUARD_SECONDS`` of frame time (the
    ``dt`` the app passes to ``update``: tests drive it frame by frame, never the wall clock).
    The focus is parked meanwhile: no button shows a ring, so nothing looks pressable."""

    age = 0.0

    @property
    def guarding(self) -> bool:
        return self.age < GUARD_SECONDS

    @property
    def busy(self) -> bool:
        return self.guarding  # frames run (and time passes) until the guard is over

    def update(self, dt: float) -> None:
        was = self.guarding
        self.age += dt
        if was and not self.guarding:
            self.guard_over()

    def guard_over(self) -> None:
        """The screen takes input from now on."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.guarding and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
        super().handle_event(event)


def cell_text(cell: Cell) -> tuple[str, tuple[int, int, int]]:
    if isinstance(cell, tuple):
        return cell
    return (cell, theme.WHITE)


def draw_grid(
    surface: pygame.Surface,
    app: App,
    box: pygame.Rect,
    columns: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    top: int,
    row_height: int,
) -> None:
    """A table of text that always fits ``box``'s width: the columns share the room in
    proportion to their widest text, and the font shrinks until everything fits."""
    pad = app.s(16)
    width = box.width - 2 * pad
    size = app.s(19)
    while True:
        font = app.fonts.get(size)
        widths = [font.size(str(c))[0] for c in columns]
        for row in rows:
            for i, cell in enumerate(row):
                widths[i] = max(widths[i], font.size(cell_text(cell)[0])[0])
        total = sum(widths) + app.s(18) * (len(columns) - 1)
        if total <= width or size <= 10:
            break
        size -= 1
    spare = max(0, width - total) / max(1, len(columns))
    xs: list[float] = []
    x: float = box.x + pad
    for w in widths:
        xs.append(x)
        x += w + app.s(18) + spare
    y = top
    head = app.fonts.get(size, bold=True)
    for label, x in zip(columns, xs, strict=True):
        image = head.render(label, True, theme.MUTED)
        surface.blit(image, image.get_rect(midleft=(x, y)))
    y += row_height
    for row in rows:
        for i, (cell, x) in enumerate(zip(row, xs, strict=False)):
            text, ink = cell_text(cell)
            image = (head if i == 0 else font).render(text, True, ink)
            surface.blit(image, image.get_rect(midleft=(x, y)))
        y += row_height


class RoundSummaryScene(Guarded):
    """What each seat scored this round and why, with running totals."""

    overlay = True
    name = "round_summary"

    def __init__(
        self,
        app: App,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[Cell]],
        on_close: Callable[[], None],
        note: str = "",
        last: bool = False,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]
        self.note = note
        self.on_close = on_close
        label = _("See the results") if last else _("Next round")
        self.button = Button(label, self.close, primary=True)
        self.focus = FocusGroup([self.button])
        self.focus.park()  # after the guard the button takes the focus, ring shown

    def guard_over(self) -> None:
        self.focus.focus(self.button)
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    # Design units: title band, one line per row (the header too), the note, the button.
    TOP, ROW, NOTE, BOTTOM = 78, 42, 36, 90

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        note = self.NOTE if self.note else 0
        wanted = self.TOP + self.ROW * (len(self.rows) + 1) + note + self.BOTTOM
        height = min(h - app.s(30), app.s(wanted))
        self.box = pygame.Rect(0, 0, min(w - app.s(30), app.s(940)), height)
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, app.s(260), app.s(50))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - app.s(18))
        room = self.button.rect.top - app.s(10 + note) - (self.box.y + app.s(self.TOP))
        self.row_height = min(app.s(self.ROW), room // (len(self.rows) + 1))

    def close(self) -> None:
        self.app.stack.remove(self)
        self.on_close()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.dim(surface, 120)
        common.panel(surface, self.box, app, 250)
        title = fitted(
            app, self.title, self.box.width - app.s(40), app.s(28), theme.ACCENT, bold=True
        )
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + app.s(16))))
        draw_grid(
            surface,
            app,
            self.box,
            self.columns,
            self.rows,
            self.box.y + app.s(self.TOP) + self.row_height // 2,
            self.row_height,
        )
        if self.note:
            note = fitted(app, self.note, self.box.width - app.s(40), app.s(16), theme.MUTED)
            surface.blit(
                note, note.get_rect(midbottom=(self.box.centerx, self.button.rect.top - app.s(10)))
            )
        self.focus.draw(surface, app.fonts, app.scale)


class HistoryScene(common.MenuScene):
    """Every round of the game so far: one row per round, one column per seat."""

    overlay = True
    name = "history"

    def __init__(
        self,
        app: App,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[Cell]],
        note: str = "",
    ) -> None:
        super().__init__(app)
        self.title = title
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]
        self.note = note  # a line under the grid that explains its marks
        self.button = Button(_("Close"), self.close, primary=True)
        self.focus = FocusGroup([self.button])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(w - self.app.s(30), self.app.s(1000)), h - self.app.s(60))
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, self.app.s(220), self.app.s(48))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - self.app.s(16))

    def close(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.dim(surface, 140)
        common.panel(surface, self.box, app, 250)
        common.text(
            surface,
            app,
            self.title,
            (self.box.centerx, self.box.y + app.s(16)),
            26,
            theme.ACCENT,
            bold=True,
            anchor="midtop",
        )
        room = self.box.height - app.s(150)
        shown = self.rows[-max(1, room // app.s(34)) :]
        row_height = min(app.s(34), room // max(1, len(shown) + 1))
        draw_grid(surface, app, self.box, self.columns, shown, self.box.y + app.s(70), row_height)
        if self.note:
            from ..table.text import fitted

            note = fitted(app, self.note, self.box.width - app.s(40), app.s(16), theme.MUTED)
            surface.blit(
                note, note.get_rect(midbottom=(self.box.centerx, self.button.rect.top - app.s(10)))
            )
        self.focus.draw(surface, app.fonts, app.scale)


class GameOverScene(Guarded):
    """The winner(s), the final ranking in the game's score direction, and "play again"."""

    name = "game_over"

    def __init__(
        self,
        app: App,
        names: Sequence[str],
        scores: Sequence[int],
        winners: Sequence[int],
        reason: str,
        rounds: int,
        on_again: Callable[[], None],
        lower_wins: bool = False,
        ranking: Sequence[Sequence[int]] | None = None,
        details: Sequence[str] | None = None,
        on_leave: Callable[[], None] | None = None,
        played_for: str | None = None,
    ) -> None:
        super().__init__(app)
        self.on_leave = on_leave  # told before the player leaves (play again or the title)
        self.names = list(names)
        self.played_for = played_for  # the game's own words ("after 5 hands")
        self.scores = list(scores)
        self.winners = list(winners)
        self.reason = reason
        self.rounds = rounds
        self.lower_wins = lower_wins
        self.details = list(details) if details is not None else None
        self.places = [list(p) for p in ranking] if ranking else self._by_score()
        self.on_again = on_again
        self.again = Button(_("Play again"), self.play_again, primary=True)
        self.title_button = Button(_("Title screen"), self.to_title)
        self.focus = FocusGroup([self.again, self.title_button])
        # Nothing has the focus: Enter (pressed to hurry the computer players) never deals a
        # new game; an arrow or Tab shows the ring on a button, then Enter presses it.
        self.focus.park()

    def _by_score(self) -> list[list[int]]:
        """Places by score in the game's direction; equal scores share a place."""
        direction = 1 if self.lower_wins else -1
        order = sorted(range(len(self.scores)), key=lambda s: direction * self.scores[s])
        places: list[list[int]] = []
        for seat in order:
            if places and self.scores[places[-1][0]] == self.scores[seat]:
                places[-1].append(seat)
            else:
                places.append([seat])
        return places

    def enter(self) -> None:
        self.layout()
        self.app.sounds.play("win")

    def layout(self) -> None:
        w, h = self.app.size
        for button in (self.again, self.title_button):
            button.rect = pygame.Rect(0, 0, self.app.s(260), self.app.s(54))
        self.again.rect.bottomright = (w // 2 - self.app.s(12), h - self.app.s(30))
        self.title_button.rect.bottomleft = (w // 2 + self.app.s(12), h - self.app.s(30))

    def leaving(self) -> None:
        if self.on_leave is not None:
            self.on_leave()

    def play_again(self) -> None:
        self.leaving()
        self.on_again()

    def to_title(self) -> None:
        self.leaving()
        self.app.scenes.clear_to("title")

    def on_escape(self) -> None:
        self.to_title()

    def headline(self) -> str:
        names = [self.names[s] for s in self.winners]
        if not names:
            return _("Nobody wins")
        if len(names) == 1:
            return said(names[0], _("You win!"), _("{name} wins!"))
        return together(
            names, _("You win!"), _("You and {names} share the win!"), _("{names} share the win!")
        )

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.felt(surface, app)
        w, _h = surface.get_size()
        head = fitted(app, self.headline(), w - app.s(60), app.s(56), theme.ACCENT, bold=True)
        surface.blit(head, head.get_rect(midtop=(w // 2, app.s(40))))
        rounds = self.played_for or ngettext(
            "after {n} round", "after {n} rounds", self.rounds
        ).format(n=self.rounds)
        line = f"{self.reason} \u2014 {rounds}" if self.reason else rounds
        sub = fitted(app, line, w - app.s(80), app.s(21), (220, 230, 220))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, app.s(120))))
        direction = _("lowest total wins") if self.lower_wins else _("highest total wins")
        hint = fitted(app, direction, w - app.s(80), app.s(15), theme.MUTED)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, app.s(152))))
        self._draw_ranking(surface)
        self.focus.draw(surface, app.fonts, app.scale)
        if self.focus.focused is None:  # nothing focused yet: say how to choose by keyboard
            words = _("Arrows or Tab choose a button, Enter presses it.")
            image = fitted(app, words, w - app.s(80), app.s(15), theme.MUTED)
            surface.blit(image, image.get_rect(midbottom=(w // 2, self.again.rect.top - app.s(12))))

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        w, h = surface.get_size()
        count = len(self.scores)
        room = h - app.s(180) - app.s(110)
        step = min(app.s(46), room // max(1, count))
        box = pygame.Rect(0, 0, app.s(600), step * count + app.s(30))
        box.midtop = (w // 2, app.s(180))
        common.panel(surface, box, app)
        y = box.y + app.s(15)
        size = max(app.s(14), min(app.s(24), int(step * 0.55)))
        place_no = 1
        for place in self.places:
            for seat in place:
                colour = theme.ACCENT if seat in self.winners else theme.WHITE
                label = f"{place_no}."
                detail = self.details[seat] if self.details else ""
                name = self.names[seat] + (f"  ({detail})" if detail else "")
                for text, x, anchor, width in (
                    (label, box.x + app.s(30), "midleft", app.s(50)),
                    (name, box.x + app.s(80), "midleft", box.width - app.s(200)),
                    (str(self.scores[seat]), box.right - app.s(30), "midright", app.s(100)),
                ):
                    image = fitted(app, text, width, size, colour, bold=True, max_lines=1)
                    surface.blit(image, image.get_rect(**{anchor: (x, y + step // 2)}))
                y += step
            place_no += len(place)
