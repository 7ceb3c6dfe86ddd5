"""Undo at the real table, headless: Ctrl+Z and the HUD's Undo button take back the player's
last move and the table shows the rebuilt game (as Continue would); a refused undo says why and
changes nothing; pass-and-play has no Undo; an undone game counts as helped in the statistics."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import (
    AI,
    click_at,
    first_legal,
    game_over,
    local,
    make_app,
    open_table,
    press,
    reset,
    run_until,
    session_for,
    settle,
    skip_disk_flush,
    step,
    table_of,
    toasts,
)

from nove_desktop.storage import Storage
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.undo import UndoRefusal


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("undo"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app, monkeypatch):
    skip_disk_flush(monkeypatch)
    path = app.storage.path_of("statistics")
    if path.exists():
        path.unlink()
    reset(app)
    yield


def ctrl_z(app) -> None:
    press(app, pygame.K_z, "\x1a", pygame.KMOD_LCTRL)


def play_until_undo_allowed(app, table: TableScene, limit: int = 60) -> int:
    """The person plays (first legal move) until their last move may be taken back; returns
    the position just before that move."""
    session = table.session
    for _ in range(limit):
        first_legal(app, table)
        settle(app, table)
        step(app)  # the Undo button follows the rule once the events have played
        if session.undo_refusal() is None:
            movers = [seat for seat, _action in local(session).replay.actions]
            return max(i for i, seat in enumerate(movers) if seat == 0)
    raise AssertionError("no undo allowed: choose another seed")


def shows_the_game_as_it_stands(table: TableScene) -> bool:
    """The table's cards are those the viewer's observation gives (a face-down card as a
    placeholder), with a sprite each, and nothing of the undone moves is queued."""
    rows, _piles = table.zones_from(table.observe())
    shown = {
        zone: [None if ref.startswith("?") else ref for ref in refs]
        for zone, refs in table.zones.rows.items()
        if refs
    }
    wanted = {zone: list(refs) for zone, refs in rows.items() if refs}
    moment = table.moment
    return (
        shown == wanted
        and not table.queue
        and (moment is None or moment.key == table.session.position)
        and set(table.sprites) == {ref for refs in table.zones.rows.values() for ref in refs}
    )


def test_ctrl_z_and_the_button_take_back_the_last_move(app):
    session = session_for(app, "kael", ["human", AI, AI], seed=3)
    table = open_table(app, session)
    settle(app, table)
    assert table.undo_button in table.hud_buttons and table.undo_button.visible
    ctrl_z(app)  # nothing played yet: refused, in words, nothing changes
    assert "You have no move to take back yet." in toasts(app)
    assert table_of(app) is table and session.position == 0

    point = play_until_undo_allowed(app, table)
    assert table.undo_button.enabled
    before = session.position
    ctrl_z(app)
    rebuilt = table_of(app)
    assert rebuilt is not None and rebuilt is not table and app.stack.top is rebuilt
    assert session.position == point < before and session.undos == 1
    assert shows_the_game_as_it_stands(rebuilt)
    saved = app.storage.load_game().data  # the table saved the game as it now stands
    assert saved is not None and saved["undos"] == 1
    assert len(saved["replay"]["actions"]) == point
    settle(app, rebuilt, 0)
    assert 0 in session.to_act() and rebuilt.controls

    point = play_until_undo_allowed(app, rebuilt)
    click_at(app, rebuilt.undo_button.rect.center)
    again = table_of(app)
    assert again is not None
    assert again is not rebuilt and session.position == point and session.undos == 2
    assert shows_the_game_as_it_stands(again)
    settle(app, again, 0)


def test_a_refused_undo_says_why_and_changes_nothing(app):
    session = session_for(app, "nove", ["human", AI, AI], seed=11)
    table = open_table(app, session)
    for _ in range(80):
        settle(app, table)
        if session.undo_refusal() == UndoRefusal.REVEALED:
            break
        first_legal(app, table)
    assert session.undo_refusal() == UndoRefusal.REVEALED
    step(app)
    before = list(local(session).replay.actions)
    assert not table.undo_button.enabled
    click_at(app, table.undo_button.rect.center)  # dimmed, yet it answers with the reason
    ctrl_z(app)
    assert (
        toasts(app).count(
            "Your last move cannot be taken back: a card has been shown to you since."
        )
        == 1
    )
    assert table_of(app) is table and local(session).replay.actions == before and session.undos == 0


def test_pass_and_play_has_no_undo(app):
    session = session_for(app, "nove", ["human", "human", AI], seed=2)
    table = open_table(app, session)
    run_until(app, lambda a: session.position >= 3)
    settle(app, table)  # a hand-off confirmed: the table is on top, a person to play
    assert table.undo_button not in table.hud_buttons
    before = list(local(session).replay.actions)
    ctrl_z(app)
    assert "Undo is not available when several people play at this table." in toasts(app)
    assert session.undos == 0 and local(session).replay.actions == before


def test_an_undone_game_counts_as_helped_in_the_statistics(app):
    session = session_for(app, "kael", ["human", AI, AI], seed=3)
    table = open_table(app, session)
    settle(app, table)
    play_until_undo_allowed(app, table)
    ctrl_z(app)
    assert session.assisted
    run_until(app, game_over, limit=300_000)
    statistics, problem = Storage(app.storage.root).load_statistics()
    assert problem is None
    stats = statistics["kael"]
    assert (stats.played, stats.hinted_played) == (1, 1)
    assert stats.player("Ana").hinted_played == 1


@pytest.mark.parametrize(("game_id", "seed"), [("nove", 11), ("banco", 4), ("numx", 5)])
def test_every_table_is_rebuilt_as_it_stands(app, game_id, seed):
    session = session_for(app, game_id, ["human", AI, AI], seed=seed)
    table = open_table(app, session)
    settle(app, table)
    point = play_until_undo_allowed(app, table)
    ctrl_z(app)
    rebuilt = table_of(app)
    assert rebuilt is not None and rebuilt is not table and session.position == point
    assert shows_the_game_as_it_stands(rebuilt)
    settle(app, rebuilt, 0)
    assert rebuilt.controls


def test_an_undo_during_the_animation_leaves_nothing_in_flight(app):
    """Ctrl+Z right after the move, while its cards still fly: it is an undo (not a skip) and
    the rebuilt table has every card at rest in its place."""
    reset(app, speed="normal", pace="normal")
    session = session_for(app, "numx", ["human", AI, AI], seed=5)
    table = open_table(app, session)
    for _ in range(60):
        settle(app, table)
        first_legal(app, table)
        step(app)
        if session.undo_refusal() is None and table.animating:
            break
    else:
        raise AssertionError("no undo during an animation: choose another seed")
    point = max(i for i, (seat, _a) in enumerate(local(session).replay.actions) if seat == 0)
    ctrl_z(app)
    rebuilt = table_of(app)
    assert rebuilt is not None and rebuilt is not table and session.position == point
    assert shows_the_game_as_it_stands(rebuilt)
    assert not any(sprite.motion.moving for sprite in rebuilt.sprites.values())
