"""The NOVE table's input: the controls offered are exactly the engine's legal actions, and keys,
focus and clicks turn into exactly those actions; refusals show the engine's reason; input during
animations only skips them.

One human (seat 0) against AI seats over a stacked deck: dealer 2, so seat 0 acts first. Seat 0 is
dealt R5 G6 PA; exchanging G6 and PA brings R1 and Y2 (a hand of 8: NOVE may be announced).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random
import time
from itertools import combinations

import pygame
import pytest

from nove_desktop.engine import Stack
from nove_desktop.games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene
from nove_desktop.ui.scenes.table_nove import CardToggle, NoveTableScene
from nove_desktop.ui.scenes.title import TitleScene

FRAME = 1 / 60
DEAL = ("R5", "Y3", "P2", "G6", "G4", "Y6", "PA", "RB", "GC", "R1", "Y2")
SEATS = [
    SeatConfig("You", "human"),
    SeatConfig("Ada", "heuristic"),
    SeatConfig("Bruno", "heuristic"),
]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1280, 720))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def clean(app):
    while len(app.stack):
        app.stack.pop()
    app._resized(1280, 720)
    app.settings.animation_speed = "off"
    app.settings.ai_pace = "instant"
    app.settings.handoff = True
    app.toasts.clear()
    yield
    while len(app.stack):
        app.stack.pop()


def new_session(app, seed=1, deck=DEAL, seats=SEATS, dealer=2):
    game = app.registry.get("nove")
    options = game.options_from_json({"players": len(seats), "first_dealer": dealer})
    stack = Stack(cards=deck) if deck else None
    return GameSession(game, options, seed, seats, stack)


def open_table(app, session, resumed=False):
    app.stack.push(TitleScene(app))
    scene = NoveTableScene(app, session, resumed=resumed)
    app.stack.push(scene)
    return scene


# -- input events ---------------------------------------------------------------------------------
def key(app, k, dt=FRAME, mod=0):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], dt)


def click(app, pos, dt=FRAME):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step([down, up], dt)


def ready_for_human(scene):
    session = scene.session
    decider = session.decider()
    return (
        scene.app.stack.top is scene
        and decider is not None
        and session.is_human(decider)
        and scene.viewer == decider
        and scene.my_turn()
        and bool(scene.buttons)
    )


def settle(app, scene, max_frames=3000, dt=FRAME):
    """Step until the human must act with controls on screen (round summaries are closed)."""
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return False
        if isinstance(top, RoundSummaryScene):
            key(app, pygame.K_RETURN, dt)
            continue
        if ready_for_human(scene):
            return True
        if scene.ai_future is not None and not scene.ai_future.done():
            time.sleep(0.0005)
        app.step([], dt)
    raise AssertionError("the human was never asked to act")


def state_of(scene):
    return scene.session.game.state_to_json(scene.session.state)


def last_action(scene):
    return scene.session.replay.actions[-1]


def toasts(app):
    return [t.text for t in app.toasts]


# -- the controls are the legal actions -----------------------------------------------------------
def actions_of_controls(scene):
    """What every control would apply, found by pressing them with ``act`` intercepted."""
    captured = []
    scene.act = captured.append  # the buttons call self.act(...) at click time
    try:
        toggles = [b for b in scene.buttons if isinstance(b, CardToggle)]
        others = [b for b in scene.buttons if not isinstance(b, CardToggle)]
        if toggles:
            assert len(others) == 1, "one confirm button besides the cards"
            for k in range(len(toggles) + 1):
                for chosen in combinations(range(len(toggles)), k):
                    scene.selected = {toggles[i].index for i in chosen}
                    others[0].activate()
            scene.selected = set()
        else:
            for button in others:
                button.activate()
    finally:
        del scene.act
    return captured


def assert_controls_match_legal(scene):
    seat = scene.viewer
    legal = scene.session.legal(seat)
    assert legal, "controls are shown only when the seat may act"
    toggles = [b for b in scene.buttons if isinstance(b, CardToggle)]
    if isinstance(legal[0], Discard):
        hand = scene.session.state.hands[seat]
        assert sorted(t.index for t in toggles) == list(range(len(hand)))
        assert sorted(scene.hands[seat][t.index].card for t in toggles) == sorted(hand)
    else:
        assert toggles == []
    offered = actions_of_controls(scene)
    assert len(offered) == len(set(offered)), "two controls do the same thing"
    assert set(offered) == set(legal)
    for button in scene.buttons:
        if isinstance(button, CardToggle):
            continue
        assert button.rect.width > 0 and button.rect.height > 0
        assert pygame.Rect((0, 0), scene.app.size).contains(button.rect), "button off screen"
    if not toggles:  # one button per action, in the engine's order
        labels = {type(a): b.label.lower() for a, b in zip(legal, scene.buttons, strict=True)}
        for kind, word in ((Hit, "hit"), (Stand, "stand"), (AskJokers, "joker")):
            if kind in labels:
                assert word in labels[kind]
    return legal


def test_exchange_offers_three_card_toggles_and_one_confirm_button(app):
    scene = open_table(app, new_session(app))
    assert settle(app, scene)
    assert scene.session.state.hands[0] == ["R5", "G6", "PA"]
    legal = assert_controls_match_legal(scene)
    assert len(legal) == 8  # every subset of three cards
    toggles = [b for b in scene.buttons if isinstance(b, CardToggle)]
    assert len(toggles) == 3


def test_clicking_cards_then_confirm_discards_exactly_those_cards(app):
    scene = open_table(app, new_session(app))
    settle(app, scene)
    before = len(scene.session.replay.actions)
    toggles = {scene.hands[0][t.index].card: t for t in scene.buttons if isinstance(t, CardToggle)}
    click(app, toggles["R5"].rect.center)
    assert scene.selected == {toggles["R5"].index}
    click(app, toggles["G6"].rect.center)
    click(app, toggles["PA"].rect.center)
    click(app, toggles["R5"].rect.center)  # changed my mind: R5 stays
    assert scene.selected == {toggles["G6"].index, toggles["PA"].index}
    assert len(scene.session.replay.actions) == before  # choosing cards is not an action
    click(app, scene.exchange_button.rect.center)
    assert len(scene.session.replay.actions) == before + 1
    assert last_action(scene) == (0, Discard(("G6", "PA")).to_json())
    settle(app, scene)
    assert scene.session.state.hands[0] == ["R5", "R1", "Y2"]


def test_the_confirm_button_alone_keeps_all_three_cards(app):
    scene = open_table(app, new_session(app))
    settle(app, scene)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.exchange_button
    key(app, pygame.K_RETURN)
    assert last_action(scene) == (0, Discard(()).to_json())


def test_keyboard_space_toggles_the_focused_card(app):
    scene = open_table(app, new_session(app))
    settle(app, scene)
    first = scene.focus.focused
    assert isinstance(first, CardToggle)
    key(app, pygame.K_SPACE)
    assert scene.selected == {first.index}
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    seat, action = last_action(scene)
    assert seat == 0 and action["type"] == "discard"
    assert sorted(action["cards"]) == sorted(["R5", "G6"])


def _to_turn(app, scene):
    settle(app, scene)
    _exchange_by_clicks(app, scene)  # G6 and PA go, R1 and Y2 come
    assert settle(app, scene)
    assert scene.session.state.phase == "turn"


def test_turn_offers_nove_hit_and_stand(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    legal = assert_controls_match_legal(scene)
    assert set(legal) == {AnnounceNove(None), Hit(), Stand()}
    assert len(scene.buttons) == 3


def test_h_hits_and_s_stands(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    count = len(scene.session.replay.actions)
    key(app, pygame.K_h)
    assert len(scene.session.replay.actions) == count + 1
    assert last_action(scene) == (0, {"type": "hit"})
    assert len(scene.session.state.hands[0]) == 4
    assert settle(app, scene)
    assert scene.session.decider() == 0  # 8 + one card never busts: still seat 0's turn
    assert_controls_match_legal(scene)  # no NOVE after a hit
    assert AnnounceNove(None) not in scene.session.legal(0)
    key(app, pygame.K_s)
    assert len(scene.session.replay.actions) == count + 2
    assert last_action(scene) == (0, {"type": "stand"})


def test_n_announces_nove(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    key(app, pygame.K_n)
    assert last_action(scene) == (0, AnnounceNove(None).to_json())


def test_tab_moves_the_focus_and_enter_presses_the_focused_button(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    legal = scene.session.legal(0)
    assert scene.focus.focused is scene.buttons[0]
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.buttons[1]
    assert scene.focus.keyboard  # the focus ring shows
    count = len(scene.session.replay.actions)
    key(app, pygame.K_RETURN)
    assert len(scene.session.replay.actions) == count + 1
    assert last_action(scene) == (0, legal[1].to_json())


def test_shift_tab_moves_back_and_wraps_to_the_menu_buttons(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.focus.focused is scene.rules_button
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.focus.focused is scene.menu_button
    count = len(scene.session.replay.actions)
    key(app, pygame.K_RETURN)  # opens the "leave?" question, not a game action
    assert len(scene.session.replay.actions) == count
    assert app.stack.top is not scene
    key(app, pygame.K_ESCAPE)  # "Stay"
    assert app.stack.top is scene


def test_a_click_on_a_button_applies_its_action(app):
    scene = open_table(app, new_session(app))
    _to_turn(app, scene)
    legal = scene.session.legal(0)
    index = legal.index(Stand())
    click(app, scene.buttons[index].rect.center)
    assert last_action(scene) == (0, {"type": "stand"})


def test_h_during_the_exchange_shows_the_engines_reason_and_changes_nothing(app):
    scene = open_table(app, new_session(app))
    settle(app, scene)
    before = state_of(scene)
    count = len(scene.session.replay.actions)
    app.toasts.clear()
    key(app, pygame.K_h)
    assert state_of(scene) == before
    assert len(scene.session.replay.actions) == count
    texts = toasts(app)
    assert len(texts) == 1 and app.toasts[0].error
    assert "cannot hit" in texts[0].lower()
    assert "exchange" in texts[0].lower()  # the engine's reason names what to do instead
    assert ready_for_human(scene)  # the controls are still there
    key(app, pygame.K_s)
    key(app, pygame.K_j)
    key(app, pygame.K_n)
    assert state_of(scene) == before
    assert len(scene.session.replay.actions) == count


def test_hotkeys_are_ignored_while_an_ai_seat_decides(app):
    app.settings.ai_pace = "slow"
    session = new_session(app, dealer=0)  # order 1, 2, 0: the AI seats act first
    scene = open_table(app, session)
    for _ in range(5):
        app.step([], FRAME)
    assert session.decider() != 0
    assert not scene.my_turn() and not scene.buttons
    app.toasts.clear()
    for k in (pygame.K_h, pygame.K_s, pygame.K_n, pygame.K_j, pygame.K_RETURN, pygame.K_SPACE):
        key(app, k)
    assert all(seat != 0 for seat, _ in session.replay.actions)


# -- animations ----------------------------------------------------------------------------------
def test_input_during_animations_skips_them_and_is_never_an_action(app):
    app.settings.animation_speed = "normal"
    scene = open_table(app, new_session(app))
    app.step([], FRAME)
    app.step([], FRAME)
    assert scene.animating and scene.queue  # the deal is being animated
    key(app, pygame.K_h)
    assert not scene.queue and scene.hold == 0
    assert scene.session.replay.actions == []
    assert not toasts(app)  # the key was used for the skip, not refused
    settle(app, scene)
    _exchange_by_clicks(app, scene)
    assert settle(app, scene)
    count = len(scene.session.replay.actions)
    stand = scene.buttons[scene.session.legal(0).index(Stand())].rect.center
    key(app, pygame.K_h)  # a real hit: its card is animated now
    assert len(scene.session.replay.actions) == count + 1
    app.step([], FRAME)
    assert scene.animating
    key(app, pygame.K_h)  # skips; not a second hit
    assert not scene.queue and not scene.animating
    assert len(scene.session.replay.actions) == count + 1
    assert len(scene.session.state.hands[0]) == 4
    for _ in range(3):
        app.step([], FRAME)
        assert scene.hold <= 0
    # Another hit's animation, and a click where "Stand" is about to come back.
    key(app, pygame.K_h)
    assert len(scene.session.replay.actions) == count + 2
    assert scene.animating
    click(app, stand)
    assert len(scene.session.replay.actions) == count + 2
    if settle(app, scene) and Stand() in scene.session.legal(0):
        button = scene.buttons[scene.session.legal(0).index(Stand())]
        assert button.rect.collidepoint(stand)  # the click would have been a Stand


def _exchange_by_clicks(app, scene):
    toggles = [t for t in scene.buttons if isinstance(t, CardToggle)]
    for toggle in toggles[1:]:
        click(app, toggle.rect.center)
    click(app, scene.exchange_button.rect.center)


def test_a_click_during_animations_skips_them(app):
    app.settings.animation_speed = "slow"
    scene = open_table(app, new_session(app))
    app.step([], FRAME)
    assert scene.queue
    click(app, (app.size[0] // 2, app.size[1] - 40))
    assert not scene.queue
    assert scene.session.replay.actions == []


# -- every kind of decision, over random deals -----------------------------------------------------
def _human_choice(rng, legal):
    if isinstance(legal[0], Discard):
        return rng.choice(legal)
    # Hit a bit more than chance, so that hands grow (sets, jokers at scoring).
    weights = [3 if isinstance(a, Hit) else 1 for a in legal]
    return rng.choices(legal, weights)[0]


def _find_deal(app, wanted, seeds=range(400)):
    """A seed (and the human's choices) whose game asks seat 0 for a ``wanted`` action."""
    for seed in seeds:
        session = new_session(app, seed=seed, deck=None, dealer=None)
        rng = random.Random(seed)
        plan = []
        for _ in range(400):
            seat = session.decider()
            if seat is None:
                break
            legal = session.legal(seat)
            if seat == 0:
                if any(isinstance(a, wanted) for a in legal):
                    return seed, plan
                action = _human_choice(rng, legal)
                plan.append(action)
            else:
                action = session.ai_seat(seat).choose(*session.ai_inputs(seat))
            session.apply(seat, action)
    pytest.fail(f"no deal asks for {wanted.__name__} in the seeds searched: widen the search")


def _press(app, scene, action):
    """Apply ``action`` through the controls on screen, as a player would."""
    if isinstance(action, Discard):
        for toggle in scene.buttons:
            if isinstance(toggle, CardToggle) and scene.hands[0][toggle.index].card in action.cards:
                click(app, toggle.rect.center)
        click(app, scene.exchange_button.rect.center)
        return
    index = scene.session.legal(0).index(action)
    click(app, scene.buttons[index].rect.center)


@pytest.mark.parametrize("wanted", [AskJokers, AnnounceNove, DeclareNove, ChooseJoker])
def test_rarer_decisions_are_offered_exactly(app, wanted):
    seed, plan = _find_deal(app, wanted)
    scene = open_table(app, new_session(app, seed=seed, deck=None, dealer=None))
    for action in plan:
        assert settle(app, scene)
        assert_controls_match_legal(scene)
        count = len(scene.session.replay.actions)
        _press(app, scene, action)
        assert len(scene.session.replay.actions) == count + 1
        assert last_action(scene) == (0, action.to_json())
    assert settle(app, scene)
    legal = assert_controls_match_legal(scene)
    assert any(isinstance(a, wanted) for a in legal)
    # And the rare action itself goes through its button.
    target = next(a for a in legal if isinstance(a, wanted))
    _press(app, scene, target)
    assert last_action(scene) == (0, target.to_json())
