"""A monkey test over every registered table: random mouse and keyboard events across every scene.

For each table in the registry (``ui/tables``: tables registered later are covered without a
change here) the monkey starts on the title screen, opens that game's setup through New game, and
then sends random events. Half of the clicks aim at the controls of the scene on top (so it gets
somewhere: decisions, rules, settings, dialogs, hand-offs, other games); the rest land anywhere.
Checks: no exception, the scene stack is never empty (a quit restarts on a fresh title), and every
table's game stays valid: every card is there once, the replay re-executes to the same state, and
a seat asked to act has something legal.
"""

from __future__ import annotations

import itertools
import random
import time
import types

import pygame
import pytest
from table_helpers import ENTER, local, make_app, reset, skip_disk_flush, step

from nove_desktop.engine.replay import parse, run
from nove_desktop.session import GameSession
from nove_desktop.ui.app import MIN_H, MIN_W
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.tables import table_classes

SEED = 20_261
CHECK_EVERY = 400
KEYS = (
    [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT] * 3
    + [pygame.K_TAB] * 4
    + [pygame.K_RETURN] * 5
    + [pygame.K_SPACE] * 3
    + [pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_t, pygame.K_c] * 2
    + [pygame.K_j, pygame.K_n, pygame.K_g, pygame.K_k, pygame.K_r, pygame.K_l]
    + [pygame.K_BACKSPACE, pygame.K_KP_ENTER, pygame.K_PAGEUP, pygame.K_PAGEDOWN]
    + [pygame.K_HOME, pygame.K_END, pygame.K_0, pygame.K_7, pygame.K_a, pygame.K_z]
)
TEXTS = ["1", "42", "7", "a", "Zoë", "♥♠", "x" * 20, " ", "名前", "0099", "🙂", "-3", "\t"]


class Monkey:
    def __init__(self, app, rng) -> None:
        self.app = app
        self.rng = rng
        self.events = 0
        self.frames = 0
        self.restarts = 0
        self.scenes: dict[str, int] = {}
        self.sessions: dict[int, GameSession] = {}
        self.games: set[str] = set()
        self.checks = 0
        self.max_actions = 0

    # -- events ----------------------------------------------------------------------------------
    def targets(self, scene) -> list[pygame.Rect]:
        """Rectangles worth clicking on ``scene``: its enabled, visible controls."""
        focus = getattr(scene, "focus", None)
        widgets = list(focus.widgets) if focus is not None else []
        name = getattr(scene, "name", "")
        if isinstance(scene, TableScene):
            widgets += scene.hud_buttons
            if scene.controls and self.rng.random() < 0.85:
                widgets = [*scene.controls, *scene.card_widgets]  # play rather than leave
        if name == "confirm" and self.rng.random() < 0.7:
            widgets = [scene.no_button]  # stay, mostly
        if "setup" not in self.scenes and self.rng.random() < 0.6:
            # Until the monkey has been back to a setup screen, lean towards the way there (leave
            # the table, New game, then a game), so that the roam reaches it whatever the AI
            # threads' timing (without the table's part it missed setup 1 run in 3 or so).
            if name == "title":
                widgets = [b for b in scene.buttons if b is not scene.continue_button][:1]
            elif name == "choose_game":
                widgets = list(scene.game_buttons)
            elif name == "table_menu" and self.rng.random() < 0.5:
                widgets = [scene.leave_button]  # the way back to the title
            elif name == "confirm" and self.rng.random() < 0.5:
                widgets = [scene.yes_button]  # "Leave the table?" - yes
        if name == "setup" and self.rng.random() < 0.3:
            widgets = [k for k in scene.kinds if k.visible]  # humans and AIs (pass-and-play)
        rects = [w.rect for w in widgets if w.enabled and w.visible and w.rect.width > 0]
        track = getattr(scene, "track", None)
        if isinstance(track, pygame.Rect) and track.width > 0:
            rects.append(track)
        return rects

    def position(self) -> tuple[int, int]:
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

    def event(self) -> list[pygame.event.Event]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.18:
            return [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=self.position(), rel=(1, 1), buttons=(0, 0, 0)
                )
            ]
        if roll < 0.48:
            pos = self.position()
            button = rng.choice([1, 1, 1, 1, 1, 1, 2, 3, 4, 5])
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            return [down, up] if rng.random() < 0.8 else [down]
        if roll < 0.52:
            y = rng.choice([-3, -1, 1, 2])
            return [
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=y,
                    flipped=False,
                    precise_x=0.0,
                    precise_y=float(y),
                    which=0,
                    touch=False,
                )
            ]
        if roll < 0.56:
            return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        if roll < 0.563:
            w, h = rng.randint(MIN_W, 1600), rng.randint(MIN_H, 1000)
            return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)]
        if roll < 0.575:
            return [self.key(pygame.K_ESCAPE)]
        if roll < 0.59:
            return [
                pygame.event.Event(
                    pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="", scancode=0
                )
            ]
        return [self.key(rng.choice(KEYS))]

    def key(self, code: int) -> pygame.event.Event:
        mod = pygame.KMOD_LSHIFT if self.rng.random() < 0.1 else 0
        text = chr(code) if 32 <= code < 127 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)

    # -- running ---------------------------------------------------------------------------------
    def step(self, events: list[pygame.event.Event]) -> None:
        app = self.app
        app.step(events, self.rng.uniform(0.0, 0.05))
        self.frames += 1
        if not app.running:  # Quit: start again on a fresh title
            self.restarts += 1
            app.running = True
            reset(app, app.settings.animation_speed, app.settings.ai_pace)
            return
        assert len(app.stack) > 0, "the scene stack emptied itself"
        top = app.stack.top
        self.scenes[top.name] = self.scenes.get(top.name, 0) + 1
        for scene in app.stack:
            if isinstance(scene, TableScene):
                self.sessions[id(scene.session)] = local(scene.session)
                self.games.add(scene.session.game.id)

    def check_tables(self) -> None:
        for scene in self.app.stack:
            if isinstance(scene, TableScene):
                check_session(scene.session, self.app.registry)
                self.checks += 1
                self.max_actions = max(self.max_actions, len(local(scene.session).replay.actions))


def check_session(session, registry) -> None:
    game, state = session.game, local(session).state
    assert sorted(game.cards_in_play(state)) == sorted(game.full_deck(session.options))
    outcome = run(parse(local(session).replay.to_json()), registry)
    assert game.state_to_json(outcome.state) == game.state_to_json(state)
    for seat in session.to_act():
        assert session.legal(seat), "a seat is asked to act with nothing legal"


def open_setup(app, game_id: str) -> None:
    """Title -> New game -> the game's button (a click where it is drawn) -> its setup."""
    reset(app)
    step(app)
    title = app.stack.top
    new_game = next(b for b in title.buttons if b.label == "New game")
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=new_game.rect.center)])
    chooser = app.stack.top
    assert chooser.name == "choose_game"
    button = next(b for b in chooser.game_buttons if b.game_id == game_id)
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)])
    assert app.stack.top.name == "setup"


# (first event, animation speed, AI pace): mostly fast, a stretch at normal speed.
PHASES = [
    (0.0, "off", "instant"),
    (0.3, "fast", "instant"),
    (0.55, "normal", "fast"),
    (0.75, "off", "instant"),
]


def monkey_run(app, game_id: str, events: int, seed: int) -> Monkey:
    rng = random.Random(seed)
    monkey = Monkey(app, rng)
    open_setup(app, game_id)
    step(app, [ENTER])  # Start: a game of this table with the default seats
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session.game.id == game_id
    phases = list(PHASES)
    speed, pace = "off", "instant"
    block = -1
    while monkey.events < events:
        if phases and monkey.events >= phases[0][0] * events:
            _first, speed, pace = phases.pop(0)
        if monkey.events // 250 != block:  # the monkey may have changed them in Settings
            block = monkey.events // 250
            app.settings.animation_speed, app.settings.ai_pace = speed, pace
            app.settings.handoff = True
        batch: list[pygame.event.Event] = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            batch += monkey.event()
        before = monkey.events
        monkey.events += len(batch)
        monkey.step(batch)
        if rng.random() < 0.15:  # let time pass: animations, AI seats, windows
            for _ in range(rng.randint(1, 6)):
                monkey.step([])
        if monkey.events // CHECK_EVERY != before // CHECK_EVERY:
            monkey.check_tables()
    for session in monkey.sessions.values():
        check_session(session, app.registry)
    return monkey


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("monkey"), size=(MIN_W, MIN_H))
    yield application
    reset(application)
    pygame.quit()


def report(game_id: str, monkey: Monkey, seconds: float) -> None:
    finished = sum(1 for s in monkey.sessions.values() if s.over)
    print(
        f"\nmonkey at {game_id}: {monkey.events} events, {monkey.frames} frames in "
        f"{seconds:.1f} s; scenes {sorted(monkey.scenes)}; games {sorted(monkey.games)} "
        f"({len(monkey.sessions)} started, {finished} finished); restarts {monkey.restarts}; "
        f"checks {monkey.checks}; longest game {monkey.max_actions} actions"
    )


@pytest.fixture(autouse=True)
def quick_saves(monkeypatch):
    skip_disk_flush(monkeypatch)


@pytest.fixture(autouse=True)
def seeded_deals(monkeypatch):
    """Setup deals a random deal number from the clock when none is typed: here the numbers come
    from a counter, so every run of the monkey plays the same deals (a clock-chosen deal that
    ended the round in its very first frame once made the start check fail at random)."""
    import nove_desktop.ui.scenes.setup as setup_scene

    ticks = itertools.count(1)
    monkeypatch.setattr(
        setup_scene, "time", types.SimpleNamespace(time_ns=lambda: next(ticks) * 104_729)
    )


class _Offline:
    """Stands in for the network of Play online (server, client, announce, browse): it never
    answers, so the lobby waits and gives up after its timeout counted in frames. Real threads
    answer at moments of the wall clock, which would make the monkey's walk differ between runs.
    """

    problem = None
    ready = False
    port = None
    status = "connecting"
    token = None

    def __init__(self, *args, **kwargs) -> None:
        self.client = types.SimpleNamespace(room=None, token=None)

    def start(self, *args) -> None:
        pass

    def send(self, message) -> None:
        pass

    def poll(self, stop_at: str | None = None) -> list:
        return []

    def games(self) -> list:
        return []

    def update(self, free: int) -> None:
        pass

    def stop(self, *args, **kwargs) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture(autouse=True)
def online_offline(monkeypatch):
    """Play online is in the monkey's reach, without a network (tests/ui/test_online.py plays
    it for real)."""
    from nove_desktop.ui.scenes import join, lobby, online

    monkeypatch.setattr(online, "EmbeddedServer", _Offline)
    monkeypatch.setattr(lobby, "ThreadClient", _Offline)
    monkeypatch.setattr(lobby, "Announcer", _Offline)
    monkeypatch.setattr(join, "Browser", _Offline)


@pytest.mark.parametrize("game_id", list(table_classes()))
def test_monkey_at_every_table(app, game_id):
    started = time.perf_counter()
    monkey = monkey_run(app, game_id, 2_500, SEED + len(game_id))
    report(game_id, monkey, time.perf_counter() - started)
    assert game_id in monkey.games
    assert "table" in monkey.scenes and monkey.checks > 0
    assert monkey.max_actions > 0, "the monkey never played a move"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(table_classes()))
def test_long_monkey_at_every_table(app, game_id):
    started = time.perf_counter()
    monkey = monkey_run(app, game_id, 8_000, SEED * 7 + len(game_id))
    report(game_id, monkey, time.perf_counter() - started)
    for name in ("title", "setup", "table", "rules"):
        assert name in monkey.scenes, f"the monkey never reached {name}"
    assert monkey.max_actions > 20
