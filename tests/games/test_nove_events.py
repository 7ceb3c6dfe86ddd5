"""NOVE's typed events (games/nove/events.py): every kind it emits is declared in its codec,
reads back from its JSON whole and as each seat sees it, and the censored copies blank exactly
the cards the rules keep secret (spec section 7: a seat's deal, redeal, hits and discards)."""

from __future__ import annotations

import json
import random

from nove_desktop.engine.events import Event
from nove_desktop.games import default_registry

GAME = default_registry().get("nove")

# Written from the spec, not read from the code: the private kinds and their secret field.
SECRET = {"deal": "cards", "redeal": "cards", "hit": "card", "discard": "cards"}


def _random_game(seed: int) -> tuple[int, list[Event]]:
    pick = random.Random(seed)
    players = pick.randint(2, 6)
    options = GAME.options_from_json(
        {**GAME.options_to_json(GAME.default_options()), "players": players}
    )
    state, events = GAME.new_game(options, seed)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        events += GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
    return players, events


def test_every_event_reads_back_from_its_json_whole_and_censored() -> None:
    kinds = set()
    for seed in range(20):
        players, events = _random_game(seed)
        for event in events:
            kinds.add(event.kind)
            assert type(event) in GAME.events.classes
            for seat in (None, *range(players)):
                seen = event.for_seat(seat)
                assert seen is not None  # NOVE hides no whole event from anybody
                text = json.dumps(seen.to_json())
                assert GAME.events.from_json(json.loads(text)) == seen
                secret = SECRET.get(event.kind)
                owner = secret is not None and seat == event.data["seat"]
                if secret is None or owner:
                    assert seen.data == event.data
                else:
                    assert seen.data == {**event.data, secret: None}
                    assert "visible_to" not in seen.to_json()
    assert {"deal", "redeal", "hit", "discard", "round_scored", "showdown"} <= kinds


def test_the_codec_knows_every_kind_once() -> None:
    kinds = GAME.events.kinds
    assert len(kinds) == len(set(kinds)) == 27
    assert set(SECRET) <= set(kinds)
