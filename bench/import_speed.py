"""Benchmark: importing a season into SQLite, each game replayed and stored in its own transaction.

Run by hand: `python bench/import_speed.py [--games 2430] [--db sqlite:///season.db]`.
Target (issue 4): a 2,430-game season in under 20 s. The season is simulated first (not
timed) into a temporary folder; the timed part is what `scorebook import` does: the files
replayed in `--jobs` worker processes, each game written by this one in its own transaction.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from scorebook.service.games import import_files
from scorebook.sim import simulate_game
from scorebook.store.db import Store


def write_game(job: tuple[str, int]) -> None:
    folder, seed = job
    (Path(folder) / f"game-{seed:05d}.game").write_text(simulate_game(seed, game_id=f"season-{seed}"), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2430)
    parser.add_argument("--db", default="")
    parser.add_argument("--jobs", type=int, default=2, help="processes replaying the files (one writes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with ProcessPoolExecutor() as executor:
            list(executor.map(write_game, [(folder, seed) for seed in range(args.games)], chunksize=32))
        url = args.db or f"sqlite:///{Path(folder) / 'season.db'}"
        store = Store(url)
        paths = sorted(Path(folder).glob("*.game"))
        start = time.perf_counter()
        for _, outcome in import_files(store, paths, jobs=args.jobs):
            assert not isinstance(outcome, Exception), outcome
        elapsed = time.perf_counter() - start
        print(f"imported {len(paths)} games ({store.count('facts')} facts) into {url.split(':')[0]} in {elapsed:.1f} s")
        print(f"{len(paths) / elapsed:,.0f} games per second")


if __name__ == "__main__":
    main()
