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

import time

from timing import retrosheet_arguments

from scorebook.importers.compare import reconstructed


def main() -> None:
    args, files = retrosheet_arguments(__doc__.splitlines()[0])
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
