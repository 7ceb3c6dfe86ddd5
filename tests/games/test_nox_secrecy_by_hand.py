"""NOX: which cards each seat may know, worked by hand from the spec (``nox.md`` section 6) in a
stacked one-round game: the NX-5 merge (a green 14 on a green 5 next to a green 14), then six new
stacks in one kitty, which ends the round (NX-7) and, with one round, the game (NX-E9: hands stay
hidden after the end). ``hidden_cards``, ``observe`` and the per-seat events are checked against
these answers (``secrecy_helpers``).

Spec 6 in short: a seat knows its own hand; every kitty card is public (each was played face up);
a card drawn from the pile is known to the drawer only; the pile's order to nobody.
"""

from __future__ import annotations

from secrecy_helpers import assert_events_show, assert_knowledge, cards, everybody

from nove_desktop.engine import Stack
from nove_desktop.games.nox import NoxGame, NoxState, Play
from nove_desktop.games.nox.cards import deck

GAME = NoxGame()
DECK = deck("published")
NOTHING = cards("")
HANDS = {0: "G14-2 G07-1 O10-1", 1: "B04-1 G05-1 O06-1", 2: "B15-1 G14-1 O03-1"}
DRAWS = "B01-6 B09-5 G12-1 B11-1 O08-1 B01-1 G02-1 O13-1"  # the pile's top cards, in order


def stacked_game() -> tuple[NoxState, list]:
    split = [HANDS[seat].split() for seat in range(3)]
    dealt = [split[i % 3][i // 3] for i in range(9)]  # one at a time from seat 0
    options = GAME.options_from_json({"players": 3, "first_start_seat": 0, "max_rounds": 1})
    return GAME.new_game(options, 3, Stack(cards=(*dealt, *DRAWS.split())))


def play(state: NoxState, seat: int, action: Play) -> list:
    assert GAME.to_act(state) == (seat,) and action in GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, action)


def test_a_round_of_plays_a_merge_and_the_end_of_the_game() -> None:
    state, opening = stacked_game()
    hands: dict[int | None, frozenset[str]] = {seat: cards(text) for seat, text in HANDS.items()}
    assert_events_show(opening, DECK, {**hands, None: NOTHING}, "the deal")
    assert_knowledge(GAME, state, DECK, {**hands, None: NOTHING}, "after the deal")

    # A card played is public; the card drawn after it is the player's alone.
    events = play(state, 0, Play("G14-2", 1, None))
    shown = {0: cards("G14-2 B01-6"), 1: cards("G14-2"), 2: cards("G14-2"), None: cards("G14-2")}
    assert_events_show(events, DECK, shown, "S0 starts S1's kitty")
    events = play(state, 1, Play("G05-1", 1, None))
    assert_events_show(events, DECK, {1: cards("G05-1 B09-5"), 2: cards("G05-1")}, "S1 plays")
    # NX-5: the green 14 covers the green 5 and merges onto the other green 14.
    events = play(state, 2, Play("G14-1", 1, 1))
    assert_events_show(events, DECK, {2: cards("G14-1 G12-1"), 0: cards("G14-1")}, "the merge")
    kitties = cards("G14-2 G05-1 G14-1")
    known = {
        0: cards("G07-1 O10-1 B01-6") | kitties,
        1: cards("B04-1 O06-1 B09-5") | kitties,
        2: cards("B15-1 O03-1 G12-1") | kitties,
        None: kitties,
    }
    assert_knowledge(GAME, state, DECK, known, "after the merge")

    # Six different numbers as new stacks in S0's kitty: the sixth ends the round, undrawn.
    for seat, card in [(0, "G07-1"), (1, "B04-1"), (2, "B15-1"), (0, "O10-1"), (1, "O06-1")]:
        play(state, seat, Play(card, 0, None))
    events = play(state, 2, Play("O03-1", 0, None))
    assert_events_show(events, DECK, everybody(3, cards("O03-1")), "the sixth stack")
    assert GAME.result(state).over
    kitties |= cards("G07-1 B04-1 B15-1 O10-1 O06-1 O03-1")
    known = {
        0: cards("B01-6 B11-1 G02-1") | kitties,
        1: cards("B09-5 O08-1 O13-1") | kitties,
        2: cards("G12-1 B01-1") | kitties,
        None: kitties,
    }
    assert_knowledge(GAME, state, DECK, known, "after the game (hands stay hidden, NX-E9)")
