"""Benchmark: a season's book, `scorebook sheet --league demo -o book.pdf`, on a store holding a
simulated season.

Run by hand: `python bench/book_speed.py [--rounds 162] [--db sqlite:///season.db] [--jobs 0]`.
Goal (issue 16): a 2,430-game book within a few minutes. The demo league's six teams play
`--rounds` round robins (162: 2,430 games, 810 a team), simulated in worker processes and
stored first as bench/web_speed.py stores them (not timed; a --db that holds the league already
is used as it is). Then the command runs once in a new process, as a user runs it (Python's
start-up, the imports, every game replayed and drawn, the binding), and its wall time, its
processor time (its worker processes' included: the figure a loaded machine changes least),
the book's pages and its size are printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from web_speed import fill  # the same simulated season as the web's benchmark

from scorebook.store.db import Store, game_summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=162, help="round robins of the six teams (15 games each)")
    parser.add_argument("--db", default="", help="a store holding the demo league's season already, or where to make it")
    parser.add_argument("--jobs", type=int, default=0, help="the command's --jobs (0: every core)")
    args = parser.parse_args()
    from pypdf import PdfReader

    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'season.db'}"
        start = time.perf_counter()
        fill(Store(url), args.rounds)
        print(f"season stored in {time.perf_counter() - start:.1f} s (not timed below)")
        book = Path(folder) / "book.pdf"
        command = [sys.executable, "-m", "scorebook", "sheet", "--league", "demo", "-o", str(book), "--jobs", str(args.jobs), "--db", url]
        start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True)
        took, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime  # its workers' too
        games = len(game_summaries(Store(url), "demo"))
        pages = len(PdfReader(book).pages)
        print(f"{games} games, {pages} pages, {book.stat().st_size / 1e6:.1f} MB: {took:.1f} s ({took / games * 1000:.1f} ms a game)")
        print(f"processor time {cpu:.1f} s, the command and its workers (on a shared machine, the steadier figure); load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
