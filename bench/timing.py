"""Shared by the benchmarks: the best of several timed runs of work spread over processes.

The machine is shared and its timings wander by a third from run to run, so the best run is
reported, as timeit does."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def retrosheet_arguments(description: str) -> tuple[argparse.Namespace, list[Path]]:
    """The options of a benchmark over a Retrosheet season's folder, and its event files."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--retrosheet", type=Path, default=ROOT.parent / "shared" / "retrosheet" / "2019")
    parser.add_argument("--files", default="*.EV?", help="which event files of the folder (a glob)")
    parser.add_argument("--show", type=int, default=1000, help="how many differences to print")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    return args, sorted(args.retrosheet.glob(args.files))
