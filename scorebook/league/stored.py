"""Leagues in the store: their definitions, schedules, and the results their standings read."""

from __future__ import annotations

import dataclasses

from sqlalchemy import delete, func, insert, select
from sqlalchemy.engine import Connection

from scorebook.games.dice_baseball import ChartFile
from scorebook.league.definition import League, parse_league
from scorebook.league.games import fill_slot, require_league_game
from scorebook.league.schedule import Slot
from scorebook.league.standings import Result
from scorebook.problems import InvalidForfeit, InvalidLeague, NoScheduledGame, NoSuchLeague, StoredAlready
from scorebook.store import schema
from scorebook.store.db import Prepared, Store, Stored

LEAGUES = schema.League.__table__  # type: ignore[attr-defined]
CHARTS = schema.LeagueChart.__table__  # type: ignore[attr-defined]
SLOTS = schema.ScheduledGame.__table__  # type: ignore[attr-defined]
GAMES = schema.Game.__table__  # type: ignore[attr-defined]


def save_league(store: Store, league: League, *, replace: bool = False) -> None:
    """Store a league's definition, its teams and their players."""
    with store.engine.begin() as db:
        found = db.execute(select(LEAGUES.c.id).where(LEAGUES.c.name == league.name)).scalar()
        if found is not None and not replace:
            raise StoredAlready(f"league {league.name} exists; create it with --replace to replace its definition")
        _require_stored_teams(db, league)
        db.execute(delete(LEAGUES).where(LEAGUES.c.name == league.name))
        db.execute(
            insert(LEAGUES).values(name=league.name, rules=league.rules, innings=league.innings, definition=league.source)
        )
        db.execute(delete(CHARTS).where(CHARTS.c.league == league.name))
        if league.chart:
            db.execute(insert(CHARTS).values(league=league.name, name=league.chart.name, text=league.chart.text))
        players = {t.name: [n for n, _ in t.lineup] + list(t.pitchers) + list(t.bench) for t in league.teams}
        store.register_players(db, league.name, players)


def _require_stored_teams(db, league: League) -> None:
    """The games stored for the league before its definition must be between its teams, by its
    rules and innings (as a game stored after it must: `league.games.require_league_game`)."""
    teams = {team.name for team in league.teams}
    columns = (GAMES.c.id, GAMES.c.away, GAMES.c.home, GAMES.c.rules, GAMES.c.innings)
    for game_id, away, home, rules, innings in db.execute(select(*columns).where(GAMES.c.league == league.name)).all():
        strangers = [team for team in (away, home) if team not in teams]
        if strangers:
            raise InvalidLeague(
                f"game {game_id}, stored for league {league.name}, is played by {strangers[0]}, a team the definition "
                f"does not name: add the team to it, or import the game again with --replace and its `league=` mended"
            )
        if (rules, innings) != (league.rules, league.innings):
            raise InvalidLeague(
                f"game {game_id}, stored for league {league.name}, is {rules}, {innings} innings; the definition says "
                f"{league.rules}, {league.innings} innings: mend it, or import the game again with --replace and its "
                f"`league=` mended"
            )


def find_league(store: Store, name: str) -> League | None:
    """The stored league's definition, parsed; None when no league of the name is stored."""
    with store.engine.connect() as db:
        definition = db.execute(select(LEAGUES.c.definition).where(LEAGUES.c.name == name)).scalar()
    return None if definition is None else parse_league(definition, f"league {name}")


def load_league(store: Store, name: str) -> League:
    """The stored league, with its chart."""
    league = find_league(store, name)
    if league is None:
        raise NoSuchLeague(f"no league {name}; `scorebook league create leagues/{name}.toml` stores it")
    with store.engine.connect() as db:
        chart = db.execute(select(CHARTS.c.name, CHARTS.c.text).where(CHARTS.c.league == name)).first()
    if league.chart_path and chart is None:
        raise InvalidLeague(
            f"league {name} names a chart the store does not hold; `scorebook league create FILE --replace` stores it"
        )
    return dataclasses.replace(league, chart=ChartFile(*chart)) if chart else league


def save_schedule(store: Store, league: League, slots: list[Slot], *, replace: bool = False) -> list[dict]:
    """Store a league's schedule; the games stored before it take their slots (the other way
    round if need be: a game played is not refused). Returns those left without one, the extra
    games (`id away home`), which still count."""
    with store.engine.begin() as db:
        played = db.execute(
            select(SLOTS.c.number).where(SLOTS.c.league == league.name, SLOTS.c.game_id.is_not(None))
        ).first()
        if played and not replace:
            raise StoredAlready(f"league {league.name} has a schedule with games played; give --replace to replace it")
        existing = db.execute(select(SLOTS.c.number).where(SLOTS.c.league == league.name)).first()
        if existing and not replace:
            raise StoredAlready(f"league {league.name} has a schedule; give --replace to replace it")
        db.execute(delete(SLOTS).where(SLOTS.c.league == league.name))
        db.execute(
            insert(SLOTS),
            [{"league": league.name, "number": s.number, "round": s.round, "date": s.date, "away": s.away, "home": s.home} for s in slots],
        )
        # Games stored before the schedule take their slots now.
        games = db.execute(
            select(GAMES.c.id, GAMES.c.league, GAMES.c.date, GAMES.c.away, GAMES.c.home, GAMES.c.stage)
            .where(GAMES.c.league == league.name, GAMES.c.stage == "")
            .order_by(GAMES.c.date, GAMES.c.id)
        ).all()
    with store.engine.begin() as db:
        return [dict(game._mapping) for game in games if fill_slot(db, dict(game._mapping), replace=True) is None]


def schedule(store: Store, name: str) -> list[dict[str, object]]:
    with store.engine.connect() as db:
        rows = db.execute(select(SLOTS).where(SLOTS.c.league == name).order_by(SLOTS.c.number)).all()
    return [dict(r._mapping) for r in rows]


def forfeit(store: Store, name: str, number: int, winner: str) -> None:
    with store.engine.begin() as db:
        slot = db.execute(select(SLOTS).where(SLOTS.c.league == name, SLOTS.c.number == number)).first()
        if slot is None:
            raise NoScheduledGame(f"league {name} has no scheduled game {number}")
        if winner not in (slot.away, slot.home):
            raise InvalidForfeit(f"game {number} is {slot.away} at {slot.home}; {winner} did not play in it")
        if slot.game_id:
            raise InvalidForfeit(f"game {number} was played ({slot.game_id}); it cannot be forfeited")
        db.execute(SLOTS.update().where(SLOTS.c.league == name, SLOTS.c.number == number).values(forfeit=winner))


def results(store: Store, name: str) -> list[Result]:
    """The league's finished regular-season games and forfeits, in the order played."""
    with store.engine.connect() as db:
        games = db.execute(
            select(GAMES.c.date, GAMES.c.id, GAMES.c.away, GAMES.c.home, GAMES.c.away_score, GAMES.c.home_score)
            .where(GAMES.c.league == name, GAMES.c.stage == "", GAMES.c.status == "final")
        ).all()
        forfeits = db.execute(
            select(SLOTS.c.date, SLOTS.c.number, SLOTS.c.away, SLOTS.c.home, SLOTS.c.forfeit)
            .where(SLOTS.c.league == name, SLOTS.c.forfeit != "")
        ).all()
    played = [((d, i), Result(a, h, ar, hr)) for d, i, a, h, ar, hr in games]
    given = [((d, f"~{n:06d}"), Result(a, h, 0, 0, w)) for d, n, a, h, w in forfeits]
    return [result for _, result in sorted(played + given, key=lambda item: item[0])]


def games_played(store: Store, name: str, team: str, other_than: str = "") -> int:
    """How many games of the league the team has stored (any stage), the game `other_than`
    aside: whose turn it is in the team's rotation (`TeamEntry.roster`)."""
    plays = (GAMES.c.away == team) | (GAMES.c.home == team)
    with store.engine.connect() as db:
        where = (GAMES.c.league == name) & plays & (GAMES.c.id != other_than)
        return db.execute(select(func.count()).select_from(GAMES).where(where)).scalar_one()


class LeagueWriter:
    """Writes games to a store as their leagues have them. Each league's definition is read
    and parsed once per writer (an import of a season parses it once, not once a game); a
    caller holding the parsed league already passes it."""

    def __init__(self, store: Store, *known: League) -> None:
        self.store = store
        self._leagues: dict[str, League | None] = {league.name: league for league in known}

    def write(self, game: Prepared, *, replace: bool = False, same_content: bool = True) -> Stored:
        """`Store.write`, with a league game checked against its stored league (none stored: not
        checked) and, in the regular season, put in its schedule slot."""
        if not game.league:
            return self.store.write(game, replace=replace, same_content=same_content)
        if game.league not in self._leagues:
            self._leagues[game.league] = find_league(self.store, game.league)
        league = self._leagues[game.league]
        return self.store.write(
            game, replace=replace, same_content=same_content,
            check=(lambda prepared: require_league_game(league, prepared)) if league else None,
            place=None if game.row["stage"] else _take_slot,
        )  # fmt: skip


def _take_slot(db: Connection, game: Prepared, replace: bool) -> None:
    fill_slot(db, game.row, game.path, replace=replace)


def stored_leagues(store: Store) -> list[League]:
    """Every league stored, by name (their definitions as created)."""
    with store.engine.connect() as db:
        rows = db.execute(select(LEAGUES.c.name, LEAGUES.c.definition).order_by(LEAGUES.c.name)).all()
    return [parse_league(definition, f"league {name}") for name, definition in rows]
