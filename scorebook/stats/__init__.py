"""Statistics as polars frames, from the store's facts: batting, pitching and fielding by
player, team or league, as the rulebook's "How to Compile Statistics" defines them (AB, R, H,
RBI, IP, ER, ERA) and as baseball people expect the rest.

The database adds the facts up (one GROUP BY per table, the same on SQLite and PostgreSQL);
polars joins them and derives every rate. Nothing here applies a rule of the game: the engine
did, when it wrote the facts.

    >>> from scorebook.stats import batting
    >>> batting("sqlite:///scorebook.db", by="player", min_pa=10).sort("OPS", descending=True)
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

import polars as pl
from sqlalchemy import text

from scorebook import formulas
from scorebook.numbers import calendar_day
from scorebook.problems import InvalidStatsOption, NoSuchGame, NoSuchLeague, NoSuchTeam, NotFound
from scorebook.store.db import Store
from scorebook.store.rows import ID

BATTING = ("G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SB", "CS", "SF", "SH", "TB", "AVG", "OBP", "SLG", "OPS")
DECISIONS = ("W", "L", "SV", "HLD", "BS", "GS", "GF", "CG", "SHO", "QS")  # engine/decisions.py's, stored by game
PITCHING = ("G", "outs", "IP", "BF", "H", "R", "ER", "BB", "SO", "HR", "ERA", "WHIP", "K/9", "BB/9", *DECISIONS)
FIELDING = ("pos", "PO", "A", "E", "DP", "TP", "PB", "SB", "CS")  # then FPCT
# A line per player (of a team), team or league; or per player and game (the game logs).
KEYS = {"player": ("player", "team"), "team": ("team",), "league": ("league",), "game": ("game", "player", "team")}
# What a league, team or game filter may name: the stored games' (and the defined leagues' and
# registered teams') names, as `scorebook games` lists them.
NAMES = {
    "league": "SELECT league FROM games UNION SELECT name FROM leagues",
    "team": "SELECT away FROM games UNION SELECT home FROM games UNION SELECT name FROM teams",
    "game": "SELECT id FROM games",
}
UNKNOWN: dict[str, type[NotFound]] = {"league": NoSuchLeague, "team": NoSuchTeam, "game": NoSuchGame}
LISTED = 12  # more names than this are not listed in a refusal: the closest ones are


@dataclass(frozen=True)
class Filters:
    """Which games count: a league, a team, one game, a date range (YYYY-MM-DD, inclusive), a
    stage (`""` the regular season, `"playoffs"` the playoffs)."""

    league: str | None = None
    team: str | None = None
    game: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    stage: str | None = None
    params: dict[str, object] = field(default_factory=dict, compare=False)

    def source(self, table: str, alias: str, by: str = "player", *, games: bool = False) -> str:
        """The table to read, joined to its games only when a filter, the grouping or the
        query (`games`) needs them."""
        if games or by == "league" or any(v is not None for v in (self.league, self.date_from, self.date_to, self.stage)):
            return f"{table} {alias} JOIN games g ON g.id = {alias}.game_id"
        return f"{table} {alias}"

    def where(self, team_column: str, *, ids: bool = True) -> str:
        """The SQL conditions on the games (`g`, joined by `source`) and the team column given,
        which holds the team's name's id (the statements' tables) or with `ids=False` its name."""
        alias = team_column.split(".")[0]
        if self.team is not None:
            self.params["team_id"] = ID[self.team]
        conditions = []
        for name, sql in (
            ("league", "g.league = :league"),
            ("game", f"{alias}.game_id = :game"),
            ("date_from", "g.date >= :date_from"),
            ("date_to", "g.date <= :date_to"),
            ("stage", "g.stage = :stage"),
            ("team", f"{team_column} = :team_id" if ids else f"{team_column} = :team"),
        ):
            value = getattr(self, name)
            if value is not None:
                conditions.append(sql)
                self.params[name] = value
        return " AND ".join(conditions) or "1 = 1"

    def checked(self, store: Store) -> Filters:
        """Refuse a date that is not YYYY-MM-DD and a league, team or game the store does not
        know (a filter that matches nothing would print an empty table without a word)."""
        for option, value in (("--from", self.date_from), ("--to", self.date_to)):
            if value is not None and calendar_day(value) is None:
                raise InvalidStatsOption(f"{option} {value}: not a day of the calendar; write it YYYY-MM-DD, e.g. 2026-04-01")
        for name, sql in NAMES.items():
            value = getattr(self, name)
            if value is not None:
                with store.engine.connect() as db:
                    known = sorted(n for n in db.execute(text(sql)).scalars() if n)
                if value not in known:
                    raise UNKNOWN[name](_unknown(name, value, known))
        return self


def _unknown(name: str, value: str, known: list[str]) -> str:
    """--team X refused: the names the store has (a few), or the closest of many."""
    if not known:
        return f"--{name} {value}: the store has no {name}s (`scorebook import` stores games)"
    if len(known) <= LISTED:
        return f"--{name} {value}: no such {name}; the store has {', '.join(known)}"
    close = difflib.get_close_matches(value, known, n=3)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return f"--{name} {value}: no such {name} among the {len(known)} stored (`scorebook games` lists them){hint}"


# Ranked lowest first: the rates where less is better, errors, and the positions' numbers.
LOW_FIRST = frozenset({"ERA", "WHIP", "BB/9", "E", "pos"})


def highest_first(frame: pl.DataFrame, column: str) -> bool:
    """Whether `column` ranks its highest values first: numbers do, but for the rates where less
    is better (ERA, WHIP, BB/9), errors and positions; names go A to Z."""
    return frame.schema[column].is_numeric() and column not in LOW_FIRST


def best_first(frame: pl.DataFrame, column: str) -> pl.DataFrame:
    """The lines ranked by `column` (--sort) as `highest_first` says; IP ("6.1", written as
    scorers write it) by its outs. Ties keep their order; no value last."""
    by = "outs" if column == "IP" else column
    return frame.sort(by, descending=highest_first(frame, by), nulls_last=True, maintain_order=True)


def _true(column: str) -> str:
    """Count the rows where a yes/no column is yes (portable: SQLite ints, PostgreSQL booleans)."""
    return f"SUM(CASE WHEN {column} THEN 1 ELSE 0 END)"


def _frame(store: Store, sql: str, params: dict[str, object], schema: dict[str, pl.DataType], by: str = "") -> pl.DataFrame:
    """The query's rows as a frame; `by`: the grouping of a query of the statements' tables,
    whose key columns (player, team) hold names' ids, given their names here: the database
    groups the integers, faster than the names would be, and looks up each line's once."""
    with store.engine.connect() as db:
        rows = db.execute(text(sql), params).all()
        start, end = _ID_KEYS.get(by, (0, 0))
        if end and rows:
            names = dict(db.execute(text("SELECT id, text FROM names")).all())
            rows = [(*r[:start], *(names.get(i) for i in r[start:end]), *r[end:]) for r in rows]
    return pl.DataFrame([tuple(r) for r in rows], schema=schema, orient="row")


# The key columns holding name ids, by grouping, as a slice (a league's key is its name, a game's its id).
_ID_KEYS = {"player": (0, 2), "team": (0, 1), "game": (1, 3)}


def _store(db: Store | str) -> Store:
    return db if isinstance(db, Store) else Store(db, must_exist=True)  # reading makes no store


STR = pl.String
INT = pl.Int64


def _grouping(by: str) -> list[str]:
    """The key columns of the lines grouped `by` player, team or league."""
    if by not in KEYS:
        raise InvalidStatsOption(f"--by is one of {', '.join(KEYS)}, not {by}")
    return list(KEYS[by])


def _keys(by: str, player: str, team: str) -> tuple[str, str]:
    """The SELECT and GROUP BY expressions of the grouping keys."""
    game = f"{player.split('.')[0]}.game_id"  # the player's table's
    columns = {"player": (player, team), "team": (team,), "league": ("g.league",), "game": (game, player, team)}[by]
    return ", ".join(f"{c} AS {k}" for c, k in zip(columns, KEYS[by])), ", ".join(columns)


def _join(frames: list[pl.DataFrame], keys: list[str]) -> pl.DataFrame:
    joined = frames[0]
    for frame in frames[1:]:
        joined = joined.join(frame, on=keys, how="full", coalesce=True)
    return joined.fill_null(0)


def _games(store: Store, f: Filters, by: str, role: str) -> pl.DataFrame:
    """G: the games each player (team, league) played in, batting or pitching (`role`)."""
    keys = list(KEYS[by])
    counted = "COUNT(DISTINCT a.game_id)" if by != "player" else "COUNT(*)"
    select, group = _keys(by, "a.player", "a.team")
    return _frame(
        store,
        f"""SELECT {select}, {counted} FROM {f.source("appearances", "a", by)}
            WHERE a.{role} AND {f.where('a.team', ids=False)} GROUP BY {group}""",
        f.params,
        dict.fromkeys(keys, STR) | {"G": INT},
    )


def batting(
    db: Store | str,
    *,
    by: str = "player",
    league: str | None = None,
    team: str | None = None,
    game: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    stage: str | None = None,
    min_pa: int = 0,
) -> pl.DataFrame:
    """Batting lines: `player team G PA AB R H 2B 3B HR RBI BB IBB SO SB CS SF SH TB AVG OBP SLG OPS`.
    G counts the games a player was in the batting order (a team's: the games it played)."""
    store = _store(db)
    f = Filters(league, team, game, date_from, date_to, stage).checked(store)
    keys = _grouping(by)
    key_schema = dict.fromkeys(keys, STR)
    select, group = _keys(by, "f.batter", "f.batting_team")
    plate = _frame(
        store,
        f"""SELECT {select}, COUNT(*), {_true('f.ab')}, {_true('f.hit > 0')}, {_true('f.hit = 2')},
                   {_true('f.hit = 3')}, {_true('f.hit = 4')}, SUM(f.rbi), {_true('f.bb')}, {_true('f.ibb')},
                   {_true('f.hbp')}, {_true('f.so')}, {_true('f.sf')}, {_true('f.sh')}, SUM(f.hit)
            FROM {f.source("facts", "f", by)}
            WHERE f.pa AND {f.where('f.batting_team')} GROUP BY {group}""",
        f.params,
        key_schema | dict.fromkeys(("PA", "AB", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SF", "SH", "TB"), INT),
        by=by,
    )
    select, group = _keys(by, "r.runner", "r.team")
    runs = _frame(
        store,
        f"""SELECT {select}, COUNT(*) FROM {f.source("runs", "r", by)}
            WHERE {f.where('r.team')} GROUP BY {group}""",
        f.params,
        key_schema | {"R": INT},
        by=by,
    )
    select, group = _keys(by, "s.runner", "s.team")
    steals = _frame(
        store,
        f"""SELECT {select}, {_true('NOT s.caught')}, {_true('s.caught')} FROM {f.source("steals", "s", by)}
            WHERE {f.where('s.team')} GROUP BY {group}""",
        f.params,
        key_schema | {"SB": INT, "CS": INT},
        by=by,
    )
    games = _games(store, f, by, "batted")
    lines = _join([games, plate, runs, steals], keys)
    h, bb, hbp, ab, sf, tb = (pl.col(c) for c in ("H", "BB", "HBP", "AB", "SF", "TB"))
    lines = lines.with_columns(
        AVG=formulas.batting_average(h, ab),
        OBP=formulas.on_base(h, bb, hbp, ab, sf),
        SLG=formulas.slugging(tb, ab),
        OPS=formulas.on_base_plus_slugging(h, bb, hbp, ab, sf, tb),
    )
    return lines.filter(pl.col("PA") >= min_pa).select(*keys, *BATTING).sort(keys)


def pitching(
    db: Store | str,
    *,
    by: str = "player",
    league: str | None = None,
    team: str | None = None,
    game: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    stage: str | None = None,
    min_ip: str | float = 0,
) -> pl.DataFrame:
    """Pitching lines: `player team G outs IP BF H R ER BB SO HR ERA WHIP K/9 BB/9`, then the
    decisions `W L SV HLD BS GS GF CG SHO QS` (of the final games). IP is written as scorers
    write it (6.1 is six innings and one out), and so is `min_ip`; ERA is per the games'
    regulation length (9 in the rulebook; a 7-inning league's 7)."""
    try:
        min_outs = formulas.outs_of_innings(min_ip)
    except ValueError as problem:
        raise InvalidStatsOption(f"--min-ip {problem}") from None
    store = _store(db)
    f = Filters(league, team, game, date_from, date_to, stage).checked(store)
    keys = _grouping(by)
    key_schema = dict.fromkeys(keys, STR)
    select, group = _keys(by, "f.pitcher", "f.fielding_team")
    mound = _frame(
        store,
        f"""SELECT {select}, SUM(f.outs), {_true('f.pa')}, {_true('f.hit > 0')},
                   {_true('f.bb')}, {_true('f.so')}, {_true('f.hit = 4')}
            FROM {f.source("facts", "f", by)}
            WHERE f.kind IN ('pa', 'runners') AND {f.where('f.fielding_team')} GROUP BY {group}""",
        f.params,
        key_schema | dict.fromkeys(("outs", "BF", "H", "BB", "SO", "HR"), INT),
        by=by,
    )
    select, group = _keys(by, "r.pitcher", "r.pitching_team")
    runs = _frame(
        store,
        f"""SELECT {select}, COUNT(*), {_true('r.earned')}, SUM(CASE WHEN r.earned THEN g.innings ELSE 0 END)
            FROM {f.source("runs", "r", by, games=True)}
            WHERE {f.where('r.pitching_team')} GROUP BY {group}""",
        f.params,
        key_schema | {"R": INT, "ER": INT, "er_innings": INT},
        by=by,
    )
    select, group = _keys(by, "d.player", "d.team")
    decisions = _frame(
        store,
        f"""SELECT {select}, {', '.join(f'SUM(d.{count.lower()})' for count in DECISIONS)}
            FROM {f.source("decisions", "d", by)} WHERE {f.where('d.team', ids=False)} GROUP BY {group}""",
        f.params,
        key_schema | dict.fromkeys(DECISIONS, INT),
    )
    lines = _games(store, f, by, "pitched").join(mound, on=keys, how="inner")
    lines = lines.join(runs, on=keys, how="left").join(decisions, on=keys, how="left").fill_null(0)
    outs = pl.col("outs")
    lines = lines.with_columns(
        IP=formulas.innings_pitched(outs),
        ERA=formulas.earned_run_average(pl.col("er_innings"), outs),
        WHIP=formulas.whip(pl.col("BB"), pl.col("H"), outs),
        **{"K/9": formulas.per_nine(pl.col("SO"), outs), "BB/9": formulas.per_nine(pl.col("BB"), outs)},
    )
    return lines.filter(pl.col("outs") >= min_outs).select(*keys, *PITCHING).sort(keys)


def fielding(
    db: Store | str,
    *,
    by: str = "player",
    league: str | None = None,
    team: str | None = None,
    game: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    stage: str | None = None,
) -> pl.DataFrame:
    """Fielding: by player, a line for each position he played, `player team pos PO A E DP TP
    PB SB CS FPCT`; by team (by league), one total line each, `team PO A E DP TP PB SB CS FPCT`.
    The engine credits each play's putouts, assists and errors to the player at the position
    when it was made (official rules 9.09, 9.10, 9.12). DP and TP: a player's, the double and
    triple plays he had a putout or an assist in (9.11); a team's, the double and triple plays
    it turned, each once however many fielders had a part. PB, SB and CS: a catcher's passed
    balls, and the bases stolen and the runners caught stealing while he caught. FPCT is
    (PO + A) / (PO + A + E). Where a lineup gives no positions only the pitcher is known: the
    other positions' lines have no player."""
    store = _store(db)
    f = Filters(league, team, game, date_from, date_to, stage).checked(store)
    keys = _grouping(by)
    select, group = _keys(by, "c.player", "c.team")
    by_position = by == "player"
    # A team's double plays: the plays (statements) it turned one on, not its fielders' credits.
    plays = "SUM(c.dp), SUM(c.tp)" if by_position else (
        "COUNT(DISTINCT CASE WHEN c.dp > 0 THEN c.game_id || ':' || c.seq END), "
        "COUNT(DISTINCT CASE WHEN c.tp > 0 THEN c.game_id || ':' || c.seq END)"
    )  # fmt: skip
    columns = FIELDING if by_position else tuple(c for c in FIELDING if c != "pos")
    lines = _frame(
        store,
        f"""SELECT {select}{", c.position" if by_position else ""}, SUM(c.putouts), SUM(c.assists), SUM(c.errors),
                   {plays}, SUM(c.pb), SUM(c.sb), SUM(c.cs)
            FROM {f.source("chances", "c", by)} WHERE {f.where('c.team')} GROUP BY {group}{", c.position" if by_position else ""}""",
        f.params,
        dict.fromkeys(keys, STR) | dict.fromkeys(columns, INT),
        by=by,
    )
    lines = lines.with_columns(FPCT=formulas.fielding_percentage(pl.col("PO"), pl.col("A"), pl.col("E")))
    return lines.sort([*keys, "pos"] if by_position else keys, nulls_last=True)


BONN_DIE = ("G", "rounds", "hit", "points", "won", "strikes", "outs", "calls", "PPR", "WIN%")
# Each round seen from both sides: the offense banks points, the defense awards strikes and Outs.
_BONN_DIE_SIDES = """(
    SELECT game_id, offense_player AS player, offense_team AS team, 1 AS hitting, points,
           CASE WHEN winner = offense_team THEN 1 ELSE 0 END AS won, 0 AS strikes, 0 AS outs,
           CASE WHEN offense_call <> '' THEN 1 ELSE 0 END AS calls
    FROM rounds
    UNION ALL
    SELECT game_id, defense_player, defense_team, 0, 0, CASE WHEN winner = defense_team THEN 1 ELSE 0 END,
           strikes, CASE WHEN "out" THEN 1 ELSE 0 END, CASE WHEN defense_call <> '' THEN 1 ELSE 0 END
    FROM rounds
)"""


def bonn_die(
    db: Store | str,
    *,
    by: str = "player",
    league: str | None = None,
    team: str | None = None,
    game: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    stage: str | None = None,
) -> pl.DataFrame:
    """Bonn Die lines: `player team G rounds hit points won strikes outs calls PPR WIN%`: rounds
    thrown (`hit` of them on offense), points banked, rounds won, strikes and Outs awarded on
    defense, calls made; PPR is points per offense round, WIN% rounds won per round."""
    store = _store(db)
    f = Filters(league, team, game, date_from, date_to, stage).checked(store)
    keys = _grouping(by)
    select, group = _keys(by, "s.player", "s.team")
    lines = _frame(
        store,
        f"""SELECT {select}, COUNT(DISTINCT s.game_id), COUNT(*), SUM(s.hitting), SUM(s.points), SUM(s.won),
                   SUM(s.strikes), SUM(s.outs), SUM(s.calls)
            FROM {f.source(_BONN_DIE_SIDES, "s", by)} WHERE {f.where('s.team')} GROUP BY {group}""",
        f.params,
        dict.fromkeys(keys, STR) | dict.fromkeys(BONN_DIE[:-2], INT),
        by=by,
    )
    lines = lines.with_columns(
        PPR=formulas.points_per_round(pl.col("points"), pl.col("hit")),
        **{"WIN%": formulas.win_percentage(pl.col("won"), pl.col("rounds"))},
    )
    return lines.select(*keys, *BONN_DIE).sort(keys)
