"""Benchmark: batting and pitching tables for a season, from the store.

Run by hand: `python bench/stats_speed.py --db sqlite:///season.db` on a database that holds a
season (`python bench/import_speed.py --db sqlite:///season.db` makes one: 2,430 games, about
180,000 plate appearances). Target (issue 5): both tables in under 1 s. The best of
`--repeat` runs is reported (the machine is shared).
"""

from __future__ import annotations

import argparse
import time

from scorebook.stats import batting, pitching
from scorebook.store.db import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    store = Store(args.db)
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        hitters, arms = batting(store), pitching(store)
        best = min(best, time.perf_counter() - start)
    pa = hitters["PA"].sum()
    print(f"{len(store.games())} games, {pa} plate appearances: batting ({hitters.height} lines) and pitching ({arms.height} lines) in {best:.2f} s")


if __name__ == "__main__":
    main()
