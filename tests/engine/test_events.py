"""Event visibility (``nove_desktop/engine/events.py``).

Design contract: "Events carry visibility too: a card dealt face down shows its face only to its
owner". An event is public, private to some seats and censored for the others (``hidden`` keys
blanked), or private and dropped for the others (``hidden=None``). Spectators (seat ``None``) see
public data only.
"""

from __future__ import annotations

import json

import pytest

from nove_desktop.engine import Event, events_for_seat


def deal(seat: int, card: str) -> Event:
    return Event.private("deal", seat, ("card",), seat=seat, card=card)


# -- public ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("viewer", [None, 0, 1, 5])
def test_public_event_is_seen_whole_by_everybody(viewer: int | None) -> None:
    event = Event.public("reshuffle", count=12)
    assert event.is_public
    assert event.for_seat(viewer) is event
    assert event.to_json() == {"kind": "reshuffle", "count": 12}


# -- private and censored --------------------------------------------------------------------------
def test_private_event_is_whole_for_its_owner() -> None:
    event = deal(2, "R5")
    assert not event.is_public
    assert event.visible_to == frozenset({2})
    assert event.for_seat(2) is event
    assert event.for_seat(2).data == {"seat": 2, "card": "R5"}  # type: ignore[union-attr]


@pytest.mark.parametrize("viewer", [None, 0, 1, 3])
def test_private_event_is_censored_for_other_seats_and_spectators(viewer: int | None) -> None:
    """ "Seat 2 received a card": the others learn that it happened, not which card."""
    event = deal(2, "R5")
    seen = event.for_seat(viewer)
    assert seen is not None
    assert seen.kind == "deal"
    assert seen.data == {"seat": 2, "card": None}
    assert seen.is_public  # the censored copy carries nothing secret any more
    assert seen.to_json() == {"kind": "deal", "seat": 2, "card": None}


def test_censoring_does_not_touch_the_original_event() -> None:
    event = deal(1, "JR")
    event.for_seat(0)
    assert event.data == {"seat": 1, "card": "JR"}
    assert event.to_json()["card"] == "JR"


def test_several_hidden_keys_are_all_blanked_and_the_rest_kept() -> None:
    event = Event.private("discard", 3, ("cards", "names"), seat=3, count=2, cards=["R1", "G2"])
    seen = event.for_seat(0)
    assert seen is not None
    # A hidden key absent from the data still appears, blanked: the shape is the same for all.
    assert seen.data == {"seat": 3, "count": 2, "cards": None, "names": None}


def test_event_visible_to_several_seats() -> None:
    event = Event("peek", {"card": "GA"}, visible_to=frozenset({0, 2}), hidden=("card",))
    assert event.for_seat(0) is event
    assert event.for_seat(2) is event
    assert event.for_seat(1) == Event("peek", {"card": None})
    assert event.for_seat(None) == Event("peek", {"card": None})


# -- dropped ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_private_event_with_hidden_none_is_dropped_for_others(viewer: int | None) -> None:
    event = Event("secret_objective", {"goal": "31"}, visible_to=frozenset({1}), hidden=None)
    assert event.for_seat(viewer) is None
    assert event.for_seat(1) is event


def test_private_event_with_nothing_hidden_is_shown_whole_to_others() -> None:
    """``hidden=()`` (the constructor's default) blanks no key: the others see every field but
    the copy loses ``visible_to``."""
    event = Event("note", {"text": "hi"}, visible_to=frozenset({1}))
    seen = event.for_seat(0)
    assert seen == Event("note", {"text": "hi"})


# -- JSON ------------------------------------------------------------------------------------------
def test_to_json_of_a_private_event_names_its_viewers_sorted() -> None:
    event = Event("peek", {"card": "GA"}, visible_to=frozenset({3, 0, 2}), hidden=("card",))
    data = event.to_json()
    assert data == {"kind": "peek", "card": "GA", "visible_to": [0, 2, 3]}
    assert json.loads(json.dumps(data)) == data


def test_to_json_puts_the_kind_first_and_is_plain_json() -> None:
    data = Event.public("nove", seat=1, cards=["R1", "G2", "Y3"], value=6).to_json()
    assert next(iter(data)) == "kind"
    assert json.loads(json.dumps(data)) == data


# -- equality --------------------------------------------------------------------------------------
def test_events_compare_by_value_and_are_unhashable() -> None:
    assert deal(1, "R5") == deal(1, "R5")
    assert deal(1, "R5") != deal(1, "R6")
    assert deal(1, "R5") != deal(2, "R5")
    assert Event.public("x", a=1) != Event("x", {"a": 1}, visible_to=frozenset({0}))
    with pytest.raises(TypeError):
        hash(Event.public("x"))


# -- events_for_seat -------------------------------------------------------------------------------
def test_events_for_seat_filters_censors_and_keeps_order() -> None:
    log = [
        Event.public("round_start", round=1),
        deal(0, "R1"),
        deal(1, "G2"),
        Event("objective", {"goal": "A"}, visible_to=frozenset({1}), hidden=None),
        Event.public("stand", seat=0),
    ]
    mine = events_for_seat(log, 1)
    assert [e.kind for e in mine] == ["round_start", "deal", "deal", "objective", "stand"]
    assert mine[1].data["card"] is None
    assert mine[2].data["card"] == "G2"

    theirs = events_for_seat(log, 0)
    assert [e.kind for e in theirs] == ["round_start", "deal", "deal", "stand"]
    assert theirs[1].data["card"] == "R1"
    assert theirs[2].data["card"] is None

    spectator = events_for_seat(log, None)
    assert [e.kind for e in spectator] == ["round_start", "deal", "deal", "stand"]
    assert all(e.data.get("card") is None for e in spectator)
    assert all(e.is_public for e in spectator)


def test_events_for_seat_of_an_empty_log_is_empty() -> None:
    assert events_for_seat([], 0) == []


def test_no_dealt_card_leaks_to_a_spectator_in_a_real_game() -> None:
    """Every private event NOVE emits at the start of a game is censored for a spectator, and
    the owners, put together, see the 3 cards of each of the 4 hands (spec section 7)."""
    from nove_desktop.games.nove import NoveGame, NoveOptions

    game = NoveGame()
    state, events = game.new_game(NoveOptions(players=4), seed=3)
    private = [e for e in events if not e.is_public]
    assert private, "the deal must be private"
    for event in private:
        seen = event.for_seat(None)
        assert seen is None or all(seen.data[key] is None for key in event.hidden or ())
    owned: set[str] = set()
    for event in private:
        assert event.visible_to is not None
        (owner,) = event.visible_to
        text = json.dumps(event.for_seat(owner).to_json())  # type: ignore[union-attr]
        owned.update(card for card in state.hands[owner] if f'"{card}"' in text)
    assert owned == {card for hand in state.hands for card in hand}
