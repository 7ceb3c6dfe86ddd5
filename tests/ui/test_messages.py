"""What the player is told, and where: damaged settings are told once and say what happens
(defaults); a failed autosave says the game goes on but cannot be resumed, in a corner of the
table that covers no plate; the statistics' messages stay off the title; "won with help" is
explained."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import AI, make_app, open_table, reset, session_for, step

from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.table import paint


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("messages"))
    yield application
    reset(application)
    pygame.quit()


def test_damaged_settings_are_told_with_what_happens(tmp_path):
    (tmp_path / "settings.json").write_text('{"format": "nove-desktop-settings", "vers')
    started = App(storage=Storage(tmp_path))
    said = [toast.text for toast in started.toasts]
    assert len(said) == 1 and "kept aside" in said[0] and "back to their defaults" in said[0]
    assert started.toasts[0].left >= 10  # long enough to be read at start-up
    again = App(storage=Storage(tmp_path))  # the next start: nothing more to tell
    assert not again.toasts


def test_a_failed_save_says_what_happens_and_covers_no_plate(app, monkeypatch):
    reset(app)
    table = open_table(app, session_for(app, "nove", ["human", AI, AI, AI]))

    def refuse(data):
        raise OSError("disk full")

    monkeypatch.setattr(app.storage, "save_game", refuse)
    table.autosave()
    said = [toast.text for toast in app.toasts]
    assert said == [
        "The game could not be saved. It goes on, but if you close the app it cannot be resumed."
    ]
    step(app)
    assert table.toast_corner is not None  # the table's toasts have their own corner
    left, bottom, width = table.toast_corner
    box = pygame.Rect(app.s(left), 0, app.s(width), app.s(bottom))
    box.height = app.s(90)
    box.bottom = app.s(bottom)
    for seat in range(table.n):
        assert not box.colliderect(paint.rect_to_screen(app, table.spot(seat).plate)), seat


def test_statistics_messages_stay_off_the_title(app):
    reset(app)
    scene = app.scenes.push("statistics")
    step(app)
    assert app.s(scene.toast_y) > scene.back_button.rect.bottom
    assert scene.focus.widgets[0].rect.top > app.s(90)  # the title's band is the heading's
