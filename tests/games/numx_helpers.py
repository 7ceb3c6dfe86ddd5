"""Helpers for the NUM-X tests: a game driven through the public API, with hand-made positions.

``Numx(players)`` starts a real game (default anchor: the last seat, as in the spec's examples)
and ``rig(...)`` sets hands, malus areas, the deck, the trick and whose turn it is; every card not
named goes to the discard pile (or under the deck), so cards stay conserved. ``play`` asserts
that the action is legal for a seat asked to act; ``refuse`` asserts a readable refusal that
changes nothing.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from nove_desktop.engine import Event, IllegalActionError
from nove_desktop.games.numx import NumxGame, NumxOptions
from nove_desktop.games.numx.actions import AddSpecial, Play
from nove_desktop.games.numx.cards import FULL_DECK, OBJECTIVES, ORDER, PLAYING_DECK, VALUE
from nove_desktop.games.numx.rules import refresh_acting
from nove_desktop.games.numx.state import Phase

E = TypeVar("E", bound=Event)

GAME = NumxGame()


def cards(text: str) -> list[str]:
    return text.split()


def play(text: str = "", joker_value: int | None = None) -> Play:
    return Play(tuple(cards(text)), joker_value)


class Numx:
    """One NUM-X game driven through ``new_game``/``apply``."""

    def __init__(
        self, players: int = 4, anchor: int | None = None, seed: int = 0, **options: Any
    ) -> None:
        self.game = GAME
        anchor = players - 1 if anchor is None else anchor
        self.options = NumxOptions(players=players, first_anchor=anchor, **options)
        self.state, self.events = self.game.new_game(self.options, seed)

    # -- positions -----------------------------------------------------------------------------
    def rig(
        self,
        hands: dict[int, str] | None = None,
        malus: dict[int, str] | None = None,
        deck: str = "",
        trick: list[tuple[int, str, int, int]] | None = None,
        current: int = 0,
        last_player: int | None = None,
        objectives: dict[int, str] | None = None,
        rest: str = "discard",
        phase: Phase = Phase.TURN,
        filler: int = 3,
    ) -> None:
        """A mid-round position: ``hands`` and ``malus`` by seat, ``deck`` top card first,
        ``trick`` as (seat, cards, count, value) plays (the last one is the state to beat).
        Seats without a named hand get ``filler`` high classic cards nobody named (so that no
        round ends by accident); unnamed areas are empty. Unnamed playing cards go to the
        discard pile (``rest="discard"``) or under the deck (``rest="deck"``)."""
        s = self.state
        n = s.players
        used: set[str] = set()
        named = dict(hands or {})
        taken = set(" ".join([*named.values(), *(malus or {}).values(), deck]).split())
        taken.update(c for _s, t, _k, _v in (trick or []) for c in cards(t))
        spare = [c for c in reversed(PLAYING_DECK) if VALUE[c] is not None and c not in taken]
        for seat in range(n):
            if seat not in named:
                named[seat], spare = " ".join(spare[:filler]), spare[filler:]
        s.hands = [sorted(cards(named.get(i, "")), key=ORDER.__getitem__) for i in range(n)]
        s.malus = [cards((malus or {}).get(i, "")) for i in range(n)]
        s.chosen = [None] * n
        s.trick = [(seat, tuple(cards(c)), k, v) for seat, c, k, v in (trick or [])]
        for group in (*s.hands, *s.malus, *(t[1] for t in s.trick), cards(deck)):
            for card in group:
                assert card not in used, f"{card} is named twice"
                used.add(card)
        left = [c for c in PLAYING_DECK if c not in used]
        top_first = cards(deck) + (left if rest == "deck" else [])
        s.deck = top_first[::-1]
        s.discard = [] if rest == "deck" else left
        s.public = set()
        s.staged = []
        s.window = None
        s.first_out = []
        s.queue = []
        s.emptied = []
        if objectives is not None:
            s.objectives = [objectives.get(i) for i in range(n)]
            s.objective_pile = [o for o in OBJECTIVES if o not in s.objectives]
        if s.trick:
            s.trick_count, s.trick_value = s.trick[-1][2], s.trick[-1][3]
            s.last_player = s.trick[-1][0] if last_player is None else last_player
        else:
            s.trick_count = s.trick_value = 0
            s.last_player = None
        s.phase = phase
        s.current = s.leader = current
        s.lead_fails = 0
        s.changed()
        refresh_acting(s)
        assert sorted(self.game.cards_in_play(s)) == sorted(FULL_DECK)

    # -- driving -------------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def phase(self) -> Phase:
        """The phase now (a call, so that a type checker does not carry an earlier comparison
        across the moves played since)."""
        return self.state.phase

    def legal(self, seat: int) -> list[Any]:
        return self.game.legal_actions(self.state, seat)

    def play(self, *steps: tuple[int, Any]) -> list[Event]:
        new: list[Event] = []
        for seat, action in steps:
            assert seat in self.to_act, f"seat {seat} is not to act ({self.to_act})"
            assert action in self.legal(seat), f"{action} is not legal for seat {seat}"
            new += self.game.apply(self.state, seat, action)
        self.events += new
        return new

    def special(self, seat: int, card: str, mode: str, target: Any = None) -> list[Event]:
        return self.play((seat, AddSpecial(card, mode, target)))

    def all_pass(self) -> list[Event]:
        """Every seat of the open Facteur X window passes, in precedence order."""
        from nove_desktop.games.numx.actions import Pass

        new: list[Event] = []
        assert self.state.phase == Phase.FX_WINDOW
        for seat in self.to_act:
            new += self.play((seat, Pass()))
        return new

    def refuse(self, seat: int, action: Any) -> str:
        before = self.game.state_to_json(self.state)
        with pytest.raises(IllegalActionError) as info:
            self.game.apply(self.state, seat, action)
        assert self.game.state_to_json(self.state) == before
        assert info.value.reason.strip()
        return info.value.reason

    # -- reading -------------------------------------------------------------------------------
    @property
    def trick(self) -> tuple[int, int]:
        return self.state.trick_count, self.state.trick_value

    def hand(self, seat: int) -> list[str]:
        return self.state.hands[seat]

    def area(self, seat: int) -> list[str]:
        return self.state.malus[seat]

    def of_kind(self, kind: type[E], events: list[Event] | None = None) -> list[E]:
        """The events of class ``kind`` (of the whole game, or of ``events``)."""
        return [e for e in (self.events if events is None else events) if isinstance(e, kind)]


def value_of(card: str) -> int | None:
    return VALUE[card]


def strings(value: Any) -> set[str]:
    """Every string in a JSON value, as whole tokens ("13a" does not contain "3a")."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return found
