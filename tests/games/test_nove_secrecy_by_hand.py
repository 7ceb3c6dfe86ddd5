"""NOVE: which cards each seat may know, worked by hand from the spec (``nove.md`` section 7) in
the positions of the worked examples W3, W7, W10 and W16; ``hidden_cards``, ``observe`` and the
per-seat events are checked against these answers (``secrecy_helpers``).

Spec 7 in short: a seat knows its own hand and its own discards; everybody knows the cards of a
NOVE (declared or announced), a busted hand, a joker shown by the query, the special case's hands
and deals, and at scoring every hand. Others' discards, hit cards and dealt cards stay hidden.
"""

from __future__ import annotations

from secrecy_helpers import assert_events_show, assert_knowledge, cards, everybody

from nove_desktop.games.nove.actions import AnnounceNove, AskJokers, Discard, Hit, Stand
from nove_desktop.games.nove.cards import DECK

KEEP = Discard(())
NOTHING = cards("")


def test_w7_exchange_hits_nove_announcements_a_bust_and_the_scoring(table) -> None:
    t = table(3, 2, "R2 R1 RA G3 Y2 GA YB G7 Y6 P4 JR GB PB YA GC PC")
    game, state = t.game, t.state
    hands: dict[int | None, frozenset[str]] = {
        0: cards("R2 G3 YB"),
        1: cards("R1 Y2 G7"),
        2: cards("RA GA Y6"),
    }
    assert_events_show(t.events, DECK, {**hands, None: NOTHING}, "W7 deal")
    assert_knowledge(game, state, DECK, {**hands, None: NOTHING}, "W7 after the deal")

    # Discards are face down: only the discarding seat knows them (and keeps knowing them).
    events = t.play((0, Discard(("YB",))))
    assert_events_show(events, DECK, {0: cards("YB"), 1: NOTHING, 2: NOTHING}, "W7 discard")
    events = t.play((1, Discard(("G7",))))
    assert_events_show(events, DECK, {0: NOTHING, 1: cards("G7"), 2: NOTHING}, "W7 discard")
    events = t.play((2, KEEP))  # the redeal follows: P4 to seat 0, JR to seat 1
    shown = {0: cards("P4"), 1: cards("JR"), 2: NOTHING, None: NOTHING}
    assert_events_show(events, DECK, shown, "W7 redeal")
    known = {
        0: cards("R2 G3 P4", "YB"),
        1: cards("R1 Y2 JR", "G7"),
        2: cards("RA GA Y6"),
        None: NOTHING,
    }
    assert_knowledge(game, state, DECK, known, "W7 after the exchange")

    # Seat 0 announces NOVE: its three cards become public; its hits stay private.
    nove0 = cards("R2 G3 P4")
    events = t.play((0, AnnounceNove(None)))
    assert_events_show(events, DECK, everybody(3, nove0), "W7 seat 0's NOVE")
    assert_events_show(t.play((0, Hit())), DECK, {0: cards("GB"), 1: NOTHING, None: NOTHING}, "hit")
    assert_events_show(t.play((0, Hit())), DECK, {0: cards("PB"), 2: NOTHING, None: NOTHING}, "hit")
    assert_events_show(t.play((0, Stand())), DECK, everybody(3, NOTHING), "W7 stand")
    known = {
        0: cards("R2 G3 P4 GB PB", "YB"),
        1: cards("R1 Y2 JR", "G7", "R2 G3 P4"),
        2: cards("RA GA Y6", "R2 G3 P4"),
        None: nove0,
    }
    assert_knowledge(game, state, DECK, known, "W7 after seat 0's turn")

    # Seat 1 announces with JR locked at 1, hits twice, then busts: its hand is shown in full.
    nove1 = cards("R1 Y2 JR")
    assert_events_show(t.play((1, AnnounceNove("1"))), DECK, everybody(3, nove1), "W7 NOVE 1")
    assert_events_show(t.play((1, Hit())), DECK, {1: cards("YA"), 0: NOTHING}, "W7 hit YA")
    assert_events_show(t.play((1, Hit())), DECK, {1: cards("GC"), 2: NOTHING}, "W7 hit GC")
    busted = cards("R1 Y2 JR YA GC PC")
    assert_events_show(t.play((1, Hit())), DECK, everybody(3, busted), "W7 the bust")
    known = {
        0: cards("R2 G3 P4 GB PB", "YB") | busted,
        1: busted | cards("G7", "R2 G3 P4"),
        2: cards("RA GA Y6", "R2 G3 P4") | busted,
        None: nove0 | busted,
    }
    assert_knowledge(game, state, DECK, known, "W7 before seat 2's turn")

    # Seat 2 stands: the scoring shows every hand to everybody, never the discards.
    every_hand = cards("R2 G3 P4 GB PB", "R1 Y2 JR YA GC PC", "RA GA Y6")
    events = t.round_of(t.play((2, Stand())))
    assert_events_show(events, DECK, everybody(3, every_hand), "W7 scoring")


def test_w3_step1_declarations_show_both_hands(table) -> None:
    t = table(3, 0, "R2 R1 RA G3 P4 GB Y4 G4 P6 YA PB GA Y5")
    declared = cards("R2 G3 Y4", "R1 P4 G4")  # seats 1 and 2 must declare (spec 4.6)
    shown = {1: declared, 2: declared, 0: declared | cards("RA GB P6"), None: declared}
    assert_events_show(t.events, DECK, shown, "W3 opening")
    assert_knowledge(t.game, t.state, DECK, shown, "W3 after the declarations")
    t.play((1, Hit()))  # YA, private to seat 1
    known = {**shown, 1: declared | cards("YA")}
    assert_knowledge(t.game, t.state, DECK, known, "W3 after seat 1's hit")


def test_w16_the_joker_query_shows_hit_jokers_only(table) -> None:
    t = table(4, 0, "R5 G4 Y6 JY G6 P4 GC PB YA RA R3 G5 JR Y4")
    t.play((1, KEEP), (2, KEEP), (3, KEEP), (0, KEEP))
    t.play((1, Hit()), (1, Stand()))  # seat 1 hits JR
    t.play((2, Hit()))  # Y4: a set of 4s, so seat 2 may ask
    events = t.play((2, AskJokers()))
    assert_events_show(events, DECK, everybody(4, cards("JR")), "W16 the query")
    known = {
        0: cards("JY PB G5", "JR"),  # JY was dealt to seat 0: it stays hidden (D36)
        1: cards("R5 G6 YA JR"),
        2: cards("G4 P4 RA Y4", "JR"),
        3: cards("Y6 GC R3", "JR"),
        None: cards("JR"),
    }
    assert_knowledge(t.game, t.state, DECK, known, "W16 after the query")


def test_w10_busts_and_the_special_case_show_hands_and_deals(table) -> None:
    t = table(4, 3, "G6 R6 R4 PA P6 P5 G5 GB Y3 Y4 JR Y2 RB GC YA PC P3 Y1 G1 RA")
    t.play((0, KEEP), (1, KEEP), (2, KEEP), (3, KEEP))
    t.play((0, Hit()))  # RB
    bust0 = cards("G6 P6 Y3 RB GC")
    assert_events_show(t.play((0, Hit())), DECK, everybody(4, bust0), "W10 seat 0 busts")
    t.play((1, Hit()))  # YA
    known = {
        0: bust0,
        1: cards("R6 P5 Y4 YA") | bust0,
        2: cards("R4 G5 JR") | bust0,
        3: cards("PA GB Y2") | bust0,
        None: bust0,
    }
    assert_knowledge(t.game, t.state, DECK, known, "W10 before seat 1's second hit")
    # Seat 1 busts; the special case shows seats 2 and 3 and deals P3 Y1 G1 RA face up.
    every_card = bust0 | cards("R6 P5 Y4 YA PC", "R4 G5 JR P3 Y1 G1 RA", "PA GB Y2")
    events = t.round_of(t.play((1, Hit())))
    assert_events_show(events, DECK, everybody(4, every_card), "W10 special case")
