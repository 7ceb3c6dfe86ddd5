"""Nove (banco) properties over many seeded random games (spec 5.11), options validation (2.5),
the decks (2.1-2.2), secrecy (6) and the hand-written fast paths (action JSON, observation JSON)
checked against the engine's generic conversions."""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import FormatError, InvalidOptionsError, Rng, Stack
from nove_desktop.engine.actions import to_plain_fields
from nove_desktop.engine.jsonable import to_plain
from nove_desktop.games.banco import BancoGame, BancoOptions
from nove_desktop.games.banco.actions import CODEC, HIT, STAND, Bet, Hit, Stand
from nove_desktop.games.banco.cards import DECKS, VALUE, card_name, score
from nove_desktop.games.banco.events import BankPassed, CardDealt
from nove_desktop.games.banco.state import Phase
from nove_desktop.games.banco.view import determinize, forbidden_hole_values

GAME = BancoGame()

# Option sets that reach every rule: eliminations (few chips, big bets), banks that fill up,
# no rotation limit, no pass on 0, the other decks.
VARIANTS: list[dict[str, Any]] = [
    {},
    {"deck_style": "french40"},
    {"deck_style": "french56", "starting_chips": 12, "max_bet": 6},
    {"starting_chips": 15, "min_bet": 2, "max_bet": 15},
    {"starting_chips": 5, "max_bet": 5, "bank_terms_per_player": None, "max_hands": 30},
    {"pass_bank_on_zero": False, "hands_per_bank": 2, "bank_terms_per_player": 2},
    {"starting_chips": 30, "max_bet": 30, "max_hands": 7},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_chips_are_conserved_after_every_action(variant: int) -> None:
    """Spec 5.11 over 60 random games per option set and every player count: the chip total never
    changes, chips are non-negative integers, the bets of a hand fit in the bank, hands hold 1-5
    cards, nobody keeps drawing at 9, and the game ends within its bound."""
    options = VARIANTS[variant]
    games = 0
    for players in range(2, 13):
        for seed in range(players * 7, players * 7 + 6):
            opts = BancoOptions(players=players, **options)
            state, _ = GAME.new_game(opts, seed)
            total = sum(state.chips)
            assert total == players * opts.starting_chips
            rng = Rng(seed ^ 0x5EED)
            terms = opts.bank_terms_per_player
            bound = players * terms * opts.hands_per_bank if terms else opts.max_hands
            assert bound is not None
            while GAME.to_act(state):
                seat = GAME.to_act(state)[0]
                GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
                chips = state.chips
                assert sum(chips) == total
                assert all(type(c) is int and c >= 0 for c in chips)
                banker = state.banker
                if state.phase != Phase.GAME_OVER:  # chips move at the settlement (D-36)
                    assert sum(state.bets) + state.coverage_left == chips[banker]
                    assert state.coverage_left >= 0
                for s in range(players):
                    if state.eliminated[s]:
                        assert state.hands[s] == () or state.phase == Phase.GAME_OVER
                    elif s == banker or s in state.order:
                        assert 1 <= len(state.hands[s]) <= 5
                if state.phase in (Phase.DRAW, Phase.BANKER_DRAW):
                    assert state.totals[state.current] != 9  # a 9 stops at once
                assert state.hand_number <= bound
            result = GAME.result(state)
            assert result.over and sum(result.scores) == total
            assert result.winner in state.winners
            assert max(state.chips) == state.chips[result.winner]
            games += 1
    assert games == 66


def test_every_way_to_end_and_to_pass_the_bank_happens() -> None:
    """The random games above reach each end reason and each bank-passing reason."""
    ends: set[str] = set()
    passes: set[str] = set()
    for variant in VARIANTS:
        for seed in range(40):
            players = 2 + seed % 5
            state, events = GAME.new_game(BancoOptions(players=players, **variant), seed)
            rng = Rng(seed)
            while GAME.to_act(state):
                seat = GAME.to_act(state)[0]
                events += GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            ends.add(GAME.result(state).reason)
            passes.update(e.reason for e in events if isinstance(e, BankPassed))
    assert ends == {"rotation_complete", "one_player_left", "hand_limit"}
    assert passes == {"banker_broke", "banker_zero", "term_complete"}


# -- the decks -------------------------------------------------------------------------------------
def test_the_three_decks() -> None:
    assert [len(DECKS[s]) for s in ("italian40", "french40", "french56")] == [40, 40, 56]
    assert DECKS["italian40"][:3] == ("Co01", "Co02", "Co03")
    assert DECKS["italian40"][-1] == "Sp10"
    assert DECKS["french40"][10] == "D01"
    assert DECKS["french56"][:4] == ("H01a", "H01b", "H02a", "H02b")
    every = [c for deck in DECKS.values() for c in deck]
    assert len(every) == len(set(every)) == 136  # an id never names two cards
    for deck in DECKS.values():
        counts = [sum(1 for c in deck if VALUE[c] == v) for v in range(1, 8)]
        assert counts in ([8, 8, 8, 4, 4, 4, 4], [8] * 7)  # spec 2.3 frequencies
    assert card_name("De08") == "Fante di Denari"
    assert card_name("H01") == "ace of hearts"
    assert card_name("S07b") == "7 of spades (b)"
    assert score(()) == 0


@pytest.mark.parametrize(
    ("players", "style"), [(2, "italian40"), (8, "italian40"), (9, "french56"), (12, "french56")]
)
def test_the_default_deck_depends_on_the_player_count(players: int, style: str) -> None:
    options = GAME.options_from_json({"players": players})
    assert options.deck_style == style
    assert sorted(GAME.full_deck(options)) == sorted(DECKS[style])
    assert GAME.options_from_json(GAME.options_to_json(options)) == options


def test_any_deck_with_any_player_count() -> None:
    state, _ = GAME.new_game(BancoOptions(players=12, deck_style="french40"), 3)
    assert state.options.deck_style == "french40"
    assert set(GAME.cards_in_play(state)) == set(DECKS["french40"])
    state, _ = GAME.new_game(BancoOptions(players=2, deck_style="french56"), 3)
    assert len(GAME.cards_in_play(state)) == 56


# -- options ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 1}, "played by 2 to 12 players, not 1"),
        ({"players": 13}, "played by 2 to 12 players, not 13"),
        ({"players": "four"}, "number of players must be a whole number"),
        ({"deck_style": "tarot"}, 'the deck style must be "italian40", "french40", "french56"'),
        ({"min_bet": 0}, "smallest bet must be a whole number of chips from 1 to 1000000"),
        ({"max_bet": 4, "min_bet": 5}, "table limit must be a whole number of chips from the"),
        ({"max_bet": 10**6 + 1}, "table limit must be a whole number of chips from the smallest"),
        ({"starting_chips": 3, "min_bet": 5, "max_bet": 5}, "every player must start with"),
        ({"starting_chips": 10**20}, "chips from the smallest bet (1) to 1000000, not 1000"),
        ({"hands_per_bank": 0}, "hands per bank must be a whole number from 1 to 100"),
        ({"hands_per_bank": 101}, "hands per bank must be a whole number from 1 to 100, not 101"),
        ({"bank_terms_per_player": 101}, "bank terms per player must be a whole number from 1"),
        ({"pass_bank_on_zero": 1}, "pass_bank_on_zero must be true or false"),
        ({"bank_terms_per_player": 0}, "bank terms per player must be a whole number"),
        ({"max_hands": 0}, "hand limit must be a whole number from 1 to 10000"),
        ({"max_hands": 10**12}, "hand limit must be a whole number from 1 to 10000"),
        ({"bank_terms_per_player": None}, "a hand limit is needed, or the game might never end"),
        ({"first_banker": 4}, "first banker must be a seat from 0 to 3"),
        ({"first_banker": True}, "first banker must be a seat"),
    ],
)
def test_bad_options_are_refused_with_a_readable_message(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOptionsError) as info:
        BancoOptions(**{"players": 4, **fields})
    assert message in str(info.value)


def test_options_from_json_refuses_wrong_types_and_unknown_fields() -> None:
    with pytest.raises(InvalidOptionsError, match="expected a whole number"):
        GAME.options_from_json({"players": 4, "max_bet": "ten"})
    with pytest.raises(InvalidOptionsError, match="unknown field"):
        GAME.options_from_json({"players": 4, "jokers": 2})
    ok = GAME.options_from_json({"players": 3, "bank_terms_per_player": None, "max_hands": 9})
    assert (ok.bank_terms_per_player, ok.max_hands) == (None, 9)


def test_a_stacked_deck_and_bankrolls_are_checked() -> None:
    options = BancoOptions(players=3)
    with pytest.raises(InvalidOptionsError, match="H01 is not a card of this game"):
        GAME.new_game(options, 1, Stack(cards=("H01",)))
    with pytest.raises(InvalidOptionsError, match="at least the smallest bet"):
        GAME.new_game(options, 1, Stack(scores=(10, 0, 10)))


# -- secrecy ---------------------------------------------------------------------------------------
def test_the_bankers_hole_card_stays_hidden_until_the_settlement() -> None:
    """Through a whole random game: while a hand is played, no punter's observation and no event
    a punter can see names the banker's hole card; punters' hole cards are hidden likewise."""
    for seed in range(30):
        state, events = GAME.new_game(BancoOptions(players=4), seed)
        rng = Rng(seed)
        batches = [events]
        while GAME.to_act(state):
            hole = state.hands[state.banker][0]
            for seat in range(4):
                if seat == state.banker:
                    continue
                data = GAME.observe(state, seat).to_json()
                assert hole not in str(data)
                assert hole in GAME.hidden_cards(state, seat)
            seat = GAME.to_act(state)[0]
            hand = state.hand_number
            new = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            if state.hand_number == hand and state.phase != Phase.GAME_OVER:
                for event in new:
                    for other in range(4):
                        if other != state.banker:
                            seen = event.for_seat(other)
                            assert seen is None or hole not in str(seen.to_json())
            batches.append(new)


def test_dealt_cards_are_private_events() -> None:
    _state, events = GAME.new_game(BancoOptions(players=3, first_banker=0), 8)
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [e.seat for e in dealt] == [1, 2, 0]
    for event in dealt:
        owner = event.seat
        assert event.card is not None
        assert event.for_seat(owner) == event
        for other in {0, 1, 2} - {owner}:
            seen = event.for_seat(other)
            assert seen == CardDealt(owner, None)
            assert seen is not None and seen.to_json() == {
                "kind": "card_dealt",
                "seat": owner,
                "card": None,
            }
        assert event.for_seat(None) == CardDealt(owner, None)


def test_determinization_never_gives_a_hidden_nine() -> None:
    """A punter who hit and did not show a 9 cannot hold a hole card that made 9 on the way."""
    assert forbidden_hole_values(("Co01", "De04", "Sp03")) == {5, 2}
    options = BancoOptions(players=6)
    for seed in range(20):
        state, _ = GAME.new_game(options, seed)
        rng = Rng(seed + 1)
        while GAME.to_act(state):
            if state.phase == Phase.BANKER_DRAW:
                banker = state.banker
                sample = determinize(state, banker, Rng(seed))
                for s in state.order:
                    hand = sample.hands[s]
                    if len(hand) >= 2 and not sample.revealed[s]:
                        assert VALUE[hand[0]] not in forbidden_hole_values(hand)
                        assert sample.totals[s] == score(hand)
                assert sample.hands[banker] == state.hands[banker]
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


# -- fast paths equal the generic conversions ------------------------------------------------------
def test_action_json_fast_paths_match_the_generic_codec() -> None:
    for action in (Bet(1), Bet(10), Bet(5000), Hit(), Stand(), HIT, STAND):
        generic = {"type": action.TYPE, **to_plain_fields(action)}
        assert action.to_json() == generic
        assert CODEC.from_json(action.to_json()) == action
    for bad in (
        {"type": "bet", "amount": "5"},
        {"type": "bet", "amount": True},
        {"type": "bet"},
        {"type": "hit", "amount": 1},
        {"type": "double"},
        ["hit"],
    ):
        with pytest.raises(FormatError):
            CODEC.from_json(bad)


def test_observation_json_matches_the_generic_conversion() -> None:
    state, _ = GAME.new_game(BancoOptions(players=5), 11)
    rng = Rng(2)
    checked = 0
    while GAME.to_act(state):
        for seat in (None, *range(5)):
            observation = GAME.observe(state, seat)
            assert observation.to_json() == to_plain(observation)
            checked += 1
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 100


def test_state_json_round_trip_and_damaged_states() -> None:
    state, _ = GAME.new_game(BancoOptions(players=4), 5)
    GAME.apply(state, state.current, Bet(3))
    data = GAME.state_to_json(state)
    again = GAME.state_from_json(data)
    assert GAME.state_to_json(again) == data
    assert GAME.legal_actions(again, again.current) == GAME.legal_actions(state, state.current)
    broken = {"options": data["options"], "state": {**data["state"], "chips": [1, 2]}}
    with pytest.raises(FormatError, match="does not match its player count"):
        GAME.state_from_json(broken)
    with pytest.raises(FormatError, match="damaged"):
        GAME.state_from_json({"options": data["options"], "state": {"rng": 1}})
