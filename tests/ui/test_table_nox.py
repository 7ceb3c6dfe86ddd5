"""The NOX table: its model against the engine, previews, mouse, keyboard and drag-and-drop
input, refusals, saving and resuming (also after a kill), pass-and-play privacy, the layout at
the smallest and a large window for 3 to 6 seats, the summaries, and random input."""

from __future__ import annotations

import itertools
import json
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_helpers import (
    AI,
    ENTER,
    first_legal,
    game_over,
    key,
    local,
    make_app,
    open_table,
    reset,
    run_until,
    session_for,
    step,
)

from nove_desktop.engine.events import Event
from nove_desktop.games.nox.actions import Play
from nove_desktop.games.nox.events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    Merged,
    RoundEnded,
    RoundScored,
    RoundStarted,
)
from nove_desktop.games.nox.scoring import kitty_points
from nove_desktop.session import GameSession
from nove_desktop.ui.table import paint
from nove_desktop.ui.table.layout import DESIGN_H, DESIGN_W
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.tables.nox import NoxTable
from nove_desktop.ui.tables.nox.controls import TargetWidget
from nove_desktop.ui.tables.nox.preview import play_outcome
from nove_desktop.ui.tables.nox.summary import summary_rows
from nove_desktop.ui.tables.nox.words import Narrator

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("nox"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield


# -- helpers -------------------------------------------------------------------------------------
def start(app, kinds, seed=7, **options) -> NoxTable:
    table = open_table(app, session_for(app, "nox", kinds, seed=seed, **options))
    assert isinstance(table, NoxTable)
    return table


def ready(table: TableScene) -> bool:
    return (
        bool(table.controls)
        and not table.animating
        and table.viewer is not None
        and table.viewer in table.session.to_act()
    )


def wait_turn(app, table, turns=0):
    """Run (humans taking the first legal play) until the viewer's ``turns``-th next turn."""
    for _ in range(turns):
        run_until(app, lambda a: ready(table))
        first_legal(app, table)
        step(app)
    run_until(app, lambda a: ready(table))
    step(app, frames=2)


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def motion(pos, held=False):
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)
    )


def click(app, pos):
    step(app, [down(pos), up(pos)])


def card_centre(table, ref):
    return paint.card_rect(table, table.sprites[ref]).center


def hand(table):
    return list(table.zones.row(f"hand:{table.viewer}"))


def targets(table) -> list[TargetWidget]:
    return [w for w in table.controls if isinstance(w, TargetWidget)]


def played(table) -> list[tuple[int, dict]]:
    return list(local(table.session).replay.actions)


def model(table) -> dict[str, list]:
    """The table's zones with face-down cards as None (the viewer's hand in sorted order)."""
    out = {}
    for zone, refs in table.zones.rows.items():
        if refs:
            row: list[Any] = [None if r.startswith("?") else r for r in refs]
            out[zone] = sorted(row) if zone == f"hand:{table.viewer}" else row
    return out


def truth(table) -> dict[str, list]:
    rows, _piles = table.zones_from(table.observe())
    return {z: sorted(r) if z == f"hand:{table.viewer}" else list(r) for z, r in rows.items() if r}


# -- the model follows the engine ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kinds", "speed", "options"),
    [
        (["human", AI, AI, AI, AI, AI], "off", {"max_rounds": 1}),
        (
            [AI, AI, AI],
            "fast",
            {"max_rounds": 2, "variant": "thick_skinned", "deck_profile": "uniform"},
        ),
    ],
)
def test_the_animated_model_equals_the_observation_after_every_action(app, kinds, speed, options):
    """Before the table rebuilds its zones from the observation, the zones its event handlers
    built must already be equal to it: every card played, merged, drawn and dealt lands where
    the engine put it."""
    app.settings.animation_speed = "fast"
    table = start(app, kinds, seed=21, **options)
    mismatches, checked = [], []
    original = table.reconcile

    def checked_reconcile():
        if not table.queue and table.actions_applied:
            checked.append(table.actions_applied)
            if (
                model(table) != truth(table)
                or table.zones.piles != table.zones_from(table.observe())[1]
            ):
                mismatches.append((table.actions_applied, model(table), truth(table)))
        original()

    table.reconcile = checked_reconcile  # type: ignore[method-assign]  # watched: wrapped in place
    run_until(app, game_over, limit=200_000)
    actions = len(local(table.session).replay.actions)
    assert actions > 15 and len(set(checked)) >= actions - 2
    assert mismatches == []
    assert app.stack.top.scores == list(table.session.result().scores)
    assert len(table.rounds) == options["max_rounds"]  # one score-sheet row per round


def test_the_preview_agrees_with_the_engine_on_every_legal_play():
    """Over seeded games: for every legal play, the preview's kitty, merge, points and round
    end are what the engine then does."""
    from nove_desktop.games import default_registry

    game = default_registry().get("nox")
    compared = merges = endings = 0
    for seed in range(6):
        options = game.options_from_json(
            {
                "players": 3 + seed % 4,
                "max_rounds": 1,
                "deck_profile": "uniform" if seed % 2 else "published",
            }
        )
        state, _ = game.new_game(options, seed)
        rng = random.Random(seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            for action in rng.sample(legal, min(8, len(legal))):
                assert isinstance(action, Play)  # NOX's one kind of action
                kitty = [list(s) for s in state.kitties[action.target]]
                outcome = play_outcome(kitty, action.card, action.stack)
                copy = state.copy()
                events = game.apply(copy, seat, action)
                merged = [e for e in events if isinstance(e, Merged)]
                assert (outcome.merged is not None) == bool(merged)
                if merged:
                    merges += 1
                    assert outcome.merged == (merged[0].from_index, merged[0].into_index)
                scored = [e for e in events if isinstance(e, RoundScored)]
                six = [e for e in events if isinstance(e, RoundEnded) and e.reason == "six_stacks"]
                assert outcome.ends_round == bool(six)
                if scored:
                    endings += 1
                    assert outcome.after == scored[0].points[action.target]
                else:
                    assert list(outcome.stacks) == [tuple(s) for s in copy.kitties[action.target]]
                    assert outcome.after == kitty_points(copy.kitties[action.target])
                assert outcome.before == kitty_points([tuple(s) for s in kitty])
                compared += 1
            game.apply(state, seat, rng.choice(legal))
    assert compared > 500 and merges > 20 and endings > 3


# -- human input -----------------------------------------------------------------------------------
def test_a_click_on_a_card_then_a_click_on_a_lit_place_plays_it(app):
    table = start(app, ["human", AI, AI, AI])
    wait_turn(app, table, turns=2)
    card = hand(table)[1]
    click(app, card_centre(table, card))
    assert table.selected_card == card and table.sprites[card].selected
    assert table.viewer is not None
    legal = {a for a in table.session.legal(table.viewer) if isinstance(a, Play) and a.card == card}
    assert {w.action for w in targets(table)} == legal
    place = targets(table)[-1]
    before = len(played(table))
    click(app, place.rect.center)
    assert len(played(table)) == before + 1
    assert played(table)[-1] == (table.viewer, place.action.to_json())
    step(app, frames=3)
    zone = f"kitty:{place.action.target}:"
    assert any(z.startswith(zone) and card in refs for z, refs in table.zones.rows.items())


def test_the_keyboard_alone_picks_a_card_and_a_place(app):
    table = start(app, ["human", AI, AI, AI, AI])
    wait_turn(app, table, turns=1)
    focused = table.focus.focused
    assert focused is not None and getattr(focused, "ref", None) == hand(table)[0]
    step(app, [key(pygame.K_TAB)])
    assert getattr(table.focus.focused, "ref", None) == hand(table)[1]
    step(app, [ENTER])
    card = hand(table)[1]
    assert table.selected_card == card
    assert isinstance(table.focus.focused, TargetWidget)  # the keyboard moved to a place
    assert table.preview_words()  # and the status line previews it
    step(app, [key(pygame.K_RIGHT)])
    chosen = table.focus.focused
    assert isinstance(chosen, TargetWidget)
    before = len(played(table))
    step(app, [ENTER])
    assert played(table)[before:] == [(table.viewer, chosen.action.to_json())]


def test_a_resized_window_keeps_the_picked_card_and_moves_its_places(app):
    table = start(app, ["human", AI, AI, AI])
    wait_turn(app, table, turns=1)
    step(app, [key(pygame.K_2)])
    card = table.selected_card
    before = {w.action: w.rect.copy() for w in targets(table)}
    app._resized(1920, 1080)
    step(app, frames=3)
    assert table.selected_card == card
    after = {w.action: w.rect for w in targets(table)}
    assert set(after) == set(before)
    assert all(after[a].width > before[a].width for a in after)
    for action, rect in after.items():  # each lit place still lies over its stack or slot
        assert table.place_at(rect.center) == (action.target, action.stack)


def test_keys_one_to_three_pick_a_card_and_backspace_puts_it_back(app):
    table = start(app, ["human", AI, AI])
    wait_turn(app, table)
    step(app, [key(pygame.K_3)])
    assert table.selected_card == hand(table)[2]
    step(app, [key(pygame.K_BACKSPACE)])
    assert table.selected_card is None and not targets(table)
    step(app, [key(pygame.K_1)])
    assert table.selected_card == hand(table)[0] and targets(table)


def drag(app, start_pos, end_pos):
    step(app, [down(start_pos)])
    for k in range(1, 6):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * k / 5
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * k / 5
        step(app, [motion((round(x), round(y)), held=True)])
    step(app, [up(end_pos)])


def test_a_card_dragged_onto_a_place_is_played_there(app):
    table = start(app, ["human", AI, AI, AI])
    wait_turn(app, table, turns=3)
    card = hand(table)[0]
    step(app, [down(card_centre(table, card))])
    step(app, [motion((card_centre(table, card)[0], card_centre(table, card)[1] - 40), True)])
    assert table.dragged() is table.sprites[card] and table.selected_card == card
    place = next(w for w in targets(table) if w.action.target != table.viewer)
    before = len(played(table))
    step(app, [motion(place.rect.center, True)])
    assert table.preview_widget() is place  # the place under the carried card is previewed
    step(app, [up(place.rect.center)])
    assert played(table)[before:] == [(table.viewer, place.action.to_json())]
    assert table.drag is None


def test_a_card_dropped_nowhere_goes_back_to_the_hand(app):
    table = start(app, ["human", AI, AI])
    wait_turn(app, table)
    card = hand(table)[1]
    home = card_centre(table, card)
    before = len(played(table))
    drag(app, home, table.to_screen((640, 420)))
    assert len(played(table)) == before
    step(app, frames=40)
    assert card in hand(table) and card_centre(table, card)[1] <= home[1]


def illegal_place(table, card):
    """A stack whose top card has another colour than ``card`` (a cover the rules refuse)."""
    for seat in range(table.n):
        for index, stack in enumerate(table.kitty_rows(seat)):
            if stack[-1][0] != card[0]:
                return seat, index
    return None


def test_a_click_on_a_place_that_is_not_lit_shows_the_engines_reason(app):
    table = start(app, ["human", AI, AI, AI])
    for _ in range(12):
        wait_turn(app, table)
        found = [(c, illegal_place(table, c)) for c in hand(table)]
        found = [(c, p) for c, p in found if p is not None]
        if found:
            break
        first_legal(app, table)
    card, (seat, index) = found[0]
    step(app, [key(pygame.K_1 + hand(table).index(card))])
    assert table.selected_card == card
    before_actions = played(table)
    before_hand = hand(table)
    app.toasts.clear()
    click(app, table.place_rect(seat, index).center)
    assert played(table) == before_actions and hand(table) == before_hand
    assert app.toasts and app.toasts[-1].error
    assert "colour" in app.toasts[-1].text and "cannot cover" in app.toasts[-1].text
    assert table.selected_card == card  # the choice stays, the player can try elsewhere


def test_a_click_on_a_deep_stack_opens_it_for_a_look(app):
    table = start(app, ["human", AI, AI, AI])
    deep = None
    for _ in range(20):
        wait_turn(app, table)
        deep = next(
            (
                (s, i)
                for s in range(table.n)
                for i, stack in enumerate(table.kitty_rows(s))
                if len(stack) >= 2
            ),
            None,
        )
        if deep:
            break
        first_legal(app, table)
    assert deep is not None
    faces: list[str] = []
    original = app.art.face

    def face(card, w, h, deck="nove"):
        faces.append(card)
        return original(card, w, h, deck)

    app.art.face = face
    try:
        click(app, table.place_rect(*deep).center)
        assert table.pinned == deep
        faces.clear()
        step(app)
        stack = table.kitty_rows(deep[0])[deep[1]]
        assert set(stack[:-1]) <= set(faces)  # the buried cards are drawn in the panel
        click(app, table.place_rect(*deep).center)
        assert table.pinned is None
    finally:
        app.art.face = original


# -- saving and resuming ---------------------------------------------------------------------------
def resume(app) -> NoxTable:
    data = app.storage.load_game().data
    assert data is not None
    reset(app)
    session = GameSession.from_save(data, app.registry)
    table = open_table(app, session, resumed=True)
    assert isinstance(table, NoxTable)
    return table


def test_a_game_saved_mid_round_resumes_exactly(app):
    table = start(app, ["human", AI, AI, AI], seed=9, max_rounds=2)
    wait_turn(app, table, turns=5)
    state = table.session.game.state_to_json(local(table.session).state)
    log = list(table.log)
    kitties = {s: table.kitty_rows(s) for s in range(table.n)}
    again = resume(app)
    assert again.session.game.state_to_json(local(again.session).state) == state
    assert again.log == log  # the move log is rebuilt word for word
    assert {s: again.kitty_rows(s) for s in range(again.n)} == kitties
    run_until(app, lambda a: ready(again))
    assert model(again) == truth(again)
    run_until(app, game_over, limit=200_000)


def test_a_game_resumed_after_a_round_keeps_its_score_sheet(app):
    table = start(app, ["human", AI, AI], seed=4, max_rounds=3)
    run_until(app, lambda a: len(table.rounds) == 1 and ready(table), limit=100_000)
    rounds = list(table.rounds)
    again = resume(app)
    assert again.rounds == rounds
    step(app, [key(pygame.K_s)])
    sheet = app.stack.top
    assert sheet.name == "history"
    assert "target 150" in sheet.title and "standard" in sheet.title
    assert sheet.rows[0][0] == "1" and sheet.rows[-1][0][0] == "Total"


KILLER = """
import os, signal, sys
sys.path[:0] = [{root!r}, {helpers!r}]
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from table_helpers import make_app, reset, session_for, open_table, run_until, AI
app = make_app({folder!r})
reset(app)
save = app.storage.save_game
def save_then_die(data):
    save(data)
    if len(data["replay"]["actions"]) == {at}:
        os.kill(os.getpid(), signal.SIGKILL)
app.storage.save_game = save_then_die
table = open_table(app, session_for(app, "nox", ["human", AI, AI, AI], seed=13, max_rounds=2))
run_until(app, lambda a: False, limit=100_000)
"""


def test_a_game_killed_at_a_chosen_action_resumes_from_its_autosave(app, tmp_path):
    at = 23
    script = KILLER.format(
        root=str(ROOT), helpers=str(ROOT / "tests" / "ui"), folder=str(tmp_path), at=at
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, timeout=120, capture_output=True, text=True
    )
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]
    data = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    session = GameSession.from_save(data, app.registry)
    assert len(local(session).replay.actions) == at
    reset(app)
    table = open_table(app, session, resumed=True)
    run_until(app, lambda a: ready(table) or game_over(a), limit=100_000)
    if ready(table):
        assert model(table) == truth(table)
    run_until(app, game_over, limit=200_000)
    assert len(local(table.session).replay.actions) > at


# -- pass-and-play privacy -------------------------------------------------------------------------
class PrivacyWatch:
    """Records every face drawn per frame and judges it against the cards that are private
    at the moment the table shows (built from the events it has played, in order: a dealt or
    drawn card belongs to its owner until it is played)."""

    def __init__(self, app, table):
        self.app, self.table = app, table
        self.owner: dict[str, int] = {}
        self.faces: list[str] = []
        self.violations: list[str] = []
        self.frames = self.handoff_frames = self.faces_seen = self.own_faces = 0
        self.original_face = app.art.face
        self.original_process = table.process
        app.art.face = self.face
        table.process = self.process

    def close(self):
        self.app.art.face = self.original_face

    def face(self, card, w, h, deck="nove"):
        self.faces.append(card)
        return self.original_face(card, w, h, deck)

    def process(self, raw: Event) -> bool:
        if isinstance(raw, RoundStarted):
            self.owner.clear()
        elif isinstance(raw, CardDealt | CardDrawn):
            assert raw.card is not None  # the raw event, before any seat's censoring
            self.owner[raw.card] = raw.seat
        elif isinstance(raw, CardPlayed):
            self.owner.pop(raw.card, None)
        return self.original_process(raw)

    def step(self, events=()):
        self.faces = []
        self.app.step(list(events), 1 / 30)
        top = self.app.stack.top
        drawn = set(self.faces)
        if getattr(top, "name", "") == "handoff":
            self.handoff_frames += 1
            if drawn & set(self.owner):
                self.violations.append(f"hand-off shows {sorted(drawn & set(self.owner))}")
            return
        if self.table not in self.app.stack.visible():
            return
        self.frames += 1
        self.faces_seen += len(drawn)
        viewer = self.table.viewer
        leaked = {c for c in drawn if c in self.owner and self.owner[c] != viewer}
        self.own_faces += len([c for c in drawn if self.owner.get(c) == viewer])
        if leaked:
            self.violations.append(f"viewer {viewer} sees {sorted(leaked)}")


def random_play_events(table, rng):
    """One random legal play for the viewer, through the mouse or the keyboard."""
    card = rng.choice(hand(table))
    if rng.random() < 0.5:
        events = [down(card_centre(table, card)), up(card_centre(table, card))]
        return events, card
    return [key(pygame.K_1 + hand(table).index(card))], card


def drive(app, watch, table, rng, frames, stop=None):
    handoffs = decisions = 0
    looked = 0
    for _ in range(frames):
        top = app.stack.top
        name = getattr(top, "name", "")
        events = []
        if name == "game_over" or (stop is not None and stop(handoffs)):
            break
        if name == "handoff":
            looked += 1
            if looked > 2:
                events = [ENTER]
                handoffs += 1
                looked = 0
        elif name == "round_summary":
            events = [ENTER]
        elif top is table and ready(table):
            if table.selected_card is None:
                events, _card = random_play_events(table, rng)
            else:
                place = rng.choice(targets(table))
                events = [down(place.rect.center), up(place.rect.center)]
                decisions += 1
        watch.step(events)
    return handoffs, decisions


@pytest.mark.parametrize("kinds", [["human", "human", "human"], ["human", AI, "human", AI]])
def test_no_hand_is_ever_drawn_for_another_player(app, kinds):
    app.settings.animation_speed = "fast"
    table = start(app, kinds, seed=31, max_rounds=2)
    watch = PrivacyWatch(app, table)
    try:
        for _ in range(3):  # before the first hand-off, nobody's hand shows
            watch.step()
        assert table.viewer is None
        handoffs, decisions = drive(app, watch, table, random.Random(5), 6000)
    finally:
        watch.close()
    assert handoffs >= 6 and decisions >= 10
    assert watch.handoff_frames >= 2 * handoffs
    assert watch.faces_seen > 0 and watch.own_faces > 0  # the check watched real faces
    assert watch.violations == []


def test_the_privacy_check_catches_a_planted_leak(app, monkeypatch):
    """Control: a table that shows every hand face up is caught at once."""

    def leaky(self, obs):
        rows, piles = zones_from(self, obs)
        for seat, cards in enumerate(local(self.session).state.hands):
            rows[f"hand:{seat}"] = list(cards)
        return rows, piles

    zones_from = NoxTable.zones_from
    monkeypatch.setattr(NoxTable, "zones_from", leaky)
    table = start(app, ["human", "human", AI], seed=32)
    watch = PrivacyWatch(app, table)
    try:
        drive(app, watch, table, random.Random(6), 400, stop=lambda handoffs: handoffs >= 2)
    finally:
        watch.close()
    assert watch.violations


# -- layout ----------------------------------------------------------------------------------------
def screen_rects(app, table):
    """Every fixed thing of the table in window pixels, named."""
    rects = {}
    for spot in table.spots:
        rects[f"plate {spot.seat}"] = paint.rect_to_screen(app, spot.plate)
        rects[f"seat {spot.seat}"] = paint.rect_to_screen(app, table.geometry[spot.seat].bounds)
    w, h = table.card_size(table.pile_width)
    pile = pygame.Rect(0, 0, w, h + app.s(24))
    pile.midtop = table.to_screen(
        (table.deck_spot[0], table.deck_spot[1] - table.pile_width * table.card_ratio / 2)
    )
    rects["pile"] = pile
    for i, button in enumerate(table.hud_buttons):
        rects[f"hud {i}"] = button.rect
    for i, widget in enumerate(w for w in table.controls if not isinstance(w, TargetWidget)):
        rects[f"button {i}"] = widget.rect
    status = paint.fitted(app, table.status, app.s(620), app.s(20), (0, 0, 0), bold=True)
    rects["status"] = status.get_rect(midtop=table.to_screen((640, paint.STATUS_Y)))
    return rects


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_nothing_overlaps_and_nothing_leaves_the_window(app, size, count):
    app._resized(*size)
    table = start(app, ["human"] + [AI] * (count - 1), seed=40 + count)
    wait_turn(app, table, turns=4)
    step(app, [key(pygame.K_1)])
    merging = [
        w for w in targets(table) if (outcome := table.outcome_of(w)) is not None and outcome.merged
    ]
    place = (merging or targets(table))[-1]
    step(app, [motion(place.rect.center)])
    step(app)
    assert table.preview_widget() is place
    width, height = app.size
    window = pygame.Rect(0, 0, width, height)
    rects = screen_rects(app, table)
    for name, rect in rects.items():
        assert window.contains(rect), (name, rect, size)
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb, size, count)
    labels = list(table.drawn_labels)
    assert len(labels) >= 2 * count
    seats = [r for n, r in rects.items() if n.startswith("seat ")]
    for label in labels:
        assert window.contains(label)
        assert any(seat.contains(label) for seat in seats), (label, size, count)
    for a, b in itertools.combinations(labels, 2):
        assert not a.colliderect(b), (a, b, size, count)
    for sprite in table.sprites.values():  # every card at rest lies inside the window
        assert window.contains(paint.card_rect(table, sprite))


def test_the_design_places_fit_the_design_window(app):
    for count in range(3, 7):
        table = start(app, ["human"] + [AI] * (count - 1))
        for geometry in table.geometry.values():
            bounds = geometry.bounds
            assert bounds.left >= 0 and bounds.right <= DESIGN_W
            assert bounds.top >= 0 and bounds.bottom <= DESIGN_H
        reset(app)


# -- words -----------------------------------------------------------------------------------------
def test_the_log_names_covers_and_merges_as_players_say_them():
    narrator = Narrator(["Marie", "Anna", "Claire"], "standard")
    lines = [narrator.line(RoundStarted(round=1, start_seat=1))]
    for index, card in enumerate(["B04-1", "G14-1", "O06-1", "B15-1", "G05-1"]):
        lines.append(
            narrator.line(
                CardPlayed(seat=1, card=card, target=0, placement="new_stack", stack=index)
            )
        )
    lines.append(
        narrator.line(CardPlayed(seat=1, card="G14-2", target=0, placement="cover", stack=4))
    )
    lines.append(
        narrator.line(
            Merged(target=0, from_index=4, into_index=1, new_index=1, new_depth=3, stacks=4)
        )
    )
    assert lines[0] == "Round 1 \u2014 Anna starts."
    assert lines[1] == "Anna laid the blue 4 as a new stack in Marie's kitty."
    assert lines[-2] == "Anna covered the green 5 in Marie's kitty with the green 14."
    assert lines[-1] == "Anna's 14 merged Marie's stacks: 5 \u2192 4."
    assert narrator.kitties[0] == [["B04-1"], ["G14-1", "G05-1", "G14-2"], ["O06-1"], ["B15-1"]]


def test_the_round_summary_says_who_was_not_eligible_and_who_recorded():
    """Spec NX-7 in the thick-skinned variant: only Marie records."""
    narrator = Narrator(["Marie", "Anna", "Claire"], "thick_skinned")
    narrator.kitties = [
        [["B04-1"], ["G14-1", "G05-1", "G14-2"], ["O06-1"], ["B15-1"]],
        [["G12-2"], ["O13-2"], ["G07-2"], ["O10-2"]],
        [["B01-1"], ["G12-1"], ["O06-2"], ["O03-1"], ["G02-2"], ["B04-2"]],
    ]
    scored = RoundScored(
        round=1,
        points=(39, 0, 28),
        eligible=(True, False, True),
        recorded=(39, 0, 0),
        totals=(39, 0, 0),
    )
    rows = summary_rows(narrator.names, narrator.kitties, scored, "thick_skinned")
    assert rows[0][1] == "B4 G14 O6 B15" and rows[0][3][0] == "39"
    assert rows[1][2][0] == "not eligible: no blue"
    assert rows[0][4][0] == "+39 recorded" and rows[2][4][0] == "not recorded"
    line = narrator.line(scored)
    assert line == "Round 1 scored: Marie 39, Anna 0 (no blue), Claire 28. Only Marie records."


def test_the_round_summary_opens_over_the_table_with_the_rounds_rows(app):
    table = start(app, ["human", AI, AI, AI], seed=3, variant="thick_skinned")
    run_until(
        app,
        lambda a: getattr(a.stack.top, "name", "") == "round_summary",
        limit=100_000,
        human=first_legal,
    )
    summary = app.stack.top
    scored = table.rounds[-1]
    assert summary.columns[-2] == "Recorded"
    assert [row[3][0] for row in summary.rows] == [str(p) for p in scored.points]
    assert "Thick-skinned to 100" in summary.note
    for seat, row in enumerate(summary.rows):
        assert (
            row[2][0] == "all three"
            if scored.eligible[seat]
            else row[2][0].startswith("not eligible")
        )


def test_setup_offers_every_option_but_the_player_count_and_the_simulation_cap(app):
    import dataclasses

    from nove_desktop.games.nox.options import NoxOptions

    specs = NoxTable.setup_options()
    fields = {f.name for f in dataclasses.fields(NoxOptions)}
    assert {s.name for s in specs} == fields - {"players", "max_rounds"}
    game = app.registry.get("nox")
    defaults = {s.name: s.values[0] for s in specs}
    options = game.options_from_json({"players": 4, **defaults})
    assert options.target == 150 and options.variant == "standard"
    for spec in specs:
        for value in spec.values:
            game.options_from_json({"players": 4, **defaults, spec.name: value})
            assert spec.describe(value)


# -- random input ----------------------------------------------------------------------------------
KEYS = [
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_BACKSPACE,
    pygame.K_s,
    pygame.K_l,
    pygame.K_r,
    pygame.K_ESCAPE,
    pygame.K_x,
]


def back_to_the_table(app, table):
    """Close what random input opened over the table (rules, score sheet, a dialog)."""
    for _ in range(10):
        name = getattr(app.stack.top, "name", "")
        if app.stack.top is table or name in ("round_summary", "handoff", "game_over"):
            return
        step(app, [key(pygame.K_ESCAPE)])


@pytest.mark.parametrize("kinds", [["human", AI, AI, AI, AI], ["human", "human", AI]])
def test_random_clicks_and_keys_never_break_the_table(app, kinds):
    rng = random.Random(len(kinds))
    app.settings.animation_speed = "fast"
    table = start(app, kinds, seed=50, max_rounds=2)
    width, height = app.size
    pressed = None
    for _ in range(2500):
        roll = rng.random()
        if roll < 0.35:
            pos = (rng.randrange(width), rng.randrange(height))
            events = [motion(pos, held=pressed is not None)]
        elif roll < 0.55:
            pos = (rng.randrange(width), rng.randrange(height))
            if pressed is None:
                events, pressed = [down(pos)], pos
            else:
                events, pressed = [up(pos)], None
        elif roll < 0.75 and app.stack.top is table and ready(table) and hand(table):
            ref = rng.choice(hand(table))
            centre = card_centre(table, ref)
            aim = rng.choice(targets(table)).rect.center if targets(table) else centre
            events = [down(centre), motion(aim, True), up(aim)]
        else:
            events = [key(rng.choice(KEYS))]
        step(app, events)
        if table not in app.stack:  # the player left (Menu, Leave): come back with Continue
            table = resume(app)
        if getattr(app.stack.top, "name", "") == "game_over":
            break
    assert len(local(table.session).replay.actions) > 10
    back_to_the_table(app, table)
    run_until(app, lambda a: ready(table) or game_over(a), limit=20_000)
    if ready(table):
        assert model(table) == truth(table)


def test_a_table_waiting_for_a_human_sleeps(app):
    table = start(app, ["human", AI, AI, AI, AI, AI])
    wait_turn(app, table)
    step(app, frames=30)
    assert app.idle
    step(app, [key(pygame.K_1)])
    step(app, [motion(targets(table)[0].rect.center)])
    step(app, frames=30)
    assert app.idle  # a selected card and a preview need no frames either
