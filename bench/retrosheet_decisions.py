"""Proof of the pitcher decisions: a Retrosheet season imported and each game's winning and
losing pitcher and save, as the engine decides them (scorebook/engine/decisions.py), compared
with the event file's `info,wp`, `info,lp` and `info,save` records.

Run by hand: `python bench/retrosheet_decisions.py --retrosheet ../shared/retrosheet/2019`.
Prints the differences counted by kind (W, L, SV) and each one (docs/rules-decisions.md,
"Pitcher decisions against the Retrosheet records", says why those left differ). Games the
import cannot read yet are counted apart, by their problem. (Retrosheet data: see the NOTICE
in its folder.)
"""

from __future__ import annotations

import time

from timing import retrosheet_arguments

from scorebook.importers.compare_decisions import compare_decisions


def main() -> None:
    args, files = retrosheet_arguments(__doc__.splitlines()[0])
    start = time.perf_counter()
    result = compare_decisions(args.retrosheet, files, args.jobs)
    print(f"{args.retrosheet.name}: {result.summary()} ({time.perf_counter() - start:.1f} s)")
    for line in result.differences[: args.show]:
        print("  ", line)
    if result.differences:  # each difference is a case of one of these (docs/rules-decisions.md)
        print("by rule:")
        for reason, n in result.by_reason().most_common():
            print(f"   {n:4d}  {reason}")
    if result.not_imported:
        print("not imported:", ", ".join(f"{n} x {p}" for p, n in result.not_imported.most_common(10)))
    raise SystemExit(1 if result.differences else 0)


if __name__ == "__main__":
    main()
