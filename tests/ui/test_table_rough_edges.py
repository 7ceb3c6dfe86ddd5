"""Issue 28, the table's rough edges: wrong Swipe weights, markers after a false Kael, the NOVE
deal moment and joker grid, status lines that follow the state, Kael's hand-size buttons and
keyboard selection, the x3 badge and the hand-off's card back. Positions are built by hand."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import (
    AI,
    ENTER,
    click,
    key,
    make_app,
    open_table,
    reset,
    step,
)

from nove_desktop.games.numx.cards import ORDER, PLAYING_DECK
from nove_desktop.games.numx.rules import refresh_acting
from nove_desktop.games.numx.state import Phase as NumxPhase
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.table import paint


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("rough"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield
    reset(app)


def wait_for_controls(app, table, limit=3000):
    for _ in range(limit):
        if table.controls and not table.animating:
            return
        step(app)
    raise AssertionError("the table never asked the human")


def click_card(app, table, card):
    rect = paint.card_rect(table, table.sprites[card])
    step(app, [click((rect.x + max(3, rect.width // 10), rect.y + max(3, rect.height // 6)))])


# -- 1. NUM-X: the Swipe picker reads the areas as they will be after the play --------------------
def numx_session(app, hands, malus):
    """Sam (human) leads a fresh trick; Ada and Bruno are AI seats; ``hands``/``malus`` by seat
    (cards by id); every other playing card goes to the discard pile, and the deck keeps 20."""
    game = app.registry.get("numx")
    seats = [SeatConfig("Sam", "human"), SeatConfig("Ada", AI), SeatConfig("Bruno", AI)]
    session = GameSession(game, game.options_from_json({"players": 3}), 5, seats)
    state = session.state
    named = {c for text in (*hands.values(), *malus.values()) for c in text.split()}
    spare = [c for c in PLAYING_DECK if c not in named]
    state.hands = [sorted(hands[s].split(), key=ORDER.__getitem__) for s in range(3)]
    state.malus = [malus[s].split() for s in range(3)]
    state.chosen = [None] * 3
    state.deck, state.discard = spare[:20], spare[20:]
    state.trick, state.staged, state.public = [], [], set()
    state.trick_count = state.trick_value = 0
    state.last_player = None
    state.phase = NumxPhase.TURN
    state.current = state.leader = 0
    state.changed()
    refresh_acting(state)
    assert sorted(game.cards_in_play(state)) == sorted(
        [*PLAYING_DECK, *[o for o in state.objectives if o], *state.objective_pile])
    return session


def test_the_swipe_picker_gives_the_weights_after_the_combination_took_its_cards(app):
    # The position: 12 + X-Joker from the hand and Ada's malus 12 picked; Sam's area
    # weighs 2 + 4 = 6, Ada's 12 + 11 = 23, Bruno's 7 + 8 = 15. The combination takes Ada's 12
    # first (spec 7.5), so swapping with Ada gives Sam her 11 alone.
    session = numx_session(app, {0: "12b JK1 SW1 SW2 3a 5a", 1: "9a 9b 10a", 2: "9c 10b 10c"},
                           {0: "2a 4a", 1: "12a 11a", 2: "7a 8a"})
    table = open_table(app, session, resumed=True)
    wait_for_controls(app, table)
    for card in ("12b", "JK1", "12a"):
        click_card(app, table, card)
    assert sorted(table.picked) == ["12a", "12b", "JK1"]
    step(app, [key(pygame.K_s, "s")])
    assert table.picker is not None and table.picker.kind == "special"
    labels = [option.label for option in table.picker.options]
    assert labels == [
        "Swap malus areas with Ada (your weight 6 for 11)",
        "Swap malus areas with Bruno (your weight 6 for 15)",
        "Every area moves one seat left: you get Bruno's (weight 15)",
        "Every area moves one seat right: you get Ada's (weight 11)",
    ]
    # A second Swipe reads the areas after the first one: planned "swap with Ada", Sam holds
    # Ada's 11, Ada holds Sam's 6.
    step(app, [ENTER])
    assert len(table.planned) == 1
    step(app, [key(pygame.K_s, "s")])
    labels = [option.label for option in table.picker.options]
    assert labels[:2] == [
        "Swap malus areas with Ada (your weight 11 for 6)",
        "Swap malus areas with Bruno (your weight 11 for 15)",
    ]
