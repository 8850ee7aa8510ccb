"""Benchmark and proof: the 2019 MLB season (Retrosheet) imported into scorebook and compared
with chadwickpy's cwbox, line by line, with both timed on the same files in the same run.

Run by hand: `python bench/retrosheet_season.py [--retrosheet ../shared/retrosheet/2019]`, on
any folder of one season's event files (a regular season, a postseason's .EVE files, 2021as).
Prints how many games scorebook reads, how many batting and pitching lines differ from cwbox,
the first differences, the plays it cannot read yet, and the time ratios: scorebook in one
process and with the files shared among worker processes (--jobs, 2 by default), against
cwbox, which runs in one. Exits 1 when a line or a pitcher's earned runs differ or a game is
not imported. (Retrosheet data: see the NOTICE in the retrosheet folder.)
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from scorebook.importers.compare import Comparison, compare_boxes, cwbox_xml, ours

ROOT = Path(__file__).resolve().parent.parent


def timed(work, *args):
    start = time.perf_counter()
    return work(*args), time.perf_counter() - start


def cwbox_text(folder: Path, files: list[Path], year: str) -> tuple[float, float]:
    """cwbox's own output (text box scores, chadwickpy's default): wall-clock seconds and the
    CPU seconds of its processes (more than the wall clock: it uses several cores)."""
    command = shutil.which("cwbox") or str(Path(sys.executable).with_name("cwbox"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([command, "-Q", "-y", year, *(str(f.resolve()) for f in files)], cwd=folder, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def season(files: list[Path]) -> str:
    """The season of a folder's event files, as their names begin (2019ANA.EVA, 2021WS.EVE):
    cwbox reads that year's team and roster files."""
    years = {path.name[:4] for path in files}
    if len(years) != 1 or not next(iter(years)).isdigit():
        raise SystemExit(f"the event files are of one season, named YYYY...: here {sorted(years) or 'none'}")
    return years.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--retrosheet", type=Path, default=ROOT.parent / "shared" / "retrosheet" / "2019")
    parser.add_argument("--show", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel run (1: no second run)")
    args = parser.parse_args()
    folder = args.retrosheet
    files = sorted(folder.glob("*.EV?"))
    year = season(files)
    (boxes, problems, total), ours_seconds = timed(ours, folder, files)
    shared, shared_seconds = (boxes, problems, total), ours_seconds
    if args.jobs > 1:
        shared, shared_seconds = timed(ours, folder, files, args.jobs)
    try:
        root, cwbox_seconds = timed(cwbox_xml, folder, files, year)
    except RuntimeError as problem:  # cwbox read nothing: no comparison to make
        raise SystemExit(str(problem)) from None
    text_seconds, text_cpu = cwbox_text(folder, files, year)
    if shared != (boxes, problems, total):
        raise SystemExit(f"the import in {args.jobs} processes differs from the one in a single process")
    result = Comparison(games=total, imported=len(boxes), not_imported=problems)
    compare_boxes(root, boxes, result)
    print(result.summary())
    for line in (result.mismatches + result.earned_mismatches)[: args.show]:
        print("  ", line)
    print("not read yet:", ", ".join(f"{n} x {p}" for p, n in problems.most_common(10)))
    print(f"chadwickpy cwbox -X (XML, the boxes compared; one core): {cwbox_seconds:.1f} s")
    print(f"chadwickpy cwbox (text, its default): {text_seconds:.1f} s, {text_cpu:.1f} s of CPU "
          f"(cores used: {text_cpu / text_seconds:.1f}); against scorebook in {args.jobs} processes: "
          f"{text_seconds / shared_seconds:.2f}x")  # fmt: skip
    print(f"scorebook (parse + replay + box), one process: {ours_seconds:.1f} s, ratio {cwbox_seconds / ours_seconds:.2f}x")
    print(f"scorebook (parse + replay + box), {args.jobs} processes: {shared_seconds:.1f} s, "
          f"ratio {cwbox_seconds / shared_seconds:.2f}x")  # fmt: skip
    if result.mismatches or result.earned_mismatches or problems:
        raise SystemExit(f"not the proof: {len(result.mismatches)} lines and {len(result.earned_mismatches)} earned runs "
                         f"differ, {sum(problems.values())} games not imported")  # fmt: skip


if __name__ == "__main__":
    main()
