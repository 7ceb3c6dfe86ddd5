"""Where the keyboard's focus is, and that it shows: on arrival at New game (the last game
played) and Settings, back at the title on the item the player left from; a primary button
never looks like the focus (Enter presses the widget wearing the ring, and only that one)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import ENTER, key, make_app, reset, step

from nove_desktop.ui import theme
from nove_desktop.ui.widgets import Button


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("focus"))
    yield application
    reset(application)
    pygame.quit()


def label(scene):
    focused = scene.focus.focused
    return getattr(focused, "label", None), scene.focus.keyboard


def test_new_game_shows_the_focus_on_the_last_game_played(app):
    reset(app)
    app.settings.last_game = "nox"
    title = app.stack.top
    step(app)
    assert label(title) == ("New game", True)  # no saved game: New game, ring shown
    step(app, [ENTER])
    choose = app.stack.top
    assert choose.name == "choose_game"
    assert choose.focus.focused.game_id == "nox" and choose.focus.keyboard
    step(app, [key(pygame.K_DOWN)])
    assert choose.focus.focused.game_id == "banco"  # the game after the one shown, as seen


def test_settings_show_the_focus_on_arrival(app):
    reset(app)
    app.scenes.push("settings")
    settings = app.stack.top
    step(app)
    assert settings.focus.focused is settings.animation and settings.focus.keyboard


@pytest.mark.parametrize("item", ["Rules", "Settings", "Statistics", "New game"])
def test_back_at_the_title_the_focus_is_where_the_player_left(app, item):
    reset(app)
    title = app.stack.top
    step(app)
    for _ in range(len(title.buttons)):
        if label(title)[0] == item:
            break
        step(app, [key(pygame.K_DOWN)])
    step(app, [ENTER])
    assert app.stack.top is not title
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is title
    assert label(title) == (item, True)


def ring_pixels(fonts, primary, focused):
    surface = pygame.Surface((300, 120))
    surface.fill((0, 0, 0))
    button = Button("Go", lambda: None, primary=primary)
    button.rect = pygame.Rect(50, 30, 200, 60)
    button.draw(surface, fonts, focused, 1.0)
    outside = surface.get_at((button.rect.centerx, button.rect.top - 5))[:3]
    inside = surface.get_at((button.rect.x + 20, button.rect.centery))[:3]
    return outside, inside


def test_a_primary_button_does_not_look_focused(app):
    outside, inside = ring_pixels(app.fonts, primary=True, focused=False)
    assert outside == (0, 0, 0)  # nothing around it: no ring
    assert inside != theme.GOLD  # not a filled gold block
    ring, _inside = ring_pixels(app.fonts, primary=False, focused=True)
    assert ring != (0, 0, 0)  # the focus: a ring around the button


def test_the_focus_ring_on_a_card_shows_above_a_hints_outline(app):
    from table_helpers import AI, open_table, session_for, settle

    from nove_desktop.ui.table.basics import CardWidget

    reset(app)
    table = open_table(app, session_for(app, "kael", ["human", AI, AI]))
    settle(app, table, 0)
    step(app, [key(pygame.K_TAB)])
    focused = table.focus.focused
    assert isinstance(focused, CardWidget) and table.focus.keyboard
    table.advisor.text = "Lay it"  # a hint outlines the very card that has the focus
    table.suggested_refs = {focused.ref}
    step(app)
    rect = focused.rect
    outline = rect.inflate(app.s(8), app.s(8))  # where the hint's green outline runs
    assert app.screen.get_at((rect.centerx, outline.top))[:3] == theme.OK  # the hint shows
    ring_top = rect.inflate(app.s(10), app.s(10)).top - max(3, int(4 * app.scale))
    assert app.screen.get_at((rect.centerx, ring_top + 1))[:3] == theme.WHITE  # and the focus


def test_new_game_arrows_move_as_the_page_looks(app):
    """Games in one column, their Learn to play beside them: Down goes to the next game,
    Right to the game's Learn to play, Down there to the next game's, Left back to the game."""
    reset(app)
    app.settings.last_game = "nove"
    app.scenes.push("choose_game")
    choose = app.stack.top
    step(app)
    games, learns = choose.game_buttons, choose.learn_buttons
    assert choose.focus.focused is games[0]
    step(app, [key(pygame.K_DOWN)])
    assert choose.focus.focused is games[1]
    step(app, [key(pygame.K_RIGHT)])
    assert choose.focus.focused is learns[1]
    step(app, [key(pygame.K_DOWN)])
    assert choose.focus.focused is learns[2]
    step(app, [key(pygame.K_LEFT)])
    assert choose.focus.focused is games[2]
    step(app, [key(pygame.K_UP)] * 3)
    assert choose.focus.focused is choose.back_button  # round the page
    step(app, [key(pygame.K_DOWN)])
    assert choose.focus.focused is games[0]


def test_setup_shows_the_focus_on_start_on_arrival(app):
    reset(app)
    app.scenes.push("setup", game_id="kael")
    setup = app.stack.top
    step(app)
    assert setup.focus.focused is setup.start and setup.focus.keyboard
