"""The NOVE table: what is particular to NOVE on the table kit (spec nove.md section 12).

Zones: one hand per seat (``hand:<seat>``); piles: the draw pile and the face-down discards.
Its parts: ``events`` (how events animate), ``controls`` (the seat's decisions), ``words``,
``summary``, ``geometry`` and ``draw``; this module glues the model to the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.nove import hand as H
from ....games.nove.actions import action_reason
from ....games.nove.cards import is_joker
from ....games.nove.view import NoveObservation
from ....i18n import _, ngettext
from ...refusals import reason_text
from ...setup_options import OptionSpec, none_or, seat_option
from ...table.layout import Side
from ...table.scene import Slot
from ...table.sprites import CardSprite
from . import words
from .base import DECK, DISCARD, hand_zone
from .controls import NoveControls
from .draw import centre, joker_badge
from .events import NoveEvents
from .geometry import DECK_SPOT, DISCARD_SPOT, SEAT_AREA, hand_slots

if TYPE_CHECKING:
    from ....sessions import Session
    from ...app import App


class NoveTable(NoveEvents, NoveControls):
    game_id = "nove"
    deck = "nove"
    seat_area: ClassVar[tuple[float, float]] = SEAT_AREA
    deck_spot: ClassVar[tuple[float, float]] = DECK_SPOT
    discard_spot: ClassVar[tuple[float, float]] = DISCARD_SPOT

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        self.busted = set()
        self.stood = set()
        self.exchanged = {}
        self.announcements = []
        self.jokers = {}
        self.order = ()
        self.round_no = 0
        self.selected = set()
        self.joker_points = {}
        self.exchange_button = None
        self.grid_bottom = 0.0
        super().__init__(app, session, resumed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            seat_option("first_dealer", _("First dealer"), [None], _("drawn at random")),
            OptionSpec(
                "max_rounds",
                _("Round limit"),
                [None, 5, 10, 20, 30],
                none_or(
                    _("none: play to 12 points"),
                    lambda v: ngettext("{n} round", "{n} rounds", v).format(n=v),
                ),
                hint=_("With a limit, the highest score after the last round wins."),
            ),
        ]

    # == the model ===============================================================================
    def zones_from(
        self, obs: NoveObservation
    ) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in obs.seats:
            if seat.seat == self.viewer:
                rows[hand_zone(seat.seat)] = list(obs.hand)
            else:
                hidden = seat.hand_size - len(seat.shown)
                rows[hand_zone(seat.seat)] = [*seat.shown, *([None] * hidden)]
        return rows, {DECK: obs.draw_count, DISCARD: obs.discard_count}

    def derive(self, obs: NoveObservation) -> None:
        self.scores = [seat.score for seat in obs.seats]
        self.dealer = obs.dealer
        self.order = tuple(obs.order)
        self.round_no = obs.round_no
        self.current = obs.current if obs.phase == "turn" or obs.phase == "exchange" else None
        self.busted = {s.seat for s in obs.seats if s.busted}
        self.exchanged = {s.seat: s.exchanged for s in obs.seats if s.exchanged is not None}
        self.announcements = list(obs.announcements)
        self.stood = set()
        if obs.phase == "turn" and obs.current in self.order:
            done = self.order[: self.order.index(obs.current)]
            self.stood = {s for s in done if s not in self.busted}
        elif obs.phase in ("choose_joker", "over", "auto") and obs.last_round is None:
            self.stood = {s for s in self.order if s not in self.busted}
        self.jokers = {}
        for seat in obs.seats:
            for joker, state, option in seat.shown_jokers:
                self.jokers[joker] = (state, option)
        for joker, state, option in obs.jokers:
            self.jokers[joker] = (state, option)
        for seat_index, option in obs.joker_options:
            cards = list(obs.seats[seat_index].shown)
            if seat_index == self.viewer:
                cards += list(obs.hand)
            for card in cards:
                if is_joker(card) and self.jokers.get(card, ("", None))[0] == H.FREE:
                    self.jokers[card] = (H.FREE, option)
        self.status = words.status(self.names, self.viewer, obs)

    # == layout ==================================================================================
    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        seat = int(zone.split(":")[1])
        spot = self.spot(seat)
        own = spot.side is Side.BOTTOM and seat == self.viewer
        width = self.own_width if own else self.other_width
        return hand_slots(spot, own, width, count)

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.discard_spot if pile == DISCARD else self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        if pile == DISCARD:
            return _("discards: {n}").format(n=count)
        return _("draw: {n}").format(n=count)

    # == plates, words and drawing ===============================================================
    def seat_tags(self, seat: int) -> list[str]:
        tags = []
        if seat == self.viewer and self.sprites_of(seat):
            tags.append(words.hand_value(*self.own_split()))
        return tags + words.seat_tags(
            seat,
            seat in self.busted,
            seat in self.stood,
            self.exchanged.get(seat),
            self.announcements,
        )

    def hud_text(self) -> str:
        return _("Round {round}   {deal}   R: rules   L: log   Esc: menu").format(
            round=self.round_no, deal=self.deal_words()
        )

    def card_words(self, card: str) -> str:
        return words.card_name(card)

    def action_words(self, action: Action) -> str:
        text = reason_text(action_reason(action), self.names, self.card_words)
        return text[:1].upper() + text[1:]

    def describe_event(self, event: Event) -> str | None:
        return words.describe(event, self.names)

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        joker_badge(self, surface, sprite, rect)

    def draw_centre(self, surface: pygame.Surface) -> None:
        centre(self, surface, show_best=not self.grid_over_status())

    def draw(self, surface: pygame.Surface) -> None:
        status = self.status
        if self.grid_over_status():
            self.status = ""  # the option grid covers the status lines
        try:
            super().draw(surface)
        finally:
            self.status = status
