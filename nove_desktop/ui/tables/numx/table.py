"""The NUM-X "Objectifs" table: what is particular to NUM-X on the table kit (spec numx.md 9.5
and 16).

Zones: ``hand:<seat>``, ``malus:<seat>`` (face up, anyone may use them), ``objective:<seat>``
(the viewer's in the corner; everyone's at the round-end reveal), ``trick:<g>`` (one zone per
group of the current trick: a Fusion X joins the group it merges with) and ``discard`` (face up,
the top card shown, browsable); the deck is a pile. The parts: ``base.py`` (the shared state),
``events.py`` (animations), ``controls.py`` and ``pickers.py`` (decisions), ``windows.py``
(Facteur X windows), ``draw.py`` (painting), ``words.py`` and ``summary.py`` (text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.numx.cards import ORDER
from ....games.numx.events import RoundScored
from ....games.numx.state import Phase
from ....games.numx.view import NumxObservation
from ....i18n import _, ngettext
from ....sessions import Session
from ...app import App
from ...people import table_names
from ...setup_options import OptionSpec, on_off, seat_option
from ...table.layout import Side
from ...table.scene import Slot
from ...widgets import Button
from . import geometry as G
from .base import (
    DECK,
    DISCARD,
    SPECIALS,
    hand_zone,
    malus_zone,
    objective_zone,
    trick_groups,
)
from .controls import NumxControls
from .discard import DiscardScene
from .draw import NumxDrawing
from .events import NumxEvents
from .plan import Planned
from .summary import scoreboard
from .windows import NumxWindows
from .words import Narrator, badge, card_words, combination_words, signed

MALUS_PLUS_SETS = [
    [[1, 1], [2, 1], [1, 2]],
    [[1, 1], [1, 1], [1, 1]],
    [[2, 1], [1, 2], [2, 2]],
]


def malus_plus_words(values: Any) -> str:
    """ "1\u00b71 / 2\u00b71 / 1\u00b72": each Malus+ card's hand and malus numbers."""
    return " / ".join(f"{h}\u00b7{m}" for h, m in values)


class NumxTable(NumxEvents, NumxWindows, NumxControls, NumxDrawing):
    """The NUM-X table: its zones, layout, plates, log and results (the animations, decisions,
    windows and painting come from the parts it is mixed from)."""

    toast_corner = (12.0, 508.0, 330.0)  # above the objective, which holds the bottom left

    game_id = "numx"
    deck = "numx"
    clockwise = True
    seat_area = G.SEAT_AREA
    own_width = G.OWN_CARD
    other_width = G.OTHER_MALUS_CARD
    pile_width = G.PILE_CARD
    deck_spot = G.DECK_SPOT

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        self.round_no = 0
        self.rounds = session.options.rounds
        self.phase = ""
        self.totals = [0] * len(session.seats)
        self.shown_totals = {}
        self.first_out = set()
        self.leader = None
        self.trick_state = (0, 0)
        self.top_kind = ""
        self.lone_joker = False
        self.choosing = False
        self.refilling = False
        self.revealing = False
        self.history = []
        self.narrator = Narrator(table_names(session), session.options.malus_plus_values)
        self.picked = []
        self.planned = []
        self.picker = None
        self.peeking = False
        self.pending_hand = {}
        self.glow = None
        self.fitting = set()
        self.highlight = set()
        self.lifting = set()
        self.moment_cache = (None, None)
        super().__init__(app, session, resumed)
        self.scores_button = Button(_("Scores (H)"), self.open_history)
        self.discard_button = Button(_("Discard (B)"), self.open_discard)
        self.hud_buttons += [self.scores_button, self.discard_button]

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            OptionSpec(
                "rounds",
                _("Rounds"),
                list(range(1, 11)),
                lambda v: ngettext("{n} round", "{n} rounds", v).format(n=v),
                hint=_("The highest total after the last round wins (5 is usual)."),
            ),
            OptionSpec(
                "objectives",
                _("Secret objectives"),
                [True, False],
                on_off,
                hint=_("A secret goal card for every player each round."),
            ),
            OptionSpec(
                "infini_4",
                _("Infini 4"),
                [False, True],
                on_off,
                hint=_("Four \u221e in one play end the trick at once."),
            ),
            OptionSpec(
                "numx_interrupt",
                _("Num-X out of turn"),
                [False, True],
                on_off,
                hint=_("Num-X may also cut a trick during a Facteur X moment."),
            ),
            seat_option("first_anchor", _("First anchor"), ["random"], _("drawn at random")),
            OptionSpec(
                "malus_plus_values",
                _("Malus+ cards (hand\u00b7malus)"),
                MALUS_PLUS_SETS,
                malus_plus_words,
                hint=_(
                    "How many cards each Malus+ makes a player draw into hand and "
                    "face up into the malus area."
                ),
            ),
        ]

    # == the model ===============================================================================
    def zones_from(
        self, obs: NumxObservation
    ) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {DISCARD: list(obs.discard)}
        groups, _kind, _lone = trick_groups(obs.trick)
        for g, cards in enumerate(groups):
            rows[f"trick:{g}"] = list(cards)
        for seat in self.seat_order():
            rows[malus_zone(seat)] = self.malus_view(obs, seat)
            rows[objective_zone(seat)] = self.objective_view(obs, seat)
            rows[hand_zone(seat)] = self.hand_view(obs, seat)
        return rows, {DECK: obs.deck_count}

    def seat_order(self) -> list[int]:
        """Seats in drawing order: the others first, the bottom seat last (its hand on top)."""
        return [s for s in range(self.n) if s != self.bottom] + [self.bottom]

    def hand_view(self, obs: NumxObservation, seat: int) -> list[str | None]:
        if obs.revealed_hands is not None:
            return list(obs.revealed_hands[seat])
        if seat == self.viewer:
            return [*sorted(obs.hand, key=ORDER.__getitem__)]
        known = list(obs.known_cards[seat])
        return [*([None] * (obs.hand_counts[seat] - len(known))), *known]

    def malus_view(self, obs: NumxObservation, seat: int) -> list[str | None]:
        if obs.phase != Phase.MALUS_CHOICE:
            return list(obs.malus[seat])
        if seat == self.viewer and obs.chosen is not None:
            return list(obs.chosen)
        return [None, None] if obs.chosen_by[seat] else []

    def objective_view(self, obs: NumxObservation, seat: int) -> list[str | None]:
        if obs.revealed_objectives is not None:
            card = obs.revealed_objectives[seat]
            return [card] if card else []
        if seat != self.viewer or obs.objective is None:
            return []
        return [obs.objective if self.objective_shown() else None]

    def objective_shown(self) -> bool:
        """In pass-and-play the objective stays face down until its owner peeks."""
        return not self.pass_and_play or self.peeking

    def derive(self, obs: NumxObservation) -> None:
        self.round_no = obs.round_no
        self.phase = obs.phase
        self.dealer = obs.anchor
        self.totals = list(obs.totals)
        self.scores = list(self.totals)
        self.shown_totals = {}
        self.first_out = set(obs.first_out)
        self.leader = obs.leader
        self.current = obs.current
        self.trick_state = (obs.trick_count, obs.trick_value)
        _groups, self.top_kind, self.lone_joker = trick_groups(obs.trick)
        self.choosing = obs.phase == Phase.MALUS_CHOICE
        self.refilling = obs.phase in (Phase.REPLENISH, Phase.COMPLETION)
        self.revealing = obs.revealed_hands is not None
        self.planned = [p for p in self.planned if not p.staged]
        self.planned[:0] = [Planned(c, m, t, staged=True) for c, m, t in obs.staged]
        self.status = self.status_from(obs)

    def status_from(self, obs: NumxObservation) -> str:
        phase = obs.phase
        if phase == Phase.GAME_OVER:
            return _("The game is over")
        if phase == Phase.MALUS_CHOICE:
            if self.viewer in obs.to_act:
                return _("Choose 2 cards to lay face up as your malus cards")
            return _("Everyone chooses 2 malus cards")
        if phase == Phase.FX_WINDOW:
            return _("Facteur X? More cards and a higher value than {state}").format(
                state=badge(obs.trick_count, obs.trick_value, "", False)
            )
        if phase in (Phase.REPLENISH, Phase.COMPLETION):
            seat = obs.to_act[0] if obs.to_act else None
            if seat is None:
                return ""
            if seat == self.viewer:
                return ngettext(
                    "Refill your malus area: {n} card from the deck or your hand",
                    "Refill your malus area: {n} cards from the deck or your hand",
                    obs.refill_needed,
                ).format(n=obs.refill_needed)
            return _("{name} refills their malus area").format(name=self.names[seat])
        if obs.current is None:
            return ""
        if obs.current != self.viewer:
            return _("{name} to play").format(name=self.names[obs.current])
        if obs.trick_count == 0:
            return _("Your lead: open the trick with any combination")
        return _("Your turn: beat {state}").format(
            state=badge(obs.trick_count, obs.trick_value, self.top_kind, self.lone_joker)
        )

    # == layout ==================================================================================
    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        kind, _sep, rest = zone.partition(":")
        if zone == DISCARD:
            return G.discard(count)
        if kind == "trick":
            return self.trick_slots(int(rest), count)
        seat = int(rest)
        spot = self.spot(seat)
        own = spot.side is Side.BOTTOM
        if kind == "hand":
            if own:
                return G.own_hand(self.zones.row(zone), SPECIALS)
            if self.revealing:
                return G.revealed_hand(spot.area, count)
            return G.other_fan(spot.area, count)
        if kind == "malus":
            return G.own_malus(count) if own else G.other_malus(spot.area, count)
        slot = G.objective(None if own else spot.area)
        return [slot] * count

    def trick_slots(self, group: int, count: int) -> list[Slot]:
        present = self.trick_groups_model()
        if group not in present:
            present = sorted([*present, group])
        sizes = [len(self.zones.row(f"trick:{g}")) for g in present]
        depth = len(present) - 1 - present.index(group)
        return G.trick(sizes, depth, count)

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return G.DISCARD_SPOT if pile == DISCARD else G.DECK_SPOT

    def pile_label(self, pile: str, count: int) -> str:
        return _("deck: {n}").format(n=count)

    def banner_spot(self, anchor: str) -> tuple[float, float] | None:
        if anchor == "trick":
            return (G.TRICK_CENTRE[0], G.TRICK_CENTRE[1] - 6)
        return None

    def private_zones(self, seat: int) -> list[str]:
        zones = [hand_zone(seat), objective_zone(seat)]
        if self.choosing:
            zones.append(malus_zone(seat))
        return zones

    def ordered(self, refs: list[str]) -> list[str]:
        """The keyboard walks the viewer's hand first, then its malus area, then the other
        seats' areas in turn order, then the trick and the discard pile."""
        wanted = set(refs)
        zones = [hand_zone(self.bottom), malus_zone(self.bottom)]
        zones += [malus_zone((self.bottom + k) % self.n) for k in range(1, self.n)]
        out = [r for zone in zones for r in self.zones.row(zone) if r in wanted]
        rest = [r for _zone, r in self.zones.all_refs() if r in wanted and r not in out]
        return out + rest

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.peeking = False  # a peek at the objective never outlasts its owner's turn
        super().set_viewer(seat)

    def pace(self, seat: int) -> float:
        if self.choosing:  # the malus choice is simultaneous and hidden: no thinking to show
            return 0.15 if self.session.human_seats else 0.0
        return super().pace(seat)

    # == plates ==================================================================================
    def score_text(self, seat: int) -> str:
        shown = self.shown_totals.get(seat)
        return signed(round(shown) if shown is not None else self.totals[seat])

    def seat_tags(self, seat: int) -> list[str]:
        count = len(self.zones.row(hand_zone(seat)))
        tags = [ngettext("{n} card", "{n} cards", count).format(n=count)]
        if seat in self.first_out:
            tags.append(_("\u2605 first out"))
        return tags

    def hud_text(self) -> str:
        return _("Round {round}/{rounds}   {deal}   R rules  L log  H scores  B discard").format(
            round=max(1, self.round_no), rounds=self.rounds, deal=self.deal_words(short=True)
        )

    # == drawing =================================================================================
    def draw(self, surface: pygame.Surface) -> None:
        self.fitting = self.fitting_cards()
        self.highlight = self.highlighted_cards()
        self.lifting = set(self.zones.row(hand_zone(self.bottom)))
        status = self.status
        if self.picker is not None and self.controls:
            self.status = ""  # the picker's title says what to do (its panel may cover it)
        try:
            super().draw(surface)
        finally:
            self.status = status

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_glow(surface)
        self.draw_picker(surface)

    # == log, results, history ===================================================================
    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        """A move as the hint names it, in the table's words ("Play 7 7 + X-Joker")."""
        cards = getattr(action, "cards", None)
        kind = action.TYPE
        if kind in ("play", "claim") and cards:
            return _("Play {cards}").format(
                cards=combination_words(cards, getattr(action, "joker_value", None))
            )
        if kind == "choose_malus" and cards:
            return _("Put {cards} in your malus area").format(
                cards=", ".join(card_words(c) for c in cards)
            )
        if kind in ("play_numx", "claim_numx"):
            return _("Play Num-X")
        if kind == "pass":
            return _("Pass")
        if kind == "draw":
            return _("Draw a card")
        return super().action_words(action)

    def describe_event(self, event: Event) -> str | None:
        return self.narrator.line(event)

    def history_rows(self, events: Sequence[Event]) -> None:
        self.history = [e for e in events if isinstance(e, RoundScored)]

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def open_history(self) -> None:
        columns, rows = scoreboard(self.history, self.names, self.totals)
        self.app.scenes.push(
            "history", title=_("Scores, round by round"), columns=columns, rows=rows
        )

    def open_discard(self) -> None:
        if self.moment is not None and self.moment.moment.public and self.moment.engine_open:
            self.app.notify(_("The discard pile opens once the Facteur X moment is over."))
            return
        hidden = sum(1 for _zone, ref in self.zones.all_refs() if ref.startswith("?"))
        hidden += self.zones.piles.get(DECK, 0)
        self.app.stack.push(DiscardScene(self.app, self.zones.row(DISCARD), self.deck, hidden))

    def key(self, key: int) -> bool:
        if key == pygame.K_h:
            self.open_history()
            return True
        if key == pygame.K_b:
            self.open_discard()
            return True
        return super().key(key)
