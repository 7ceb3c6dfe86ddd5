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
    continue_saved,
    found,
    key,
    make_app,
    open_table,
    reset,
    run_until,
    session_for,
    step,
    waiting_for,
)

from nove_desktop.games.numx.cards import ORDER, PLAYING_DECK
from nove_desktop.games.numx.rules import refresh_acting
from nove_desktop.games.numx.state import Phase as NumxPhase
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.specs import game_ids
from nove_desktop.ui.table import paint
from nove_desktop.ui.tables.banco import BancoTable
from nove_desktop.ui.tables.kael import KaelTable
from nove_desktop.ui.tables.numx import NumxTable
from nove_desktop.ui.widgets import Button


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
        [*PLAYING_DECK, *[o for o in state.objectives if o], *state.objective_pile]
    )
    return session


def test_the_swipe_picker_gives_the_weights_after_the_combination_took_its_cards(app):
    # The position: 12 + X-Joker from the hand and Ada's malus 12 picked; Sam's area
    # weighs 2 + 4 = 6, Ada's 12 + 11 = 23, Bruno's 7 + 8 = 15. The combination takes Ada's 12
    # first (spec 7.5), so swapping with Ada gives Sam her 11 alone.
    session = numx_session(
        app,
        {0: "12b JK1 SW1 SW2 3a 5a", 1: "9a 9b 10a", 2: "9c 10b 10c"},
        {0: "2a 4a", 1: "12a 11a", 2: "7a 8a"},
    )
    table = open_table(app, session, resumed=True)
    assert isinstance(table, NumxTable)
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


# -- Kael ------------------------------------------------------------------------------------------
def kael_session(app, hands, table="5b", current=0, circuit=True, **options):
    """Sam (human), Ada and Bruno (AI); dealer Bruno, a round under way with the hands given
    (every other card in the deck, in the canonical order)."""
    from nove_desktop.games.kael.cards import DECK
    from nove_desktop.games.kael.state import Phase as KaelPhase

    game = app.registry.get("kael")
    seats = [SeatConfig("Sam", "human"), SeatConfig("Ada", AI), SeatConfig("Bruno", AI)]
    values = {"players": 3, "first_dealer": 2, "deal_mode": "fixed", **options}
    session = GameSession(game, game.options_from_json(values), 5, seats)
    state = session.state
    used = set(table.split()) | {c for text in hands.values() for c in text.split()}
    state.hands = [hands[s].split() for s in range(3)]
    state.table = [(c, None, 0) for c in table.split()]
    state.deck = [c for c in DECK if c not in used]
    state.public = set()
    state.turns_taken = [1 if circuit else 0] * 3
    state.current = current
    state.phase = KaelPhase.TURN
    state.refresh_derived()
    assert sorted(game.cards_in_play(state)) == sorted(DECK)
    return session


def test_a_false_kael_marks_no_final_turns_and_says_what_happened(app):
    # Sam holds 7 + 9 = 16 points and calls anyway: the round is scored at once (spec 5.9,
    # K-A24), so nobody is owed a final turn and it is nobody's turn any more.
    session = kael_session(app, {0: "7a 9a", 1: "2a 3a", 2: "4a 6a"})
    table = open_table(app, session, resumed=True)
    assert isinstance(table, KaelTable)
    app.settings.animation_speed = "normal"
    wait_for_controls(app, table)
    assert table.status == "your turn"
    call = next(w for w in table.controls if getattr(w, "hotkey", None) == pygame.K_k)
    call.activate()
    step(app)
    app.stack.top.on_yes()  # "A false Kael?" -> "Call anyway"
    app.stack.pop()
    seen_status, seen_tags = set(), set()
    revealed_turn = set()  # whose plate is lit while the hands are shown
    for _ in range(400):
        step(app)
        if table is not app.stack.top and getattr(app.stack.top, "name", "") == "round_summary":
            break
        seen_status.add(table.status)
        for seat in range(3):
            seen_tags.update(table.seat_tags(seat))
        if table.revealed:
            revealed_turn.add(table.current)
    assert "final turn" not in seen_tags
    assert revealed_turn == {None}
    assert not any("your turn" in text or "to play" in text for text in seen_status), seen_status
    assert "Round 1: You made a false Kaël call: +20" in seen_status  # the viewer: you


def test_a_valid_kael_marks_the_seats_still_owed_a_final_turn(app):
    session = kael_session(app, {0: "1a 2a", 1: "9b 10a", 2: "8b 11a"})
    table = open_table(app, session, resumed=True)
    assert isinstance(table, KaelTable)
    wait_for_controls(app, table)
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    table.act(next(a for a in session.legal(0) if type(a).__name__ == "CallKael"))
    marked = {}
    for _ in range(2000):
        step(app)
        if getattr(app.stack.top, "name", "") == "round_summary":
            break
        if table.caller == 0 and table.current != 0:  # the final turns as the table shows them
            marked[table.current] = [s for s in range(3) if "final turn" in table.seat_tags(s)]
    # Ada plays her final turn first (Bruno still owed one), then Bruno (nobody left).
    assert marked.get(1) == [2] and marked.get(2) == []


def test_kael_hand_size_buttons_run_2_to_7_with_5_highlighted_and_focused(app):
    game = app.registry.get("kael")
    seats = [SeatConfig("Sam", "human"), SeatConfig("Ada", AI), SeatConfig("Bruno", AI)]
    session = GameSession(game, game.options_from_json({"players": 3, "first_dealer": 0}), 5, seats)
    table = open_table(app, session)
    wait_for_controls(app, table)
    buttons = [w for w in table.controls if isinstance(w, Button)]
    assert buttons == table.controls
    assert [w.label for w in buttons] == [f"Deal {n} cards" for n in range(2, 8)]
    primary = [w.label for w in buttons if w.primary]
    assert primary == ["Deal 5 cards"] and table.focus.focused in buttons
    assert getattr(table.focus.focused, "label", None) == "Deal 5 cards"
    assert not any(tag.startswith("hand") for tag in table.seat_tags(0))  # no "hand 0" yet
    step(app, [ENTER])
    assert session.state.hands[0] and len(session.state.hands[0]) == 5


def test_the_fixed_hand_size_row_is_greyed_out_while_the_dealer_chooses(app):
    setup = app.scenes.push("setup", game_id="kael")
    deal_mode, size = setup.options["deal_mode"], setup.options["hand_size"]
    assert deal_mode.value == "dealer_choice" and not size.enabled
    deal_mode.adjust(1)
    assert deal_mode.value == "fixed" and size.enabled
    deal_mode.adjust(1)
    assert not size.enabled


@pytest.mark.parametrize("by", ["keyboard", "mouse"])
def test_kael_same_rank_cards_are_picked_together_by_keyboard_and_mouse(app, by):
    session = kael_session(app, {0: "9a 9b 2a 13a", 1: "2b 3a", 2: "4a 6a"}, circuit=False)
    table = open_table(app, session, resumed=True)
    assert isinstance(table, KaelTable)
    wait_for_controls(app, table)
    if by == "keyboard":
        for _ in range(10):
            if getattr(table.focus.focused, "ref", None) == "9a":
                break
            step(app, [key(pygame.K_RIGHT)])
        step(app, [ENTER])
    else:
        click_card(app, table, "9a")
    assert sorted(table.selected) == ["9a", "9b"]
    assert "Draw from deck  (D)" in [getattr(w, "label", "") for w in table.controls]
    # Picking one of them again puts it back: a single 9 may be laid too.
    if by == "keyboard":
        step(app, [ENTER])
    else:
        click_card(app, table, "9a")
    assert table.selected == ["9b"]


# -- status lines and refusals follow the state ----------------------------------------------------
@pytest.mark.parametrize("game_id", ["numx", "nox"])
def test_no_status_line_names_a_turn_while_the_round_is_scored(app, game_id):
    # The status said whose turn it was when the last move was made; the round summary then
    # shows over a status that must not still say "... to play" or "Your turn".
    session = session_for(app, game_id, ["human", AI, AI], seed=3)
    table = open_table(app, session)
    run_until(app, lambda a: getattr(a.stack.top, "name", "") == "round_summary")
    assert "to play" not in table.status and "Your" not in table.status, table.status


def test_a_refusal_is_taken_down_once_the_move_is_made(app):
    session = session_for(app, "banco", ["human", AI, AI], seed=3)
    table = open_table(app, session)
    assert isinstance(table, BancoTable)
    run_until(app, lambda a: waiting_for(a, table, 0) and table.betting())
    step(app, [key(pygame.K_h, "h")])  # Hit before betting: refused with the engine's reason
    assert any(t.text.startswith("Place your bet first") for t in app.toasts)
    step(app, [ENTER])  # the bet
    assert session.state.bets[0] > 0
    assert not any(t.text.startswith("Place your bet first") for t in app.toasts)


# -- NOVE: the deal moment, the round banner, the option grid --------------------------------------
def nove_position(app, wanted, players=4):
    session = found(app, "nove", ["human"] + [AI] * (players - 1), wanted)
    table = continue_saved(app, session)
    wait_for_controls(app, table)
    return session, table


def hand_card_rects(table):
    return [
        paint.card_rect(table, table.sprites[ref])
        for zone, ref in table.zones.all_refs()
        if zone.startswith("hand:") and ref in table.sprites
    ]


def test_a_nove_at_the_deal_waits_until_the_cards_have_landed(app):
    # Seed 2: Dan's three cards are a NOVE (8) announced by the deal itself.
    app.settings.animation_speed = "normal"
    session = session_for(app, "nove", ["human", AI, AI, AI], seed=2)
    assert "nove" in [e.kind for e in session.opening_events]
    table = open_table(app, session)
    for _ in range(600):
        step(app)
        if any(getattr(t, "text", "").startswith("NOVE!") for t in table.tasks):
            break
    else:
        raise AssertionError("no NOVE call-out")
    flying = [s.ref for s in table.sprites.values() if s.motion.moving]
    assert not flying, flying


@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_the_round_banner_covers_no_card_pile_or_plate(app, game_id):
    from nove_desktop.ui.table.text import fitted

    for players in (2, 4, 6):
        session = session_for(app, game_id, ["human"] + [AI] * (players - 1), seed=7)
        table = open_table(app, session)
        wait_for_controls(app, table)
        image = fitted(app, "Round 1", app.s(560), app.s(38), (255, 255, 255), bold=True)
        centre = paint.to_screen(app, table.banner_point("round"))
        pill = image.get_rect(center=centre).inflate(app.s(30), app.s(10))
        taken = [paint.card_rect(table, sprite) for sprite in table.sprites.values()]
        taken += [paint.rect_to_screen(app, s.plate) for s in table.spots]
        for pile in table.zones.piles:
            w, h = table.card_size(table.pile_width)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = table.to_screen(table.pile_spot(pile))
            taken.append(rect)
        assert pill.collidelist(taken) == -1, (players, pill)
        reset(app)


@pytest.mark.parametrize("players", [4, 5])
def test_the_joker_grid_leaves_every_hand_and_plate_in_view(app, players):
    def choosing(s):
        return (
            s.to_act() == (0,)
            and type(s.legal(0)[0]).__name__ == "ChooseJoker"
            and len(s.legal(0)) > 4
        )

    _session, table = nove_position(app, choosing, players)
    assert len(table.controls) > 4
    taken = hand_card_rects(table) + [paint.rect_to_screen(app, s.plate) for s in table.spots]
    for widget in table.controls:
        assert widget.rect.collidelist(taken) == -1, widget.label


def test_a_step_2_nove_button_names_the_value_it_announces(app):
    from nove_desktop.games.nove.actions import AnnounceNove

    def announcing(s):
        return (
            s.to_act() == (0,)
            and sum(isinstance(a, AnnounceNove) and a.option is not None for a in s.legal(0)) >= 2
        )

    session, table = nove_position(app, announcing)
    for action in [a for a in session.legal(0) if isinstance(a, AnnounceNove)]:
        trial = session.state.copy()
        events = session.game.apply(trial, 0, action)
        value = next(e.data["value"] for e in events if e.kind == "nove")
        label = next(w.label for w in table.controls if w.action == action)
        assert label == f"NOVE at {value}: the joker counts as {action.option}", label


# -- Kael's chain badge and the cut window's ring --------------------------------------------------
@pytest.mark.parametrize("length", [2, 3])
def test_the_chain_badge_lies_outside_the_countdown_ring(app, length):
    from nove_desktop.ui.table.text import fitted
    from nove_desktop.ui.tables.kael.geometry import CUT_RING

    pile = " ".join(["5b", *["9a", "9b", "9c"][:length]])
    session = kael_session(app, {0: "1a 2a", 1: "2b 3a", 2: "4a 6a"}, table=pile)
    table = open_table(app, session, resumed=True)
    assert isinstance(table, KaelTable)
    wait_for_controls(app, table)
    assert table.chain_of_model() == ("9", length)
    image = fitted(app, f"\u00d7{length}", app.s(60), app.s(20), (255, 255, 255), bold=True)
    badge = image.get_rect(midleft=table.to_screen(table.badge_spot(length)))
    cx, cy = table.to_screen(table.ring_centre(length))
    outer = app.s(CUT_RING) + app.s(7)  # the ring's radius and its stroke
    nearest_x = min(max(cx, badge.left), badge.right)
    nearest_y = min(max(cy, badge.top), badge.bottom)
    assert (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 > outer**2


# -- the hand-off screen shows the game's own card backs -------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_the_hand_off_shows_the_games_own_card_backs(app, game_id):
    session = session_for(app, game_id, ["human", "human", AI])
    table = open_table(app, session)
    for _ in range(3000):
        if getattr(app.stack.top, "name", "") == "handoff":
            break
        step(app)
    handoff = app.stack.top
    assert handoff.name == "handoff"
    step(app)  # drawn
    w, h = app.screen.get_size()
    back = app.art.back(app.s(110), app.s(160), table.deck)
    top = back.get_rect(center=(w // 2 + app.s(34), h // 2 - app.s(170) + app.s(8)))
    patch = pygame.Rect(top.width - app.s(40), top.height // 3, app.s(30), top.height // 3)
    shown = app.screen.subsurface(patch.move(top.topleft))
    expected = back.subsurface(patch)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
