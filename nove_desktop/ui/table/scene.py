"""The table scene every game stands on.

What the kit owns: seats around the table (the viewer at the bottom), the card model and its
sprites, the queue that turns engine events into animations, decisions offered from
``legal_actions`` only, AI seats thinking in a worker at the chosen pace, reaction windows and
private prompts, the pass-and-play hand-off, autosave, the move log, round summaries and the
game-over ranking. A game's table (the package ``ui/tables/<id>/``) subclasses
:class:`TableScene` and adds only what is particular to it: its zones and their layout, how its
events animate, its controls, its summary rows and its texts.

The loop of one frame: sprites and effects move; if anything is still playing (a blocking effect,
a moving card, the pause after an event, a window that has not run its length), the next queued
event waits; once the queue is empty the table makes its model equal to the viewer's observation
and asks the seats in ``to_act`` for their decisions, all of them at once.

The scene is assembled from parts, one module each: ``hooks`` (what a game's table overrides),
``playback`` (the event queue: events played as animations, the move log, call-outs),
``turns`` (decisions, windows, applying, controls), ``ending`` (hand-off, autosave, summaries,
game over, statistics, leaving), ``coach`` (a guided game's coach), ``skip`` (skipping to the
results), ``input`` (keys, mouse, drag and drop), ``undoing`` (taking a move back), ``basics``
(shared constants and helpers) and ``state`` (what the parts share, declared once for the type
checker). This module creates the state and keeps the geometry, the card model and its sprites,
the frame's update and the order of drawing (the table and its cards are painted by ``paint``,
what lies over them by ``hud``).
"""

from __future__ import annotations

import os
import random
from collections import deque
from typing import ClassVar

import pygame

from ...i18n import _
from ...sessions import Session
from ..app import App
from ..people import table_names
from ..scene import Scene
from ..widgets import Button, FocusGroup
from . import hud, paint
from .ai_runner import AIRunner
from .basics import (  # noqa: F401 - re-exported for the games' tables
    AI_PACE,
    LOG_LINES,
    OVERLAP,
    RHYTHM,
    SPEED,
    CardWidget,
    Rhythm,
    Slot,
    colour_for,
    humans_watching,
    spot_side,
)
from .coach import CoachMixin
from .ending import EndingMixin
from .hints import Advisor
from .hooks import ObsT, TableHooks
from .input import InputMixin
from .layout import SeatSpot, seat_spots
from .playback import PlaybackMixin
from .skip import SkipMixin
from .sprites import HOVER_LIFT, SELECT_LIFT, CardSprite
from .turns import TurnsMixin
from .undoing import UndoMixin
from .zones import Zones

REMOTE_POLL_MS = 50  # an idle online table looks for the server's messages this often


class TableScene(
    CoachMixin,
    PlaybackMixin,
    TurnsMixin,
    EndingMixin,
    SkipMixin,
    InputMixin,
    UndoMixin,
    TableHooks[ObsT],
):
    """The kit. Subclasses set the class attributes (declared in :class:`.state.TableState`)
    and override the hooks (:class:`.hooks.TableHooks`)."""

    name = "table"
    # Messages stack in the bottom-left corner, above the last move's line: the one place
    # of every table that no plate, card or button uses.
    toast_corner: ClassVar[tuple[float, float, float] | None] = (12.0, 684.0, 380.0)

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        # Scene's __init__ by name: to the type checker the class above is TableState, which
        # declares this very constructor (for UndoMixin.rebuilt). The parts have no __init__,
        # so at run time super() reached exactly this one.
        Scene.__init__(self, app)
        self.session = session
        self.game = session.game
        self.setup_coach()  # a guided game's coach (None in an ordinary game)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)  # where the hint's sentence was drawn
        humans = session.human_seats
        self.pass_and_play = len(humans) > 1
        self.viewer = humans[0] if len(humans) == 1 else None
        # The viewer's name is marked: sentences about that seat are in the second person.
        self.names = table_names(session)
        self.n = len(self.names)
        self.bottom = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
        self.spots = []
        self.zones = Zones()
        self.sprites = {}
        self.leaving = []
        self.queue = deque()
        self.beat = 0.0
        self.rhythm = 0.0  # a post-play pause still to keep (seconds, not scaled by speed)
        self.save_due = False
        self.tasks = []
        self.log = []
        self.log_open = False
        self.runner = AIRunner()
        self.ui_random = random.Random()
        self.ai_wait = {}
        self.ai_run = 0  # computer turns in a row since a person's (their pace shortens)
        self.moment = None
        self.actions_applied = session.position
        self.synced = False
        self.controls_key = None
        self.controls = []
        self.card_widgets = []
        self.focus = FocusGroup()
        self.menu_button = Button(_("Menu"), self.open_menu)
        self.rules_button = Button(_("Rules"), self.open_rules)
        self.log_button = Button(_("Log"), self.toggle_log)
        self.advisor = Advisor(self)
        self.hint_button = Button(_("Hint  (?)"), self.advisor.ask)
        self.undo_button = self.make_undo_button()
        undo = [self.undo_button] if self.undo_button.visible else []  # one person only
        self.hud_buttons = [
            self.menu_button,
            self.rules_button,
            self.log_button,
            *self.extra_hud_buttons(),
            *undo,
            self.hint_button,
        ]
        self.pending_modal = None
        self.modal_open = False
        self.stats_recorded = False
        key = session.ui.get("game_key")
        # Names this game in the statistics, so that it is counted once even when resumed at
        # its results after a crash (kept in the save; a UI id, not the game's randomness).
        self.game_key = key if isinstance(key, str) and key else os.urandom(16).hex()
        self.results_seen = False  # the player left the game over (a finished save is done)
        saved = session.ui.get("hinted", [])
        self.hinted = (
            {  # human seats that asked for a hint in this game
                seat for seat in saved if isinstance(seat, int) and 0 <= seat < self.n
            }
            if isinstance(saved, list)
            else set()
        )
        self.error_shown = False
        self.status = ""
        self.refusals_told = set()  # refusal messages on screen (see moved_on)
        self.current = None
        self.dealer = None
        self.scores = [0] * self.n
        self.buried = set()
        self.suggested_refs = set()
        self.drag = None
        self.layout_seats()
        self.reconcile()
        self.synced = True
        if resumed:
            self.rebuild_log()
        else:
            self.enqueue(session.opening_events)

    # == seats and geometry ======================================================================
    @classmethod
    def seat_area_for(cls, count: int) -> tuple[float, float]:
        """The room a game wants in front of each other seat at a table of ``count`` seats
        (default ``seat_area`` whatever the count; banco shrinks it as seats are added)."""
        return cls.seat_area

    def layout_seats(self) -> None:
        self.spots = seat_spots(self.n, self.bottom, self.clockwise, self.seat_area_for(self.n))

    def spot(self, seat: int) -> SeatSpot:
        return self.spots[seat]

    def is_bottom(self, seat: int) -> bool:
        return seat == self.bottom

    def to_screen(self, point: tuple[float, float]) -> tuple[int, int]:
        return paint.to_screen(self.app, point)

    def card_size(self, width: float) -> tuple[int, int]:
        return (self.app.s(width), self.app.s(width * self.card_ratio))

    @property
    def speed(self) -> float:
        return SPEED.get(self.app.settings.animation_speed, 1.0)

    # == lifecycle ===============================================================================
    def enter(self) -> None:
        self.layout()
        self.autosave()
        self.app.sounds.preload()

    def exit(self) -> None:
        self.flush_save()
        self.runner.shutdown()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        # Each HUD button is as wide as its label needs ("Consiglio (?)", "Historique"), never
        # narrower than the design's 88 units: a translation widens it instead of shrinking.
        height = app.s(34)
        font = app.fonts.get(max(12, int(height * 0.42)), bold=True)
        x = app.s(12)
        for button in self.hud_buttons:
            need = font.size(button.label)[0] + max(12, height // 3) + app.s(8)
            button.rect = pygame.Rect(x, app.s(10), max(app.s(88), need), height)
            x = button.rect.right + app.s(8)
        self.controls_key = None  # rebuilt (and placed) on the next idle frame

    # == the model ===============================================================================
    def observe(self) -> ObsT:
        return self.session.observe(self.viewer)

    def reconcile(self) -> None:
        """Make the table equal to the viewer's observation (the one source of truth)."""
        obs = self.observe()
        rows, piles = self.zones_from(obs)
        self.zones.reconcile(rows, piles)
        self.derive(obs)
        self.place_sprites(snap_new=True)

    def set_viewer(self, seat: int | None) -> None:
        """Whose private cards the screen shows (None: nobody's, as during a hand-off).

        Between events (the queue holds more) the model cannot be read from the observation,
        which is ahead: the old viewer's private cards are turned face down at once and the
        table is reconciled once the queue has played."""
        old = self.viewer
        self.viewer = seat
        if seat is not None and seat != self.bottom:
            self.bottom = seat
            self.layout_seats()
        if self.queue:
            if old is not None and old != seat:
                for zone in self.private_zones(old):
                    self.zones.hide(zone)
                self.place_sprites()
            self.synced = False
        else:
            self.reconcile()
        self.controls_key = None

    def place_sprites(self, snap_new: bool = False) -> None:
        """Give every sprite its slot (new sprites start at the deck, or at their slot)."""
        for old, new in self.zones.renames().items():
            sprite = self.sprites.pop(old, None)
            if sprite is not None:
                sprite.ref = new
                sprite.set_face(None if new.startswith("?") else new, self.speed)
                self.sprites[new] = sprite
        present: set[str] = set()
        self.buried = set()
        for zone, refs in self.zones.rows.items():
            slots = self.zone_slots(zone, len(refs))
            for index, ref in enumerate(refs):
                present.add(ref)
                slot = slots[index] if index < len(slots) else Slot(*self.deck_spot, 60)
                if not slot.shown:
                    self.buried.add(ref)
                sprite = self.sprites.get(ref)
                card = None if ref.startswith("?") else ref
                if sprite is None:
                    start = (slot.x, slot.y) if snap_new else self.deck_spot
                    width = slot.width if snap_new else self.pile_width
                    sprite = self.sprites[ref] = CardSprite(ref, card, *start, width)
                    sprite.motion.target = start
                sprite.set_face(card, self.speed)
                if sprite is not self.dragged():  # a carried card stays under the mouse
                    sprite.place(slot.x, slot.y, slot.width, self.speed)
        for ref in [r for r in self.sprites if r not in present]:
            del self.sprites[ref]

    def deal_card(self, zone: str, card: str | None, delay: float, source: str = "deck") -> str:
        """A card leaves a pile for ``zone`` (its sprite starts at the pile, after ``delay``)."""
        ref = card if card is not None else self.zones.placeholder()
        self.zones.put(zone, ref)
        self.zones.pile_add(source, -1)
        x, y = self.pile_spot(source)
        sprite = CardSprite(ref, None, x, y, self.pile_width)
        self.sprites[ref] = sprite
        slots = self.zone_slots(zone, len(self.zones.row(zone)))
        slot = slots[-1] if slots else Slot(x, y, self.pile_width)
        sprite.place(slot.x, slot.y, slot.width, self.speed, delay)
        sprite.set_face(card, self.speed, delay)
        return ref

    def send_to_pile(self, ref: str, pile: str, face_up: bool = False) -> None:
        """A card flies from where it lies into a pile and disappears there."""
        self.zones.remove(ref)
        sprite = self.sprites.pop(ref, None)
        self.zones.pile_add(pile, 1)
        if sprite is None:
            return
        if not face_up:
            sprite.set_face(None, self.speed)
        x, y = self.pile_spot(pile)
        sprite.place(x, y, self.pile_width, self.speed)
        self.leaving.append(sprite)

    # == the frame ===============================================================================
    @property
    def animating(self) -> bool:
        """Something the player could skip is playing or waiting to play (events held back by
        a window still on show are not)."""
        return (
            (bool(self.queue) and not self.held)
            or self.beat > 0
            or self.rhythm > 0
            or (self.effects_blocking() or self.pending_modal is not None)
        )

    @property
    def held(self) -> bool:
        """Queued events wait for a window the engine has closed to run its full length (they
        are not an animation: a key then is not a skip)."""
        return self.moment is not None and self.moment.holding

    def effects_blocking(self) -> bool:
        if any(t.blocking and not t.done for t in self.tasks):
            return True
        if self.leaving:
            return True
        return any(sprite.motion.moving or sprite.flip for sprite in self.sprites.values())

    @property
    def busy(self) -> bool:
        """Frames are needed (animations, timers, a seat thinking); else the app may sleep."""
        return (
            self.animating
            or bool(self.tasks)
            or self.moment is not None
            or self.runner.busy
            or self.advisor.thinking
            or bool(self.ai_wait)
            or not self.synced
            or any(s.lift.done is False for s in self.sprites.values())
        )

    @property
    def wake_ms(self) -> int | None:
        """A game run elsewhere (a server) sends moves by themselves: an idle table still
        looks for them a few times a second."""
        return None if self.session.runs_game or self.session.over else REMOTE_POLL_MS

    def update(self, dt: float) -> None:
        self.update_motion(dt)
        self.take_arrivals()
        self.advisor.update()
        self.hint_button.visible = self.advisor.available()
        self.update_undo_button()
        self.flush_save()
        if self.modal_open:
            return
        self.update_moment(dt)  # first: whether a window's events are held is known now
        if self.speed == 0:
            self.skip_animations(by_player=False)
        if self.beat > 0:
            self.beat = max(0.0, self.beat - dt)
        if self.rhythm > 0:
            self.rhythm = max(0.0, self.rhythm - dt)
        self.present()
        if not self.animating and not self.queue and not self.modal_open:
            self.offer_skip()
            if self.app.stack.top is not self:
                return
            self.decide(dt)
        self.flush_save()

    def flush_save(self) -> None:
        """Save the actions applied since the last save (once per frame: several AI answers to
        one window cost one write)."""
        if self.save_due:
            self.save_due = False
            self.autosave()

    def update_motion(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        for task in self.tasks:
            task.update(dt)
        self.tasks = [t for t in self.tasks if not t.done]

    def shown(self, ref: str) -> bool:
        """False for a card buried in a pile (its slot is under the top cards)."""
        return ref not in self.buried

    def thinking(self, seat: int) -> bool:
        """An AI seat is taking its (public) turn: never shown for a private prompt."""
        return seat in self.ai_wait and not self.animating

    def lift_for(self, sprite: CardSprite) -> float:
        if sprite is self.dragged():
            return 0.0
        if sprite.selected:
            return SELECT_LIFT
        return HOVER_LIFT if sprite.hover else 0.0

    # == drawing =================================================================================
    def draw(self, surface: pygame.Surface) -> None:
        paint.table(self, surface)
        paint.piles(self, surface)
        for seat in range(self.n):
            paint.plate(self, surface, seat)
        self.draw_centre(surface)
        paint.cards(self, surface)
        paint.effects(self, surface)
        self.draw_overlay(surface)
        self.draw_coach(surface)
        hud.hud(self, surface)
        self.draw_undo_tip(surface)
        for widget in self.card_widgets:
            sprite = self.sprites.get(widget.ref)
            if sprite is not None:
                widget.rect = paint.card_rect(self, sprite)
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        hud.suggestion(self, surface)
        focused = self.focus.focused
        if isinstance(focused, CardWidget) and self.focus.keyboard:  # above a hint's outline
            paint.card_focus(
                surface, focused.rect.inflate(self.app.s(10), self.app.s(10)), self.app.scale
            )
        self.draw_over(surface)
        carried = self.dragged()
        if carried is not None:  # the carried card rides over everything but the log
            paint.card(self, surface, carried)
        if self.log_open:
            hud.log_panel(self, surface)
