"""The lobby of an online room: the room code (big), the seats, Ready, Start (the host) and
Leave. It also connects: it starts the client (and waits, without ever blocking a frame, for the
embedded server to listen when this computer hosts), shows refusals in the player's words, and
opens the table when the server sends the game's ``snapshot``. The lobby stays under the table:
"Play again" comes back to it.

Only the ``lobby`` message is shown here, the same for every client: names, kinds, statuses and
ready flags, never a token, a seed or a card.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from ...i18n import _
from ...net import remote
from ...net.client import ThreadClient
from ...net.discovery import Announcer, local_address
from ...net.embedded import EmbeddedServer
from ...storage import StorageError
from .. import online_words as words
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common

CONNECT_SECONDS = 10.0
"""How long the first answer may take before the player is told nobody answers."""


def _close_later(client: ThreadClient) -> None:
    """Close a client without making the frame wait for its thread (a closing handshake)."""
    threading.Thread(target=client.close, name="nove-net-close", daemon=True).start()


class LobbyScene(common.MenuScene):
    name = "lobby"

    def __init__(
        self,
        app: App,
        address: words.Address,
        first: dict[str, Any],
        server: EmbeddedServer | None = None,
        game: str = "",
        rejoin: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.address = address
        self.first = first
        self.server = server
        self.game = game or str(first.get("game", ""))
        self.rejoin = rejoin  # the kept seat (address, room, token) when taking it back
        self.client: ThreadClient | None = None
        self.announcer: Announcer | None = None
        self.lobby: dict[str, Any] | None = None
        self.seat: int | None = None
        self.room = str(rejoin["room"]) if rejoin else ""
        self.token: str | None = None
        self.waited = 0.0  # seconds without a first answer
        self.lost = 0.0  # seconds without a connection, once in the room
        self.problem: str | None = None  # shown instead of the seats; only Back is left
        self.in_game = False
        self.ready = Button(_("I'm ready"), self.toggle_ready, primary=True)
        self.start = Button(_("Start the game"), self.start_game, primary=True)
        self.leave_button = Button(_("Leave"), self.ask_leave)
        self.forget = Button(_("Forget this game"), self.forget_game)
        self.focus = FocusGroup()
        self.focus.keyboard = True
        self._refresh_buttons()

    # -- life --------------------------------------------------------------------------------------
    @property
    def hosting(self) -> bool:
        return self.server is not None

    @property
    def is_host(self) -> bool:
        return self.lobby is not None and self.lobby.get("host") == self.seat

    @property
    def wake_ms(self) -> int | None:
        return 100  # the network is read ten times a second while nothing else happens

    def enter(self) -> None:
        if self.server is None:
            self._connect(self.address.url)
        self.layout()

    def _connect(self, url: str) -> None:
        self.client = ThreadClient(url)
        if self.rejoin is not None:  # the client rejoins with the kept token by itself
            self.client.client.room = str(self.rejoin["room"])
            self.client.client.token = str(self.rejoin["token"])
        self.client.start(None if self.rejoin is not None else self.first)

    def exit(self) -> None:
        """Leaving the scene (Leave, Back, or the app quitting) ends the connection and, when
        hosting, the announce and the server."""
        client, self.client = self.client, None
        if client is not None:
            if self.problem is None:
                client.send({"type": "leave"})
            _close_later(client)
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if self.server is not None:
            self.server.stop()

    def resume(self) -> None:
        """Back from the table (after "Play again", or the game left): the game is over for this
        app, so its token is forgotten; a fresh lobby is asked for (the table may have read
        the last one)."""
        if self.in_game:
            self.in_game = False
            self.app.storage.forget_online()
            if self.client is not None:
                self.client.send({"type": "ready", "ready": False})
        self._refresh_buttons()
        self.layout()

    # -- the network, read every frame -------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.problem is not None:
            return
        if self.client is None and self.server is not None:
            if not self.server.ready:
                return
            if self.server.port is None:
                self.fail(
                    _("This computer could not open a game on the network ({why}).").format(
                        why=self.server.problem or "?"
                    )
                )
                return
            self.address = words.Address(local_address(), self.server.port)
            self._connect(f"ws://127.0.0.1:{self.server.port}")
        if self.client is None:
            return
        # Up to the snapshot only: the moves right after it are the table's.
        for message in self.client.poll(stop_at="snapshot"):
            self.receive(message)
            if self.problem is not None or self.in_game:
                return
        if self.seat is None:
            self.waited += dt
            refused = self.client.status in ("reconnecting", "failed")
            if refused or self.waited > CONNECT_SECONDS:
                self.fail(words.no_server(self.address))
        elif self.client.status == "connected":
            self.lost = 0.0
        else:  # the connection dropped in the lobby: the client tries again for a while
            self.lost += dt
            if self.lost > CONNECT_SECONDS:
                self.fail(_("The connection to the room was lost."))

    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.seat, self.room, self.token = message["seat"], message["room"], message["token"]
        elif kind == "lobby":
            self.show_lobby(message)
        elif kind == "snapshot":
            self.open_table(message)
        elif kind == "error":
            self.refused(str(message.get("code", "")))
        elif kind == "closed":
            self.fail(words.closed(str(message.get("reason", ""))))

    def refused(self, code: str) -> None:
        if self.seat is None:  # joining failed: nothing else to do here
            if code in ("bad_token", "no_room") and self.rejoin is not None:
                self.app.storage.forget_online()
                self.fail(words.refusal("bad_token"))
            else:
                self.fail(words.refusal(code))
        elif code == "bad_token":  # back after a drop, but a lobby frees a dropped seat
            self.fail(words.refusal("bad_token"))
        elif code != "wrong_phase":  # a ready sent just as the game started is harmless
            self.app.notify(words.refusal(code), error=True)

    def show_lobby(self, message: dict[str, Any]) -> None:
        first_time = self.lobby is None
        self.lobby = message
        self.game = str(message.get("game", self.game))
        if self.hosting and self.announcer is None and self.server and self.server.port:
            self.announcer = Announcer(
                self.game, self.room, self.host_name(), self.server.port, self.free_seats()
            )
        elif self.announcer is not None:
            self.announcer.update(self.free_seats())
        self._refresh_buttons()
        if first_time:
            self.focus.focus(self.ready)
        self.layout()

    def open_table(self, snapshot: dict[str, Any]) -> None:
        self.keep_seat()
        self.in_game = True
        assert self.client is not None
        remote.open_remote_table(self.app, self.client, snapshot)

    def keep_seat(self) -> None:
        """The token goes to the data folder: a killed app can take the seat back."""
        if not (self.token and self.room):
            return
        try:
            self.app.storage.save_online(
                str(self.address), self.room, self.token, self.game, self.own_name()
            )
        except StorageError as exc:
            self.app.report_problem(
                _("The online game could not be kept for a rejoin after a crash."), exc
            )

    def fail(self, problem: str) -> None:
        self.problem = problem
        if self.client is not None:
            _close_later(self.client)
            self.client = None
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if self.server is not None:
            self.server.stop()
        self._refresh_buttons()
        self.layout()

    # -- what the lobby says -----------------------------------------------------------------------
    def seats(self) -> list[dict[str, Any]]:
        return list(self.lobby.get("seats", [])) if self.lobby else []

    def free_seats(self) -> int:
        return sum(seat.get("status") == "open" for seat in self.seats())

    def host_name(self) -> str:
        return str(self.first.get("name", ""))

    def own_name(self) -> str:
        seats = self.seats()
        if self.seat is not None and self.seat < len(seats):
            return str(seats[self.seat].get("name", ""))
        return str(self.first.get("name", ""))

    def own_ready(self) -> bool:
        seats = self.seats()
        return bool(self.seat is not None and self.seat < len(seats) and seats[self.seat]["ready"])

    def _refresh_buttons(self) -> None:
        waiting = self.lobby is None or self.problem is not None
        self.ready.visible = not waiting
        self.ready.label = _("Not ready after all") if self.own_ready() else _("I'm ready")
        self.ready.primary = not self.own_ready()
        self.start.visible = not waiting and self.is_host
        self.start.enabled = bool(self.lobby and self.lobby.get("can_start"))
        self.leave_button.label = _("Back") if self.problem else _("Leave")
        self.forget.visible = self.problem is not None and self.rejoin is not None
        self.focus.set([self.ready, self.start, self.leave_button, self.forget])
        if self.start.visible and self.start.enabled:
            self.focus.focus(self.start)  # the host's next move once everyone is ready

    # -- actions -----------------------------------------------------------------------------------
    def toggle_ready(self) -> None:
        if self.client is not None:
            self.client.send({"type": "ready", "ready": not self.own_ready()})

    def start_game(self) -> None:
        if self.client is not None and self.start.enabled:
            self.client.send({"type": "start"})

    def ask_leave(self) -> None:
        if self.hosting and self.problem is None and self.lobby is not None:
            self.app.scenes.push(
                "confirm",
                question=_("Close the room?"),
                detail=_("You are the host: the room closes for everyone in it."),
                on_yes=self.leave,
                yes=_("Close the room"),
                no=_("Stay"),
            )
        else:
            self.leave()

    def leave(self) -> None:
        self.app.stack.remove(self)

    def forget_game(self) -> None:
        self.app.storage.forget_online()
        self.leave()

    # -- frame -------------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.ask_leave()

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        shown = [b for b in (self.ready, self.start, self.forget) if b.visible]
        shown.append(self.leave_button)
        width, gap = 260, 20
        total = len(shown) * width + (len(shown) - 1) * gap
        x = w // 2 - app.s(total) // 2
        for button in shown:
            button.rect = pygame.Rect(x, h - app.s(92), app.s(width), app.s(56))
            x += app.s(width + gap)

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.felt(surface, app)
        w, _h = surface.get_size()
        title = self.title_words()
        image = fitted(app, title, w - app.s(80), app.s(30), theme.MUTED, bold=True)
        surface.blit(image, image.get_rect(midtop=(w // 2, app.s(20))))
        if self.room:
            common.text(
                surface, app, _("Room code"), (w // 2, app.s(66)), 18, theme.MUTED, anchor="midtop"
            )
            code = common.rendered(app, "  ".join(self.room), app.s(76), theme.ACCENT, True)
            surface.blit(code, code.get_rect(midtop=(w // 2, app.s(88))))
        y = 186
        if self.problem is not None:
            self.draw_problem(surface, y)
        elif self.lobby is None or self.lost > 0:
            image = fitted(app, self.waiting_words(), w - app.s(120), app.s(22), theme.WHITE)
            surface.blit(image, image.get_rect(midtop=(w // 2, app.s(y + 40))))
        else:
            self.draw_lobby(surface, y)
        self.focus.draw(surface, app.fonts, app.scale)

    def title_words(self) -> str:
        game = self.game_title()
        if self.hosting:
            return _("You host a game of {game}").format(game=game) if game else _("Hosting")
        return _("Online game of {game}").format(game=game) if game else _("Joining")

    def game_title(self) -> str:
        if self.game in self.app.registry:
            return str(self.app.registry.get(self.game).title)
        return ""

    def waiting_words(self) -> str:
        if self.lost > 0:
            return _("Connection lost: reconnecting...")
        if self.rejoin is not None:
            return _("Taking your seat back at {address}...").format(address=str(self.address))
        if self.hosting and self.client is None:
            return _("Opening the room on this computer...")
        return _("Connecting to {address}...").format(address=str(self.address))

    def draw_problem(self, surface: pygame.Surface, y: int) -> None:
        from ..table.text import fitted

        app = self.app
        w, _h = surface.get_size()
        box = pygame.Rect(0, 0, app.s(820), app.s(200))
        box.midtop = (w // 2, app.s(y + 20))
        common.panel(surface, box, app)
        assert self.problem is not None
        image = fitted(
            app, self.problem, box.width - app.s(60), app.s(24), theme.WHITE, max_lines=3
        )
        surface.blit(image, image.get_rect(center=box.center))

    def draw_lobby(self, surface: pygame.Surface, y: int) -> None:
        from ..table.text import fitted

        app = self.app
        w, _h = surface.get_size()
        note = self.join_note()
        image = fitted(app, note, w - app.s(160), app.s(19), theme.WHITE)
        surface.blit(image, image.get_rect(midtop=(w // 2, app.s(y))))
        image = fitted(app, self.settings_words(), w - app.s(160), app.s(16), theme.MUTED)
        surface.blit(image, image.get_rect(midtop=(w // 2, app.s(y + 30))))
        chosen = ""
        if self.lobby is not None and self.game in self.app.registry:
            chosen = words.options_words(self.game, dict(self.lobby.get("options") or {}))
        top = y + 64.0
        if chosen:  # the host's choices, on up to two lines; the seats start below them
            image = fitted(app, chosen, w - app.s(160), app.s(15), theme.MUTED)
            surface.blit(image, image.get_rect(midtop=(w // 2, app.s(y + 52))))
            top = y + 52 + image.get_height() / app.scale + 10
        seats = self.seats()
        row = min(44.0, (600 - top) / max(1, len(seats)))
        box = pygame.Rect(0, 0, app.s(900), app.s(row * len(seats) + 16))
        box.midtop = (w // 2, app.s(top))
        common.panel(surface, box, app)
        columns = (24, 380, 540, 740)
        for index, seat in enumerate(seats):
            ry = top + 8 + index * row
            self.draw_seat(surface, box.left, ry, row, index, seat, columns)

    def draw_seat(
        self,
        surface: pygame.Surface,
        left: int,
        y: float,
        row: float,
        index: int,
        seat: dict[str, Any],
        columns: tuple[int, ...],
    ) -> None:
        from ..table.text import fitted

        app = self.app
        name = words.seat_name(seat)
        host = self.lobby is not None and index == self.lobby.get("host")
        if host and index == self.seat:
            name = _("{name} (you, host)").format(name=name)
        elif host:
            name = _("{name} (host)").format(name=name)
        elif index == self.seat:
            name = _("{name} (you)").format(name=name)
        ready = seat.get("status") in ("connected",) and seat.get("ready")
        cells = [
            (f"{index + 1}.  {name}", theme.WHITE, True),
            (words.kind_words(str(seat.get("kind", ""))), theme.MUTED, False),
            (words.status_words(str(seat.get("status", ""))), theme.MUTED, False),
        ]
        if seat.get("kind") == "remote" and seat.get("status") != "open":
            cells.append(
                (
                    "\u2713 " + _("Ready") if ready else _("Not ready"),
                    theme.ACCENT if ready else (235, 170, 150),
                    True,
                )
            )
        for i, (text, colour, bold) in enumerate(cells):
            right = columns[i + 1] if i + 1 < len(columns) else 890
            width = app.s(right - columns[i] - 12)
            image = fitted(
                app, text, width, app.s(min(20, row * 0.5)), colour, bold=bold, max_lines=1
            )
            surface.blit(
                image, image.get_rect(midleft=(left + app.s(columns[i]), app.s(y + row / 2)))
            )

    def join_note(self) -> str:
        if self.hosting:
            return _(
                "Friends on this network find the game in Join, or type {address} and the code."
            ).format(address=str(self.address))
        host = self.seats()[self.lobby.get("host", 0)] if self.lobby and self.seats() else {}
        return _("{host} hosts this room. The host starts the game when everyone is ready.").format(
            host=str(host.get("name") or "?")
        )

    def settings_words(self) -> str:
        settings = self.lobby.get("settings", {}) if self.lobby else {}
        return _(
            "Players: {n} · Answer windows: {window} s · AI pace: {pace} s · "
            "AI takes an away seat after {away} s"
        ).format(
            n=len(self.seats()),
            window=words.number(settings.get("window_seconds")),
            pace=words.number(settings.get("ai_pace")),
            away=words.number(settings.get("away_seconds")),
        )
