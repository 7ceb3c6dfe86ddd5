"""What each frame shows, judged against who may be looking: the pass-and-play privacy checker.

Instrumentation (per frame): every card face drawn (``app.art.face``), every text drawn (the
table's ``fitted`` text, the menus' ``common.rendered`` and every font's ``render``), the seat whose
plate is being drawn (``paint.plate``) and the card a badge is drawn on (``table.decorate``).

Who is at the screen comes from the hand-off confirmations alone, never from the table's own
idea of its viewer: nobody before the first confirmation; the confirming seat after each one;
nobody while a hand-off screen is up, once a public window is on screen (its "Go on" button is
drawn) or once a new round has started to play, until the next confirmation.

What that person may see is read from the engine (``game.hidden_cards``) at *screen time*: the
table animates events after the engine has moved on, so every applied action's state is kept
and the frame is judged against the state of the last event the table has played (within a
batch that starts a new round, the state before it until the round's start has played), plus
every card the played events showed to everyone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
from table_helpers import local

from nove_desktop.session import GameSession
from nove_desktop.ui.scenes import common
from nove_desktop.ui.table import hud, paint
from nove_desktop.ui.table import text as text_module
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.tables.kael import draw as kael_draw
from nove_desktop.ui.tables.nove import draw as nove_draw

HAND_TEXT = re.compile(r"\bhand -?\d")


class FontRecorder:
    """A font whose ``render`` is recorded (everything else is the real font's)."""

    def __init__(self, font: pygame.font.Font, texts: list[str]) -> None:
        self._font = font
        self._texts = texts

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        self._texts.append(str(text))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


class FontsRecorder:
    def __init__(self, fonts: Any, texts: list[str]) -> None:
        self._fonts = fonts
        self._texts = texts

    def get(self, size: int, bold: bool = False) -> Any:
        return FontRecorder(self._fonts.get(size, bold), self._texts)


class Knowledge:
    """What each seat may know at one moment of the game (a snapshot of the engine)."""

    def __init__(self, session: GameSession) -> None:
        game, state = session.game, session.state
        deck = frozenset(game.full_deck(session.options))
        self.known = [deck - game.hidden_cards(state, seat) for seat in range(len(session.seats))]
        self.public = frozenset.intersection(*self.known)
        self.hands = [frozenset(hand) for hand in getattr(state, "hands", [])]

    def allowed(self, seat: int | None) -> frozenset[str]:
        return self.public if seat is None else self.known[seat]


class Batch:
    """The events of one applied action, with the knowledge before and after it."""

    def __init__(self, before: Knowledge, after: Knowledge, events: list[Any]) -> None:
        self.before = before
        self.after = after
        self.events = events
        kinds = [event.kind for event in events]
        self.round_start = kinds.index("round_start") if "round_start" in kinds else None


class Watcher:
    """Records each frame and judges it; ``violations`` lists what was shown to wrong eyes."""

    def __init__(self, app: Any, monkeypatch: Any) -> None:
        self.app = app
        self.faces: list[tuple[str, str]] = []  # (card, how: "face" or "badge")
        self.texts: list[str] = []
        self.plate_texts: list[tuple[int, str]] = []
        self.plate: int | None = None
        self.at: int | None = None  # who is at the screen (from the confirmations alone)
        self.table: TableScene | None = None
        self.session: GameSession | None = None
        self.batches: list[Batch] = []
        self.tags: dict[int, tuple[int, int]] = {}  # id(event) -> (batch, position)
        self.screen: tuple[int, int] = (0, 0)  # the last event played: (batch, position)
        self.shown_public: set[str] = set()  # cards the played events showed to everyone
        self.violations: list[str] = []
        self.frames = 0
        self.handoff_frames = 0
        self.confirmations = 0
        self.table_faces = 0
        self.window_frames = 0
        self.hand_texts = 0
        self._install(monkeypatch)

    # -- instrumentation -------------------------------------------------------------------------
    def _install(self, monkeypatch: Any) -> None:
        original_face = self.app.art.face

        def face(card: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.faces.append((card, "face"))
            return original_face(card, *args, **kwargs)

        monkeypatch.setattr(self.app.art, "face", face)
        monkeypatch.setattr(self.app, "fonts", FontsRecorder(self.app.fonts, self.texts))
        fitted = text_module.fitted

        def recorded_fitted(app: Any, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.texts.append(text)
            if self.plate is not None:
                self.plate_texts.append((self.plate, text))
            return fitted(app, text, *args, **kwargs)

        for module in (text_module, paint, hud, nove_draw, kael_draw):
            monkeypatch.setattr(module, "fitted", recorded_fitted)
        rendered = common.rendered

        def recorded_rendered(app: Any, value: str, *args: Any, **kwargs: Any) -> Any:
            self.texts.append(value)
            return rendered(app, value, *args, **kwargs)

        monkeypatch.setattr(common, "rendered", recorded_rendered)
        plate = paint.plate

        def recorded_plate(scene: Any, surface: Any, seat: int) -> None:
            # A plate is drawn once per look and then blitted from a cache, so its words are
            # read from the scene for every frame it is shown, not only when they are rendered.
            shown = [scene.score_text(seat), *scene.seat_tags(seat)]
            self.texts.extend(shown)
            self.plate_texts.extend((seat, text) for text in shown)
            self.plate = seat
            try:
                plate(scene, surface, seat)
            finally:
                self.plate = None

        monkeypatch.setattr(paint, "plate", recorded_plate)

    def follow(self, table: TableScene) -> None:
        """Watch ``table``: its session's actions and the events it plays."""
        self.table = table
        session = self.session = local(table.session)
        now = Knowledge(session)
        self.batches = [Batch(now, now, list(session.opening_events))]
        self.tags = {id(event): (0, i) for i, event in enumerate(session.opening_events)}
        self.screen = (0, len(session.opening_events) if not session.opening_events else 0)
        apply = session.apply

        def logged(seat: int, action: Any) -> list[Any]:
            before = Knowledge(session)
            events = apply(seat, action)
            index = len(self.batches)
            self.batches.append(Batch(before, Knowledge(session), list(events)))
            for position, event in enumerate(events):
                self.tags[id(event)] = (index, position)
            return events

        session.apply = logged  # type: ignore[method-assign]  # watched: wrapped in place
        process = table.process

        def played(raw: Any) -> bool:
            where = self.tags.get(id(raw))
            if where is not None:
                if where[0] != self.screen[0]:
                    self.shown_public = set()
                self.screen = where
                public = raw.for_seat(None)
                if public is not None:
                    self.shown_public |= cards_in(public.data)
            if raw.kind == "round_start":
                self.at = None  # a new round is dealt face down until the next hand-off
            return process(raw)

        table.process = played  # type: ignore[method-assign]  # watched: wrapped in place
        decorate = table.decorate

        def decorated(surface: Any, sprite: Any, rect: Any) -> None:
            before = len(self.texts)
            decorate(surface, sprite, rect)
            if len(self.texts) > before:  # a badge says something about this card
                self.faces.append((sprite.card or f"face-down {sprite.ref}", "badge"))

        table.decorate = decorated  # type: ignore[method-assign]  # watched: wrapped in place

    # -- the people at the screen ----------------------------------------------------------------
    def seat_named(self, name: str) -> int:
        assert self.session is not None
        return [seat.name for seat in self.session.seats].index(name)

    def confirmed(self, name: str) -> None:
        """The driver confirmed the hand-off to ``name``: that person is now at the screen."""
        self.at = self.seat_named(name)
        self.confirmations += 1

    # -- frames ----------------------------------------------------------------------------------
    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame (events, update, draw), recorded and judged."""
        top = self.app.stack.top
        handoff = getattr(top, "name", "") == "handoff"
        del self.faces[:], self.texts[:], self.plate_texts[:]
        self.app.step(events, dt)
        if handoff and top not in self.app.stack:
            self.confirmed(top.player)
        self.frames += 1
        self.judge()

    def redraw(self) -> None:
        """Draw the current frame again (after a test changed something) and judge it."""
        del self.faces[:], self.texts[:], self.plate_texts[:]
        self.app.draw()
        self.frames += 1
        self.judge()

    def knowledge(self) -> tuple[Knowledge, set[str]]:
        """What the seats may know at screen time, and the cards shown to all since."""
        batch_index, position = self.screen
        batch = self.batches[batch_index]
        later = self.batches[batch_index + 1 :]
        if position >= len(batch.events) - 1 and not any(b.events for b in later):
            return self.batches[-1].after, self.shown_public  # everything has played: now
        if batch.round_start is not None and position < batch.round_start:
            return batch.before, self.shown_public
        if batch.round_start is not None:
            return batch.after, self.shown_public
        return merged(batch.before, batch.after), self.shown_public

    def judge(self) -> None:
        table = self.table
        if table is None:
            return
        top = self.app.stack.top
        if getattr(top, "name", "") == "handoff":
            self.handoff_frames += 1
            self.at = None  # the previous player has left the screen
        elif "Go on" in self.texts:
            self.window_frames += 1
            self.at = None  # a public window: everybody looks
        known, shown = self.knowledge()
        allowed = known.allowed(self.at) | shown
        for card, how in self.faces:
            if table in self.app.stack.visible() or how == "badge":
                self.table_faces += how == "face"
            if card not in allowed:
                holders = [s for s, hand in enumerate(known.hands) if card in hand]
                self.violations.append(
                    f"frame {self.frames}: {how} {card} (held by {holders}) shown while "
                    f"{'nobody' if self.at is None else f'seat {self.at}'} is at the screen "
                    f"(top: {getattr(top, 'name', '')})"
                )
        for seat, text in self.plate_texts:
            if not HAND_TEXT.search(text):
                continue
            self.hand_texts += 1
            hand = known.hands[seat] if seat < len(known.hands) else frozenset()
            if seat != self.at and not hand <= (known.public | shown):
                self.violations.append(
                    f"frame {self.frames}: {text!r} on seat {seat}'s plate while "
                    f"{'nobody' if self.at is None else f'seat {self.at}'} is at the screen"
                )


def merged(first: Knowledge, second: Knowledge) -> Knowledge:
    """Knowledge while one action's events play: what a seat knew before it or knows after it
    (a card it gave away is still shown leaving; a card it drew is shown arriving)."""
    out = Knowledge.__new__(Knowledge)
    out.known = [a | b for a, b in zip(first.known, second.known, strict=True)]
    out.public = first.public | second.public
    out.hands = [a | b for a, b in zip(first.hands, second.hands, strict=False)]
    return out


def cards_in(value: Any) -> set[str]:
    """Every string inside an event's data (card ids among them)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    return found


def drive(
    app: Any,
    watcher: Watcher,
    table: TableScene,
    rng: Any,
    dt: float,
    frames: int,
    enter: Callable[[], pygame.event.Event],
    stop: Callable[[], bool] = lambda: False,
) -> int:
    """Play pass-and-play: confirm hand-offs after a look, close summaries, decide for the
    human at the screen (a random legal action, as through the controls). Returns decisions."""
    decisions = 0
    looked = 0
    session = table.session
    for _ in range(frames):
        if stop():
            break
        top = app.stack.top
        name = getattr(top, "name", "")
        events: list[pygame.event.Event] = []
        if name == "game_over":
            break
        if name == "handoff":
            looked += 1
            if looked > 2:  # look at the hand-off screen for a few frames, then confirm
                looked = 0
                events = (
                    [enter()]
                    if rng.random() < 0.5
                    else [
                        pygame.event.Event(
                            pygame.MOUSEBUTTONDOWN, button=1, pos=top.ready.rect.center
                        )
                    ]
                )
        elif name == "round_summary":
            events = [enter()]
        elif top is table and table.controls and not table.animating:
            acting = [s for s in session.to_act() if session.is_human(s)]
            if acting and rng.random() < 0.3:
                seat = (
                    acting[0]
                    if table.viewer is None
                    else (table.viewer if table.viewer in acting else acting[0])
                )
                table.act(rng.choice(session.legal(seat)), seat)
                decisions += 1
        watcher.step(events, dt)
    return decisions
