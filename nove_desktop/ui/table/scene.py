"""The table scene every game stands on.

What the kit owns: seats around the table (the viewer at the bottom), the card model and its
sprites, the queue that turns engine events into animations, decisions offered from
``legal_actions`` only, AI seats thinking in a worker at the chosen pace, reaction windows and
private prompts, the pass-and-play hand-off, autosave, the move log, round summaries and the
game-over ranking. A game's table (``ui/tables/<id>.py``) subclasses :class:`TableScene` and adds
only what is particular to it: its zones and their layout, how its events animate, its controls,
its summary rows and its texts.

The loop of one frame: sprites and effects move; if anything is still playing (a blocking effect,
a moving card, the pause after an event, a window that has not run its length), the next queued
event waits; once the queue is empty the table makes its model equal to the viewer's observation
and asks the seats in ``to_act`` for their decisions, all of them at once.
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from ai import decide, level_of

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import Event
from ...engine.replay import ReplayError, run
from ...i18n import _
from ...session import GameSession
from .. import theme
from ..app import App
from ..refusals import reason_text
from ..scene import Scene
from ..setup_options import OptionSpec
from ..widgets import Button, FocusGroup, Widget
from . import paint
from .ai_runner import AIRunner
from .drag import Drag
from .effects import Banner, Task, TokenFlight
from .hints import Advisor
from .layout import SeatSpot, Side, seat_spots
from .moments import ALL_AI_WINDOW, Moment, OpenMoment
from .sprites import HOVER_LIFT, SELECT_LIFT, CardSprite
from .zones import Zones

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
OVERLAP = -1.0
"""What an event handler returns when the next event may start while its animation plays (the
cards of a deal cascade fly together)."""
AI_PACE = {"slow": 1.3, "normal": 0.7, "fast": 0.3, "instant": 0.0}
LOG_LINES = 200
RHYTHM = "_rhythm"  # a post-play pause marker in the event queue (never from an engine)


@dataclasses.dataclass(frozen=True)
class Slot:
    """Where one card of a zone rests (design units). ``shown`` False: buried in a pile."""

    x: float
    y: float
    width: float
    shown: bool = True


class CardWidget(Widget):
    """A card the player may pick, as a focusable control (keyboard play)."""

    def __init__(self, scene: TableScene, ref: str) -> None:
        super().__init__()
        self.scene = scene
        self.ref = ref

    def activate(self) -> None:
        self.scene.card_clicked(self.ref)

    def draw(self, surface: pygame.Surface, fonts: Any, focused: bool, scale: float) -> None:
        if focused:
            paint.card_focus(surface, self.rect, scale)


class TableScene(Scene):
    """The kit. Subclasses set the class attributes and override the hooks below."""

    name = "table"
    game_id: ClassVar[str] = ""
    deck: ClassVar[str] = "nove"
    clockwise: ClassVar[bool] = True
    seat_area: ClassVar[tuple[float, float]] = (200.0, 118.0)
    own_width: ClassVar[float] = 96.0  # card widths in design units (height = 1.42 x width)
    other_width: ClassVar[float] = 60.0
    pile_width: ClassVar[float] = 64.0
    deck_spot: ClassVar[tuple[float, float]] = (560.0, 300.0)
    card_ratio: ClassVar[float] = 1.42

    def __init__(self, app: App, session: GameSession, resumed: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.names = [seat.name for seat in session.seats]
        self.n = len(self.names)
        humans = session.human_seats
        self.pass_and_play = len(humans) > 1
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.bottom = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
        self.spots: list[SeatSpot] = []
        self.zones = Zones()
        self.sprites: dict[str, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.queue: deque[Event] = deque()
        self.beat = 0.0
        self.rhythm = 0.0  # a post-play pause still to keep (seconds, not scaled by speed)
        self.save_due = False
        self.tasks: list[Task] = []
        self.log: list[str] = []
        self.log_open = False
        self.runner = AIRunner()
        self.ui_random = random.Random()
        self.ai_wait: dict[int, float] = {}
        self.moment: OpenMoment | None = None
        self.actions_applied = len(session.replay.actions)
        self.synced = False
        self.controls_key: object = None
        self.controls: list[Widget] = []
        self.card_widgets: list[CardWidget] = []
        self.focus = FocusGroup()
        self.menu_button = Button(_("Menu"), self.ask_leave)
        self.rules_button = Button(_("Rules"), self.open_rules)
        self.log_button = Button(_("Log"), self.toggle_log)
        self.advisor = Advisor(self)
        self.hint_button = Button(_("Hint  (?)"), self.advisor.ask)
        self.hud_buttons = [self.menu_button, self.rules_button, self.log_button,
                            *self.extra_hud_buttons(), self.hint_button]
        self.pending_modal: Callable[[], None] | None = None
        self.modal_open = False
        self.stats_recorded = False
        saved = session.ui.get("hinted", [])
        self.hinted: set[int] = {  # human seats that asked for a hint in this game
            seat for seat in saved if isinstance(seat, int) and 0 <= seat < self.n
        } if isinstance(saved, list) else set()
        self.error_shown = False
        self.status = ""
        self.current: int | None = None
        self.dealer: int | None = None
        self.scores = [0] * self.n
        self.buried: set[str] = set()
        self.suggested_refs: set[str] = set()
        self.drag: Drag | None = None
        self.layout_seats()
        self.reconcile()
        self.synced = True
        if resumed:
            self.rebuild_log()
        else:
            self.enqueue(session.opening_events)

    # == hooks for a game's table ================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        """The rows and piles the viewer's observation shows (``None`` = face down)."""
        raise NotImplementedError(f"{type(self).__name__} must lay out its zones")

    def derive(self, obs: Any) -> None:
        """Set the game's display fields (scores, tags, status...) from the observation."""

    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        """Where the ``count`` cards of ``zone`` rest."""
        return []

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.deck_spot

    def seat_tags(self, seat: int) -> list[str]:
        """Short status words under a seat's name ("stood", "final turn")."""
        return []

    def score_text(self, seat: int) -> str:
        return str(self.scores[seat])

    def describe_event(self, event: Event) -> str | None:
        """One line of the move log for a public event ("Ada laid a pair of 7s")."""
        return None

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        """Buttons for ``seat``'s decision; the first one gets the focus."""
        return []

    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        """A reaction window or private prompt open now, if any."""
        return None

    def window_controls(self, moment: OpenMoment, acting: tuple[int, ...]) -> list[Widget]:
        """Buttons while a public window is open (the viewer's own, or one per human seat)."""
        return []

    def auto_answer(self, seat: int, legal: list[Action]) -> Action | None:
        """An answer a setting gives for the player (e.g. "always take good draws")."""
        return None

    def selectable(self, ref: str) -> bool:
        """Whether the player may pick this card now (it lifts on hover, and can be clicked)."""
        return False

    def card_clicked(self, ref: str) -> None:
        """The player clicked (or pressed Enter on) a selectable card."""

    def hotkey(self, key: int) -> bool:
        """A key pressed while the player may act; True if the game used it."""
        return False

    def draw_centre(self, surface: pygame.Surface) -> None:
        """Game-specific things on the table (badges, the countdown ring...)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Game-specific things over the cards, under the buttons (a picker's panel)."""

    def history_rows(self, events: Sequence[Event]) -> None:
        """Called with every event of a resumed game, so a table can rebuild its history."""

    def action_words(self, action: Action) -> str:
        """An action in a few words, for hints ("Stand", "Lay a pair of 7s")."""
        words = self.game.describe_action(action)
        return words[:1].upper() + words[1:]

    def card_words(self, card: str) -> str:
        """A card named in a sentence, in the player's language ("the red 5")."""
        return card

    def hint_value(self, mean: float) -> str:
        """A hint's expected round result in the game's units ("+1.3 points")."""
        return _("{value:+.1f} points").format(value=mean)

    def hinted_refs(self, action: Action) -> list[str]:
        """The cards a suggested action plays (outlined with the suggestion)."""
        cards = list(getattr(action, "cards", ()) or ())
        card = getattr(action, "card", None)
        return cards + ([card] if isinstance(card, str) else [])

    def action_button(self, label: str, action: Action, **style: Any) -> Button:
        """A button that takes ``action`` (a hint can then outline it)."""
        button = Button(label, lambda: self.act(action), **style)
        button.action = action
        return button

    def extra_hud_buttons(self) -> list[Button]:
        """More buttons beside Menu, Rules and Log (a game's history...)."""
        return []

    def private_zones(self, seat: int) -> list[str]:
        """Zones whose faces only ``seat`` may see (turned down when another viewer comes)."""
        return [f"hand:{seat}"]

    def place_controls(self, widgets: list[Widget]) -> None:
        """Where the decision buttons go (default: a column at the bottom right)."""
        paint.place_controls(self, widgets)

    def focus_order(self, widgets: list[Widget]) -> list[Widget]:
        """The keyboard's order: by default the likeliest button, then the cards, then the other
        buttons (a game whose decision starts with a card puts the cards first)."""
        return [*widgets[:1], *self.card_widgets, *widgets[1:]]

    def draggable(self, ref: str) -> bool:
        """Whether the player may carry this card to a place with the mouse (see ``drag.py``);
        its click then comes on release, when the mouse has not carried it away."""
        return False

    def drag_started(self, ref: str) -> None:
        """A card was picked up by the mouse (e.g. select it, so its targets light up)."""

    def drop_target(self, ref: str, pos: tuple[int, int]) -> object | None:
        """The place under ``pos`` (window pixels) where the carried card would land, if any."""
        return None

    def card_dropped(self, ref: str, target: object) -> None:
        """The carried card was released on ``target`` (one of ``drop_target``'s answers)."""

    def table_clicked(self, pos: tuple[int, int]) -> bool:
        """A click that hit no control and no card the player may pick (a stack to look
        through, a place refused with its reason...). True if the game used it."""
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
        """Things drawn over the cards and the controls (a stack opened for a look...)."""

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        """Extra marks on a drawn card (a joker's value, a stack's depth...)."""

    def pile_label(self, pile: str, count: int) -> str:
        """The words under a pile."""
        return str(count)

    def banner_point(self, anchor: str) -> tuple[float, float]:
        """Where a call-out with this anchor sits (design units): the centre band, or over a
        seat's cards. A table whose centre holds moving things (banco's bank) moves it."""
        return paint.banner_point(self, anchor)

    def status_point(self) -> tuple[float, float]:
        """The top centre of the status line (design units)."""
        return (640.0, paint.STATUS_Y)

    def ranking_details(self) -> list[str] | None:
        """A short note per seat beside its name on the game-over ranking (None: no notes)."""
        return None

    def hud_text(self) -> str:
        """The line at the top right."""
        return _("Deal number {seed}   R: rules   L: log   Esc: menu").format(
            seed=self.session.seed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        """The game's options as rows of the Setup screen."""
        return []

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
        for i, button in enumerate(self.hud_buttons):
            button.rect = pygame.Rect(app.s(12 + 96 * i), app.s(10), app.s(88), app.s(34))
        self.controls_key = None  # rebuilt (and placed) on the next idle frame

    # == the model ===============================================================================
    def observe(self) -> Any:
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

    # == events -> animations ====================================================================
    def enqueue(self, events: Sequence[Event]) -> None:
        """Queue a batch of raw events; each is censored for the viewer when it plays."""
        self.queue.extend(self.with_rhythm(events))
        moment = self.moment
        if moment is not None and any(self.ends_window(event) for event in events):
            moment.claimed = True

    def ends_window(self, event: Event) -> bool:
        """Whether this event is a claim that closes the open window at once."""
        return False

    def post_play_pause(self, event: Event) -> float:
        """Seconds the table keeps after this (public) event whether or not a reaction window
        follows it, so that the rhythm of play never tells whether anyone could have claimed.
        When a window does follow, its shortest showing covers the pause; when none does (the
        engine skipped it, or the play ended the trick), the table waits this long before the
        next event. Not scaled by the animation speed; a click skips it like any animation."""
        return 0.0

    def banner_spot(self, anchor: str) -> tuple[float, float] | None:
        """Where a call-out with a game's own anchor ("trick") goes (design units); None for
        the kit's anchors ("centre", "seat:<n>")."""
        return None

    def with_rhythm(self, events: Sequence[Event]) -> list[Event]:
        """The batch with a pause marker after each play that no open window will cover
        (see ``post_play_pause``): the last such play is covered when the batch leaves a
        public window open."""
        pauses = [self.post_play_pause(e) if e.is_public else 0.0 for e in events]
        if not any(pauses):
            return list(events)
        last = max(i for i, pause in enumerate(pauses) if pause > 0)
        covered = last if self.public_window_open() else -1
        out: list[Event] = []
        for i, (event, pause) in enumerate(zip(events, pauses, strict=True)):
            out.append(event)
            if pause > 0 and i != covered:
                out.append(Event(RHYTHM, {"seconds": pause}))
        return out

    def public_window_open(self) -> bool:
        acting = self.session.to_act()
        moment = self.moment_for(acting) if acting else None
        return moment is not None and moment.public

    def process(self, raw: Event) -> bool:
        """Play one event: the log line, then the game's handler (it moves cards, starts
        effects, and may ask for a pause). True when the next event may start at once."""
        if raw.kind == RHYTHM:
            self.rhythm = max(self.rhythm, float(raw.data["seconds"]))
            return False
        public = raw.for_seat(None)
        if public is not None:
            line = self.describe_event(public)
            if line:
                self.add_log(line)
        self.synced = False
        seen = raw.for_seat(self.viewer)
        if seen is None:
            return True
        handler = getattr(self, f"on_{seen.kind}", None)
        if handler is None:
            return False  # nothing moved (a window's answers): no slots to recompute
        pause = handler(seen.data)
        self.place_sprites()
        if pause == OVERLAP:
            return True
        self.beat = max(self.beat, (pause or 0.0) * self.speed)
        return False

    def add_log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def rebuild_log(self) -> None:
        """A resumed game: re-run its actions to rebuild the move log and the history."""
        try:
            every = run(self.session.replay, self.app.registry, keep_events=True).events
        except ReplayError:  # the save loaded, so this cannot fail; the log simply stays empty
            return
        for event in every:
            public = event.for_seat(None)
            if public is not None:
                line = self.describe_event(public)
                if line:
                    self.add_log(line)
        self.history_rows(every)

    # -- effects ---------------------------------------------------------------------------------
    def banner(
        self,
        text: str,
        anchor: str = "centre",
        size: float = 40,
        colour: tuple[int, int, int] = paint.CALL_COLOUR,
        life: float = 1.2,
        blocking: bool = False,
    ) -> None:
        """A call-out at the centre or at a seat (anchor ``seat:<n>``)."""
        self.tasks = [t for t in self.tasks if not (isinstance(t, Banner) and t.anchor == anchor)]
        self.tasks.append(Banner(text, anchor, size, colour, life * max(self.speed, 0.4), blocking))

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` once ``seconds`` have played (immediately when skipped)."""
        self.tasks.append(Task(seconds * self.speed, callback))

    def fly_tokens(
        self,
        values: Sequence[int],
        start: tuple[float, float],
        end: tuple[float, float],
        kind: str = "chip",
    ) -> None:
        for i, value in enumerate(values):
            self.tasks.append(TokenFlight(value, start, end, i * 0.06 * self.speed,
                                          0.5 * max(self.speed, 0.2), kind))

    # == the frame ===============================================================================
    @property
    def animating(self) -> bool:
        """Something the player could skip is playing or waiting to play (events held back by
        a window still on show are not)."""
        return (bool(self.queue) and not self.held) or self.beat > 0 or self.rhythm > 0 or (
            self.effects_blocking() or self.pending_modal is not None
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

    def update(self, dt: float) -> None:
        self.update_motion(dt)
        self.advisor.update()
        self.hint_button.visible = self.advisor.available()
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
        if not self.animating and not self.queue:
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

    def present(self) -> None:
        """Play queued events until one of them starts something that takes time."""
        overlap = False
        while True:
            if self.beat > 0 or self.rhythm > 0 or (not overlap and self.effects_blocking()):
                return
            if self.pending_modal is not None:
                opener, self.pending_modal = self.pending_modal, None
                self.modal_open = True
                opener()
                return
            if not self.queue:
                if not self.synced:
                    self.reconcile()
                    self.synced = True
                    self.controls_key = None
                return
            if self.moment is not None and self.moment.holding:
                return
            overlap = self.process(self.queue.popleft())

    def skip_animations(self, by_player: bool = True) -> None:
        """Every animation jumps to its end (stops at a summary). A player's skip also ends a
        window's held pause and a post-play pause (their choice, so nothing is revealed); the
        "animations off" setting does not."""
        self.beat = 0.0
        if by_player:
            self.rhythm = 0.0
            if self.moment is not None and self.moment.holding:
                self.moment.release()
        while True:
            for task in list(self.tasks):
                task.finish()
            self.tasks = []
            for sprite in self.sprites.values():
                sprite.finish()
            self.leaving = []
            if self.pending_modal is not None or not self.queue or self.rhythm > 0:
                break
            if self.moment is not None and self.moment.holding:
                break
            self.process(self.queue.popleft())
            self.beat = 0.0
            if by_player:
                self.rhythm = 0.0
        self.place_sprites()
        for sprite in self.sprites.values():
            sprite.finish()

    # == decisions ===============================================================================
    def decide(self, dt: float) -> None:
        acting = self.session.to_act()
        if not acting:
            self.moment = None
            self.controls_key = None
            return
        moment = self.moment_for(acting)
        if moment is not None:
            self.run_moment(moment, acting)
        else:
            self.moment = None
            seat = acting[0]
            if self.session.is_human(seat):
                self.human_turn(seat)
            else:
                self.ai_turn(seat, dt)

    def human_turn(self, seat: int) -> None:
        if seat != self.viewer:
            if self.pass_and_play and self.app.settings.handoff:
                self.start_handoff(seat)
                return
            self.set_viewer(seat)
        key = ("turn", seat, self.actions_applied)
        if self.controls_key != key:
            self.controls_key = key
            self.show_controls(self.build_controls(seat, self.session.legal(seat)))

    def ai_turn(self, seat: int, dt: float) -> None:
        token = self.actions_applied
        if not self.runner.asked(seat, token) and seat not in self.ai_wait:
            self.ask_ai(seat, token)
            self.ai_wait[seat] = self.pace(seat)
            self.show_controls([])
            return
        if seat in self.ai_wait:
            self.ai_wait[seat] -= dt
            if self.ai_wait[seat] > 0:
                self.runner.ready(seat)
                return
        action = self.runner.answer(seat)
        if action is None:
            return
        self.ai_wait.pop(seat, None)
        self.apply(seat, action)

    def pace(self, seat: int) -> float:
        """How long an AI seat's turn lasts, thinking included (the AI pace setting)."""
        pace = AI_PACE.get(self.app.settings.ai_pace, 0.7)
        return pace * (0.6 if not self.session.human_seats else 1.0)

    def ask_ai(self, seat: int, token: object) -> None:
        """The seat's decision request (its observation, legal actions and, for a search, one
        sample of what it cannot see), answered by ``ai.decide`` in a worker; a search runs in
        the worker process."""
        request = self.session.decision_request(seat)
        heavy = level_of(request.kind) == "hard"
        self.runner.submit(seat, token, decide, request, heavy=heavy)

    # -- windows and prompts ---------------------------------------------------------------------
    def run_moment(self, moment: Moment, acting: tuple[int, ...]) -> None:
        key = self.actions_applied
        if self.moment is None or not moment.same_as(self.moment.moment) or (
            not moment.public and self.moment.key != key
        ):
            self.open_moment(moment, acting)
        open_moment = self.moment
        assert open_moment is not None
        token = ("moment", open_moment.key)
        humans = [s for s in acting if self.session.is_human(s)]
        for seat in acting:
            if self.session.is_human(seat):
                continue
            if not self.runner.asked(seat, token) and seat not in open_moment.scheduled:
                self.ask_ai(seat, token)
                continue
            answer = self.runner.answer(seat)
            if answer is None:
                continue
            if answer == moment.default or not moment.public or not humans_watching(self):
                self.apply(seat, answer)
                if self.moment is not open_moment or not open_moment.engine_open:
                    return
                continue
            open_moment.schedule(seat, answer, self.ui_random)
        for seat, action in open_moment.due():
            if seat in self.session.to_act():
                self.apply(seat, action)
                return
        if open_moment.countdown.expired:
            for seat in humans:
                if seat in self.session.to_act():
                    self.apply(seat, moment.default)
                    return
        if moment.public:
            key_controls = ("window", open_moment.key, tuple(humans))
        else:
            key_controls = ("prompt", open_moment.key)
        if self.controls_key != key_controls:
            self.controls_key = key_controls
            if moment.public:
                self.show_controls(self.window_controls(open_moment, acting))
            elif humans and humans[0] == self.viewer:
                legal = self.session.legal(humans[0])
                automatic = self.auto_answer(humans[0], legal)
                if automatic is not None:
                    self.apply(humans[0], automatic)
                    return
                self.show_controls(self.build_controls(humans[0], legal))
            elif humans:
                self.human_turn(humans[0])

    def open_moment(self, moment: Moment, acting: tuple[int, ...]) -> None:
        seconds = moment.seconds
        if moment.public and not humans_watching(self):
            seconds = ALL_AI_WINDOW * (AI_PACE.get(self.app.settings.ai_pace, 0.7) / 0.7)
        elif moment.public and seconds is None and not any(
            self.session.is_human(s) for s in acting
        ):
            seconds = 3.0  # untimed waits for the players, but none of them may answer
        # An all-AI table shows each window for its (short) full length.
        minimum = moment.minimum if humans_watching(self) else None
        self.moment = OpenMoment(moment, self.actions_applied, seconds, minimum)
        if moment.public and self.pass_and_play and self.viewer is not None:
            self.set_viewer(None)  # a window is a public moment: no private card stays shown

    def answer_window(self, seat: int, action: Action) -> None:
        """A human's answer in a window (a claim, or "pass")."""
        if self.moment is None or seat not in self.session.to_act():
            return
        self.apply(seat, action)

    # -- applying --------------------------------------------------------------------------------
    def refusal(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is not legal for ``seat`` now (None if it is), in the engine's words.
        Checked on a copy: the real state is never touched by a refused action."""
        if self.game.is_legal(self.session.state, seat, action):
            return None
        try:
            self.game.apply(self.session.state.copy(), seat, action)
        except IllegalActionError as exc:
            return reason_text(exc, self.names, self.card_words)
        return _("that move is not possible now")

    def act(self, action: Action, seat: int | None = None) -> bool:
        """A human decision from the controls: applied, or refused with its reason."""
        seat = self.viewer if seat is None else seat
        if seat is None or not self.session.is_human(seat):
            return False
        reason = self.refusal(seat, action)
        if reason is not None:
            self.app.notify(reason[:1].upper() + reason[1:] + ".", error=True)
            return False
        self.app.sounds.play("click")
        self.apply(seat, action)
        return True

    def apply(self, seat: int, action: Action) -> None:
        events = self.session.apply(seat, action)
        self.actions_applied += 1
        events += self.private_follow_ups()
        if self.moment is not None:
            acting = self.session.to_act()
            self.moment.engine_open = bool(acting) and self.moment_for(acting) is not None
        self.ai_wait.pop(seat, None)
        if self.moment is not None and not self.moment.moment.public:
            self.moment = None  # a prompt ends with its answer
        self.enqueue(events)
        self.save_due = True  # saved at the end of this frame, before anything is drawn
        if self.window_goes_on(seat):
            # Another seat answered a window that still waits: its events play now (they
            # animate nothing), so the table is never "animating" while the human may answer.
            self.present()
            return
        self.show_controls([])
        self.controls_key = None

    def window_goes_on(self, seat: int) -> bool:
        """An AI seat answered a public window that still waits for others: the humans'
        buttons stay where they are (their focus too)."""
        moment = self.moment
        if moment is None or not moment.moment.public or self.session.is_human(seat):
            return False
        acting = self.session.to_act()
        current = self.moment_for(acting) if acting else None
        moment.engine_open = moment.moment.same_as(current)
        return moment.engine_open

    def private_follow_ups(self) -> list[Event]:
        """An AI seat's private prompt (Kaël's good draw) is answered at once, inside the same
        frame as the action that opened it: no pause, marker or frame can tell it was asked."""
        events: list[Event] = []
        while True:
            acting = self.session.to_act()
            if len(acting) != 1 or self.session.is_human(acting[0]):
                return events
            moment = self.moment_for(acting)
            if moment is None or moment.public:
                return events
            seat = acting[0]
            events += self.session.apply(seat, self.decide_now(seat))
            self.actions_applied += 1

    def decide_now(self, seat: int) -> Action:
        """An AI decision made in the frame, for a quick private prompt (Kaël's good draw): a
        Hard seat answers it as Normal does, since a search in the frame would take time that
        everyone could see (and its two choices need no search)."""
        kind = level_of(self.session.seats[seat].kind)
        return decide(self.session.decision_request(seat, "normal" if kind == "hard" else kind))

    def update_moment(self, dt: float) -> None:
        """Run the open window's clock; forget the window once the engine has closed it and
        the table has shown it for its full length (or a claim won)."""
        moment = self.moment
        if moment is None:
            return
        moment.update(dt)
        acting = self.session.to_act()
        current = self.moment_for(acting) if acting else None
        moment.engine_open = moment.moment.same_as(current)
        if not moment.engine_open and not moment.holds_events:
            self.moment = None
            self.controls_key = None

    # -- controls --------------------------------------------------------------------------------
    def show_controls(self, widgets: list[Widget]) -> None:
        self.controls = widgets
        if not widgets:
            self.drag = None  # the decision is over: a card still carried goes home
        refs = [ref for ref in self.sprites if self.selectable(ref)] if widgets else []
        self.card_widgets = [CardWidget(self, ref) for ref in self.ordered(refs)]
        self.place_controls(widgets)
        self.focus.set(self.focus_order(widgets), keep=False)
        self.keep_suggestion()

    def keep_suggestion(self) -> None:
        """New controls for the decision a hint was found for keep its outline (and the Hint
        button shows only while a human at the screen decides)."""
        self.hint_button.visible = self.advisor.available()
        found = self.advisor.hint
        if found is not None and self.advisor.asked_at == self.decision_moment():
            self.suggest(found.action)
        else:
            self.suggested_refs = set()

    def decision_moment(self) -> object:
        """Names the decision on screen: a hint belongs to it and is dropped when it passes."""
        return (self.actions_applied, self.viewer)

    def suggest(self, action: Action) -> None:
        """Outline the controls (and cards) of a hint's suggestion."""
        for widget in self.controls:
            widget.suggested = widget.action is not None and widget.action == action
        self.suggested_refs = set(self.hinted_refs(action))

    def refresh_controls(self, widgets: list[Widget]) -> None:
        """New buttons for the same decision (the selection changed): the keyboard stays on
        the card it was on; otherwise the likeliest move gets the focus."""
        focused = self.focus.focused
        self.controls = widgets
        self.place_controls(widgets)
        order = self.focus_order(widgets)
        self.focus.set(order, keep=False)
        if isinstance(focused, CardWidget) and focused in order and self.focus.keyboard:
            self.focus.focus(focused)
        self.keep_suggestion()

    def ordered(self, refs: list[str]) -> list[str]:
        """Refs in zone order (the keyboard walks the cards left to right)."""
        wanted = set(refs)
        return [ref for _zone, ref in self.zones.all_refs() if ref in wanted]

    def my_turn(self) -> bool:
        return bool(self.controls) and not self.animating

    # == hand-off ================================================================================
    def start_handoff(self, seat: int, then: Callable[[], None] | None = None) -> None:
        """The hand-off screen for ``seat``; ``then`` runs once that player has confirmed
        (e.g. a claim picker opened for them in a window)."""
        self.show_controls([])
        self.controls_key = ("handoff", seat)
        self.set_viewer(None)

        def ready() -> None:
            self.set_viewer(seat)
            if then is not None:
                then()

        self.app.scenes.push("handoff", player=self.names[seat], on_ready=ready)

    # == saving, modals, statistics ==============================================================
    def autosave(self) -> None:
        ui = {"viewer": None if self.pass_and_play else self.viewer, "hinted": sorted(self.hinted)}
        try:
            self.app.storage.save_game(self.session.to_save(ui))
        except Exception as exc:  # a full disk must not stop the game
            self.app.report_problem(_("The game could not be saved."), exc)

    def show_summary(self, title: str, columns: list[str], rows: list[list[Any]],
                     note: str = "") -> None:
        """Open the round summary once the current animations have played."""
        over = self.session.over

        def opener() -> None:
            self.app.scenes.push(
                "round_summary",
                title=title,
                columns=columns,
                rows=rows,
                note=note,
                last=over,
                on_close=self.summary_closed,
            )

        self.pending_modal = opener

    def summary_closed(self) -> None:
        self.modal_open = False

    def show_game_over(self, reason: str) -> None:
        """The final ranking (in the game's score direction) and "play again"."""
        result = self.game.result(self.session.state)

        def opener() -> None:
            self.record_statistics()
            self.app.scenes.push(
                "game_over",
                names=self.names,
                scores=list(result.scores),
                winners=self.winners(),
                lower_wins=self.game.lower_score_wins,
                reason=reason,
                rounds=result.rounds,
                on_again=self.play_again,
                ranking=self.ranking(),
                details=self.ranking_details(),
            )

        self.pending_modal = opener

    def winners(self) -> list[int]:
        result = self.game.result(self.session.state)
        return [] if result.winner is None else [result.winner]

    def ranking(self) -> list[list[int]] | None:
        """Places, best first (seats sharing a place together); None: by score."""
        return None

    def record_statistics(self) -> None:
        """Each human seat's own result, under its name (in the game's score direction)."""
        if self.stats_recorded or not self.session.human_seats:
            return
        self.stats_recorded = True
        winners = self.winners()
        scores = self.game.result(self.session.state).scores
        for seat in self.session.human_seats:
            try:
                self.app.storage.record_result(
                    self.game.id,
                    seat in winners,
                    scores[seat],
                    lower_is_better=self.game.lower_score_wins,
                    player=self.names[seat],
                    hinted=seat in self.hinted,
                )
            except Exception as exc:
                self.app.report_problem(_("The statistics could not be saved."), exc)
                return

    def play_again(self) -> None:
        """A new game with the same seats and options (a new deal number)."""
        session = self.session
        seed = (session.seed * 6364136223846793005 + 1442695040888963407) % (1 << 62)
        fresh = GameSession(session.game, session.options, seed, session.seats)
        self.app.scenes.clear_to("title")
        self.app.scenes.push("table", session=fresh)

    # == input ===================================================================================
    def ask_leave(self) -> None:
        def leave() -> None:
            self.autosave()
            self.app.scenes.clear_to("title")

        over = self.session.over
        self.app.scenes.push(
            "confirm",
            question=_("Leave the table?"),
            detail=_("The game is over.") if over else _(
                "The game is saved: Continue on the title screen resumes it."),
            on_yes=leave,
            yes=_("Leave"),
            no=_("Stay"),
        )

    def open_rules(self) -> None:
        self.app.scenes.push("rules", game_id=self.game.id)

    def toggle_log(self) -> None:
        self.log_open = not self.log_open

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and getattr(event, "unicode", "") == "?":
            self.advisor.ask()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.log_open:
                self.log_open = False
                return
            self.ask_leave()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            if self.drag is not None:
                self.carry(event.pos)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        released = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked and self.click_hud(event.pos):
            return
        if self.animating and (event.type == pygame.KEYDOWN or clicked) and not (
            self.answering()
        ):
            self.skip_animations()  # the input skips the animations; it is not lost elsewhere
            return
        if event.type == pygame.KEYDOWN and self.key(event.key):
            return
        if clicked and self.click_card(event.pos):
            return
        if released and self.drag is not None:
            self.release(event.pos)
            return
        if self.focus.handle(event):
            return
        if clicked:
            self.table_clicked(event.pos)

    def answering(self) -> bool:
        """A public window still waits for the player at the screen: their keys and clicks go
        to its buttons, even while other seats' answers are being shown."""
        moment = self.moment
        return bool(self.controls) and moment is not None and moment.moment.public and (
            moment.engine_open
        )

    def click_hud(self, pos: tuple[int, int]) -> bool:
        for button in self.hud_buttons:
            if button.rect.collidepoint(pos):
                button.activate()
                return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_r:
            self.open_rules()
            return True
        if key == pygame.K_l:
            self.toggle_log()
            return True
        if not self.controls:
            return False
        for widget in self.controls:  # a button's own key (its label shows the letter)
            if widget.hotkey == key and widget.enabled and widget.visible:
                widget.activate()
                return True
        return self.hotkey(key)

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card under the mouse."""
        for sprite in reversed(list(self.sprites.values())):
            if paint.card_rect(self, sprite).collidepoint(pos):
                return sprite
        return None

    def hover(self, pos: tuple[int, int]) -> None:
        under = self.sprite_at(pos)
        for sprite in self.sprites.values():
            sprite.hover = sprite is under and self.selectable(sprite.ref) and bool(self.controls)

    def click_card(self, pos: tuple[int, int]) -> bool:
        sprite = self.sprite_at(pos)
        if sprite is None or not self.controls or not self.selectable(sprite.ref):
            return False
        self.focus.keyboard = False  # a mouse player: the next Enter means the likeliest move
        if self.draggable(sprite.ref):
            x, y = paint.to_design(self.app, pos)
            self.drag = Drag(sprite.ref, pos, (x - sprite.pos[0], y - sprite.pos[1]))
            return True  # a click or a drag: the release tells
        self.card_clicked(sprite.ref)
        return True

    # -- drag and drop ---------------------------------------------------------------------------
    def dragged(self) -> CardSprite | None:
        """The card following the mouse, if one is carried."""
        drag = self.drag
        if drag is None or not drag.active:
            return None
        return self.sprites.get(drag.ref)

    def carry(self, pos: tuple[int, int]) -> None:
        """The mouse moved with a card pressed: past the threshold, the card follows it."""
        drag = self.drag
        if drag is None:
            return
        if drag.ref not in self.sprites or not self.controls:
            self.drag = None
            return
        if not drag.active:
            if not drag.carried(pos):
                return
            drag.active = True
            self.drag_started(drag.ref)
        x, y = paint.to_design(self.app, pos)
        self.sprites[drag.ref].motion.snap(x - drag.grab[0], y - drag.grab[1])

    def release(self, pos: tuple[int, int]) -> None:
        """The mouse button came up: a click where the card was pressed, else a drop."""
        drag, self.drag = self.drag, None
        if drag is None or drag.ref not in self.sprites or not self.controls:
            return
        if not drag.active:
            self.card_clicked(drag.ref)
            return
        target = self.drop_target(drag.ref, pos)
        if target is not None:
            self.card_dropped(drag.ref, target)
        self.place_sprites()  # the card glides from the mouse to its slot (new or old)

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
        paint.hud(self, surface)
        for widget in self.card_widgets:
            sprite = self.sprites.get(widget.ref)
            if sprite is not None:
                widget.rect = paint.card_rect(self, sprite)
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        paint.suggestion(self, surface)
        self.draw_over(surface)
        carried = self.dragged()
        if carried is not None:  # the carried card rides over everything but the log
            paint.card(self, surface, carried)
        if self.log_open:
            paint.log_panel(self, surface)


def humans_watching(scene: TableScene) -> bool:
    return bool(scene.session.human_seats)


def spot_side(scene: TableScene, seat: int) -> Side:
    return scene.spot(seat).side


def colour_for(points: int) -> tuple[int, int, int]:
    return theme.OK if points > 0 else (theme.DANGER if points < 0 else theme.WHITE)
