"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse 2012),
with the root's candidates compared on common sampled deals.

The search samples deals consistent with what the searching seat knows (``determinize`` of the
sample it was given, each deal with its own generator) and, on each deal, plays every root
candidate in turn from a copy of the deal. Each such iteration

1. applies the candidate, then descends the tree below it, at each node choosing among the
   actions legal *in this deal* by UCB with availability counts (each seat maximises its own
   utility at its own moves); it adds one edge where the deal allows a move not tried yet (the
   heuristic's move in this deal at once, other moves by progressive widening); a later
   decision of the searching seat is a node of its own per observation (its information set:
   after a hit, one node per card it could have drawn);
2. plays the deal on to the end of the round with the rollout policy (each game's heuristic);
3. scores the round for every seat and adds each seat's utility to the edges that seat took.

Why every candidate on every deal: the candidates then meet the same hidden cards and the same
future draws (common random numbers), so the difference between two candidates is measured deal
by deal. With the few dozen to few hundred deals a 0.3 s budget allows, UCB's separate samples
at the root could not tell a good move from a lucky one (round results vary far more than the
moves' worth); paired differences can.

Whose move it is: at the root, the searching seat (it is the decision being asked, even when a
reaction window lists other seats before it: window answers stay hidden until it closes); below
the root, the first seat ``to_act`` lists, so a window is answered seat by seat in its
precedence order. A move with one legal action (most window passes) is played at once, without
a node. The searching seat's later moves are chosen in deals whose hidden cards differ from
deal to deal, so the tree never trusts a card the seat cannot see.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any

from ...engine.actions import Action
from ...engine.game import Game
from ...engine.rng import Rng
from ..base import Seat
from .budget import Budget
from .rounds import RoundScorer
from .tree import Edge, Node, select

EXPLORATION = 0.5  # UCB's constant below the root, for utilities in [0, 1]
CONFIDENCE = 2.0  # standard errors by which a candidate must beat the heuristic's choice
WIDENING = 1.0  # below the root a node may hold 1 + WIDENING * sqrt(visits) edges
MIN_DEALS = 8  # a standard error from fewer deals means little: keep the heuristic's choice


@dataclasses.dataclass(frozen=True, slots=True)
class ActionStats:
    """What the search measured for one root candidate over the sampled deals: its mean
    utility and mean round result (points, or chips), the share of the deals in which it did
    best (a tie shares the deal), and its mean advantage over the heuristic's choice."""

    action: Action
    deals: int
    mean_utility: float
    mean_points: float
    best_share: float
    advantage: float
    outcomes: tuple[int, ...] = ()
    """The round result (points, or chips) of each sampled deal, in the order of the deals:
    the same deals for every candidate, so a hint can measure the spread of a mean and of the
    difference between two candidates deal by deal (``ai.decide.hint``)."""


@dataclasses.dataclass(frozen=True, slots=True)
class SearchResult:
    """The chosen action, the number of sampled deals and of iterations (each deal plays every
    candidate), and each candidate's statistics: the chosen action first, then the others by
    mean utility."""

    action: Action
    deals: int
    iterations: int
    stats: tuple[ActionStats, ...]


class _Tally:
    """Running sums for one candidate: utilities, points, best-of-deal credit, and differences
    with the heuristic's choice on the same deals."""

    __slots__ = ("best", "difference", "outcomes", "points", "squares", "utility")

    def __init__(self) -> None:
        self.utility = 0.0
        self.points = 0.0
        self.outcomes: list[int] = []  # the round result of each deal
        self.best = 0.0
        self.difference = 0.0
        self.squares = 0.0  # of the differences


class Search:
    """One search for one decision of ``seat`` (build it, call ``run``)."""

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        policies: Sequence[Seat],
        prior: Action | None = None,
        candidates: Sequence[Action] | None = None,
    ) -> None:
        """``policies`` play each seat in the rollouts; ``prior`` is the heuristic's choice (the
        search keeps it unless another candidate measured clearly better); ``candidates`` (best
        first) are the root actions compared, all legal ones when not given."""
        self.game = game
        self.seat = seat
        self.policies = policies
        self.scorer = RoundScorer(game)
        self.root = Node()
        self.prior = prior
        self.candidates = list(candidates) if candidates is not None else None

    def run(
        self,
        sample: Any,
        legal: Sequence[Action],
        rng: Rng,
        budget: Budget,
        clock: Callable[[], float],
        started: float | None = None,
    ) -> SearchResult:
        """Search from ``sample`` (a determinized state; never changed) until the budget is
        spent: ``budget.iterations`` counts simulations (a deal counts once per candidate); a
        time budget counts from ``started`` (the clock's reading when the decision began;
        default: now) and is checked between deals (``_Timer``). ``legal`` are the searching
        seat's actions (the same in every sampled deal)."""
        actions = [a for a in self.candidates if a in legal] if self.candidates else list(legal)
        prior = self.prior if self.prior in actions else actions[0]
        tallies = {action: _Tally() for action in actions}
        start = (self.scorer.round_of(sample), self.scorer.totals(sample))
        timer = None
        if budget.seconds is not None:
            timer = _Timer(clock() if started is None else started, budget.seconds)
        limit = budget.iterations if budget.iterations is not None else math.inf
        deals = 0
        while deals == 0 or (
            (deals + 1) * len(actions) <= limit
            and (timer is None or timer.another_deal_fits(clock()))
        ):
            deal = self.game.determinize(sample, self.seat, rng.fork())
            results = {a: self._iterate(deal.copy(), a, rng, start) for a in actions}
            _record(tallies, results, prior)
            deals += 1
        return self._result(actions, tallies, prior, deals)

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(
        self, deal: Any, action: Action, rng: Rng, start: tuple[int, tuple[int, ...]]
    ) -> tuple[float, int]:
        """Play ``action`` and the rest of the round on ``deal``; (the searching seat's utility,
        its round result)."""
        game = self.game
        start_round, start_totals = start
        edge = self.root.edges.get((self.seat, action))
        if edge is None:
            edge = self.root.edges[(self.seat, action)] = Edge(self.seat, action)
        edge.available += 1
        path = [edge]
        game.apply(deal, self.seat, action)
        node = None
        while True:
            actor, legal = self._next_decision(deal, start_round)
            if actor is None:
                break
            key = repr(game.observe(deal, actor)) if actor == self.seat else None
            node = Node.child_of(edge, key)
            edge, expanded = self._descend(node, deal, actor, legal, rng)
            game.apply(deal, actor, edge.action)
            path.append(edge)
            if expanded:
                break
        self._rollout(deal, start_round)
        over = not game.to_act(deal)
        utilities, deltas = self.scorer.utilities(deal, start_totals, over)
        for taken in path:
            utility = utilities[taken.seat]
            taken.visits += 1
            taken.utility += utility
            taken.squares += utility * utility
            taken.points += deltas[taken.seat]
        return utilities[self.seat], deltas[self.seat]

    def _descend(
        self, node: Node, deal: Any, actor: int, legal: list[Action], rng: Rng
    ) -> tuple[Edge, bool]:
        """The edge taken at ``node`` and whether it is new (a new edge ends the descent)."""
        node.visits += 1
        edges = node.edges
        present: list[Edge] = []
        untried: list[Action] = []
        for action in legal:
            edge = edges.get((actor, action))
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
                present.append(edge)
        chosen = (
            self._expansion(node, deal, actor, legal, untried, present, rng) if untried else None
        )
        if chosen is None:
            return select(present, EXPLORATION), False
        edge = Edge(actor, chosen)
        edge.available = 1
        edges[(actor, chosen)] = edge
        return edge, True

    def _expansion(
        self,
        node: Node,
        deal: Any,
        actor: int,
        legal: list[Action],
        untried: list[Action],
        present: list[Edge],
        rng: Rng,
    ) -> Action | None:
        """The untried move to add here, or ``None`` to choose among the tried ones. A sampled
        deal always gets its heuristic move (what the seat would play there); other moves join
        one by one as the node is visited more (progressive widening), in random order. So a
        node seen a few times plays the heuristic, as the rollouts do, not random moves."""
        preferred = self.policies[actor].choose(self.game.observe(deal, actor), legal)
        if preferred in untried:
            return preferred
        if present and len(node.edges) >= 1 + WIDENING * math.sqrt(node.visits):
            return None
        return rng.choice(untried)

    def _next_decision(self, deal: Any, start_round: int) -> tuple[int | None, list[Action]]:
        """Play forced moves (a single legal action); return the next seat with a choice and
        its actions, or ``None`` once the round or the game is over."""
        game = self.game
        scorer = self.scorer
        while True:
            acting = game.to_act(deal)
            if not acting or scorer.round_of(deal) != start_round:
                return None, []
            actor = acting[0]
            legal = game.legal_actions(deal, actor)
            if len(legal) > 1:
                return actor, legal
            game.apply(deal, actor, legal[0])

    def _rollout(self, deal: Any, start_round: int) -> None:
        """Play the deal to the end of the round with each seat's heuristic."""
        game = self.game
        policies = self.policies
        scorer = self.scorer
        while True:
            acting = game.to_act(deal)
            if not acting or scorer.round_of(deal) != start_round:
                return
            actor = acting[0]
            legal = game.legal_actions(deal, actor)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = policies[actor].choose(game.observe(deal, actor), legal)
            game.apply(deal, actor, action)

    # -- the answer ------------------------------------------------------------------------------
    def _result(
        self, actions: list[Action], tallies: dict[Action, _Tally], prior: Action, deals: int
    ) -> SearchResult:
        stats = [
            ActionStats(
                action,
                deals,
                tally.utility / deals,
                tally.points / deals,
                tally.best / deals,
                tally.difference / deals,
                tuple(tally.outcomes),
            )
            for action, tally in tallies.items()
        ]
        order = {action: index for index, action in enumerate(actions)}
        stats.sort(key=lambda s: (-s.mean_utility, order[s.action]))
        chosen = _final_choice(stats, tallies, prior, deals)
        stats.sort(key=lambda s: s.action != chosen)  # stable: the choice first
        return SearchResult(chosen, deals, deals * len(actions), tuple(stats))


class _Timer:
    """A time budget read between deals: a deal starts only if a deal as long as the longest so
    far would end within the budget, so a decision keeps to its budget rather than overrun it
    by most of a deal (deals vary: a rollout from early in a round is longer)."""

    __slots__ = ("end", "last", "longest")

    def __init__(self, begun: float, seconds: float) -> None:
        self.end = begun + seconds
        self.last = begun
        self.longest = 0.0

    def another_deal_fits(self, now: float) -> bool:
        self.longest = max(self.longest, now - self.last)
        self.last = now
        return now + self.longest <= self.end


def _record(
    tallies: dict[Action, _Tally], results: dict[Action, tuple[float, int]], prior: Action
) -> None:
    """Add one deal's results: sums, the best-of-deal credit (shared by ties) and each
    candidate's difference with the heuristic's choice."""
    best = max(utility for utility, _points in results.values())
    winners = [a for a, (utility, _points) in results.items() if utility >= best - 1e-12]
    baseline = results[prior][0]
    for action, (utility, points) in results.items():
        tally = tallies[action]
        tally.utility += utility
        tally.points += points
        tally.outcomes.append(points)
        if action in winners:
            tally.best += 1.0 / len(winners)
        difference = utility - baseline
        tally.difference += difference
        tally.squares += difference * difference


def _final_choice(
    ranked: list[ActionStats], tallies: dict[Action, _Tally], prior: Action, deals: int
) -> Action:
    """The candidate with the best mean utility, if its advantage over the heuristic's choice,
    measured deal by deal, exceeds ``CONFIDENCE`` standard errors; otherwise the heuristic's
    choice. The heuristic is a sound player: the search overrules it where it measured a clear
    difference, not where luck favoured another move."""
    best = ranked[0].action
    if best == prior or deals < MIN_DEALS:
        return prior
    tally = tallies[best]
    mean = tally.difference / deals
    spread = max(0.0, tally.squares / deals - mean * mean)
    error = math.sqrt(spread / (deals - 1))
    return best if mean > CONFIDENCE * error else prior
