"""Game setup: seats (human or AI, with names), the game's options, an optional deal number.

The defaults start a solo game against AI seats with one click (or Enter)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from ...engine.errors import InvalidOptionsError
from ...session import GameSession, SeatConfig
from .. import theme
from ..app import App
from ..widgets import Button, Choice, FocusGroup, TextField
from . import common

DEFAULT_NAMES = ["You", "Ada", "Bruno", "Chiara", "Dario", "Elsa"]
KINDS = ["human", "heuristic", "random"]
KIND_LABELS = {"human": "Human", "heuristic": "AI: normal", "random": "AI: easy"}
ROUND_LIMITS = [None, 5, 10, 20, 30]


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
        defaults = self.game.options_to_json(self.game.default_options())
        defaults.update(options or {})
        seats = seats or [
            SeatConfig(DEFAULT_NAMES[i], "human" if i == 0 else "heuristic")
            for i in range(defaults.get("players", 4))
        ]
        counts = list(range(self.game.min_players, self.game.max_players + 1))
        self.count = Choice("Players", counts, counts.index(len(seats)), self._count_changed)
        self.names = [
            TextField(f"Seat {i + 1}", DEFAULT_NAMES[i], 14) for i in range(self.game.max_players)
        ]
        self.kinds = [
            Choice("", KINDS, 1, describe=KIND_LABELS.__getitem__)
            for _ in range(self.game.max_players)
        ]
        for i, seat in enumerate(seats):
            self.names[i].text = seat.name
            self.kinds[i].set_value(seat.kind)
        self.dealer = Choice(
            "First dealer", [None, *range(self.game.max_players)], 0, describe=self._dealer_name
        )
        self.dealer.set_value(defaults.get("first_dealer"))
        self.rounds = Choice(
            "Round limit",
            ROUND_LIMITS,
            0,
            describe=lambda v: "none (to 12 points)" if v is None else f"{v} rounds",
        )
        self.rounds.set_value(defaults.get("max_rounds"))
        self.seed = TextField("Deal number (empty: random)", "", 12)
        self.start = Button("Start", self.start_game, primary=True)
        self.back = Button("Back", self.leave)
        self.focus = FocusGroup()
        self._count_changed(len(seats))

    def _dealer_name(self, value: int | None) -> str:
        if value is None:
            return "drawn at random"
        return self.names[value].text or f"Seat {value + 1}"

    def _count_changed(self, count: int) -> None:
        for i in range(self.game.max_players):
            self.names[i].visible = self.kinds[i].visible = i < count
        if self.dealer.value is not None and self.dealer.value >= count:
            self.dealer.set_value(None)
        self.dealer.values = [None, *range(count)]
        self.dealer.index = min(self.dealer.index, len(self.dealer.values) - 1)
        rows: list[Any] = [self.start, self.count]
        for i in range(count):
            rows += [self.names[i], self.kinds[i]]
        rows += [self.dealer, self.rounds, self.seed, self.back]
        self.focus.set(rows)
        self.layout()

    def enter(self) -> None:
        self.focus.focus(self.start)
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        w, _h = app.size
        left = w // 2 - app.s(560)
        self.count.rect = pygame.Rect(left, app.s(118), app.s(520), app.s(48))
        y = app.s(184)
        for i in range(self.game.max_players):
            self.names[i].rect = pygame.Rect(left, y, app.s(250), app.s(44))
            self.kinds[i].rect = pygame.Rect(left + app.s(262), y, app.s(258), app.s(44))
            if i < self.count.value:
                y += app.s(56)
        right = w // 2 + app.s(40)
        self.dealer.rect = pygame.Rect(right, app.s(118), app.s(520), app.s(48))
        self.rounds.rect = pygame.Rect(right, app.s(180), app.s(520), app.s(48))
        self.seed.rect = pygame.Rect(right, app.s(270), app.s(520), app.s(48))
        self.start.rect = pygame.Rect(0, 0, app.s(300), app.s(62))
        self.start.rect.topleft = (right + app.s(220), app.s(560))
        self.back.rect = pygame.Rect(0, 0, app.s(180), app.s(62))
        self.back.rect.topleft = (right, app.s(560))

    # -- actions ---------------------------------------------------------------------------------
    def leave(self) -> None:
        self.app.stack.pop()

    def seats(self) -> list[SeatConfig]:
        out = []
        for i in range(self.count.value):
            name = self.names[i].text.strip() or f"Seat {i + 1}"
            out.append(SeatConfig(name, self.kinds[i].value))
        return out

    def options_json(self) -> dict[str, Any]:
        return {
            "players": self.count.value,
            "first_dealer": self.dealer.value,
            "max_rounds": self.rounds.value,
        }

    def start_game(self) -> None:
        from .table_nove import NoveTableScene

        text = self.seed.text.strip()
        if text and not text.isdigit():
            self.app.notify("The deal number must be a whole number (or empty).", error=True)
            return
        seed = int(text) if text else time.time_ns() % 1_000_000_000
        try:
            options = self.game.options_from_json(self.options_json())
        except InvalidOptionsError as exc:
            self.app.notify(str(exc), error=True)
            return
        session = GameSession(self.game, options, seed, self.seats())
        self.app.settings.last_game = self.game.id
        self.app.stack.replace(NoveTableScene(self.app, session))

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        common.heading(surface, self.app, f"New game of {self.game.title}", 26, size=44)
        app = self.app
        w, _h = surface.get_size()
        common.text(surface, app, "Seats", (w // 2 - app.s(560), app.s(92)), 17, colour=theme.MUTED)
        common.text(
            surface, app, "Options", (w // 2 + app.s(40), app.s(92)), 17, colour=theme.MUTED
        )
        common.text(
            surface,
            app,
            "Replay a deal: enter the deal number shown at a table.",
            (w // 2 + app.s(40), app.s(326)),
            15,
            colour=theme.MUTED,
        )
        humans = sum(1 for i in range(self.count.value) if self.kinds[i].value == "human")
        note = {0: "All seats are AI: you watch the game.", 1: "One human against AI seats."}.get(
            humans, f"{humans} humans share this computer (pass-and-play)."
        )
        common.text(surface, app, note, (w // 2 + app.s(40), app.s(380)), 18, colour=theme.WHITE)
        self.focus.draw(surface, app.fonts, app.scale)
