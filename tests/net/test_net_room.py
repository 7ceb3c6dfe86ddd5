"""The sans-I/O room: lobby, tokens, positions, windows, stand-ins and rebuilding from records.

Clients are driven by hand with a fake clock; their moves are picked by a seeded generator from
the legal actions each client was sent (never from the server's state)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nove_desktop.engine.replay import Replay, SeatInfo, run
from nove_desktop.games import default_registry
from nove_desktop.net.protocol import ProtocolError, validate
from nove_desktop.net.room import Room, Settings

REGISTRY = default_registry()
GAMES = {"nove": 3, "banco": 3, "nox": 4, "kael": 3, "numx": 3}


class Table:
    """A room and its clients' inboxes (client id -> messages received)."""

    def __init__(self, game: str, kinds: list[str], seed: int = 7, **settings: Any) -> None:
        defaults = {"window_seconds": 2.0, "ai_pace": 0.0, "away_seconds": 5.0}
        self.room = Room(
            "ABCDE", REGISTRY, game, {}, kinds, seed, Settings(**{**defaults, **settings})
        )
        self.inbox: dict[str, list[dict[str, Any]]] = {}
        self.now = 0.0
        self.tokens: dict[str, str] = {}

    def deliver(self, out: list[tuple[str, dict[str, Any]]]) -> None:
        for client, message in out:
            self.inbox.setdefault(client, []).append(message)
            if message["type"] == "welcome":
                self.tokens[client] = message["token"]

    def send(self, client: str, message: dict[str, Any]) -> None:
        self.deliver(self.room.handle(client, validate(message), self.now))

    def join(self, client: str) -> None:
        self.deliver(self.room.join(client, client.title(), self.now))

    def last_view(self, client: str) -> dict[str, Any] | None:
        views = [m for m in self.inbox.get(client, []) if m["type"] in ("update", "snapshot")]
        return views[-1] if views else None

    def view(self, client: str) -> dict[str, Any]:
        view = self.last_view(client)
        assert view is not None
        return view

    def position(self) -> int:
        assert self.room.session is not None
        return self.room.session.position

    def seat_everyone(self, clients: list[str]) -> None:
        for client in clients:
            self.join(client)
        for client in clients:
            self.send(client, {"type": "ready", "ready": True})
        self.send(clients[0], {"type": "start"})

    def step(self, clients: list[str], rng: random.Random) -> bool:
        """Every client whose last view offers moves sends one; else time passes. False once
        the game is over."""
        if not self.room.playing:
            return False
        acted = False
        for client in clients:
            view = self.last_view(client)
            if view is None or not view["legal"] or self.room.seat_of(client) is None:
                continue
            if view["position"] != self.position():
                continue
            if view["window"] is not None and view["window"]["answered"]:
                continue
            action = rng.choice(view["legal"])
            self.send(client, {"type": "act", "position": view["position"], "action": action})
            acted = True
            break
        if not acted:
            self.now += 0.5
            self.deliver(self.room.tick(self.now))
        return True


def offline_state(room: Room) -> dict[str, Any]:
    session = room.session
    assert session is not None
    replay = Replay(
        room.game_id,
        session.replay.options,
        [SeatInfo("x", "human") for _ in room.seats],
        room.seed,
        actions=list(session.replay.actions),
    )
    outcome = run(replay, REGISTRY)
    return outcome.game.state_to_json(outcome.state)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_through_the_room_equals_its_offline_replay(game):
    players = GAMES[game]
    kinds = ["remote", "remote"] + ["normal"] * (players - 2)
    table = Table(game, kinds)
    clients = ["ada", "bruno"]
    table.seat_everyone(clients)
    rng = random.Random(1)
    for _ in range(20_000):
        if not table.step(clients, rng):
            break
    session = table.room.session
    assert session is not None and session.over
    assert session.game.state_to_json(session.state) == offline_state(table.room)
    for client in clients:
        over = [m for m in table.inbox[client] if m["type"] == "over"]
        assert len(over) == 1 and over[0]["replay"]["actions"]


def test_tokens_go_only_to_their_own_client():
    table = Table("nove", ["remote", "remote", "normal"])
    table.seat_everyone(["ada", "bruno"])
    ada, bruno = table.tokens["ada"], table.tokens["bruno"]
    assert ada != bruno and len(ada) >= 20
    text = repr(table.inbox["bruno"])
    assert ada not in text and bruno in text
    assert ada not in repr(table.inbox["ada"]).replace(f"'token': '{ada}'", "")


def test_stale_and_replayed_actions_are_refused_and_not_applied():
    table = Table("nove", ["remote", "remote", "normal"])
    table.seat_everyone(["ada", "bruno"])
    session = table.room.session
    assert session is not None
    seat = session.to_act()[0]
    client = ["ada", "bruno"][seat] if seat < 2 else None
    while client is None:
        table.step([], random.Random(0))
        seat = session.to_act()[0]
        client = ["ada", "bruno"][seat] if seat < 2 else None
    view = table.last_view(client)
    assert view is not None
    move = {"type": "act", "position": view["position"], "action": view["legal"][0]}
    table.send(client, move)
    before = session.position
    with pytest.raises(ProtocolError) as refused:
        table.send(client, move)  # the same message again: its position is past
    assert refused.value.code == "stale"
    assert session.position == before
    with pytest.raises(ProtocolError) as refused:
        table.send(client, {"type": "act", "position": before + 5, "action": view["legal"][0]})
    assert refused.value.code == "stale"


def test_lobby_rules():
    table = Table("nove", ["remote", "remote", "empty"])
    table.join("ada")
    with pytest.raises(ProtocolError) as refused:
        table.send("ada", {"type": "start"})
    assert refused.value.code == "not_ready"
    table.join("bruno")
    with pytest.raises(ProtocolError) as refused:
        table.join("carla")
    assert refused.value.code == "room_full"
    with pytest.raises(ProtocolError) as refused:
        table.send("bruno", {"type": "start"})
    assert refused.value.code == "not_host"


def test_an_away_seat_is_played_by_the_ai_and_its_player_returns_to_a_full_snapshot():
    table = Table("banco", ["remote", "remote"], away_seconds=3.0)
    table.seat_everyone(["ada", "bruno"])
    table.deliver(table.room.disconnect("bruno", table.now))
    statuses = [s["status"] for s in table.view("ada")["seats"]]
    assert statuses == ["connected", "away"]
    rng = random.Random(2)
    for _ in range(40):
        table.step(["ada"], rng)
    assert table.room.seats[1].stand_in
    position = table.position()
    table.deliver(table.room.rejoin("bruno2", table.tokens["bruno"], table.now))
    snapshot = table.last_view("bruno2")
    assert snapshot is not None and snapshot["type"] == "snapshot"
    assert snapshot["position"] == position
    all_events = table.room.log
    assert len(snapshot["events"]) == len([e for e in all_events if e.for_seat(1) is not None])
    assert not table.room.seats[1].stand_in


def test_a_room_rebuilt_from_its_record_mid_game_goes_on_identically():
    first = Table("kael", ["remote", "remote", "normal"], seed=11)
    first.seat_everyone(["ada", "bruno"])
    rng = random.Random(5)
    for _ in range(60):
        first.step(["ada", "bruno"], rng)
    record = first.room.record()
    second = Table("kael", ["remote", "remote", "normal"])
    second.room = Room.from_record(record, REGISTRY, first.now)
    second.now = first.now
    for client in ("ada", "bruno"):
        second.deliver(second.room.rejoin(client, first.tokens[client], second.now))
    assert second.room.record() == record
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(20_000):
        going = first.step(["ada", "bruno"], rng_a)
        second.step(["ada", "bruno"], rng_b)
        if not going:
            break
    assert first.room.record() == second.room.record()
    assert first.room.session is not None and first.room.session.over


def test_window_answers_apply_by_the_rules_precedence_not_by_arrival():
    # NUM-X, seed 0, three players: after these four moves a Facteur X window opens in which
    # every seat may claim, in precedence order 1, 2, 0 (found by playing the game offline).
    game = REGISTRY.get("numx")
    table = Table("numx", ["remote"] * 3, seed=0, window_seconds=30.0)
    clients = ["ada", "bruno", "carla"]
    table.seat_everyone(clients)
    session = table.room.session
    assert session is not None and session.seed == 0
    rng = random.Random(0)
    for _ in range(4):
        seat = session.to_act()[0]
        action = rng.choice(game.legal_actions(session.state, seat))
        table.send(
            clients[seat], {"type": "act", "position": session.position, "action": action.to_json()}
        )
    assert table.room.window is not None and table.room.window.order == (1, 2, 0)
    claims = {
        seat: next(a for a in table.view(clients[seat])["legal"] if a["type"] != "pass")
        for seat in (0, 2)
    }
    position = session.position
    for seat, answer in ((0, claims[0]), (2, claims[2]), (1, {"type": "pass"})):
        table.send(clients[seat], {"type": "act", "position": position, "action": answer})
    applied = session.replay.actions[position:]
    assert applied[:2] == [(1, {"type": "pass"}), (2, claims[2])]
    assert (0, claims[0]) not in applied


def test_a_window_closes_at_its_deadline_with_passes_for_the_silent_seats():
    game = REGISTRY.get("numx")
    table = Table("numx", ["remote"] * 3, seed=0, window_seconds=4.0)
    clients = ["ada", "bruno", "carla"]
    table.seat_everyone(clients)
    session = table.room.session
    assert session is not None
    rng = random.Random(0)
    for _ in range(4):
        seat = session.to_act()[0]
        action = rng.choice(game.legal_actions(session.state, seat))
        table.send(
            clients[seat], {"type": "act", "position": session.position, "action": action.to_json()}
        )
    position = session.position
    assert table.room.next_deadline() == pytest.approx(table.now + 4.0)
    window = table.view("carla")["window"]
    assert window == {"kind": "facteur_x", "seconds_left": 4.0, "answered": False}
    table.deliver(table.room.tick(table.now + 3.9))
    assert session.position == position
    table.deliver(table.room.tick(table.now + 4.0))
    assert session.replay.actions[position:][:3] == [(s, {"type": "pass"}) for s in (1, 2, 0)]


def test_play_again_keeps_the_room_and_its_seats_and_deals_the_next_seed():
    table = Table("banco", ["remote", "remote"], seed=40)
    clients = ["ada", "bruno"]
    table.seat_everyone(clients)
    rng = random.Random(3)
    while table.step(clients, rng):
        pass
    with pytest.raises(ProtocolError) as refused:
        table.send("bruno", {"type": "again"})
    assert refused.value.code == "not_host"
    table.send("ada", {"type": "again"})
    lobby = table.inbox["bruno"][-1]
    assert lobby["type"] == "lobby" and not lobby["can_start"]
    assert [s["name"] for s in lobby["seats"]] == ["Ada", "Bruno"]
    for client in clients:
        table.send(client, {"type": "ready", "ready": True})
    table.send("ada", {"type": "start"})
    assert table.room.games == 2 and table.room.seed == 41
    assert table.view("bruno")["type"] == "snapshot" and table.view("bruno")["position"] == 0


def test_a_restored_room_nobody_has_rejoined_waits_instead_of_playing_itself_out():
    first = Table("banco", ["remote", "remote"], seed=2)
    first.seat_everyone(["ada", "bruno"])
    room = Room.from_record(first.room.record(), REGISTRY, now=0.0)
    assert room.session is not None
    position = room.session.position
    for now in (10.0, 100.0, 1000.0):
        room.tick(now)
    assert room.session.position == position and not room.session.over
    assert [seat.status() for seat in room.seats] == ["ai_stand_in", "ai_stand_in"]
    room.rejoin("ada", first.tokens["ada"], 1000.0)
    room.tick(1001.0)  # Ada is back: the AI goes on for Bruno, who is still away
    assert room.seats[0].status() == "connected"


def test_the_host_leaving_the_lobby_closes_the_room_for_everyone():
    table = Table("nove", ["remote", "remote", "normal"])
    table.join("ada")
    table.join("bruno")
    table.send("ada", {"type": "leave"})
    assert table.inbox["bruno"][-1] == {"type": "closed", "reason": "host_left"}
    assert table.room.closed and table.room.clients() == []
    assert all(seat.token is None for seat in table.room.seats)


def test_a_wrong_token_is_refused_and_a_started_room_takes_no_newcomer():
    table = Table("nove", ["remote", "remote", "normal"])
    table.seat_everyone(["ada", "bruno"])
    for token in ("x" * 24, "é" * 24, table.tokens["ada"][:-1] + "?"):
        with pytest.raises(ProtocolError) as refused:
            table.room.rejoin("eve", token, 0.0)
        assert refused.value.code == "bad_token"
    with pytest.raises(ProtocolError) as refused:
        table.join("eve")
    assert refused.value.code == "wrong_phase"
    assert table.room.seat_of("eve") is None
