"""Kaël samples during a good draw that the sampling seat cannot see (issue 27, items 1 and 4;
docs/mutation.md): the drawer's last card (the drawn card joins the end of the hand) is the
sample's pending card, of the rank just laid (spec: a good draw matches it), and the sample holds
exactly the real state's cards (nothing lost, doubled or left empty). Expected values come from
the raw state, not from ``view.py``."""

from __future__ import annotations

from collections import Counter

from nove_desktop.engine import Rng
from nove_desktop.games.kael import KaelGame
from nove_desktop.games.kael.cards import RANK

GAME = KaelGame()


def all_cards(state):
    return Counter([c for hand in state.hands for c in hand] + list(state.deck))


def test_a_hidden_good_draw_is_dealt_again_among_cards_of_the_rank_laid():
    checked = 0
    for seed in range(1, 30):
        state, _ = GAME.new_game(GAME.options_from_json({"players": 3}), seed)
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            if state.pending is not None:
                drawer = state.current
                assert state.hands[drawer][-1] == state.pending  # the raw state's layout
                for seat in range(state.players):
                    if seat == drawer:
                        continue
                    for k in range(3):
                        sample = GAME.determinize(state, seat, Rng(k))
                        assert sample.hands[drawer][-1] == sample.pending, (seed, seat, k)
                        assert RANK[sample.pending] == RANK[state.pending]
                        assert all_cards(sample) == all_cards(state)
                        checked += 1
            seat = acting[chooser.below(len(acting))]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
    assert checked > 50
