"""The title screen: Continue, New game, Rules, Settings, Statistics, Quit; About and the version
in the bottom corners.

Nothing on it moves, so it costs no CPU while it waits (the card fan is drawn once per size)."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...session import GameSession, SaveError, before_last, results_pending
from ...version import app_version
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup
from . import common

FAN = ["GA", "JR", "R5", "PB", "Y3", "GC", "P7"]


class TitleScene(common.MenuScene):
    name = "title"
    toast_y = 150  # over the card fan, never over the title or the buttons

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.unopenable = False  # a save that failed to resume and could not be put aside
        self._build()

    def _build(self) -> None:
        self.continue_button = Button(_("Continue"), self.resume_game, primary=True)
        self.new_game_button = Button(_("New game"), self.new_game, primary=False)
        self.rejoin_button = Button(_("Rejoin the online game"), self.rejoin_online, primary=True)
        self.buttons = [
            self.rejoin_button,
            self.continue_button,
            self.new_game_button,
            Button(_("Play online"), self.play_online),
            Button(_("Rules"), self.rules),
            Button(_("Settings"), self.settings),
            Button(_("Statistics"), self.statistics),
            Button(_("Quit"), self.ask_quit),
        ]
        self.about_button = Button(_("About"), self.about)
        self.version = _("Version {version}").format(version=app_version())
        self.buttons.append(self.about_button)  # last: in a corner, out of the column
        self.focus = FocusGroup(self.buttons)
        self.focus.keyboard = True  # the ring shows from the start: Enter presses what it marks

    def enter(self) -> None:
        self.refresh()
        self.layout()

    def rebuild(self) -> None:
        self._build()
        self.refresh()

    def resume(self) -> None:
        self.refresh(keep_focus=True)  # back on the item the player left from
        self.layout()

    def refresh(self, keep_focus: bool = False) -> None:
        result = self.app.storage.load_game()
        if result.problem:
            self.app.notify(result.problem, error=True, seconds=7)
        data = result.data
        pending = data is not None and results_pending(data)
        self.continue_button.enabled = bool(
            data and (not data.get("finished", False) or pending) and not self.unopenable
        )
        self.continue_button.label = _("Continue")
        if self.continue_button.enabled and data is not None:
            game_id = (data.get("replay") or {}).get("game")
            if isinstance(game_id, str) and game_id in self.app.registry:
                title = self.app.registry.get(game_id).title
                words = _("See the results ({game})") if pending else _("Continue ({game})")
                self.continue_button.label = words.format(game=title)
        self.continue_button.visible = self.continue_button.enabled
        self.refresh_rejoin()
        self.new_game_button.primary = not (
            self.continue_button.enabled or self.rejoin_button.enabled
        )
        self.focus.set(self.buttons, keep=keep_focus)

    def layout(self) -> None:
        shown = [b for b in self.buttons if b.visible and b is not self.about_button]
        # Up to eight buttons (Rejoin and Continue only when there is something to take up):
        # the column shares the room between the subtitle and the key hint at the bottom.
        step = min(58.0, 336 / max(1, len(shown)))
        common.column(self.app, shown, top=334, width=340, height=step - 10, gap=10)
        w, h = self.app.size
        self.about_button.rect = pygame.Rect(0, 0, self.app.s(150), self.app.s(40))
        self.about_button.rect.bottomright = (w - self.app.s(24), h - self.app.s(20))

    # -- actions ---------------------------------------------------------------------------------
    def resume_game(self) -> None:
        result = self.app.storage.load_game()
        if result.data is None:
            self.refresh()
            return
        last = None
        try:
            data = result.data
            if results_pending(data):  # the app closed during the results: show them again
                data, last = before_last(data)
            session = GameSession.from_save(data, self.app.registry)
        except SaveError as exc:
            aside = self.app.storage.set_aside_game().kept_aside
            if aside is None:  # a folder that cannot be written to: the file stays as it is
                self.unopenable = True
                message = _("Your saved game could not be opened. You can start a new game.")
            else:
                message = _(
                    "Your saved game could not be opened, so it was put aside{where}. "
                    "You can start a new game."
                ).format(where=f" ({aside.name})")
            self.app.report_problem(message, exc)
            self.refresh()
            return
        if last is None:
            self.app.scenes.push("table", session=session, resumed=True)
        else:
            self.app.scenes.push("table", session=session, resumed=True, replay_last=last)

    def refresh_rejoin(self) -> None:
        """ "Rejoin" is offered while an online seat is kept (the app closed during a game)."""
        result = self.app.storage.load_online()
        if result.problem:
            self.app.notify(result.problem, error=True, seconds=7)
        self.online = result.data
        self.rejoin_button.enabled = self.rejoin_button.visible = self.online is not None
        if self.online is not None:
            game_id = str(self.online.get("game"))
            if game_id in self.app.registry:
                self.rejoin_button.label = _("Rejoin the online game ({game})").format(
                    game=self.app.registry.get(game_id).title
                )

    def rejoin_online(self) -> None:
        from ...net.protocol import PROTOCOL_VERSION
        from ..online_words import InputProblem, parse_address

        seat = self.online
        if seat is None:
            return
        try:
            address = parse_address(str(seat["address"]))
        except InputProblem:
            self.app.storage.forget_online()
            self.refresh()
            return
        first = {"type": "rejoin", "version": PROTOCOL_VERSION, "room": seat["room"]}
        first["token"] = seat["token"]
        self.app.scenes.push(
            "lobby", address=address, first=first, game=str(seat["game"]), rejoin=seat
        )

    def play_online(self) -> None:
        self.app.scenes.push("online")

    def ask_quit(self) -> None:
        saved = self.continue_button.enabled
        self.app.scenes.push(
            "confirm",
            question=_("Quit nove-desktop?"),
            detail=_("Your game is saved: Continue resumes it.") if saved else _("See you soon!"),
            on_yes=self.app.quit,
            yes=_("Quit"),
            no=_("Stay"),
        )

    def new_game(self) -> None:
        self.app.scenes.push("choose_game")

    def rules(self) -> None:
        self.app.scenes.push("rules", game_id=self.app.settings.last_game, choose=True)

    def settings(self) -> None:
        self.app.scenes.push("settings")

    def statistics(self) -> None:
        self.app.scenes.push("statistics")

    def about(self) -> None:
        self.app.scenes.push("about")

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.ask_quit()

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        w, _h = surface.get_size()
        fan = self.app.art._get(("title-fan", *surface.get_size()), self._fan)
        surface.blit(fan, fan.get_rect(midtop=(w // 2, self.app.s(96))))
        common.heading(surface, self.app, "NOVE", 28, size=72)
        common.text(
            surface,
            self.app,
            _("card games at the table"),
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
        hint = _("Arrows/Tab to move, Enter to choose, F11 full screen")
        common.text(
            surface,
            self.app,
            hint,
            (w // 2, surface.get_height() - self.app.s(34)),
            15,
            colour=theme.MUTED,
            anchor="midtop",
        )

    def _fan(self) -> pygame.Surface:
        """The fan of cards above the title, rendered once per window size."""
        app = self.app
        cw, ch = app.s(92), app.s(132)
        out = pygame.Surface((app.s(560), app.s(200)), pygame.SRCALPHA)
        for i, card in enumerate(FAN):
            angle = (i - 3) * 9
            image = pygame.transform.rotozoom(app.art.face(card, cw, ch), -angle, 1.0)
            x = out.get_width() // 2 + (i - 3) * app.s(58)
            y = app.s(94) + abs(i - 3) * app.s(9)
            out.blit(image, image.get_rect(center=(x, y)))
        return out
