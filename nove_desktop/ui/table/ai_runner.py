"""AI seats think in a worker, never in the frame loop.

Each request is a plain function call on a snapshot (the seat's observation and legal actions),
so the frame loop keeps drawing while a seat thinks. Several seats can think at once (every seat
of a reaction window is asked together). Answers are picked up on a later frame: the table never
waits for a worker inside a frame beyond a 2 ms courtesy wait, which lets a fast heuristic answer
without a visible delay even when the loop never sleeps (tests, the self-test).
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

COURTESY_WAIT = 0.002


class AIRunner:
    """Pending AI decisions by seat."""

    def __init__(self, workers: int = 2) -> None:
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="ai"
        )
        self._futures: dict[int, concurrent.futures.Future[Any]] = {}
        self._tokens: dict[int, object] = {}

    def submit(self, seat: int, token: object, work: Callable[..., Any], *args: Any) -> None:
        """Start ``work(*args)`` for ``seat``; ``token`` names the moment it was asked for (an
        answer is only used while the same moment lasts)."""
        self._futures[seat] = self._executor.submit(work, *args)
        self._tokens[seat] = token
        concurrent.futures.wait([self._futures[seat]], timeout=COURTESY_WAIT)

    def asked(self, seat: int, token: object) -> bool:
        return seat in self._futures and self._tokens.get(seat) == token

    def answer(self, seat: int) -> Any | None:
        """The seat's answer once ready (then forgotten), else None. A failure in the worker
        is raised here, in the frame loop, where the table reports it."""
        future = self._futures.get(seat)
        if future is None:
            return None
        if not future.done():
            concurrent.futures.wait([future], timeout=COURTESY_WAIT)
            if not future.done():
                return None
        del self._futures[seat]
        self._tokens.pop(seat, None)
        return future.result()

    def ready(self, seat: int) -> bool:
        future = self._futures.get(seat)
        return future is not None and future.done()

    @property
    def busy(self) -> bool:
        return bool(self._futures)

    def forget(self) -> None:
        """Drop every pending request (the game moved on, or was left)."""
        for future in self._futures.values():
            future.cancel()
        self._futures.clear()
        self._tokens.clear()

    def shutdown(self) -> None:
        self.forget()
        self._executor.shutdown(wait=False, cancel_futures=True)
