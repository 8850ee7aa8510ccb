"""The tables (SQLModel): games and their statements, the engine's facts, and the leagues,
teams and players they name. Facts are written from the engine (`store/rows.py`), never
computed in SQL. Column names are the ones `rows.py` writes; a test holds them together.

A team's or player's name is kept once, in `names`: the statements' tables hold its id, and a
view of each (`named_facts`, `named_runs` ...) gives their rows with the names, under the same
column names, for the statistics, reports and web to read. `SCHEMA_VERSION` says which
layout a store has (`store_info`); a store of another is refused when opened (`store/db.py`)."""

from __future__ import annotations

from sqlalchemy import DDL, BigInteger, Column, Connection, Index, Integer, MetaData, String, Table, event, text
from sqlmodel import Field, SQLModel

from scorebook.games import DEFAULT, GAMES
from scorebook.store.rows import NAMED_COLUMNS, TABLES

SCHEMA_VERSION = 2  # 1: the names written into every row (before #18); 2: the names table and views


class League(SQLModel, table=True):
    __tablename__ = "leagues"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    rules: str = DEFAULT
    innings: int = GAMES[DEFAULT].default_innings
    definition: str = ""  # the league's TOML, as written (`league/definition.py`)


class LeagueChart(SQLModel, table=True):
    """A Dice Baseball league's own dice chart (its TOML's `chart =`), kept here because the
    league is played from the store, where the file beside its TOML may not be."""

    __tablename__ = "league_charts"
    league: str = Field(primary_key=True)
    name: str  # the file's name: the games write `chart=NAME`
    text: str  # the chart's TOML


class ScheduledGame(SQLModel, table=True):
    """A league's schedule: a slot is filled by the stored game played for it, or a forfeit."""

    __tablename__ = "schedule"
    league: str = Field(primary_key=True)
    number: int = Field(primary_key=True)
    round: int
    date: str
    away: str
    home: str
    game_id: str | None = Field(default=None, index=True)
    forfeit: str = ""  # the team awarded the game, when it was forfeited


class Team(SQLModel, table=True):
    __tablename__ = "teams"
    __table_args__ = (Index("teams_by_league", "league", "name", unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    name: str
    league: str = ""  # "" for a team in no league


class Player(SQLModel, table=True):
    __tablename__ = "players"
    __table_args__ = (Index("players_by_team", "team_id", "name", unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="teams.id")
    name: str


class Game(SQLModel, table=True):
    __tablename__ = "games"
    __table_args__ = (Index("games_by_league", "league", "date"),)
    id: str = Field(primary_key=True)
    league: str = ""
    stage: str = ""  # "" in the regular season, "playoffs" for a playoff game
    rules: str
    innings: int
    date: str = ""
    away: str
    home: str
    status: str  # "final" or "in progress"
    away_score: int = 0
    home_score: int = 0
    winner: str = ""
    header: str  # the game file's header, as written
    source: str | None = None  # the imported file as written, while no statement is recorded on top
    digest: str = Field(index=True)  # the game's statements, hashed: the same game imported twice
    statements: int = 0


class ScorerKey(SQLModel, table=True):
    """A scorer's key (`scorebook key new`): who holds it may score a league's games, or one
    game, on the website. Only its SHA-256 is kept: the key itself is printed once."""

    __tablename__ = "scorer_keys"
    id: int | None = Field(default=None, primary_key=True)
    league: str = ""  # the league whose games it scores, or
    game: str = ""  # the one game it scores
    digest: str  # sha256 of the key, hex
    created: str  # UTC, ISO 8601
    revoked: str = ""  # when `scorebook key revoke` took it back


class GameChart(SQLModel, table=True):
    """The dice chart a stored Dice Baseball game names (`chart=`), as its TOML: the store
    replays the game with it, wherever the file was."""

    __tablename__ = "game_charts"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    name: str  # as the game names it: `chart=NAME`
    text: str


class RetrosheetGame(SQLModel, table=True):
    """What a game imported from Retrosheet keeps of its files beyond its game file, for the
    export to write back (`notation/retrosheet_origin.py`): each part as lines of text."""

    __tablename__ = "retrosheet_games"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    records: str  # the event file's `id` and `info` records of the game
    players: str  # `id,side,name`: each player's Retrosheet id and the name the game file gives him
    teams: str  # the team file's rows of the two teams
    rosters: str  # the roster files' rows of the game's players


class Event(SQLModel, table=True):
    """The game file's statements in order, with their source text."""

    __tablename__ = "events"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    line: int
    text: str


class FactRow(SQLModel, table=True):
    """One row per statement: everything the engine derived (`engine/facts.py`)."""

    __tablename__ = "facts"
    # No index by batter or pitcher: statistics read every fact of the games they count, and a
    # full scan grouped in memory is twice as fast as walking such an index. The home runs have
    # one, small: a box score counts its batters' season home runs (`Store.season_home_runs`).
    __table_args__ = (
        Index("facts_home_runs", "batting_team", "batter", "game_id", sqlite_where=text("hit = 4"), postgresql_where=text("hit = 4")),
    )
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    line: int
    kind: str
    inning: int
    half: int
    batting_team: int = Field(sa_type=BigInteger)
    fielding_team: int = Field(sa_type=BigInteger)
    outs_before: int
    outs_after: int
    first_before: int | None = Field(default=None, sa_type=BigInteger)
    second_before: int | None = Field(default=None, sa_type=BigInteger)
    third_before: int | None = Field(default=None, sa_type=BigInteger)
    first_after: int | None = Field(default=None, sa_type=BigInteger)
    second_after: int | None = Field(default=None, sa_type=BigInteger)
    third_after: int | None = Field(default=None, sa_type=BigInteger)
    away_score: int
    home_score: int
    pitcher: int = Field(sa_type=BigInteger)
    batter: int | None = Field(default=None, sa_type=BigInteger)
    slot: int | None = None
    result: str | None = None
    pa: bool = False
    ab: bool = False
    hit: int = 0
    bb: bool = False
    ibb: bool = False
    so: bool = False
    sf: bool = False
    sh: bool = False
    gdp: bool = False
    reached_on_error: bool = False
    rbi: int = 0
    error: int = 0
    runs: int = 0
    outs: int = 0
    lob: int = 0
    ends_half: bool = False
    ends_game: bool = False
    pitches: str | None = None
    location: int | None = None
    team: int | None = Field(default=None, sa_type=BigInteger)  # substitutions and pitching changes
    player: int | None = Field(default=None, sa_type=BigInteger)
    replaced: int | None = Field(default=None, sa_type=BigInteger)
    position: int | None = None
    hbp: bool = False
    errors: str = ""  # the positions charged with an error, "6" or "6,8"


class RunRow(SQLModel, table=True):
    __tablename__ = "runs"
    __table_args__ = (Index("runs_by_runner", "team", "runner"), Index("runs_by_pitcher", "pitching_team", "pitcher"))
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    n: int = Field(primary_key=True)
    runner: int = Field(sa_type=BigInteger)
    team: int = Field(sa_type=BigInteger)
    pitcher: int = Field(sa_type=BigInteger)  # the pitcher responsible for the runner
    pitching_team: int = Field(sa_type=BigInteger)
    earned: bool
    rbi: bool


class OutRow(SQLModel, table=True):
    __tablename__ = "outs"
    __table_args__ = (Index("outs_by_fielding_team", "fielding_team"),)
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    n: int = Field(primary_key=True)
    player: int = Field(sa_type=BigInteger)
    team: int = Field(sa_type=BigInteger)
    base: str  # "plate", "1st", "2nd", "3rd", "home"
    fielders: str  # who handled the ball for this out: "6-4"
    fielding_team: int = Field(sa_type=BigInteger)
    batter: bool
    box: str  # what the scoresheet box says: "6-4-3"


class StealRow(SQLModel, table=True):
    __tablename__ = "steals"
    __table_args__ = (Index("steals_by_runner", "team", "runner"),)
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    n: int = Field(primary_key=True)
    runner: int = Field(sa_type=BigInteger)
    team: int = Field(sa_type=BigInteger)
    base: str
    caught: bool
    fielders: str


class ChanceRow(SQLModel, table=True):
    """A fielder's putouts, assists and errors on one play (`engine/facts.py` Chance), the double
    and triple plays he took part in, and a catcher's passed balls and the bases stolen and
    runners caught stealing while he caught (`store/rows.py` fielding_credits)."""

    __tablename__ = "chances"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    n: int = Field(primary_key=True)
    player: int | None = Field(default=None, sa_type=BigInteger)  # who played the position; None where the lineup does not say
    team: int = Field(sa_type=BigInteger)  # the fielding team
    position: int
    putouts: int
    assists: int
    errors: int
    dp: int = 0
    tp: int = 0
    pb: int = 0
    sb: int = 0
    cs: int = 0


class RoundRow(SQLModel, table=True):
    """One row per Bonn Die round (`engine/bonn_die.py` RoundFact); the player totals add these up."""

    __tablename__ = "rounds"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    line: int
    inning: int
    half: int
    offense_team: int = Field(sa_type=BigInteger)
    defense_team: int = Field(sa_type=BigInteger)
    offense_player: int = Field(sa_type=BigInteger)
    defense_player: int = Field(sa_type=BigInteger)
    free_roll: bool
    offense_call: str  # "triad:initial:center", "" for no call
    defense_call: str
    offense_combo: str  # "triad"
    defense_combo: str
    offense_value: int
    defense_value: int
    points: int  # banked by the offense
    strikes: int
    roll: bool
    out: bool
    winner: int = Field(sa_type=BigInteger)  # the team that won the round, the name "" for none
    free_rolls_won: int
    free_rolls_to_defense: int
    guard_take: str
    halts_spent: int
    tag: str
    negated: bool
    away_score: int
    home_score: int


class Appearance(SQLModel, table=True):
    """Who played in a game: in the batting order, on the mound (a player's G is a count)."""

    __tablename__ = "appearances"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    team: str = Field(primary_key=True)
    player: str = Field(primary_key=True)
    batted: bool
    pitched: bool


class DecisionRow(SQLModel, table=True):
    """A pitcher's decisions in a final game (`engine/decisions.py`), each 0 or 1."""

    __tablename__ = "decisions"
    game_id: str = Field(foreign_key="games.id", primary_key=True)
    team: str = Field(primary_key=True)
    player: str = Field(primary_key=True)
    w: int
    l: int  # noqa: E741  (the loss, as the box score writes it)
    sv: int
    hld: int
    bs: int
    gs: int
    gf: int
    cg: int
    sho: int
    qs: int


class Name(SQLModel, table=True):
    """A team's or a player's name, once for the whole store. The id is the name's hash
    (`store/rows.py` name_id), which worker processes compute with no database at hand."""

    __tablename__ = "names"
    # INTEGER in SQLite, the rowid itself (64 bits there), looked up without an index of its own
    id: int = Field(primary_key=True, sa_type=BigInteger().with_variant(Integer(), "sqlite"), sa_column_kwargs={"autoincrement": False})
    text: str


class StoreInfo(SQLModel, table=True):
    """What the store says of itself: `schema`, the layout it was written in (SCHEMA_VERSION)."""

    __tablename__ = "store_info"
    key: str = Field(primary_key=True)
    value: str


def named(table: str) -> str:
    """The view of a statements' table with the names in place of their ids."""
    return f"named_{table}"


def _view(table: str, create: str) -> str:
    """The view's SQL: each name a subquery of its own, which a query not reading the column
    never runs (SQLite keeps a join it does not need where the query groups its rows)."""
    columns = [
        f"(SELECT n.text FROM names n WHERE n.id = t.{column}) AS {column}" if column in NAMED_COLUMNS[table] else f"t.{column}"
        for column in TABLES[table]
    ]
    return f"{create} {named(table)} AS SELECT {', '.join(columns)} FROM {table} t"


def _view_table(table: str, views: MetaData) -> Table:
    """A view as SQLAlchemy sees a table: each column of the table's type, a name's text."""
    names = NAMED_COLUMNS[table]
    columns = SQLModel.metadata.tables[table].columns
    return Table(named(table), views, *(Column(c.name, String if c.name in names else c.type) for c in columns))


_VIEWS = MetaData()  # not the tables': create_all makes the views from their SQL
VIEWS = {table: _view_table(table, _VIEWS) for table in NAMED_COLUMNS}


def stored_version(db: Connection) -> int | None:
    """The layout of an existing store: None where it has no `store_info` (schema 1)."""
    found = db.execute(text("SELECT value FROM store_info WHERE key = 'schema'")).scalar()
    return int(found) if found is not None and found.isascii() and found.isdigit() else None


# The views are made with the tables (`SQLModel.metadata.create_all`) and dropped before them;
# the new store's version is written when its `store_info` is made.
for _table in NAMED_COLUMNS:
    for _dialect, _create in (("sqlite", "CREATE VIEW IF NOT EXISTS"), ("postgresql", "CREATE OR REPLACE VIEW")):
        event.listen(SQLModel.metadata, "after_create", DDL(_view(_table, _create)).execute_if(dialect=_dialect))
    event.listen(SQLModel.metadata, "before_drop", DDL(f"DROP VIEW IF EXISTS {named(_table)}"))
event.listen(
    StoreInfo.__table__,  # type: ignore[attr-defined]
    "after_create",
    DDL(f"INSERT INTO store_info (key, value) VALUES ('schema', '{SCHEMA_VERSION}')"),
)
