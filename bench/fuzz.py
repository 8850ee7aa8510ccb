"""Fuzz: every kind of file scorebook reads, 100,000 inputs each, must read or end with a problem
of scorebook's own that names the file and the line; no crash, no hang.

Run by hand: `python bench/fuzz.py [--inputs 100000] [--kinds game,league] [--hang 10] [--out DIR]`.
Target (issue 18): 0 crashes and 0 hangs. The inputs are valid files mutated (tests/fuzz_kinds.py:
words replaced by Unicode digits, numbers of thousands of digits, long runs of fielders, deep
brackets, huge fields, control characters ...) and, one in ten, text made of those pieces alone.
Input `i` of a kind is the same on every run. Each kind is read in a process of its own, watched:
an input that gives no answer within `--hang` seconds is a hang, and the process is started
again after it. A crash's or hang's input is written to `--out` (KIND-INDEX.txt) to replay.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' fuzz kinds

from tests.fuzz_kinds import KINDS, PIECES, answer, mutate


def input_of(kind: str, index: int, seeds: tuple[str, ...]) -> str:
    rng = random.Random(f"{kind}:{index}")
    if rng.random() < 0.1:
        alphabet = [*PIECES[:37], *"abcXYZ019 ,.\n\"'=-()[]"]
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 200)))
    return mutate(rng.choice(seeds), rng)


def read_inputs(kind: str, start: int, stop: int, conn: Connection) -> None:
    """Read inputs start..stop-1 of a kind, sending (index, outcome, seconds) for each."""
    seeds = KINDS[kind][1]()
    for index in range(start, stop):
        text, began = input_of(kind, index, seeds), time.perf_counter()
        try:
            outcome = "read" if answer(kind, text) is None else "problem"
        except BaseException as crash:  # what the fuzzer looks for, Ctrl-C aside
            if isinstance(crash, KeyboardInterrupt):
                raise
            where = traceback.extract_tb(crash.__traceback__)[-1]
            outcome = f"crash {type(crash).__name__} at {Path(where.filename).name}:{where.lineno}: {str(crash)[:120]}"
        conn.send((index, outcome, time.perf_counter() - began))
    conn.send(None)


def fuzz_kind(kind: str, inputs: int, hang: float, out: Path) -> dict:
    counts: Counter[str] = Counter()
    crashes: dict[str, int] = {}
    hangs: list[int] = []
    slowest, began, start = 0.0, time.perf_counter(), 0
    seeds = KINDS[kind][1]()
    while start < inputs:
        ours, theirs = multiprocessing.Pipe(duplex=False)
        worker = multiprocessing.Process(target=read_inputs, args=(kind, start, inputs, theirs), daemon=True)
        worker.start()
        theirs.close()
        while True:
            if not ours.poll(hang):
                worker.kill()
                hangs.append(start)
                (out / f"{kind}-{start}.txt").write_text(input_of(kind, start, seeds), encoding="utf-8", errors="surrogatepass")
                start += 1
                break
            message = ours.recv()
            if message is None:
                start = inputs
                break
            index, outcome, seconds = message
            start, slowest = index + 1, max(slowest, seconds)
            counts[outcome.split(" ", 1)[0]] += 1
            if outcome.startswith("crash") and outcome not in crashes:
                crashes[outcome] = index
                (out / f"{kind}-{index}.txt").write_text(input_of(kind, index, seeds), encoding="utf-8", errors="surrogatepass")
        worker.join()
    return {"counts": counts, "crashes": crashes, "hangs": hangs, "seconds": time.perf_counter() - began, "slowest": slowest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--hang", type=float, default=10.0, help="seconds without an answer that make a hang")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"))
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    failed = False
    print(f"{'kind':<18} {'inputs':>8} {'read':>7} {'problem':>8} {'crashes':>8} {'hangs':>6} {'time':>8} {'slowest':>8}")
    for kind in args.kinds.split(","):
        found = fuzz_kind(kind, args.inputs, args.hang, args.out)
        counts = found["counts"]
        print(f"{kind:<18} {args.inputs:>8} {counts['read']:>7} {counts['problem']:>8} {counts['crash']:>8} "
              f"{len(found['hangs']):>6} {found['seconds']:>7.0f}s {found['slowest']:>7.2f}s", flush=True)  # fmt: skip
        for crash, index in found["crashes"].items():
            print(f"    {crash} (first at input {index})")
        for index in found["hangs"]:
            print(f"    hang at input {index}")
        failed = failed or bool(counts["crash"] or found["hangs"])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
