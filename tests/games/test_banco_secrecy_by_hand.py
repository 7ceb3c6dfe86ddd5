"""Nove banco: which cards each seat may know, worked by hand from the spec (``nove_banco.md``
section 6) in the hands of the worked examples NV-4 (a punter's 9 shown at once, the settlement)
and NV-8 (two punters sit out: their hole cards are never shown); ``hidden_cards``, ``observe``
and the per-seat events are checked against these answers (``secrecy_helpers``). Each game is a
single hand (``max_hands=1``), so the position after the settlement can be checked too.

Spec 6 in short: a hole card is known to its owner from the deal, to everybody once shown (a
punter's 9 at once, every hand that bet at the settlement); a sat-out hole card is never shown;
every card drawn after the hole card is public.
"""

from __future__ import annotations

from typing import Any

from secrecy_helpers import assert_events_show, assert_knowledge, cards, everybody

from nove_desktop.engine import Event, Stack
from nove_desktop.games.banco import BancoGame, BancoState
from nove_desktop.games.banco.actions import HIT, STAND, Bet
from nove_desktop.games.banco.cards import DECKS

GAME = BancoGame()
DECK = DECKS["italian40"]
NOTHING = cards("")


def one_hand(players: int, banker: int, stock: str, chips: Any = None) -> tuple[BancoState, list]:
    options = GAME.options_from_json(
        {"players": players, "first_banker": banker, "max_hands": 1, "deck_style": "italian40"}
    )
    return GAME.new_game(options, 8, Stack(cards=tuple(stock.split()), scores=chips))


def play(state: BancoState, seat: int, action: Any) -> list[Event]:
    assert GAME.to_act(state) == (seat,) and action in GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, action)


def test_nv4_a_nine_is_shown_at_once_and_the_settlement_shows_the_hands_that_bet() -> None:
    state, opening = one_hand(3, 1, "De04 Sp01 Co06 Ba05 Co03 Sp03 De03")
    holes: dict[int | None, frozenset[str]] = {  # punters 2, 0; banker 1
        2: cards("De04"),
        0: cards("Sp01"),
        1: cards("Co06"),
    }
    assert_events_show(opening, DECK, {**holes, None: NOTHING}, "NV-4 deal")
    assert_knowledge(GAME, state, DECK, {**holes, None: NOTHING}, "NV-4 after the deal")

    assert_events_show(play(state, 2, Bet(10)), DECK, everybody(3, NOTHING), "a bet")
    nine = cards("De04 Ba05")  # Ba05 makes 9: the hole card is shown at once (D-22)
    assert_events_show(play(state, 2, HIT), DECK, everybody(3, nine), "NV-4 seat 2's 9")
    play(state, 0, Bet(3))
    assert_events_show(play(state, 0, HIT), DECK, everybody(3, cards("Co03")), "a hit")
    play(state, 0, HIT)  # Sp03, face up
    play(state, 0, STAND)
    shown = nine | cards("Co03 Sp03")
    known = {
        0: shown | cards("Sp01"),
        1: shown | cards("Co06"),
        2: shown,
        None: shown,
    }
    assert_knowledge(GAME, state, DECK, known, "NV-4 before the banker draws")

    # The banker draws De03 (9, it stands); the settlement shows its hole card and seat 0's.
    settled = cards("De03 Co06 Sp01")
    events = play(state, 1, HIT)
    assert_events_show(events, DECK, everybody(3, settled), "NV-4 the settlement")
    everything = shown | settled
    assert_knowledge(GAME, state, DECK, everybody(3, everything), "NV-4 after the settlement")


def test_nv8_a_sat_out_hole_card_is_never_shown() -> None:
    chips = (18, 100, 100, 100, 100)
    state, _ = one_hand(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips)
    play(state, 1, Bet(10))
    play(state, 1, STAND)
    play(state, 2, Bet(8))
    events = play(state, 2, STAND)  # seats 3 and 4 sit out: the bank cannot cover more
    assert_events_show(events, DECK, everybody(5, NOTHING), "NV-8 sit-outs")
    assert_events_show(play(state, 0, HIT), DECK, everybody(5, cards("Sp02")), "the banker")
    known = {
        0: cards("Co06 Sp02"),
        1: cards("Co07 Sp02"),
        2: cards("De07 Sp02"),
        3: cards("Sp07 Sp02"),
        4: cards("Ba07 Sp02"),
        None: cards("Sp02"),
    }
    assert_knowledge(GAME, state, DECK, known, "NV-8 before the banker stands")
    shown = cards("Co06 Co07 De07")  # the banker's hole card and those of the two bets
    assert_events_show(play(state, 0, STAND), DECK, everybody(5, shown), "NV-8 the settlement")
    public = shown | cards("Sp02")
    known = {seat: public for seat in (0, 1, 2, None)}
    known |= {3: public | cards("Sp07"), 4: public | cards("Ba07")}
    assert_knowledge(GAME, state, DECK, known, "NV-8 after the game")
