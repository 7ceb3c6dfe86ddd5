"""The table's menu (Esc or "Menu"): the computer players' pace, the animation speed and the
reaction windows change during a game and apply at once; Leave asks first. The hand-off screen
opens the same menu (Esc or its Menu button) without showing anyone's hand. Long runs of
computer turns get shorter, down to a floor."""

from __future__ import annotations

import itertools

import pygame
import pytest
from table_helpers import AI, ENTER, click, key, make_app, open_table, reset, session_for, step

from nove_desktop.ui.scenes.handoff import HandoffScene
from nove_desktop.ui.table.basics import AI_PACE, SPEED


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("menu"))
    yield application
    reset(application)
    pygame.quit()


def test_esc_opens_the_menu_and_its_settings_apply_at_once(app):
    reset(app, speed="normal", pace="normal")
    table = open_table(app, session_for(app, "nove", ["human", AI, AI]))
    step(app)
    step(app, [key(pygame.K_ESCAPE)])
    menu = app.stack.top
    assert menu.name == "table_menu" and menu.focus.focused is menu.back_button
    step(app, [key(pygame.K_DOWN), key(pygame.K_RIGHT)])  # pace: normal -> the next one
    assert app.settings.ai_pace != "normal"
    assert table.pace(1) == AI_PACE[app.settings.ai_pace]  # the table reads it at once
    step(app, [key(pygame.K_DOWN), key(pygame.K_RIGHT)])  # animation speed
    assert table.speed == SPEED[app.settings.animation_speed] != 1.0
    assert app.storage.load_settings()[0].ai_pace == app.settings.ai_pace  # saved too
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is table


def test_leave_from_the_menu_asks_first(app):
    reset(app)
    table = open_table(app, session_for(app, "kael", ["human", AI, AI]))
    step(app)
    table.menu_button.activate()
    menu = app.stack.top
    menu.leave_button.activate()
    assert app.stack.top.name == "confirm" and app.stack.top.question == "Leave the table?"


def test_the_handoff_screen_opens_the_menu_without_showing_a_hand(app):
    reset(app)
    table = open_table(app, session_for(app, "nove", ["human", "human", AI]))
    for _ in range(3000):
        if isinstance(app.stack.top, HandoffScene):
            break
        step(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene) and table.viewer is None
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top.name == "table_menu"
    assert app.stack.visible()[0] is handoff  # the opaque hand-off stays under the menu
    assert table.viewer is None  # nobody's cards are shown
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is handoff
    step(app, [click(handoff.menu_button.rect.center)])
    menu = app.stack.top
    assert menu.name == "table_menu"
    menu.leave_button.activate()
    step(app, [key(pygame.K_TAB), ENTER])  # "Leave"
    assert app.stack.top.name == "title" and table.viewer is None


def test_a_long_run_of_computer_turns_speeds_up_to_a_floor(app):
    reset(app, pace="normal")
    table = open_table(app, session_for(app, "banco", ["human"] + [AI] * 11))
    full = AI_PACE["normal"]
    paces = []
    for run in range(12):
        table.ai_run = run
        paces.append(table.pace(1))
    assert paces[0] == paces[1] == paces[2] == full  # the first turns after yours: full pace
    assert all(b <= a for a, b in itertools.pairwise(paces))
    assert paces[-1] == pytest.approx(0.3 * full)
    assert sum(paces[:11]) < 0.65 * 11 * full  # eleven bets in a row: a third shorter
