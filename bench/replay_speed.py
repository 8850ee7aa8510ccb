"""Benchmark: parse + replay + box score of a season of games; plate appearances per second.

Run by hand: `python bench/replay_speed.py [--games 2430] [--jobs 2] [--seed 1]`.
Target (issue 2): 50,000 plate appearances per second on the 2-core machine, i.e. a
2,430-game season in under 4 s. The games are simulated first
(not timed) and handed to the workers as text; each worker parses, replays and boxes its
share. `--jobs 1` gives the one-core figure; the best of `--repeat` runs is reported.
"""

from __future__ import annotations

import argparse

from scorebook.engine import replay
from scorebook.notation import parse_game
from scorebook.reports.box import box_score
from scorebook.sim import simulate_game
from timing import best_parallel_run


def box_all(texts: list[str]) -> int:
    """Parse, replay and box every game; returns the plate appearances."""
    total = 0
    for i, text in enumerate(texts):
        box = box_score(replay(parse_game(text, f"game-{i}.game")))
        total += sum(line.counts["PA"] for line in box.batting)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2430)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best is reported (as timeit does)")
    args = parser.parse_args()
    distinct = min(args.games, 400)  # generating is slower than replaying: reuse a pool of games
    pool = [simulate_game(args.seed + i) for i in range(distinct)]
    games = [pool[i % distinct] for i in range(args.games)]
    chunks = [games[i :: args.jobs] for i in range(args.jobs)]
    plate_appearances, elapsed = best_parallel_run(box_all, chunks, chunks[0][:5], args.repeat)
    print(f"{args.games} games, {plate_appearances} plate appearances, {args.jobs} job(s): {elapsed:.2f} s")
    print(f"{plate_appearances / elapsed:,.0f} plate appearances per second; {args.games / elapsed:,.0f} games per second")


if __name__ == "__main__":
    main()
