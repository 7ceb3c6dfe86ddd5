"""The NOX table: what is particular to NOX on the table kit (spec nox.md, section 12).

Zones: ``hand:<seat>`` for every hand and ``kitty:<seat>:<index>`` for every stack (bottom card
first); the draw pile is a pile. A turn: pick a card of the hand (click, the keys 1-3, or
Tab/arrows and Enter), and every place it may go lights up (each kitty's next slot for a new
stack, and each stack whose top card has its colour); hovering or focusing a place previews it
(the points before and after, the stacks that merge); a click, Enter or a drop plays it. A card
can also be carried there with the mouse. A click on any other place tries it and shows the
engine's reason.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.nox.actions import Play
from ....games.nox.cards import COLOURS, NUMBER
from ....games.nox.state import Phase
from ....i18n import _, pgettext
from ... import theme
from ...people import said, table_names
from ...setup_options import OptionSpec, none_or, seat_option
from ...table import paint
from ...table.effects import Task
from ...table.scene import OVERLAP, Slot, TableScene
from ...table.sprites import CardSprite
from ...widgets import Button, Widget
from . import draw
from .geometry import (
    BACK_WIDTH,
    EDGE_STEP,
    EDGES_SHOWN,
    HAND_CARD,
    SLOTS,
    SeatGeometry,
    hand_centres,
    seat_geometry,
)
from .look import card_words
from .preview import Outcome, play_outcome
from .words import (
    END_REASONS,
    Narrator,
    not_eligible_words,
    sheet_note,
    sheet_rows,
    sheet_title,
    summary_columns,
    summary_note,
    summary_rows,
    summary_title,
    variant_words,
)

DECK = "deck"
MERGE_FLASH = 0.9  # seconds a merged stack rings
TARGET_SCORES = [None, 50, 75, 100, 125, 150, 200, 250, 300]
CARD_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def kitty_zone(seat: int, index: int) -> str:
    return f"kitty:{seat}:{index}"


def hand_order(card: str) -> tuple[int, int, str]:
    """The own hand, sorted by colour (B, G, O) then number."""
    return (COLOURS.index(card[0]), NUMBER[card], card)


class TargetWidget(Widget):
    """A place the selected card may go (a stack to cover, a kitty's next slot): focusable,
    played with Enter or a click."""

    def __init__(self, table: NoxTable, action: Play) -> None:
        super().__init__()
        self.table = table
        self.action = action

    def activate(self) -> None:
        self.table.act(self.action)

    def draw(self, surface: pygame.Surface, fonts: Any, focused: bool, scale: float) -> None:
        draw.target(self.table, surface, self, focused)


class NoxTable(TableScene):
    game_id = "nox"
    deck = "nox"
    seat_area = (230.0, 90.0)
    own_width = HAND_CARD
    other_width = BACK_WIDTH
    pile_width = 46.0
    deck_spot = (640.0, 300.0)

    def __init__(self, app: Any, session: Any, resumed: bool = False) -> None:
        names = table_names(session)
        if len(names) == 3:  # two other seats share the top edge: room for larger cards
            self.seat_area = (330.0, 112.0)
        self.variant = session.options.variant
        self.target = session.options.target
        self.narrator = Narrator(names, self.variant)
        self.round_no = 0
        self.start_seat: int | None = None
        self.totals = [0] * len(names)
        self.rounds: list[dict[str, Any]] = []
        self.ended: dict[str, Any] | None = None
        self.last_target: int | None = None
        self.deal_index = 0
        self.selected_card: str | None = None
        self.geometry: dict[int, SeatGeometry] = {}
        self.hovered_place: tuple[int, int | None] | None = None
        self.pinned: tuple[int, int] | None = None
        self.drawn_labels: list[pygame.Rect] = []
        self.tops_depth: dict[str, int] = {}
        self.flashes: list[tuple[int, int, Task]] = []
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.layers: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[int, int],
                                                 list[pygame.Rect]]] = {}
        self._status = ""
        super().__init__(app, session, resumed)
        self.hud_buttons.append(Button(_("Scores"), self.open_sheet))

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        """Every option of ``NoxOptions`` but ``players`` (Setup's own row) and
        ``max_rounds`` (a cap for simulations, not a rule: spec D-30)."""
        return [
            OptionSpec("variant", _("Variant"), ["standard", "thick_skinned"], variant_words,
                       hint=_("Thick-skinned: only the round's best kitty records its points.")),
            OptionSpec("target_score", _("Target score"), TARGET_SCORES,
                       none_or(_("the variant's (150 or 100)"), str),
                       hint=_("The game ends after the round in which a total reaches it.")),
            OptionSpec("deck_profile", pgettext("NOX option", "Deck"), ["published", "uniform"],
                       lambda v: _("published") if v == "published" else _(
                           "uniform: 1-15 twice per colour"),
                       hint=_("Uniform: a number can show in two colours, so merges may take "
                              "a colour away.")),
            seat_option("first_start_seat", _("First start player"), [None],
                        _("drawn at random")),
        ]

    # == the model ===============================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in range(obs.players):
            if seat == self.viewer:
                rows[hand_zone(seat)] = sorted(obs.hand, key=hand_order)
            else:
                rows[hand_zone(seat)] = [None] * obs.hand_sizes[seat]
            for index, stack in enumerate(obs.kitties[seat]):
                rows[kitty_zone(seat, index)] = list(stack)
        return rows, {DECK: obs.pile_count}

    def derive(self, obs: Any) -> None:
        self.round_no = obs.round_number
        self.start_seat = obs.start_seat
        self.totals = list(obs.totals)
        self.scores = list(obs.totals)
        self.current = obs.current
        if obs.phase == Phase.GAME_OVER:
            self.status = _("The game is over")
        elif obs.current is not None and obs.current != self.viewer:
            self.status = _("{name} to play").format(name=self.names[obs.current])

    def kitty_rows(self, seat: int) -> list[list[str]]:
        """The stacks of ``seat``'s kitty as the table shows them now (left to right)."""
        rows = self.zones.rows
        stacks = []
        for index in range(SLOTS + 1):
            row = rows.get(kitty_zone(seat, index))
            if not row:
                break
            stacks.append(row)
        return stacks

    def set_kitty(self, seat: int, stacks: list[list[str]]) -> None:
        """Lay ``seat``'s kitty out as ``stacks`` (the sprites glide to their new slots)."""
        rows = self.zones.rows
        for index in range(SLOTS + 1):
            zone = kitty_zone(seat, index)
            if index < len(stacks):
                rows[zone] = list(stacks[index])
            else:
                rows.pop(zone, None)

    # == layout ==================================================================================
    def layout_seats(self) -> None:
        super().layout_seats()
        self.geometry = {spot.seat: seat_geometry(spot) for spot in self.spots}

    def layout(self) -> None:
        decision = self.controls_key
        super().layout()
        self._cache.clear()
        self.layers.clear()
        if self.controls and decision is not None:
            # A resized window keeps the decision and its picked card: only the places move.
            self.controls_key = decision
            self.place_controls(self.controls)

    def cached(self, key: tuple[Any, ...], build: Any) -> pygame.Surface:
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > 64:
                self._cache.clear()
            image = self._cache[key] = build()
        return image

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

    # == plates, HUD and status ==================================================================
    def score_text(self, seat: int) -> str:
        return str(self.totals[seat])

    def seat_tags(self, seat: int) -> list[str]:
        return [_("starts")] if seat == self.start_seat else []

    def hud_text(self) -> str:
        return _("Round {round} \u00b7 {variant}, target {target} \u00b7 Deal {seed}   "
                 "S: scores  R: rules  L: log").format(
            round=self.round_no, variant=variant_words(self.variant), target=self.target,
            seed=self.session.seed)

    @property
    def status(self) -> str:  # type: ignore[override]
        """The line over the table: the previewed play in words, else the game's status."""
        words = self.preview_words()
        return words or self._status

    @status.setter
    def status(self, text: str) -> None:
        self._status = text

    # == events -> animations ====================================================================
    def on_round_started(self, data: dict[str, Any]) -> float:
        for _zone, ref in list(self.zones.all_refs()):
            self.send_to_pile(ref, DECK)
        self.set_kitty_all_empty()
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.zones.piles = {DECK: len(self.game.full_deck(self.session.options))}
        self.round_no = data["round"]
        self.start_seat = data["start_seat"]
        self.deal_index = 0
        self.ended = None
        self.status = said(self.names[self.start_seat], _("Round {round} \u2014 you start"),
                           _("Round {round} \u2014 {name} starts"), round=self.round_no)
        self.banner(_("Round {round}").format(round=self.round_no), size=36,
                    colour=theme.WHITE, life=1.0)
        return 0.4

    def set_kitty_all_empty(self) -> None:
        for seat in range(self.n):
            self.set_kitty(seat, [])

    def on_card_dealt(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.deal_card(hand_zone(seat), data.get("card"), delay=self.deal_index * 0.05)
        self.deal_index += 1
        if self.deal_index == 1:
            self.app.sounds.play("deal")
        return OVERLAP  # the next card leaves the pile while this one flies

    def on_card_played(self, data: dict[str, Any]) -> float:
        seat, card, target = data["seat"], data["card"], data["target"]
        ref = self.zones.take(hand_zone(seat), card)
        self.zones.move(ref, kitty_zone(target, data["stack"]))
        self.last_target = target
        self.app.sounds.play("deal")
        return 0.3

    def on_merged(self, data: dict[str, Any]) -> float:
        target = data["target"]
        stacks = self.kitty_rows(target)
        moving = stacks.pop(data["from_index"])
        stacks[data["new_index"]] = [*stacks[data["new_index"]], *moving]
        self.set_kitty(target, stacks)
        flash = Task(MERGE_FLASH * max(self.speed, 0.3), blocking=False)
        self.flashes = [(target, data["new_index"], flash)]
        self.tasks.append(flash)  # the joined stack rings once the slide is under way
        self.app.sounds.play("flip")
        return 0.5

    def on_card_drawn(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.deal_card(hand_zone(seat), data.get("card"), 0.0)
        if seat == self.viewer:
            row = self.zones.row(hand_zone(seat))
            if not any(ref.startswith("?") for ref in row):
                row.sort(key=hand_order)
        return 0.12

    def on_round_ended(self, data: dict[str, Any]) -> float:
        self.ended = data
        if data["reason"] == "six_stacks" and self.last_target is not None:
            self.banner(_("Six stacks!"), f"seat:{self.last_target}", 32)
        else:
            self.banner(_("No cards left"), size=34)
        self.app.sounds.play("call")
        return 0.9

    def on_round_scored(self, data: dict[str, Any]) -> float:
        self.rounds.append(data)
        kitties = [self.kitty_rows(seat) for seat in range(self.n)]
        for seat, points in enumerate(data["points"]):
            if data["eligible"][seat]:
                text, colour = f"{points}", theme.OK
            else:
                text, colour = _("0 \u2014 {why}").format(
                    why=not_eligible_words(kitties[seat])), theme.DANGER
            self.banner(text, f"seat:{seat}", 26, colour, 1.8)
        self.totals = list(data["totals"])
        self.scores = list(self.totals)
        self.show_summary(
            summary_title(self.names, data, self.ended, self.last_target),
            summary_columns(self.variant),
            summary_rows(self.names, kitties, data, self.variant),
            note=summary_note(self.names, data, self.variant, self.target),
        )
        self.app.sounds.play("chip")
        return 1.0

    def on_game_over(self, data: dict[str, Any]) -> float:
        reason = data.get("reason") or ""
        words = _(END_REASONS[reason]).format(target=self.target) if reason in END_REASONS else (
            reason)
        self.show_game_over(words)
        return 0.3

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        """A play as the hint names it: "the blue 15 on Ada's green 7", "the blue 15 as a new
        stack in your kitty"."""
        if not isinstance(action, Play):
            return super().action_words(action)
        whose = _("your kitty") if action.target == self.viewer else _("{name}'s kitty").format(
            name=self.names[action.target])
        card = card_words(action.card)
        if action.stack is None:
            return _("The {card} as a new stack in {kitty}").format(card=card, kitty=whose)
        return _("The {card} on stack {n} of {kitty}").format(card=card, n=action.stack + 1,
                                                             kitty=whose)

    def describe_event(self, event: Event) -> str | None:
        return self.narrator.line(event)

    def history_rows(self, events: Any) -> None:
        self.rounds = [e.data for e in events if e.kind == "round_scored"]

    def open_sheet(self) -> None:
        """The score sheet: every round's recorded points, the totals, the target, the
        variant."""
        self.app.scenes.push(
            "history",
            title=sheet_title(self.variant, self.target),
            columns=[_("Round"), *self.names],
            rows=sheet_rows(self.names, self.rounds, self.totals, self.variant),
            note=sheet_note(self.variant),
        )

    # == decisions ===============================================================================
    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.selected_card = None
        self.pinned = None
        self.mark_selection()
        self.status = _("Your turn: pick a card (1-3), then a lit place")
        return self.turn_controls()

    def turn_controls(self) -> list[Widget]:
        if self.selected_card is None:
            hint = Button(_("Pick a card (1-3)"), lambda: None)
            hint.enabled = False
            return [hint]
        widgets: list[Widget] = [TargetWidget(self, action) for action in self.targets()]
        widgets.append(Button(_("Another card  (Backspace)"), lambda: self.select(None)))
        return widgets

    def targets(self) -> list[Play]:
        """The legal plays of the selected card, kitty by kitty from the viewer's round the
        table, stacks left to right, the new stack last."""
        card, seat = self.selected_card, self.viewer
        if card is None or seat is None:
            return []
        plays = [a for a in self.session.legal(seat) if isinstance(a, Play) and a.card == card]
        order = [(seat + k) % self.n for k in range(self.n)]
        return sorted(plays, key=lambda a: (order.index(a.target),
                                            SLOTS if a.stack is None else a.stack))

    def focus_order(self, widgets: list[Widget]) -> list[Widget]:
        return [*self.card_widgets, *widgets]

    def place_controls(self, widgets: list[Widget]) -> None:
        buttons = [w for w in widgets if not isinstance(w, TargetWidget)]
        paint.place_controls(self, buttons)
        for widget in widgets:
            if isinstance(widget, TargetWidget):
                widget.rect = self.place_rect(widget.action.target, widget.action.stack)

    def place_rect(self, seat: int, stack: int | None) -> pygame.Rect:
        """A place on the screen: a stack (its top card and edges) or a kitty's next slot."""
        index = len(self.kitty_rows(seat)) if stack is None else stack
        geometry = self.geometry[seat]
        return paint.rect_to_screen(self.app, geometry.slot_rect(min(index, SLOTS - 1)))

    # -- picking a card --------------------------------------------------------------------------
    def selectable(self, ref: str) -> bool:
        seat = self.viewer
        return (
            seat is not None
            and not ref.startswith("?")
            and seat in self.session.to_act()
            and ref in self.zones.row(hand_zone(seat))
        )

    def draggable(self, ref: str) -> bool:
        return self.selectable(ref)

    def card_clicked(self, ref: str) -> None:
        self.select(None if ref == self.selected_card else ref)

    def drag_started(self, ref: str) -> None:
        if ref != self.selected_card:
            self.select(ref)

    def select(self, card: str | None) -> None:
        """Pick a card (or put it back): its places light up, the keyboard moves to the
        likeliest one."""
        if not self.controls:
            return
        self.selected_card = card
        self.mark_selection()
        self.app.sounds.play("click")
        self.refresh_controls(self.turn_controls())
        if card is not None:
            self.status = _("{card}: choose a lit place \u2014 Enter plays, Backspace puts it "
                            "back").format(card=card_words(card).capitalize())
            best = self.likeliest()
            if best is not None and self.focus.keyboard:
                self.focus.focus(best)
        else:
            self.status = _("Your turn: pick a card (1-3), then a lit place")

    def likeliest(self) -> TargetWidget | None:
        """The place the keyboard starts on: the one that raises the player's own kitty most,
        else the first."""
        widgets = [w for w in self.controls if isinstance(w, TargetWidget)]
        if not widgets:
            return None
        own = [w for w in widgets if w.action.target == self.viewer]
        gains = [(self.outcome_of(w), w) for w in own]
        scored = [(o.after - o.before, w) for o, w in gains if o is not None]
        best = max(scored, key=lambda item: item[0], default=None)
        if best is not None and best[0] > 0:
            return best[1]
        return widgets[0]

    def mark_selection(self) -> None:
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref == self.selected_card

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected_card = None
            self.mark_selection()
        super().show_controls(widgets)

    def card_dropped(self, ref: str, target: object) -> None:
        seat, stack = target  # type: ignore[misc]
        if ref != self.selected_card:
            self.select(ref)
        self.act(Play(ref, seat, stack))

    def drop_target(self, ref: str, pos: tuple[int, int]) -> object | None:
        return self.place_at(pos)

    def place_at(self, pos: tuple[int, int]) -> tuple[int, int | None] | None:
        """The kitty place under ``pos``: (seat, stack index), or (seat, None) on an empty
        slot (a new stack)."""
        for seat, geometry in self.geometry.items():
            count = len(self.kitty_rows(seat))
            for index in range(SLOTS):
                if paint.rect_to_screen(self.app, geometry.slot_rect(index)).collidepoint(pos):
                    return (seat, index if index < count else None)
        return None

    def table_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on a place that is not lit tries the play (the engine says why not); a
        click on a stack opens it for a look; a click elsewhere puts the card back."""
        place = self.place_at(pos)
        if self.selected_card is not None and self.controls and place is not None:
            self.act(Play(self.selected_card, place[0], place[1]))
            return True
        if place is not None and place[1] is not None:
            spot = (place[0], place[1])
            self.pinned = None if self.pinned == spot else spot
            return True
        self.pinned = None
        if self.selected_card is not None and self.controls:
            self.select(None)
            return True
        return False

    def hover(self, pos: tuple[int, int]) -> None:
        super().hover(pos)
        self.hovered_place = self.place_at(pos)

    def hotkey(self, key: int) -> bool:
        if key in CARD_KEYS and self.viewer is not None:
            hand = [r for r in self.zones.row(hand_zone(self.viewer)) if self.selectable(r)]
            index = CARD_KEYS[key]
            if index < len(hand):
                self.focus.keyboard = True
                self.select(hand[index])
                return True
            return False
        if key == pygame.K_BACKSPACE and self.selected_card is not None:
            self.select(None)
            return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_s:
            self.open_sheet()
            return True
        return super().key(key)

    # -- the preview -----------------------------------------------------------------------------
    def preview_widget(self) -> TargetWidget | None:
        """The place being considered: under the mouse (or the carried card), else the one the
        keyboard is on."""
        if self.selected_card is None or not self.controls:
            return None
        widgets = [w for w in self.controls if isinstance(w, TargetWidget)]
        for widget in widgets:
            if widget.hovered:
                return widget
        focused = self.focus.focused
        if isinstance(focused, TargetWidget) and self.focus.keyboard:
            return focused
        return None

    def outcome_of(self, widget: TargetWidget) -> Outcome | None:
        action = widget.action
        stacks = self.kitty_rows(action.target)
        if action.stack is not None and action.stack >= len(stacks):
            return None
        return play_outcome(stacks, action.card, action.stack)

    def preview(self) -> tuple[int, Outcome] | None:
        widget = self.preview_widget()
        if widget is None:
            return None
        outcome = self.outcome_of(widget)
        return None if outcome is None else (widget.action.target, outcome)

    def preview_words(self) -> str:
        """The previewed play in a sentence: where, points before -> after, the merge, the end
        of the round."""
        widget = self.preview_widget()
        outcome = self.outcome_of(widget) if widget is not None else None
        if widget is None or outcome is None:
            return ""
        action = widget.action
        owner = _("your kitty") if action.target == self.viewer else _("{name}'s kitty").format(
            name=self.names[action.target])
        if action.stack is None:
            where = _("New stack in {kitty}").format(kitty=owner)
        else:
            top = self.kitty_rows(action.target)[action.stack][-1]
            where = _("On the {card} in {kitty}").format(card=card_words(top), kitty=owner)
        words = _("{where}: {before} \u2192 {after}").format(
            where=where, before=outcome.before, after=outcome.after)
        if outcome.merged is not None:
            before, after = outcome.stacks_before, len(outcome.stacks)
            number = NUMBER[action.card]
            if before == after:
                words += _(", merges with the other {number}: still {n} stacks").format(
                    number=number, n=after)
            else:
                words += _(", merges with the other {number}: {a} \u2192 {b} stacks").format(
                    number=number, a=before, b=after)
        if outcome.ends_round:
            words += _(" \u2014 ends the round!")
        return words

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
        if isinstance(focused, TargetWidget) and self.focus.keyboard and (
            focused.action.stack is not None
        ):
            return (focused.action.target, focused.action.stack)
        place = self.hovered_place
        if place is not None and place[1] is not None and self.selected_card is None:
            return (place[0], place[1])
        return None
