"""Benchmark: complete Diceball games simulated die by die, per second per core.

Run by hand: `python bench/simulate_speed.py [--games 500] [--jobs 1] [--rules diceball]`.
Target (issue 3): at least 100 games per second per core. Every game is played through the
rule engine, as `scorebook simulate` does; writing the files is not timed. The best of
`--repeat` runs is reported.
"""

from __future__ import annotations

import argparse

from timing import best_parallel_run

from scorebook.sim import simulate_game


def play(job: tuple[str, int, int]) -> int:
    rules, first, count = job
    return sum(len(simulate_game(seed, rules)) > 0 for seed in range(first, first + count))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="diceball")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    share = args.games // args.jobs
    jobs = [(args.rules, i * share, share) for i in range(args.jobs)]
    games, best = best_parallel_run(play, jobs, (args.rules, 0, 2), args.repeat)
    print(f"{games} {args.rules} games, {args.jobs} job(s): {best:.2f} s")
    print(f"{games / best:,.0f} games per second; {games / best / args.jobs:,.0f} per core")


if __name__ == "__main__":
    main()
