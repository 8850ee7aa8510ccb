"""Live scoring at the table: one statement at a time, checked against the game's current
state and stored at once, or refused with the rule it breaks and nothing stored.

This path is taken on every at-bat, so it must feel instant: it talks to the database through
the driver itself (the standard library's sqlite3, or psycopg for PostgreSQL) and imports no
SQLAlchemy, SQLModel, polars or reportlab. Each statement is one transaction that first takes
the game's write lock (SQLite `BEGIN IMMEDIATE`, PostgreSQL `SELECT ... FOR UPDATE`), then reads
the statements stored so far: two scorekeepers recording into one game at once are serialized
and neither loses nor duplicates a statement.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorebook.engine.core import Replay, apply, credit_earned_after
from scorebook.engine.facts import Fact
from scorebook.engine.state import HALF_WORDS, GameState, next_half
from scorebook.files import replay_text
from scorebook.games import Game, game_of, game_of_text
from scorebook.notation.format import format_statement
from scorebook.notation.model import HalfStart, Header, PlateAppearance, RunnerEvents, Statement
from scorebook.notation.syntax import TOKEN_RE, parse_statement
from scorebook.problems import CannotOpenStore, NoSuchGame, NothingToRecord, NothingToUndo, ScorebookProblem, StaleState
from scorebook.store.failures import require_store_file
from scorebook.store.rows import (
    APPEARANCE_COLUMNS,
    COLUMNS,
    NAMES,
    STATEMENTS,
    TABLES,
    appearances,
    digest,
    game_file_text,
    insert_statement,
    line_after,
    rows,
    summary,
)

if TYPE_CHECKING:
    from scorebook.engine.bonn_die import BonnDieReplay


CHANNEL = "scorebook_games"  # PostgreSQL's NOTIFY channel: a game's id each time a statement is stored or undone


@dataclass(frozen=True, slots=True)
class Recorded:
    facts: list[Fact]  # the statement's fact, after the half-inning it opened, if any
    state: GameState
    teams: tuple[str, str]
    game: Game  # its game, whose entry says its state line
    statements: tuple[str, ...] = ()  # the game's statements after it, as stored
    undone: str = ""  # the statement an undo took back


def state_line(done: Recorded) -> str:
    """What the scorekeeper reads after each statement: the state, the score and, as its game
    says it, who is up."""
    state, teams = done.state, done.teams
    score = f"{teams[0]} {state.score[0]}, {teams[1]} {state.score[1]}"
    if state.over:
        return f"game over: {score}"
    return done.game.state_line(state, teams, score)


def baseball_state_line(state: GameState, teams: tuple[str, str], score: str) -> str:
    """A baseball game's state line, with the batter up (or the next half-inning's)."""
    if state.in_half:
        batting = state.teams[state.half]
        return f"{state.describe()}; {score}; up: {batting.batter} ({batting.up + 1})"
    inning, half = next_half(state.inning, state.half)
    up = state.teams[half]
    return f"{state.describe()}; {score}; next: {HALF_WORDS[half]} {inning}, {up.batter} ({up.up + 1}) up"


def opens_a_half(statement: Statement, state: GameState) -> bool:
    """Whether a statement recorded opens the next half-inning before it: a play or runner
    event after a third out, as a scorer turns the page; and any statement before the first
    play. A game file's lines before its first `top 1` are its header, the lineups as they were
    handed in: a pitching change or substitution made before the first pitch is made in the top
    of the first, before its first batter (docs/rules-decisions.md), where the game replays."""
    if isinstance(statement, HalfStart) or state.in_half or state.over:
        return False
    return state.inning == 0 or isinstance(statement, (PlateAppearance, RunnerEvents))


def canonical_text(statement: Statement, typed: str) -> str:
    """A statement as the rulebook writes it (`k` is stored `SO`, `h2* 1-h` `H2* 1-H`), so
    that the game file reads as a scoresheet; the scorer's `# comment` is kept after it. The
    written form parses to the same statement (tests/test_live.py holds it for every sample)."""
    comment = next((m.group() for m in TOKEN_RE.finditer(typed) if m.group().startswith("#")), "") if "#" in typed else ""
    return format_statement(statement) + (f"  {comment.rstrip()}" if comment else "")


class Live:
    """A connection for live scoring; `url` is the store's URL (sqlite:/// or postgresql)."""

    def __init__(self, url: str) -> None:
        self.postgres = url.startswith("postgresql")
        if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
            self.failure: type[Exception] = sqlite3.Error
            require_store_file(url)  # sqlite3 would make an empty file
            self.db = sqlite3.connect(url[len("sqlite:///") :], timeout=30, isolation_level=None)
            self.db.execute("PRAGMA busy_timeout=30000")
            self.db.execute("PRAGMA foreign_keys=ON")
        elif self.postgres:
            import psycopg

            self.failure = psycopg.Error
            self.db = psycopg.connect(conninfo(url), autocommit=True)
        else:
            raise CannotOpenStore(f"live scoring needs a database file or PostgreSQL, not {url}")

    def close(self) -> None:
        self.db.close()

    def _rollback(self) -> None:
        """End a failed transaction. A ROLLBACK that fails in turn (SQLite has rolled back
        already on a full disk or an I/O failure, or the connection is gone) must not hide the
        failure that led here, which the caller raises next."""
        with contextlib.suppress(self.failure):
            self._run("ROLLBACK")

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s") if self.postgres else text

    def _run(self, text: str, params: tuple = ()) -> list[tuple]:
        cursor = self.db.execute(self._sql(text), params)
        return cursor.fetchall() if cursor.description else []

    def _begin(self, game_id: str) -> tuple[str, str | None, str | None]:
        """Start the transaction holding the game's lock; returns its header, its source and
        the dice chart stored with it."""
        self._run("BEGIN" if self.postgres else "BEGIN IMMEDIATE")
        lock = " FOR UPDATE" if self.postgres else ""
        found = self._run(f"SELECT header, source FROM games WHERE id = ?{lock}", (game_id,))
        if not found:
            self._rollback()
            raise NoSuchGame(f"no game {game_id} in the database; `scorebook games` lists them")
        chart = self._run("SELECT text FROM game_charts WHERE game_id = ?", (game_id,))
        return (*found[0], chart[0][0] if chart else None)

    def _texts(self, game_id: str) -> list[str]:
        return [t for (t,) in self._run(STATEMENTS, (game_id,))]

    def _current(self, game_id: str, against: int | None) -> list[str]:
        """The game's statements, under its lock; a scorer who saw another number of them is
        told the game has moved on."""
        texts = self._texts(game_id)
        if against is not None and against != len(texts):
            raise StaleState(
                f"the game has moved on: {len(texts)} statements are stored, not the {against} this was written against",
                fix="read the new state, then write the statement again if it still holds",
            )
        return texts

    # --- the two things a scorekeeper does ------------------------------------------------

    def record(self, game_id: str, text: str, against: int | None = None) -> Recorded:
        """Check `text` (a play, runner event, substitution, pitching change or half-inning)
        against the game and store it. After a third out a play opens the next half-inning by
        itself. An IllegalPlay or InvalidPlay stores nothing and names the game, not a line.
        `against`: the number of statements the scorer saw (the web's form); another count is
        a StaleState, and nothing is stored."""
        try:
            return self._record(game_id, text, against)
        except ScorebookProblem as problem:
            problem.path, problem.line, problem.col = game_id, 0, 0
            raise

    def _record(self, game_id: str, text: str, against: int | None) -> Recorded:
        header, source, chart = self._begin(game_id)
        if not game_of_text(header).incremental:
            return self._record_by_replay(game_id, header, source, text, against)
        try:
            texts = self._current(game_id, against)
            game = self._replay_rebuilt(game_id, header, source, texts, chart)
            state, seq, last = game.state, len(texts), len(game_file_text(header, None, texts).splitlines())
            statement = parse_statement(text, line_after(last, text))
            if statement is None:
                raise NothingToRecord("nothing to record: write a play such as `H2* 1-H`")
            typed, text = text, canonical_text(statement, text)
            opened = []
            if opens_a_half(statement, state):
                inning, half = next_half(state.inning, state.half)
                words = f"{HALF_WORDS[half]} {inning}"
                opened.append(HalfStart(line_after(last, words), words, inning, half))
                last = opened[0].line
            if opened or text != typed:  # the text stored, at its line: its replay is this
                statement = parse_statement(text, line_after(last, text))
            facts = []
            for st in [*opened, statement]:
                seq += 1
                state, fact = apply(state, st, game.rules, seq)  # type: ignore[arg-type]
                facts.append(fact)
            teams = game.game.header.teams
            self._write(game_id, facts, teams)
            self._earned_after(game_id, facts)
            self._appearances(game_id, game.game.header, [*game.facts, *facts])
            if state.over:
                self._decisions(game_id, game.game.header, game.facts, facts)
            self._summarize(game_id, state, teams, seq, game_file_text(header, None, [*texts, *(f.text for f in facts)]))
            self._run("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return Recorded(facts, state, teams, game_of(game), (*texts, *(f.text for f in facts)))

    def _record_by_replay(self, game_id: str, header: str, source: str | None, text: str, against: int | None) -> Recorded:
        """A statement of a game live scoring replays (Bonn Die's few dozen rounds): the game is
        replayed with it and the new statement's rows are written; a round after an Out opens
        the next half-inning itself, as a play does."""
        try:
            texts = self._current(game_id, against)
            before = self._replay_rebuilt(game_id, header, source, texts, None)
            state = before.state
            keyword = text.split()[:1]
            before_any = state.inning == 0 and keyword not in (["top"], ["bottom"])  # the header's lines, as in opens_a_half
            if (keyword == ["round"] or before_any) and not state.half_open and not state.over:
                inning, half = next_half(state.inning, state.half)
                texts = [*texts, f"{HALF_WORDS[half]} {inning}"]
            texts = [*texts, text]
            after = game_file_text(header, None, texts)
            game = replay_text(after, game_id)
            new = len(before.facts)
            for table, table_rows in game_of(game).store_rows(game_id, game).items():
                self._insert(table, [row for row in table_rows if table == NAMES or row[1] > new])  # row[1]: seq
            self._summarize(game_id, game.state, game.game.header.teams, len(game.facts), after)
            self._run("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return Recorded(game.facts[new:], game.state, game.game.header.teams, game_of(game), tuple(texts))  # type: ignore[arg-type]

    def undo(self, game_id: str, against: int | None = None) -> Recorded:
        """Remove the game's last statement (and its facts); `against` as in `record` (the
        CLI asks before it reopens a final game, against the statements it showed)."""
        header, source, chart = self._begin(game_id)
        try:
            texts = self._current(game_id, against)
            if not texts:
                raise NothingToUndo(f"nothing to undo: game {game_id} has no statement")
            for table in reversed(TABLES):
                self._run(f"DELETE FROM {table} WHERE game_id = ? AND seq = ?", (game_id, len(texts)))
            game = self._replay_rebuilt(game_id, header, source, texts[:-1], chart)
            kind = game_of(game)
            if kind.decisions:
                self._run("DELETE FROM decisions WHERE game_id = ?", (game_id,))  # the game is no longer over
            if "appearances" in kind.tables:  # a game recorded by its facts: who played, the earned runs
                self._appearances(game_id, game.game.header, game.facts)
                self._earned(game_id, [(f.seq, n, run.earned) for f in game.facts for n, run in enumerate(f.runs)])
            self._summarize(game_id, game.state, game.game.header.teams, len(texts) - 1, game_file_text(header, None, texts[:-1]))
            self._run("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return Recorded([], game.state, game.game.header.teams, game_of(game), tuple(texts[:-1]), texts[-1])

    def _replay_rebuilt(
        self, game_id: str, header: str, source: str | None, texts: list[str], chart: str | None
    ) -> Replay | BonnDieReplay:
        """The game replayed from the file its statements rebuild, the one export writes once a
        statement is recorded on top. An imported game's first edit gives its stored rows that
        file's lines: its own (comments, spacing) are gone from the store."""
        game = replay_text(game_file_text(header, None, texts), game_id, chart=chart)
        if source is not None:
            lines = [(fact.line, game_id, fact.seq) for fact in game.facts]
            for table in ("events", "facts", "rounds"):
                self.db.cursor().executemany(self._sql(f"UPDATE {table} SET line = ? WHERE game_id = ? AND seq = ?"), lines)
        return game

    def state(self, game_id: str) -> Recorded:
        """The game now, with its statements (the number a next statement is written against)."""
        header, source, chart = self._begin(game_id)
        try:
            texts = self._texts(game_id)
            game = replay_text(game_file_text(header, source, texts), game_id, chart=chart)
        finally:
            self._rollback()
        return Recorded([], game.state, game.game.header.teams, game_of(game), tuple(texts))

    def _write(self, game_id: str, facts: list[Fact], teams: tuple[str, str]) -> None:
        for fact in facts:
            for table, table_rows in rows(game_id, fact, teams).items():
                self._insert(table, table_rows)

    def _earned_after(self, game_id: str, facts: list[Fact]) -> None:
        """Earlier runs a new statement finds earned (rule 9.16: the runner scores in the
        reconstructed inning after all) are marked so in the store."""
        self._earned(game_id, [(seq, n, True) for fact in facts for seq, n in fact.earned_after])

    def _earned(self, game_id: str, runs: list[tuple[int, int, bool]]) -> None:
        """Runs' earned marks (seq, n, earned) written anew: an undone statement may take back
        the earned runs it found."""
        if runs:
            sql = self._sql("UPDATE runs SET earned = ? WHERE game_id = ? AND seq = ? AND n = ?")
            self.db.cursor().executemany(sql, [(earned, game_id, seq, n) for seq, n, earned in runs])

    def _insert(self, table: str, table_rows: list[tuple]) -> None:
        if table_rows:
            self.db.cursor().executemany(self._sql(insert_statement(table, COLUMNS[table], "?")), table_rows)

    def _appearances(self, game_id: str, header: Header, facts: list[Fact]) -> None:
        """Who has played so far, written anew (a substitution may have been taken back)."""
        self._run("DELETE FROM appearances WHERE game_id = ?", (game_id,))
        marks = ", ".join("?" * len(APPEARANCE_COLUMNS))
        sql = self._sql(f"INSERT INTO appearances ({', '.join(APPEARANCE_COLUMNS)}) VALUES ({marks})")
        self.db.cursor().executemany(sql, appearances(game_id, header, facts))

    def _decisions(self, game_id: str, header: Header, before: list[Fact], new: list[Fact]) -> None:
        """The pitchers' decisions, made when the game is over: from its facts, the earlier
        runs the last statements found earned marked so, as a replay marks them. (Imported here:
        only a game's last statement needs it.)"""
        from scorebook.store.decisions import DECISION_COLUMNS, decision_rows

        facts = list(before)
        for fact in new:
            facts.append(fact)
            if fact.earned_after:
                credit_earned_after(facts, fact)
        marks = ", ".join("?" * len(DECISION_COLUMNS))
        sql = self._sql(f"INSERT INTO decisions ({', '.join(DECISION_COLUMNS)}) VALUES ({marks})")
        self.db.cursor().executemany(sql, decision_rows(game_id, header, facts, True))

    def _summarize(self, game_id: str, state: GameState, teams: tuple[str, str], statements: int, text: str) -> None:
        """The game's row after an edit: its score and status, and the digest of the file its
        statements now make (an export of it imported again is the same game). The imported
        text no longer tells the whole game: export rebuilds it from the statements."""
        values = {**summary(state, teams, statements), "digest": digest(text)}
        sets = ", ".join(f"{k} = ?" for k in values)
        self._run(f"UPDATE games SET {sets}, source = NULL WHERE id = ?", (*values.values(), game_id))
        if self.postgres:  # delivered at commit, to every server's live view (web/live.py)
            self._run(f"SELECT pg_notify('{CHANNEL}', ?)", (game_id,))


def conninfo(url: str) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://user:pw@host/db) as a libpq connection URL."""
    _, _, rest = url.partition("://")
    return f"postgresql://{rest}"

