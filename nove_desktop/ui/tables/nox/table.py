"""The NOX table: what is particular to NOX on the table kit (spec nox.md, section 12).

Its parts: ``base`` (the table's state and shared helpers), ``events`` (how events animate),
``controls`` (the viewer's turn: pick, preview, play), ``geometry`` (where things lie), ``draw``
(the kitties' slots and info lines, the lit places), ``preview`` (what a play would do),
``words`` (the move log, cards and plays in words) and ``summary`` (round summary, score sheet).
This module glues model and screen: the zones and display fields from an observation, the slots
of every zone, the plates and status, and the drawing hooks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.nox.actions import Play
from ....games.nox.events import RoundScored
from ....games.nox.state import Phase
from ....games.nox.view import NoxObservation
from ....i18n import _, pgettext
from ....sessions import Session
from ...app import App
from ...people import table_names
from ...setup_options import OptionSpec, none_or, seat_option
from ...table.scene import Slot
from ...table.sprites import CardSprite
from ...widgets import Button
from . import draw
from .base import DECK, hand_order, hand_zone, kitty_zone
from .controls import NoxControls, TargetWidget
from .events import NoxEvents
from .geometry import (
    BACK_WIDTH,
    EDGE_STEP,
    EDGES_SHOWN,
    HAND_CARD,
    SLOTS,
    hand_centres,
    seat_geometry,
)
from .words import Narrator, card_words, play_words, variant_words

TARGET_SCORES = [None, 50, 75, 100, 125, 150, 200, 250, 300]
THREE_SEATS_AREA = (330.0, 112.0)  # two other seats share the top edge: room for larger cards


class NoxTable(NoxEvents, NoxControls):
    game_id = "nox"
    deck = "nox"
    seat_area = (230.0, 90.0)
    own_width = HAND_CARD
    other_width = BACK_WIDTH
    pile_width = 46.0
    deck_spot = (640.0, 300.0)

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        names = table_names(session)
        self.variant = session.options.variant
        self.target = session.options.target
        self.narrator = Narrator(names, self.variant)
        self.round_no = 0
        self.start_seat = None
        self.totals = [0] * len(names)
        self.rounds = []
        self.ended = None
        self.last_target = None
        self.deal_index = 0
        self.selected_card = None
        self.geometry = {}
        self.hovered_place = None
        self.pinned = None
        self.drawn_labels = []
        self.tops_depth = {}
        self.flashes = []
        self.image_cache = {}
        self.layers = {}
        self.status_text = ""
        super().__init__(app, session, resumed)
        self.hud_buttons.append(Button(_("Scores"), self.open_sheet))

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        """Every option of ``NoxOptions`` but ``players`` (Setup's own row) and
        ``max_rounds`` (a cap for simulations, not a rule: spec D-30)."""
        return [
            OptionSpec(
                "variant",
                _("Variant"),
                ["standard", "thick_skinned"],
                variant_words,
                hint=_("Thick-skinned: only the round's best kitty records its points."),
            ),
            OptionSpec(
                "target_score",
                _("Target score"),
                TARGET_SCORES,
                none_or(_("the variant's (150 or 100)"), str),
                hint=_("The game ends after the round in which a total reaches it."),
            ),
            OptionSpec(
                "deck_profile",
                pgettext("NOX option", "Deck"),
                ["published", "uniform"],
                lambda v: (
                    _("published") if v == "published" else _("uniform: 1-15 twice per colour")
                ),
                hint=_(
                    "Uniform: a number can show in two colours, so merges may take a colour away."
                ),
            ),
            seat_option("first_start_seat", _("First start player"), [None], _("drawn at random")),
        ]

    @classmethod
    def seat_area_for(cls, count: int) -> tuple[float, float]:
        return THREE_SEATS_AREA if count == 3 else cls.seat_area

    # == the model ===============================================================================
    def zones_from(self, obs: NoxObservation) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in range(obs.players):
            if seat == self.viewer:
                rows[hand_zone(seat)] = [*sorted(obs.hand, key=hand_order)]
            else:
                rows[hand_zone(seat)] = [None] * obs.hand_sizes[seat]
            for index, stack in enumerate(obs.kitties[seat]):
                rows[kitty_zone(seat, index)] = list(stack)
        return rows, {DECK: obs.pile_count}

    def derive(self, obs: NoxObservation) -> None:
        self.round_no = obs.round_number
        self.start_seat = obs.start_seat
        self.totals = list(obs.totals)
        self.scores = list(obs.totals)
        self.current = obs.current
        if obs.phase == Phase.GAME_OVER:
            self.status = _("The game is over")
        elif obs.current is not None and obs.current != self.viewer:
            self.status = _("{name} to play").format(name=self.names[obs.current])

    # == layout ==================================================================================
    def layout_seats(self) -> None:
        super().layout_seats()
        self.geometry = {spot.seat: seat_geometry(spot) for spot in self.spots}

    def layout(self) -> None:
        decision = self.controls_key
        super().layout()
        self.image_cache.clear()
        self.layers.clear()
        if self.controls and decision is not None:
            # A resized window keeps the decision and its picked card: only the places move.
            self.controls_key = decision
            self.place_controls(self.controls)

    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        kind, seat_text, *rest = zone.split(":")
        geometry = self.geometry[int(seat_text)]
        if kind == "hand":
            return [Slot(x, y, geometry.hand_card) for x, y in hand_centres(geometry, count)]
        x, y = geometry.slots[min(int(rest[0]), SLOTS - 1)]
        slots = []
        for position in range(count):
            below_top = count - 1 - position
            shown = below_top <= EDGES_SHOWN
            lift = EDGE_STEP * min(below_top, EDGES_SHOWN)
            slots.append(Slot(x, y - lift, geometry.card, shown=shown))
        return slots

    def pile_label(self, pile: str, count: int) -> str:
        return _("draw pile: {n}").format(n=count)

    # == plates, HUD, status and words ===========================================================
    def score_text(self, seat: int) -> str:
        return str(self.totals[seat])

    def seat_tags(self, seat: int) -> list[str]:
        return [_("starts")] if seat == self.start_seat else []

    def hud_text(self) -> str:
        return _(
            "Round {round} \u00b7 {variant}, target {target} \u00b7 {deal}   "
            "S: scores  R: rules  L: log"
        ).format(
            round=self.round_no,
            variant=variant_words(self.variant),
            target=self.target,
            deal=self.deal_words(short=True),
        )

    @property
    def status(self) -> str:
        """The line over the table: the previewed play in words, else the game's status."""
        words = self.preview_words()
        return words or self.status_text

    @status.setter
    def status(self, text: str) -> None:
        self.status_text = text

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        """A play as the hint names it: "the blue 15 on Ada's green 7", "the blue 15 as a new
        stack in your kitty"."""
        if not isinstance(action, Play):
            return super().action_words(action)
        return play_words(self.names, self.viewer, action)

    def describe_event(self, event: Event) -> str | None:
        return self.narrator.line(event)

    def history_rows(self, events: Sequence[Event]) -> None:
        self.rounds = [e for e in events if isinstance(e, RoundScored)]

    # == drawing =================================================================================
    def draw_centre(self, surface: pygame.Surface) -> None:
        self.drawn_labels = []
        self.tops_depth = {}
        for seat in range(self.n):
            for stack in self.kitty_rows(seat):
                if len(stack) > 1:
                    self.tops_depth[stack[-1]] = len(stack)
        draw.kitties(self, surface)

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        depth = self.tops_depth.get(sprite.ref)
        if depth and sprite.showing_face and not sprite.motion.moving:
            draw.depth_badge(self, surface, rect, depth)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.flashes = [f for f in self.flashes if not f[2].done]
        for seat, index, flash in self.flashes:
            draw.flash(self, surface, self.place_rect(seat, index), flash.progress)
        spot = self.looked_at()
        if spot is None:
            return
        seat, index = spot
        stacks = self.kitty_rows(seat)
        if index < len(stacks) and len(stacks[index]) > 1:
            draw.stack_popup(self, surface, seat, index, stacks[index])

    def looked_at(self) -> tuple[int, int] | None:
        """The stack opened for a look: pinned by a click, under the mouse, or the stack the
        keyboard is on; never while a card is carried."""
        if self.drag is not None and self.drag.active:
            return None
        if self.pinned is not None:
            return self.pinned
        focused = self.focus.focused
        if (
            isinstance(focused, TargetWidget)
            and self.focus.keyboard
            and (focused.action.stack is not None)
        ):
            return (focused.action.target, focused.action.stack)
        place = self.hovered_place
        if place is not None and place[1] is not None and self.selected_card is None:
            return (place[0], place[1])
        return None
