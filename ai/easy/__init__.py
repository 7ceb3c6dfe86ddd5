"""Easy seats: each game's heuristic with the slips of a beginner.

An Easy seat plays the Normal heuristic most of the time and, with fixed chances drawn from its
per-decision generator, makes the mistakes people make when they learn a game: it takes its
second-best move, forgets a free question, misses a cut or a Facteur X claim, calls late, bets
clumsily. The chances are tuned so that Normal clearly beats Easy and Easy clearly beats Random
in every game (figures in docs/benchmarks.md).
"""

from __future__ import annotations

from .banco import BancoEasySeat
from .kael import KaelEasySeat
from .nove import NoveEasySeat
from .nox import NoxEasySeat
from .numx import NumxEasySeat

__all__ = ["BancoEasySeat", "KaelEasySeat", "NoveEasySeat", "NoxEasySeat", "NumxEasySeat"]
