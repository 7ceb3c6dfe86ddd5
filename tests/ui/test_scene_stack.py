"""The scene stack's lifecycle and App.step's routing, with fake scenes that record every call."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scene import Scene, SceneStack

FRAME = 1 / 60


class Fake(Scene):
    """Records ``(name, hook, ...)`` in a shared log; optionally runs a callback on an event."""

    def __init__(self, app, name, log, overlay=False, on_event=None):
        super().__init__(app)
        self.name = name
        self.log = log
        self.overlay = overlay
        self.on_event = on_event
        self.events = []
        self.updates = []
        self.draws = 0
        self.layouts = 0

    def enter(self):
        self.log.append((self.name, "enter"))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle_event(self, event):
        self.events.append(event)
        self.log.append((self.name, "event", event.type))
        if self.on_event is not None:
            self.on_event(event)

    def update(self, dt):
        self.updates.append(dt)
        self.log.append((self.name, "update"))

    def draw(self, surface):
        self.draws += 1
        self.log.append((self.name, "draw"))

    def layout(self):
        self.layouts += 1


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1024, 640))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def clean(app):
    while len(app.stack):
        app.stack.pop()
    app.running = True
    app.toasts.clear()
    yield
    while len(app.stack):
        app.stack.pop()
    app.running = True


@pytest.fixture
def log():
    return []


@pytest.fixture
def make(app, log):
    def build(name, overlay=False, on_event=None):
        return Fake(app, name, log, overlay, on_event)

    return build


def names(stack):
    return [scene.name for scene in stack]


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# -- lifecycle ------------------------------------------------------------------------------------
def test_push_pauses_the_old_top_then_enters_the_new_one(make, log):
    stack = SceneStack()
    a, b, c = make("a"), make("b"), make("c")
    stack.push(a)
    assert log == [("a", "enter")]
    stack.push(b)
    stack.push(c)
    assert log == [
        ("a", "enter"),
        ("a", "pause"),
        ("b", "enter"),
        ("b", "pause"),
        ("c", "enter"),
    ]
    assert stack.top is c and len(stack) == 3 and names(stack) == ["a", "b", "c"]


def test_pop_exits_the_top_then_resumes_the_new_top(make, log):
    stack = SceneStack()
    a, b = make("a"), make("b")
    stack.push(a)
    stack.push(b)
    log.clear()
    assert stack.pop() is b
    assert log == [("b", "exit"), ("a", "resume")]
    log.clear()
    assert stack.pop() is a
    assert log == [("a", "exit")]  # nothing left to resume
    assert stack.top is None and len(stack) == 0
    assert stack.pop() is None  # popping an empty stack is harmless
    assert log == [("a", "exit")]


def test_replace_swaps_the_top_without_resuming_the_scene_below(make, log):
    stack = SceneStack()
    a, b, c = make("a"), make("b"), make("c")
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.replace(c)
    assert log == [("b", "exit"), ("c", "enter")]
    assert names(stack) == ["a", "c"]
    log.clear()
    empty = SceneStack()
    empty.replace(b)
    assert log == [("b", "enter")] and names(empty) == ["b"]


def test_clear_to_exits_every_scene_from_the_top_down(make, log):
    stack = SceneStack()
    a, b, c, d = make("a"), make("b"), make("c"), make("d")
    for scene in (a, b, c):
        stack.push(scene)
    log.clear()
    stack.clear_to(d)
    assert log == [("c", "exit"), ("b", "exit"), ("a", "exit"), ("d", "enter")]
    assert names(stack) == ["d"]


def test_remove_a_scene_below_the_top_only_exits_it(make, log):
    stack = SceneStack()
    a, b, c = make("a"), make("b"), make("c")
    for scene in (a, b, c):
        stack.push(scene)
    log.clear()
    stack.remove(b)
    assert log == [("b", "exit")]
    assert names(stack) == ["a", "c"] and stack.top is c


def test_remove_the_top_is_a_pop(make, log):
    stack = SceneStack()
    a, b = make("a"), make("b")
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.remove(b)
    assert log == [("b", "exit"), ("a", "resume")]
    assert names(stack) == ["a"]


def test_remove_a_scene_not_on_the_stack_does_nothing(make, log):
    stack = SceneStack()
    a, stranger = make("a"), make("x")
    stack.push(a)
    log.clear()
    stack.remove(stranger)
    stack.remove(stranger)
    assert log == [] and names(stack) == ["a"]


def test_each_scene_is_exited_exactly_once(make, log):
    stack = SceneStack()
    scenes = [make(str(i)) for i in range(6)]
    stack.push(scenes[0])
    stack.push(scenes[1])
    stack.replace(scenes[2])
    stack.push(scenes[3])
    stack.remove(scenes[0])
    stack.push(scenes[4])
    stack.pop()
    stack.clear_to(scenes[5])
    stack.pop()
    for scene in scenes:
        assert log.count((scene.name, "enter")) == 1, scene.name
        assert log.count((scene.name, "exit")) == 1, scene.name


def test_iterating_is_a_snapshot(make):
    stack = SceneStack()
    a, b = make("a"), make("b")
    stack.push(a)
    stack.push(b)
    seen = []
    for scene in stack:  # the loop may change the stack (App._relayout does)
        seen.append(scene.name)
        stack.remove(scene)
    assert seen == ["a", "b"] and len(stack) == 0


# -- visible ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("layers", "expected"),
    [
        ([], []),
        (["A"], ["A"]),
        (["A", "B"], ["B"]),
        (["A", "b"], ["A", "b"]),
        (["A", "b", "c"], ["A", "b", "c"]),
        (["A", "B", "c"], ["B", "c"]),
        (["A", "b", "C"], ["C"]),
        (["a", "b"], ["a", "b"]),
        (["A", "b", "C", "d", "e"], ["C", "d", "e"]),
    ],
)
def test_visible_draws_overlays_over_the_scenes_below_down_to_the_first_opaque_one(
    make, layers, expected
):
    """Upper case: an opaque scene; lower case: an overlay."""
    stack = SceneStack()
    for name in layers:
        stack.push(make(name, overlay=name.islower()))
    assert [scene.name for scene in stack.visible()] == expected


# -- App.step -------------------------------------------------------------------------------------
def test_step_routes_events_to_the_top_scene_only(app, make):
    base, middle, top = make("base"), make("middle", overlay=True), make("top", overlay=True)
    for scene in (base, middle, top):
        app.stack.push(scene)
    events = [
        key(pygame.K_a),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(1, 1), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.TEXTINPUT, text="x"),
    ]
    app.step(events, 0.02)
    assert [e.type for e in top.events] == [e.type for e in events]
    assert base.events == [] and middle.events == []


def test_step_updates_only_the_top_scene_and_draws_the_visible_ones_bottom_first(app, make, log):
    below, base, overlay = make("below"), make("base"), make("overlay", overlay=True)
    for scene in (below, base, overlay):
        app.stack.push(scene)
    log.clear()
    app.step([key(pygame.K_x)], 0.03)
    assert overlay.updates == [0.03] and base.updates == [] and below.updates == []
    assert log == [
        ("overlay", "event", pygame.KEYDOWN),
        ("overlay", "update"),
        ("base", "draw"),
        ("overlay", "draw"),
    ]
    assert below.draws == 0  # hidden under an opaque scene


def test_each_event_goes_to_the_top_at_the_time_it_arrives(app, make, log):
    base = make("base")
    pushed = make("pushed")
    first = make("first", on_event=lambda event: app.stack.push(pushed))
    app.stack.push(base)
    app.stack.push(first)
    app.step([key(pygame.K_1), key(pygame.K_2), key(pygame.K_3)], FRAME)
    assert [e.key for e in first.events] == [pygame.K_1]
    assert [e.key for e in pushed.events] == [pygame.K_2, pygame.K_3]
    assert pushed.updates == [FRAME] and first.updates == []


def test_quit_stops_the_frame(app, make):
    scene = make("only")
    app.stack.push(scene)
    app.step([pygame.event.Event(pygame.QUIT), key(pygame.K_a)], FRAME)
    assert not app.running
    assert scene.events == [] and scene.updates == [] and scene.draws == 0


def test_window_events_are_the_apps_and_re_layout_every_scene(app, make):
    a, b = make("a"), make("b", overlay=True)
    app.stack.push(a)
    app.stack.push(b)
    try:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))], FRAME)
        assert app.size == (1100, 700)
        assert a.layouts == b.layouts == 1
        # Never below the minimum size.
        app.step([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=200)], FRAME)
        assert app.size == (1024, 640)
        assert a.layouts == b.layouts == 2
        assert a.events == [] and b.events == []
    finally:
        app._resized(1024, 640)


def test_f11_is_the_apps_and_is_not_routed(app, make):
    scene = make("only")
    app.stack.push(scene)
    before = app.fullscreen
    app.step([key(pygame.K_F11)], FRAME)
    app.step([key(pygame.K_F11)], FRAME)
    assert app.fullscreen == before
    assert scene.events == []
    assert scene.layouts >= 2


def test_a_step_with_an_empty_stack_is_harmless(app):
    app.step([key(pygame.K_a)], FRAME)
    assert app.running


def test_toasts_expire_with_time(app, make):
    app.stack.push(make("only"))
    app.notify("hello", seconds=0.1)
    app.notify("again", error=True, seconds=1.0)
    app.notify("hello", seconds=0.1)  # the same text is not shown twice
    assert [t.text for t in app.toasts] == ["again", "hello"]
    app.step([], 0.05)
    assert [t.text for t in app.toasts] == ["again", "hello"]
    app.step([], 0.06)
    assert [t.text for t in app.toasts] == ["again"]
    app.step([], 1.0)
    assert app.toasts == []
