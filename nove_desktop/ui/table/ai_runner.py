"""AI seats think in a worker, never in the frame loop.

Each request is a plain function call on a snapshot (``ai.decide`` or ``ai.hint`` on a
``DecisionRequest``: the seat's observation, its legal actions and, for a search, one sample of
what it cannot see), so the frame loop keeps drawing while a seat thinks. Several seats can
think at once (every seat of a reaction window is asked together). Quick decisions run in a
thread; a search (Hard seats, hints) runs in a worker *process*, because 0.3 s of pure Python
in a thread would hold the interpreter lock and stall the frames. The process is started once,
with the "spawn" method (a clean interpreter: the window and the mixer are never copied), and
``multiprocessing.freeze_support()`` in the entry point makes it work in the frozen build too.
If no process can be started, the search runs in the thread instead (slower frames, same moves).

Answers are picked up on a later frame: the table never waits for a worker inside a frame beyond
a 2 ms courtesy wait, which lets a fast heuristic answer without a visible delay even when the
loop never sleeps (tests, the self-test).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Hashable
from typing import Any

COURTESY_WAIT = 0.002


def warm_up() -> bool:
    """A no-op run in the worker process at start-up, so its imports are paid before the first
    real search (``ai`` and the games import in the worker, not in the frame loop)."""
    from ...ai import decide  # noqa: F401

    return True


class AIRunner:
    """Pending AI work by key (a seat number, or "hint")."""

    def __init__(self, workers: int = 2) -> None:
        self._threads = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="ai"
        )
        self._process: concurrent.futures.ProcessPoolExecutor | None = None
        self._process_failed = False
        self._futures: dict[Hashable, concurrent.futures.Future[Any]] = {}
        self._tokens: dict[Hashable, object] = {}

    def start_process(self) -> None:
        """Start the search process now (a table with a Hard seat or hints), off the frame loop's
        critical moments: its first request would otherwise wait for the imports."""
        executor = self._heavy()
        if executor is not self._threads:
            executor.submit(warm_up)

    def _heavy(self) -> concurrent.futures.Executor:
        if self._process is None and not self._process_failed:
            try:
                context = multiprocessing.get_context("spawn")
                self._process = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=context
                )
            except (OSError, ValueError, ImportError):
                self._process_failed = True
        return self._process if self._process is not None else self._threads

    def submit(
        self,
        key: Hashable,
        token: object,
        work: Callable[..., Any],
        *args: Any,
        heavy: bool = False,
    ) -> None:
        """Start ``work(*args)`` for ``key``; ``token`` names the moment it was asked for (an
        answer is only used while the same moment lasts). ``heavy`` work (a search) goes to the
        worker process."""
        executor = self._heavy() if heavy else self._threads
        try:
            future = executor.submit(work, *args)
        except (RuntimeError, OSError):  # a broken worker process: think in the thread
            self._process_failed = True
            self._process = None
            future = self._threads.submit(work, *args)
        self._futures[key] = future
        self._tokens[key] = token
        concurrent.futures.wait([future], timeout=COURTESY_WAIT)

    def asked(self, key: Hashable, token: object) -> bool:
        return key in self._futures and self._tokens.get(key) == token

    def answer(self, key: Hashable) -> Any | None:
        """The answer once ready (then forgotten), else None. A failure in the worker is raised
        here, in the frame loop, where the table reports it."""
        future = self._futures.get(key)
        if future is None:
            return None
        if not future.done():
            concurrent.futures.wait([future], timeout=COURTESY_WAIT)
            if not future.done():
                return None
        del self._futures[key]
        self._tokens.pop(key, None)
        return future.result()

    def ready(self, key: Hashable) -> bool:
        future = self._futures.get(key)
        return future is not None and future.done()

    @property
    def busy(self) -> bool:
        return bool(self._futures)

    def forget(self, key: Hashable | None = None) -> None:
        """Drop one pending request (or all of them: the game moved on, or was left)."""
        keys = list(self._futures) if key is None else [key]
        for k in keys:
            future = self._futures.pop(k, None)
            if future is not None:
                future.cancel()
            self._tokens.pop(k, None)

    def shutdown(self) -> None:
        self.forget()
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._process is not None:
            self._process.shutdown(wait=False, cancel_futures=True)
