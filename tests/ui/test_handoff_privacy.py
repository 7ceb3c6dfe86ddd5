"""Pass-and-play privacy at every table, frame by frame (issue 18 section 6, issue 19 section 3).

``screen_watch.Watcher`` records every card face, badge and text each frame draws and judges it
against every human seat that is not at the screen, where who is at the screen comes from the
hand-off confirmations alone (never from the table's own idea of its viewer). Planted leaks prove
that the checks can fail. Two timing checks: a Kaël cut window lasts the same number of frames
whether or not anyone can cut, and an AI seat's good-draw decision adds no frame and no
"thinking..." marker.
"""

from __future__ import annotations

import random

import pygame
import pytest
from screen_watch import Watcher, drive
from table_helpers import AI, ENTER, found, local, make_app, open_table, reset, session_for, step

from nove_desktop.games.kael.actions import Cut, GoodDraw, KeepCard
from nove_desktop.ui.scenes.handoff import HandoffScene
from nove_desktop.ui.table.scene import TableScene

H = "human"
RUNS = [
    ("nove", (H, H, H), "off", 1),
    ("nove", (H, AI, H, "heuristic"), "fast", 3),
    ("nove", (H, H, AI), "normal", 4),
    ("kael", (H, H, H), "off", 1),
    ("kael", (H, AI, H), "fast", 2),
    ("kael", (H, H, AI, AI), "normal", 5),
]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("privacy"), size=(1024, 640))
    yield application
    reset(application)
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    yield
    reset(app)


def watched_table(
    app, monkeypatch, game_id, kinds, seed, quick=True, **options
) -> tuple[Watcher, TableScene]:
    watcher = Watcher(app, monkeypatch)
    session = session_for(app, game_id, list(kinds), seed=seed, quick=quick, **options)
    table = open_table(app, session)
    watcher.follow(table)
    return watcher, table


@pytest.mark.parametrize(("game_id", "kinds", "speed", "seed"), RUNS)
def test_no_frame_shows_a_private_card_to_the_wrong_eyes(
    app, monkeypatch, game_id, kinds, speed, seed
):
    app.settings.animation_speed = speed
    watcher, table = watched_table(app, monkeypatch, game_id, kinds, seed)
    decisions = drive(app, watcher, table, random.Random(seed), 1 / 30, 3000, lambda: ENTER)
    # The run exercised hand-offs and drew faces and hand totals (else it proves nothing).
    assert watcher.confirmations >= 3
    assert watcher.handoff_frames >= 2 * watcher.confirmations
    assert decisions >= 5
    assert watcher.table_faces > 0, "the instrumentation saw no card face at all"
    assert watcher.hand_texts > 0, "no hand total was ever drawn"
    assert watcher.violations == [], watcher.violations[:5]


def test_kael_windows_were_watched(app, monkeypatch):
    """The Kaël runs reach public windows with several humans (their frames were judged)."""
    app.settings.animation_speed = "off"
    watcher, table = watched_table(app, monkeypatch, "kael", (H, H, H), 1, quick=False)
    drive(
        app,
        watcher,
        table,
        random.Random(1),
        1 / 30,
        6000,
        lambda: ENTER,
        stop=lambda: watcher.window_frames > 30,
    )
    assert watcher.window_frames > 30
    assert watcher.violations == []


def test_the_instrumentation_sees_the_viewers_own_hand(app, monkeypatch):
    watcher, table = watched_table(app, monkeypatch, "nove", (H, AI), 5)
    for _ in range(5):
        watcher.step([], 1 / 60)
    own = set(local(table.session).state.hands[0])
    assert own and own <= {card for card, _how in watcher.faces}
    assert any(text.startswith("hand ") for _seat, text in watcher.plate_texts)
    assert watcher.violations != []  # one human, no hand-off: the checker trusts nobody...
    assert all("nobody" in v for v in watcher.violations)  # ...which is what it says


# -- planted leaks: the checker catches each -------------------------------------------------------
@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_a_hand_shown_before_the_first_hand_off_is_caught(app, monkeypatch, game_id):
    """The bug of issue 19: seat 0's hand drawn before anybody confirmed a hand-off."""
    app.settings.animation_speed = "normal"
    fixed = {"deal_mode": "fixed"} if game_id == "kael" else {}  # dealt at once
    watcher, table = watched_table(app, monkeypatch, game_id, (H, H, AI), 6, **fixed)
    # Planted: the table believes seat 0 is looking during the deal (and never stops believing
    # it: the new round's own "nobody looks" is overruled too).
    original = type(table).set_viewer
    monkeypatch.setattr(table, "set_viewer", lambda seat: original(table, 0))
    table.set_viewer(0)
    for _ in range(90):  # the round's banner, then the cards fly and turn over
        watcher.step([], 1 / 60)
    assert watcher.confirmations == 0
    assert any("nobody is at the screen" in v for v in watcher.violations), watcher.violations


@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_a_hand_total_of_another_seat_is_caught(app, monkeypatch, game_id):
    fixed = {"deal_mode": "fixed"} if game_id == "kael" else {}  # cards from the start
    watcher, table = watched_table(app, monkeypatch, game_id, (H, H, AI), 7, **fixed)
    drive(
        app,
        watcher,
        table,
        random.Random(7),
        1 / 30,
        2000,
        lambda: ENTER,
        stop=lambda: watcher.confirmations >= 1 and app.stack.top is table,
    )
    assert watcher.violations == []
    assert watcher.at is not None  # a confirmed hand-off: a player is at the screen
    other = 1 - watcher.at
    tags = table.seat_tags

    def leaky(seat):  # planted: the other human's total on their plate
        return [*tags(seat), "hand 17"] if seat == other else tags(seat)

    monkeypatch.setattr(table, "seat_tags", leaky)
    watcher.redraw()
    assert any(f"on seat {other}'s plate" in v for v in watcher.violations), watcher.violations


@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_a_skipped_hand_off_is_caught(app, monkeypatch, game_id):
    fixed = {"deal_mode": "fixed"} if game_id == "kael" else {}
    watcher, table = watched_table(app, monkeypatch, game_id, (H, H), 8, **fixed)

    def no_handoff(seat):  # planted: the next player's cards come up at once
        table.set_viewer(seat)

    monkeypatch.setattr(table, "start_handoff", no_handoff)
    drive(
        app,
        watcher,
        table,
        random.Random(8),
        1 / 30,
        1500,
        lambda: ENTER,
        stop=lambda: bool(watcher.violations),
    )
    assert watcher.confirmations == 0
    assert watcher.violations, "a table that skips the hand-off went unnoticed"


@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_a_hand_off_screen_that_shows_the_table_is_caught(app, monkeypatch, game_id):
    monkeypatch.setattr(HandoffScene, "overlay", True)  # planted: the table shows through...
    fixed = {"deal_mode": "fixed"} if game_id == "kael" else {}
    watcher, table = watched_table(app, monkeypatch, game_id, (H, H), 9, **fixed)

    def handoff_over_the_cards(seat):  # ...and still shows the last player's cards
        table.show_controls([])
        table.controls_key = ("handoff", seat)
        app.scenes.push(
            "handoff", player=table.names[seat], on_ready=lambda: table.set_viewer(seat)
        )

    monkeypatch.setattr(table, "start_handoff", handoff_over_the_cards)
    drive(
        app,
        watcher,
        table,
        random.Random(9),
        1 / 30,
        1500,
        lambda: ENTER,
        stop=lambda: watcher.confirmations >= 2,
    )
    assert any("top: handoff" in v for v in watcher.violations), watcher.violations[:3]


def test_a_badge_on_a_face_down_joker_is_caught(app, monkeypatch):
    """A joker's badge tells what the card is: drawn on another seat's card it is a leak."""
    watcher, table = watched_table(app, monkeypatch, "nove", (H, H), 10)
    drive(
        app,
        watcher,
        table,
        random.Random(10),
        1 / 30,
        2000,
        lambda: ENTER,
        stop=lambda: watcher.confirmations >= 1 and app.stack.top is table,
    )
    decorate = type(table).decorate

    def badge_everywhere(surface, sprite, rect):  # planted: a badge on every face-down card
        if not sprite.showing_face:
            from nove_desktop.ui.table.text import fitted

            fitted(app, "?", 20, 12, (255, 255, 255))
        decorate(table, surface, sprite, rect)

    monkeypatch.setattr(table, "decorate", badge_everywhere)
    watcher.follow(table)  # re-wrap the planted decorate
    watcher.at = table.viewer
    watcher.redraw()
    assert any("badge face-down" in v for v in watcher.violations), watcher.violations[:3]


# -- timing that must not depend on hidden cards ---------------------------------------------------
def window_frames(app, wanted) -> int:
    """Frames a Kaël cut window stays open on screen, nobody cutting (the human at seat 0 lets
    it run out, the AI seats pass)."""
    session = found(app, "kael", ["human", AI, AI], wanted)
    app.storage.save_game(session.to_save())
    reset(app, "off", "normal")
    step(app)
    step(app, [ENTER])
    table = app.stack.top
    assert isinstance(table, TableScene)
    frames = 0
    for _ in range(2000):
        if table.moment is not None and table.moment.moment.public:
            frames += 1
        elif frames:
            break
        step(app)
    assert not any(
        action == Cut().to_json() for _seat, action in local(session).replay.actions[-3:]
    )
    return frames


def test_a_cut_window_lasts_the_same_whether_or_not_anyone_can_cut(app):
    app.settings.window_seconds = 3.0
    can = window_frames(
        app,
        lambda s: (
            s.state.phase == "CUT_WINDOW"
            and Cut() in s.legal(0)
            and not any(Cut() in s.legal(seat) for seat in (1, 2))
        ),
    )
    cannot = window_frames(
        app,
        lambda s: (
            s.state.phase == "CUT_WINDOW"
            and 0 in s.to_act()
            and not any(Cut() in s.legal(seat) for seat in (0, 1, 2))
        ),
    )
    assert can == cannot
    assert can >= 3 * 60 - 2  # the window's full three seconds at 60 frames a second


def test_an_ai_good_draw_decision_adds_no_frame_and_no_thinking(app, monkeypatch):
    """Kaël with one human and AI seats: an AI seat's private prompt (the good draw) is answered
    inside the frame of the draw that opened it, so the decision adds no frame, and no
    "thinking..." marker shows for that seat afterwards."""
    prompts = 0
    for seed in range(1, 13):
        reset(app, "off", "fast")
        watcher, table = watched_table(app, monkeypatch, "kael", (H, AI, AI), seed)
        session = table.session
        count, prompted = 0, None
        for _ in range(4000):
            name = getattr(app.stack.top, "name", "")
            if name == "game_over" or prompts >= 1:
                break
            events = [ENTER] if name == "round_summary" else []
            if app.stack.top is table and table.controls and not table.animating:
                table.act(session.legal(0)[0], 0)
            watcher.step(events, 1 / 60)
            if prompted is not None:  # after its prompt, the seat shows no "thinking..."
                assert not [t for s, t in watcher.plate_texts if s == prompted and "think" in t]
            new = local(session).replay.actions[count:]
            if not new:
                continue
            prompted = None
            for i, (seat, action) in enumerate(new):
                if seat == 0 or action not in (GoodDraw().to_json(), KeepCard().to_json()):
                    continue
                assert i > 0 and new[i - 1][0] == seat  # applied in the draw's own frame
                prompts += 1
                prompted = seat
                assert not [t for s, t in watcher.plate_texts if s == seat and "think" in t]
            count = len(local(session).replay.actions)
        if prompts >= 1:
            break
    assert prompts >= 1, "no AI good-draw prompt in the games played"
