"""Checked JSON conversion of actions and options (``engine/jsonable.py``, ``engine/actions.py``,
``games/nove/options.py``, ``games/nove/actions.py``).

Design contract: options are a typed, validated dataclass; invalid options raise a clear error
before any game starts; actions and options serialize to plain JSON. ``errors.py``: every message
is written for a user, "never a Python repr of internal state".
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from nove_desktop.engine import (
    Action,
    ActionCodec,
    EngineError,
    FormatError,
    InvalidOptionsError,
    Stack,
)
from nove_desktop.engine.jsonable import convert, from_plain, to_plain
from nove_desktop.games.nove import NoveGame, NoveOptions
from nove_desktop.games.nove.actions import (
    CODEC,
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from nove_desktop.games.nove.cards import DECK

GAME = NoveGame()

EVERY_KIND_OF_ACTION: list[Action] = [
    DeclareNove("2"),
    Discard(()),
    Discard(("R1",)),
    Discard(("R1", "GA", "JY")),
    AnnounceNove(None),
    AnnounceNove("3"),
    Hit(),
    Stand(),
    AskJokers(),
    ChooseJoker("C"),
]


# -- actions: round trip ---------------------------------------------------------------------------
@pytest.mark.parametrize("action", EVERY_KIND_OF_ACTION, ids=lambda a: json.dumps(a.to_json()))
def test_every_action_round_trips_through_json_text(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert data["type"] == action.TYPE
    assert CODEC.from_json(data) == action


def test_action_json_shapes() -> None:
    assert Hit().to_json() == {"type": "hit"}
    assert Discard(("R1", "G2")).to_json() == {"type": "discard", "cards": ["R1", "G2"]}
    assert AnnounceNove(None).to_json() == {"type": "announce_nove", "option": None}
    assert DeclareNove("1").to_json() == {"type": "declare_nove", "option": "1"}


def test_codec_lists_every_nove_action_type() -> None:
    assert set(CODEC.types) == {
        "declare_nove",
        "discard",
        "announce_nove",
        "hit",
        "stand",
        "ask_jokers",
        "choose_joker",
    }


# -- actions: refusals -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (5, 'an action must be an object with a "type"'),
        (["hit"], 'an action must be an object with a "type"'),
        ({}, 'an action must be an object with a "type"'),
        ({"type": 5}, 'an action must be an object with a "type"'),
        (
            {"type": "fly"},
            'unknown action type "fly" (known: declare_nove, discard, announce_nove, hit, stand, '
            "ask_jokers, choose_joker)",
        ),
        ({"type": "hit", "card": "R1"}, "action hit: unknown field(s) card"),
        ({"type": "stand", "b": 1, "a": 2}, "action stand: unknown field(s) a, b"),
        ({"type": "discard", "cards": "R1"}, "action discard.cards: expected a list, got 'R1'"),
        ({"type": "discard", "cards": [1]}, "action discard.cards[0]: expected text, got 1"),
        (
            {"type": "discard", "cards": ["R1", True]},
            "action discard.cards[1]: expected text, got True",
        ),
        ({"type": "choose_joker", "option": 7}, "action choose_joker.option: expected text, got 7"),
        ({"type": "announce_nove", "option": 5}, "action announce_nove.option: 5 is not allowed"),
    ],
)
def test_malformed_actions_give_readable_format_errors(data: Any, message: str) -> None:
    with pytest.raises(FormatError) as info:
        CODEC.from_json(data)
    assert str(info.value).startswith(message)
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)


def test_a_missing_action_field_is_named_in_plain_words() -> None:
    with pytest.raises(FormatError) as info:
        CODEC.from_json({"type": "declare_nove"})
    message = str(info.value)
    assert "option" in message
    assert "__init__" not in message and "positional argument" not in message


def test_a_codec_for_a_small_game() -> None:
    """The codec is generic: any frozen Action dataclass with a TYPE works."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Bet(Action):
        TYPE = "bet"
        chips: int
        note: str | None = None

    codec = ActionCodec(Bet)
    assert codec.from_json({"type": "bet", "chips": 3}) == Bet(3)
    with pytest.raises(FormatError, match=r"action bet\.chips: expected a whole number, got True"):
        codec.from_json({"type": "bet", "chips": True})
    with pytest.raises(FormatError, match=r"expected a whole number, got 2\.5"):
        codec.from_json({"type": "bet", "chips": 2.5})


# -- the converter ---------------------------------------------------------------------------------
def test_convert_turns_lists_into_tuples_and_checks_items() -> None:
    assert convert([1, 2], tuple[int, ...], "x") == (1, 2)
    assert convert(["a", 1], tuple[str, int], "x") == ("a", 1)
    with pytest.raises(FormatError, match=r"x: expected 2 items, got 3"):
        convert(["a", 1, 2], tuple[str, int], "x")
    with pytest.raises(FormatError, match=r"x\[1\]: expected a whole number, got 'b'"):
        convert([1, "b"], tuple[int, ...], "x")


def test_convert_refuses_bools_for_ints_and_ints_for_bools() -> None:
    with pytest.raises(FormatError, match="expected a whole number, got False"):
        convert(False, int, "n")
    with pytest.raises(FormatError, match="expected true or false, got 1"):
        convert(1, bool, "flag")
    assert convert(True, bool, "flag") is True


def test_convert_shortens_long_values_in_messages() -> None:
    with pytest.raises(FormatError) as info:
        convert("x" * 500, int, "n")
    assert len(str(info.value)) < 100
    assert "..." in str(info.value)


def test_to_plain_gives_json_ready_values() -> None:
    stack = Stack(cards=("R1", "G2"), scores=(1, 2))
    plain = to_plain(stack)
    assert plain == {"cards": ["R1", "G2"], "keep_reshuffle_order": False, "scores": [1, 2]}
    assert json.loads(json.dumps(plain)) == plain
    assert Stack.from_json(plain) == stack


def test_from_plain_refuses_a_non_object() -> None:
    with pytest.raises(FormatError, match=r"deck: expected an object, got \['R1'\]"):
        from_plain(Stack, ["R1"], "deck")


# -- NOVE options ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_allowed_player_count_is_accepted(players: int) -> None:
    assert NoveOptions(players=players).players == players
    assert GAME.options_from_json({"players": players}) == NoveOptions(players=players)


@pytest.mark.parametrize("players", [-1, 0, 1, 7, 40])
def test_player_counts_outside_2_to_6_are_refused(players: int) -> None:
    """Spec 2.1: 2 to 6 players."""
    with pytest.raises(
        InvalidOptionsError, match=f"NOVE is played by 2 to 6 players, not {players}"
    ):
        NoveOptions(players=players)
    with pytest.raises(InvalidOptionsError, match="2 to 6 players"):
        GAME.options_from_json({"players": players})


@pytest.mark.parametrize("dealer", [-1, 4, 10])
def test_first_dealer_out_of_range_is_refused(dealer: int) -> None:
    with pytest.raises(InvalidOptionsError, match="the first dealer must be a seat from 0 to 3"):
        NoveOptions(players=4, first_dealer=dealer)


@pytest.mark.parametrize("rounds", [0, -3, 10_001, 10**29])
def test_max_rounds_out_of_range_is_refused(rounds: int) -> None:
    expected = "round limit must be a whole number from 1 to 10000"
    with pytest.raises(InvalidOptionsError, match=expected):
        NoveOptions(max_rounds=rounds)
    assert NoveOptions(max_rounds=10_000).max_rounds == 10_000


def test_bools_are_refused_by_the_options_constructor_where_checked() -> None:
    with pytest.raises(InvalidOptionsError, match="whole number"):
        NoveOptions(players=True)
    with pytest.raises(InvalidOptionsError, match="round limit"):
        NoveOptions(max_rounds=True)


def test_first_dealer_true_is_refused_like_the_other_whole_numbers() -> None:
    with pytest.raises(InvalidOptionsError):
        NoveOptions(players=4, first_dealer=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "options: expected an object, got []"),
        ("players=4", "options: expected an object, got 'players=4'"),
        ({"players": "four"}, "options.players: expected a whole number, got 'four'"),
        ({"players": True}, "options.players: expected a whole number, got True"),
        ({"players": 4.0}, "options.players: expected a whole number, got 4.0"),
        ({"players": 4, "colour": "red"}, "options: unknown field(s) colour"),
        ({"first_dealer": True}, "options.first_dealer: True is not allowed here"),
        ({"first_dealer": "0"}, "options.first_dealer: '0' is not allowed here"),
        ({"max_rounds": False}, "options.max_rounds: False is not allowed here"),
        ({"max_rounds": 0}, "the round limit must be a whole number from 1 to 10000, not 0"),
        (
            {"max_rounds": 10**29},
            f"the round limit must be a whole number from 1 to 10000, not {10**29}",
        ),
        ({"players": 3, "first_dealer": 3}, "the first dealer must be a seat from 0 to 2"),
    ],
)
def test_bad_option_json_gives_readable_invalid_options_errors(data: Any, message: str) -> None:
    with pytest.raises(InvalidOptionsError) as info:
        GAME.options_from_json(data)
    assert str(info.value) == message


def test_options_round_trip_through_json() -> None:
    for options in (NoveOptions(), NoveOptions(3, 2, 10), NoveOptions(players=6, max_rounds=1)):
        data = json.loads(json.dumps(GAME.options_to_json(options)))
        assert GAME.options_from_json(data) == options


def test_default_options() -> None:
    assert GAME.default_options() == NoveOptions(players=4, first_dealer=None, max_rounds=None)
    assert GAME.default_options(3).players == 3


# -- Discard ---------------------------------------------------------------------------------------
def test_discard_normalises_card_order_to_deck_order() -> None:
    """One exchange is one action whatever order the cards are listed in."""
    assert Discard(("JY", "GA", "R1")).cards == ("R1", "GA", "JY")
    assert Discard(("RA", "R1")) == Discard(("R1", "RA"))
    assert CODEC.from_json({"type": "discard", "cards": ["P7", "G1", "R6"]}) == Discard(
        ("R6", "G1", "P7")
    )


def test_discard_normalisation_matches_the_deck_index_for_every_pair() -> None:
    index = {card: i for i, card in enumerate(DECK)}
    for a in DECK[::3]:
        for b in DECK[1::4]:
            if a == b:
                continue
            cards = Discard((b, a)).cards
            assert [index[c] for c in cards] == sorted(index[c] for c in cards)


def test_discard_keeps_unknown_ids_so_the_rules_can_refuse_them() -> None:
    """An unknown card id sorts after every real card and is left for the rules to refuse."""
    assert Discard(("ZZ", "R1")).cards == ("R1", "ZZ")


def test_discard_trusted_skips_the_check_and_equals_the_normal_action() -> None:
    assert Discard.trusted(("R1", "GA")) == Discard(("GA", "R1"))
