"""The store: games, their statements and the engine's facts in SQLite (by default) or any
SQLAlchemy URL, PostgreSQL included. One game is written in one transaction: a game with any
problem stores nothing, and a process killed mid-import leaves the database as it was."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from sqlalchemy import delete, event, func, insert, inspect, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel, create_engine

from scorebook.engine.bonn_die import BonnDieReplay
from scorebook.engine.core import Replay
from scorebook.files import read_text, replay_text
from scorebook.games.dice_baseball import ChartFile, DiceBaseball
from scorebook.league.definition import parse_league
from scorebook.notation.retrosheet_origin import Origin
from scorebook.notation.syntax import tokenize
from scorebook.parallel import in_processes
from scorebook.problems import ScorebookProblem
from scorebook.store import schema
from scorebook.store.rows import (
    APPEARANCE_COLUMNS,
    TABLES,
    appearances,
    bonn_die_players,
    bonn_die_rows,
    digest,
    game_file_text,
    game_rows,
    summary,
)

DEFAULT_URL = "sqlite:///scorebook.db"
_TABLE_OF = {name: SQLModel.metadata.tables[name] for name in TABLES}
_GAME_CHARTS = schema.GameChart.__table__  # type: ignore[attr-defined]
_ORIGINS = schema.RetrosheetGame.__table__  # type: ignore[attr-defined]


def header_text(text: str) -> str:
    """The lines of a game file before its first half-inning."""
    lines = []
    for line in text.splitlines():
        tokens = tokenize(line)
        if tokens and tokens[0][0] in ("top", "bottom"):
            break
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"


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


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    _create_tables(engine)
    return engine


def _create_tables(engine: Engine) -> None:
    """The tables a new database lacks, created by one process at a time: two processes opening
    a new database at once would both find them missing and both create them."""
    if set(SQLModel.metadata.tables) <= set(inspect(engine).get_table_names()):
        return
    with engine.begin() as db:
        if engine.dialect.name == "sqlite":
            db.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock, before create_all looks
        else:
            db.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})")
        SQLModel.metadata.create_all(db)


_SCHEMA_LOCK = 0x5C0EB00C  # PostgreSQL's advisory lock taken while the tables are created


class StoredAlready(ScorebookProblem):
    """The game is stored already: a game of its id, or of its content."""


class Store:
    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self._rosters: dict[tuple[str, str], tuple[int, frozenset[str]]] = {}  # (team, league) -> id, players
        try:
            self.engine = make_engine(url)
        except Exception as problem:  # the driver's own errors: a wrong URL, no server
            raise ScorebookProblem(f"cannot open the database {url}: {problem}") from None

    # --- writing games --------------------------------------------------------------------

    def import_file(self, path: Path, *, replace: bool = False) -> Stored:
        return self.write(prepare_file(path), replace=replace)

    def write(self, game: Prepared, *, replace: bool = False, same_content: bool = True) -> Stored:
        """Store a prepared game in one transaction; the same game again (its id, or with
        `same_content` its content) is refused, or with `replace` put in the place of the one
        stored."""
        try:
            return self._write(game, replace, same_content)
        except IntegrityError:
            # Another process stored the game, or a team or player it names, between our look
            # and our insert (and has committed: our insert waited for it). Look again: the
            # game is then refused as stored already, the team and players are found.
            self._rosters.clear()
            return self._write(game, replace, same_content)

    def _write(self, game: Prepared, replace: bool, same_content: bool) -> Stored:
        games = schema.Game.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as db:
            same = games.c.id == game.row["id"]
            if same_content:
                same |= games.c.digest == game.row["digest"]
            found = db.execute(select(games.c.id).where(same)).scalars().all()
            if found and not replace:
                raise StoredAlready(
                    f"this game is stored already as {found[0]}; import it with --replace to replace it", path=game.path
                )
            if game.league:
                _require_league_teams(db, game)
            for old in found:
                _delete_game(db, old)
            db.execute(insert(games), [game.row])
            for table, rows in game.rows.items():
                if rows:
                    columns = TABLES.get(table) or APPEARANCE_COLUMNS
                    marks = _placeholders(db, len(columns))
                    db.exec_driver_sql(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
            if game.chart is not None:
                chart = {"name": game.chart.name, "text": game.chart.text}
                db.execute(insert(_GAME_CHARTS).values(game_id=game.row["id"], **chart))
            if game.origin is not None:
                db.execute(insert(_ORIGINS).values(game_id=game.row["id"], **game.origin.columns()))
            known = _register_players(db, game.league, game.players, self._rosters)
            if game.league and not game.row["stage"]:
                _fill_slot(db, game.row, game.path, replace=replace)
        self._rosters.update(known)  # only once the transaction holds
        return Stored(game.row["id"], bool(found))

    def register_roster(self, team: str, players: list[str], league: str = "") -> None:
        """A team's roster (a Retrosheet roster file): its players, known before they play."""
        with self.engine.begin() as db:
            known = _register_players(db, league, {team: players}, self._rosters)
        self._rosters.update(known)

    def new_game(self, header: str, chart: str | None = None) -> str:
        """A game with a header and no statement yet (live scoring); `chart`: the TOML of the
        Dice Baseball chart the header names (a league's), stored with the game. Only its id
        must be new: a doubleheader's second game has the first one's teams, day and lineups."""
        game = prepare(header, replay_text(header, "new game", chart=chart))
        try:
            return self.write(game, same_content=False).game_id
        except StoredAlready:
            raise ScorebookProblem(f"a game {game.row['id']} is stored already: give another --id, or leave --id out") from None

    def delete(self, game_id: str) -> None:
        with self.engine.begin() as db:
            self.require(db, game_id)
            _delete_game(db, game_id)

    # --- reading games ----------------------------------------------------------------------

    @staticmethod
    def require(db: Connection, game_id: str) -> schema.Game:
        row = db.execute(select(schema.Game).where(schema.Game.id == game_id)).first()
        if row is None:
            raise ScorebookProblem(f"no game {game_id} in the database; `scorebook games` lists them")
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
            texts = db.execute(
                select(schema.Event.text).where(schema.Event.game_id == game_id).order_by(schema.Event.seq)
            ).scalars()
            return game_file_text(game.header, game.source, list(texts))

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

    def export_json(self, game_id: str) -> str:
        """The game as JSON: its row, and each statement with the facts the engine derived."""
        with self.engine.connect() as db:
            game = self.require(db, game_id).model_dump(exclude={"source"})
            table = schema.RoundRow if game["rules"] == "bonn-die" else schema.FactRow  # a Bonn Die game's facts are rounds
            facts = {row.seq: dict(row._mapping) for row in db.execute(select(table).where(table.game_id == game_id)).all()}
            events = db.execute(
                select(schema.Event.seq, schema.Event.text).where(schema.Event.game_id == game_id).order_by(schema.Event.seq)
            ).all()
        statements = [{"text": text, **facts.get(seq, {})} for seq, text in events]
        return json.dumps({"game": game, "statements": statements}, indent=2, ensure_ascii=False)

    def count(self, table: str) -> int:
        with self.engine.connect() as db:
            return db.execute(select(func.count()).select_from(SQLModel.metadata.tables[table])).scalar_one()


def _placeholders(db: Connection, count: int) -> str:
    """The driver's own parameter marks: the rows go to its executemany untouched (bulk)."""
    mark = "?" if db.dialect.paramstyle == "qmark" else "%s"
    return ", ".join([mark] * count)


def _delete_game(db: Connection, game_id: str) -> None:
    slots = schema.ScheduledGame.__table__  # type: ignore[attr-defined]
    db.execute(slots.update().where(slots.c.game_id == game_id).values(game_id=None))
    children = [*reversed(list(_TABLE_OF.values())), schema.Appearance.__table__, _GAME_CHARTS, _ORIGINS]  # type: ignore[attr-defined]
    for table in children:
        db.execute(delete(table).where(table.c.game_id == game_id))
    db.execute(delete(schema.Game.__table__).where(schema.Game.__table__.c.id == game_id))  # type: ignore[attr-defined]


def _fill_slot(db: Connection, row: dict[str, object], path: str = "", *, replace: bool = False) -> int | None:
    """A league game takes its place in the schedule: a slot of the same teams, home and away
    the same, holding no game; the one on its date if there is one, else the first still to be
    played. A forfeited slot is the game's only with `replace`, which puts the game in the
    forfeit's place: a slot counts once, its game or its forfeit. A game with no such slot is
    refused, as it would count beside the schedule; with `replace` it takes an open slot of its
    teams the other way round (they swapped parks), else it is an extra game, counted with no
    slot. Returns the slot's number (None: a league with no schedule, or an extra game). `row`
    is the game's row in the games table."""
    slots = schema.ScheduledGame.__table__  # type: ignore[attr-defined]
    if db.execute(select(slots.c.number).where(slots.c.league == row["league"]).limit(1)).first() is None:
        return None
    pair = (slots.c.away.in_([row["away"], row["home"]])) & (slots.c.home.in_([row["away"], row["home"]]))
    meetings = db.execute(select(slots).where(slots.c.league == row["league"], pair).order_by(slots.c.number)).all()
    same_way = [slot for slot in meetings if slot.away == row["away"] and not slot.game_id]
    other_way = [slot for slot in meetings if slot.away != row["away"] and not slot.game_id and not slot.forfeit]
    if not same_way and not replace:
        raise _no_open_slot(row, path, meetings, other_way)
    if not (same_way or other_way):
        return None
    free = same_way or other_way
    on_its_date = [slot for slot in free if slot.date == row["date"]]
    slot = (on_its_date or [slot for slot in free if not slot.forfeit] or free)[0]
    if slot.forfeit and not replace:
        line, col = _header_place(str(row.get("header", "")), "game", "league=")
        raise ScorebookProblem(
            f"game {slot.number} of league {row['league']} ({slot.away} at {slot.home}, {slot.date}) was forfeited to "
            f"{slot.forfeit}; both would count. Import this game with --replace to put it in the forfeit's place",
            path=path, line=line, col=col,
        )  # fmt: skip
    where = (slots.c.league == row["league"]) & (slots.c.number == slot.number)
    db.execute(slots.update().where(where).values(game_id=row["id"], forfeit=""))
    return slot.number


def _no_open_slot(row: dict[str, object], path: str, meetings: list, other_way: list) -> ScorebookProblem:
    """The problem of a league game that finds no open slot of its teams, home and away as it
    has them: the teams' slots, and what to do."""
    game, league = f"{row['away']} at {row['home']}", row["league"]
    if other_way:
        slot = other_way[0]
        why = (
            f"league {league}'s schedule has no open game {game}; game {slot.number} ({slot.date}) is "
            f"{slot.away} at {slot.home}, still to be played. If the teams swapped parks, import this game with "
            f"--replace to play it as game {slot.number}; if the file has away and home the wrong way round, mend it"
        )
    else:
        held = ", ".join(f"{slot.number} ({slot.game_id or 'forfeited'})" for slot in meetings)
        why = (
            f"league {league}'s schedule has no open game between {row['away']} and {row['home']}"
            + (f" (theirs: {held})" if held else "")
            + "; stored, this game would count beside the schedule. Import it with --replace to count it as an "
            f"extra game, or take league={league} off for a game outside the league"
        )
    line, col = _header_place(str(row.get("header", "")), "game", "league=")
    return ScorebookProblem(f"{game}: {why}", path=path, line=line, col=col)


def _require_league_teams(db: Connection, game: Prepared) -> None:
    """A league game is between two of the league's teams, played by the league's rules and
    regulation innings (once the league is stored): a team it does not name would stand in no
    standings, and a game of another length or game would count beside its own."""
    leagues = schema.League.__table__  # type: ignore[attr-defined]
    definition = db.execute(select(leagues.c.definition).where(leagues.c.name == game.league)).scalar()
    if definition is None:
        return
    league = parse_league(definition, f"league {game.league}")
    for key, wanted in (("rules", league.rules), ("innings", league.innings)):
        if game.row[key] != wanted:
            line, col = _header_place(str(game.row["header"]), "game", f"{key}=")
            raise ScorebookProblem(
                f"{key}={game.row[key]}: league {game.league} plays {league.rules}, {league.innings} innings, and counts "
                f"only its own games: write {key}={wanted}, or take league={game.league} off for a game outside it",
                path=game.path, line=line, col=col,
            )  # fmt: skip
    teams = [team.name for team in league.teams]
    for side in ("away", "home"):
        if game.row[side] not in teams:
            line, col = _header_place(str(game.row["header"]), side)
            raise ScorebookProblem(
                f"{game.row[side]} is not a team of league {game.league}, whose teams are {', '.join(teams)}: "
                f"name one of them, or add the team to the league's TOML and `scorebook league create --replace` it",
                path=game.path, line=line, col=col,
            )  # fmt: skip


def _header_place(header: str, keyword: str, starting: str = "") -> tuple[int, int]:
    """Where a game's header has the statement `keyword` (its line; the column of its first
    word beginning with `starting`, or of the statement): a problem's place in the file."""
    for number, line in enumerate(header.splitlines(), start=1):
        tokens = tokenize(line)
        if tokens and tokens[0][0] == keyword:
            return number, next((col for word, col in tokens[1:] if word.startswith(starting)), tokens[0][1])
    return 0, 0


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
    if isinstance(game, BonnDieReplay):
        rows = bonn_die_rows(game_id, game)
        return Prepared(game.game.path, row, rows, header.option("league"), bonn_die_players(game))
    names: list[set[str]] = [set(), set()]
    for team in (0, 1):
        names[team].update(entry.name for entry in header.lineups[team])
        names[team].add(header.pitchers[team])
    for fact in game.facts:
        if fact.player and fact.team >= 0:
            names[fact.team].add(fact.player)
    players = {team: sorted(wanted) for team, wanted in zip(header.teams, names)}
    rows = game_rows(game_id, game.facts, header.teams)
    rows["appearances"] = appearances(game_id, header, game.facts)
    chart = game.rules.chart_file if header.option("chart") and isinstance(game.rules, DiceBaseball) else None
    return Prepared(game.game.path, row, rows, header.option("league"), players, chart, origin)


def prepare_file(path: Path) -> Prepared:
    text = read_text(path)
    return prepare(text, replay_text(text, str(path), path.parent), source=text)


def _prepare_or_problem(path: Path) -> Prepared | ScorebookProblem:
    try:
        return prepare_file(path)
    except ScorebookProblem as problem:
        return problem


def import_files(store: Store, paths: Iterable[Path], *, replace: bool = False, jobs: int = 1):
    """Import files, each in its own transaction; yields (path, Stored or problem). With
    `jobs` > 1 the files are replayed in worker processes and written here, in order."""
    paths = list(paths)
    yield from zip(paths, write_each(store, in_processes(_prepare_or_problem, paths, jobs, chunksize=16), replace=replace))


def write_each(store: Store, prepared: Iterable[Prepared | ScorebookProblem], *, replace: bool = False):
    """Write prepared games, each in its own transaction; yields Stored or the problem (one
    passed in, or the store's)."""
    for game in prepared:
        if isinstance(game, ScorebookProblem):
            yield game
            continue
        try:
            yield store.write(game, replace=replace)
        except ScorebookProblem as problem:
            yield problem


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
