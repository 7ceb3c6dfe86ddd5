"""Play online: the menu (Host a game, Join a game) and the Host page.

Hosting starts the game server inside the app (its own thread: the frame never waits on it)
and opens the lobby, which connects to it and announces the room on the local network.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.errors import InvalidOptionsError
from ...i18n import _
from ...net.embedded import EmbeddedServer
from ...net.protocol import MAX_NAME, PROTOCOL_VERSION
from .. import online_words as words
from .. import theme
from ..app import App
from ..widgets import Button, Choice, FocusGroup, TextField, Widget
from . import common

REMOTE_KINDS = ["remote", "normal", "easy", "hard"]
WINDOW_SECONDS = [3, 5, 8, 12, 20]
AI_PACES = [0.5, 1.0, 2.0, 3.0]
AWAY_SECONDS = [15, 30, 60, 120, 300]


def seat_kind_words(kind: str) -> str:
    return {
        "remote": _("A player on another computer"),
        "easy": _("AI: easy"),
        "normal": _("AI: normal"),
        "hard": _("AI: hard"),
    }.get(kind, kind)


def seconds(value: float) -> str:
    return _("{n} s").format(n=f"{value:g}")


class OnlineScene(common.MenuScene):
    """Host a game, Join a game, Back."""

    name = "online"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        self.buttons = [
            Button(_("Host a game"), self.host, primary=True),
            Button(_("Join a game"), self.join),
            Button(_("Back"), self.leave),
        ]
        self.focus = FocusGroup(self.buttons)
        self.focus.keyboard = True

    def rebuild(self) -> None:
        self._build()

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        common.column(self.app, self.buttons, top=300, width=380, height=56, gap=14)

    def host(self) -> None:
        self.app.scenes.push("host")

    def join(self) -> None:
        self.app.scenes.push("join")

    def leave(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        common.heading(surface, self.app, _("Play online"), 70)
        w, _h = surface.get_size()
        common.text(
            surface,
            self.app,
            _("Play with friends on this network, or on a server you know."),
            (w // 2, self.app.s(160)),
            20,
            colour=theme.MUTED,
            anchor="midtop",
        )
        self.focus.draw(surface, self.app.fonts, self.app.scale)


class HostScene(common.MenuScene):
    """The room to open: game, seats, timings, the host's name."""

    name = "host"

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        ids = list(app.registry.ids())
        first = game_id or app.settings.last_game
        self.name_field = TextField(_("Your name"), _("Player"), MAX_NAME)
        self.game = Choice(
            _("Game"),
            ids,
            ids.index(first) if first in ids else 0,
            on_change=lambda _v: self._game_changed(),
            describe=lambda gid: str(app.registry.get(gid).title),
        )
        self.count = Choice(_("Players"), [2], 0, on_change=lambda _v: self._seats_changed())
        most = max(app.registry.get(gid).max_players for gid in ids)
        self.kinds = [
            Choice(_("Seat {n}").format(n=i + 2), REMOTE_KINDS, 0, describe=seat_kind_words)
            for i in range(most - 1)
        ]
        self.options: dict[str, Choice] = {}
        self.window = Choice(_("Answer windows"), WINDOW_SECONDS, 1, describe=seconds)
        self.pace = Choice(_("AI pace"), AI_PACES, 1, describe=seconds)
        self.away = Choice(_("AI takes an away seat after"), AWAY_SECONDS, 1, describe=seconds)
        self.open_button = Button(_("Open the room"), self.open_room, primary=True)
        self.back = Button(_("Back"), self.leave)
        self.focus = FocusGroup()
        self.focus.keyboard = True
        self._game_changed()

    def _game_changed(self) -> None:
        game = self.app.registry.get(self.game.value)
        specs = words.option_specs(game.id)
        defaults = words.option_defaults(self.app, game.id, specs)
        self.options = {}
        for spec in specs:
            choice = Choice(spec.label, list(spec.values), 0, describe=spec.describe)
            choice.set_value(defaults.get(spec.name))
            choice.hint = spec.hint
            choice.on_change = lambda _value: self._options_changed()
            self.options[spec.name] = choice
        self.specs = specs
        self._options_changed()
        counts = list(range(max(2, game.min_players), game.max_players + 1))
        keep = self.count.value if self.count.value in counts else counts[0]
        self.count.values = counts
        self.count.set_value(keep)
        self._seats_changed()

    def _options_changed(self) -> None:
        """Rows that mean nothing with the other rows' values are greyed out (as in Setup)."""
        values = {name: choice.value for name, choice in self.options.items()}
        for spec in self.specs:
            if spec.applies is not None:
                self.options[spec.name].enabled = spec.applies(values)

    def _seats_changed(self) -> None:
        for i, kind in enumerate(self.kinds):
            kind.visible = i < self.count.value - 1
        rows: list[Widget] = [self.name_field, self.game, self.count]
        rows += [k for k in self.kinds if k.visible]
        rows += [self.window, self.pace, self.away, *self.options.values()]
        rows += [self.open_button, self.back]
        self.focus.set(rows)
        self.layout()

    @property
    def wake_ms(self) -> int | None:
        return 500 if isinstance(self.focus.focused, TextField) else None

    def enter(self) -> None:
        self.focus.focus(self.open_button)
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        left, right = w // 2 - app.s(580), w // 2 + app.s(30)
        column_rows: list[Widget] = [self.name_field, self.game, self.count]
        column_rows += [self.window, self.pace, self.away]
        step = min(62.0, 486 / len(column_rows))
        for i, widget in enumerate(column_rows):
            widget.rect = pygame.Rect(left, app.s(110 + i * step), app.s(540), app.s(step - 8))
        shown: list[Widget] = [k for k in self.kinds if k.visible]
        shown += list(self.options.values())
        step = min(60.0, 486 / max(1, len(shown)))
        for i, kind in enumerate(shown):
            kind.rect = pygame.Rect(right, app.s(110 + i * step), app.s(550), app.s(step - 6))
        self.open_button.rect = pygame.Rect(0, 0, app.s(300), app.s(58))
        self.open_button.rect.bottomright = (right + app.s(550), h - app.s(24))
        self.back.rect = pygame.Rect(0, 0, app.s(180), app.s(58))
        self.back.rect.bottomleft = (left, h - app.s(24))

    def create_message(self, name: str) -> dict[str, Any]:
        seats = ["remote"] + [k.value for k in self.kinds if k.visible]
        return {
            "type": "create",
            "version": PROTOCOL_VERSION,
            "name": name,
            "game": self.game.value,
            "options": {name: choice.value for name, choice in self.options.items()},
            "seats": seats,
            "window_seconds": float(self.window.value),
            "ai_pace": float(self.pace.value),
            "away_seconds": float(self.away.value),
        }

    def open_room(self) -> None:
        try:
            name = words.parse_name(self.name_field.text)
        except words.InputProblem as exc:
            self.app.notify(str(exc), error=True)
            self.focus.focus(self.name_field)
            return
        message = self.create_message(name)
        game = self.app.registry.get(self.game.value)
        try:
            game.options_from_json({**message["options"], "players": len(message["seats"])})
        except InvalidOptionsError as exc:
            self.app.notify(str(exc)[:1].upper() + str(exc)[1:] + ".", error=True)
            return
        self.app.settings.last_game = self.game.value
        server = EmbeddedServer(self.app.registry)
        server.start()  # returns at once: the lobby waits for it frame by frame
        self.app.scenes.replace(
            "lobby",
            address=words.Address("127.0.0.1", 0),
            first=message,
            server=server,
            game=self.game.value,
        )

    def leave(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.felt(surface, app)
        w, _h = surface.get_size()
        common.heading(surface, app, _("Host a game"), 24, size=40)
        common.text(
            surface, app, _("The room"), (w // 2 - app.s(580), app.s(84)), 17, colour=theme.MUTED
        )
        common.text(
            surface,
            app,
            _("Other seats (you sit in the first) and options"),
            (w // 2 + app.s(30), app.s(84)),
            17,
            colour=theme.MUTED,
        )
        self.focus.draw(surface, app.fonts, app.scale)
