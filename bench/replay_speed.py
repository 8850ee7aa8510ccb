"""Benchmark: read + parse + replay + box score of a season of different games; plate appearances per second.

Run by hand: `python bench/replay_speed.py [--games 2430] [--jobs 2] [--seed 1]`.
Target (issue 2): 50,000 plate appearances per second on the 2-core machine, i.e. a
2,430-game season in under 4 s.

The season is simulated once by `scorebook simulate` (not timed) into a folder that later runs
reuse (`--season`; by default one per seed and size in the temporary folder). Each timing is one
pass over every game file, in a new Python process, so nothing the engine memoizes (play lines
parsed, pitch sequences read) is warm from the simulation or from an earlier timing: first on
one core, then shared among `--jobs` worker processes (`scorebook.parallel.in_processes`,
starting them included). Within a pass the memos fill as they do for `scorebook check` on a season.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorebook.files import replay_game
from scorebook.notation import parse_game
from scorebook.parallel import in_processes
from scorebook.reports.box import box_score


def box_all(paths: list[Path]) -> int:
    """Read, parse, replay and box every game; returns the plate appearances."""
    total = 0
    for path in paths:
        box = box_score(replay_game(parse_game(path.read_text(encoding="utf-8"), str(path))))
        total += sum(line.counts["PA"] for line in box.batting)
    return total


def season(folder: Path, games: int, seed: int, jobs: int) -> list[Path]:
    """The season's game files, simulated into `folder` unless it holds them already."""
    paths = sorted(folder.glob("*.game"))
    if len(paths) != games:
        print(f"simulating {games} games (seed {seed}) into {folder} ...", flush=True)
        command = ["simulate", "--games", str(games), "--seed", str(seed), "--out", str(folder), "--jobs", str(jobs)]
        subprocess.run([sys.executable, "-m", "scorebook", *command], check=True)
        paths = sorted(folder.glob("*.game"))
    return paths


def time_one_pass(folder: Path, jobs: int) -> None:
    """The timed pass, run in a process of its own: prints `plate_appearances seconds`."""
    paths = sorted(folder.glob("*.game"))
    shares = [paths[i::jobs] for i in range(jobs)]
    start = time.perf_counter()
    plate_appearances = sum(in_processes(box_all, shares, jobs))
    print(plate_appearances, time.perf_counter() - start)


def timed(folder: Path, jobs: int) -> tuple[int, float]:
    command = [sys.executable, __file__, "--time-pass", str(folder), "--jobs", str(jobs)]
    plate_appearances, seconds = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    return int(plate_appearances), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2430)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the shared timing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--season", type=Path, help="the season's folder (simulated into if it lacks the games)")
    parser.add_argument("--time-pass", type=Path, help=argparse.SUPPRESS)  # the timed pass, in its own process
    args = parser.parse_args()
    if args.time_pass:
        time_one_pass(args.time_pass, args.jobs)
        return
    folder = args.season or Path(tempfile.gettempdir()) / f"scorebook-bench-season-{args.games}-seed{args.seed}"
    games = len(season(folder, args.games, args.seed, args.jobs))
    print(f"{games} different games in {folder}; one pass each, caches cold")
    rates = []
    for jobs in sorted({1, args.jobs}):
        plate_appearances, seconds = timed(folder, jobs)
        rates.append(plate_appearances / seconds)
        print(
            f"{jobs} process{'es' if jobs > 1 else ''}: {plate_appearances:,} plate appearances in {seconds:.2f} s: "
            f"{rates[-1]:,.0f} plate appearances per second, {games / seconds:,.0f} games per second"
        )
    if len(rates) == 2:
        print(f"{args.jobs} processes do {rates[1] / rates[0]:.2f} times the work of one")


if __name__ == "__main__":
    main()
