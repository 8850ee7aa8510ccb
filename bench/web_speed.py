"""Benchmark: the time of each kind of page of `scorebook serve`, on a store holding a season.

Run by hand: `python bench/web_speed.py [--rounds 162] [--db sqlite:///web-season.db]`. Goal
(issue 17): each page kind's p95 under 50 ms on a 2,430-game season. The demo league's six
teams play `--rounds` round robins (162: 2,430 games, 810 a team), simulated in worker processes
and stored first (not timed; a --db that holds the league already is used as it is). Then each
page kind is requested `--requests` times in this process through Starlette's TestClient (the
app's own time: routing, the store, the library, the templates; no network), the pages picked
at random with one seed, and its median and p95 printed; then as many `--cold` with the pages'
cache emptied before each (web/cache.py: the first view of a page after the store changed). The live view's figures (200
spectators, `record` to delivery) come with the live view.
"""

from __future__ import annotations

import argparse
import random
import statistics
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
    args = parser.parse_args()
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


def timed(client, path: str, emptied=None) -> float:
    """One request's time; `emptied`: the page cache, emptied first (as a statement recorded does)."""
    if emptied is not None:
        emptied.kept.clear()
    begin = time.perf_counter()
    assert client.get(path).status_code == 200, path
    return time.perf_counter() - begin


def figures(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return f"median {statistics.median(times) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms"


if __name__ == "__main__":
    main()
