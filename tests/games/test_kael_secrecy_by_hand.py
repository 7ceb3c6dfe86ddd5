"""Kaël: which cards each seat may know, worked by hand from the spec (``kael.md`` section 11) in a
round built from the worked examples KE-3 (a pair laid, the table card taken back), KE-4 (a cut),
KE-5 (a window nobody can use), KE-6 (a good draw, kept) and KE-10 (a false Kaël, which reveals
every hand); ``hidden_cards``, ``observe`` and the per-seat events are checked against these
answers (``secrecy_helpers``).

Spec 11 in short: a seat knows its own hand; everybody knows the whole table pile and which table
card a seat took (it stays known in that seat's hand); a card drawn from the deck is known to the
drawer only, unless it is laid; a pending good draw is known to the drawer only; at the reveal
every hand is shown.
"""

from __future__ import annotations

from secrecy_helpers import assert_events_show, assert_knowledge, cards, everybody

from nove_desktop.engine import Action, Event, Stack
from nove_desktop.games.kael import KaelGame, KaelOptions, KaelState
from nove_desktop.games.kael.actions import CallKael, Cut, KeepCard, Lay, Pass
from nove_desktop.games.kael.cards import DECK
from nove_desktop.games.kael.state import Phase

GAME = KaelGame()
NOTHING = cards("")
HANDS = {  # dealt one card at a time from S0 (the dealer is S3); then 5b face up
    0: "9a 9b 3a 7c X",
    1: "2a 11a 11b 13c 6d",
    2: "9c 4a 4b 12a 0a",
    3: "9d 11c 11d 7a 13a",
}
DRAWS = "1a 2b 7b"  # the deck's top cards: S0's draw, S2's draw, S3's draw


def stacked_game() -> tuple[KaelState, list[Event]]:
    split = [HANDS[seat].split() for seat in range(4)]
    dealt = [split[i % 4][i // 4] for i in range(20)]
    stack = Stack(cards=(*dealt, "5b", *DRAWS.split()))
    options = KaelOptions(players=4, deal_mode="fixed", hand_size=5, first_dealer=3)
    return GAME.new_game(options, 1, stack)


def play(state: KaelState, seat: int, action: Action) -> list[Event]:
    assert seat in GAME.to_act(state) and action in GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, action)


def all_pass(state: KaelState) -> None:
    """Every seat still asked in the open cut window passes."""
    assert state.phase == Phase.CUT_WINDOW
    while state.phase == Phase.CUT_WINDOW:
        assert play(state, GAME.to_act(state)[0], Pass())[0].kind == "pass"


def until_round_end(events: list[Event]) -> list[Event]:
    cut = next(i for i, e in enumerate(events) if e.kind == "round_scored")
    return events[: cut + 1]


def test_a_round_of_lays_a_cut_a_kept_good_draw_and_a_false_kael() -> None:
    state, opening = stacked_game()
    table = cards("5b")
    hands = {seat: cards(text) for seat, text in HANDS.items()}
    known: dict[int | None, frozenset[str]] = {
        **{s: hands[s] | table for s in range(4)},
        None: table,
    }
    assert_events_show(opening, DECK, known, "the deal")
    assert_knowledge(GAME, state, DECK, known, "after the deal")

    # S0 lays 9a 9b and draws 1a from the deck: the lay is public, the draw is S0's alone.
    events = play(state, 0, Lay(("9a", "9b"), "deck"))
    laid = cards("9a 9b")
    shown = {0: laid | cards("1a"), 1: laid, 2: laid, 3: laid, None: laid}
    assert_events_show(events, DECK, shown, "S0 lays and draws")
    table |= laid
    known = {
        0: cards("3a 7c X 1a") | table,
        1: hands[1] | table,
        2: hands[2] | table,
        3: hands[3] | table,
        None: table,
    }
    assert_knowledge(GAME, state, DECK, known, "the cut window after S0's pair (KE-5)")
    assert len(GAME.to_act(state)) == 4  # every seat is asked, whoever could cut
    all_pass(state)

    # S1 lays 11a 11b and takes 9b back from the table (KE-3): everybody sees which card.
    events = play(state, 1, Lay(("11a", "11b"), "table"))
    assert_events_show(events, DECK, everybody(4, cards("11a 11b 9b")), "S1 takes 9b")
    table = cards("5b 9a 11a 11b")
    known = {
        0: cards("3a 7c X 1a", "9b") | table,
        1: cards("2a 13c 6d 9b") | table,
        2: hands[2] | table | cards("9b"),
        3: hands[3] | table | cards("9b"),
        None: table | cards("9b"),
    }
    assert_knowledge(GAME, state, DECK, known, "the cut window after S1's pair (KE-3)")

    # S3 holds 11c 11d and cuts (KE-4): public.
    events = play(state, 3, Cut())
    assert_events_show(events, DECK, everybody(4, cards("11c 11d")), "S3 cuts")
    table |= cards("11c 11d")

    # S2 lays 4a 4b and draws 2b; nobody holds 4c 4d, everybody passes.
    events = play(state, 2, Lay(("4a", "4b"), "deck"))
    laid = cards("4a 4b")
    assert_events_show(events, DECK, {2: laid | cards("2b"), 0: laid, 3: laid}, "S2 draws")
    all_pass(state)
    table |= laid

    # S3 lays 7a and draws 7b: a good draw only S3 knows about (K-A56); it keeps the card.
    events = play(state, 3, Lay(("7a",), "deck"))
    assert_events_show(events, DECK, {3: cards("7a 7b"), 0: cards("7a"), None: cards("7a")}, "7b")
    table |= cards("7a")
    known = {
        0: cards("3a 7c X 1a", "9b") | table,
        1: cards("2a 13c 6d 9b") | table,
        2: cards("9c 12a 0a 2b", "9b") | table,
        3: cards("9d 13a 7b", "9b") | table,
        None: table | cards("9b"),
    }
    assert_knowledge(GAME, state, DECK, known, "S3's pending good draw")
    assert GAME.observe(state, 0).phase == Phase.TURN != GAME.observe(state, 3).phase
    events = play(state, 3, KeepCard())
    assert_events_show(events, DECK, everybody(4, NOTHING), "S3 keeps 7b")
    assert_knowledge(GAME, state, DECK, known, "after S3 kept 7b")

    # S0 calls with 26 points: a false Kaël, resolved at once; every hand is revealed.
    every_hand = cards("3a 7c X 1a", "2a 13c 6d 9b", "9c 12a 0a 2b", "9d 13a 7b")
    events = until_round_end(play(state, 0, CallKael()))
    assert_events_show(events, DECK, everybody(4, every_hand), "the reveal")
