"""Easy seats: each game's heuristic with the slips of a beginner.

An Easy seat plays the Normal heuristic most of the time and, with fixed chances drawn from its
per-decision generator, makes the mistakes people make when they learn a game: it takes its
second-best move, forgets a free question, misses a cut or a Facteur X claim, calls late, bets
clumsily. The chances are tuned so that Normal clearly beats Easy and Easy clearly beats Random
in every game (figures in docs/benchmarks.md).

Each game's Easy seat is ``ai/easy/<game>.py``, named in the game's description
(``nove_desktop/specs.py``); ``ai.factory.make_seat("easy", game_id, seed)`` makes one.
"""
