"""Game setup: seats (human or AI, with names), every option of the game, a deal number.

The defaults start a solo game against AI seats with one click (or Enter). The option rows come
from the game's table (``setup_options``); the game's options dataclass validates the choice.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from ...ai import SEAT_KINDS
from ...engine.errors import InvalidOptionsError
from ...i18n import N_, _, ngettext
from ...session import GameSession, SeatConfig
from .. import theme
from ..app import App
from ..setup_options import GAME_DEFAULT, SEAT, OptionSpec
from ..tables import table_classes
from ..widgets import Button, Choice, FocusGroup, TextField, Widget
from . import common

# The seats' first names: the first is the player at the computer ("You", translated when shown);
# the others are first names, the same in every language (names are not translated).
DEFAULT_NAMES = [
    N_("You"),
    "Ada",
    "Bruno",
    "Chiara",
    "Dario",
    "Elsa",
    "Fabio",
    "Gina",
    "Hugo",
    "Ines",
    "Jonas",
    "Kim",
]


def default_name(seat: int) -> str:
    """The name a seat starts with in the player's language."""
    return _(DEFAULT_NAMES[0]) if seat == 0 else DEFAULT_NAMES[seat]


def seat_kinds() -> list[str]:
    """What a seat can be, in the order the selector offers it."""
    wanted = ["human", "easy", "normal", "hard"]
    kinds = [k for k in wanted if k == "human" or k in SEAT_KINDS]
    if "normal" not in kinds and "heuristic" in SEAT_KINDS:
        kinds += ["heuristic", "random"]
    return kinds


def kind_label(kind: str) -> str:
    return {
        "human": _("Human"),
        "easy": _("AI: easy"),
        "random": _("AI: easy"),
        "normal": _("AI: normal"),
        "heuristic": _("AI: normal"),
        "hard": _("AI: hard"),
    }.get(kind, kind)


def default_kind() -> str:
    return "normal" if "normal" in SEAT_KINDS else "heuristic"


class SetupScene(common.MenuScene):
    name = "setup"

    def __init__(
        self,
        app: App,
        game_id: str = "nove",
        seats: list[SeatConfig] | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.game = app.registry.get(game_id)
        self.specs: list[OptionSpec] = table_classes()[game_id].setup_options()
        defaults = self.game.options_to_json(self.game.default_options())
        defaults.update(
            {spec.name: spec.default for spec in self.specs if spec.default is not GAME_DEFAULT}
        )
        defaults.update(options or {})
        count = len(seats) if seats else defaults.get("players", self.game.min_players)
        seats = seats or [
            SeatConfig(default_name(i), "human" if i == 0 else default_kind()) for i in range(count)
        ]
        counts = list(range(self.game.min_players, self.game.max_players + 1))
        self.count = Choice(_("Players"), counts, counts.index(len(seats)), self._count_changed)
        most = self.game.max_players
        self.names = [
            TextField(_("Seat {n}").format(n=i + 1), default_name(i), 14) for i in range(most)
        ]
        kinds = seat_kinds()
        self.kinds = [
            Choice("", kinds, kinds.index(default_kind()), describe=kind_label)
            for _i in range(most)
        ]
        for i, seat in enumerate(seats):
            self.names[i].text = seat.name
            self.kinds[i].set_value(seat.kind)
        self.options: dict[str, Choice] = {}
        for spec in self.specs:
            choice = self._option_choice(spec)
            choice.set_value(defaults.get(spec.name))
            self.options[spec.name] = choice
        self.seed = TextField(_("Deal number (empty: random)"), "", 12)
        self.start = Button(_("Start"), self.start_game, primary=True)
        self.back = Button(_("Back"), self.leave)
        self.focus = FocusGroup()
        self._options_changed()
        self._count_changed(len(seats))

    def _option_choice(self, spec: OptionSpec) -> Choice:
        if spec.kind == SEAT:
            first = list(spec.values)
            words = spec.describe
            choice = Choice(
                spec.label,
                first,
                0,
                describe=lambda v: words(v) if v in first else self._seat_name(v),
            )
        else:
            choice = Choice(spec.label, list(spec.values), 0, describe=spec.describe)
        choice.hint = spec.hint
        choice.on_change = lambda _value: self._options_changed()
        return choice

    def _options_changed(self) -> None:
        """Rows that mean nothing with the other rows' values are greyed out (and skipped)."""
        values = {name: choice.value for name, choice in self.options.items()}
        for spec in self.specs:
            if spec.applies is not None:
                self.options[spec.name].enabled = spec.applies(values)

    def _seat_name(self, seat: int) -> str:
        return self.names[seat].text.strip() or _("Seat {n}").format(n=seat + 1)

    def _count_changed(self, count: int) -> None:
        for i in range(self.game.max_players):
            self.names[i].visible = self.kinds[i].visible = i < count
        for spec in self.specs:
            if spec.kind == SEAT:
                choice = self.options[spec.name]
                value = choice.value
                choice.values = [*spec.values, *range(count)]
                choice.set_value(value if value in choice.values else spec.values[0])
        rows: list[Widget] = [self.start, self.count]
        for i in range(count):
            rows += [self.names[i], self.kinds[i]]
        rows += [*self.options.values(), self.seed, self.back]
        self.focus.set(rows)
        self.layout()

    def enter(self) -> None:
        self.focus.focus(self.start)
        self.focus.keyboard = True  # the ring shows on arrival: Enter starts the game
        self.layout()

    @property
    def wake_ms(self) -> int | None:
        return 500 if isinstance(self.focus.focused, TextField) else None

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        left = w // 2 - app.s(580)
        self.count.rect = pygame.Rect(left, app.s(104), app.s(540), app.s(44))
        count = self.count.value
        step = min(52.0, (640 - 160) / count)
        y = 160.0
        for i in range(self.game.max_players):
            self.names[i].rect = pygame.Rect(left, app.s(y), app.s(262), app.s(step - 6))
            self.kinds[i].rect = pygame.Rect(
                left + app.s(274), app.s(y), app.s(266), app.s(step - 6)
            )
            if i < count:
                y += step
        right = w // 2 + app.s(30)
        rows = [*self.options.values(), self.seed]
        option_step = min(52.0, 470 / max(1, len(rows)))
        y = 104.0
        for widget in rows:
            widget.rect = pygame.Rect(right, app.s(y), app.s(550), app.s(option_step - 6))
            y += option_step
        self.note_y = y + 4
        self.start.rect = pygame.Rect(0, 0, app.s(300), app.s(58))
        self.start.rect.bottomright = (right + app.s(550), h - app.s(24))
        self.back.rect = pygame.Rect(0, 0, app.s(180), app.s(58))
        self.back.rect.bottomleft = (right, h - app.s(24))

    # -- actions ---------------------------------------------------------------------------------
    def leave(self) -> None:
        self.app.stack.remove(self)

    def seats(self) -> list[SeatConfig]:
        count = self.count.value
        humans = sum(1 for i in range(count) if self.kinds[i].value == "human")
        out = []
        for i in range(count):
            name = self.names[i].text.strip() or _("Seat {n}").format(n=i + 1)
            kind = self.kinds[i].value
            if humans > 1 and kind == "human" and name in (DEFAULT_NAMES[0], default_name(0)):
                # "You" names nobody when several people share the computer.
                name = _("Player {n}").format(n=i + 1)
            out.append(SeatConfig(name, kind))
        return out

    def options_json(self) -> dict[str, Any]:
        values = {name: choice.value for name, choice in self.options.items()}
        values["players"] = self.count.value
        return values

    def start_game(self) -> None:
        text = self.seed.text.strip()
        if text and not (text.isdigit() and len(text) <= 18):
            self.app.notify(_("The deal number must be a whole number (or empty)."), error=True)
            return
        seed = int(text) if text else time.time_ns() % 1_000_000_000
        try:
            options = self.game.options_from_json(self.options_json())
        except InvalidOptionsError as exc:
            self.app.notify(str(exc)[:1].upper() + str(exc)[1:] + ".", error=True)
            return
        session = GameSession(self.game, options, seed, self.seats())
        self.app.settings.last_game = self.game.id
        self.app.scenes.replace("table", session=session)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        common.felt(surface, self.app)
        app = self.app
        w, _h = surface.get_size()
        title = fitted(
            app,
            _("New game of {game}").format(game=self.game.title),
            w - app.s(40),
            app.s(40),
            theme.ACCENT,
            bold=True,
        )
        surface.blit(title, title.get_rect(midtop=(w // 2, app.s(22))))
        common.text(
            surface, app, _("Seats"), (w // 2 - app.s(580), app.s(80)), 17, colour=theme.MUTED
        )
        common.text(
            surface, app, _("Options"), (w // 2 + app.s(30), app.s(80)), 17, colour=theme.MUTED
        )
        humans = sum(1 for i in range(self.count.value) if self.kinds[i].value == "human")
        if humans == 0:
            note = _("All seats are AI: you watch the game.")
        elif humans == 1:
            note = _("One human against AI seats.")
        else:
            note = ngettext(
                "{n} human shares this computer (pass-and-play).",
                "{n} humans share this computer (pass-and-play).",
                humans,
            ).format(n=humans)
        image = fitted(app, note, app.s(550), app.s(17), theme.WHITE)
        surface.blit(image, (w // 2 + app.s(30), app.s(self.note_y)))
        focused = self.focus.focused
        hint = getattr(focused, "hint", "") or _(
            "Replay a deal: enter the deal number shown at a table."
        )
        image = fitted(app, hint, app.s(550), app.s(14), theme.MUTED)
        surface.blit(image, (w // 2 + app.s(30), app.s(self.note_y + 26)))
        self.focus.draw(surface, app.fonts, app.scale)
