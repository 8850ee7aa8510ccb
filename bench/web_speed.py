"""Benchmark: the time of each kind of page of `scorebook serve`, on a store holding a season;
and the live view's delivery to 200 spectators of one game.

Run by hand: `python bench/web_speed.py [--rounds 162] [--db sqlite:///web-season.db]`. Goal
(issue 17): each page kind's p95 under 50 ms on a 2,430-game season. The demo league's six
teams play `--rounds` round robins (162: 2,430 games, 810 a team), simulated in worker processes
and stored first (not timed; a --db that holds the league already is used as it is). Then each
page kind is requested `--requests` times in this process through Starlette's TestClient (the
app's own time: routing, the store, the library, the templates; no network), the pages picked
at random with one seed: median and p95 on the clock, and p95 of the process's CPU time (what a
machine busy with other work leaves alone); then `--cold` more with the pages' cache emptied
before each (web/cache.py: the first view of a page after the store changed).

`python bench/web_speed.py --spectators [--pg URL] [--plays 20]`: goal under 500 ms p95 from
`record` to delivery. `scorebook serve` on a store holding one game in progress (SQLite; with
--pg also PostgreSQL, served with --workers 2), 200 spectators' event streams on loopback, and
`--plays` strikeouts recorded through `record`'s own path (store/live.py), one every 0.3 s.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import quote

from scorebook.league.definition import read_league
from scorebook.league.schedule import round_robin
from scorebook.league.stored import LeagueWriter, save_league, save_schedule, stored_leagues
from scorebook.shipped import shipped
from scorebook.sim import replay_league_game, simulate_league_game
from scorebook.store.db import Store, prepare

LEAGUE = read_league(shipped("leagues") / "demo.toml")


def play(slot) -> str:
    game_id = f"{LEAGUE.name}-{slot.number:04d}"
    return simulate_league_game(LEAGUE, slot.away, slot.home, game_id, LEAGUE.seed, slot.date)


def fill(store: Store, rounds: int) -> None:
    """The league's season, simulated in worker processes, each game stored by this one."""
    if any(league.name == LEAGUE.name for league in stored_leagues(store)):
        return
    save_league(store, LEAGUE)
    slots = round_robin([t.name for t in LEAGUE.teams], rounds, LEAGUE.start)
    save_schedule(store, LEAGUE, slots)
    writer = LeagueWriter(store, LEAGUE)  # a league game takes its slot in the schedule
    with ProcessPoolExecutor() as executor:
        for slot, text in zip(slots, executor.map(play, slots, chunksize=16)):
            game_id = f"{LEAGUE.name}-{slot.number:04d}"
            writer.write(prepare(text, replay_league_game(LEAGUE, text, game_id)))


def page_kinds(store: Store) -> dict[str, list[str]]:
    games = [g.id for g in store.games()]
    teams = [t.name for t in LEAGUE.teams]
    return {
        "home": ["/"],
        "game": [f"/games/{game}" for game in games],
        "league": [f"/leagues/{LEAGUE.name}"],
        "team": [f"/leagues/{LEAGUE.name}/teams/{quote(team)}" for team in teams],
        "player": [f"/leagues/{LEAGUE.name}/players/{quote(player, safe='')}" for team in LEAGUE.teams for player in team.roster()],
        "scoring": [f"/games/{game}/score" for game in games],
        "api game": [f"/api/games/{game}" for game in games],
        "api standings": [f"/api/leagues/{LEAGUE.name}/standings"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=162, help="round robins of the six teams (15 games each)")
    parser.add_argument("--db", default="")
    parser.add_argument("--requests", type=int, default=100, help="requests of each page kind")
    parser.add_argument("--cold", type=int, default=20, help="requests of each page kind with the page cache emptied first")
    parser.add_argument("--spectators", action="store_true", help=f"the live view's part only: {SPECTATORS} spectators on one game")
    parser.add_argument("--pg", default="", help="with --spectators: a PostgreSQL URL too, served with --workers 2")
    parser.add_argument("--plays", type=int, default=20, help="with --spectators: the plays recorded")
    args = parser.parse_args()
    if args.spectators:
        with tempfile.TemporaryDirectory() as folder:
            urls = [(f"sqlite:///{Path(folder) / 'live.db'}", 1)] + ([(args.pg, 2)] if args.pg else [])
            return spectators_main(urls, args.plays)
    from fastapi.testclient import TestClient

    from scorebook.web.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'web-season.db'}"
        store = Store(url)
        start = time.perf_counter()
        fill(store, args.rounds)
        print(f"{len(store.games())} games in the store ({time.perf_counter() - start:.0f} s to make)")
        chosen = random.Random(17)
        app = create_app(url)
        with TestClient(app) as client:
            for kind, paths in page_kinds(store).items():
                client.get(paths[0])  # the first request pays for the imports
                shown = [timed(client, chosen.choice(paths)) for _ in range(args.requests)]
                cold = [timed(client, chosen.choice(paths), app.state.pages) for _ in range(args.cold)]
                print(f"{kind:14} {figures(shown)}   first after a change: {figures(cold)}")


def timed(client, path: str, emptied=None) -> tuple[float, float]:
    """One request's time, on the clock and in this process's CPU (the app runs in its threads:
    the figure a machine busy with other work leaves alone); `emptied`: the page cache, emptied
    first (as a statement recorded does)."""
    if emptied is not None:
        emptied.kept.clear()
    begin, cpu = time.perf_counter(), time.process_time()
    assert client.get(path).status_code == 200, path
    return time.perf_counter() - begin, time.process_time() - cpu


def figures(times: list[tuple[float, float]]) -> str:
    wall, cpu = ([t[n] * 1000 for t in times] for n in (0, 1))
    return f"median {statistics.median(wall):6.1f} ms  p95 {p95(wall):6.1f} ms (cpu p95 {p95(cpu):6.1f})"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


# --- 200 spectators on one game ----------------------------------------------------------------


async def spectator(port: int, path: str, arrivals: dict[str, float], opened: asyncio.Event, count: list[int], wanted: int) -> None:
    """One spectator's EventSource, as raw HTTP on loopback: each version's arrival time."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    while len(arrivals) < wanted:
        line = (await reader.readline()).decode()
        if line.startswith("data: "):
            arrivals.setdefault(line[6:].strip(), time.perf_counter())
            if len(arrivals) == 1:
                count[0] += 1
                if count[0] == SPECTATORS:
                    opened.set()
    writer.close()


SPECTATORS = 200


async def spectators(url: str, workers: int, plays: int) -> list[float]:
    """`scorebook serve` (with `workers`) on a store holding one game in progress; SPECTATORS
    follow it while `record`'s own path (store/live.py) records `plays` strikeouts one by one:
    each play's latency from the call to record it to its arrival at each spectator."""
    from scorebook.store.live import Live
    from scorebook.web.data import version

    store = Store(url)
    game_id = store.import_file(shipped("samples") / "rulebook-example.game", replace=True).game_id
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorebook", "serve", "--db", url, "--port", str(port), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        await until_serving(port)
        opened, count = asyncio.Event(), [0]
        arrivals: list[dict[str, float]] = [{} for _ in range(SPECTATORS)]
        path = f"/api/games/{game_id}/events"
        tasks = [asyncio.create_task(spectator(port, path, seen, opened, count, plays + 1)) for seen in arrivals]
        await asyncio.wait_for(opened.wait(), 60)
        live, latencies = Live(url), []
        for _ in range(plays):
            await asyncio.sleep(0.3)
            begin = time.perf_counter()
            live.record(game_id, "SO")  # in this thread: its connection is this thread's
            now = version(store.game(game_id))
            for seen in arrivals:
                while now not in seen:
                    await asyncio.sleep(0.005)
                latencies.append(seen[now] - begin)
        live.close()
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        return latencies
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a stream still open keeps uvicorn waiting
            server.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def until_serving(port: int) -> None:
    for _ in range(300):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise SystemExit(f"scorebook serve did not answer on port {port}")


def spectators_main(urls: list[tuple[str, int]], plays: int) -> None:
    for url, workers in urls:
        latencies = asyncio.run(spectators(url, workers, plays))
        print(
            f"{SPECTATORS} spectators, {url.split(':')[0]}, --workers {workers}: {len(latencies)} deliveries of {plays} plays, "
            f"record to delivery median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
