"""Shared by the benchmarks: the best of several timed runs of work spread over processes.

The machine is shared and its timings wander by a third from run to run, so the best run is
reported, as timeit does."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor


def best_parallel_run(work: Callable[[object], int], shares: Sequence[object], warm_up: object, repeat: int) -> tuple[int, float]:
    """Run `work` on every share in its own process `repeat` times; the summed result and the
    best wall time. `warm_up` is a small share that starts the workers and their imports."""
    best = float("inf")
    total = 0
    with ProcessPoolExecutor(len(shares)) as executor:
        list(executor.map(work, [warm_up] * len(shares)))
        for _ in range(repeat):
            start = time.perf_counter()
            total = sum(executor.map(work, shares))
            best = min(best, time.perf_counter() - start)
    return total, best
