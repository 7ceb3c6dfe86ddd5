"""Typed events (``nove_desktop/engine/events.py``): visibility, JSON form, reading it back.

Design contract: "Events carry visibility too: a card dealt face down shows its face only to its
owner". An event is public, private to some seats and censored for the others (``hidden`` fields
blanked to ``None``), or private and dropped for the others (``hidden=None``). Spectators (seat
``None``) see public data only. The JSON form is what other programs read (docs/engine.md,
"Events"): ``{"kind": ..., <fields>...}``, plus ``visible_to`` and ``hidden`` for a private event;
``EventCodec.from_json`` reads it back, with a clear message for anything else.

The expected JSON below is written out by hand, never built with the code under test.
"""

from __future__ import annotations

import dataclasses
import json
from typing import ClassVar

import pytest

from nove_desktop.engine import Event, FormatError, events_for_seat
from nove_desktop.engine.events import OMITTED_WHEN_NONE, ONLY, EventCodec, json_name


# -- a small game's events, declared as a game declares its own ---------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class CardDealt(Event):
    KIND: ClassVar[str] = "card_dealt"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    KIND: ClassVar[str] = "reshuffled"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Discarded(Event):
    KIND: ClassVar[str] = "discarded"
    seat: int
    count: int
    cards: tuple[str, ...] | None
    names: tuple[str, ...] | None


@dataclasses.dataclass(frozen=True, slots=True)
class ObjectiveDrawn(Event):
    KIND: ClassVar[str] = "objective_drawn"
    seat: int
    goal: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class Stake:
    chips: int
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ChipsPassed(Event):
    """A field named by a Python keyword in JSON (``from``), and a nested value."""

    KIND: ClassVar[str] = "chips_passed"
    to: int
    stake: Stake
    paid: dict[str, int]
    from_: int = dataclasses.field(metadata=json_name("from"))


CODEC = EventCodec(CardDealt, Reshuffled, Discarded, ObjectiveDrawn, ChipsPassed)


def deal(seat: int, card: str) -> CardDealt:
    return CardDealt(seat, card).only_for(seat, ("card",))


def roundtrip(event: Event) -> Event:
    """Through JSON text, as a file or a socket carries it."""
    return CODEC.from_json(json.loads(json.dumps(event.to_json())))


# -- public ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("viewer", [None, 0, 1, 5])
def test_public_event_is_seen_whole_by_everybody(viewer: int | None) -> None:
    event = Reshuffled(12)
    assert event.is_public
    assert event.kind == "reshuffled"
    assert event.for_seat(viewer) is event
    assert event.to_json() == {"kind": "reshuffled", "count": 12}


# -- private and censored --------------------------------------------------------------------------
def test_private_event_is_whole_for_its_owner() -> None:
    event = deal(2, "R5")
    assert not event.is_public
    assert event.visible_to == frozenset({2})
    assert event.hidden == ("card",)
    assert event.for_seat(2) is event
    assert event.data == {"seat": 2, "card": "R5"}


@pytest.mark.parametrize("viewer", [None, 0, 1, 3])
def test_private_event_is_censored_for_other_seats_and_spectators(viewer: int | None) -> None:
    """ "Seat 2 received a card": the others learn that it happened, not which card."""
    seen = deal(2, "R5").for_seat(viewer)
    assert seen == CardDealt(2, None)
    assert type(seen) is CardDealt  # still the typed event: the table's handler reads it
    assert seen.is_public  # the censored copy carries nothing secret any more
    assert seen.to_json() == {"kind": "card_dealt", "seat": 2, "card": None}


def test_censoring_does_not_touch_the_original_event() -> None:
    event = deal(1, "JR")
    censored = event.for_seat(0)
    assert censored is not event
    assert event.card == "JR" and event.visible_to == frozenset({1})
    assert event.to_json() == {
        "kind": "card_dealt",
        "seat": 1,
        "card": "JR",
        "visible_to": [1],
        "hidden": ["card"],
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.card = None  # type: ignore[misc]  # frozen: the assignment must raise


def test_several_hidden_fields_are_all_blanked_and_the_rest_kept() -> None:
    event = Discarded(3, 2, ("R1", "G2"), ("red one", "green two")).only_for(3, ("cards", "names"))
    assert event.for_seat(0) == Discarded(3, 2, None, None)


def test_event_visible_to_several_seats() -> None:
    event = CardDealt(0, "GA", visible_to=frozenset({0, 2}), hidden=("card",))
    assert event.for_seat(0) is event
    assert event.for_seat(2) is event
    assert event.for_seat(1) == CardDealt(0, None)
    assert event.for_seat(None) == CardDealt(0, None)


def test_only_shares_one_frozen_set_per_seat() -> None:
    assert ONLY[4] == frozenset({4})
    assert ONLY[4] is ONLY[4]
    assert deal(4, "R1").visible_to is ONLY[4]


# -- dropped ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_private_event_with_hidden_none_is_dropped_for_others(viewer: int | None) -> None:
    event = ObjectiveDrawn(1, "31").only_for(1, None)
    assert event.for_seat(viewer) is None
    assert event.for_seat(1) is event


def test_private_event_with_nothing_hidden_is_shown_whole_to_others() -> None:
    """``hidden=()`` (the default) blanks no field: the others see every field, but the copy
    loses ``visible_to``."""
    event = Reshuffled(5, visible_to=frozenset({1}))
    seen = event.for_seat(0)
    assert seen == Reshuffled(5)
    assert seen is not None and seen.is_public


# -- JSON ------------------------------------------------------------------------------------------
def test_to_json_of_a_private_event_names_its_viewers_sorted_and_its_hidden_fields() -> None:
    event = CardDealt(3, "GA", visible_to=frozenset({3, 0, 2}), hidden=("card",))
    data = event.to_json()
    assert data == {
        "kind": "card_dealt",
        "seat": 3,
        "card": "GA",
        "visible_to": [0, 2, 3],
        "hidden": ["card"],
    }
    assert json.loads(json.dumps(data)) == data


def test_to_json_of_a_dropped_event_says_hidden_null() -> None:
    data = ObjectiveDrawn(1, "31").only_for(1, None).to_json()
    assert data == {
        "kind": "objective_drawn",
        "seat": 1,
        "goal": "31",
        "visible_to": [1],
        "hidden": None,
    }


def test_to_json_puts_the_kind_first_writes_lists_and_json_names() -> None:
    event = ChipsPassed(0, Stake(5, ("R1", "G2")), {"0": 5, "2": -5}, 2)
    data = event.to_json()
    assert next(iter(data)) == "kind"
    assert data == {
        "kind": "chips_passed",
        "to": 0,
        "stake": {"chips": 5, "cards": ["R1", "G2"]},
        "paid": {"0": 5, "2": -5},
        "from": 2,
    }
    assert event.data == {k: v for k, v in data.items() if k != "kind"}
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize(
    "event",
    [
        Reshuffled(12),
        deal(2, "R5"),  # private, with its owner and hidden fields
        deal(2, "R5").for_seat(0),  # the censored copy: public, the card None
        ObjectiveDrawn(1, "31").only_for(1, None),
        Discarded(3, 2, ("R1", "G2"), None).only_for(3, ("cards",)),
        ChipsPassed(0, Stake(5, ("R1", "G2")), {"0": 5}, 2),
    ],
    ids=["public", "private", "censored", "dropped", "tuple", "nested"],
)
def test_from_json_reads_back_what_to_json_wrote(event: Event) -> None:
    back = roundtrip(event)
    assert back == event
    assert type(back) is type(event)
    assert (back.visible_to, back.hidden) == (event.visible_to, event.hidden)


def test_from_json_gives_tuples_and_nested_dataclasses() -> None:
    back = CODEC.from_json(
        {
            "kind": "chips_passed",
            "from": 1,
            "to": 3,
            "stake": {"chips": 2, "cards": ["Y4"]},
            "paid": {"1": -2},
        }
    )
    assert isinstance(back, ChipsPassed)
    assert back.from_ == 1
    assert back.stake == Stake(2, ("Y4",))
    assert isinstance(back.stake.cards, tuple)
    discarded = CODEC.from_json(
        {"kind": "discarded", "seat": 0, "count": 1, "cards": ["R1"], "names": None}
    )
    assert discarded == Discarded(0, 1, ("R1",), None)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("card_dealt", 'an event must be an object with a "kind"'),
        ({"seat": 1}, 'an event must be an object with a "kind"'),
        ({"kind": 7}, 'an event must be an object with a "kind"'),
        ({"kind": "shuffled", "count": 2}, 'unknown event kind "shuffled" (known: card_dealt'),
        ({"kind": "card_dealt", "seat": 1}, "event card_dealt: missing field(s) card"),
        (
            {"kind": "card_dealt", "seat": 1, "card": "R1", "face": "up"},
            "event card_dealt: unknown field(s) face",
        ),
        (
            {
                "kind": "chips_passed",
                "from_": 1,
                "from": 1,
                "to": 0,
                "stake": {"chips": 1, "cards": []},
                "paid": {},
            },
            "unknown field(s) from_",
        ),
        (
            {"kind": "card_dealt", "seat": "two", "card": "R1"},
            "event card_dealt.seat: expected a whole number, got 'two'",
        ),
        ({"kind": "card_dealt", "seat": True, "card": "R1"}, "event card_dealt.seat"),
        ({"kind": "reshuffled", "count": [3]}, "event reshuffled.count: expected a whole number"),
        (
            {"kind": "discarded", "seat": 0, "count": 1, "cards": "R1", "names": None},
            "event discarded.cards: 'R1' is not allowed here",
        ),
        (
            {
                "kind": "chips_passed",
                "from": 1,
                "to": 0,
                "stake": {"chips": "many", "cards": []},
                "paid": {},
            },
            "event chips_passed.stake.chips: expected a whole number",
        ),
        (
            {"kind": "card_dealt", "seat": 1, "card": "R1", "visible_to": 1, "hidden": []},
            "event card_dealt.visible_to: expected a list",
        ),
        (
            {"kind": "card_dealt", "seat": 1, "card": "R1", "visible_to": [1], "hidden": "card"},
            "event card_dealt.hidden",
        ),
    ],
)
def test_from_json_refuses_what_is_not_an_event_with_a_clear_message(
    data: object, message: str
) -> None:
    with pytest.raises(FormatError) as caught:
        CODEC.from_json(data)
    assert message in str(caught.value)


def test_a_codec_refuses_a_missing_or_repeated_kind() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Nameless(Event):
        seat: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class AlsoDealt(Event):
        KIND: ClassVar[str] = "card_dealt"
        seat: int

    with pytest.raises(ValueError, match="Nameless has a missing or repeated KIND"):
        EventCodec(Nameless)
    with pytest.raises(ValueError, match="AlsoDealt has a missing or repeated KIND"):
        EventCodec(CardDealt, AlsoDealt)
    assert CODEC.kinds == (
        "card_dealt",
        "reshuffled",
        "discarded",
        "objective_drawn",
        "chips_passed",
    )
    assert CODEC.classes[0] is CardDealt


# -- equality --------------------------------------------------------------------------------------
def test_events_compare_by_value_kind_and_visibility() -> None:
    assert deal(1, "R5") == deal(1, "R5")
    assert deal(1, "R5") != deal(1, "R6")
    assert deal(1, "R5") != deal(2, "R5")
    assert Reshuffled(1) != Reshuffled(1, visible_to=frozenset({0}))
    dealt: Event = CardDealt(1, "R5")
    assert dealt != ObjectiveDrawn(1, "R5")  # the same fields, another kind


# -- events_for_seat -------------------------------------------------------------------------------
def test_events_for_seat_filters_censors_and_keeps_order() -> None:
    log: list[Event] = [
        Reshuffled(40),
        deal(0, "R1"),
        deal(1, "G2"),
        ObjectiveDrawn(1, "A").only_for(1, None),
        Discarded(0, 1, ("Y3",), None),
    ]
    assert events_for_seat(log, 1) == [Reshuffled(40), CardDealt(0, None), log[2], log[3], log[4]]
    assert events_for_seat(log, 0) == [Reshuffled(40), log[1], CardDealt(1, None), log[4]]
    spectator = events_for_seat(log, None)
    assert spectator == [Reshuffled(40), CardDealt(0, None), CardDealt(1, None), log[4]]
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
        seen = event.for_seat(owner)
        assert seen is not None  # the owner sees their own event
        text = json.dumps(seen.to_json())
        owned.update(card for card in state.hands[owner] if f'"{card}"' in text)
    assert owned == {card for hand in state.hands for card in hand}


@dataclasses.dataclass(frozen=True, slots=True)
class Laid(Event):
    KIND: ClassVar[str] = "laid"
    seat: int
    set: str | None = dataclasses.field(default=None, metadata=OMITTED_WHEN_NONE)


def test_a_field_omitted_when_none_is_left_out_and_reads_back_as_none() -> None:
    codec = EventCodec(Laid)
    assert Laid(1).to_json() == {"kind": "laid", "seat": 1}
    assert Laid(1, "square").to_json() == {"kind": "laid", "seat": 1, "set": "square"}
    assert codec.from_json({"kind": "laid", "seat": 1}) == Laid(1)
    assert codec.from_json({"kind": "laid", "seat": 1, "set": "square"}) == Laid(1, "square")
    with pytest.raises(FormatError, match="missing field"):
        codec.from_json({"kind": "laid", "set": "square"})
