"""Benchmark and proof: the 2019 MLB season (Retrosheet) imported into scorebook and compared
with chadwickpy's cwbox, line by line, with both timed on the same files in the same run.

Run by hand: `python bench/retrosheet_season.py [--retrosheet ../shared/retrosheet/2019]`.
Prints how many games scorebook reads, how many batting and pitching lines differ from cwbox,
the first differences, the plays it cannot read yet, and the time ratio. (Retrosheet data:
see the NOTICE in the retrosheet folder.)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from scorebook.importers.compare import Comparison, compare_boxes, cwbox_xml, ours

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--retrosheet", type=Path, default=ROOT.parent / "shared" / "retrosheet" / "2019")
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    folder = args.retrosheet
    files = sorted(folder.glob("*.EV?"))
    start = time.perf_counter()
    boxes, problems, total = ours(folder, files)
    ours_seconds = time.perf_counter() - start
    start = time.perf_counter()
    root = cwbox_xml(folder, files, "2019")
    cwbox_seconds = time.perf_counter() - start
    result = Comparison(games=total, imported=len(boxes), not_imported=problems)
    compare_boxes(root, boxes, result)
    print(result.summary())
    for line in (result.mismatches + result.earned_mismatches)[: args.show]:
        print("  ", line)
    print("not read yet:", ", ".join(f"{n} x {p}" for p, n in problems.most_common(10)))
    print(f"scorebook (parse + replay + box): {ours_seconds:.1f} s; chadwickpy cwbox: {cwbox_seconds:.1f} s; "
          f"ratio {cwbox_seconds / ours_seconds:.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
