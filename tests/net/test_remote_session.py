"""RemoteSession without a network: a fake client carries views built from an offline game
(as the server builds them), so the session's bookkeeping is checked message by message."""

from __future__ import annotations

from typing import Any

from nove_desktop.engine.events import events_for_seat
from nove_desktop.games import default_registry
from nove_desktop.net.remote import RemoteSession
from nove_desktop.session import GameSession, SeatConfig

REGISTRY = default_registry()


class FakeClient:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self, stop_at: str | None = None) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


def view(game: GameSession, seat: int, events: list[Any], kind: str = "update") -> dict[str, Any]:
    acting = game.to_act()
    return {
        "type": kind,
        "position": game.position,
        "seat": seat,
        "events": [e.to_json() for e in events_for_seat(events, seat)],
        "observation": game.observe(seat).to_json(),
        "legal": [a.to_json() for a in game.legal(seat)] if seat in acting else [],
        "to_act": list(acting),
        "seats": [
            {"name": s.name, "kind": "remote", "ready": True, "status": "connected"}
            for s in game.seats
        ],
        "window": None,
    }


def table() -> tuple[GameSession, RemoteSession, FakeClient]:
    banco = REGISTRY.get("banco")
    game = GameSession(
        banco, banco.options_from_json({"players": 2}), 9, [SeatConfig("A", "human")] * 2
    )
    seat = game.to_act()[0]
    client = FakeClient()
    lobby = {"room": "K7P2Q", "game": "banco", "options": {}, "host": seat}
    remote = RemoteSession(
        client, banco, game.options, lobby, view(game, seat, game.opening_events, "snapshot")
    )
    return game, remote, client


def test_a_move_in_flight_refuses_input_until_the_server_answers():
    game, remote, client = table()
    seat = remote.my_seat
    assert remote.to_act() == (seat,) and remote.seed == "K7P2Q"
    action = remote.legal(seat)[0]
    assert remote.apply(seat, action) == []  # the events come with the server's answer
    assert client.sent == [{"type": "act", "position": 0, "action": action.to_json()}]
    assert remote.to_act() == () and remote.legal(seat) == []  # in flight: nothing offered
    events = game.apply(seat, action)
    client.inbox.append(view(game, seat, events))
    arrived = remote.arrived()
    assert [e.to_json() for e in arrived] == [e.to_json() for e in events_for_seat(events, seat)]
    assert remote.position == 1 and remote.to_act() == game.to_act()


def test_a_refused_move_offers_the_decision_again():
    _game, remote, client = table()
    seat = remote.my_seat
    remote.apply(seat, remote.legal(seat)[0])
    client.inbox.append({"type": "error", "code": "stale", "message": "..."})
    assert remote.arrived() == []
    assert remote.to_act() == (seat,) and remote.legal(seat) and remote.position == 0


def test_in_a_window_this_seat_comes_first_until_it_has_answered():
    """A table reads a window from its first seat's legal actions; only this seat's are known
    here (Kaël's table otherwise took a cut window for another seat's turn and let it run out)."""
    game, remote, client = table()
    seat = remote.my_seat
    other = 1 - seat
    window = view(game, seat, [])
    window.update(to_act=[other, seat], window={"kind": "cut", "seconds_left": 4.0})
    window["window"]["answered"] = False
    client.inbox.append(window)
    remote.arrived()
    assert remote.to_act() == (seat, other)
    assert 3.0 < (remote.window_seconds_left() or 0.0) <= 4.0
    window = dict(window, window={"kind": "cut", "seconds_left": 3.0, "answered": True})
    client.inbox.append(window)
    remote.arrived()
    assert remote.to_act() == (other,)
