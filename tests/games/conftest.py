"""Helpers for the NOVE worked-example tests (spec ``shared/rules/nove.md`` section 10).

* ``cards("R2 R1 RA")`` parses the spec's space-separated card notation into a list of ids.
* ``table(players, dealer, deck, scores=...)`` starts a stacked game through the public API and
  returns a :class:`Table` that drives it with ``play((seat, action), ...)``, checking before
  every step that exactly that seat is asked, and keeping every event.
* ``final_hands(order, {seat: "cards"}, nove_holder=None)`` scores "final hands" examples with
  ``evaluate_hands`` (free jokers resolved by the default of spec 5.4).
"""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Event, IllegalActionError, Stack
from nove_desktop.games.nove import NoveGame, NoveOptions, flow
from nove_desktop.games.nove.scoring import SeatScore, evaluate_hands


def parse_cards(text: str) -> list[str]:
    """``"R2 R1 RA"`` -> ``["R2", "R1", "RA"]`` (the notation of the spec's examples)."""
    return text.split()


# Events after which a round is over (the next round, if any, is dealt right after them).
ROUND_ENDINGS = frozenset(
    {"round_scored", "three_of_a_kind_win", "four_of_a_kind", "nove_ten_points", "nove_finito"}
)


class Table:
    """One stacked NOVE game played through ``new_game`` / ``apply`` only."""

    def __init__(
        self,
        players: int,
        dealer: int,
        deck: str,
        scores: tuple[int, ...] | None = None,
        keep_reshuffle_order: bool = False,
        seed: int = 0,
    ) -> None:
        self.game = NoveGame()
        stack = Stack(
            cards=tuple(parse_cards(deck)),
            keep_reshuffle_order=keep_reshuffle_order,
            scores=None if scores is None else tuple(scores),
        )
        options = NoveOptions(players=players, first_dealer=dealer)
        self.state, self.events = self.game.new_game(options, seed=seed, stack=stack)

    # -- driving the game ------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def legal(self, seat: int) -> list[Any]:
        return self.game.legal_actions(self.state, seat)

    def play(self, *steps: tuple[int, Any]) -> list[Event]:
        """Apply ``(seat, action)`` steps in order; each seat must be the one asked.
        Returns the events of these steps (they are also appended to ``self.events``)."""
        new: list[Event] = []
        for seat, action in steps:
            assert self.to_act == (seat,), (
                f"before {action!r}: expected seat {seat} to be asked, to_act is {self.to_act}"
            )
            assert action in self.legal(seat), f"{action!r} is not legal for seat {seat}"
            new += self.game.apply(self.state, seat, action)
        self.events += new
        return new

    def rig(
        self,
        hands: dict[int, list[str]] | None = None,
        draw: list[str] | None = None,
        discard: list[str] | None = None,
    ) -> None:
        """Set up an example's precondition by hand: hands, draw pile and discard pile (piles
        given top card first; discards are recorded as nobody's in particular)."""
        state = self.state
        for seat, cards in (hands or {}).items():
            state.hands[seat] = list(cards)
        if draw is not None:
            state.draw = list(draw)[::-1]  # the engine keeps the top card last
        if discard is not None:
            state.discard = list(discard)
            state.discarded_by = {}
        # The engine may cache evaluated hands: forget them after editing the state by hand.
        if hasattr(flow, "changed"):
            flow.changed(state)
        elif hasattr(state, "split_cache"):
            state.split_cache.clear()

    def refuse(self, seat: int, action: Any) -> str:
        """Assert that ``action`` is refused (and changes nothing); return the reason."""
        before = self.state.to_json()
        with pytest.raises(IllegalActionError) as info:
            self.game.apply(self.state, seat, action)
        assert self.state.to_json() == before
        return info.value.reason

    def observe(self, seat: int | None) -> dict[str, Any]:
        return self.game.observe(self.state, seat).to_json()

    # -- reading the event log ---------------------------------------------------------------
    def of_kind(self, kind: str, events: list[Event] | None = None) -> list[dict[str, Any]]:
        """The data of every event of ``kind`` (in the whole log unless ``events`` is given)."""
        return [e.data for e in (self.events if events is None else events) if e.kind == kind]

    def round_of(self, events: list[Event] | None = None) -> list[Event]:
        """``events`` (default: the whole log) cut after the first event that ends a round, so
        that the automatic deal of the next round is left out."""
        events = self.events if events is None else events
        for i, event in enumerate(events):
            if event.kind in ROUND_ENDINGS:
                return events[: i + 1]
        return events

    def kinds(self, events: list[Event] | None = None) -> list[str]:
        return [e.kind for e in (self.events if events is None else events)]

    def cards_received(self, kind: str, seat: int, events: list[Event] | None = None) -> list[str]:
        """Cards ``seat`` received through events of ``kind`` ("deal", "redeal", "hit", ...)."""
        found: list[str] = []
        for d in self.of_kind(kind, events):
            if d["seat"] == seat:
                found += d["cards"] if "cards" in d else [d["card"]]
        return found


@pytest.fixture
def cards():
    return parse_cards


@pytest.fixture
def table():
    """Factory: ``table(players, dealer, deck, scores=None, keep_reshuffle_order=False)``."""
    return Table


@pytest.fixture
def final_hands():
    """``final_hands(order, {seat: "cards"}, nove_holder=None)`` -> (joker options, scores)."""

    def score(
        order: tuple[int, ...],
        hands: dict[int, str],
        nove_holder: int | None = None,
        locked: dict[str, str] | None = None,
    ) -> tuple[dict[int, str], dict[int, SeatScore]]:
        parsed = {seat: parse_cards(text) for seat, text in hands.items()}
        return evaluate_hands(order=order, hands=parsed, nove_holder=nove_holder, locked=locked)

    return score
