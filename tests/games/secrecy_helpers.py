"""Secrecy checked against answers worked by hand (issue 19, item 2).

Every other secrecy test takes each game's ``hidden_cards`` as the truth. Here a test states, for
a position built from a spec's worked example, exactly which cards each seat may know, worked
out by hand from the spec's hidden-information table; these helpers then check the game against
that answer:

* ``hidden_cards(state, seat)`` is the whole deck minus the cards the seat may know;
* ``observe(state, seat)`` names exactly the cards the seat may know (its own hand, every card
  shown, its own discards...), no more and no fewer; the spectator's (``None``) names exactly
  the cards shown to everybody;
* the events of one step, as each seat sees them, name exactly the cards the test lists.

A card is "named" when its id appears as a whole string anywhere in the JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from nove_desktop.engine import Event, events_for_seat

Seat = int | None


def cards(*texts: str) -> frozenset[str]:
    """``cards("R2 G3", "P4")`` -> the set of those ids (the spec's space-separated notation)."""
    return frozenset(card for text in texts for card in text.split())


def named(value: Any, deck: frozenset[str]) -> frozenset[str]:
    """The cards of ``deck`` whose id is a whole string (a value or a key) inside ``value``."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if item in deck:
                found.add(item)
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return frozenset(found)


def _difference(got: frozenset[str], want: frozenset[str]) -> str:
    return f"extra {sorted(got - want)}, missing {sorted(want - got)}"


def assert_knowledge(
    game: Any, state: Any, deck: Iterable[str], known: Mapping[Seat, frozenset[str]], where: str
) -> None:
    """Each seat of ``known`` (and ``None``, the spectator) may know exactly its set of cards:
    ``hidden_cards`` is the rest of the deck, and its observation names exactly that set."""
    whole = frozenset(deck)
    for seat, knows in known.items():
        assert knows <= whole, f"{where}: the test names cards outside the deck"
        if seat is not None:
            hidden = game.hidden_cards(state, seat)
            assert hidden == whole - knows, (
                f"{where}: hidden_cards(seat {seat}) differs from the hand-worked answer: "
                f"{_difference(whole - hidden, knows)} among the known cards"
            )
        shown = named(game.observe(state, seat).to_json(), whole)
        assert shown == knows, (
            f"{where}: the observation of seat {seat} names other cards than it may know: "
            f"{_difference(shown, knows)}"
        )


def assert_events_show(
    events: list[Event], deck: Iterable[str], shown: Mapping[Seat, frozenset[str]], where: str
) -> None:
    """The events, as each seat of ``shown`` sees them, name exactly that seat's set."""
    whole = frozenset(deck)
    for seat, expected in shown.items():
        seen: frozenset[str] = frozenset()
        for view in events_for_seat(events, seat):
            seen |= named(view.to_json(), whole)
        assert seen == expected, (
            f"{where}: the events as seat {seat} sees them name other cards than the "
            f"hand-worked answer: {_difference(seen, expected)}"
        )


def everybody(players: int, known: frozenset[str]) -> dict[Seat, frozenset[str]]:
    """The same set for every seat and the spectator (what a public event shows)."""
    table: dict[Seat, frozenset[str]] = {seat: known for seat in range(players)}
    table[None] = known
    return table
