"""The Hard seat's search (``ai/search``): single-observer ISMCTS over sampled deals.

Worked examples where the right move is plain, the bookkeeping (visits, availability, round
results), the fairness of every deal it samples, and reaction windows answered out of order.
"""

from __future__ import annotations

import math
import time

import pytest

from nove_desktop.ai.factory import normal_seat
from nove_desktop.ai.nox import NoxHeuristicSeat
from nove_desktop.ai.search import Budget, Search
from nove_desktop.ai.search.rounds import RoundScorer
from nove_desktop.ai.search.seat import ranked
from nove_desktop.ai.search.tree import Edge, select
from nove_desktop.engine import Stack
from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry
from nove_desktop.games.kael import KaelGame
from nove_desktop.games.nove import NoveGame, NoveOptions
from nove_desktop.games.nove.actions import Discard, Hit, Stand
from nove_desktop.games.nox.view import NoxObservation
from nove_desktop.match import decision_request
from nove_desktop.specs import game_ids

REGISTRY = default_registry()
NOVE = NoveGame()


def nove_at(hand: tuple[str, str, str]):
    """A 3-player NOVE game (dealer 0) at seat 1's first Step-2 decision holding ``hand``;
    seat 2 holds G4 Y5 GA and seat 0 P4 Y6 R3 (nobody can declare NOVE or has a pair)."""
    deck = (hand[0], "G4", "P4", hand[1], "Y5", "Y6", hand[2], "GA", "R3", "R1", "R2")
    state, _ = NOVE.new_game(NoveOptions(players=3, first_dealer=0), 0, Stack(cards=deck))
    for seat in (1, 2, 0):
        NOVE.apply(state, seat, Discard(()))
    assert NOVE.to_act(state) == (1,) and Hit() in NOVE.legal_actions(state, 1)
    return state


def search_nove(state, prior=None, iterations=80, seed=1):
    sample = NOVE.determinize(state, 1, Rng(seed))
    policies = [normal_seat("nove", s) for s in range(3)]
    search = Search(NOVE, 1, policies, prior)
    legal = NOVE.legal_actions(state, 1)
    return search.run(sample, legal, Rng(seed + 1), Budget(None, iterations), time.perf_counter)


# -- plain decisions -------------------------------------------------------------------------------
def test_at_30_the_search_stands_and_at_12_it_hits() -> None:
    """At 30 every card but a 1 busts (-1 point); at 12 no card can bust and every card brings
    the hand closer to 31: the search finds both without the heuristic's advice."""
    high = search_nove(nove_at(("RA", "YB", "GC")))
    by_action = {s.action: s for s in high.stats}
    assert high.action == Stand()
    assert by_action[Stand()].mean_points > by_action[Hit()].mean_points
    low = search_nove(nove_at(("R5", "Y4", "G3")))
    assert low.action == Hit()


def test_the_search_overrules_a_clearly_wrong_prior_and_only_then() -> None:
    """Told that standing at 12 is best (a wrong prior), the search still hits once it has
    measured the difference deal by deal; with few deals it keeps the prior. With the right
    prior it keeps it."""
    wrong = search_nove(nove_at(("R5", "Y4", "G3")), prior=Stand(), iterations=400)
    assert wrong.action == Hit()
    by_action = {s.action: s for s in wrong.stats}
    assert by_action[Hit()].advantage > 0 == by_action[Stand()].advantage
    assert by_action[Hit()].best_share > 0.5
    unsure = search_nove(nove_at(("R5", "Y4", "G3")), prior=Stand(), iterations=4)
    assert unsure.action == Stand()
    right = search_nove(nove_at(("R5", "Y4", "G3")), prior=Hit(), iterations=120)
    assert right.action == Hit()


def test_after_a_hit_each_card_drawn_is_its_own_information_set() -> None:
    """At 12 the seat hits and decides again: the node for that decision depends on the card it
    drew (it knows it), so the tree keeps one node per observation below the hit."""
    state = nove_at(("R5", "Y4", "G3"))
    sample = NOVE.determinize(state, 1, Rng(1))
    search = Search(NOVE, 1, [normal_seat("nove", s) for s in range(3)], None)
    search.run(sample, NOVE.legal_actions(state, 1), Rng(2), Budget(None, 60), time.perf_counter)
    hit = search.root.edges[(1, Hit())]
    assert len(hit.children) > 5  # one per card drawn (28 cards are unseen)
    hands = set()
    for key in hit.children:
        assert key is not None and "hand=(" in key
        hands.add(key.split("hand=(")[1].split(")")[0])
    assert len(hands) == len(hit.children)  # the keys differ by the hand the seat sees


def test_root_statistics_add_up_and_the_choice_comes_first() -> None:
    """Every candidate is played on every deal: 51 iterations for two actions are 25 deals
    (a deal is never split); the best-of-deal shares add up to one deal."""
    result = search_nove(nove_at(("R5", "Y4", "G3")), iterations=51)
    assert (result.deals, result.iterations) == (25, 50)
    assert [s.deals for s in result.stats] == [25, 25]
    assert sum(s.best_share for s in result.stats) == pytest.approx(1.0)
    assert result.stats[0].action == result.action
    assert all(0.0 <= s.mean_utility <= 1.0 for s in result.stats)


def test_the_search_is_deterministic_for_an_iteration_budget() -> None:
    state = nove_at(("R5", "Y4", "G3"))
    assert search_nove(state, seed=4) == search_nove(state, seed=4)


# -- fairness inside the search --------------------------------------------------------------------
class RecordingKael(KaelGame):
    """Kaël that remembers the searching seat's observation of every deal it samples."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen: list[dict] = []

    def determinize(self, state, seat, rng):
        deal = super().determinize(state, seat, rng)
        self.seen.append(self.observe(deal, self.seat).to_json())
        return deal


def test_every_deal_sampled_is_one_the_seat_cannot_tell_from_the_real_game() -> None:
    game = RecordingKael(0)
    options = game.options_from_json({"players": 4, "deal_mode": "fixed"})
    state, _ = game.new_game(options, 3)
    seats = [normal_seat("kael", s) for s in range(4)]
    for _ in range(30):  # play into the round until seat 0 has a real choice
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            break
        game.apply(state, seat, seats[seat].choose(game.observe(state, seat), legal))
    seat = game.to_act(state)[0]
    assert seat == 0
    truth = game.observe(state, 0).to_json()
    sample = game.determinize(state, 0, Rng(7))
    game.seen.clear()
    search = Search(game, 0, seats, None)
    legal = game.legal_actions(state, 0)
    result = search.run(sample, legal, Rng(8), Budget(None, 8 * len(legal)), time.perf_counter)
    assert len(game.seen) == result.deals == 8
    assert all(seen == truth for seen in game.seen)


# -- reaction windows ------------------------------------------------------------------------------
def test_a_seat_listed_later_in_a_window_searches_its_own_answer() -> None:
    """NUM-X's Facteur X window lists several seats; a seat that is not first in precedence is
    asked its answer: the root of its search holds only its own actions."""
    game = REGISTRY.get("numx")
    options = game.options_from_json({"players": 4, "rounds": 1})
    for seed in range(40):
        state, _ = game.new_game(options, seed)
        seats = [normal_seat("numx", s) for s in range(4)]
        position = 0
        while acting := game.to_act(state):
            later = [s for s in acting[1:] if len(game.legal_actions(state, s)) > 1]
            if len(acting) > 1 and later:
                seat = later[0]
                request = decision_request(game, state, 2, seat, "hard", position, iterations=12)
                search = Search(game, seat, seats, None)
                result = search.run(
                    request.sample, request.legal, Rng(1), Budget(None, 12), time.perf_counter
                )
                assert {s for s, _a in search.root.edges} == {seat}
                assert result.action in request.legal
                return
            seat = acting[0]
            action = seats[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            game.apply(state, seat, action)
            position += 1
    pytest.fail("no window where a later seat could claim")


# -- round results ---------------------------------------------------------------------------------
def test_a_rollout_ends_with_the_round_it_started_in() -> None:
    for game_id in game_ids():
        game = REGISTRY.get(game_id)
        state, _ = game.new_game(game.default_options(3), 2)
        search = Search(game, 0, [normal_seat(game_id, s) for s in range(3)], None)
        scorer = RoundScorer(game)
        start = scorer.round_of(state)
        search._rollout(state, start)
        assert not game.to_act(state) or scorer.round_of(state) > start


def test_round_utilities_compare_each_seat_with_the_others() -> None:
    """Three seats end a NOVE round with +4, 0 and -1: seat 0 gained 4 against a mean of -0.5
    for the others (4.5), seat 1 0 against 1.5 (-1.5), seat 2 -1 against 2 (-3); each scaled
    by NOVE's 8 points and squashed into [0, 1]."""

    class Totals:
        def __init__(self, scores: list[int]) -> None:
            self.scores = scores
            self.round_no = 2

    scorer = RoundScorer(NOVE)
    utilities, deltas = scorer.utilities(Totals([7, 3, 0]), (3, 3, 1), over=False)
    assert deltas == (4, 0, -1)
    expected = [0.5 + 0.5 * math.tanh(x / 8.0) for x in (4.5, -1.5, -3.0)]
    assert utilities == pytest.approx(expected)


def test_the_end_of_the_game_is_a_win_or_a_loss() -> None:
    """A round that ends the game is worth 1 to the winner and 0 to the others, however many
    points it brought: a four of a kind (+99) is worth no more than any other win."""
    game = REGISTRY.get("nove")
    state, _ = game.new_game(game.default_options(3), 1)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    winner = game.result(state).winner
    utilities, deltas = RoundScorer(game).utilities(state, (0, 0, 0), over=True)
    assert utilities == tuple(1.0 if s == winner else 0.0 for s in range(3))
    assert deltas == game.result(state).scores


def test_in_kael_fewer_points_is_the_better_round() -> None:
    scorer = RoundScorer(KaelGame())

    class Totals:
        def __init__(self, totals: list[int]) -> None:
            self.totals = totals
            self.round_no = 3

    utilities, deltas = scorer.utilities(Totals([10, 30, 20]), (10, 10, 10), over=False)
    assert deltas == (0, 20, 10)
    assert utilities[0] > 0.5 > utilities[1] and utilities[0] > utilities[2]


# -- selection -------------------------------------------------------------------------------------
def edge(action: str, visits: int, available: int, mean: float) -> Edge:
    made = Edge(0, action)  # type: ignore[arg-type]  # made-up actions: strings
    made.visits, made.available, made.utility = visits, available, mean * visits
    return made


def test_ucb_uses_availability_and_prefers_the_better_mean() -> None:
    often = edge("often", 50, 100, 0.6)
    rarely_available = edge("rare", 2, 2, 0.3)  # offered twice, tried twice: a small bonus
    assert select([often, rarely_available], 0.5) is often
    rarely_tried = edge("rare", 2, 100, 0.3)  # offered 100 times, tried twice: explore it
    assert select([often, rarely_tried], 0.5) is rarely_tried
    better = select([edge("a", 10, 10, 0.4), edge("b", 10, 10, 0.7)], 0.5)
    assert better.action == "b"  # type: ignore[comparison-overlap]  # made-up actions: strings
    tie = select([edge("a", 10, 10, 0.5), edge("b", 10, 10, 0.5)], 0.5)
    assert tie.action == "a"  # type: ignore[comparison-overlap]  # made-up actions: strings


# -- the root's candidates -------------------------------------------------------------------------
def test_candidates_are_the_heuristics_favourites_in_order() -> None:
    """NOX: the heuristic's choice, then its choice among the rest...: the same order as its own
    worths (highest first, ties in legal order)."""
    game = REGISTRY.get("nox")
    state, _ = game.new_game(game.default_options(4), 6)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    observation = game.observe(state, seat)
    normal = normal_seat("nox", 0)
    assert isinstance(normal, NoxHeuristicSeat) and isinstance(observation, NoxObservation)
    order = ranked(normal, observation, legal, 0, 6)
    assert len(order) == 6 and len(set(order)) == 6 and set(order) <= set(legal)
    worth = dict((action, value) for value, action in normal.values(observation, legal))
    by_worth = sorted(legal, key=lambda a: (-worth[a], legal.index(a)))
    assert order == by_worth[:6]


def test_candidates_fill_up_in_legal_order_where_the_heuristic_builds_its_answer() -> None:
    """Nove banco's bet is computed, not picked from the list: after its choice the smallest
    bets follow."""
    game = REGISTRY.get("banco")
    state, _ = game.new_game(game.default_options(3), 1)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    observation = game.observe(state, seat)
    order = ranked(normal_seat("banco", 0), observation, legal, 0, 4)
    first = normal_seat("banco", 0).choose(observation, legal)
    assert order[0] == first
    assert order[1:] == [a for a in legal if a != first][:3]
