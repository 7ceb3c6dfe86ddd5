"""Autosave and Continue: the exact state comes back, with the same future; a crash (SIGKILL) loses
at most the action being written; damaged or tampered saves are set aside with a message."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from nove_desktop.engine.replay import parse, run
from nove_desktop.games.nove.actions import Hit, Stand
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.choose_game import ChooseGameScene
from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene
from nove_desktop.ui.scenes.table_nove import CardToggle, NoveTableScene
from nove_desktop.ui.scenes.title import TitleScene

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parents[2]
SEATS = [
    SeatConfig("You", "human"),
    SeatConfig("Ada", "heuristic"),
    SeatConfig("Bruno", "random"),
    SeatConfig("Chiara", "heuristic"),
]


@pytest.fixture(scope="module")
def apps():
    """Builds Apps on given data folders (one pygame display, shared); quits pygame at the end."""
    made = []

    def build(root):
        app = App(storage=Storage(root), size=(1024, 640))
        app.settings.animation_speed = "off"
        app.settings.ai_pace = "instant"
        made.append(app)
        return app

    yield build
    for app in made:
        while len(app.stack):
            app.stack.pop()
    pygame.quit()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def press(app, k):
    app.step([key(k)], FRAME)


def open_title(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.step([], FRAME)
    return title


def state_json(session):
    return session.game.state_to_json(session.state)


def assert_valid(session, registry):
    game = session.game
    assert sorted(game.cards_in_play(session.state)) == sorted(game.full_deck(session.options))
    outcome = run(parse(session.replay.to_json()), registry)
    assert game.state_to_json(outcome.state) == state_json(session)


def saved_actions(storage):
    data = storage.load_game().data
    return None if data is None else data["replay"]["actions"]


def play_human(app, scene, rng, actions, check_saves=False, max_frames=5000):
    """Play until ``actions`` actions are recorded: AI seats by themselves, the human by keys."""
    session = scene.session
    for _ in range(max_frames):
        if len(session.replay.actions) >= actions or session.over:
            return
        top = app.stack.top
        events = []
        if isinstance(top, RoundSummaryScene):
            events = [key(pygame.K_RETURN)]
        elif isinstance(top, GameOverScene):
            return
        elif top is scene and scene.my_turn() and scene.buttons:
            legal = session.legal(0)
            if any(isinstance(b, CardToggle) for b in scene.buttons):
                if rng.random() < 0.5:
                    events = [key(pygame.K_SPACE)]  # give back the first card
                events += [key(pygame.K_TAB)] * 3 + [key(pygame.K_RETURN)]
            elif Hit() in legal and rng.random() < 0.5:
                events = [key(pygame.K_h)]
            elif Stand() in legal:
                events = [key(pygame.K_s)]
            else:
                events = [key(pygame.K_RETURN)]
        elif scene.ai_future is not None and not scene.ai_future.done():
            time.sleep(0.0005)
        app.step(events, FRAME)
        if check_saves:
            assert len(saved_actions(app.storage)) == len(session.replay.actions)
    raise AssertionError("the game did not advance")


def new_table(app, seed=2024, seats=SEATS):
    game = app.registry.get("nove")
    session = GameSession(game, game.options_from_json({"players": len(seats)}), seed, seats)
    open_title(app)
    scene = NoveTableScene(app, session)
    app.stack.push(scene)
    return scene


# -- save and Continue ----------------------------------------------------------------------------
def test_every_action_is_saved_at_once(apps, tmp_path):
    app = apps(tmp_path)
    scene = new_table(app)
    app.step([], FRAME)
    assert saved_actions(app.storage) == []  # saved as soon as the table opens
    play_human(app, scene, random.Random(1), 16, check_saves=True)
    data = app.storage.load_game().data
    assert data["finished"] is False
    assert data["replay"]["seed"] == 2024


def test_continue_resumes_the_exact_state_with_the_same_future(apps, tmp_path):
    first = apps(tmp_path)
    table = new_table(first, seed=7)
    play_human(first, table, random.Random(2), 30)
    original = table.session
    assert len(original.replay.actions) >= 30 and not original.over

    second = apps(tmp_path)  # as after a restart
    title = open_title(second)
    assert title.continue_button.enabled
    assert title.focus.focused is title.continue_button
    press(second, pygame.K_RETURN)
    resumed_scene = second.stack.top
    assert isinstance(resumed_scene, NoveTableScene)
    resumed = resumed_scene.session
    assert state_json(resumed) == state_json(original)
    assert resumed.replay.actions == original.replay.actions
    assert resumed.seats == original.seats and resumed.seed == original.seed
    assert_valid(resumed, second.registry)

    # A reference session built from the replay, action by action.
    game = original.game
    reference = GameSession(game, original.options, original.seed, original.seats, original.stack)
    for seat, data in original.replay.actions:
        reference.apply(seat, game.actions.from_json(data))
    assert state_json(reference) == state_json(original)

    rng = random.Random(3)
    for _ in range(80):
        if original.over:
            break
        seat = original.decider()
        assert resumed.decider() == reference.decider() == seat
        action = rng.choice(original.legal(seat))
        for session in (original, resumed, reference):
            session.apply(seat, action)
        assert state_json(resumed) == state_json(original) == state_json(reference)


def test_the_resumed_table_plays_on_and_keeps_saving(apps, tmp_path):
    first = apps(tmp_path)
    play_human(first, new_table(first, seed=77), random.Random(4), 12)
    second = apps(tmp_path)
    open_title(second)
    press(second, pygame.K_RETURN)
    scene = second.stack.top
    assert isinstance(scene, NoveTableScene)
    count = len(scene.session.replay.actions)
    play_human(second, scene, random.Random(5), count + 15, check_saves=True)
    assert len(saved_actions(second.storage)) >= count + 1
    assert_valid(scene.session, second.registry)


def test_leaving_the_table_keeps_the_game_for_continue(apps, tmp_path):
    app = apps(tmp_path)
    scene = new_table(app, seed=5)
    play_human(app, scene, random.Random(6), 8)
    expected = state_json(scene.session)
    press(app, pygame.K_ESCAPE)  # "Leave the table?"
    app.step([key(pygame.K_TAB), key(pygame.K_RETURN)], FRAME)  # "Leave"
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    assert title.continue_button.enabled
    press(app, pygame.K_RETURN)
    assert state_json(app.stack.top.session) == expected


def test_a_finished_game_cannot_be_continued(apps, tmp_path):
    app = apps(tmp_path)
    game = app.registry.get("nove")
    seats = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]
    session = GameSession(game, game.options_from_json({"players": 3}), 9, seats)
    while not session.over:
        seat = session.decider()
        session.apply(seat, session.ai_seat(seat).choose(*session.ai_inputs(seat)))
    app.storage.save_game(session.to_save())
    title = open_title(app)
    assert not title.continue_button.enabled
    assert title.focus.focused is not title.continue_button
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ChooseGameScene)  # "New game" had the focus


# -- a crash --------------------------------------------------------------------------------------
CHILD = r"""
import json, os, random, sys, time
import pygame
from pathlib import Path
from nove_desktop.games.nove.actions import Hit, Stand
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.setup import SetupScene
from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene
from nove_desktop.ui.scenes.table_nove import CardToggle, NoveTableScene
from nove_desktop.ui.scenes.title import TitleScene

target, marker, mode, seed = int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
app = App()  # the data folder comes from NOVE_DESKTOP_DATA
app.settings.animation_speed = "off"
app.settings.ai_pace = "instant"
app.stack.push(TitleScene(app))

def key(k, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)

def step(events=()):
    app.step(list(events), 1 / 60)

# Title: New game (Continue is disabled) -> NOVE -> the setup screen.
step()
step([key(pygame.K_RETURN)])
step([key(pygame.K_RETURN)])
setup = app.stack.top
assert isinstance(setup, SetupScene), setup
if mode == "ai":  # every seat an AI: seat 1 from human to "AI: normal"
    tabs = setup.focus.widgets.index(setup.kinds[0])
    step([key(pygame.K_TAB)] * tabs + [key(pygame.K_RIGHT)])
tabs = setup.focus.widgets.index(setup.seed) - setup.focus.widgets.index(setup.focus.focused)
step([key(pygame.K_TAB)] * tabs)
step([pygame.event.Event(pygame.TEXTINPUT, text=seed)])
back = setup.focus.widgets.index(setup.start) - setup.focus.widgets.index(setup.focus.focused)
step([key(pygame.K_TAB)] * (back % len(setup.focus.widgets)) + [key(pygame.K_RETURN)])
scene = app.stack.top
assert isinstance(scene, NoveTableScene), scene
session = scene.session
assert session.seed == int(seed), session.seed
rng = random.Random(int(seed))
while True:
    count = len(session.replay.actions)
    top = app.stack.top
    mine = top is scene and scene.my_turn() and bool(scene.buttons)
    if count >= target and not marker.exists() and (mode == "ai" or mine):
        marker.write_text(json.dumps({"actions": count}))
    if isinstance(top, GameOverScene):
        marker.write_text(json.dumps({"over": True}))
        time.sleep(60)
    events = []
    if isinstance(top, RoundSummaryScene):
        events = [key(pygame.K_RETURN)]
    elif mine and not marker.exists():
        legal = session.legal(0)
        if any(isinstance(b, CardToggle) for b in scene.buttons):
            events = [key(pygame.K_TAB)] * 3 + [key(pygame.K_RETURN)]
        elif Hit() in legal and rng.random() < 0.5:
            events = [key(pygame.K_h, "h")]
        elif Stand() in legal:
            events = [key(pygame.K_s, "s")]
        else:
            events = [key(pygame.K_RETURN)]
    step(events)
    if marker.exists() and mode == "human":
        time.sleep(0.005)  # the human thinks forever: nothing may change any more
"""


def run_and_kill(tmp_path, mode, target, seed, extra_wait):
    data = tmp_path / "data"
    marker = tmp_path / "marker.json"
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        NOVE_DESKTOP_DATA=str(data),
    )
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(target), str(marker), mode, str(seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 90
        while not marker.exists():
            if child.poll() is not None:
                _out, err = child.communicate()
                raise AssertionError(f"the app stopped by itself:\n{err.decode()[-3000:]}")
            assert time.monotonic() < deadline, "the app never reached the marker"
            time.sleep(0.02)
        time.sleep(extra_wait)
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
    info = json.loads(marker.read_text())
    if info.get("over"):
        pytest.skip("the game ended before the crash point")
    return data, info["actions"]


def resume_in_process(apps, data):
    app = apps(data)
    title = open_title(app)
    assert not app.toasts, [t.text for t in app.toasts]
    assert title.continue_button.enabled
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, NoveTableScene)
    return app, scene


def test_killed_while_the_human_thinks_resumes_every_action(apps, tmp_path):
    data, actions = run_and_kill(tmp_path, "human", target=14, seed=4242, extra_wait=0.3)
    assert actions >= 14
    storage = Storage(data)
    loaded = storage.load_game()
    assert loaded.problem is None
    assert len(loaded.data["replay"]["actions"]) == actions
    app, scene = resume_in_process(apps, data)
    session = scene.session
    assert len(session.replay.actions) == actions
    assert session.seed == 4242
    assert session.decider() == 0 and session.is_human(0)  # the human's decision is awaited
    assert_valid(session, app.registry)
    play_human(app, scene, random.Random(7), actions + 5)  # and the game goes on
    assert_valid(session, app.registry)


@pytest.mark.parametrize("wait", [0.0, 0.15, 0.4])
def test_killed_while_ai_seats_play_resumes_a_valid_state(apps, tmp_path, wait):
    data, actions = run_and_kill(tmp_path, "ai", target=10, seed=99, extra_wait=wait)
    loaded = Storage(data).load_game()
    assert loaded.problem is None, loaded.problem  # never a half-written save
    saved = len(loaded.data["replay"]["actions"])
    assert saved >= actions
    if loaded.data.get("finished"):
        pytest.skip("the game ended between the marker and the kill (Continue is rightly off)")
    app, scene = resume_in_process(apps, data)
    assert len(scene.session.replay.actions) == saved
    assert_valid(scene.session, app.registry)
    count = saved
    for _ in range(400):  # the AI seats play on
        if len(scene.session.replay.actions) >= count + 5 or scene.session.over:
            break
        if isinstance(app.stack.top, RoundSummaryScene):
            press(app, pygame.K_RETURN)
        else:
            app.step([], FRAME)
        time.sleep(0.001)
    assert len(scene.session.replay.actions) > count or scene.session.over
    assert_valid(scene.session, app.registry)


# -- damaged saves --------------------------------------------------------------------------------
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
    app = apps(tmp_path)
    title = open_title(app)
    texts = [t.text for t in app.toasts]
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
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ChooseGameScene)


def _tampered_save(app, mutate):
    game = app.registry.get("nove")
    session = GameSession(game, game.options_from_json({"players": 4}), 31, SEATS)
    rng = random.Random(31)
    for _ in range(12):
        seat = session.decider()
        session.apply(seat, rng.choice(session.legal(seat)))
    data = json.loads(json.dumps(session.to_save()))
    mutate(data)
    app.storage.save_game(data)


def _illegal(data):
    data["replay"]["actions"][5]["action"] = {"type": "discard", "cards": ["R1", "R2", "R3", "R4"]}


def _shifted(data):
    actions = data["replay"]["actions"]
    actions[2], actions[3] = actions[3], actions[2]
    if actions[2] == actions[3]:
        actions[2]["seat"] = (actions[2]["seat"] + 1) % 4


def _bad_action(data):
    data["replay"]["actions"][0]["action"] = {"type": "fold"}


def _no_seats(data):
    data["replay"]["seats"] = []


@pytest.mark.parametrize("mutate", [_illegal, _shifted, _bad_action, _no_seats])
def test_a_save_that_does_not_replay_is_set_aside_with_an_error(apps, tmp_path, mutate):
    app = apps(tmp_path)
    _tampered_save(app, mutate)
    title = open_title(app)
    assert not app.toasts
    assert title.continue_button.enabled  # it reads as a save; only replaying tells
    press(app, pygame.K_RETURN)
    assert app.stack.top is title
    assert len(app.stack) == 1
    errors = [t for t in app.toasts if t.error]
    assert errors, "the player is told why Continue did nothing"
    assert any("resumed" in t.text or "saved game" in t.text.lower() for t in errors)
    assert list(tmp_path.glob("autosave.corrupt-*.json"))
    assert not (tmp_path / "autosave.json").exists()
    assert not title.continue_button.enabled
    for _ in range(10):
        app.step([], 0.05)
    assert app.running


def test_a_save_with_an_unknown_ai_kind_is_set_aside_with_an_error(apps, tmp_path):
    app = apps(tmp_path)
    _tampered_save(app, lambda data: data["replay"]["seats"][1].update(kind="search"))
    title = open_title(app)
    press(app, pygame.K_RETURN)
    assert app.stack.top is title
    assert any(t.error for t in app.toasts)
    assert list(tmp_path.glob("autosave.corrupt-*.json"))
