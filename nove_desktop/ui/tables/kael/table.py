"""The Kaël table: what is particular to Kaël on the table kit (spec kael.md 7.5 and 15).

Zones: one hand per seat and the table pile (its top card whole, the chain of equal ranks fanned
beneath it); the deck is a pile. A turn: pick a single, pair or triple (cards of one rank snap
together), then "Draw from deck" or "Take [card]"; the X and squares are one "Lay (no draw)".
The cut window runs a countdown ring round the table pile for its full length whenever a chain
of 2 or 3 appears; the good draw is a private prompt near the hand. The decisions
(``controls.py``) and the animations (``events.py``) are mixins of this class.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.kael.actions import Lay, action_reason
from ....games.kael.cards import RANK
from ....games.kael.state import Phase
from ....games.kael.view import KaelObservation
from ....i18n import _, ngettext
from ...refusals import reason_text
from ...setup_options import OptionSpec, seat_option
from ...table.basics import Slot
from ...widgets import Button
from . import draw
from .controls import KaelControls
from .events import KaelEvents
from .geometry import DECK, TABLE, badge_spot, hand_slots, hand_zone, ring_centre, sort_key
from .geometry import table_slots as pile_slots
from .words import card_words, cards_words, event_words, rank_words

if TYPE_CHECKING:
    from ....sessions import Session
    from ...app import App


class KaelTable(KaelEvents, KaelControls):
    """The Kaël table: its zones, layout, plates, centre marks, log and results (the decisions
    and the animations come from the mixins)."""

    game_id = "kael"
    deck = "kael"
    seat_area = (220.0, 118.0)
    own_width = 92.0
    other_width = 54.0
    deck_spot = (540.0, 300.0)
    table_spot = (700.0, 300.0)

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        self.round_no = 0
        self.totals = []
        self.lost_landing = set()
        self.out_seats = set()
        self.caller = None
        self.final_queue = ()
        self.revealed = {}
        self.selected = []
        self.history = []
        self.shown_totals = {}
        self.window_note = ""
        self.hand_size = 5
        self.preferred = None
        super().__init__(app, session, resumed)

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            OptionSpec(
                "deal_mode",
                _("Cards per round"),
                ["dealer_choice", "fixed"],
                lambda v: _("dealer chooses 2-7") if v == "dealer_choice" else _("fixed"),
                hint=_("The original rule: each round the dealer picks the hand size."),
            ),
            OptionSpec(
                "hand_size",
                _("Fixed hand size"),
                list(range(2, 8)),
                lambda v: ngettext("{n} card", "{n} cards", v).format(n=v),
                hint=_("Used only when the cards per round are fixed."),
                applies=lambda values: values.get("deal_mode") == "fixed",
            ),
            seat_option("first_dealer", _("First dealer"), ["random"], _("drawn at random")),
            OptionSpec(
                "false_kael_allowed",
                _("False Kaël calls"),
                [True, False],
                lambda v: _("allowed (+20)") if v else _("not offered"),
                hint=_("Not offered: Kaël can only be called with 5 points or less."),
            ),
            OptionSpec(
                "end_rule",
                _("End of the game"),
                ["last_survivor", "first_elimination"],
                lambda v: (
                    _("last player standing") if v == "last_survivor" else _("first elimination")
                ),
                hint=_("First elimination makes a short game: the lowest total wins."),
            ),
        ]

    def extra_hud_buttons(self) -> list[Button]:
        return [Button(_("History"), self.open_history)]

    # == the model ===============================================================================
    def zones_from(
        self, obs: KaelObservation
    ) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in obs.seats:
            if obs.revealed_hands is not None:
                rows[hand_zone(seat.seat)] = list(obs.revealed_hands[seat.seat])
            elif seat.seat == self.viewer:
                own = sorted(obs.hand, key=sort_key)
                rows[hand_zone(seat.seat)] = list(own)
            else:
                hidden = seat.card_count - len(seat.known_cards)
                rows[hand_zone(seat.seat)] = [*([None] * hidden), *seat.known_cards]
        rows[TABLE] = [card for card, _who in obs.table]
        return rows, {DECK: obs.deck_count}

    def derive(self, obs: KaelObservation) -> None:
        self.round_no = obs.round_no
        self.dealer = obs.dealer
        self.totals = [s.total for s in obs.seats]
        self.scores = list(self.totals)
        self.shown_totals = {}
        self.lost_landing = {s.seat for s in obs.seats if not s.landing_benefit}
        self.out_seats = {s.seat for s in obs.seats if s.eliminated}
        self.caller = obs.caller
        self.final_queue = tuple(obs.final_queue)
        self.current = obs.current
        if obs.revealed_hands is None:
            self.revealed = {}
        self.status = self.status_from(obs)

    def status_from(self, obs: KaelObservation) -> str:
        if obs.phase == Phase.GAME_OVER:
            return _("The game is over")
        if obs.phase == Phase.CHOOSE_HAND_SIZE:
            return self.whose(
                obs.dealer,
                _("you choose how many cards to deal"),
                _("{name} chooses how many cards to deal"),
            )
        if obs.phase == Phase.CUT_WINDOW:
            return self.window_note or _("A chain of {count} {rank}s: cut?").format(
                count=obs.chain_length, rank=rank_words(obs.chain_rank or "")
            )
        if obs.current is None:
            return ""
        final = _(" (final turn)") if obs.caller is not None else ""
        return self.whose(obs.current, _("your turn") + final, _("{name} to play") + final)

    # == layout ==================================================================================
    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        if zone == TABLE:
            return self.table_slots(count)
        seat = int(zone.split(":")[1])
        widths = (self.own_width, self.other_width)
        return hand_slots(self.spot(seat), seat, self.viewer, widths, count)

    def table_slots(self, count: int) -> list[Slot]:
        _rank, length = self.chain_of_model()
        return pile_slots(self.table_spot, self.pile_width, count, length)

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        return _("deck: {n}").format(n=count)

    # == plates and the centre ===================================================================
    def score_text(self, seat: int) -> str:
        shown = self.shown_totals.get(seat)
        return str(round(shown)) if shown is not None else str(self.totals[seat])

    def seat_tags(self, seat: int) -> list[str]:
        tags = []
        if seat in self.out_seats:
            tags.append(_("out"))
        own = self.zones.row(hand_zone(seat)) if seat == self.viewer else []
        if own and seat not in self.out_seats and not self.revealed:  # no "hand 0" before a deal
            tags.append(_("hand {total}").format(total=self.own_total()))
        if seat in self.revealed:
            tags.append(_("hand {total}").format(total=self.revealed[seat]))
        if seat == self.caller:
            tags.append(_("called Kaël"))
        elif seat in self.final_queue:
            tags.append(_("final turn"))
        if seat in self.lost_landing:
            tags.append(_("no landings"))
        return tags

    def draw_centre(self, surface: pygame.Surface) -> None:
        draw.draw_centre(self, surface)

    def ring_centre(self, length: int) -> tuple[float, float]:
        """The centre of the cut window's ring: the middle of the fanned chain."""
        return ring_centre(self.table_spot, length)

    def badge_spot(self, length: int) -> tuple[float, float]:
        """The left end of the chain's "\u00d73" badge (outside the cut window's ring)."""
        return badge_spot(self.table_spot, length)

    def hud_text(self) -> str:
        return _("Round {round}   {deal}   H: history   R: rules").format(
            round=self.round_no, deal=self.deal_words()
        )

    # == results, words ==========================================================================
    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def ranking(self) -> list[list[int]] | None:
        places = self.observe().ranking
        return [list(place) for place in places] if places else None

    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        reason = action_reason(action)
        cards = getattr(action, "cards", ())
        if isinstance(action, Lay) and len(cards) > 1 and len({RANK[c] for c in cards}) == 1:
            # "Lay a pair of 8s", as the log says it (card by card gave "a 8 and a 8")
            reason = dataclasses.replace(
                reason, params={**reason.params, "cards": cards_words(list(cards))}
            )
        words = reason_text(reason, self.names, self.card_words)
        return words[:1].upper() + words[1:]

    def describe_event(self, event: Event) -> str | None:
        return event_words(event, self.names)
