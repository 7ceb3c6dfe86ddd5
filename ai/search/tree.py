"""The search tree of single-observer ISMCTS: one tree over the searching seat's information
sets, whose edges are (seat, action) pairs.

A node stands for the moves made so far from the root, as the searching seat sees them in every
sampled deal. Different deals allow different actions at the same node (an opponent holds other
cards), and may even hand the move to another seat (Kaël's hidden good draw), so an edge is keyed
by the acting seat and its action, and it counts how often it was *available* as well as how
often it was taken: UCB uses availability instead of the parent's visits (Cowling, Powley and
Whitehouse 2012).

Where the searching seat moves again, what it knows by then can differ from deal to deal (the
card its hit drew, a card turned face up): the node below an edge is therefore chosen by the
searching seat's observation at that point, so each of its later decisions is taken in its own
information set, never averaged over cards it would have seen.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.actions import Action


class Edge:
    """One (seat, action) below a node, with its statistics from that seat's point of view."""

    __slots__ = (
        "action",
        "available",
        "children",
        "points",
        "seat",
        "squares",
        "utility",
        "visits",
    )

    def __init__(self, seat: int, action: Action) -> None:
        self.seat = seat
        self.action = action
        self.visits = 0
        self.available = 0
        self.utility = 0.0  # sum of the acting seat's utilities over the visits
        self.squares = 0.0  # sum of their squares (for the standard error)
        self.points = 0.0  # sum of the acting seat's round results (points or chips)
        self.children: dict[Any, Node] = {}  # by what the searching seat knows there

    def mean_utility(self) -> float:
        return self.utility / self.visits if self.visits else 0.0

    def mean_points(self) -> float:
        return self.points / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """The squared standard error of ``mean_utility``; with fewer than two visits, the
        largest a utility in [0, 1] can have."""
        visits = self.visits
        if visits < 2:
            return 0.25 / max(visits, 1)
        mean = self.utility / visits
        spread = max(0.0, self.squares / visits - mean * mean)
        return spread / (visits - 1)


class Node:
    """The edges leaving one information set of the searching seat, and how often the search
    passed through it."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, Any], Edge] = {}
        self.visits = 0

    @staticmethod
    def child_of(edge: Edge, key: Any) -> Node:
        """The node below ``edge`` for the information set ``key`` (made on first use)."""
        node = edge.children.get(key)
        if node is None:
            node = edge.children[key] = Node()
        return node


def select(edges: list[Edge], exploration: float) -> Edge:
    """The edge with the highest upper confidence bound (availability-based UCB1 on utilities
    in [0, 1]). Ties go to the first edge, so a search is deterministic for a given sequence of
    deals."""
    best = edges[0]
    best_score = -math.inf
    for edge in edges:
        visits = edge.visits
        score = edge.utility / visits + exploration * math.sqrt(math.log(edge.available) / visits)
        if score > best_score:
            best, best_score = edge, score
    return best
