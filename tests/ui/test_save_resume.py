"""Autosave and Continue at every table: each action is saved at once; Continue resumes the exact
state with the same future deals, also in the middle of a cut window or of a good-draw prompt;
a process killed at a chosen action loses nothing that was saved (and never leaves a half-written
save); damaged or tampered saves are set aside with a message."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from table_helpers import (
    AI,
    ENTER,
    NAMES,
    actions_of,
    found,
    key,
    labels,
    local,
    make_app,
    open_table,
    press,
    reset,
    session_for,
    settle,
    state_json,
    step,
    table_of,
    toasts,
    waiting_for,
)

from nove_desktop.engine.replay import parse, run
from nove_desktop.games.kael.actions import Cut, GoodDraw, KeepCard
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage
from nove_desktop.ui.table import hud
from nove_desktop.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
TABLES = ["nove", "kael"]
KINDS = ["human", AI, "heuristic", AI]


@pytest.fixture(scope="module")
def apps():
    """Builds Apps on given data folders (one pygame display, shared), as after a restart."""
    made = []

    def build(root):
        app = make_app(root, size=(1024, 640))
        made.append(app)
        return app

    yield build
    for app in made:
        reset(app)
    pygame.quit()


def saved_actions(storage):
    data = storage.load_game().data
    return None if data is None else data["replay"]["actions"]


def assert_valid(session, registry):
    """Every card is there once, and the replay re-executes to the same state."""
    game = session.game
    assert sorted(game.cards_in_play(local(session).state)) == sorted(
        game.full_deck(session.options)
    )
    outcome = run(parse(local(session).replay.to_json()), registry)
    assert game.state_to_json(outcome.state) == state_json(session)


def play(app, table, rng, until, check_saves=False, limit=30_000):
    """Play until ``until`` actions are recorded: AI seats by themselves, the human seats by
    random legal decisions through the table's controls entry point (``act``)."""
    session = table.session
    checked = -1
    for _ in range(limit):
        if check_saves and actions_of(session) != checked:  # read the file once per action
            checked = actions_of(session)
            assert len(saved_actions(app.storage)) == checked
        if actions_of(session) >= until or session.over:
            return
        name = getattr(app.stack.top, "name", "")
        if name == "game_over":
            return
        events = [ENTER] if name in ("round_summary", "handoff") else []
        if waiting_for(app, table):
            seat = next(s for s in session.to_act() if session.is_human(s))
            table.act(rng.choice(session.legal(seat)), seat)
        step(app, events)
    raise AssertionError("the game did not advance")


def new_table(app, game_id, seed=2024, kinds=KINDS) -> TableScene:
    reset(app)
    return open_table(app, session_for(app, game_id, kinds, seed=seed, quick=False))


def continue_game(app) -> TableScene:
    """The title screen as after a restart: Continue has the focus; Enter resumes."""
    reset(app)
    step(app)
    title = app.stack.top
    assert title.continue_button.enabled
    assert title.focus.focused is title.continue_button
    step(app, [ENTER])
    table = table_of(app)
    assert table is not None and app.stack.top is table
    return table


# -- save and Continue ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", TABLES)
def test_every_action_is_saved_at_once(apps, tmp_path, game_id):
    app = apps(tmp_path)
    table = new_table(app, game_id, seed=7)
    step(app)
    assert saved_actions(app.storage) == []  # saved as soon as the table opens
    play(app, table, random.Random(1), 25, check_saves=True)
    data = app.storage.load_game().data
    assert data["finished"] is table.session.over
    assert len(data["replay"]["actions"]) == actions_of(table.session) >= 20
    assert data["replay"]["seed"] == 7 and data["replay"]["game"] == game_id


@pytest.mark.parametrize("game_id", TABLES)
def test_continue_resumes_the_exact_state_with_the_same_future(apps, tmp_path, game_id):
    first = apps(tmp_path)
    table = new_table(first, game_id, seed=7)
    play(first, table, random.Random(2), 30)
    original = local(table.session)
    assert actions_of(original) >= 30 and not original.over

    second = apps(tmp_path)
    resumed = local(continue_game(second).session)
    assert state_json(resumed) == state_json(original)
    assert resumed.replay.actions == original.replay.actions
    assert resumed.seats == original.seats and resumed.seed == original.seed
    assert_valid(resumed, second.registry)

    game = original.game  # a reference built from the replay, action by action
    reference = GameSession(game, original.options, original.seed, original.seats)
    for acted, data in original.replay.actions:
        reference.apply(acted, game.actions.from_json(data))
    rng = random.Random(3)
    for _ in range(120):  # the same future: the same deals and draws for the same actions
        if original.over:
            break
        seat = original.decider()
        assert seat is not None  # the game is not over
        assert resumed.to_act() == reference.to_act() == original.to_act()
        action = rng.choice(original.legal(seat))
        for session in (original, resumed, reference):
            session.apply(seat, action)
        assert state_json(resumed) == state_json(original) == state_json(reference)


@pytest.mark.parametrize("game_id", TABLES)
def test_the_resumed_table_plays_on_and_keeps_saving(apps, tmp_path, game_id):
    first = apps(tmp_path)
    play(first, new_table(first, game_id, seed=77), random.Random(4), 12)
    second = apps(tmp_path)
    table = continue_game(second)
    count = actions_of(table.session)
    play(second, table, random.Random(5), count + 15, check_saves=True)
    assert len(saved_actions(second.storage)) >= count + 1
    assert_valid(table.session, second.registry)


@pytest.mark.parametrize("game_id", TABLES)
def test_the_status_line_is_drawn_right_after_continue(apps, tmp_path, game_id, monkeypatch):
    """Defect 5d: the first frame of a resumed table says whose turn it is."""
    first = apps(tmp_path)
    play(first, new_table(first, game_id, seed=11, kinds=["human", AI, AI]), random.Random(6), 9)
    drawn: list[str] = []
    fitted = hud.fitted

    def recording(app, text, *args, **kwargs):
        drawn.append(text)
        return fitted(app, text, *args, **kwargs)

    monkeypatch.setattr(hud, "fitted", recording)  # the status line is drawn with the HUD
    second = apps(tmp_path)
    table = continue_game(second)
    assert table.status, "no status line after Continue"
    assert table.status in drawn
    settle(second, table)
    assert table.status in drawn


def test_leaving_the_table_keeps_the_game_for_continue(apps, tmp_path):
    app = apps(tmp_path)
    table = new_table(app, "kael", seed=5)
    play(app, table, random.Random(6), 8)
    expected = state_json(table.session)
    press(app, pygame.K_ESCAPE)  # the table's menu
    assert app.stack.top.name == "table_menu"
    step(app, [key(pygame.K_UP), ENTER])  # its last item: "Leave the table"
    dialog = app.stack.top
    assert dialog.name == "confirm" and "saved" in dialog.detail
    step(app, [key(pygame.K_TAB), ENTER])  # "Leave"
    title = app.stack.top
    assert title.name == "title" and len(app.stack) == 1
    assert title.continue_button.enabled and "Kaël" in title.continue_button.label
    step(app, [ENTER])
    resumed = table_of(app)
    assert resumed is not None and state_json(resumed.session) == expected


def test_a_finished_game_cannot_be_continued(apps, tmp_path):
    app = apps(tmp_path)
    session = session_for(app, "kael", ["heuristic"] * 3, seed=9)
    while not session.over:
        seat = local(session).decider()
        assert seat is not None  # the game is not over
        session.apply(seat, session.ai_seat(seat).choose(*session.ai_inputs(seat)))
    app.storage.save_game(session.to_save())
    reset(app)
    step(app)
    title = app.stack.top
    assert not title.continue_button.enabled and not title.continue_button.visible
    step(app, [ENTER])
    assert app.stack.top.name == "choose_game"  # "New game" had the focus


# -- in the middle of a window or a prompt ---------------------------------------------------------
def test_continue_in_the_middle_of_a_cut_window(apps, tmp_path):
    app = apps(tmp_path)
    session = found(
        app,
        "kael",
        ["human", AI, AI],
        lambda s: s.state.phase == "CUT_WINDOW" and Cut() in s.legal(0),
    )
    app.storage.save_game(session.to_save())
    second = apps(tmp_path)
    table = continue_game(second)
    assert state_json(table.session) == state_json(session)
    settle(second, table, 0)
    assert labels(table) == ["CUT!  (C)", "Go on"]
    assert table.moment is not None and table.moment.moment.kind == "cut"
    assert "cut" in table.status.lower()
    count = actions_of(table.session)
    press(second, pygame.K_c, "c")
    assert (0, Cut().to_json()) in local(table.session).replay.actions[count:]
    assert saved_actions(second.storage)[-1] == {"seat": 0, "action": Cut().to_json()} or (
        len(saved_actions(second.storage)) == actions_of(table.session)
    )
    assert_valid(table.session, second.registry)


def test_continue_in_the_middle_of_a_window_that_runs_out(apps, tmp_path):
    """Nobody answers: the window runs its length and the human passes."""
    app = apps(tmp_path)
    session = found(
        app, "kael", ["human", AI, AI], lambda s: s.state.phase == "CUT_WINDOW" and 0 in s.to_act()
    )
    app.storage.save_game(session.to_save())
    table = continue_game(apps(tmp_path))
    count = actions_of(table.session)
    for _ in range(400):
        if any(seat == 0 for seat, _a in local(table.session).replay.actions[count:]):
            break
        step(table.app)
    assert (0, {"type": "pass"}) in local(table.session).replay.actions[count:]


@pytest.mark.parametrize("answer", ["keep", "lay"])
def test_continue_in_the_middle_of_a_good_draw_prompt(apps, tmp_path, answer):
    app = apps(tmp_path)
    session = found(
        app, "kael", ["human", AI, AI], lambda s: s.to_act() == (0,) and GoodDraw() in s.legal(0)
    )
    app.storage.save_game(session.to_save())
    second = apps(tmp_path)
    second.settings.always_good_draw = False
    table = continue_game(second)
    settle(second, table, 0)
    assert labels(table) == ["Lay it  (G)", "Keep it  (K)"]
    assert table.status.startswith("Good draw!")
    code, action = (pygame.K_k, KeepCard()) if answer == "keep" else (pygame.K_g, GoodDraw())
    press(second, code)
    assert local(table.session).replay.actions[-1] == (0, action.to_json())
    assert len(saved_actions(second.storage)) == actions_of(table.session)
    assert_valid(table.session, second.registry)


# -- a process killed at a chosen action -----------------------------------------------------------
CHILD = r"""
import json, os, sys, time
from pathlib import Path
sys.path.insert(0, os.path.join(os.getcwd(), "tests", "ui"))
import pygame
import nove_desktop.storage as storage_module
from table_helpers import run_until, session_for
from nove_desktop.ui.app import App

game_id, target, marker, when, kinds = (sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]),
                                        sys.argv[4], sys.argv[5].split(","))
app = App(size=(1024, 640))  # the data folder comes from NOVE_DESKTOP_DATA
app.settings.animation_speed = "off"
app.settings.ai_pace = "instant"
app.scenes.push("title")
session = session_for(app, game_id, kinds, seed=4242, quick=False)
replace = os.replace

def stop_here(actions):
    marker.write_text(json.dumps({"actions": actions}))
    while True:  # frozen at the chosen point until the test kills the process
        time.sleep(1)

def slow_replace(source, destination):
    # The save of action ``target`` is written but not yet in place: a kill now must leave
    # the previous save whole.
    if str(destination).endswith("autosave.json") and when == "writing":
        with open(source, encoding="utf-8") as stream:
            actions = len(json.load(stream)["replay"]["actions"])
        if actions == target:
            stop_here(actions)
    replace(source, destination)

storage_module.os.replace = slow_replace
save_game = app.storage.save_game

def saving(data):
    save_game(data)
    if when == "saved" and len(data["replay"]["actions"]) == target:
        stop_here(target)

app.storage.save_game = saving
app.scenes.push("table", session=session)
def first_legal(app, table):
    for seat in table.session.to_act():
        if table.session.is_human(seat):
            table.act(table.session.legal(seat)[0], seat)
            return
run_until(app, lambda a: False, limit=10**7, human=first_legal)
"""


def run_and_kill(tmp_path, game_id, target, when, kinds):
    data = tmp_path / "data"
    marker = tmp_path / "marker.json"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        NOVE_DESKTOP_DATA=str(data),
    )
    command = [
        sys.executable,
        "-c",
        CHILD,
        game_id,
        str(target),
        str(marker),
        when,
        ",".join(kinds),
    ]
    child = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None  # both piped
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            if child.poll() is not None:
                _out, err = child.communicate()
                raise AssertionError(f"the app stopped by itself:\n{err.decode()[-3000:]}")
            assert time.monotonic() < deadline, "the app never reached the chosen action"
            time.sleep(0.02)
        assert child.poll() is None, "the app must still be running when it is killed"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    assert json.loads(marker.read_text())["actions"] == target
    return data


KILLS = [
    ("nove", ["human", AI, AI], 14, "saved"),
    ("nove", [AI, AI, AI], 23, "writing"),
    ("kael", ["human", AI, AI], 31, "saved"),
    ("kael", [AI, AI, AI, AI], 40, "writing"),
]


@pytest.mark.parametrize(("game_id", "kinds", "target", "when"), KILLS)
def test_a_killed_app_resumes_every_saved_action(apps, tmp_path, game_id, kinds, target, when):
    data = run_and_kill(tmp_path, game_id, target, when, kinds)
    loaded = Storage(data).load_game()
    assert loaded.problem is None, loaded.problem  # never a half-written save
    assert loaded.data is not None
    saved = len(loaded.data["replay"]["actions"])
    # Killed after the save of action ``target``: all of it; during its write: the one before.
    assert saved == (target if when == "saved" else target - 1)
    app = apps(data)
    table = continue_game(app)
    assert not [t for t in app.toasts if t.error], toasts(app)
    session = table.session
    assert actions_of(session) == saved and session.seed == 4242
    assert_valid(session, app.registry)
    play(app, table, random.Random(7), saved + 6)  # and the game goes on
    assert actions_of(session) >= saved + 6 or session.over
    assert_valid(session, app.registry)


# -- damaged saves -------------------------------------------------------------------------------
GARBAGE = {
    "binary": b"\x00\xff\xfe garbage \x89PNG",
    "truncated json": b'{"format": "nove-desktop-save", "version": 1, "replay": {"ga',
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "other format": b'{"format": "nove-desktop-settings", "version": 1}',
    "no version": b'{"format": "nove-desktop-save"}',
}


@pytest.mark.parametrize("name", sorted(GARBAGE))
def test_a_corrupt_save_is_set_aside_with_a_message(apps, tmp_path, name):
    (tmp_path / "autosave.json").write_bytes(GARBAGE[name])
    app = apps(tmp_path)  # its title screen reads the save
    title = app.stack.top
    texts = toasts(app)
    assert len(texts) == 1 and app.toasts[0].error
    assert "saved game" in texts[0].lower()
    aside = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].name in texts[0]
    assert aside[0].read_bytes() == GARBAGE[name]  # kept, not deleted
    assert not (tmp_path / "autosave.json").exists()
    assert not title.continue_button.enabled
    for _ in range(30):  # the app goes on
        app.step([], 0.05)
    assert app.running and app.stack.top is title
    step(app, [ENTER])
    assert app.stack.top.name == "choose_game"


def _tampered_save(app, game_id, mutate):
    seats = [SeatConfig(NAMES[i], kind) for i, kind in enumerate(["human", AI, AI, AI])]
    game = app.registry.get(game_id)
    session = GameSession(game, game.options_from_json({"players": 4}), 31, seats)
    rng = random.Random(31)
    for _ in range(12):
        seat = local(session).decider()
        assert seat is not None  # the game is not over
        session.apply(seat, rng.choice(session.legal(seat)))
    data = json.loads(json.dumps(session.to_save()))
    mutate(data)
    app.storage.save_game(data)


def _illegal(data):
    data["replay"]["actions"][5]["action"] = {"type": "discard", "cards": ["R1", "R2", "R3"]}


def _shifted(data):
    actions = data["replay"]["actions"]
    actions[2]["seat"] = (actions[2]["seat"] + 1) % 4


def _bad_action(data):
    data["replay"]["actions"][0]["action"] = {"type": "fold"}


def _an_extra_seat(data):
    # (a save naming no seats at all is refused when it is written: see test_storage)
    data["replay"]["seats"].append({"name": "Extra", "kind": "human"})


def _unknown_ai(data):
    data["replay"]["seats"][1]["kind"] = "search"


@pytest.mark.parametrize("game_id", TABLES)
@pytest.mark.parametrize("mutate", [_illegal, _shifted, _bad_action, _an_extra_seat, _unknown_ai])
def test_a_save_that_does_not_replay_is_set_aside_with_an_error(apps, tmp_path, game_id, mutate):
    app = apps(tmp_path)
    _tampered_save(app, game_id, mutate)
    reset(app)
    title = app.stack.top
    assert not app.toasts
    assert title.continue_button.enabled  # it reads as a save; only replaying tells
    step(app, [ENTER])
    assert app.stack.top is title and len(app.stack) == 1
    errors = [t for t in app.toasts if t.error]
    assert errors, "the player is told why Continue did nothing"
    assert any("resumed" in t.text or "saved game" in t.text.lower() for t in errors)
    assert "Traceback" not in " ".join(t.text for t in errors)
    assert list(tmp_path.glob("autosave.corrupt-*.json"))
    assert not (tmp_path / "autosave.json").exists()
    assert not title.continue_button.enabled
    for _ in range(10):
        app.step([], 0.05)
    assert app.running
