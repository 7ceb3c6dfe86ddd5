"""The table kit: seat layout, the card model, fitted text, idle frames, and a whole AI game at
every registered table."""

from __future__ import annotations

import itertools

import pygame
import pytest
from table_helpers import AI, game_over, make_app, open_table, reset, run_until, session_for

from nove_desktop.ui.table.layout import DESIGN_H, DESIGN_W, Side, seat_spots
from nove_desktop.ui.table.paint import rect_to_screen
from nove_desktop.ui.table.text import fitted
from nove_desktop.ui.table.zones import Zones, is_placeholder
from nove_desktop.ui.tables import table_classes

TABLES = list(table_classes())


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("kit"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield


# -- seat layout -----------------------------------------------------------------------------------
AREAS = [(200.0, 118.0), (220.0, 118.0), (320.0, 110.0), (150.0, 92.0), (260.0, 120.0)]


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("count", range(2, 13))
@pytest.mark.parametrize("clockwise", [True, False])
def test_plates_and_areas_never_overlap_and_stay_on_the_table(count, clockwise, area):
    for viewer in range(count):
        spots = seat_spots(count, viewer, clockwise, area)
        assert [s.seat for s in spots] == list(range(count))
        assert spots[viewer].side is Side.BOTTOM
        rects = [s.plate for s in spots] + [s.area for s in spots]
        for a, b in itertools.combinations(range(len(rects)), 2):
            assert not rects[a].colliderect(rects[b]), (count, viewer, a, b)
        for rect in rects:
            assert rect.left >= 0 and rect.right <= DESIGN_W
            assert rect.top >= 0 and rect.bottom <= DESIGN_H


@pytest.mark.parametrize("count", range(3, 13))  # with two seats the other one is opposite
def test_turn_direction_puts_the_next_seat_on_the_viewers_left_or_right(count):
    left = seat_spots(count, 0, clockwise=True)
    right = seat_spots(count, 0, clockwise=False)
    assert left[1].anchor[0] < DESIGN_W / 2  # clockwise: seat 1 sits on the viewer's left
    assert right[1].anchor[0] > DESIGN_W / 2  # counter-clockwise (banco): on the right


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("count", range(2, 13))
def test_plates_in_window_pixels_do_not_overlap(app, size, count):
    app._resized(*size)
    spots = seat_spots(count, 0, True)
    plates = [rect_to_screen(app, s.plate) for s in spots]
    w, h = app.size
    for a, b in itertools.combinations(plates, 2):
        assert not a.colliderect(b)
    for plate in plates:
        assert plate.left >= 0 and plate.right <= w and plate.top >= 0 and plate.bottom <= h


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("game_id", TABLES)
def test_every_tables_plates_and_card_areas_fit_the_window_for_every_count(app, size, game_id):
    """Each registered table's own seat room, every count and every viewer, in window pixels:
    no plate overlaps another plate or a card area, and everything stays in the window."""
    app._resized(*size)
    table = table_classes()[game_id]
    counts = range(max(2, app.registry.get(game_id).min_players), 13)
    w, h = app.size
    for count in counts:
        for viewer in range(count):
            spots = seat_spots(count, viewer, table.clockwise, table.seat_area_for(count))
            rects = [rect_to_screen(app, s.plate) for s in spots]
            rects += [rect_to_screen(app, s.area) for s in spots]
            for a, b in itertools.combinations(range(len(rects)), 2):
                assert not rects[a].colliderect(rects[b]), (count, viewer, a, b)
            for rect in rects:
                assert rect.left >= 0 and rect.right <= w and rect.top >= 0 and rect.bottom <= h


# -- the card model --------------------------------------------------------------------------------
def test_reconcile_keeps_known_cards_and_reuses_placeholders():
    zones = Zones()
    zones.reconcile({"hand:0": ["7a", "3b"], "hand:1": [None, None]}, {"deck": 10})
    hidden = list(zones.row("hand:1"))
    assert all(is_placeholder(r) for r in hidden)
    zones.reconcile({"hand:0": ["7a"], "hand:1": [None, None, None], "table": ["3b"]}, {})
    assert zones.row("hand:1")[:2] == hidden  # the same face-down cards keep their sprites
    assert zones.row("table") == ["3b"]
    assert zones.where("3b") == "table"


def test_a_known_card_that_must_be_hidden_forgets_its_face():
    zones = Zones()
    zones.reconcile({"hand:0": ["7a", "3b"]}, {})
    zones.renames()
    zones.reconcile({"hand:0": [None, None]}, {})
    renames = zones.renames()
    assert set(renames) == {"7a", "3b"}
    assert all(is_placeholder(new) for new in renames.values())
    assert all(is_placeholder(r) for r in zones.row("hand:0"))


def test_a_face_down_card_that_becomes_known_turns_over_where_it_lies():
    zones = Zones()
    zones.reconcile({"hand:1": [None, None]}, {})
    old = list(zones.row("hand:1"))
    zones.renames()
    zones.reconcile({"hand:1": ["9c", "2d"]}, {})
    assert zones.renames() == {old[0]: "9c", old[1]: "2d"}


def test_take_names_the_card_leaving_a_face_down_zone():
    zones = Zones()
    zones.reconcile({"hand:2": [None, None, "Xx"]}, {})
    assert zones.take("hand:2", "Xx") == "Xx"
    ref = zones.take("hand:2", "5a")
    assert ref == "5a" and "5a" in zones.row("hand:2")
    assert sum(is_placeholder(r) for r in zones.row("hand:2")) == 1


def test_hide_turns_every_known_card_of_a_zone_face_down():
    zones = Zones()
    zones.reconcile({"hand:0": ["1a", "2a"], "table": ["3a"]}, {})
    zones.hide("hand:0")
    assert all(is_placeholder(r) for r in zones.row("hand:0"))
    assert zones.row("table") == ["3a"]


# -- text ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [40, 120, 300])
def test_fitted_text_is_never_wider_than_its_room(app, width):
    text = "Donaudampfschifffahrtsgesellschaft kapitän und die Mannschaft"
    image = fitted(app, text, width, 24, (255, 255, 255))
    words = max(app.fonts.get(9).size(w)[0] for w in text.split())
    assert image.get_width() <= max(width, words)


# -- idle ------------------------------------------------------------------------------------------
def test_the_title_screen_needs_no_frames(app):
    for _ in range(3):
        app.step([], 1 / 60)
    assert app.idle


def test_a_table_waiting_for_a_human_needs_no_frames(app):
    session = session_for(app, "kael", ["human", AI, AI])
    table = open_table(app, session)
    run_until(app, lambda a: bool(table.controls) and not table.animating, limit=20_000)
    for _ in range(5):
        app.step([], 1 / 60)
    assert app.idle
    assert session.to_act() == (table.viewer,) or table.viewer in session.to_act()


# -- a whole game at every table -------------------------------------------------------------------
@pytest.mark.parametrize("game_id", TABLES)
def test_a_whole_ai_game_plays_to_the_end_at_the_real_table(app, game_id):
    game = app.registry.get(game_id)
    kinds = [AI] * max(game.min_players, 4 if game.max_players >= 4 else 2)
    app.settings.animation_speed = "fast"
    session = session_for(app, game_id, kinds, seed=3)
    open_table(app, session)
    run_until(app, game_over, limit=200_000)
    result = game.result(session.state)
    assert result.over
    assert app.stack.top.scores == list(result.scores)
    assert len(game.cards_in_play(session.state)) == len(game.full_deck(session.options))
