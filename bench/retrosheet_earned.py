"""Proof of the earned-run reconstruction: the 2019 MLB season (Retrosheet) imported, the
official scorer's earned-run marks ((UR), (TUR)) taken out, replayed so that the engine
reconstructs every inning without the errors (official rule 9.16), and every pitcher's earned
runs compared with the files' `data,er` records.

Run by hand: `python bench/retrosheet_earned.py [--retrosheet ../shared/retrosheet/2019]`.
Prints how many pitchers' earned runs differ and the differences (docs/rules-decisions.md,
"Earned runs against the 2019 records", says why those left differ). The comparison with the
marks kept is bench/retrosheet_season.py's. (Retrosheet data: see the NOTICE in its folder.)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from scorebook.importers.compare import reconstructed

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--retrosheet", type=Path, default=ROOT.parent / "shared" / "retrosheet" / "2019")
    parser.add_argument("--files", default="*.EV?", help="which event files of the folder (a glob)")
    parser.add_argument("--show", type=int, default=1000, help="how many differences to print")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    files = sorted(args.retrosheet.glob(args.files))
    start = time.perf_counter()
    result = reconstructed(args.retrosheet, files, args.jobs)
    print(
        f"{result.imported} of {result.games} games imported; {result.earned_lines} pitchers' earned runs "
        f"reconstructed and compared with the files' data,er records: {len(result.earned_mismatches)} differ "
        f"({time.perf_counter() - start:.1f} s)"
    )
    for line in result.earned_mismatches[: args.show]:
        print("  ", line)
    if result.not_imported:
        print("not imported:", ", ".join(f"{n} x {p}" for p, n in result.not_imported.most_common(10)))
    raise SystemExit(1 if result.earned_mismatches or result.not_imported else 0)


if __name__ == "__main__":
    main()
