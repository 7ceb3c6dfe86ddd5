"""NUM-X: which cards each seat may know, worked by hand from the spec (``numx.md`` section 11) in
a stacked two-seat round: secret objectives, the simultaneous malus choice, a Facteur X claim
that waits for a seat with precedence (NE-5), a card taken from a malus area, a replenishment
from the deck and a draw into the hand; ``hidden_cards``, ``observe`` and the per-seat events are
checked against these answers (``secrecy_helpers``).

Spec 11 in short: a seat knows its own hand and its own objective; malus choices are the owner's
until everybody has chosen; malus areas, the trick and the discard pile are public; a card drawn
into a hand is the drawer's alone, a card taken from a malus area or drawn face up into one is
public; an unapplied claim is its claimant's alone.
"""

from __future__ import annotations

from typing import Any

from secrecy_helpers import assert_events_show, assert_knowledge, cards, everybody

from nove_desktop.engine import Event, Stack
from nove_desktop.games.numx import NumxGame, NumxOptions, NumxState
from nove_desktop.games.numx.actions import ChooseMalus, Claim, Draw, Pass, Play, Replenish
from nove_desktop.games.numx.cards import FULL_DECK

GAME = NumxGame()
NOTHING = cards("")
HAND0 = "2a 2b 5a 5b 7a 9a 9b 11a 12a 13a JK1 NX1 infa"
HAND1 = "3a 3b 4a 6a 8a 8b 8c 10a 10b 12b SW1 MP1 infb"


def stacked_round() -> tuple[NumxState, list[Event]]:
    """Anchor S1: S0 is dealt first (objective OB05, then one card at a time), S1 gets OB09."""
    dealt = [card for pair in zip(HAND0.split(), HAND1.split(), strict=True) for card in pair]
    stack = Stack(cards=("OB05", "OB09", *dealt, "1a", "1b"))
    return GAME.new_game(NumxOptions(players=2, first_anchor=1), 4, stack)


def play(state: NumxState, seat: int, action: Any) -> list[Event]:
    assert seat in GAME.to_act(state) and action in GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, action)


def test_a_round_with_objectives_malus_choices_a_waiting_claim_and_draws() -> None:
    state, opening = stacked_round()
    own: dict[int | None, frozenset[str]] = {0: cards(HAND0, "OB05"), 1: cards(HAND1, "OB09")}
    assert_events_show(opening, FULL_DECK, {**own, None: NOTHING}, "the deal")
    assert_knowledge(GAME, state, FULL_DECK, {**own, None: NOTHING}, "after the deal")

    # The malus choice stays the chooser's until both have chosen, then all four are shown.
    events = play(state, 0, ChooseMalus(("12a", "13a")))
    assert_events_show(events, FULL_DECK, {0: cards("12a 13a"), 1: NOTHING, None: NOTHING}, "")
    assert_knowledge(GAME, state, FULL_DECK, {**own, None: NOTHING}, "S0 has chosen, S1 not")
    malus = cards("12a 13a 10a 10b")
    events = play(state, 1, ChooseMalus(("10a", "10b")))
    assert_events_show(events, FULL_DECK, everybody(2, malus), "the malus reveal")
    known = {0: own[0] | malus, 1: own[1] | malus, None: malus}
    assert_knowledge(GAME, state, FULL_DECK, known, "after the malus choice")

    # S1 leads 3a 3b, then claims 8a 8b 8c in the window: the claim waits for S0 (it has
    # precedence) and is S1's alone until it is applied.
    lead = cards("3a 3b")
    assert_events_show(play(state, 1, Play(("3a", "3b"))), FULL_DECK, everybody(2, lead), "lead")
    claim = cards("8a 8b 8c")
    events = play(state, 1, Claim(("8a", "8b", "8c")))
    assert_events_show(events, FULL_DECK, {1: claim, 0: NOTHING, None: NOTHING}, "S1's claim")
    known = {0: own[0] | malus | lead, 1: own[1] | malus, None: malus | lead}
    assert_knowledge(GAME, state, FULL_DECK, known, "S1's claim waits")
    events = play(state, 0, Pass())
    assert_events_show(events, FULL_DECK, {1: claim, 0: claim, None: claim}, "the claim applies")
    play(state, 0, Pass())
    play(state, 1, Pass())

    # S0 takes 10a from S1's malus area (public); the trick ends and S1 refills from the deck:
    # 1a goes face up into its area (public).
    assert_events_show(play(state, 0, Draw("10a")), FULL_DECK, everybody(2, cards("10a")), "take")
    events = play(state, 1, Replenish(("deck",)))
    assert_events_show(events, FULL_DECK, everybody(2, cards("1a")), "the refill")
    board = malus | lead | claim | cards("1a")
    known = {0: own[0] | board, 1: own[1] | board, None: board}
    assert_knowledge(GAME, state, FULL_DECK, known, "after the refill")

    # S1 leads 4a; nobody claims; S0 draws 1b from the deck into its hand: S0's alone.
    play(state, 1, Play(("4a",)))
    play(state, 0, Pass())
    play(state, 1, Pass())
    events = play(state, 0, Draw("deck"))
    assert_events_show(events, FULL_DECK, {0: cards("1b"), 1: NOTHING, None: NOTHING}, "a draw")
    board |= cards("4a")
    known = {0: own[0] | board | cards("1b"), 1: own[1] | board, None: board}
    assert_knowledge(GAME, state, FULL_DECK, known, "after S0's draw")
