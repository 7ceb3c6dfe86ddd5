"""Join a game: the games announced on this network (updated live), or an address and a room
code typed. What is typed is checked first, with words that say what to fix; the server's
refusals (no such room, full, started, another version) are shown by the lobby."""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext
from ...net.discovery import Browser, FoundGame
from ...net.protocol import MAX_NAME, PROTOCOL_VERSION, ROOM_CODE_LENGTH
from .. import online_words as words
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup, TextField, Widget
from . import common

MAX_SHOWN = 5  # games listed at once (a home network rarely has more)


class JoinScene(common.MenuScene):
    name = "join"

    def __init__(self, app: App, browse: bool = True) -> None:
        super().__init__(app)
        self.browser: Browser | None = Browser() if browse else None
        self.found: list[FoundGame] = []
        self.found_buttons: list[Button] = []
        self.name_field = TextField(_("Your name"), _("Player"), MAX_NAME)
        self.address = TextField(_("Host's address"), "", 40)
        self.code = TextField(_("Room code"), "", ROOM_CODE_LENGTH + 2)
        self.join_button = Button(_("Join"), self.join_typed, primary=True)
        self.back = Button(_("Back"), self.leave)
        self.focus = FocusGroup()
        self.focus.keyboard = True
        self._rows()

    def _rows(self) -> None:
        rows: list[Widget] = [*self.found_buttons, self.name_field, self.address, self.code]
        rows += [self.join_button, self.back]
        self.focus.set(rows)
        self.layout()

    @property
    def wake_ms(self) -> int | None:
        return 250  # the list of games is read four times a second

    def enter(self) -> None:
        self.focus.focus(self.address)
        self.layout()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> None:
        if self.browser is None:
            return
        found = self.browser.games()[:MAX_SHOWN]
        if found != self.found:
            self.found = found
            self.found_buttons = [self.found_button(g) for g in found]
            for button, game in zip(self.found_buttons, found, strict=True):
                button.enabled = game.compatible and game.free > 0
            self._rows()

    def found_button(self, game: FoundGame) -> Button:
        return Button(self.describe(game), lambda: self.join_found(game))

    def describe(self, game: FoundGame) -> str:
        title = (
            str(self.app.registry.get(game.game).title)
            if game.game in self.app.registry
            else game.game
        )
        if not game.compatible:
            state = _("another version")
        elif game.free == 0:
            state = _("full")
        else:
            state = ngettext("{n} seat free", "{n} seats free", game.free).format(n=game.free)
        return _("{game} with {host} (room {room}): {state}").format(
            game=title, host=game.host, room=game.room, state=state
        )

    # -- actions ---------------------------------------------------------------------------------
    def join_found(self, game: FoundGame) -> None:
        self.address.text = f"{game.address}:{game.port}"
        self.code.text = game.room
        self.join_typed()

    def join_typed(self) -> None:
        try:
            name = words.parse_name(self.name_field.text)
        except words.InputProblem as exc:
            return self.refuse(exc, self.name_field)
        try:
            address = words.parse_address(self.address.text)
        except words.InputProblem as exc:
            return self.refuse(exc, self.address)
        try:
            room = words.parse_room_code(self.code.text)
        except words.InputProblem as exc:
            return self.refuse(exc, self.code)
        first = {"type": "join", "version": PROTOCOL_VERSION, "room": room, "name": name}
        self.app.scenes.push("lobby", address=address, first=first)

    def refuse(self, problem: words.InputProblem, field: TextField) -> None:
        self.app.notify(str(problem), error=True)
        self.focus.focus(field)

    def leave(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.leave()

    # -- frame -----------------------------------------------------------------------------------
    def layout(self) -> None:
        app = self.app
        w, h = app.size
        left = w // 2 - app.s(420)
        y = 130
        for button in self.found_buttons:
            button.rect = pygame.Rect(left, app.s(y), app.s(840), app.s(48))
            y += 56
        y = max(y, 186) + 50
        self.list_bottom = y - 40
        for field in (self.name_field, self.address, self.code):
            field.rect = pygame.Rect(left, app.s(y), app.s(840), app.s(50))
            y += 60
        self.join_button.rect = pygame.Rect(0, 0, app.s(300), app.s(58))
        self.join_button.rect.bottomright = (left + app.s(840), h - app.s(24))
        self.back.rect = pygame.Rect(0, 0, app.s(180), app.s(58))
        self.back.rect.bottomleft = (left, h - app.s(24))

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.felt(surface, app)
        w, _h = surface.get_size()
        common.heading(surface, app, _("Join a game"), 24, size=40)
        left = w // 2 - app.s(420)
        common.text(
            surface, app, _("Games on this network"), (left, app.s(96)), 17, colour=theme.MUTED
        )
        if not self.found_buttons:
            if self.browser is not None and self.browser.problem:
                note = _(
                    "This computer cannot look for games on the network: type the "
                    "host's address and the room code below."
                )
            else:
                note = _(
                    "Looking for games on this network... You can also type the host's "
                    "address and the room code below."
                )
            image = fitted(app, note, app.s(840), app.s(18), theme.WHITE)
            surface.blit(image, (left, app.s(136)))
        common.text(
            surface,
            app,
            _("Or type where the game is"),
            (left, app.s(self.list_bottom)),
            17,
            colour=theme.MUTED,
        )
        self.focus.draw(surface, app.fonts, app.scale)
