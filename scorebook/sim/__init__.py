"""Stage 0, the other way round: simulated games, written as game files the engine accepts.

`simulate_game(seed)` plays one game die by die and returns its text; the same seed gives
the same game. Managers (`sim/managers.py`) make the table decisions.
"""

from __future__ import annotations

from functools import lru_cache

from scorebook.games import DEFAULT, GAMES, SIMULATED
from scorebook.sim.managers import Manager, PolicyManager, Situation, View
from scorebook.sim.writer import GameWriter


def player_for(rules: str):
    """The die-by-die player of a baseball game (None for a game with a simulator of its own,
    Bonn Die's); a ValueError for a game scorebook does not simulate."""
    player = _simulated(rules).player
    return player and player()


def _simulated(rules: str):
    game = GAMES.get(rules)
    if game is None or game.simulator is None:
        raise ValueError(f"no simulator for rules={rules}; simulate plays {', '.join(SIMULATED)}")
    return game


def simulate_game(seed: int | str, rules: str = DEFAULT, **options: object) -> str:
    """One complete game's text. Options: away, home, innings, managers, rosters, game_id, stage,
    date, league, chart (a Bonn Die game: away, home, innings, players, game_id, stage, date,
    league)."""
    return _simulated(rules).simulator(seed, rules, **options)


def simulate_baseball(seed: int | str, rules: str, **options: object) -> str:
    """A baseball game, its statements written by the game's player through the engine."""
    return GameWriter(rules, seed, **options).text(player_for(rules))  # type: ignore[arg-type]


def simulate_league_game(
    league, away: str, home: str, game_id: str, seed: int | str, date: str = "", stage: str = "", games: tuple[int, int] = (0, 0)
) -> str:
    """One game between two teams of a league (`scorebook.league.League`), with their rosters,
    lineups and pitchers (a game without lineups: their starting players), under the league's
    rules and length; `stage`: playoffs, or "" for the regular season (the header's `stage=`).
    `games`: how many league games each team has played, which says whose turn in its rotation
    it is to start; its bullpen relieves."""
    visitors, locals_ = league.team(away), league.team(home)
    if not GAMES[league.rules].lineups:
        return simulate_game(
            f"{seed}-{game_id}", league.rules, away=away, home=home, innings=league.innings,
            players=(visitors.players[0], locals_.players[0]), game_id=game_id, stage=stage, date=date, league=league.name,
        )  # fmt: skip
    return simulate_game(
        f"{seed}-{game_id}",
        league.rules,
        away=visitors.name,
        home=locals_.name,
        innings=league.innings,
        rosters=(visitors.roster(games[0]), locals_.roster(games[1])),
        bullpens=(len(visitors.bullpen), len(locals_.bullpen)),
        positions=([p for _, p in visitors.lineup], [p for _, p in locals_.lineup]),
        game_id=game_id,
        stage=stage,
        date=date,
        league=league.name,
        chart=league.chart,
    )


def replay_league_game(league, text: str, game_id: str):
    """A simulated league game replayed for the store, with the league's chart (`chart=`)."""
    from scorebook.files import replay_text

    return replay_text(text, game_id, chart=league.chart.text if league.chart else None)


def load_manager(spec: str) -> Manager:
    """`module:Name` or `path/to/file.py:Name`: a Manager subclass (a fresh one each game), a
    Manager, or a function `policy(decision, view)` (`sim/managers.py`)."""
    found = _load_object(spec)
    if isinstance(found, type):
        if not issubclass(found, Manager):
            raise ValueError(f"{spec} is a class but not a scorebook.sim.Manager subclass")
        return found()
    if isinstance(found, Manager):
        return found
    if callable(found):
        return PolicyManager(found, spec)
    raise ValueError(f"{spec} is neither a scorebook.sim.Manager nor a function policy(decision, view)")


@lru_cache(maxsize=16)  # a file is read once per process, not once per game
def _load_object(spec: str) -> object:
    import importlib
    import importlib.util

    where, _, name = spec.partition(":")
    if not name:
        raise ValueError(f"a manager is module:Name or file.py:Name, e.g. mymanagers:Bold, not {spec!r}")
    if where.endswith(".py"):
        found = importlib.util.spec_from_file_location("scorebook_user_manager", where)
        if found is None or found.loader is None:
            raise ValueError(f"cannot load {where}")
        module = importlib.util.module_from_spec(found)
        found.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    if not hasattr(module, name):
        raise ValueError(f"{where} has no {name}")
    return getattr(module, name)


__all__ = ["GameWriter", "Manager", "PolicyManager", "Situation", "View", "simulate_game"]
