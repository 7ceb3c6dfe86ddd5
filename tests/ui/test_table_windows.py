"""The kit's reaction windows with a human seat and AI seats (Kaël's cut window): the AI seats'
answers play while the window waits for the human, whose buttons stay on screen and take clicks;
once everybody has answered, the window is still shown for its full length."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import AI, FRAME, button, click, make_app, open_table, reset, step

from nove_desktop import scenarios
from nove_desktop.games.kael.actions import Pass
from nove_desktop.session import GameSession, SeatConfig


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("windows"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    yield
    reset(app)


def cut_window_for_the_human(app):
    game = app.registry.get("kael")
    seats = [SeatConfig("P0", "human"), *[SeatConfig(f"P{i}", AI) for i in (1, 2, 3)]]

    def wanted(session):
        acting = session.to_act()
        return len(acting) > 1 and 0 in acting and Pass() in session.legal(0) and (acting[0] != 0)

    found = scenarios.find(game, game.options_from_json({"players": 4}), seats, wanted)
    return GameSession.from_save(found.to_save(), app.registry)


def test_ai_answers_play_while_the_window_waits_for_the_human(app):
    session = cut_window_for_the_human(app)
    table = open_table(app, session, resumed=True)
    step(app, frames=10)
    assert table.moment is not None
    assert session.to_act() == (0,)  # every AI seat has answered, well before the countdown
    assert table.moment.countdown.left > 0.5
    assert table.controls  # the human's buttons are still there
    go_on = button(table, "Go on")
    before = len(session.replay.actions)
    step(app, [click(go_on.rect.center)])
    assert len(session.replay.actions) == before + 1


def test_a_window_is_shown_for_its_full_length_even_when_everyone_passed_early(app):
    session = cut_window_for_the_human(app)
    table = open_table(app, session, resumed=True)
    step(app, frames=5)
    go_on = button(table, "Go on")
    step(app, [click(go_on.rect.center)])
    assert 0 not in session.to_act()
    seconds = app.settings.window_seconds
    held = 0
    while table.moment is not None and table.moment.holding:
        step(app)
        held += 1
    assert held * FRAME >= seconds * 0.7  # the window kept its length: rhythm tells nothing


def test_an_untimed_window_closes_once_everyone_has_answered(app):
    app.settings.window_seconds = None
    session = cut_window_for_the_human(app)
    table = open_table(app, session, resumed=True)
    step(app, frames=5)
    go_on = button(table, "Go on")
    step(app, [click(go_on.rect.center)])
    step(app, frames=3)
    assert table.moment is None or not table.moment.holding
