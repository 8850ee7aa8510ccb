"""The store: games, their statements and the engine's facts in SQLite (by default) or any
SQLAlchemy URL, PostgreSQL included. One game is written in one transaction: a game with any
problem stores nothing, and a process killed mid-import leaves the database as it was."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import delete, event, func, insert, select
from sqlalchemy import text as sql
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import SQLModel, create_engine

from scorebook.engine.core import Replay
from scorebook.files import read_text, replay_text
from scorebook.games import game_named, game_of
from scorebook.games.dice_baseball import ChartFile
from scorebook.notation.retrosheet_origin import Origin
from scorebook.notation.syntax import tokenize
from scorebook.problems import (
    CannotOpenStore,
    NamesCollide,
    NoSuchGame,
    SameGameStored,
    ScorebookProblem,
    StoredAlready,
)
from scorebook.store import schema
from scorebook.store.decisions import DECISION_COLUMNS, decision_rows
from scorebook.store.failures import NO_STORE_YET, require_store_file, shown, sqlite_file, store_problem
from scorebook.store.rows import (
    APPEARANCE_COLUMNS,
    NAME_COLUMNS,
    NAMES,
    STATEMENTS,
    TABLES,
    digest,
    game_file_text,
    insert_statement,
    summary,
)

if TYPE_CHECKING:
    from scorebook.engine.bonn_die import BonnDieReplay

DEFAULT_URL = "sqlite:///scorebook.db"
_TABLE_OF = {name: SQLModel.metadata.tables[name] for name in TABLES}
_GAME_CHARTS = schema.GameChart.__table__  # type: ignore[attr-defined]
_ORIGINS = schema.RetrosheetGame.__table__  # type: ignore[attr-defined]
_DECISIONS = schema.DecisionRow.__table__  # type: ignore[attr-defined]
_NAMES = schema.Name.__table__  # type: ignore[attr-defined]
_PER_GAME_COLUMNS = {  # rows by game, not by statement, and the names rows of any table hold
    "appearances": APPEARANCE_COLUMNS, "decisions": DECISION_COLUMNS, NAMES: NAME_COLUMNS,
}  # fmt: skip


def header_text(text: str) -> str:
    """The lines of a game file before its first half-inning."""
    lines = []
    for line in text.splitlines():
        tokens = tokenize(line)
        if tokens and tokens[0][0] in ("top", "bottom"):
            break
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"


Check = Callable[["Prepared"], None]  # refuses a game before it is written
Place = Callable[[Connection, "Prepared", bool], None]  # a step in the game's transaction, with `replace`


@dataclass(frozen=True, slots=True)
class Stored:
    game_id: str
    replaced: bool


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    # WAL lets readers work while a scorekeeper writes; the busy timeout makes a second writer
    # wait for the first instead of failing.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def make_engine(url: str, must_exist: bool = False) -> Engine:
    """The engine of a store, its tables checked (and the missing ones made) before it is used;
    from then on a driver's failure that means something to the user (a read-only file, a full
    disk) is raised as that problem. `must_exist`: a store without scorebook's tables is
    refused, not made (a command that only reads)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    for attempt in range(_NEW_DATABASE_TRIES):
        try:
            _check_tables(engine, url, must_exist)
            break
        except OperationalError as problem:
            # A new SQLite file's first connections race to switch it to WAL, and SQLite answers
            # the losers "database is locked" at once, without its busy wait: they try again.
            if "locked" not in str(problem) or attempt == _NEW_DATABASE_TRIES - 1:
                raise
            engine.dispose()
            time.sleep(0.05)
    event.listen(engine, "handle_error", functools.partial(_said_as_problem, url))
    return engine


_NEW_DATABASE_TRIES = 200  # ten seconds of tries at a new database another process is setting up


def _said_as_problem(url: str, context) -> None:
    """SQLAlchemy's handle_error: a failure `store_problem` knows raised as its problem."""
    problem = store_problem(context.original_exception, url)
    if problem is not None:
        raise problem


def _check_tables(engine: Engine, url: str, must_exist: bool) -> None:
    """The database's tables are scorebook's, with every column this scorebook writes; the
    tables a store lacks (new in this version) are made. A database of another program, or
    of an older scorebook whose tables lack columns, is refused before anything is written."""
    with engine.connect() as db:
        columns: dict[str, set[str]] = {}
        for table, column in db.exec_driver_sql(_COLUMNS[engine.dialect.name]):
            columns.setdefault(table, set()).add(column)
    present, ours = set(columns), set(SQLModel.metadata.tables)
    where = str(sqlite_file(url) or shown(url))
    if present and not present & ours:
        raise CannotOpenStore(
            f"{where} is another program's database (its tables: {', '.join(sorted(present)[:5])}; none of scorebook's): "
            "give --db a scorebook store, or a new file to make one"
        )
    if must_exist and not present & ours:
        raise CannotOpenStore(f"no scorebook store in {where}: {NO_STORE_YET}")
    if "games" in present:  # the layout first: an older one says what to do as a whole
        _check_version(engine, present)
    for table in sorted(present & ours):
        missing = set(SQLModel.metadata.tables[table].columns.keys()) - columns[table]
        if missing:
            raise CannotOpenStore(
                f"the database {where} is an older scorebook's: its table {table} lacks {', '.join(sorted(missing))}; "
                "import your game files into a new --db (or export its games with the scorebook that made it, then import them)"
            )
    if not ours <= present:
        _create_tables(engine)


# Every table's columns in one query (SQLAlchemy's inspector asks table by table).
_COLUMNS = {
    "sqlite": "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'",
    "postgresql": "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()",
}


def _create_tables(engine: Engine) -> None:
    """The tables a new database lacks, created by one process at a time: two processes opening
    a new database at once would both find them missing and both create them."""
    with engine.begin() as db:
        if engine.dialect.name == "sqlite":
            db.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock, before create_all looks
        else:
            db.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})")
        SQLModel.metadata.create_all(db)


def _check_version(engine: Engine, tables: set[str]) -> None:
    with engine.connect() as db:
        version = schema.stored_version(db) if "store_info" in tables else None
    if version != schema.SCHEMA_VERSION:
        written = "an older scorebook, which wrote every name into every row" if version is None else f"scorebook's store schema {version}"
        raise CannotOpenStore(
            f"cannot open the database {engine.url.render_as_string(hide_password=True)}: it was written by {written}; "
            f"this scorebook reads store schema {schema.SCHEMA_VERSION}; import the games again into a new database: "
            "`scorebook export` them with the scorebook that stored them, then `scorebook import` them with this one"
        )


_SCHEMA_LOCK = 0x5C0EB00C  # PostgreSQL's advisory lock taken while the tables are created


class Store:
    """The store at `url`, made if it is not there; with `must_exist` (a command that only
    reads) a store that is not there is a problem saying how to make one, and nothing is made."""

    def __init__(self, url: str = DEFAULT_URL, *, must_exist: bool = False) -> None:
        self.url = url
        self._rosters: dict[tuple[str, str], tuple[int, frozenset[str]]] = {}  # (team, league) -> id, players
        self._names: set[int] = set()  # the ids of the names known stored
        if must_exist:
            require_store_file(url)
        try:
            self.engine = make_engine(url, must_exist)
        except ScorebookProblem:
            raise
        except Exception as failure:  # the driver's own: a wrong URL, no server, a damaged file
            said = str(getattr(failure, "orig", None) or failure).splitlines()[0]  # the driver's words, not SQLAlchemy's link
            raise store_problem(failure, url) or CannotOpenStore(f"cannot open the database {shown(url)}: {said}") from None

    # --- writing games --------------------------------------------------------------------

    def import_file(self, path: Path, *, replace: bool = False) -> Stored:
        """A game file stored as it is; a league game counted by its league goes through
        `scorebook.service.games.import_files`."""
        return self.write(prepare_file(path), replace=replace)

    def write(
        self,
        game: Prepared,
        *,
        replace: bool = False,
        same_content: bool = True,
        check: Check | None = None,
        place: Place | None = None,
    ) -> Stored:
        """Store a prepared game in one transaction; the same game again (its id, or with
        `same_content` its content) is refused, or with `replace` put in the place of the one
        stored. The store only persists: a league game comes through the league layer
        (`scorebook.league.stored.LeagueWriter`), whose `check` may refuse it before anything is
        written and whose `place` gives it its schedule slot in the same transaction."""
        try:
            return self._write(game, replace, same_content, check, place)
        except IntegrityError:
            # Another process stored the game, or a team or player it names, between our look
            # and our insert (and has committed: our insert waited for it). Look again: the
            # game is then refused as stored already, the team and players are found.
            self._rosters.clear()
            self._names.clear()
            return self._write(game, replace, same_content, check, place)

    def _write(self, game: Prepared, replace: bool, same_content: bool, check: Check | None, place: Place | None) -> Stored:
        games = schema.Game.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as db:
            same = games.c.id == game.row["id"]
            if same_content:
                same |= games.c.digest == game.row["digest"]
            found_digests = dict(db.execute(select(games.c.id, games.c.digest).where(same)).all())
            found = list(found_digests)
            if found and not replace:
                # The same statements: the very game, which an import run again skips.
                refused = SameGameStored if game.row["digest"] in found_digests.values() else StoredAlready
                raise refused(f"this game is stored already as {found[0]}; import it with --replace to replace it", path=game.path)
            if check:
                check(game)
            for old in found:
                _delete_game(db, old)
            db.execute(insert(games), [game.row])
            names = self._new_names(db, game.rows.get(NAMES, []))
            for table, rows in game.rows.items():
                if rows and table != NAMES:
                    columns = TABLES.get(table) or _PER_GAME_COLUMNS[table]
                    db.exec_driver_sql(insert_statement(table, columns, _mark(db)), rows)
            if game.chart is not None:
                chart = {"name": game.chart.name, "text": game.chart.text}
                db.execute(insert(_GAME_CHARTS).values(game_id=game.row["id"], **chart))
            if game.origin is not None:
                db.execute(insert(_ORIGINS).values(game_id=game.row["id"], **game.origin.columns()))
            known = _register_players(db, game.league, game.players, self._rosters)
            if place:
                place(db, game, replace)
        self._rosters.update(known)  # only once the transaction holds
        self._names.update(names)
        return Stored(game.row["id"], bool(found))

    def _new_names(self, db: Connection, rows: list[tuple]) -> set[int]:
        """The game's names the store lacks, written; returns their ids. A name whose id is
        another's (odds of 1 in 10^10 in a store of a few thousand) is refused."""
        new = [row for row in rows if row[0] not in self._names]
        if not new:
            return set()
        db.exec_driver_sql(insert_statement(NAMES, NAME_COLUMNS, _mark(db)), new)
        ids = {id_ for id_, _ in new}
        stored = dict(db.execute(select(_NAMES.c.id, _NAMES.c.text).where(_NAMES.c.id.in_(ids))).all())
        for id_, name in new:
            if stored[id_] != name:
                raise NamesCollide(f"the names {stored[id_]!r} and {name!r} have the same id in the store ({id_})")
        return ids

    def register_roster(self, team: str, players: list[str], league: str = "") -> None:
        """A team's roster (a Retrosheet roster file): its players, known before they play."""
        with self.engine.begin() as db:
            known = _register_players(db, league, {team: players}, self._rosters)
        self._rosters.update(known)

    def register_players(self, db: Connection, league: str, players: dict[str, list[str]]) -> None:
        """The teams and players a league's definition names, in the caller's transaction."""
        self._rosters.update(_register_players(db, league, players, self._rosters))

    def delete(self, game_id: str) -> None:
        with self.engine.begin() as db:
            self.require(db, game_id)
            _delete_game(db, game_id)

    # --- reading games ----------------------------------------------------------------------

    @staticmethod
    def require(db: Connection, game_id: str) -> schema.Game:
        row = db.execute(select(schema.Game).where(schema.Game.id == game_id)).first()
        if row is None:
            raise NoSuchGame(f"no game {game_id} in the database; `scorebook games` lists them")
        return schema.Game(**row._mapping)

    def game(self, game_id: str) -> schema.Game:
        with self.engine.connect() as db:
            return self.require(db, game_id)

    def games(self) -> list[schema.Game]:
        with self.engine.connect() as db:
            rows = db.execute(select(schema.Game).order_by(schema.Game.date, schema.Game.id)).all()
        return [schema.Game(**row._mapping) for row in rows]

    def game_text(self, game_id: str) -> str:
        with self.engine.connect() as db:
            game = self.require(db, game_id)
            return game_file_text(game.header, game.source, _statements(db, game_id))

    def statements(self, game_id: str) -> list[str]:
        """The game's statements as stored, the ones `scorebook record` counts a new one against."""
        with self.engine.connect() as db:
            return _statements(db, game_id)

    def chart(self, game_id: str) -> ChartFile | None:
        """The dice chart stored with a game that names one (`chart=`)."""
        with self.engine.connect() as db:
            columns = (_GAME_CHARTS.c.name, _GAME_CHARTS.c.text)
            row = db.execute(select(*columns).where(_GAME_CHARTS.c.game_id == game_id)).first()
        return ChartFile(*row) if row else None

    def origin(self, game_id: str) -> Origin | None:
        """What a game imported from Retrosheet keeps of its files; None for any other game."""
        with self.engine.connect() as db:
            columns = (_ORIGINS.c.records, _ORIGINS.c.players, _ORIGINS.c.teams, _ORIGINS.c.rosters)
            row = db.execute(select(*columns).where(_ORIGINS.c.game_id == game_id)).first()
        return Origin.from_columns(*row) if row else None

    def replay(self, game_id: str) -> Replay:
        """The stored game replayed, with its chart."""
        chart = self.chart(game_id)
        return replay_text(self.game_text(game_id), game_id, chart=chart and chart.text)

    def season_decisions(self, game_id: str) -> dict[tuple[str, str], dict[str, int]]:
        """The season to date of the game's pitchers with a decision, this game included, as
        a box score quotes it (`(W, 3-1)`): (team, pitcher) -> his W, L, SV, HLD, BS in the
        stored games of the game's league, stage and year, up to it (by date, then id)."""
        counts = ("W", "L", "SV", "HLD", "BS")
        query = f"""SELECT d.team, d.player, {', '.join(f'SUM(d.{c.lower()})' for c in counts)}
            FROM decisions d JOIN games g ON g.id = d.game_id
            JOIN decisions this ON this.game_id = :id AND this.team = d.team AND this.player = d.player
            JOIN games its ON its.id = :id
            WHERE g.league = its.league AND g.stage = its.stage AND substr(g.date, 1, 4) = substr(its.date, 1, 4)
              AND (g.date < its.date OR (g.date = its.date AND g.id <= its.id))
            GROUP BY d.team, d.player"""
        with self.engine.connect() as db:
            rows = db.execute(sql(query), {"id": game_id}).all()
        return {(team, player): dict(zip(counts, values)) for team, player, *values in rows}

    def season_home_runs(self, game_id: str) -> dict[tuple[str, str], int]:
        """The season to date of the game's batters who homered in it, this game included, as a
        box score quotes it (`HR: Trout (14)`): (team, batter) -> his home runs in the stored
        games of the game's league, stage and year, up to it (by date, then id)."""
        # From this game's home runs to each batter's others, through the home runs' index.
        query = """SELECT (SELECT n.text FROM names n WHERE n.id = f.batting_team),
                   (SELECT n.text FROM names n WHERE n.id = f.batter), COUNT(*)
            FROM (SELECT DISTINCT batting_team, batter FROM facts WHERE game_id = :id AND hit = 4) this
            JOIN facts f ON f.hit = 4 AND f.batting_team = this.batting_team AND f.batter = this.batter
            JOIN games g ON g.id = f.game_id JOIN games its ON its.id = :id
            WHERE g.league = its.league AND g.stage = its.stage
              AND substr(g.date, 1, 4) = substr(its.date, 1, 4)
              AND (g.date < its.date OR (g.date = its.date AND g.id <= its.id))
            GROUP BY f.batting_team, f.batter"""
        with self.engine.connect() as db:
            rows = db.execute(sql(query), {"id": game_id}).all()
        return {(team, batter): count for team, batter, count in rows}

    def export_json(self, game_id: str) -> str:
        """The game as JSON: its row, and each statement with the facts the engine derived."""
        with self.engine.connect() as db:
            game = self.require(db, game_id).model_dump(exclude={"source"})
            view = schema.VIEWS[game_named(game["rules"]).facts_table]  # a Bonn Die game's facts are rounds
            facts = {row.seq: dict(row._mapping) for row in db.execute(select(view).where(view.c.game_id == game_id)).all()}
            events = db.execute(
                select(schema.Event.seq, schema.Event.text).where(schema.Event.game_id == game_id).order_by(schema.Event.seq)
            ).all()
        statements = [{"text": text, **facts.get(seq, {})} for seq, text in events]
        return json.dumps({"game": game, "statements": statements}, indent=2, ensure_ascii=False)

    # --- a league's regular season, for its report -------------------------------------------

    def by_inning(self, league: str, query: str) -> list[tuple[str, int, int]]:
        """(team, inning, count) of the league's regular-season games, by its game's query
        (`Game.by_inning`: runs, a Bonn Die league's points)."""
        return self._regular_season(query, league)

    def plate_appearances(self, league: str, team: str = "", batter: str = "", pitcher: str = "") -> list[tuple]:
        """The league's regular-season plate appearances counted alike, for its spray charts:
        (board location or None, hit, reached on error, fielder's choice, SO, BB, HBP, SH,
        count); all, or a team's (batting; fielding, with `pitcher`), a batter's or a pitcher's."""
        side = "fielding_team" if pitcher else "batting_team"
        whose = (f"AND f.{side} = :team" if team else "") + (" AND f.batter = :batter" if batter else "") + (" AND f.pitcher = :pitcher" if pitcher else "")
        columns = "f.location, f.hit, f.reached_on_error, f.result LIKE 'FC%', f.so, f.bb, f.hbp, f.sh"
        counted = f"SELECT {columns}, COUNT(*) FROM named_facts f {{season}} {whose} AND f.pa GROUP BY {columns}"
        return self._regular_season(counted, league, team=team, batter=batter, pitcher=pitcher)

    def player_teams(self, league: str, name: str, pitched: bool = False) -> list[str]:
        """The teams a player of this name batted (or pitched) for in the league's regular season."""
        team, role = ("fielding_team", "pitcher") if pitched else ("batting_team", "batter")
        teams = f"SELECT DISTINCT f.{team} FROM named_facts f {{season}} AND f.{role} = :name ORDER BY f.{team}"
        return [found for (found,) in self._regular_season(teams, league, name=name)]

    def _regular_season(self, query: str, league: str, **values: str) -> list:
        season = "JOIN games g ON g.id = f.game_id WHERE g.league = :league AND g.stage = ''"
        with self.engine.connect() as db:
            return [tuple(row) for row in db.execute(sql(query.format(season=season)), {"league": league, **values}).all()]

    def count(self, table: str) -> int:
        with self.engine.connect() as db:
            return db.execute(select(func.count()).select_from(SQLModel.metadata.tables[table])).scalar_one()


def _statements(db: Connection, game_id: str) -> list[str]:
    return [text for (text,) in db.exec_driver_sql(STATEMENTS.replace("?", _mark(db)), (game_id,))]



def _mark(db: Connection) -> str:
    """The driver's own parameter mark: the rows go to its executemany untouched (bulk)."""
    return "?" if db.dialect.paramstyle == "qmark" else "%s"


def _delete_game(db: Connection, game_id: str) -> None:
    slots = schema.ScheduledGame.__table__  # type: ignore[attr-defined]
    db.execute(slots.update().where(slots.c.game_id == game_id).values(game_id=None))
    children = [*reversed(list(_TABLE_OF.values())), schema.Appearance.__table__, _DECISIONS, _GAME_CHARTS, _ORIGINS]  # type: ignore[attr-defined]
    for table in children:
        db.execute(delete(table).where(table.c.game_id == game_id))
    db.execute(delete(schema.Game.__table__).where(schema.Game.__table__.c.id == game_id))  # type: ignore[attr-defined]


Rosters = dict[tuple[str, str], tuple[int, frozenset[str]]]


def _register_players(db: Connection, league: str, players: dict[str, list[str]], rosters: Rosters) -> Rosters:
    """The teams and players a game names (lineups, substitutes, pitchers); `rosters` are the
    ones known stored already. Returns the rosters as they now are."""
    teams, people = schema.Team.__table__, schema.Player.__table__  # type: ignore[attr-defined]
    now: Rosters = {}
    for team, wanted in players.items():
        known = rosters.get((team, league))
        if known is None:
            where = (teams.c.name == team) & (teams.c.league == league)
            team_id = db.execute(select(teams.c.id).where(where)).scalar()
            if team_id is None:
                team_id = db.execute(insert(teams).values(name=team, league=league)).inserted_primary_key[0]
            names = frozenset(db.execute(select(people.c.name).where(people.c.team_id == team_id)).scalars())
            known = (team_id, names)
        team_id, names = known
        new = sorted(set(wanted) - names)
        if new:
            db.execute(insert(people), [{"team_id": team_id, "name": name} for name in new])
        now[team, league] = (team_id, names | set(new))
    return now


@dataclass(frozen=True, slots=True)
class Prepared:
    """A game replayed and turned into rows, ready to be written: the work of an import that
    needs no database, so that it can run in worker processes."""

    path: str
    row: dict[str, object]  # the games table's row
    rows: dict[str, list[tuple]]  # every other table's rows
    league: str
    players: dict[str, list[str]]  # team -> the players the game names
    chart: ChartFile | None = None  # the dice chart the game names (`chart=`)
    origin: Origin | None = None  # a game imported from Retrosheet: what its files say beyond the game file


def prepare(text: str, game: Replay | BonnDieReplay, *, source: str | None = None, origin: Origin | None = None) -> Prepared:
    header = game.game.header
    content = digest(text)
    game_id = header.option("id") or f"g{content[:10]}"
    row = {
        "id": game_id,
        "league": header.option("league"),
        "stage": header.option("stage"),
        "rules": header.rules,
        "innings": header.innings,
        "date": header.option("date"),
        "away": header.teams[0],
        "home": header.teams[1],
        "header": header_text(text),
        "source": source,
        "digest": content,
        **summary(game.state, header.teams, len(game.facts)),
    }
    entry = game_of(game)
    rows = entry.store_rows(game_id, game)
    if entry.decisions:
        all_star = origin is not None and origin.info("gametype") == "allstar"
        rows["decisions"] = decision_rows(game_id, header, game.facts, game.state.over, all_star)  # type: ignore[union-attr]
    chart = game.rules.chart_file if entry.chart and header.option("chart") else None  # type: ignore[union-attr]
    return Prepared(game.game.path, row, rows, header.option("league"), entry.players(game), chart, origin)


def prepare_file(path: Path) -> Prepared:
    text = read_text(path)
    return prepare(text, replay_text(text, str(path), path.parent), source=text)


class GameSummary(NamedTuple):
    """A stored game as a list shows it (its row without the header and source)."""

    id: str
    league: str
    stage: str
    rules: str
    innings: int
    date: str
    away: str
    home: str
    status: str
    away_score: int
    home_score: int
    winner: str
    statements: int


def game_summaries(store: Store, league: str | None = None) -> list[GameSummary]:
    """The stored games (a league's only, if given) in order of date, as plain rows: quick to
    list by the thousand, where a `schema.Game` takes most of a millisecond to build."""
    games = schema.Game.__table__  # type: ignore[attr-defined]
    query = select(*(games.c[name] for name in GameSummary._fields)).order_by(games.c.date, games.c.id)
    if league is not None:
        query = query.where(games.c.league == league)
    with store.engine.connect() as db:
        return [GameSummary(*row) for row in db.execute(query)]
