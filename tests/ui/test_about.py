"""The About panel (version, bundled software and licences) and how the title opens it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from nove_desktop.licenses import LicenceManifestError, bundled_components
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes import about as about_module
from nove_desktop.ui.scenes.about import AboutScene
from nove_desktop.ui.scenes.title import TitleScene
from nove_desktop.version import app_version

FRAME = 1 / 60


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1024, 640))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def clean(app):
    while len(app.stack):
        app.stack.pop()
    app._resized(1024, 640)
    yield
    while len(app.stack):
        app.stack.pop()


def key(app, name):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0)], FRAME)


def click(app, pos):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos, touch=False, window=None)
    app.step([down], FRAME)


def open_about(app) -> tuple[TitleScene, AboutScene]:
    title = TitleScene(app)
    app.stack.push(title)
    app.step([], FRAME)
    click(app, title.about_button.rect.center)
    about = app.stack.top
    assert isinstance(about, AboutScene)
    return title, about


def test_the_title_shows_the_version_and_opens_about_with_a_click(app):
    title, about = open_about(app)
    assert app_version() in title.version
    assert about.version == app_version()
    assert list(app.stack) == [title, about]


def test_about_is_reached_with_the_keyboard_and_closed_with_escape(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.step([], FRAME)
    for _ in range(len(title.buttons)):
        if title.focus.focused is title.about_button:
            break
        key(app, pygame.K_TAB)
    assert title.focus.focused is title.about_button
    key(app, pygame.K_RETURN)
    about = app.stack.top
    assert isinstance(about, AboutScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_about_button_stays_clear_of_the_menu(app, size):
    app._resized(*size)
    title = TitleScene(app)
    app.stack.push(title)
    title.continue_button.visible = True  # the longest column: a saved game to continue
    title.layout()
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(title.about_button.rect)
    for button in title.buttons:
        if button is not title.about_button:
            assert not button.rect.colliderect(title.about_button.rect)


def test_every_component_is_listed_with_its_licence(app):
    _title, about = open_about(app)
    text = " ".join(row.text for row in about.rows)
    for component in bundled_components():
        assert f"{component.name}: {component.licence}" in text
        for file in component.files:
            assert file in text
    assert about.problem is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_list_fits_the_panel_and_scrolls_to_its_end(app, size):
    app._resized(*size)
    _title, about = open_about(app)
    assert pygame.Rect((0, 0), app.size).contains(about.box)
    assert about.box.contains(about.view) and about.box.contains(about.close_button.rect)
    for row in about.rows:
        for x, _y, image in row.pieces:
            assert x + image.get_width() <= about.view.width, row.text
    assert about.max_scroll > 0  # thirty components do not fit: the panel scrolls
    assert about.visible_rows()[0] is about.rows[0]
    key(app, pygame.K_END)
    assert about.scroll == about.max_scroll
    assert about.visible_rows()[-1] is about.rows[-1]
    key(app, pygame.K_DOWN)
    assert about.scroll == about.max_scroll
    key(app, pygame.K_HOME)
    assert about.scroll == 0
    key(app, pygame.K_PAGEDOWN)
    assert about.scroll == about.page_step


def test_the_wheel_scrolls_three_lines(app):
    _title, about = open_about(app)
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
    assert about.scroll == 3 * about.line_step


def test_scroll_position_survives_a_resize(app):
    _title, about = open_about(app)
    key(app, pygame.K_END)
    app._resized(1920, 1080)
    app.step([], FRAME)
    assert about.scroll == about.max_scroll > 0


def test_close_button_closes(app):
    title, about = open_about(app)
    click(app, about.close_button.rect.center)
    assert app.stack.top is title


def test_an_unreadable_licence_list_is_explained(app, monkeypatch):
    def broken():
        raise LicenceManifestError("component 3 needs a 'name' and a 'licence'")

    monkeypatch.setattr(about_module, "bundled_components", broken)
    _title, about = open_about(app)
    assert about.components == ()
    text = " ".join(row.text for row in about.rows)
    assert "could not be read: component 3 needs a 'name'" in text
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, AboutScene)
