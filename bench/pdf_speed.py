"""Benchmark: a filled scoresheet, and a league report for a season.

Run by hand: `python bench/pdf_speed.py [--games 2430]` (`--games 0`: the scoresheet only).
Targets (issue 7): a filled scoresheet in under 0.5 s, timed twice: the one-off command
`scorebook sheet FILE -o out.pdf` cold, in a new process (Python's start-up, the imports, the
font and the game's replay included), and the drawing alone, warm; the league report of a
2,430-game season in under 10 s. The season is simulated into a league first (not timed).
Best of `--repeat` runs (the machine is shared).
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

from scorebook.files import read_game
from scorebook.league.definition import read_league
from scorebook.league.schedule import round_robin
from scorebook.league.stored import LeagueWriter, save_league, save_schedule
from scorebook.reports.sheet import load_layout, render_sheet, sheet_data
from scorebook.service.league import league_report
from scorebook.store.db import Store

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "extra-innings.game"  # fifteen innings: the biggest sheet


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def cold_command(repeat: int, out: Path) -> tuple[float, float]:
    """The scoresheet command in a new process each time, as a user runs it: the best wall time,
    and the best processor time (user and system) the process took, which a loaded machine
    stretches less. A first run, not timed, writes the bytecode caches, as an install does (even
    where PYTHONDONTWRITEBYTECODE is set: without them each run compiles scorebook again)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "scorebook", "sheet", str(SAMPLE), "-o", str(out)]
    processor = []

    def run() -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, env=environment, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        processor.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)

    run()
    processor.clear()
    return best(repeat, run), min(processor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2430, help="the season's games (0: no league report)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = read_game(SAMPLE)[1]
    layout = load_layout()
    sheet = best(args.repeat, lambda: render_sheet(sheet_data(game), layout))
    print(f"filled scoresheet (15 innings), drawn warm: {sheet:.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        wall, processor = cold_command(args.repeat, Path(folder) / "sheet.pdf")
    print(f"`scorebook sheet {SAMPLE.relative_to(ROOT)} -o sheet.pdf`, cold: {wall:.3f} s ({processor:.3f} s of processor time)")
    if not args.games:
        return
    with tempfile.TemporaryDirectory() as folder:
        from scorebook.files import replay_text
        from scorebook.sim import simulate_game
        from scorebook.store.db import prepare

        store = Store(f"sqlite:///{Path(folder) / 'league.db'}")
        league = read_league(ROOT / "leagues" / "demo.toml")
        save_league(store, league)
        rounds = -(-args.games // 15)  # six teams play 15 games a round
        slots = round_robin([t.name for t in league.teams], rounds, league.start)[: args.games]
        save_schedule(store, league, slots)
        writer = LeagueWriter(store, league)
        for slot in slots:
            away, home = league.team(slot.away), league.team(slot.home)
            game_id = f"demo-{slot.number:05d}"
            text = simulate_game(game_id, away=away.name, home=home.name, rosters=(away.roster(), home.roster()),
                                 game_id=game_id, date=slot.date, league="demo")  # fmt: skip
            writer.write(prepare(text, replay_text(text, game_id)))

        def report() -> bytes:
            return league_report(store, "demo")

        seconds = best(args.repeat, report)
        print(f"league report, {len(slots)} games: {seconds:.2f} s")


if __name__ == "__main__":
    main()
