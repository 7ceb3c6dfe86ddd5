"""The NUM-X "Objectifs" table: what is particular to NUM-X on the table kit (spec numx.md 9.5
and 16).

Zones: ``hand:<seat>``, ``malus:<seat>`` (face up, anyone may use them), ``objective:<seat>``
(the viewer's in the corner; everyone's at the round-end reveal), ``trick:<g>`` (one zone per
group of the current trick: a Fusion X joins the group it merges with) and ``discard`` (face up,
the top card shown, browsable); the deck is a pile. The decisions (``controls.py``) and the
animations (``events.py``) are mixins of this class.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.numx.cards import IS_CLASSIC, ORDER, VALUE, WEIGHT
from ....games.numx.scoring import OBJECTIVE_TABLE, SeatFacts
from ....games.numx.state import Phase
from ....i18n import _, ngettext
from ... import theme
from ...people import table_names
from ...setup_options import OptionSpec, on_off, seat_option
from ...table import paint
from ...table.effects import Task
from ...table.layout import Side
from ...table.scene import Slot, TableScene
from ...table.sprites import CardSprite
from ...table.text import fitted
from ...widgets import Button
from . import geometry as G
from .controls import NumxControls
from .discard import DiscardScene
from .events import NumxAnimations
from .model import (
    DECK,
    DISCARD,
    SPECIALS,
    hand_zone,
    malus_zone,
    objective_zone,
    trick_groups,
)
from .pickers import Picker
from .plan import Planned, selected_value
from .summary import scoreboard
from .windows import NumxWindows
from .words import (
    OBJECTIVES,
    Narrator,
    badge,
    card_words,
    combination_words,
    objective_row,
    signed,
)

MALUS_PLUS_SETS = [
    [[1, 1], [2, 1], [1, 2]],
    [[1, 1], [1, 1], [1, 1]],
    [[2, 1], [1, 2], [2, 2]],
]


def malus_plus_words(values: Any) -> str:
    """ "1\u00b71 / 2\u00b71 / 1\u00b72": each Malus+ card's hand and malus numbers."""
    return " / ".join(f"{h}\u00b7{m}" for h, m in values)


class NumxTable(NumxAnimations, NumxWindows, NumxControls, TableScene):
    """The NUM-X table: its zones, layout, plates, centre marks, log and results (the decisions
    and the animations come from the mixins)."""

    toast_corner = (12.0, 508.0, 330.0)  # above the objective, which holds the bottom left

    game_id = "numx"
    deck = "numx"
    clockwise = True
    seat_area = G.SEAT_AREA
    own_width = G.OWN_CARD
    other_width = G.OTHER_MALUS_CARD
    pile_width = G.PILE_CARD
    deck_spot = G.DECK_SPOT

    def __init__(self, app: Any, session: Any, resumed: bool = False) -> None:
        self.round_no = 0
        self.rounds = session.options.rounds
        self.phase = ""
        self.totals = [0] * len(session.seats)
        self.shown_totals: dict[int, float] = {}
        self.first_out: set[int] = set()
        self.leader: int | None = None
        self.trick_state = (0, 0)
        self.top_kind = ""
        self.lone_joker = False
        self.choosing = False
        self.refilling = False
        self.revealing = False
        self.history: list[dict[str, Any]] = []
        self.narrator = Narrator(table_names(session),
                                 session.options.malus_plus_values)
        self.picked: list[str] = []
        self.planned: list[Planned] = []
        self.picker: Picker | None = None
        self.peeking = False
        self.pending_hand: dict[int, int] = {}
        self.glow: Task | None = None
        self.fitting: set[str] = set()
        self.highlight: set[str] = set()
        self.lifting: set[str] = set()
        self.moment_cache: tuple[object, Any] = (None, None)
        super().__init__(app, session, resumed)
        self.scores_button = Button(_("Scores (H)"), self.open_history)
        self.discard_button = Button(_("Discard (B)"), self.open_discard)
        self.hud_buttons += [self.scores_button, self.discard_button]

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            OptionSpec("rounds", _("Rounds"), list(range(1, 11)),
                       lambda v: ngettext("{n} round", "{n} rounds", v).format(n=v),
                       hint=_("The highest total after the last round wins (5 is usual).")),
            OptionSpec("objectives", _("Secret objectives"), [True, False], on_off,
                       hint=_("A secret goal card for every player each round.")),
            OptionSpec("infini_4", _("Infini 4"), [False, True], on_off,
                       hint=_("Four \u221e in one play end the trick at once.")),
            OptionSpec("numx_interrupt", _("Num-X out of turn"), [False, True], on_off,
                       hint=_("Num-X may also cut a trick during a Facteur X moment.")),
            seat_option("first_anchor", _("First anchor"), ["random"], _("drawn at random")),
            OptionSpec("malus_plus_values", _("Malus+ cards (hand\u00b7malus)"),
                       MALUS_PLUS_SETS, malus_plus_words,
                       hint=_("How many cards each Malus+ makes a player draw into hand and "
                              "face up into the malus area.")),
        ]

    # == the model ===============================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
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

    def hand_view(self, obs: Any, seat: int) -> list[str | None]:
        if obs.revealed_hands is not None:
            return list(obs.revealed_hands[seat])
        if seat == self.viewer:
            return sorted(obs.hand, key=ORDER.__getitem__)
        known = list(obs.known_cards[seat])
        return [*([None] * (obs.hand_counts[seat] - len(known))), *known]

    def malus_view(self, obs: Any, seat: int) -> list[str | None]:
        if obs.phase != Phase.MALUS_CHOICE:
            return list(obs.malus[seat])
        if seat == self.viewer and obs.chosen is not None:
            return list(obs.chosen)
        return [None, None] if obs.chosen_by[seat] else []

    def objective_view(self, obs: Any, seat: int) -> list[str | None]:
        if obs.revealed_objectives is not None:
            card = obs.revealed_objectives[seat]
            return [card] if card else []
        if seat != self.viewer or obs.objective is None:
            return []
        return [obs.objective if self.objective_shown() else None]

    def objective_shown(self) -> bool:
        """In pass-and-play the objective stays face down until its owner peeks."""
        return not self.pass_and_play or self.peeking

    def derive(self, obs: Any) -> None:
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

    def status_from(self, obs: Any) -> str:
        phase = obs.phase
        if phase == Phase.GAME_OVER:
            return _("The game is over")
        if phase == Phase.MALUS_CHOICE:
            if self.viewer in obs.to_act:
                return _("Choose 2 cards to lay face up as your malus cards")
            return _("Everyone chooses 2 malus cards")
        if phase == Phase.FX_WINDOW:
            return _("Facteur X? More cards and a higher value than {state}").format(
                state=badge(obs.trick_count, obs.trick_value, "", False))
        if phase in (Phase.REPLENISH, Phase.COMPLETION):
            seat = obs.to_act[0] if obs.to_act else None
            if seat is None:
                return ""
            if seat == self.viewer:
                return ngettext("Refill your malus area: {n} card from the deck or your hand",
                                "Refill your malus area: {n} cards from the deck or your hand",
                                obs.refill_needed).format(n=obs.refill_needed)
            return _("{name} refills their malus area").format(name=self.names[seat])
        if obs.current is None:
            return ""
        if obs.current != self.viewer:
            return _("{name} to play").format(name=self.names[obs.current])
        if obs.trick_count == 0:
            return _("Your lead: open the trick with any combination")
        return _("Your turn: beat {state}").format(
            state=badge(obs.trick_count, obs.trick_value, self.top_kind, self.lone_joker))

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

    def trick_groups_model(self) -> list[int]:
        """The trick zones that hold cards now, oldest first (their group numbers)."""
        out = []
        for zone, refs in self.zones.rows.items():
            if zone.startswith("trick:") and refs:
                out.append(int(zone[6:]))
        return sorted(out)

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
        return _("Round {round}/{rounds}   Deal {seed}   R rules  L log  H scores  B discard"
                 ).format(round=max(1, self.round_no), rounds=self.rounds, seed=self.session.seed)

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

    def lift_for(self, sprite: CardSprite) -> float:
        """Only the viewer's hand lifts; a picked board card gets a ring instead (a lifted card
        would cover its seat's name plate)."""
        if sprite.ref not in self.lifting:
            return 0.0
        return super().lift_for(sprite)

    def draw_centre(self, surface: pygame.Surface) -> None:
        self.draw_trick_marks(surface)
        self.draw_window_bar(surface)
        for seat in range(self.n):
            self.draw_seat_marks(surface, seat)
        self.draw_objective_caption(surface)

    def label(self, surface: pygame.Surface, text: str, point: tuple[float, float], width: float,
              pixels: float = 14, colour: tuple[int, int, int] = paint.TAG_COLOUR,
              anchor: str = "midtop", bold: bool = False, lines: int = 2) -> pygame.Rect:
        app = self.app
        image = fitted(app, text, app.s(width), app.s(pixels), colour, bold=bold,
                       max_lines=lines)
        rect = image.get_rect(**{anchor: self.to_screen(point)})
        # A caption near the edge keeps a margin from the window's edge.
        margin = app.s(10)
        rect.x = max(margin, min(rect.x, surface.get_width() - margin - rect.width))
        surface.blit(image, rect)
        return rect

    def draw_trick_marks(self, surface: pygame.Surface) -> None:
        app = self.app
        count, value = self.trick_state
        if not self.trick_groups_model():
            w, h = self.card_size(G.TRICK_CARD)
            outline = pygame.Rect(0, 0, w, h)
            outline.center = self.to_screen(G.TRICK_CENTRE)
            pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(8))
        elif count:
            text = badge(count, value, self.top_kind, self.lone_joker)
            image = fitted(app, text, app.s(280), app.s(18), theme.INK, bold=True)
            pill = image.get_rect(center=self.to_screen((G.TRICK_CENTRE[0], G.BADGE_Y)))
            pill = pill.inflate(app.s(22), app.s(8))
            pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
            surface.blit(image, image.get_rect(center=pill.center))
        discards = len(self.zones.row(DISCARD))
        w, h = self.card_size(G.PILE_CARD)
        x, y = G.DISCARD_SPOT
        if not discards:
            outline = pygame.Rect(0, 0, w, h)
            outline.center = self.to_screen(G.DISCARD_SPOT)
            pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(7))
        self.label(surface, _("discard: {n} (B)").format(n=discards),
                   (x, y + G.PILE_CARD * G.CARD_RATIO / 2 + 5), G.PILE_CARD + 40,
                   colour=(215, 230, 215))

    def draw_window_bar(self, surface: pygame.Surface) -> None:
        moment = self.moment
        if moment is None or not moment.moment.public or not moment.engine_open:
            return
        paint.countdown_bar(self, surface, G.COUNTDOWN, moment.countdown.left)
        self.label(surface, _("Facteur X?"), (G.COUNTDOWN_LABEL_RIGHT, G.COUNTDOWN.centery),
                   110, 15, theme.WHITE, "midright", bold=True)

    def draw_seat_marks(self, surface: pygame.Surface, seat: int) -> None:
        spot = self.spot(seat)
        refs = self.zones.row(malus_zone(seat))
        known = [r for r in refs if r in WEIGHT]
        words = [_("weight {w}").format(w=signed(sum(WEIGHT[r] for r in known)))
                 if len(known) == len(refs) and refs else _("weight ?") if refs else
                 _("no malus card")]
        need = self.needs(seat)
        colour = paint.TAG_COLOUR
        if need:
            words.append(ngettext("needs {n}", "needs {n}", need).format(n=need))
            colour = theme.ACCENT
        text = "  \u00b7  ".join(words)
        if spot.side is Side.BOTTOM:
            box = G.OWN_MALUS_BOX
            self.label(surface, text, (box.centerx, box.bottom + 2), box.width + 20, 14, colour)
            return
        if self.revealing:
            return
        area = spot.area
        self.label(surface, text, (area.left + 66 + (area.width - 70) / 2, area.top + 78),
                   area.width - 70, 13, colour)

    def needs(self, seat: int) -> int:
        """The "needs 1"/"needs 2" marker at the end of a trick (seats short of 2 cards)."""
        if not self.refilling or self.choosing:
            return 0
        if self.phase == Phase.COMPLETION and not self.zones.row(hand_zone(seat)):
            return 0
        return max(0, 2 - len(self.zones.row(malus_zone(seat))))

    def draw_objective_caption(self, surface: pygame.Surface) -> None:
        refs = self.zones.row(objective_zone(self.bottom))
        if not refs:
            return
        x, y = G.OBJECTIVE_SPOT
        half = G.OBJECTIVE_CARD * G.CARD_RATIO / 2
        self.label(surface, _("Your objective"), (x, y - half - 20), 124, 13)
        row = objective_row(refs[0])
        if row is None:
            if self.viewer == self.bottom:
                self.label(surface, _("face down: O to peek"), (x, y + half + 4), 124, 12,
                           theme.WHITE)
            return
        title, bonus = OBJECTIVES[row]
        rect = self.label(surface, f"{row} \u00b7 {_(title)}", (x, y + half + 4), 124, 13,
                          theme.WHITE, bold=True, lines=3)
        below = self.app.s(2) + rect.bottom
        line = _(bonus) + self.objective_now(row)
        image = fitted(self.app, line, self.app.s(124), self.app.s(12), paint.TAG_COLOUR)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, below)))

    def objective_now(self, row: int) -> str:
        """Whether the viewer's objective is met by its malus area right now (public facts)."""
        if row == 10:
            return ""
        area = tuple(r for r in self.zones.row(malus_zone(self.bottom)) if r in WEIGHT)
        objective = OBJECTIVE_TABLE[f"OB{row:02d}"]
        if objective.condition is None:
            return ""
        met = objective.condition(SeatFacts(area, self.bottom in self.first_out))
        return "  " + _("\u2713 met now") if met else ""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_glow(surface)
        self.draw_picker(surface)

    def draw_glow(self, surface: pygame.Surface) -> None:
        """The Fusion X merge: a ring swells round the merged group and fades."""
        glow = self.glow
        if glow is None or glow.done or not glow.started:
            return
        groups = self.trick_groups_model()
        if not groups:
            return
        rects = [paint.card_rect(self, self.sprites[r]) for r in self.zones.row(
            f"trick:{groups[-1]}") if r in self.sprites]
        if not rects:
            return
        box = rects[0].unionall(rects[1:])
        t = glow.progress
        grow = self.app.s(6 + 22 * t)
        colour = tuple(int(c * (1 - t) + f * t) for c, f in zip(theme.ACCENT, theme.FELT,
                                                                  strict=True))
        pygame.draw.rect(surface, colour, box.inflate(grow, grow), max(2, self.app.s(5 - 3 * t)),
                         border_radius=self.app.s(12))

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        app = self.app
        ref = sprite.ref
        if ref in self.highlight or (ref in self.fitting and not sprite.selected):
            pygame.draw.rect(surface, (120, 220, 255), rect.inflate(app.s(4), app.s(4)),
                             width=max(2, app.s(3)), border_radius=app.s(9))
        plan = next((p for p in self.planned if p.card == ref), None)
        if plan is not None:
            tag = self.plan_tag(plan)
            image = fitted(app, tag, rect.width + app.s(30), app.s(12), theme.INK, bold=True,
                           max_lines=1)
            pill = image.get_rect(midbottom=(rect.centerx, rect.top - app.s(3)))
            pygame.draw.rect(surface, theme.ACCENT, pill.inflate(app.s(8), app.s(4)),
                             border_radius=app.s(8))
            surface.blit(image, pill)

    def fitting_cards(self) -> set[str]:
        """Board cards that fit the value of the picked cards (highlighted)."""
        if not self.picked or not self.controls:
            return set()
        value = selected_value(self.picked)
        if value is None:
            return set()
        return {
            ref
            for seat in range(self.n)
            for ref in self.zones.row(malus_zone(seat))
            if IS_CLASSIC.get(ref) and VALUE[ref] == value and ref not in self.picked
        }

    # == log, results, history ===================================================================
    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        """A move as the hint names it, in the table's words ("Play 7 7 + X-Joker")."""
        cards = getattr(action, "cards", None)
        kind = action.TYPE
        if kind in ("play", "claim") and cards:
            return _("Play {cards}").format(
                cards=combination_words(cards, getattr(action, "joker_value", None)))
        if kind == "choose_malus" and cards:
            return _("Put {cards} in your malus area").format(
                cards=", ".join(card_words(c) for c in cards))
        if kind in ("play_numx", "claim_numx"):
            return _("Play Num-X")
        if kind == "pass":
            return _("Pass")
        if kind == "draw":
            return _("Draw a card")
        return super().action_words(action)

    def describe_event(self, event: Event) -> str | None:
        return self.narrator.line(event)

    def history_rows(self, events: Any) -> None:
        self.history = [e.data for e in events if e.kind == "round_scored"]

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def open_history(self) -> None:
        columns, rows = scoreboard(self.history, self.names, self.totals)
        self.app.scenes.push("history", title=_("Scores, round by round"), columns=columns,
                             rows=rows)

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


