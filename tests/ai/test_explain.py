"""Worked examples of each game's explainer (``ai/explain``): hand-built positions whose reason
is known, counted here by hand from the rules' decks, never with the explainers' helpers."""

from __future__ import annotations

import dataclasses

from nove_desktop.ai import make_seat
from nove_desktop.ai.explain import Voice
from nove_desktop.ai.explain import banco as banco_words
from nove_desktop.ai.explain import kael as kael_words
from nove_desktop.ai.explain import nove as nove_words
from nove_desktop.ai.explain import nox as nox_words
from nove_desktop.ai.explain import numx as numx_words
from nove_desktop.games import default_registry
from nove_desktop.games.banco.actions import STAND
from nove_desktop.games.kael.actions import TABLE_SOURCE, Lay
from nove_desktop.games.nove.actions import Discard, Stand
from nove_desktop.games.nox.actions import Play
from nove_desktop.games.numx.actions import SWAP, AddSpecial

REGISTRY = default_registry()
NAMES = ("You", "Bruno", "Ada")
VOICE = Voice(
    card=lambda card: f"<{card}>",
    seat=lambda seat: NAMES[seat],
    action=lambda action: type(action).__name__,
    value=lambda mean: f"{mean:+.1f} points",
)


def observation(game_id: str, seed: int = 3):
    """Seat 0's observation at the first real choice of a 3-seat game (its fields are then
    replaced by the worked example's)."""
    game = REGISTRY.get(game_id)
    state, _ = game.new_game(game.default_options(3), seed)
    seats = [make_seat("normal", game_id, i) for i in range(3)]
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and seat == 0:
            return game.observe(state, 0)
        if len(legal) > 1:
            legal = [seats[seat].choose(game.observe(state, seat), legal)]
        game.apply(state, seat, legal[0])


def test_nove_stand_names_the_cards_that_bust() -> None:
    """A+B+7 = 27 with no joker: a card of 5 or more busts. The spec's deck: red and yellow
    1-6 and A-C, green and purple 1-7 and A-C, two jokers (a joker adds at least 1 here)."""
    obs = observation("nove")
    seats = tuple(dataclasses.replace(s, shown=(), shown_jokers=()) for s in obs.seats)
    obs = dataclasses.replace(
        obs, hand=("RA", "YB", "G7"), jokers=(), own_discards=(), seats=seats, announcements=()
    )
    # Fives, sixes, sevens and Babatos not in hand: red 4, yellow 4, green 5, purple 6.
    busting = 4 + 4 + 5 + 6
    text = nove_words.reason(obs, Stand(), VOICE)
    assert text == f"Stand: {busting} of the 37 cards you have not seen would bust your 27."


def test_nove_exchange_keeps_the_pair() -> None:
    obs = observation("nove")
    obs = dataclasses.replace(obs, hand=("R5", "Y5", "G2"), jokers=())
    text = nove_words.reason(obs, Discard(("G2",)), VOICE)
    assert text == "Discard: you keep your pair of 5 to chase three of a kind."


def test_banco_stand_counts_the_cards_that_lower_the_score() -> None:
    """2 + 5 = 7 in the Italian deck (values 1-7, figures 1-3 per suit): a 3 to 7 lowers it.
    Per suit: 1, 2, 3 twice and 4-7 once; four suits; the 5 in hand is seen."""
    obs = observation("banco")
    obs = dataclasses.replace(
        obs,
        deck_style="italian40",
        hand=("De02", "Sp05"),
        score=7,
        cards=(("De02", "Sp05"), (None,), (None,)),
    )
    lowering = 4 * 2 + 4 * 4 - 1
    unseen = 40 - 2
    text = banco_words.reason(obs, STAND, VOICE)
    assert text == f"Stand: {lowering} of the {unseen} cards you have not seen would lower your 7."


def test_kael_take_the_card_that_pairs() -> None:
    """The issue's example: take the 9 from the table, it pairs with your 9."""
    obs = observation("kael")
    obs = dataclasses.replace(obs, hand=("9a", "4a", "4b"), table=(("9b", 1),))
    text = kael_words.reason(obs, Lay(("4a", "4b"), TABLE_SOURCE), VOICE)
    assert text == (
        "Lay: it takes 8 points out of your hand, and <9b> pairs with your 9 to lay both next turn."
    )


def test_nox_covering_the_only_green_card_of_bruno() -> None:
    obs = observation("nox")
    kitties = ((("B05-1",),), (("G13-1",), ("B04-2",), ("O06-1",)), (("O01-1",),))
    obs = dataclasses.replace(obs, kitties=kitties, hand=("B03-1", "O01-2", "G13-2"))
    text = nox_words.reason(obs, Play("B03-1", 1, 0), VOICE)
    assert text == (
        "Play: it covers Bruno's only green card, so that kitty scores nothing until "
        "it gets one back."
    )


def test_nox_covering_a_high_card() -> None:
    obs = observation("nox")
    kitties = ((("B05-1",),), (("G13-1",), ("B04-2",)), (("O01-1",),))
    obs = dataclasses.replace(obs, kitties=kitties, hand=("B03-1", "O01-2", "G13-2"))
    text = nox_words.reason(obs, Play("B03-1", 1, 0), VOICE)
    # Bruno's tops: 13 + 4 = 17, then 3 + 4 = 7.
    assert text == (
        "Play: it covers Bruno's <G13-1> with your <B03-1>: that kitty's top cards "
        "fall from 17 to 7."
    )


def test_numx_swipe_to_a_lighter_malus_area() -> None:
    obs = observation("numx")
    obs = dataclasses.replace(obs, malus=(("13a", "12b"), ("1a", "2b"), ("5a",)))
    text = numx_words.reason(obs, AddSpecial("SW1", SWAP, 1), VOICE)
    # Classic weights are the values (spec 2): 13 + 12 = 25 against 1 + 2 = 3.
    assert text == "AddSpecial: your malus area weighs 25; you get Bruno's, which weighs 3."
