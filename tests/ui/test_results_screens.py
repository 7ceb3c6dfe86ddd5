"""The round summary and the game over ignore keys and clicks for their first second (frame
time, driven here frame by frame), and the game over starts with nothing focused: an Enter
pressed to hurry the computer players never deals a new game."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import ENTER, FRAME, click, key, make_app, reset, step

from nove_desktop.ui.scenes.summary import GUARD_SECONDS


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("results"))
    yield application
    reset(application)
    pygame.quit()


def frames(seconds):
    return round(seconds / FRAME)


def summary(app, closed):
    return app.scenes.push(
        "round_summary",
        title="Round 1",
        columns=["Player", "Total"],
        rows=[["Ana", "3"]],
        on_close=lambda: closed.append(True),
        last=True,
    )


def test_the_summary_ignores_keys_and_clicks_for_its_first_second(app):
    reset(app)
    closed: list[bool] = []
    scene = summary(app, closed)
    assert scene.focus.focused is None  # no ring, nothing pressable yet
    step(app, [ENTER])
    for _ in range(frames(GUARD_SECONDS) - 3):
        step(app, [ENTER, click(scene.button.rect.center)])
    assert not closed and app.stack.top is scene
    step(app, frames=4)
    assert scene.focus.focused is scene.button and scene.focus.keyboard  # now it shows
    step(app, [ENTER])
    assert closed == [True]


def test_the_guard_counts_frame_time_not_frames(app):
    reset(app)
    closed: list[bool] = []
    scene = summary(app, closed)
    app.step([], GUARD_SECONDS + 0.01)  # one long frame: the second has passed
    app.step([ENTER], FRAME)
    assert closed == [True] and scene not in list(app.stack)


def game_over(app, played):
    return app.scenes.push(
        "game_over",
        names=["Ana", "Ben"],
        scores=[10, 4],
        winners=[0],
        reason="",
        rounds=3,
        on_again=lambda: played.append(True),
    )


def test_the_game_over_never_deals_again_on_a_stray_enter(app):
    reset(app)
    played: list[bool] = []
    scene = game_over(app, played)
    for _ in range(frames(GUARD_SECONDS) + 30):  # Enter held through the guard and after it
        step(app, [ENTER])
    assert not played and app.stack.top is scene
    assert scene.focus.focused is None
    step(app, [key(pygame.K_RIGHT)])  # the player moves the focus: the ring shows
    assert scene.focus.focused is scene.again and scene.focus.keyboard
    step(app, [ENTER])
    assert played == [True]


def test_the_game_over_takes_clicks_after_its_guard(app):
    reset(app)
    played: list[bool] = []
    scene = game_over(app, played)
    step(app, [click(scene.again.rect.center)])
    assert not played
    step(app, frames=frames(GUARD_SECONDS) + 1)
    step(app, [click(scene.again.rect.center)])
    assert played == [True]
