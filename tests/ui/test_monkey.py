"""A monkey test: 20,000+ random mouse and keyboard events across every scene, from the title.

Half of the clicks aim at the controls of the scene on top (so the monkey gets somewhere: new
games, tables, rules, settings, dialogs, hand-offs); the rest land anywhere. Checks: no exception,
the stack is never empty (a quit restarts the app on a fresh title), and every table's game is
valid: the cards are all there once and the session's replay re-executes to the same state.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random
import time

import pygame
import pytest

from nove_desktop.engine.replay import parse, run
from nove_desktop.storage import Storage
from nove_desktop.ui.app import MIN_H, MIN_W, App
from nove_desktop.ui.scenes.dialog import ConfirmDialog
from nove_desktop.ui.scenes.handoff import HandoffScene
from nove_desktop.ui.scenes.setup import SetupScene
from nove_desktop.ui.scenes.summary import GameOverScene
from nove_desktop.ui.scenes.table_nove import NoveTableScene
from nove_desktop.ui.scenes.title import TitleScene

EVENTS = 20_000
CHECK_EVERY = 500
SEED = 20_261

# (first event, animation speed, AI pace): most of the run fast, a stretch at normal speed.
PHASES = [
    (0, "off", "instant"),
    (5_000, "fast", "instant"),
    (10_000, "normal", "fast"),
    (13_000, "off", "instant"),
    (17_000, "fast", "instant"),
]

KEYS = (
    [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT] * 3
    + [pygame.K_TAB] * 4
    + [pygame.K_RETURN] * 5
    + [pygame.K_SPACE] * 3
    + [pygame.K_h, pygame.K_s] * 3
    + [pygame.K_j, pygame.K_n, pygame.K_r, pygame.K_BACKSPACE, pygame.K_KP_ENTER]
    + [pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END]
    + [pygame.K_0 + d for d in range(10)]
    + [pygame.K_a, pygame.K_z]
)
TEXTS = ["1", "42", "7", "a", "Zoë", "♥♠", "x" * 20, " ", "名前", "0099", "🙂", "-3", "\t"]


class Monkey:
    def __init__(self, app, rng):
        self.app = app
        self.rng = rng
        self.events = 0
        self.frames = 0
        self.restarts = 0
        self.scenes: dict[str, int] = {}
        self.sessions: dict[int, object] = {}
        self.finished: set[int] = set()
        self.handoffs: set[int] = set()
        self.checks = 0
        self.max_actions = 0

    # -- events -----------------------------------------------------------------------------------
    def targets(self, scene):
        """Rectangles worth clicking on ``scene``: its enabled, visible controls."""
        focus = getattr(scene, "focus", None)
        widgets = list(focus.widgets) if focus is not None else []
        if isinstance(scene, NoveTableScene):
            for extra in (scene.menu_button, scene.rules_button):
                if extra not in widgets:
                    widgets.append(extra)
            if scene.buttons and self.rng.random() < 0.85:
                widgets = list(scene.buttons)  # play rather than leave, mostly
        if isinstance(scene, ConfirmDialog) and self.rng.random() < 0.7:
            widgets = [scene.no_button]  # stay at the table, mostly
        if isinstance(scene, SetupScene) and self.rng.random() < 0.3:
            widgets = [k for k in scene.kinds if k.visible]  # humans and AIs (pass-and-play)
        rects = [w.rect for w in widgets if w.enabled and w.visible and w.rect.width > 0]
        for name in ("track", "table"):
            rect = getattr(scene, name, None)
            if isinstance(rect, pygame.Rect) and rect.width > 0:
                rects.append(rect)
        return rects

    def position(self):
        w, h = self.app.size
        top = self.app.stack.top
        rects = self.targets(top) if top is not None else []
        if rects and self.rng.random() < 0.5:
            rect = self.rng.choice(rects)
            return (
                self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        return (self.rng.randrange(w), self.rng.randrange(h))

    def event(self):
        rng = self.rng
        roll = rng.random()
        if roll < 0.18:
            pos = self.position()
            return pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                buttons=(int(rng.random() < 0.1), 0, 0),
            )  # fmt: skip
        if roll < 0.48:
            pos = self.position()
            button = rng.choice([1, 1, 1, 1, 1, 1, 2, 3, 4, 5])
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            return [down, up] if rng.random() < 0.8 else [down]
        if roll < 0.52:
            y = rng.choice([-3, -1, 1, 2])
            return pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y),
                which=0, touch=False,
            )  # fmt: skip
        if roll < 0.56:
            return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        if roll < 0.563:
            return self.resize()
        if roll < 0.5635:
            return self.key(pygame.K_F11)
        if roll < 0.575:
            return self.key(pygame.K_ESCAPE)
        if roll < 0.59:
            return pygame.event.Event(
                pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="", scancode=0
            )
        return self.key(rng.choice(KEYS))

    def key(self, k):
        mod = pygame.KMOD_LSHIFT if self.rng.random() < 0.1 else 0
        text = chr(k) if 32 <= k < 127 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)

    def resize(self):
        w = self.rng.randint(MIN_W, 1600)
        h = self.rng.randint(MIN_H, 1000)
        if self.rng.random() < 0.5:
            return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)

    # -- running ----------------------------------------------------------------------------------
    def step(self, events):
        app = self.app
        app.step(events, self.rng.uniform(0.0, 0.05))
        self.frames += 1
        if not app.running:  # Quit, or Esc on the title: start again
            self.restarts += 1
            while len(app.stack):
                app.stack.pop()
            app.running = True
            app.stack.push(TitleScene(app))
            return
        assert len(app.stack) > 0, "the scene stack emptied itself"
        self.observe()

    def observe(self):
        top = self.app.stack.top
        self.scenes[top.name] = self.scenes.get(top.name, 0) + 1
        if isinstance(top, HandoffScene):
            self.handoffs.add(id(top))
        for scene in self.app.stack:
            if isinstance(scene, NoveTableScene):
                session = scene.session
                self.sessions[id(session)] = session
                if session.over:
                    self.finished.add(id(session))
        if isinstance(top, GameOverScene):
            self.finished.add(id(top))

    def check_tables(self):
        for scene in self.app.stack:
            if isinstance(scene, NoveTableScene):
                check_session(scene.session, self.app.registry)
                self.checks += 1
                self.max_actions = max(self.max_actions, len(scene.session.replay.actions))


def check_session(session, registry):
    game, state = session.game, session.state
    assert sorted(game.cards_in_play(state)) == sorted(game.full_deck(session.options))
    outcome = run(parse(session.replay.to_json()), registry)
    assert game.state_to_json(outcome.state) == game.state_to_json(state)
    decider = session.decider()
    if decider is not None:
        assert session.legal(decider), "a seat is asked to act with nothing legal"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(MIN_W, MIN_H))
    yield application
    while len(application.stack):
        application.stack.pop()
    pygame.quit()


def test_monkey(app):
    rng = random.Random(SEED)
    monkey = Monkey(app, rng)
    app.stack.push(TitleScene(app))
    app.step([], 1 / 60)
    phases = list(PHASES)
    reset = -1
    started = time.perf_counter()
    while monkey.events < EVENTS:
        if phases and monkey.events >= phases[0][0]:
            _first, speed, pace = phases.pop(0)
        if monkey.events // 250 != reset:  # the monkey may have changed them in Settings
            reset = monkey.events // 250
            app.settings.animation_speed, app.settings.ai_pace = speed, pace
            app.settings.handoff = True
        batch = []  # one to three events in a frame, as pygame.event.get() gives them
        for _ in range(rng.choice([1, 1, 2, 3])):
            made = monkey.event()
            batch += made if isinstance(made, list) else [made]
        monkey.events += len(batch)
        monkey.step(batch)
        if rng.random() < 0.15:  # let time pass: animations, AI seats
            for _ in range(rng.randint(1, 4)):
                monkey.step([])
        if monkey.events // CHECK_EVERY != (monkey.events - len(batch)) // CHECK_EVERY:
            monkey.check_tables()
    for session in monkey.sessions.values():
        check_session(session, app.registry)
    elapsed = time.perf_counter() - started
    visited = sorted(monkey.scenes)
    print(
        f"\nmonkey: {monkey.events} events, {monkey.frames} frames in {elapsed:.1f} s; "
        f"scenes visited {visited}; games started {len(monkey.sessions)}, "
        f"finished {len({id(s) for s in monkey.sessions.values() if s.over})}; "
        f"hand-offs {len(monkey.handoffs)}; restarts {monkey.restarts}; "
        f"table checks {monkey.checks}; longest game {monkey.max_actions} actions"
    )
    assert monkey.events >= EVENTS
    # The monkey got around: the main scenes were reached, and games were played.
    for name in ("title", "choose_game", "setup", "table", "rules", "settings"):
        assert name in monkey.scenes, f"the monkey never reached {name}"
    assert monkey.sessions, "no game was started"
    assert monkey.checks > 0
