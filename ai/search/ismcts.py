"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse 2012).

Each iteration:

1. samples a deal consistent with what the searching seat knows: ``determinize`` of the sample
   the seat was given, with that iteration's own generator;
2. descends the tree from the root, at each node choosing among the actions legal *in this deal*
   by UCB with availability counts (each seat maximises its own utility at its own moves), and
   adds one new edge when the deal allows an action not tried yet here (the heuristic's choice
   first); a later decision of the searching seat is a node of its own per observation (its own
   information set: after a hit, one node per card it could have drawn);
3. plays the deal on to the end of the round with the rollout policy (each game's heuristic);
4. scores the round for every seat and adds each seat's utility to the edges that seat took.

Whose move it is: at the root, the searching seat (it is the decision being asked, even when a
reaction window lists other seats before it); below the root, the first seat ``to_act`` lists:
a reaction window is answered seat by seat in its precedence order. A move with one legal action
(most window passes) is played at once, without a node. The searching seat's moves below the
root are chosen in sampled deals whose hidden cards differ from iteration to iteration, so the
tree never trusts a card the seat cannot see.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any

from nove_desktop.engine.actions import Action
from nove_desktop.engine.game import Game
from nove_desktop.engine.rng import Rng

from ..base import Seat
from .budget import Budget
from .rounds import RoundScorer
from .tree import Edge, Node, select

EXPLORATION = 0.5  # UCB's constant, for utilities in [0, 1]
PRIOR_BIAS = 1.0  # progressive bias towards the heuristic's choice at the root
CONFIDENCE = 1.0  # standard errors by which the search's choice must beat the heuristic's
WIDENING = 1.0  # below the root a node may hold 1 + WIDENING * sqrt(visits) edges


@dataclasses.dataclass(frozen=True, slots=True)
class ActionStats:
    """What the search measured for one action of the root."""

    action: Action
    visits: int
    mean_utility: float
    mean_points: float


@dataclasses.dataclass(frozen=True, slots=True)
class SearchResult:
    """The chosen action, the number of iterations (simulated deals) and every tried root
    action's statistics: the chosen action first, then the others, most visited first."""

    action: Action
    iterations: int
    stats: tuple[ActionStats, ...]


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
        """``prior`` is the heuristic's choice at the root; ``candidates`` (best first, the
        prior among them) limit the root's actions, when given."""
        self.game = game
        self.seat = seat
        self.policies = policies
        self.scorer = RoundScorer(game)
        self.root = Node()
        self.root_bias = {prior: PRIOR_BIAS} if prior is not None else None
        self.prior = prior
        self.candidates = list(candidates) if candidates is not None else None

    def run(
        self,
        sample: Any,
        legal: Sequence[Action],
        rng: Rng,
        budget: Budget,
        clock: Callable[[], float],
    ) -> SearchResult:
        """Search from ``sample`` (a determinized state; never changed) until the budget is
        spent. ``legal`` are the searching seat's actions (the same in every sampled deal)."""
        legal = [a for a in self.candidates if a in legal] if self.candidates else list(legal)
        start_round = self.scorer.round_of(sample)
        start_totals = self.scorer.totals(sample)
        deadline = None if budget.seconds is None else clock() + budget.seconds
        limit = budget.iterations if budget.iterations is not None else math.inf
        done = 0
        while done < limit and (deadline is None or done == 0 or clock() < deadline):
            deal = self.game.determinize(sample, self.seat, rng.fork())
            self._iterate(deal, legal, rng, start_round, start_totals)
            done += 1
        return self._result(legal, done)

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(
        self,
        deal: Any,
        legal: list[Action],
        rng: Rng,
        start_round: int,
        start_totals: tuple[int, ...],
    ) -> None:
        game = self.game
        node = self.root
        actor = self.seat
        path: list[Edge] = []
        bias = self.root_bias
        while True:
            edge, expanded = self._descend(node, deal, actor, legal, rng, bias)
            game.apply(deal, actor, edge.action)
            path.append(edge)
            if expanded:
                break
            next_actor, legal = self._next_decision(deal, start_round)
            if next_actor is None:
                break
            actor = next_actor
            key = repr(game.observe(deal, actor)) if actor == self.seat else None
            node = Node.child_of(edge, key)
            bias = None
        self._rollout(deal, start_round)
        over = not game.to_act(deal)
        utilities, deltas = self.scorer.utilities(deal, start_totals, over)
        for edge in path:
            utility = utilities[edge.seat]
            edge.visits += 1
            edge.utility += utility
            edge.squares += utility * utility
            edge.points += deltas[edge.seat]

    def _descend(
        self,
        node: Node,
        deal: Any,
        actor: int,
        legal: list[Action],
        rng: Rng,
        bias: dict[Any, float] | None,
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
        action = (
            self._expansion(node, deal, actor, legal, untried, present, rng) if untried else None
        )
        if action is None:
            return select(present, EXPLORATION, bias), False
        edge = Edge(actor, action)
        edge.available = 1
        edges[(actor, action)] = edge
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
        """The untried action to add here, or ``None`` to choose among the tried ones.

        At the root every candidate is tried, best first. Below it, a sampled deal always
        gets its heuristic move (what the seat would play); other moves are added one by one
        as the node is visited more (progressive widening), in random order. A few visits
        therefore play the heuristic, as the rollouts do, instead of random moves."""
        if node is self.root:
            return untried[0]
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
    def _result(self, legal: list[Action], iterations: int) -> SearchResult:
        order = {action: index for index, action in enumerate(legal)}
        edges = [e for (seat, _a), e in self.root.edges.items() if seat == self.seat]
        edges.sort(key=lambda e: (-e.visits, -e.mean_utility(), order.get(e.action, 0)))
        chosen = self._final_choice(edges)
        edges.remove(chosen)
        edges.insert(0, chosen)
        stats = tuple(
            ActionStats(e.action, e.visits, e.mean_utility(), e.mean_points()) for e in edges
        )
        return SearchResult(chosen.action, iterations, stats)

    def _final_choice(self, ranked: list[Edge]) -> Edge:
        """The most visited action, if it beats the heuristic's choice by ``CONFIDENCE``
        standard errors of the difference of their means; else the heuristic's choice. A few
        hundred noisy deals cannot tell close actions apart, and the heuristic is a sound
        player: the search overrules it only where it measured a clear difference."""
        best = ranked[0]
        prior = next((e for e in ranked if e.action == self.prior), None)
        if prior is None or prior is best:
            return best
        margin = best.mean_utility() - prior.mean_utility()
        noise = math.sqrt(best.variance_of_mean() + prior.variance_of_mean())
        return best if margin > CONFIDENCE * noise else prior
