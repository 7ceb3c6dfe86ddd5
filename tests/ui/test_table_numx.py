"""The NUM-X table (issue 21): the model follows the events, human input through real clicks and
keys (selection from the hand and the malus areas, the Play label, pickers, refusals), Facteur X
windows (claims, the pause after every play, precedence over AI claims), saving and resuming
(mid-round, mid-window, after a kill), pass-and-play privacy (hands and objectives, with a
planted leak that the check must catch), layouts for 2-6 seats at both window sizes, random
input, the round summary and the move log."""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest
from table_helpers import (
    AI,
    ENTER,
    FRAME,
    click,
    game_over,
    key,
    labels,
    local,
    make_app,
    reset,
    run_until,
    session_for,
    step,
)
from table_helpers import open_table as open_any_table

from nove_desktop import scenarios
from nove_desktop.engine.events import Event
from nove_desktop.games.numx.actions import (
    AddSpecial,
    Claim,
    ClaimNumX,
    Draw,
    Pass,
    Play,
    PlayNumX,
    Replenish,
)
from nove_desktop.games.numx.cards import FULL_DECK, IS_CLASSIC, VALUE
from nove_desktop.games.numx.events import CODEC as EVENTS
from nove_desktop.games.numx.events import CombinationPlayed, Passed, RoundScored
from nove_desktop.games.numx.options import NumxOptions
from nove_desktop.games.numx.state import Phase
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.scenes.handoff import HandoffScene
from nove_desktop.ui.table import paint
from nove_desktop.ui.table.scene import RHYTHM, CardWidget
from nove_desktop.ui.tables.numx import NumxTable
from nove_desktop.ui.tables.numx import geometry as G
from nove_desktop.ui.tables.numx.base import hand_zone, malus_zone, objective_zone
from nove_desktop.ui.tables.numx.summary import round_rows, scoreboard
from nove_desktop.ui.tables.numx.windows import POST_PLAY_PAUSE
from nove_desktop.ui.tables.numx.words import Narrator

ROOT = Path(__file__).resolve().parents[2]
ALL = frozenset(FULL_DECK)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("numx"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield
    reset(app)


# -- helpers ---------------------------------------------------------------------------------------
def open_table(app, session, resumed=False) -> NumxTable:
    """The table of ``session`` (table_helpers.open_table), which must be the NUM-X table."""
    table = open_any_table(app, session, resumed)
    assert isinstance(table, NumxTable)
    return table


def position(app, wanted, players=4, humans=1, seeds=range(1, 300), **options):
    """A saved game of seats "human" (the first ``humans``) and AI that reached ``wanted``."""
    game = app.registry.get("numx")
    seats = [SeatConfig(f"P{i}", "human" if i < humans else AI) for i in range(players)]
    values = {"players": players, **options}
    found = scenarios.find(game, game.options_from_json(values), seats, wanted, seeds=seeds)
    return GameSession.from_save(found.to_save(), app.registry)


def settle(app, frames=30):
    step(app, frames=frames)


def card_point(table, card):
    """A point of a card that no later card covers (its top left corner)."""
    rect = paint.card_rect(table, table.sprites[card])
    return (rect.x + max(3, rect.width // 10), rect.y + max(3, rect.height // 6))


def click_card(app, table, card):
    step(app, [click(card_point(table, card))])


def click_widget(app, widget):
    step(app, [click(widget.rect.center)])


def mixed_play(session, seat=0):
    hand = set(local(session).state.hands[seat])
    for action in session.legal(seat):
        if isinstance(action, Play) and len(action.cards) >= 2 and action.joker_value is None:
            mine = [c for c in action.cards if c in hand]
            if mine and len(mine) < len(action.cards):
                return action
    return None


def my_turn_with_mixed_play(session):
    state = local(session).state
    return (
        state.phase == Phase.TURN
        and session.to_act() == (0,)
        and state.trick_count > 0
        and mixed_play(session) is not None
    )


def my_window_with_claim(session):
    state = local(session).state
    return (
        state.phase == Phase.FX_WINDOW
        and 0 in session.to_act()
        and any(isinstance(a, Claim) for a in session.legal(0))
    )


def last_human_action(session, seat=0):
    for who, data in reversed(local(session).replay.actions):
        if who == seat:
            return session.game.actions.from_json(data)
    return None


def first_action_of(session, seat, since):
    """The first action ``seat`` took from the replay index ``since`` on."""
    for who, data in local(session).replay.actions[since:]:
        if who == seat:
            return session.game.actions.from_json(data)
    return None


def wait_for_controls(app, table, limit=3000):
    for _ in range(limit):
        if table.controls and not table.animating:
            return
        step(app)
    raise AssertionError("the table never asked the human")


# -- setup -----------------------------------------------------------------------------------------
def test_setup_lists_every_option_and_its_defaults_start_a_game(app):
    import dataclasses

    names = {spec.name for spec in NumxTable.setup_options()}
    fields = {f.name for f in dataclasses.fields(NumxOptions)} - {"players"}
    assert names == fields
    game = app.registry.get("numx")
    defaults = game.options_to_json(game.default_options())
    for spec in NumxTable.setup_options():
        assert defaults[spec.name] in list(spec.values) or spec.kind == "seat", spec.name
        for value in spec.values:
            assert spec.describe(value)
            game.options_from_json({**defaults, spec.name: value})


# -- the model follows the events ------------------------------------------------------------------
def _shape(rows):
    """Zones as the check compares them: ordered zones keep their order, hands are multisets."""
    out: dict[str, tuple[object, ...]] = {}
    for zone, refs in rows.items():
        cards = [None if r is None or r.startswith("?") else r for r in refs]
        if not cards:
            continue
        if zone.startswith(("hand:", "objective:")):
            out[zone] = (sorted(c for c in cards if c), cards.count(None))
        else:
            out[zone] = tuple(cards)
    return out


def test_a_whole_ai_game_at_the_table_keeps_the_model_equal_to_the_observation(app):
    """Before each rebuild from the observation, the model the event handlers built must
    already be the observation: every animation put every card where the engine put it."""
    app.settings.animation_speed = "off"  # the handlers run all the same
    session = session_for(app, "numx", [AI] * 5, seed=4)
    table = open_table(app, session)
    checks, mismatches = [0], []
    original = table.reconcile

    def reconcile():
        if table.synced is False:
            rows, piles = table.zones_from(table.observe())
            model = _shape(table.zones.rows)
            truth = _shape(rows)
            checks[0] += 1
            if model != truth or table.zones.piles.get("deck") != piles["deck"]:
                diff = {z for z in set(model) | set(truth) if model.get(z) != truth.get(z)}
                mismatches.append((len(local(session).replay.actions), sorted(diff)))
        original()

    table.reconcile = reconcile  # type: ignore[method-assign]  # watched: wrapped in place
    run_until(app, game_over, limit=100_000)
    assert session.game.result(local(session).state).over
    assert mismatches == []
    assert checks[0] > 40


# -- human input through real events ---------------------------------------------------------------
def test_clicks_pick_cards_from_the_hand_and_a_malus_area_and_play_them(app):
    session = position(app, my_turn_with_mixed_play)
    play = mixed_play(session)
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    board = [c for c in play.cards if c not in local(session).state.hands[0]]
    for card in play.cards:
        click_card(app, table, card)
    assert sorted(table.picked) == sorted(play.cards)
    label = labels(table)[0]
    assert label.startswith("Play: ") and "\u2192" in label
    # Board cards of the picked value are highlighted when they are not picked yet.
    value = VALUE[play.cards[0]]
    spare = [
        c
        for s in range(4)
        for c in local(session).state.malus[s]
        if IS_CLASSIC[c] and VALUE[c] == value and c not in play.cards
    ]
    step(app)
    assert set(spare) <= table.fitting
    assert board
    before = len(local(session).replay.actions)
    click_widget(app, table.controls[0])
    assert action_at(session, before) == (0, play)


def action_at(session, index):
    seat, data = local(session).replay.actions[index]
    return seat, session.game.actions.from_json(data)


def test_a_refused_play_shows_the_engines_reason_and_changes_nothing(app):
    session = position(app, lambda s: my_turn_with_mixed_play(s) and s.state.trick_count >= 2)
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    # One classic card from the hand against a trick of two or more cards: too few cards.
    single = next(c for c in local(session).state.hands[0] if IS_CLASSIC[c])
    click_card(app, table, single)
    assert table.picked == [single]
    label = labels(table)[0]
    assert label.startswith("Cannot play: ")
    before = (
        len(local(session).replay.actions),
        json.dumps(session.game.state_to_json(local(session).state)),
    )
    app.toasts.clear()
    click_widget(app, table.controls[0])
    assert app.toasts and app.toasts[-1].error
    assert app.toasts[-1].text in label
    assert (
        len(local(session).replay.actions),
        json.dumps(session.game.state_to_json(local(session).state)),
    ) == before


def test_the_keyboard_alone_picks_the_cards_and_plays(app):
    session = position(app, my_turn_with_mixed_play)
    play = mixed_play(session)
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    for card in play.cards:
        for _ in range(len(table.focus.widgets) + 1):
            focused = table.focus.focused
            if isinstance(focused, CardWidget) and focused.ref == card:
                break
            step(app, [key(pygame.K_TAB)])
        step(app, [ENTER])
    assert sorted(table.picked) == sorted(play.cards)
    # Up/Down jump from place to place (hand, malus areas), then to the Play button.
    places = []
    for _ in range(12):
        focused = table.focus.focused
        if not isinstance(focused, CardWidget):
            break
        places.append(table.zones.where(focused.ref))
        step(app, [key(pygame.K_DOWN)])
    assert table.focus.focused is table.controls[0]
    assert len(places) == len(set(places))  # each press reached another place
    before = len(local(session).replay.actions)
    step(app, [ENTER])
    assert action_at(session, before) == (0, play)


def test_pass_and_draw_buttons_and_their_keys(app):
    session = position(
        app,
        lambda s: (
            s.state.phase == Phase.TURN
            and s.to_act() == (0,)
            and Draw("deck") in s.legal(0)
            and Pass() in s.legal(0)
        ),
    )
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    shown = labels(table)
    assert any("(P)" in label for label in shown) and any("(D)" in label for label in shown)
    before = len(local(session).replay.actions)
    step(app, [key(pygame.K_d)])
    assert len(local(session).replay.actions) == before + 1
    assert last_human_action(session) == Draw("deck")


def test_the_swipe_picker_offers_only_usable_targets_and_the_play_carries_them(app):
    def wanted(s):
        return (
            s.state.phase == Phase.TURN
            and s.to_act() == (0,)
            and s.state.trick_count > 0
            and any(isinstance(a, AddSpecial) and a.card.startswith("SW") for a in s.legal(0))
        )

    session = position(app, wanted)
    legal = [a for a in session.legal(0) if isinstance(a, AddSpecial) and a.card.startswith("SW")]
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    step(app, [key(pygame.K_s)])
    assert table.picker is not None and table.picker.kind == "special"
    assert len(table.picker.options) == len(legal)
    step(app, [ENTER])  # the first use
    assert table.picker is None and len(table.planned) == 1
    plan = table.planned[0]
    assert AddSpecial(plan.card, plan.mode, plan.target) in legal
    label = labels(table)[0]
    assert "Swipe" in label or label.startswith("Cannot play")
    if label.startswith("Play"):
        before = len(local(session).replay.actions)
        click_widget(app, table.controls[0])
        actions = [
            session.game.actions.from_json(d) for _s, d in local(session).replay.actions[before:]
        ]
        assert actions[0] == AddSpecial(plan.card, plan.mode, plan.target)
        assert isinstance(actions[-1], Play)


def test_the_joker_picker_lists_exactly_the_legal_values(app):
    def wanted(s):
        return (
            s.state.phase == Phase.TURN
            and s.to_act() == (0,)
            and any(isinstance(a, Play) and a.joker_value is not None for a in s.legal(0))
        )

    session = position(app, wanted)
    plays = [a for a in session.legal(0) if isinstance(a, Play) and a.joker_value is not None]
    joker = plays[0].cards[0]
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    click_card(app, table, joker)
    assert table.picked == [joker]
    click_widget(app, table.controls[0])
    assert table.picker is not None and table.picker.kind == "joker"
    assert len(table.picker.options) == len({a.joker_value for a in plays if a.cards == (joker,)})
    step(app, [ENTER])
    action = last_human_action(session)
    assert isinstance(action, Play) and action.cards == (joker,) and action in plays


def test_numx_is_picked_alone_and_named_on_the_play_button(app):
    def wanted(s):
        return (
            s.state.phase == Phase.TURN
            and s.to_act() == (0,)
            and any(isinstance(a, PlayNumX) for a in s.legal(0))
        )

    session = position(app, wanted)
    action = next(a for a in session.legal(0) if isinstance(a, PlayNumX))
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    click_card(app, table, action.card)
    assert labels(table)[0] == "Num-X: end the trick"
    click_widget(app, table.controls[0])
    assert last_human_action(session) == action


def test_the_refill_takes_picked_hand_cards_and_the_rest_from_the_deck(app):
    def wanted(s):
        return (
            s.state.phase == Phase.REPLENISH
            and s.to_act() == (0,)
            and len(s.state.malus[0]) == 0
            and len(s.state.deck) >= 2
            and len(s.state.hands[0]) >= 3
        )

    session = position(app, wanted)
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    card = local(session).state.hands[0][0]
    click_card(app, table, card)
    assert table.picked == [card]
    assert "1 card from the deck" in labels(table)[0]
    before = len(local(session).replay.actions)
    click_widget(app, table.controls[0])
    assert action_at(session, before) == (0, Replenish(("deck", card)))


def test_the_malus_choice_takes_the_two_picked_cards(app):
    session = session_for(app, "numx", ["human", AI, AI], seed=13)
    table = open_table(app, session)
    wait_for_controls(app, table)
    hand = list(local(session).state.hands[0])
    picks = [hand[0], hand[-1], hand[len(hand) // 2]]
    for card in picks:  # a third pick replaces the oldest one
        click_card(app, table, card)
    chosen = list(table.picked)
    assert len(chosen) == 2 and picks[0] not in chosen
    assert labels(table)[0].startswith("Lay ")
    click_widget(app, table.controls[0])
    action = first_action_of(session, 0, 0)
    assert sorted(action.cards) == sorted(chosen)


# -- Facteur X windows -----------------------------------------------------------------------------
def test_the_claim_picker_offers_exactly_the_legal_claims(app):
    session = position(app, my_window_with_claim)
    claims = [a for a in session.legal(0) if isinstance(a, Claim | ClaimNumX)]
    table = open_table(app, session, resumed=True)
    for _ in range(300):
        if any("Facteur X!" in getattr(w, "label", "") for w in table.controls):
            break
        step(app)
    step(app, [key(pygame.K_f)])
    assert table.picker is not None and table.picker.kind == "claim"
    assert len(table.picker.options) == len(claims)
    assert table.moment is not None
    assert table.moment.countdown.stopped  # the player's countdown waits while they pick
    before = len(local(session).replay.actions)
    step(app, [ENTER])
    assert (
        first_action_of(session, 0, before) == claims[0]
        or first_action_of(session, 0, before) in claims
    )


def test_a_player_who_cannot_claim_passes_at_once_but_every_play_keeps_its_pause(app):
    """Solo: whatever the hands, the table holds at least the post-play pause after every
    play (simulated time, animations off so that nothing else takes time)."""
    app.settings.animation_speed = "off"
    session = session_for(app, "numx", ["human", AI, AI, AI], seed=9)
    table = open_table(app, session)
    clock = [0.0]
    shown: list[tuple[float, str]] = []
    process = table.process

    def timed(raw):
        shown.append((clock[0], raw.kind))
        return process(raw)

    table.process = timed  # type: ignore[method-assign]  # watched: wrapped in place
    rng = random.Random(3)
    for _ in range(12_000):
        top = app.stack.top
        plays = sum(1 for _t, kind in shown if kind == "play")
        if getattr(top, "name", "") in ("round_summary", "game_over") or plays > 9:
            break
        if table.controls and not table.animating and table.moment is None:
            assert table.viewer is not None
            legal = session.legal(table.viewer)
            moves = [a for a in legal if isinstance(a, Pass | Draw)] or legal
            table.act(rng.choice(moves))
        elif table.controls and table.moment is not None:
            table.answer_window(0, Pass())
        app.step([], FRAME)
        clock[0] += FRAME
    gaps = []  # from each play to the next event that is not part of its window
    quiet = {"fx_window", "fx_answer", RHYTHM}
    for i, (when, kind) in enumerate(shown):
        if kind == "play":
            later = next((t for t, k in shown[i + 1 :] if k not in quiet), None)
            if later is not None:
                gaps.append(later - when)
    windows = [k for _t, k in shown if k == "fx_window"]
    assert len(gaps) >= 8 and windows
    assert min(gaps) >= POST_PLAY_PAUSE - 2 * FRAME


def test_an_untimed_window_waits_for_the_player_with_a_claim(app):
    session = position(app, my_window_with_claim)
    app.settings.window_seconds = None
    table = open_table(app, session, resumed=True)
    for _ in range(int(8 / (2 * FRAME))):  # eight seconds, well past any timed window
        app.step([], 2 * FRAME)
    assert 0 in session.to_act() and table.moment is not None
    assert any("Facteur X!" in getattr(w, "label", "") for w in table.controls)
    before = len(local(session).replay.actions)
    step(app, [key(pygame.K_p)])
    assert action_at(session, before) == (0, Pass())


def test_the_numx_interrupt_variant_offers_num_x_in_the_claim_picker(app):
    def wanted(s):
        return (
            s.state.phase == Phase.FX_WINDOW
            and 0 in s.to_act()
            and any(isinstance(a, ClaimNumX) for a in s.legal(0))
        )

    session = position(app, wanted, numx_interrupt=True)
    claims = [a for a in session.legal(0) if isinstance(a, Claim | ClaimNumX)]
    table = open_table(app, session, resumed=True)
    for _ in range(300):
        if any("Facteur X!" in getattr(w, "label", "") for w in table.controls):
            break
        step(app)
    step(app, [key(pygame.K_f)])
    assert table.picker is not None
    labels = [o.label for o in table.picker.options]
    assert len(labels) == len(claims) and "Num-X: cut the trick now" in labels


def test_a_post_play_pause_is_kept_where_no_window_follows(app):
    session = session_for(app, "numx", ["human", AI, AI], seed=2)
    table = open_table(app, session)
    play = CombinationPlayed(1, ("7a",), (), 7, None, "lead", (1, 7), False)
    after = Passed(2)
    batch = table.with_rhythm([play, after])
    assert [e.kind for e in batch] == ["play", RHYTHM, "pass"]
    assert batch[1].data["seconds"] == POST_PLAY_PAUSE
    assert table.with_rhythm([after]) == [after]


def test_a_human_with_precedence_wins_over_an_ai_claim_that_waits_for_them(app):
    """Seat 0 comes first in the window's precedence: whatever the AI seats claim meanwhile
    (shown after a cosmetic delay), the window waits for seat 0, whose claim wins."""

    def wanted(s):
        return (
            my_window_with_claim(s) and s.state.window.order[0] == 0 and not s.state.window.answers
        )

    session = position(app, wanted)
    claims = [a for a in session.legal(0) if isinstance(a, Claim)]
    table = open_table(app, session, resumed=True)
    for _ in range(200):
        if any("Facteur X!" in getattr(w, "label", "") for w in table.controls):
            break
        step(app)
    step(app, [key(pygame.K_f)])
    step(app, frames=int(3.0 / FRAME))  # AI answers (claims included) come in meanwhile
    assert 0 in session.to_act()  # still waiting for seat 0: precedence, not speed
    before = len(local(session).replay.actions)
    step(app, [ENTER])
    claim = first_action_of(session, 0, before)
    assert claim in claims
    winner = [p for p in local(session).state.trick if p[0] == 0]
    assert winner and tuple(winner[-1][1]) == claim.cards


# -- saving and resuming ---------------------------------------------------------------------------
def _resume(app, table):
    data = app.storage.load_game().data
    assert data is not None
    session = GameSession.from_save(data, app.registry)
    assert session.game.state_to_json(local(session).state) == table.session.game.state_to_json(
        local(table.session).state
    )
    reset(app)
    return session, open_table(app, session, resumed=True)


def test_resume_in_the_middle_of_a_window_reopens_it_for_the_player(app):
    session = position(app, my_window_with_claim)
    table = open_table(app, session, resumed=True)
    step(app, frames=5)
    resumed, again = _resume(app, table)
    for _ in range(200):
        if any("Facteur X!" in getattr(w, "label", "") for w in again.controls):
            break
        step(app)
    assert again.moment is not None and again.moment.moment.public
    step(app, [key(pygame.K_p)])
    assert last_human_action(resumed) == Pass()
    app.settings.animation_speed = "off"
    count = len(resumed.replay.actions)
    run_until(app, lambda a: len(resumed.replay.actions) > count + 30, limit=20_000)


def test_resume_mid_round_rebuilds_the_table_and_its_log(app):
    session = position(
        app,
        lambda s: (
            s.state.phase == Phase.TURN
            and s.to_act() == (0,)
            and s.state.round_no == 2
            and len(s.state.discard) > 10
        ),
    )
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    resumed, again = _resume(app, table)
    wait_for_controls(app, again)
    assert len(again.history) == 1  # round 1's scores, for the scoreboard
    assert any("Round 1 scored" in line for line in again.log)
    assert again.zones.row("discard") == list(resumed.state.discard)
    assert sorted(again.zones.row(hand_zone(0))) == sorted(resumed.state.hands[0])


KILLER = r"""
import os, signal, sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {tests!r})
from table_helpers import AI, make_app, open_table, reset, run_until, session_for, first_legal
app = make_app({folder!r})
reset(app, speed="off", pace="instant")
session = session_for(app, "numx", ["human", AI, AI, AI], seed=12)
table = open_table(app, session)
saves = [0]
original = table.autosave
def autosave():
    original()
    saves[0] += 1
    if len(session.replay.actions) >= {kill_at} and session.state.phase == "FX_WINDOW":
        os.kill(os.getpid(), signal.SIGKILL)
table.autosave = autosave
run_until(app, lambda a: False, limit=200000, human=first_legal)
"""


def test_a_game_killed_in_a_window_resumes_from_its_autosave(app, tmp_path):
    folder = tmp_path / "killed"
    script = KILLER.format(
        root=str(ROOT), tests=str(ROOT / "tests" / "ui"), folder=str(folder), kill_at=40
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, timeout=300, check=False
    )
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]
    from nove_desktop.storage import Storage

    data = Storage(folder).load_game().data
    session = GameSession.from_save(data, app.registry)
    assert len(local(session).replay.actions) >= 40
    assert local(session).state.phase == Phase.FX_WINDOW
    table = open_table(app, session, resumed=True)
    app.settings.animation_speed = "off"
    count = len(local(session).replay.actions)
    run_until(app, lambda a: len(local(session).replay.actions) > count + 30, limit=20_000)
    del table


# -- pass-and-play privacy -------------------------------------------------------------------------
class Watcher:
    """Records the card faces drawn in each frame and judges them against the engine state."""

    def __init__(self, app):
        self.app = app
        self.original = app.art.face
        self.faces: list[str] = []
        self.rounds: list[list[Event]] = [[]]
        self.idle_round = 0
        self.table: NumxTable | None = None
        self.violations: list[str] = []
        self.handoff_frames = self.table_frames = self.faces_seen = 0
        self.window_frames = 0
        self.hidden_key = -1
        self.hidden: list[frozenset[str]] = []

        def face(card, w, h, deck="nove"):
            self.faces.append(card)
            return self.original(card, w, h, deck)

        app.art.face = face

    def close(self):
        self.app.art.face = self.original

    def follow(self, session):
        self._log(session.opening_events)
        apply = session.apply

        def logged(seat, action):
            events = apply(seat, action)
            self._log(events)
            return events

        session.apply = logged

    def _log(self, events):
        for event in events:
            if event.kind == "round_start":
                self.rounds.append([])
            self.rounds[-1].append(event)

    def told(self, seat):
        cards = set()
        for events in self.rounds[max(0, self.idle_round - 1) :]:
            for event in events:
                seen = event.for_seat(seat)
                if seen is not None:
                    cards |= _cards_in(seen.data)
        return cards

    def step(self, events, dt):
        self.faces = []
        self.app.step(events, dt)
        self.judge()

    def judge(self):
        table = self.table
        assert table is not None
        session = table.session
        game, state = session.game, local(session).state
        drawn = set(self.faces)
        key_now = len(local(session).replay.actions)
        if self.hidden_key != key_now:
            self.hidden_key = key_now
            self.hidden = [game.hidden_cards(state, s) for s in range(len(session.seats))]
        hidden_from_someone = set().union(*self.hidden)
        if isinstance(self.app.stack.top, HandoffScene):
            self.handoff_frames += 1
            leaked = drawn & hidden_from_someone
            if leaked:
                self.violations.append(f"hand-off frame shows {sorted(leaked)}")
            return
        if table not in self.app.stack.visible():
            return
        self.table_frames += 1
        self.faces_seen += len(drawn)
        viewer = table.viewer
        if viewer is None:
            if table.moment is not None:
                self.window_frames += 1
            suspects = drawn & hidden_from_someone
        else:
            suspects = drawn & self.hidden[viewer]
        if suspects:  # cards the viewer may not know now: shown to them by a recent event?
            leaked = suspects - self.told(viewer)
            if leaked:
                self.violations.append(
                    f"viewer {viewer} sees {sorted(leaked)} (phase {state.phase})"
                )
        if not (table.animating or table.modal_open or not table.synced):
            self.idle_round = len(self.rounds) - 1


def _cards_in(value):
    found = set()
    if isinstance(value, str):
        if value in ALL:
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= _cards_in(item)
    return found


@pytest.fixture
def watcher(app):
    watch = Watcher(app)
    yield watch
    watch.close()


def human_input(app, table, rng):
    """Input events for one decision of the player at the screen, through the controls."""
    widgets = [w for w in table.controls if w.enabled and w.visible]
    if table.picker is not None:
        return [click(rng.choice(widgets).rect.center)] if widgets else []
    if table.moment is not None and table.moment.moment.public:
        return [click(rng.choice(widgets).rect.center)] if widgets else []
    seat = table.viewer
    legal = table.session.legal(seat)
    events = []
    if table.phase == Phase.MALUS_CHOICE:
        hand = table.zones.row(hand_zone(seat))
        for card in rng.sample(hand, 2):
            events.append(click(card_point(table, card)))
        return [*events, click(table.controls[0].rect.center)]
    plays = [a for a in legal if isinstance(a, Play) and a.cards and a.joker_value is None]
    if table.phase == Phase.TURN and plays and rng.random() < 0.7:
        return [click(card_point(table, c)) for c in rng.choice(plays).cards] + ["play"]
    return [click(rng.choice(widgets).rect.center)] if widgets else []


def drive(app, watcher, table, rng, max_frames=40_000, stop=None):
    decisions = 0
    pending: list = []
    for _ in range(max_frames):
        top = app.stack.top
        name = getattr(top, "name", "")
        events = []
        if name == "game_over" or (stop and stop()):
            break
        if name in ("handoff", "round_summary"):
            events = [ENTER]
        elif top is table and table.controls and not table.animating:
            if not pending:
                pending = human_input(app, table, rng)
                decisions += 1
            if pending:
                first = pending.pop(0)
                events = [click(table.controls[0].rect.center)] if first == "play" else [first]
        else:
            pending = []
        watcher.step(events, 2 * FRAME)  # 30 frames a second: the same play in half the frames
    return decisions


@pytest.mark.parametrize(
    ("kinds", "seed", "frames"),
    [
        (("human", "human", AI, AI), 5, 2000),
        pytest.param(("human", "human", "human"), 6, 40_000, marks=pytest.mark.slow),
    ],
)
def test_pass_and_play_never_draws_a_private_card_for_the_wrong_eyes(
    app, watcher, kinds, seed, frames
):
    """A whole round (the slow case) or its first tricks: hands, malus choices and objectives
    never reach the screen for anyone but their owner, hand-offs and windows included."""
    app._resized(1024, 640)
    app.settings.animation_speed = "fast"
    app.settings.window_seconds = 1.5
    session = session_for(app, "numx", list(kinds), seed=seed)
    watcher.follow(session)
    table = watcher.table = open_table(app, session)
    decisions = drive(app, watcher, table, random.Random(seed), max_frames=frames)
    assert decisions >= 15
    assert watcher.handoff_frames > 10 and watcher.window_frames > 10
    assert watcher.faces_seen > 100, "the instrumentation saw no card face"
    assert watcher.violations == []


def test_the_privacy_check_catches_a_planted_leak(app, watcher, monkeypatch):
    """Control: a table that shows every hand face up to whoever sits at the screen."""

    def leaky(self, obs, seat):
        return list(local(self.session).state.hands[seat])

    monkeypatch.setattr(NumxTable, "hand_view", leaky)
    session = session_for(app, "numx", ["human", "human", AI], seed=7)
    watcher.follow(session)
    table = watcher.table = open_table(app, session)
    drive(app, watcher, table, random.Random(1), max_frames=400)
    assert any("sees" in v or "hand-off" in v for v in watcher.violations)


def test_the_objective_stays_face_down_in_pass_and_play_until_peeked(app):
    session = session_for(app, "numx", ["human", "human", AI], seed=8)
    table = open_table(app, session)
    for _ in range(2000):
        if getattr(app.stack.top, "name", "") == "handoff":
            step(app, [ENTER])
        if table.controls and not table.animating and table.viewer is not None:
            break
        step(app)
    viewer = table.viewer
    assert viewer is not None
    card = local(session).state.objectives[viewer]
    zone = objective_zone(viewer)
    assert table.zones.row(zone) and table.zones.row(zone)[0].startswith("?")
    step(app, [key(pygame.K_o)], frames=3)
    assert table.zones.row(zone) == [card]
    step(app, [key(pygame.K_o)], frames=3)
    assert table.zones.row(zone)[0].startswith("?")
    step(app, [key(pygame.K_o)], frames=3)
    table.set_viewer(None)  # a hand-off: the next player's objective starts face down again
    assert not table.peeking


# -- layout ----------------------------------------------------------------------------------------
def _fill(table, session, hand=22, malus=6):
    """An extreme table: a long hand, full malus areas, a trick of several groups."""
    ids = [c for c in FULL_DECK if not c.startswith("OB")]
    rows: dict[str, Sequence[str | None]] = {
        hand_zone(table.viewer): sorted(ids[:hand], key=FULL_DECK.index)
    }
    rest = ids[hand:]
    for seat in range(table.n):
        rows[malus_zone(seat)] = rest[:malus]
        rest = rest[malus:]
        if seat != table.viewer:
            rows[hand_zone(seat)] = [None] * 20
    rows["trick:0"], rows["trick:1"], rows["trick:2"] = rest[:2], rest[2:5], rest[5:12]
    rows["discard"] = rest[12:20]
    rows[objective_zone(table.viewer)] = ["OB05"]
    table.zones.reconcile(rows, {"deck": 5})
    table.place_sprites(snap_new=True)
    for sprite in table.sprites.values():
        sprite.finish()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("players", range(2, 7))
def test_layout_keeps_plates_areas_cards_and_labels_apart_and_on_screen(app, size, players):
    app._resized(*size)
    session = session_for(app, "numx", ["human"] + [AI] * (players - 1), seed=players)
    table = open_table(app, session)
    _fill(table, session)
    drawn: list[tuple[str, pygame.Rect]] = []
    label = table.label

    def recording(surface, text, point, width, *args, **kwargs):
        rect = label(surface, text, point, width, *args, **kwargs)
        drawn.append((f"label {text}", rect))
        return rect

    table.label = recording  # type: ignore[method-assign]  # watched: wrapped in place
    table.refilling = True  # the "needs" markers show
    app.draw()
    screen = pygame.Rect((0, 0), app.size)
    boxes = [(f"plate {s.seat}", paint.rect_to_screen(app, s.plate)) for s in table.spots]
    boxes += drawn
    boxes.append(("main button", paint.rect_to_screen(app, G.MAIN_BUTTON)))
    boxes.append(("countdown", paint.rect_to_screen(app, G.COUNTDOWN)))
    boxes.append(("window buttons", paint.rect_to_screen(app, G.WINDOW_BUTTONS)))
    for column in G.column(7):
        boxes.append(("column button", paint.rect_to_screen(app, column)))
    for name, rect in boxes:
        assert screen.contains(rect), (name, rect)
    for (a, ra), (b, rb) in itertools.combinations(boxes, 2):
        assert not ra.colliderect(rb), (a, b)
    # Every card lies inside the window, and each seat's cards stay clear of the plates.
    plates = [paint.rect_to_screen(app, s.plate) for s in table.spots]
    for zone, refs in table.zones.rows.items():
        for ref in refs:
            rect = paint.card_rect(table, table.sprites[ref])
            assert screen.contains(rect), (zone, ref)
            if zone.startswith(("malus:", "hand:")) and table.shown(ref):
                assert not any(rect.colliderect(p) for p in plates), (zone, ref)
            for name, box in boxes:
                if name.startswith(("label", "column", "main", "countdown", "window")) and (
                    table.shown(ref)
                ):
                    assert not rect.colliderect(box) or not name.startswith("column"), (
                        zone,
                        ref,
                        name,
                    )


# -- random input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kinds", "seed"), [(("human", AI, AI, AI), 1), (("human", "human", AI), 2)]
)
def test_random_clicks_and_keys_never_break_the_table(app, kinds, seed):
    app.settings.animation_speed = "fast"
    app.settings.window_seconds = 1.5
    session = session_for(app, "numx", list(kinds), seed=seed)
    table = open_table(app, session)
    rng = random.Random(seed)
    keys = [
        pygame.K_TAB,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_p,
        pygame.K_d,
        pygame.K_t,
        pygame.K_s,
        pygame.K_m,
        pygame.K_c,
        pygame.K_f,
        pygame.K_g,
        pygame.K_o,
        pygame.K_1,
        pygame.K_2,
    ]
    w, h = app.size
    for _ in range(2500):
        top = app.stack.top
        name = getattr(top, "name", "")
        if name == "game_over":
            break
        if name in ("confirm", "rules", "history", "discard", "settings", "table_menu"):
            events = [key(pygame.K_ESCAPE)]
        elif name in ("handoff", "round_summary"):
            events = [ENTER]
        elif rng.random() < 0.5:
            events = [click((rng.randrange(w), rng.randrange(h)))]
        else:
            events = [key(rng.choice(keys))]
        step(app, events)
    game = session.game
    assert len(game.cards_in_play(local(session).state)) == len(game.full_deck(session.options))
    assert len(local(session).replay.actions) > 20
    del table


# -- words -----------------------------------------------------------------------------------------
def test_round_summary_rows_show_each_part_and_the_objective():
    data = {
        "round": 1,
        "reason": "a seat emptied its hand",
        "first_out": [1],
        "seats": [
            {
                "malus_part": -14,
                "hand_part": -6,
                "objective": 10,
                "met": True,
                "applied": True,
                "bonus": 20,
                "score": 0,
            },
            {
                "malus_part": -18,
                "hand_part": 0,
                "objective": 9,
                "met": True,
                "applied": True,
                "bonus": 10,
                "score": -8,
            },
            {
                "malus_part": 2,
                "hand_part": 0,
                "objective": 1,
                "met": True,
                "applied": False,
                "bonus": 0,
                "score": 2,
            },
        ],
        "totals": [0, -8, 2],
    }
    scored = EVENTS.from_json({"kind": "round_scored", **data})
    assert isinstance(scored, RoundScored)
    rows = round_rows(scored, ["Ana", "Ben", "Cleo"])
    assert rows[1][0] == "Ben \u2605"
    assert rows[0][1:3] == ["\u221214", "\u22126"]
    assert rows[0][3][0].startswith("\u2713 10") and rows[0][3][0].endswith("+20")
    assert "unused" in rows[2][3][0]
    assert rows[1][4][0] == "\u22128" and rows[2][4][0] == "+2"
    head, board = scoreboard([scored], ["Ana", "Ben", "Cleo"], [0, -8, 2])
    assert head[1:] == ["Ana", "Ben", "Cleo"]
    assert board[-1][2][0] == "\u22128"


def test_every_public_event_of_a_game_that_a_player_needs_has_a_log_line(app):
    game = app.registry.get("numx")
    session = session_for(app, "numx", [AI] * 4, seed=21)
    events = list(session.opening_events)
    scenarios.play_until(session, lambda s: False)
    from nove_desktop.engine.replay import run

    events = run(local(session).replay, app.registry, keep_events=True).events
    narrator = Narrator([s.name for s in session.seats], [[1, 1], [2, 1], [1, 2]])
    silent = {
        "game_start",
        "fx_window",
        "fx_answer",
        "fx_window_closed",
        "areas",
        "reveal",
        "trick_start",
        "objective",
        "deal",
        "malus_chosen",
        "special_prepared",
    }
    kinds_seen = set()
    for event in events:
        public = event.for_seat(None)
        if public is None:
            continue
        kinds_seen.add(public.kind)
        line = narrator.line(public)
        if public.kind not in silent:
            assert line, public.kind
    assert {"play", "trick_end", "replenish", "round_scored", "game_over"} <= kinds_seen
    assert game.id == "numx"


def test_the_table_waiting_for_a_human_needs_no_frames(app):
    session = session_for(app, "numx", ["human", AI, AI], seed=3)
    table = open_table(app, session)
    wait_for_controls(app, table)
    step(app, frames=5)
    assert app.idle
