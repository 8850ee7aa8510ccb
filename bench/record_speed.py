"""Benchmark: the wall time of `scorebook record` at the table, as a scorekeeper runs it.

Run by hand: `python bench/record_speed.py [--times 20]`. Target (issue 4): under 0.3 s per
statement. A fresh SQLite database gets one game; each run records the next statement of a
simulated game in a new process (Python's start-up included) and the median and worst times
are printed. No polars or reportlab is on this path (a test holds that).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorebook.notation import parse_game
from scorebook.service.games import start_game
from scorebook.sim import simulate_game
from scorebook.store.db import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=20)
    args = parser.parse_args()
    text = simulate_game(1)
    header, _, _ = text.partition("\ntop 1")
    statements = [s.text for s in parse_game(text).statements][1 : args.times + 1]
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        game_id = start_game(Store(url), header + "\n")
        env = {**os.environ, "SCOREBOOK_DB": url}
        times = []
        for statement in statements:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "scorebook", "record", game_id, statement], env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    print(f"scorebook record: median {statistics.median(times):.3f} s, worst {max(times):.3f} s over {len(times)} statements")


if __name__ == "__main__":
    main()
