"""The Nove banco table: what is particular to banco on the table kit (spec nove_banco.md 11).

Zones: one row per seat (``hand:<seat>``): the hole card first, alone, with the stake on it as
tokens; the extra cards fanned face up to its right. The viewer's own hole card shows its corner
(a peek) until it is turned up for everyone. The bank stands in front of the banker: the BANCO
plaque with "hand k of 5", the stock and the banker's chips; it slides to the next banker when the
bank passes. Controls: a bet slider limited to the legal range with the reason when it is capped,
preset to the player's previous bet (Enter bets), then Hit and Stand. A term summary opens when
the bank passes; the game-over ranking shows the chips and how often each player banked.

The parts: ``base`` (the table's state), ``events`` (events -> animations), ``controls`` (the
decisions), ``geometry``, ``draw``, ``chips``, ``words`` and ``summary``; this module glues the
model to the screen through the kit's hooks.
"""

from __future__ import annotations

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.banco.cards import DECKS, ITALIAN40
from ....games.banco.state import Phase
from ....games.banco.view import BancoObservation
from ....i18n import _, format_signed, ngettext
from ....sessions import Session
from ...app import App
from ...setup_options import OptionSpec
from ...table.scene import Slot
from ...table.sprites import CardSprite
from . import draw, geometry, summary, words
from .base import DECK, Outcome, Point, hand_zone, seat_of
from .controls import BancoControls
from .events import BancoEvents


class BancoTable(BancoEvents, BancoControls):
    game_id = "banco"
    clockwise = False  # the next seat sits on the viewer's right (spec 3)
    pile_width = geometry.PILE_WIDTH

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        options = session.options
        count = len(session.seats)
        # The kit's deck is a class attribute; banco's follows the table's deck style.
        self.deck = (  # type: ignore[misc]  # ClassVar in the kit, set per table here
            "banco-italian" if options.deck_style == ITALIAN40 else "banco-french"
        )
        self.deck_size = len(DECKS[options.deck_style])
        self.hands_per_bank = options.hands_per_bank
        self.sizes = geometry.sizes_for(count)
        self.rows = {}
        self.banker = 0
        self.bank_at = geometry.TABLE_CENTRE
        self.bank_slide = None
        self.bank_spots = {}
        self.banner_spots = {}
        self.stakes = [0] * count
        self.punter_status = [""] * count
        self.revealed = set()
        self.outcomes = {}
        self.banks_held = [0] * count
        self.hands_in_term = 0
        self.hand_number = 0
        self.order = ()
        self.out_seats = set()
        self.last_bet = {}
        self.term_start = [options.starting_chips] * count
        self.hole_refs = {}
        self.slider = None
        self.bet_button = None
        self.preferred = None
        super().__init__(app, session, resumed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return words.setup_rows()

    # == geometry ================================================================================
    @classmethod
    def seat_area_for(cls, count: int) -> tuple[float, float]:
        return geometry.sizes_for(count).area

    def layout_seats(self) -> None:
        super().layout_seats()
        self.rows = {
            spot.seat: geometry.row_for(spot, self.card_width(spot.seat)) for spot in self.spots
        }
        self.bank_spots = {}
        self.banner_spots = {}
        self.bank_slide = None
        self.bank_at = self.bank_centre_for(self.banker)

    @property
    def deck_spot(self) -> Point:  # type: ignore[override]  # a ClassVar in the kit: the stock moves with the bank here
        return geometry.deck_point(self.bank_position())

    def pile_spot(self, pile: str) -> Point:
        return self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        return ngettext("{n} card", "{n} cards", count).format(n=count)

    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        seat = seat_of(zone)
        row = self.rows[seat]
        slots = []
        for index in range(count):
            x = row.xs[min(index, len(row.xs) - 1)]
            raised = index == 0 and self.peeking(seat)
            slots.append(Slot(x, row.y - (6 if raised else 0), row.width))
        return slots

    def banner_point(self, anchor: str) -> Point:
        """Seat call-outs over the seat's cards; centre call-outs where the bank is not."""
        if anchor.startswith("seat:"):
            row = self.rows[int(anchor.split(":")[1])]
            box = row.cards_box
            return (box.centerx, row.y)
        if self.banker not in self.banner_spots:
            bank = geometry.bank_rect(self.bank_centre_for(self.banker))
            self.banner_spots[self.banker] = geometry.centre_banner_point(
                bank, self.spots, self.rows
            )
        return self.banner_spots[self.banker]

    def status_point(self) -> Point:
        return (640.0, geometry.STATUS_Y)

    # == the model ===============================================================================
    def zones_from(
        self, obs: BancoObservation
    ) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows = {hand_zone(seat): list(cards) for seat, cards in enumerate(obs.cards)}
        return rows, {DECK: obs.stock_count}

    def derive(self, obs: BancoObservation) -> None:
        over = obs.phase == Phase.GAME_OVER
        self.scores = list(obs.chips)
        if obs.banker != self.banker or self.bank_slide is not None:
            self.set_banker(obs.banker)
        self.hand_number = obs.hand_number
        # A finished hand is already counted in the term: at the end it is the last one shown.
        self.hands_in_term = obs.hands_in_term - 1 if over else obs.hands_in_term
        self.banks_held = list(obs.banks_held)
        self.out_seats = {s for s, out in enumerate(obs.eliminated) if out}
        self.revealed = {s for s, up in enumerate(obs.hole_face_up) if up}
        self.order = tuple(obs.punter_order)
        self.punter_status = list(obs.status)
        self.stakes = [0] * self.n if over else list(obs.bets)
        self.outcomes = self.final_outcomes(obs) if over else {}
        self.current = obs.current
        self.status = words.status_words(obs, self.viewer, self.names)

    def final_outcomes(self, obs: BancoObservation) -> dict[int, Outcome]:
        """The last hand's results, shown on the table once the game is over."""
        last = obs.last_hand
        if last is None:
            return {}
        out = {}
        for seat, outcome in enumerate(last["outcomes"]):
            if outcome in ("win", "lose"):
                out[seat] = (outcome, obs.bets[seat], last["scores"][seat], last["banker_score"])
        return out

    # == plates, labels and the bank =============================================================
    def score_text(self, seat: int) -> str:
        return str(self.scores[seat])

    def seat_tags(self, seat: int) -> list[str]:
        if seat in self.out_seats:
            return [_("out")]
        tags = [_("bank")] if seat == self.banker else []
        outcome = self.outcomes.get(seat)
        status = self.punter_status[seat]
        if outcome is not None:
            sign = "+" if outcome[0] == "win" else "\u2212"
            tags.append(f"{sign}{outcome[1]}")
        elif self.stakes[seat]:
            tags.append(_("bet {n}").format(n=self.stakes[seat]))
        elif status == "betting":
            tags.append(_("betting"))
        elif status == "sat_out":
            tags.append(_("bank full"))
        return tags

    def label_image(self, seat: int) -> tuple[pygame.Surface, pygame.Rect, bool] | None:
        """The seat's words as drawn (image, place in window pixels, badge), or None."""
        return draw.label_image(self, seat)

    def draw_centre(self, surface: pygame.Surface) -> None:
        draw.draw_centre(self, surface)

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        draw.decorate(self, surface, sprite, rect)

    def draw(self, surface: pygame.Surface) -> None:
        self.hole_refs = {}
        for seat in range(self.n):
            row = self.zones.rows.get(hand_zone(seat))
            if row:
                self.hole_refs[row[0]] = seat
        super().draw(surface)

    def hud_text(self) -> str:
        return _("Hand {hand}   {deal}   R: rules   L: log   Esc: menu").format(
            hand=self.hand_number, deal=self.deal_words()
        )

    # == results =================================================================================
    def played_for(self, rounds: int) -> str:
        return summary.played_for(rounds)

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def ranking(self) -> list[list[int]] | None:
        """Places by chips, most first; equal chips share a place (spec 5.8)."""
        return summary.ranking(self.observe().chips)

    def ranking_details(self) -> list[str] | None:
        obs = self.observe()
        return summary.ranking_details(obs.banks_held, obs.eliminated)

    # == words ===================================================================================
    def card_words(self, card: str) -> str:
        return words.card_words(card)

    def action_words(self, action: Action) -> str:
        said = words.action_words(action)
        return said if said is not None else super().action_words(action)

    def hint_value(self, mean: float) -> str:
        return _("{value} chips").format(value=format_signed(mean))

    def describe_event(self, event: Event) -> str | None:
        return words.describe(event, self.names, self.hands_per_bank)
