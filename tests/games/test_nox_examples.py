"""The worked examples NX-1..NX-13 of the NOX spec (``shared/rules/nox.md`` section 10).

Full-deck examples (NX-2, NX-3) stack the deck through the engine's ``Stack``. Mid-round examples
start a real game, then set the example's hands, kitties and pile by hand (``Nox.rig``; the cards
the example does not mention fill the unlisted hands and the bottom of the pile, so cards stay
conserved) and play on through ``apply`` only.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from nove_desktop.engine import Event, IllegalActionError, Stack, events_for_seat
from nove_desktop.games.nox import NoxGame, NoxOptions, Play
from nove_desktop.games.nox.cards import deck
from nove_desktop.games.nox.events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    GameOver,
    Merged,
    RoundEnded,
    RoundScored,
    RoundStarted,
)
from nove_desktop.games.nox.scoring import kitty_points
from nove_desktop.games.nox.state import Phase, refresh_covers

GAME = NoxGame()


def cards(text: str) -> list[str]:
    return text.split()


def kitty(text: str) -> list[tuple[str, ...]]:
    """``"[G14-1 G05-1 G14-2] [O06-1]"`` -> stacks, each bottom to top."""
    stacks = []
    for part in text.split("]"):
        part = part.strip().lstrip("[").strip()
        if part:
            stacks.append(tuple(part.split()))
    return stacks


def new_stack(card: str, target: int) -> Play:
    return Play(card, target)


def cover(card: str, target: int, index: int) -> Play:
    return Play(card, target, index)


class Nox:
    """One game of NOX driven through the public API, with a hand-made mid-round position."""

    def __init__(self, players: int = 3, start: int = 0, seed: int = 0, **options: Any) -> None:
        self.options = NoxOptions(players=players, first_start_seat=start, **options)
        self.state, self.events = GAME.new_game(self.options, seed)

    def rig(
        self,
        current: int,
        hands: dict[int, str] | None = None,
        kitties: dict[int, str] | None = None,
        pile: str = "",
        start: int | None = None,
        totals: list[int] | None = None,
        partial: bool = False,
    ) -> None:
        """Hands, kitties and the pile's top cards (top first) as given. Every other card fills
        the hands not given (3 each) and then the bottom of the pile, so cards stay conserved;
        with ``partial`` (the spec allows partial states) they are left out instead."""
        s = self.state
        named_hands = {seat: cards(text) for seat, text in (hands or {}).items()}
        named_kitties = {seat: kitty(text) for seat, text in (kitties or {}).items()}
        top = cards(pile)
        used = set(top)
        for hand in named_hands.values():
            used.update(hand)
        for stacks in named_kitties.values():
            for stack in stacks:
                used.update(stack)
        rest = [] if partial else [c for c in deck(self.options.deck_profile) if c not in used]
        for seat in range(s.players):
            if seat in named_hands:
                s.hands[seat] = named_hands[seat]
            else:
                s.hands[seat], rest = rest[:3], rest[3:]
            s.kitties[seat] = named_kitties.get(seat, [])
        s.pile = (top + rest)[::-1]  # the engine keeps the top card last
        refresh_covers(s)  # the kitties were edited by hand
        s.current = current
        if start is not None:
            s.start_seat = start
        if totals is not None:
            s.totals = list(totals)
        if not partial:
            assert sorted(GAME.cards_in_play(s)) == sorted(deck(self.options.deck_profile))

    # -- driving -------------------------------------------------------------------------------
    def legal(self, seat: int) -> list[Any]:
        return GAME.legal_actions(self.state, seat)

    def play(self, seat: int, action: Play) -> list[Event]:
        assert GAME.to_act(self.state) == (seat,), f"seat {seat} is not to act"
        assert action in self.legal(seat), f"{action} is not legal for seat {seat}"
        events = GAME.apply(self.state, seat, action)
        self.events += events
        return events

    def refuse(self, seat: int, action: Any) -> str:
        before = GAME.state_to_json(self.state)
        with pytest.raises(IllegalActionError) as info:
            GAME.apply(self.state, seat, action)
        assert GAME.state_to_json(self.state) == before
        assert info.value.reason.strip()
        return info.value.reason

    # -- reading -------------------------------------------------------------------------------
    def kitty(self, seat: int) -> list[tuple[str, ...]]:
        return list(self.state.kitties[seat])

    def points(self, seat: int) -> int:
        return kitty_points(self.state.kitties[seat])

    def hand(self, seat: int) -> list[str]:
        return self.state.hands[seat]


E = TypeVar("E", bound=Event)


def of_kind(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


# -- NX-1 deck composition -------------------------------------------------------------------------
def test_nx1_published_deck() -> None:
    cards_ = deck("published")
    assert len(cards_) == 90 and len(set(cards_)) == 90
    assert cards_[0] == "B01-1" and cards_[5] == "B01-6" and cards_[6] == "B04-1"
    assert cards_[-1] == "O13-6"
    by_colour = {c: [x for x in cards_ if x[0] == c] for c in "BGO"}
    assert all(len(v) == 30 for v in by_colour.values())
    numbers = [int(c[1:3]) for c in cards_]
    assert all(numbers.count(n) == 6 for n in range(1, 16))
    assert sum(numbers) == 720
    colour_of = {int(c[1:3]): c[0] for c in cards_}
    assert [n for n in range(1, 16) if colour_of[n] == "B"] == [1, 4, 9, 11, 15]
    assert [n for n in range(1, 16) if colour_of[n] == "G"] == [2, 5, 7, 12, 14]
    assert [n for n in range(1, 16) if colour_of[n] == "O"] == [3, 6, 8, 10, 13]
    assert [c for c in cards_ if c.startswith("G14")] == [f"G14-{i}" for i in range(1, 7)]


def test_nx1_uniform_deck() -> None:
    cards_ = deck("uniform")
    assert len(cards_) == 90 and len(set(cards_)) == 90
    assert cards_[:3] == ("B01-1", "B01-2", "B02-1") and cards_[-1] == "O15-2"
    for colour in "BGO":
        for number in range(1, 16):
            assert sum(1 for c in cards_ if c[0] == colour and int(c[1:3]) == number) == 2
    assert sum(int(c[1:3]) for c in cards_) == 720
    assert GAME.full_deck(NoxOptions(players=3, deck_profile="uniform")) == list(cards_)


# -- NX-2 deal, NX-3 first play ------------------------------------------------------------------
def stacked_order() -> list[str]:
    """c1..c90: a fixed order that is not the canonical one (O13-1 first for NX-3)."""
    order = list(reversed(deck("published")))
    order.remove("O13-1")
    return ["O13-1", *order]


def test_nx2_deal() -> None:
    c = stacked_order()
    state, events = GAME.new_game(
        NoxOptions(players=4, first_start_seat=2), seed=9, stack=Stack(tuple(c))
    )
    assert state.hands[2] == [c[0], c[4], c[8]]
    assert state.hands[3] == [c[1], c[5], c[9]]
    assert state.hands[0] == [c[2], c[6], c[10]]
    assert state.hands[1] == [c[3], c[7], c[11]]
    assert state.pile[::-1] == c[12:] and len(state.pile) == 78
    assert GAME.to_act(state) == (2,)
    assert state.kitties == [[], [], [], []] and state.round_number == 1
    dealt = of_kind(events, CardDealt)
    assert [(d.seat, d.card) for d in dealt] == [((2 + k) % 4, c[k]) for k in range(12)]
    # Each seat sees only its own dealt cards.
    seen_by_0 = [e.card for e in events_for_seat(events, 0) if isinstance(e, CardDealt)]
    assert [x for x in seen_by_0 if x is not None] == [c[2], c[6], c[10]]
    assert of_kind(events, RoundStarted) == [RoundStarted(round=1, start_seat=2)]


def test_nx3_first_play_of_a_round() -> None:
    c = stacked_order()
    state, _ = GAME.new_game(
        NoxOptions(players=4, first_start_seat=2), seed=9, stack=Stack(tuple(c))
    )
    legal = GAME.legal_actions(state, 2)
    assert len(legal) == 12
    assert all(isinstance(a, Play) and a.stack is None for a in legal)
    assert {(a.card, a.target) for a in legal if isinstance(a, Play)} == {
        (card, t) for card in (c[0], c[4], c[8]) for t in range(4)
    }
    events = GAME.apply(state, 2, Play("O13-1", 3))
    assert state.kitties[3] == [("O13-1",)]
    assert state.hands[2] == [c[4], c[8], c[12]]  # drew c13
    assert GAME.to_act(state) == (3,)
    drawn = of_kind(events, CardDrawn)
    assert drawn == [CardDrawn(seat=2, card=c[12]).only_for(2, ("card",))]
    assert [e.card for e in events_for_seat(events, 1) if isinstance(e, CardDrawn)] == [None]
    played = of_kind(events, CardPlayed)
    assert played == [CardPlayed(seat=2, card="O13-1", target=3, placement="new_stack", stack=0)]


# -- NX-4 legal actions and refusals ---------------------------------------------------------------
def nx4() -> Nox:
    nox = Nox(players=3)
    nox.rig(
        current=1,
        hands={1: "B04-1 G07-1 O10-1"},
        kitties={0: "[B09-1] [G05-1]", 2: "[O03-1] [O08-1]"},
    )
    return nox


def test_nx4_counting_legal_actions() -> None:
    nox = nx4()
    legal = nox.legal(1)
    assert len(legal) == 13
    news = {(a.card, a.target) for a in legal if a.stack is None}
    assert news == {(c, t) for c in ("B04-1", "G07-1", "O10-1") for t in range(3)}
    covers = {(a.card, a.target, a.stack) for a in legal if a.stack is not None}
    assert covers == {
        ("B04-1", 0, 0),
        ("G07-1", 0, 1),
        ("O10-1", 2, 0),
        ("O10-1", 2, 1),
    }
    assert len(set(legal)) == 13


def test_nx4_illegal_plays_are_refused_with_reasons() -> None:
    nox = nx4()
    reason = nox.refuse(1, cover("O10-1", 0, 0))
    assert "that card's colour differs from the top card of that stack" in reason
    assert "orange 10 (O10-1)" in reason and "blue 9 (B09-1)" in reason
    assert "empty" in nox.refuse(1, cover("B04-1", 1, 0))
    other = next(c for c in deck("published") if c not in nox.hand(1))
    assert "you do not hold" in nox.refuse(1, new_stack(other, 0))
    assert "not a NOX card" in nox.refuse(1, new_stack("X99-9", 0))
    assert "not your turn" in nox.refuse(2, new_stack(nox.hand(2)[0], 0))
    assert "not your turn" in nox.refuse(0, new_stack("B04-1", 0))
    assert "no stack 2" in nox.refuse(1, cover("B04-1", 0, 2))
    assert "no stack -1" in nox.refuse(1, cover("B04-1", 0, -1))
    assert "no seat 3" in nox.refuse(1, new_stack("B04-1", 3))
    assert "no seat -1" in nox.refuse(1, new_stack("B04-1", -1))
    assert "no seat 5" in nox.refuse(5, new_stack("B04-1", 0))


# -- NX-5 / NX-6 Anna's green 14 -------------------------------------------------------------------
MARIE, ANNA, CLAIRE = 0, 1, 2
NX5_MARIE = "[B04-1] [G14-1] [O06-1] [B15-1] [G05-1]"


def nx5() -> Nox:
    nox = Nox(players=3)
    nox.rig(
        current=ANNA, hands={ANNA: "G14-2 G07-1 O10-1"}, kitties={MARIE: NX5_MARIE}, pile="B01-6"
    )
    assert nox.points(MARIE) == 44
    return nox


def test_nx5_cover_that_merges() -> None:
    nox = nx5()
    events = nox.play(ANNA, cover("G14-2", MARIE, 4))
    assert nox.kitty(MARIE) == kitty("[B04-1] [G14-1 G05-1 G14-2] [O06-1] [B15-1]")
    assert nox.points(MARIE) == 39
    assert nox.state.phase == Phase.TURN and nox.state.round_number == 1
    assert nox.hand(ANNA) == ["G07-1", "O10-1", "B01-6"]
    assert GAME.to_act(nox.state) == (CLAIRE,)
    assert [e.kind for e in events] == ["card_played", "merged", "card_drawn"]
    assert of_kind(events, Merged) == [
        Merged(target=MARIE, from_index=4, into_index=1, new_index=1, new_depth=3, stacks=4)
    ]


@pytest.mark.parametrize(
    ("action", "after", "stacks", "points"),
    [
        (cover("G07-1", MARIE, 4), "[B04-1] [G14-1] [O06-1] [B15-1] [G05-1 G07-1]", 5, 46),
        (cover("G07-1", MARIE, 1), "[B04-1] [G14-1 G07-1] [O06-1] [B15-1] [G05-1]", 5, 37),
        (new_stack("G14-2", MARIE), "[B04-1] [G14-1 G14-2] [O06-1] [B15-1] [G05-1]", 5, 44),
        (cover("O10-1", MARIE, 2), "[B04-1] [G14-1] [O06-1 O10-1] [B15-1] [G05-1]", 5, 48),
    ],
)
def test_nx6_alternatives(action: Play, after: str, stacks: int, points: int) -> None:
    nox = nx5()
    events = nox.play(ANNA, action)
    assert nox.kitty(MARIE) == kitty(after)
    assert len(nox.kitty(MARIE)) == stacks
    assert nox.points(MARIE) == points
    merged = of_kind(events, Merged)
    if action.card == "G14-2":  # the new stack showing 14 merges at once (D-13)
        assert merged == [
            Merged(target=MARIE, from_index=5, into_index=1, new_index=1, new_depth=2, stacks=5)
        ]
    else:
        assert merged == []


# -- NX-7 / NX-8 Marie's blue 4 --------------------------------------------------------------------
NX7_KITTIES = {
    MARIE: "[B04-1] [G14-1 G05-1 G14-2] [O06-1] [B15-1]",
    ANNA: "[G12-2] [O13-2] [G07-2] [O10-2]",
    CLAIRE: "[B01-1] [G12-1] [O06-2] [O03-1] [G02-2]",
}


def nx7(variant: str = "standard") -> Nox:
    nox = Nox(players=3, variant=variant)
    nox.rig(
        current=MARIE,
        hands={MARIE: "B04-2 O03-2 G05-2"},
        kitties=NX7_KITTIES,
        pile="B09-5",
        start=1,
    )
    return nox


@pytest.mark.parametrize(
    ("variant", "recorded"), [("standard", [39, 0, 28]), ("thick_skinned", [39, 0, 0])]
)
def test_nx7_six_stacks_end_the_round(variant: str, recorded: list[int]) -> None:
    nox = nx7(variant)
    assert nox.points(ANNA) == 0 and sum(int(s[-1][1:3]) for s in nox.kitty(ANNA)) == 42
    events = nox.play(MARIE, new_stack("B04-2", CLAIRE))
    kinds = [e.kind for e in events]
    end = kinds.index("round_ended")
    assert kinds[: end + 2] == ["card_played", "round_ended", "round_scored"]
    assert "card_drawn" not in kinds  # the ending play draws nothing (D-16)
    assert of_kind(events, RoundEnded) == [RoundEnded(reason="six_stacks", by_seat=MARIE)]
    scored = of_kind(events, RoundScored)[0]
    assert scored.points == (39, 0, 28)
    assert scored.eligible == (True, False, True)
    assert scored.recorded == tuple(recorded)
    assert scored.totals == tuple(recorded)
    history = nox.state.round_history[-1]
    assert history["reason"] == "six_stacks" and history["by_seat"] == MARIE
    # The next round: start player = left neighbour of this round's start player (seat 1).
    assert of_kind(events, RoundStarted) == [RoundStarted(round=2, start_seat=2)]
    assert nox.state.round_number == 2 and GAME.to_act(nox.state) == (2,)
    assert all(len(h) == 3 for h in nox.state.hands) and nox.state.kitties == [[], [], []]


def test_nx7_the_ending_player_does_not_draw() -> None:
    """With a one-round game the hands stay as the round left them: Marie drew nothing."""
    nox = Nox(players=3, max_rounds=1)
    nox.rig(current=MARIE, hands={MARIE: "B04-2 O03-2 G05-2"}, kitties=NX7_KITTIES, pile="B09-5")
    nox.play(MARIE, new_stack("B04-2", CLAIRE))
    assert nox.state.phase == Phase.GAME_OVER
    assert nox.hand(MARIE) == ["O03-2", "G05-2"]
    assert nox.state.pile[-1] == "B09-5"
    assert nox.state.winners == [MARIE] and GAME.result(nox.state).reason == "round limit"


def test_nx8_a_duplicate_does_not_end_the_round() -> None:
    nox = nx7()
    events = nox.play(MARIE, new_stack("O03-2", CLAIRE))
    assert nox.kitty(CLAIRE) == kitty("[B01-1] [G12-1] [O06-2] [O03-1 O03-2] [G02-2]")
    assert nox.points(CLAIRE) == 24
    assert nox.state.round_number == 1 and nox.state.phase == Phase.TURN
    assert nox.hand(MARIE) == ["B04-2", "G05-2", "B09-5"]
    assert GAME.to_act(nox.state) == (ANNA,)
    assert [e.kind for e in events] == ["card_played", "merged", "card_drawn"]


# -- NX-9 exhaustion -------------------------------------------------------------------------------
def test_nx9_round_end_by_exhaustion() -> None:
    nox = Nox(players=3)
    kitties = {
        0: "[B09-2] [G07-2] [O08-2]",
        1: "[B11-1] [G05-1] [O10-1]",
        2: "[B01-1] [G02-1] [O03-1]",
    }
    hands = {0: "B15-1 G14-1 O13-1", 1: "B04-1 G12-1 O06-1", 2: "B09-1 G07-1 O08-1"}
    nox.rig(current=0, hands=hands, kitties=kitties, pile="B11-2", start=0, partial=True)
    s = nox.state
    assert s.pile == ["B11-2"]
    steps = [
        (0, "B15-1", 0, [3, 3, 3]),
        (1, "G12-1", 1, [3, 2, 3]),
        (2, "B09-1", 0, [3, 2, 2]),
        (0, "G14-1", 1, [2, 2, 2]),
        (1, "O06-1", 2, [2, 1, 2]),
        (2, "G07-1", 1, [2, 1, 1]),
        (0, "O13-1", 2, [1, 1, 1]),
        (1, "B04-1", 0, [1, 0, 1]),
        (2, "O08-1", 2, [1, 0, 0]),
    ]
    for seat, card, index, sizes in steps:
        events = nox.play(seat, cover(card, seat, index))
        assert [len(h) for h in s.hands] == sizes, card
        assert s.round_number == 1 and of_kind(events, Merged) == []
        if card == "B15-1":
            drawn = CardDrawn(seat=0, card="B11-2").only_for(0, ("card",))
            assert of_kind(events, CardDrawn) == [drawn]
            assert s.pile == []
        else:
            assert of_kind(events, CardDrawn) == []
    assert s.hands[0] == ["B11-2"]  # the seat that drew the last card plays the last one
    events = nox.play(0, cover("B11-2", 0, 0))
    assert of_kind(events, RoundEnded) == [RoundEnded(reason="exhausted", by_seat=0)]
    scored = of_kind(events, RoundScored)[0]
    assert scored.points == (38, 22, 24)
    assert scored.totals == (38, 22, 24)
    assert s.round_number == 2 and sorted(GAME.cards_in_play(s)) == sorted(deck("published"))


def test_next_player_skips_empty_hands() -> None:
    """Spec 5.4 step 6 (D-18): with the pile empty, a seat without cards is passed over."""
    nox = Nox(players=3)
    nox.rig(
        current=0,
        hands={0: "B15-1", 1: "", 2: "B09-1"},
        kitties={0: "[B09-2]"},
        partial=True,
    )
    nox.play(0, cover("B15-1", 0, 0))
    assert GAME.to_act(nox.state) == (2,)


# -- NX-10 standard game end -----------------------------------------------------------------------
# Kitties worth 12 / 25 (or 23) for seats 0 and 1; seat 2 has no blue and five stacks, and the
# acting seat 2 closes the round by adding a sixth, non-blue stack to its own kitty.
END_KITTIES = {
    0: "[B04-1] [G05-1] [O03-1]",
    2: "[G02-1] [O03-2] [G05-2] [O06-1] [G07-1]",
}


def end_round(nox: Nox, seat1: str, totals: list[int]) -> list[Event]:
    kitties = {**END_KITTIES, 1: seat1}
    nox.rig(current=2, hands={2: "O08-1 G12-2 O10-1"}, kitties=kitties, pile="B01-6", totals=totals)
    return nox.play(2, new_stack("O08-1", 2))


@pytest.mark.parametrize(
    ("totals", "seat1", "after", "winners"),
    [
        ([140, 130, 120], "[B15-1] [G07-2] [O03-3]", [152, 155, 120], [1]),
        ([140, 125, 120], "[B15-1] [G07-2] [O03-3]", [152, 150, 120], [0]),
        ([138, 127, 60], "[B15-1] [G05-3] [O03-3]", [150, 150, 60], [0, 1]),
    ],
)
def test_nx10_highest_total_wins(
    totals: list[int], seat1: str, after: list[int], winners: list[int]
) -> None:
    nox = Nox(players=3)
    events = end_round(nox, seat1, totals)
    scored = of_kind(events, RoundScored)[0]
    assert scored.points[2] == 0 and scored.totals == tuple(after)
    assert nox.state.phase == Phase.GAME_OVER and GAME.to_act(nox.state) == ()
    assert of_kind(events, GameOver) == [
        GameOver(winners=tuple(winners), totals=tuple(after), reason="target reached")
    ]
    result = GAME.result(nox.state)
    assert result.over and result.scores == tuple(after) and result.winner == winners[0]
    assert "game is over" in nox.refuse(0, new_stack(nox.hand(0)[0], 0))


def test_nx10_below_the_target_play_goes_on() -> None:
    nox = Nox(players=3)
    events = end_round(nox, "[B15-1] [G07-2] [O03-3]", [100, 100, 100])
    assert of_kind(events, RoundScored)[0].totals == (112, 125, 100)
    assert nox.state.phase == Phase.TURN and nox.state.round_number == 2


# -- NX-11 thick-skinned ---------------------------------------------------------------------------
def thick_round(kitties: dict[int, str]) -> tuple[Nox, list[Event]]:
    nox = Nox(players=4, variant="thick_skinned")
    closing = "[G02-1] [O03-2] [G05-2] [O06-1] [G07-1]"  # seat 3: no blue, five stacks
    nox.rig(
        current=3,
        hands={3: "O08-1 G12-3 O10-1"},
        kitties={**kitties, 3: closing},
        pile="B01-6",
        totals=[40, 55, 90, 10],
    )
    return nox, nox.play(3, new_stack("O08-1", 3))


def test_nx11_tied_best_both_record() -> None:
    nox, events = thick_round(
        {0: "[B09-1] [G12-1] [O06-2]", 1: "[B11-1] [G14-1] [O06-3]", 2: "[B04-1] [G14-2] [O13-1]"}
    )
    scored = of_kind(events, RoundScored)[0]
    assert scored.points == (27, 31, 31, 0)
    assert scored.recorded == (0, 31, 31, 0)
    assert scored.totals == (40, 86, 121, 10)
    assert nox.state.phase == Phase.GAME_OVER and nox.state.winners == [2]
    assert GAME.result(nox.state).winner == 2


def test_nx11_only_the_best_records() -> None:
    nox, events = thick_round(
        {0: "[B09-1] [G12-1] [O06-2]", 1: "[B11-1] [G14-1] [O06-3]", 2: "[B04-1] [G05-1] [O03-1]"}
    )
    scored = of_kind(events, RoundScored)[0]
    assert scored.points == (27, 31, 12, 0)
    assert scored.recorded == (0, 31, 0, 0)
    assert scored.totals == (40, 86, 90, 10)
    assert nox.state.phase == Phase.TURN and nox.state.round_number == 2


def test_thick_skinned_nobody_eligible_nobody_records() -> None:
    _nox, events = thick_round({0: "[B09-1]", 1: "[G14-1]", 2: ""})
    scored = of_kind(events, RoundScored)[0]
    assert scored.points == (0, 0, 0, 0) and scored.recorded == (0, 0, 0, 0)
    assert scored.totals == (40, 55, 90, 10)


# -- NX-12 start player rotation -------------------------------------------------------------------
def test_nx12_start_player_rotation() -> None:
    options = NoxOptions(players=4, first_start_seat=2, target_score=10_000, max_rounds=5)
    state, events = GAME.new_game(options, seed=3)
    while acting := GAME.to_act(state):
        seat = acting[0]
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    starts = [d.start_seat for d in of_kind(events, RoundStarted)]
    assert starts == [2, 3, 0, 1, 2]
    enders = [d.by_seat for d in of_kind(events, RoundEnded)]
    assert len(enders) == 5
    assert GAME.result(state).reason == "round limit"


# -- NX-13 uniform deck ----------------------------------------------------------------------------
def nx13() -> Nox:
    nox = Nox(players=3, deck_profile="uniform")
    nox.rig(
        current=0,
        hands={0: "O07-2 B05-1 G09-1"},
        kitties={1: "[B07-1] [G12-1] [O03-1]"},
        pile="B01-1",
    )
    assert nox.points(1) == 22
    return nox


def test_nx13_new_stack_merge_across_colours() -> None:
    nox = nx13()
    events = nox.play(0, new_stack("O07-2", 1))
    assert nox.kitty(1) == kitty("[B07-1 O07-2] [G12-1] [O03-1]")
    assert nox.points(1) == 0
    assert of_kind(events, Merged)[0].into_index == 0


def test_nx13_cover_then_merge() -> None:
    nox = nx13()
    nox.play(0, cover("O07-2", 1, 2))
    assert nox.kitty(1) == kitty("[B07-1 O03-1 O07-2] [G12-1]")
    assert nox.points(1) == 0
