"""The knowledge model of tests/net/knowledge.py is not too generous: right after the deal,
each seat knows exactly the cards the rules deal to it (and the public ones), never another
seat's hand. Figures from the rules files: NOX deals 3 cards each (nox.md), Banco one hole
card (nove_banco.md), NUM-X 13 cards and a secret objective (numx.md), Kaël nothing before
the hand size is chosen (kael.md)."""

from __future__ import annotations

import pytest

from nove_desktop.games import default_registry
from tests.net.knowledge import KnowledgeError, knowledge, replay_truth, seen_by

REGISTRY = default_registry()
DEALT = {"nox": 3, "banco": 1, "numx": 14, "kael": 0}


@pytest.mark.parametrize("game", sorted(DEALT))
@pytest.mark.parametrize("players", [3, 4])
def test_after_the_deal_each_seat_knows_only_its_own_cards(game, players):
    truth = replay_truth(REGISTRY, game, {"players": players}, 5, [])
    first = [knowledge(truth, seat)[0].now for seat in range(players)]
    assert [len(cards) for cards in first] == [DEALT[game]] * players
    assert len(frozenset().union(*first)) == DEALT[game] * players  # nobody sees another's


def test_an_event_kind_the_rules_table_does_not_list_stops_the_check():
    truth = replay_truth(REGISTRY, "nox", {"players": 3}, 5, [])
    card = sorted(truth.universe)[0]
    with pytest.raises(KnowledgeError, match="not classified"):
        seen_by(truth, {"kind": "peek", "seat": 0, "card": card}, 1)
