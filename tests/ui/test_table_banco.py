"""The Nove banco table: its model against the observation, human input by mouse and keyboard,
the bet slider, save and resume (also after a kill), pass-and-play privacy, the layout from 2 to
12 seats at the smallest and a large window, random input, and its words."""

from __future__ import annotations

import dataclasses
import itertools
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
    click,
    game_over,
    key,
    make_app,
    reset,
    run_until,
    session_for,
    step,
    table_of,
)
from table_helpers import open_table as open_any_table

from nove_desktop.engine.events import Event
from nove_desktop.engine.game import Stack
from nove_desktop.engine.replay import run
from nove_desktop.games.banco import BancoGame
from nove_desktop.games.banco.actions import HIT, STAND, Bet
from nove_desktop.games.banco.cards import DECKS
from nove_desktop.games.banco.events import (
    BankerRevealed,
    CardDealt,
    CardDrawn,
    HandStarted,
    HoleRevealed,
    NineRevealed,
    Settled,
)
from nove_desktop.games.banco.options import BancoOptions
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage
from nove_desktop.ui.scenes.handoff import HandoffScene
from nove_desktop.ui.table.layout import DESIGN_H, DESIGN_W, Side
from nove_desktop.ui.table.paint import rect_to_screen
from nove_desktop.ui.table.zones import is_placeholder
from nove_desktop.ui.tables.banco import BancoTable, chips, draw, geometry, words

ROOT = Path(__file__).resolve().parents[2]
ALL_CARDS = frozenset(card for deck in DECKS.values() for card in deck)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("banco"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield


def open_table(app, session, resumed=False) -> BancoTable:
    """The table of ``session`` (table_helpers.open_table), which must be the banco table."""
    table = open_any_table(app, session, resumed)
    assert isinstance(table, BancoTable)
    return table


def waiting_for_human(table):
    return lambda _app: bool(table.controls) and not table.animating


def human_table(app, players=4, seed=5, **options):
    """A solo table, seat 0 human, stepped until its first decision."""
    session = session_for(app, "banco", ["human"] + [AI] * (players - 1), seed=seed, **options)
    table = open_table(app, session)
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    return table


def last_action(table):
    """The last action applied, decoded (the replay keeps (seat, JSON) pairs)."""
    return table.game.actions.from_json(table.session.replay.actions[-1][1])


def action_count(table):
    return len(table.session.replay.actions)


# -- the model follows the observation -------------------------------------------------------------
def model_rows(table):
    return {
        zone: [None if is_placeholder(r) else r for r in refs]
        for zone, refs in table.zones.rows.items()
    }


@pytest.mark.parametrize(("players", "speed"), [(12, "off"), (5, "fast")])
def test_after_every_action_the_animated_model_already_equals_the_observation(app, players, speed):
    """When the events of an action have played, the cards, the stock, the chips, the stakes
    and the revealed hole cards the handlers built are the observation's, before the table
    rebuilds itself from it (the rebuild only corrects; here it has nothing to correct)."""
    app.settings.animation_speed = speed
    session = session_for(app, "banco", [AI] * players, seed=players, max_hands=2)
    table = open_table(app, session)
    checks: list[int] = []
    mismatches: list[str] = []
    original = table.reconcile

    def checked() -> None:
        obs = table.observe()
        rows, piles = table.zones_from(obs)
        seen = {
            "rows": (model_rows(table), {z: list(c) for z, c in rows.items()}),
            "piles": (dict(table.zones.piles), dict(piles)),
            "chips": (list(table.scores), list(obs.chips)),
            "stakes": (list(table.stakes), list(obs.bets)),
            "banker": (table.banker, obs.banker),
            "revealed": (table.revealed, {s for s, up in enumerate(obs.hole_face_up) if up}),
        }
        if obs.phase == "GAME_OVER":
            seen.pop("stakes")
        for name, (mine, truth) in seen.items():
            if mine != truth:
                mismatches.append(f"action {action_count(table)}: {name} {mine} != {truth}")
        checks.append(action_count(table))
        original()

    table.reconcile = checked  # type: ignore[method-assign]  # watched: wrapped in place
    run_until(app, game_over, limit=200_000)
    assert session.over
    assert len(set(checks)) >= 20  # the check ran after dozens of different actions
    assert mismatches == []
    final = session.game.result(session.state)
    assert app.stack.top.scores == list(final.scores)
    assert sum(final.scores) == players * 100


# -- human input -----------------------------------------------------------------------------------
def test_a_routine_bet_is_one_click_and_the_slider_starts_at_the_previous_bet(app):
    table = human_table(app, first_banker=1)
    assert table.betting()
    assert table.slider.value == 1  # the smallest bet on the first hand
    before = action_count(table)
    step(app, [click(table.bet_button.rect.center)])
    assert action_count(table) == before + 1 and last_action(table) == Bet(1)
    # A later hand: the slider is preset to this player's previous bet.
    table.last_bet[0] = 4
    run_until(
        app,
        lambda a: table.betting() and not table.animating,
        limit=20_000,
        human=lambda a, t: step(a, [key(pygame.K_s)]),
    )
    assert table.slider.value == 4
    assert table.bet_button.label.startswith("Bet 4")
    step(app, [key(pygame.K_RETURN)])  # one key
    assert last_action(table) == Bet(4)


def test_the_keyboard_alone_bets_hits_and_stands(app):
    table = human_table(app, first_banker=1)
    step(app, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert table.slider.value == 4 and "4" in table.bet_button.label
    step(app, [key(pygame.K_LEFT)])
    assert table.slider.value == 3
    step(app, [key(pygame.K_TAB)])  # the focus moves to the slider; Enter still bets
    assert table.focus.focused is table.slider
    step(app, [key(pygame.K_END)])
    assert table.slider.value == 10
    step(app, [key(pygame.K_HOME), key(pygame.K_RIGHT), ENTER])
    assert last_action(table) == Bet(2)
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    labels = [w.label for w in table.controls]
    assert labels == ["Hit  (H)", "Stand  (S)"]
    if table.session.decider() == 0 and HIT in table.session.legal(0):
        step(app, [key(pygame.K_h)])
        assert last_action(table) == HIT
        run_until(
            app,
            lambda a: (
                table.session.decider() != 0 or (bool(table.controls) and not table.animating)
            ),
            human=lambda a, t: None,
        )
    if table.session.decider() == 0:
        stand = table.controls[1]
        steps = (
            table.focus.widgets.index(stand) - table.focus.widgets.index(table.focus.focused)
        ) % len(table.focus.widgets)
        step(app, [key(pygame.K_TAB)] * steps + [ENTER])
        assert last_action(table) == STAND


def test_mouse_on_the_slider_track_and_the_buttons(app):
    table = human_table(app, first_banker=1)
    slider = table.slider
    track = slider.track
    step(app, [click((track.right, track.centery))])
    assert slider.value == 10
    step(
        app,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=(track.x + track.width // 2, track.centery),
                rel=(0, 0),
                buttons=(1, 0, 0),
            )
        ],
    )
    assert slider.value in (5, 6)  # dragged to the middle of 1..10
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=track.center)])
    step(
        app,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(track.right, track.centery), rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    assert slider.value in (5, 6)  # released: moving the mouse no longer drags
    value = slider.value
    step(app, [click(table.bet_button.rect.center)])
    assert last_action(table) == Bet(value)
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    if table.session.decider() == 0:
        step(app, [click(table.controls[1].rect.center)])
        assert last_action(table) == STAND


def test_a_refused_move_shows_the_engines_reason_and_changes_nothing(app):
    table = human_table(app, first_banker=1)
    session = table.session
    before = json.dumps(session.game.state_to_json(session.state), sort_keys=True)
    count = action_count(table)
    app.toasts.clear()
    step(app, [key(pygame.K_h)])  # hit before betting
    assert action_count(table) == count
    assert json.dumps(session.game.state_to_json(session.state), sort_keys=True) == before
    assert [t.text for t in app.toasts] == ["Place your bet first (1 to 10 chips)."]
    assert app.toasts[0].error
    step(app, [ENTER])
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    if session.decider() == 0:
        app.toasts.clear()
        step(app, [key(pygame.K_b)])  # a second bet
        assert app.toasts[-1].text.startswith("You have already bet 1 chip")


def test_the_own_hole_card_shows_its_corner_and_carries_the_stake(app, monkeypatch):
    table = human_table(app, first_banker=1)
    drawn: list[str] = []
    covers: list[tuple[object, ...]] = []
    stacks: list[object] = []
    face = app.art.face

    def drawing_face(card, *a, **k):
        drawn.append(card)
        return face(card, *a, **k)

    monkeypatch.setattr(app.art, "face", drawing_face)
    cover = draw.peek_cover

    def drawing_cover(*a):
        covers.append(a)
        return cover(*a)

    monkeypatch.setattr(draw, "peek_cover", drawing_cover)
    stack = chips.draw_stack

    def drawing_stack(*a):
        stacks.append(a[2])
        return stack(*a)

    monkeypatch.setattr(chips, "draw_stack", drawing_stack)
    hole = table.session.state.hands[0][0]
    step(app)
    assert hole in drawn and covers  # the face is drawn, then covered but for a corner
    before = len(stacks)  # the stakes of the punters who bet before seat 0
    others = {table.session.state.hands[s][0] for s in (1, 2, 3)}
    assert not others & set(drawn)
    step(app, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), ENTER])
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    drawn.clear()
    covers.clear()
    stacks.clear()
    step(app)
    assert covers and len(stacks) == before + 1 and [1, 1, 1] in stacks  # seat 0's stake of 3


# -- the bet slider's range and reasons ------------------------------------------------------------
def capped_table(app, chips, first_banker=3):
    """Seat 0 bets first against banker ``first_banker``; ``chips`` are the bankrolls."""
    game = app.registry.get("banco")
    seats = [SeatConfig(NAMES[0], "human")] + [SeatConfig(NAMES[i], AI) for i in (1, 2, 3)]
    options = BancoOptions(players=4, first_banker=first_banker)
    session = GameSession(game, options, 9, seats, stack=Stack(scores=tuple(chips)))
    table = open_table(app, session)
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    return table


@pytest.mark.parametrize(
    ("chips", "high", "caption"),
    [
        ((100, 100, 100, 8), 8, "Bet 1 to 8: the bank has only 8 left"),
        ((6, 100, 100, 100), 6, "Bet 1 to 6: you have only 6 chips"),
        ((100, 100, 100, 100), 10, "Bet 1 to 10: table limit 10"),
        ((100, 100, 100, 1), 1, "Bet 1 chip: the bank has only 1 left"),
    ],
)
def test_the_slider_offers_only_the_legal_range_and_says_why(app, chips, high, caption):
    table = capped_table(app, chips)
    slider = table.slider
    assert (slider.low, slider.high) == (1, high)
    assert slider.caption == caption
    step(app, [key(pygame.K_END), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert slider.value == high  # never past the legal range
    step(app, [ENTER])
    assert last_action(table) == Bet(high)


def test_a_preset_above_the_range_is_clamped(app):
    table = capped_table(app, (100, 100, 100, 8))
    table.last_bet[0] = 10
    table.controls_key = None  # the same decision, built again with that memory
    step(app)
    assert table.slider.value == 8


# -- save and resume -------------------------------------------------------------------------------
def resume(app, table):
    """Leave the table and come back from the autosave, as Continue does."""
    saved = app.storage.load_game().data
    reset(app)
    session = GameSession.from_save(saved, app.registry)
    return open_table(app, session, resumed=True)


def test_resume_mid_hand_restores_the_cards_the_stakes_and_the_log(app):
    table = human_table(app, first_banker=1)
    step(app, [key(pygame.K_RIGHT), ENTER])  # bet 2
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    assert table.session.decider() == 0  # seat 0 is drawing: in the middle of the hand
    obs = table.observe()
    log = list(table.log)
    again = resume(app, table)
    step(app, frames=3)
    assert again.session.replay.actions == table.session.replay.actions
    assert model_rows(again) == {f"hand:{s}": list(c) for s, c in enumerate(obs.cards)}
    assert again.stakes == list(obs.bets) and again.stakes[0] == 2
    assert again.log == log
    assert again.controls and again.controls[0].label == "Hit  (H)"
    assert again.last_bet == table.last_bet
    assert again.term_start == table.term_start


def test_resume_between_terms_keeps_the_term_start_chips(app):
    """The chips at the start of the bank term (the summary's first column) come back."""
    app.settings.animation_speed = "off"
    session = session_for(app, "banco", ["human", AI, AI], seed=21, hands_per_bank=1, max_hands=4)
    table = open_table(app, session)
    run_until(
        app,
        lambda a: table.banks_held.count(1) >= 2 and bool(table.controls) and not table.animating,
        limit=50_000,
    )
    expected = list(table.term_start)
    again = resume(app, table)
    assert again.term_start == expected


CHILD = r"""
import json, sys
from pathlib import Path
sys.path.insert(0, ".")
sys.path.insert(0, "tests/ui")
from table_helpers import make_app, open_table, session_for, step, AI
import pygame

target, marker, data = int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
app = make_app(data)
session = session_for(app, "banco", ["human", AI, AI, AI], seed=4242, quick=False)
table = open_table(app, session)
key = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
while True:
    count = len(session.replay.actions)
    mine = bool(table.controls) and not table.animating
    if count >= target and mine:
        marker.write_text(json.dumps({"actions": count}))
        while True:
            step(app)  # the human thinks for ever: nothing changes any more
    events = []
    if getattr(app.stack.top, "name", "") == "round_summary":
        events = [key(pygame.K_RETURN)]
    elif mine:
        events = [key(pygame.K_RETURN) if table.betting() else key(pygame.K_s)]
    step(app, events)
"""


def test_killed_at_a_chosen_action_resumes_exactly_there(app, tmp_path):
    data = tmp_path / "data"
    marker = tmp_path / "marker.json"
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, "23", str(marker), str(data)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert child.stderr is not None  # piped
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, child.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the child never reached the chosen action"
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    actions = json.loads(marker.read_text())["actions"]
    saved = Storage(data).load_game()
    assert saved.problem is None and saved.data is not None
    replay = saved.data["replay"]
    assert len(replay["actions"]) == actions
    session = GameSession.from_save(saved.data, app.registry)
    assert session.decider() == 0  # the human's decision is awaited again
    table = open_table(app, session, resumed=True)
    run_until(app, waiting_for_human(table), human=lambda a, t: None)
    assert action_count(table) == actions
    truth = run(session.replay, app.registry).state
    assert session.game.state_to_json(truth) == session.game.state_to_json(session.state)
    step(app, [ENTER if table.betting() else key(pygame.K_s)])
    assert action_count(table) == actions + 1  # and the game goes on


# -- pass-and-play privacy -------------------------------------------------------------------------
REVEALS = (NineRevealed, HoleRevealed, BankerRevealed)


class Watcher:
    """Records every card face drawn per frame and judges it against the engine's truth.

    Per hand the watcher keeps each seat's hole card (from the whole, uncensored events) and
    whether it was turned up for everyone, and the hand's public cards. The screen may still
    show the previous hand while the engine has dealt the next one (one action settles a hand
    and deals the next), so a frame is judged against the last two hands: no face may be drawn
    that is the unrevealed hole card of a human who is not at the screen, unless that card is
    public or the viewer's own in one of those hands. Who is at the screen comes from the
    hand-off confirmations alone (nobody before the first one), never from the table."""

    def __init__(self, app, session, table):
        self.app, self.session, self.table = app, session, table
        self.at_screen: int | None = None
        self.hands: list[dict] = [{"hole": {}, "up": set(), "public": set()}]
        self.faces: list[str] = []
        self.frames = {"handoff": 0, "table": 0, "private_checked": 0}
        self.violations: list[str] = []
        self.original_face = app.art.face
        app.art.face = self.face
        self.log(session.opening_events)
        apply = session.apply

        def logged(seat, action):
            events = apply(seat, action)
            self.log(events)
            return events

        session.apply = logged

    def close(self):
        self.app.art.face = self.original_face

    def face(self, card, *args, **kwargs):
        self.faces.append(card)
        return self.original_face(card, *args, **kwargs)

    def log(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandStarted):
                self.hands.append({"hole": {}, "up": set(), "public": set()})
            hand = self.hands[-1]
            if isinstance(event, CardDealt):
                hand["hole"][event.seat] = event.card
            elif isinstance(event, CardDrawn):
                hand["public"].add(event.card)
            elif isinstance(event, REVEALS):
                hand["up"].add(event.seat)
                hand["public"].add(event.hole_card)

    def private(self, viewer):
        """Cards that must not be drawn now: unrevealed hole cards of other humans."""
        recent = self.hands[-2:]
        allowed = set()
        for hand in recent:
            allowed |= hand["public"]
            if viewer is not None and viewer in hand["hole"]:
                allowed.add(hand["hole"][viewer])
        secret = set()
        for hand in recent:
            for seat, card in hand["hole"].items():
                if self.session.is_human(seat) and seat != viewer and seat not in hand["up"]:
                    secret.add(card)
        return secret - allowed

    def step(self, events):
        self.faces = []
        self.app.step(events, 1 / 60)
        top = self.app.stack.top
        if isinstance(top, HandoffScene):
            self.frames["handoff"] += 1
            viewer = None
        elif top is self.table:
            self.frames["table"] += 1
            viewer = self.at_screen
        else:
            return
        secret = self.private(viewer)
        if secret:
            self.frames["private_checked"] += 1
        leaked = secret & set(self.faces)
        if leaked:
            self.violations.append(
                f"viewer {viewer} saw {sorted(leaked)} "
                f"({type(top).__name__}, hand {len(self.hands) - 1})"
            )


def play_pass_and_play(app, watcher, table, rng, handoffs=None, frames=30_000):
    looked = 0
    confirmed = 0
    for _ in range(frames):
        top = app.stack.top
        events = []
        if game_over(app):
            break
        if isinstance(top, HandoffScene):
            looked += 1
            if handoffs is not None and confirmed >= handoffs:
                break
            if looked > 2:  # the next player looks at the hand-off screen, then confirms
                looked = 0
                confirmed += 1
                watcher.at_screen = NAMES.index(top.player)
                events = [ENTER] if rng.random() < 0.5 else [click(top.ready.rect.center)]
        elif getattr(top, "name", "") == "round_summary":
            events = [ENTER]
        elif top is table and table.controls and not table.animating:
            if table.betting():
                events = [key(pygame.K_RIGHT)] * rng.randrange(3) + [ENTER]
            else:
                events = [key(rng.choice([pygame.K_h, pygame.K_s]))]
        watcher.step(events)
    return confirmed


@pytest.mark.parametrize(
    ("kinds", "speed", "seed"),
    [
        (("human", "human", "human"), "fast", 1),
        (("human", AI, "human", AI, "human"), "fast", 2),
        (("human", "human", AI, AI), "off", 3),
    ],
)
def test_no_hole_card_is_drawn_for_the_wrong_player(app, kinds, speed, seed):
    app.settings.animation_speed = speed
    session = session_for(app, "banco", list(kinds), seed=seed, max_hands=3)
    table = open_table(app, session)
    watcher = Watcher(app, session, table)
    try:
        confirmed = play_pass_and_play(app, watcher, table, random.Random(seed))
    finally:
        watcher.close()
    assert confirmed >= 4
    assert watcher.frames["handoff"] >= 2 * confirmed
    assert watcher.frames["private_checked"] > 30  # the check had secrets to guard
    assert watcher.violations == []


def test_the_privacy_check_catches_a_planted_leak(app, monkeypatch):
    """Control: a table that lays every true hand face up is caught at once."""

    def leaky(self, obs):
        hands = self.session.state.hands
        return {f"hand:{s}": list(h) for s, h in enumerate(hands)}, {"deck": obs.stock_count}

    monkeypatch.setattr(BancoTable, "zones_from", leaky)
    session = session_for(app, "banco", ["human", "human", AI], seed=4, max_hands=2)
    table = open_table(app, session)
    watcher = Watcher(app, session, table)
    try:
        play_pass_and_play(app, watcher, table, random.Random(4), handoffs=2)
    finally:
        watcher.close()
    assert watcher.violations


def test_the_privacy_check_catches_a_skipped_hand_off(app):
    """Control: with the hand-off turned off the next human's card shows at once, while the
    watcher (who only believes confirmed hand-offs) still has the previous player there."""
    app.settings.handoff = False
    session = session_for(app, "banco", ["human", "human", AI], seed=4, max_hands=2)
    table = open_table(app, session)
    watcher = Watcher(app, session, table)
    try:
        play_pass_and_play(app, watcher, table, random.Random(4), frames=3000)
    finally:
        watcher.close()
    assert watcher.violations


def test_before_the_first_hand_off_no_hole_card_is_face_up(app):
    session = session_for(app, "banco", ["human", "human", "human"], seed=8)
    table = open_table(app, session)
    step(app, frames=2)
    assert table.viewer is None
    for seat in range(3):
        assert all(is_placeholder(r) for r in table.zones.row(f"hand:{seat}"))


# -- layout ----------------------------------------------------------------------------------------
def filled_table(app, players, size):
    """A table whose every seat holds its cards, a stake and its longest words."""
    app._resized(*size)
    session = session_for(app, "banco", ["human"] + [AI] * (players - 1), seed=players)
    table = open_table(app, session)
    step(app)
    deck = list(DECKS[session.options.deck_style])
    each = min(5, len(deck) // players)  # 12 seats: 4 each from 56 cards (the box is 5)
    rows = {f"hand:{s}": [deck.pop() for _ in range(each)] for s in range(players)}
    table.zones.reconcile(rows, {"deck": len(deck)})
    table.place_sprites()
    table.outcomes = {s: ("lose", 10, 9, 9) for s in range(players) if s != table.banker}
    table.stakes = [10] * players
    table.status = "Settlement: the bank has 9"
    table.skip_animations()
    return table


def overlapping(rects):
    return [
        (a, b) for (i, a), (j, b) in itertools.combinations(enumerate(rects), 2) if a.colliderect(b)
    ]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("players", range(2, 13))
def test_every_seat_count_fits_at_the_smallest_and_a_large_window(app, players, size):
    table = filled_table(app, players, size)
    width, height = app.size
    window = pygame.Rect(0, 0, width, height)
    s = app.scale
    # Each seat: its plate, its cards and its line of words, as drawn; nothing of two seats
    # meets, nothing leaves the window.
    things = []
    for seat in range(players):
        spot = table.spot(seat)
        row = table.rows[seat]
        plate = rect_to_screen(app, spot.plate)
        cards = rect_to_screen(app, row.cards_box)
        _image, label, _badge = table.label_image(seat)
        assert label.width <= rect_to_screen(app, row.label).width
        assert row.label.colliderect(spot.area) and spot.area.contains(row.cards_box)
        assert spot.area.contains(row.label), (players, seat)
        things += [plate, cards, label]
        for rect in (plate, cards, label):
            assert window.contains(rect), (players, seat, rect)
        # Readable at this size: cards at least 44 pixels tall, words at least 9 pixels.
        assert row.height * s >= 44
        assert _image.get_height() >= 9
    assert overlapping(things) == []
    # The bank, the status line and the controls touch no seat, wherever the bank is.
    status = rect_to_screen(app, geometry.STATUS_BOX)
    for banker in range(players):
        bank = rect_to_screen(app, geometry.bank_rect(table.bank_centre_for(banker)))
        assert window.contains(bank)
        assert overlapping([bank, status]) == []
        assert not any(bank.colliderect(t) for t in things), (players, banker)
        table.banker = banker  # centre call-outs keep clear of this banker's bank
        band = geometry.banner_band(table.banner_point("centre"))
        assert not band.colliderect(geometry.bank_rect(table.bank_centre_for(banker)))
    assert not any(status.colliderect(t) for t in things)
    table.build_controls(0, [Bet(x) for x in range(1, 11)])
    widgets = [table.bet_button, table.slider]
    table.place_controls(widgets)
    for widget in widgets:
        assert window.contains(widget.rect)
        assert not any(widget.rect.colliderect(t) for t in [*things, status])


def test_twelve_seats_in_a_small_window_are_drawn_without_error(app):
    table = filled_table(app, 12, (1024, 640))
    app.draw()
    spot = table.spot(0)
    assert spot.side is Side.BOTTOM
    assert spot.plate.left >= 0 and spot.plate.right <= DESIGN_W and spot.plate.bottom <= DESIGN_H


def test_the_next_seat_sits_on_the_viewers_right(app):
    session = session_for(app, "banco", ["human"] + [AI] * 5, seed=1)
    table = open_table(app, session)
    assert table.spot(1).anchor[0] > DESIGN_W / 2 > table.spot(5).anchor[0]


# -- random input ----------------------------------------------------------------------------------
KEYS = [
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_h,
    pygame.K_s,
    pygame.K_b,
    pygame.K_SPACE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_l,
]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_and_keys_never_break_the_table(app, seed):
    rng = random.Random(seed)
    app.settings.animation_speed = "fast"
    app.settings.ai_pace = "instant"
    session = session_for(app, "banco", ["human"] + [AI] * 7, seed=seed, max_hands=4)
    table = open_table(app, session)
    width, height = app.size
    for _ in range(2500):
        if game_over(app):
            break
        top = app.stack.top
        if top is not table and getattr(top, "name", "") not in ("round_summary", "rules"):
            step(app, [key(pygame.K_ESCAPE)])  # a menu or dialog: back to the table
            continue
        roll = rng.random()
        if roll < 0.4:
            events = [key(rng.choice(KEYS))]
        elif roll < 0.7:
            pos = (rng.randrange(width), rng.randrange(height))
            events = [click(pos), pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]
        else:
            events = []
        step(app, events)
        if table_of(app) is not table:
            break
    truth = run(session.replay, app.registry).state
    assert session.game.state_to_json(truth) == session.game.state_to_json(session.state)
    mine = [a for seat, a in session.replay.actions if seat == 0]
    assert len(mine) >= 3  # the human's random input really played


# -- words, setup, results and idling --------------------------------------------------------------
def test_setup_lists_every_option_but_the_player_count():
    names = {spec.name for spec in BancoTable.setup_options()}
    fields = {f.name for f in dataclasses.fields(BancoOptions)} - {"players"}
    assert names == fields


def test_setup_starts_a_solo_game_with_one_key_and_the_deck_follows_the_player_count(app):
    setup = app.scenes.push("setup", game_id="banco")
    assert setup.options["deck_style"].value is None  # "automatic"
    setup.count.set_value(12)
    setup._count_changed(12)
    step(app, [ENTER])
    table = table_of(app)
    assert isinstance(table, BancoTable)
    assert table.session.options.deck_style == "french56"
    assert table.deck == "banco-french"
    assert [s.kind for s in table.session.seats][:2] == ["human", AI]


def test_every_public_event_of_a_game_has_words_in_the_log(app):
    game = app.registry.get("banco")
    session = session_for(app, "banco", [AI] * 6, seed=13, quick=False)
    table = BancoTable.__new__(BancoTable)  # only its words are needed: no scene is opened
    table.names, table.hands_per_bank = NAMES[:6], 5
    events = list(session.opening_events)
    brains = {s: session.ai_seat(s) for s in range(6)}
    while not session.over:
        seat = session.decider()
        assert seat is not None  # the game is not over
        events += session.apply(seat, brains[seat].choose(*session.ai_inputs(seat)))
    kinds = set()
    for event in events:
        public = event.for_seat(None)
        assert public is not None  # every event of banco has a public view
        line = table.describe_event(public)
        if public.kind not in ("card_dealt", "stood"):
            assert line, public.kind
            kinds.add(public.kind)
    assert {
        "hand_started",
        "bet_placed",
        "card_drawn",
        "settled",
        "bank_passed",
        "game_over",
    } <= kinds
    assert game.result(session.state).over


def test_settlement_words_mark_a_tie_for_the_bank():
    tie = Settled(seat=0, outcome="lose", amount=5, punter_score=7, banker_score=7)
    assert "tie, bank wins" in words.settled_words(tie, "Ana")
    win = Settled(seat=0, outcome="win", amount=3, punter_score=8, banker_score=6)
    assert words.settled_words(win, "Ana") == "Ana beats the bank, 8 to 6: +3."
    assert words.cap_words(1, 8, "bank", 10) == "Bet 1 to 8: the bank has only 8 left"
    assert words.pass_reason("term_complete", 5) == "5 hands"
    assert words.card_words("De09") == "the Cavallo of coins (2)"
    assert words.card_words("H10") == "the 10 of hearts (3)"


def test_the_game_over_screen_ranks_by_chips_and_says_how_often_each_banked(app):
    app.settings.animation_speed = "off"
    session = session_for(app, "banco", [AI] * 4, seed=6, max_hands=None, hands_per_bank=1)
    open_table(app, session)
    run_until(app, game_over, limit=200_000)
    screen = app.stack.top
    chips = list(session.state.chips)
    assert screen.scores == chips
    flat = [seat for place in screen.places for seat in place]
    assert [chips[s] for s in flat] == sorted(chips, reverse=True)
    assert all(d.startswith("banked 1 time") for d in screen.details)  # everyone banked once
    assert screen.winners == list(session.state.winners)


def test_a_table_waiting_for_the_human_lets_the_app_sleep(app):
    table = human_table(app, players=12, first_banker=6)
    step(app, frames=40)
    assert table.controls and app.idle


def test_every_kind_of_banco_event_has_a_typed_handler():
    table = BancoTable.__new__(BancoTable)  # the handler table only: no scene is opened
    handled = table.event_handlers().classes()
    assert sorted(c.KIND for c in handled) == sorted(BancoGame.events.kinds)
    assert len(handled) == len(BancoGame.events.classes)
