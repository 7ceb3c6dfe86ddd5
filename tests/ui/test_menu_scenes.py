"""Rules, settings, statistics and choose-game scenes, driven headless through App.step."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.choose_game import TABLES, ChooseGameScene
from nove_desktop.ui.scenes.rules import (
    BlockKind,
    RulesScene,
    Span,
    parse_rules,
    parse_spans,
    wrap_spans,
)
from nove_desktop.ui.scenes.settings import SettingsScene
from nove_desktop.ui.scenes.statistics import DASH, StatisticsScene

FRAME = 1 / 60


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1280, 720))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def clean(app):
    """Every test starts with an empty stack in a 1280x720 window."""
    while len(app.stack):
        app.stack.pop()
    app._resized(1280, 720)
    yield
    while len(app.stack):
        app.stack.pop()


def key(app, name, mod=0):
    event = pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode="", scancode=0)
    app.step([event], FRAME)


def push(app, scene):
    app.stack.push(scene)
    app.step([], FRAME)
    return scene


# -- the markup, without a window -----------------------------------------------------------------
def test_bold_spans_and_an_unmatched_marker():
    assert parse_spans("win **12 points** now") == (
        Span("win "),
        Span("12 points", True),
        Span(" now"),
    )
    assert parse_spans("a ** b") == (Span("a ** b"),)


def test_blocks_of_a_rules_text():
    text = "# Title\n\n## Goal\nfirst line\nsecond line\n\n- one\n- **two**\n\nend"
    blocks = parse_rules(text)
    assert [b.kind for b in blocks] == [
        BlockKind.TITLE,
        BlockKind.SECTION,
        BlockKind.PARAGRAPH,
        BlockKind.BULLET,
        BlockKind.BULLET,
        BlockKind.PARAGRAPH,
    ]
    assert blocks[2].text == "first line second line"
    assert blocks[4].spans == (Span("two", True),)


def test_wrap_keeps_bold_and_width():
    def measure(text, bold):
        return len(text) * (12 if bold else 10)

    spans = parse_spans("aaa bbb **ccc ddd** eee " + "x" * 30)
    lines = wrap_spans(spans, 100, measure)
    assert all(sum(measure(r.text, r.bold) for r in line) <= 100 for line in lines)
    texts = ["".join(r.text for r in line) for line in lines]
    assert texts == ["aaa bbb", "ccc ddd", "eee", "x" * 10, "x" * 10, "x" * 10]
    assert lines[1] == [Span("ccc ddd", True)]
    mixed = wrap_spans(parse_spans("**12** points."), 1000, measure)
    assert mixed == [[Span("12", True), Span(" points.")]]


# -- rules ----------------------------------------------------------------------------------------
def test_rules_scroll_to_the_end_and_back(app):
    scene = push(app, RulesScene(app, "nove"))
    assert scene.lines[0].text.startswith("NOVE")
    assert scene.max_scroll > 0
    key(app, pygame.K_DOWN)
    assert scene.scroll == scene.line_step
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll == scene.line_step + scene.page_step
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    assert scene.visible_lines()[-1] is scene.lines[-1]
    key(app, pygame.K_DOWN)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    assert scene.visible_lines()[0] is scene.lines[0]
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL,
        x=0,
        y=-1,
        flipped=False,
        precise_x=0.0,
        precise_y=-1.0,
        touch=False,
        which=0,
    )
    app.step([wheel], FRAME)
    assert scene.scroll == 3 * scene.line_step
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_rules_lines_fit_the_window(app):
    for size in ((1024, 640), (1920, 1080)):
        app._resized(*size)
        scene = push(app, RulesScene(app, "nove"))
        assert app.size == size
        right = max(scene.column_x + line.width for line in scene.lines)
        assert right <= scene.track.left
        assert len(scene.visible_lines()) < len(scene.lines)
        key(app, pygame.K_END)
        app.stack.pop()


def test_rules_keep_their_place_when_the_window_changes(app):
    scene = push(app, RulesScene(app, "nove"))
    key(app, pygame.K_END)
    app._resized(1920, 1080)
    app.step([], FRAME)
    assert scene.scroll == scene.max_scroll > 0


def test_missing_rules_show_a_message(app):
    scene = push(app, RulesScene(app, "no-such-game"))
    text = " ".join(line.text for line in scene.lines)
    assert "could not be opened" in text
    assert "missing" in text
    key(app, pygame.K_END)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_back_button_closes_rules(app):
    push(app, RulesScene(app, "nove"))
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert len(app.stack) == 0


# -- settings -------------------------------------------------------------------------------------
def test_settings_apply_and_persist(app):
    scene = push(app, SettingsScene(app))
    before = app.settings
    key(app, pygame.K_RIGHT)  # animation speed: normal -> fast
    assert app.settings.animation_speed == "fast"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # AI pace: normal -> slow
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # volume 70% -> 60%
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # sound on -> off
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # hand-off on -> off
    assert scene.focus.focused is scene.handoff
    assert before.animation_speed == "normal"  # replaced, not changed in place

    saved, problem = Storage(app.storage.root).load_settings()
    assert problem is None
    assert saved.animation_speed == "fast"
    assert saved.ai_pace == "slow"
    assert saved.volume == pytest.approx(0.6)
    assert saved.muted is True
    assert saved.handoff is False
    assert app.sounds.muted is True
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_settings_full_screen_round_trip(app):
    scene = push(app, SettingsScene(app))
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.fullscreen
    key(app, pygame.K_RIGHT)
    assert scene.fullscreen.value is app.fullscreen
    assert Storage(app.storage.root).load_settings()[0].fullscreen is app.fullscreen
    if app.fullscreen:
        key(app, pygame.K_RIGHT)
        assert app.fullscreen is False
        assert app.size == (1280, 720)
    assert Storage(app.storage.root).load_settings()[0].fullscreen is False


# -- statistics -----------------------------------------------------------------------------------
def test_statistics_show_dashes_then_numbers(app):
    scene = push(app, StatisticsScene(app))
    assert [row.title for row in scene.rows] == [game.title for game in app.registry]
    assert scene.rows[0].cells == (DASH, DASH, DASH, DASH)
    app.stack.pop()

    app.storage.record_result("nove", True, 14)
    app.storage.record_result("nove", False, 9)
    app.storage.record_result("nove", True, 12)
    scene = push(app, StatisticsScene(app))
    assert scene.rows[0].cells == ("3", "2", "67%", "14")
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_statistics_problem_is_shown(app):
    path = app.storage.path_of("statistics")
    path.write_text("not json", encoding="utf-8")
    push(app, StatisticsScene(app))
    assert any(toast.error and "statistics" in toast.text.lower() for toast in app.toasts)
    app.toasts.clear()


# -- choose game ----------------------------------------------------------------------------------
def test_choose_game_lists_nove(app):
    scene = push(app, ChooseGameScene(app))
    assert [b.game_id for b in scene.game_buttons] == [g.id for g in app.registry if g.id in TABLES]
    assert scene.game_buttons[0].label == "NOVE"
    assert "12 points" in scene.game_buttons[0].description
    assert scene.focus.focused is scene.game_buttons[0]
    key(app, pygame.K_RETURN)
    assert app.stack.top is not scene
    assert app.stack.top.name == "setup"
    app.stack.pop()
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


# -- every scene at other sizes -------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_scenes_render_at_other_sizes(app, size):
    scenes = [
        RulesScene(app, "nove"),
        SettingsScene(app),
        StatisticsScene(app),
        ChooseGameScene(app),
    ]
    for scene in scenes:
        app._resized(1280, 720)
        push(app, scene)
        app._resized(*size)
        key(app, pygame.K_TAB)
        app.step([], FRAME)
        assert app.size == size
        widgets = scene.focus.widgets
        assert all(app.screen.get_rect().contains(w.rect) for w in widgets)
        app.stack.pop()
