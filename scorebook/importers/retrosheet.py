"""Retrosheet event files imported as scorebook games (`rules=baseball`): each game is written
statement by statement through the rule engine, which fills in the RBI marks and checks every
play, as the simulator's games are."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from scorebook.engine.core import Replay, apply, new_game
from scorebook.engine.facts import Fact
from scorebook.engine.rules import ties_stood
from scorebook.engine.state import HALF_WORDS, GameState
from scorebook.files import read_text
from scorebook.games import rules_for
from scorebook.notation.format import format_name, quote
from scorebook.notation.model import TEAM_WORDS, Statement
from scorebook.notation.retrosheet import RetroGame, Translation, header_lines, read_events, translate
from scorebook.notation.retrosheet_origin import Origin
from scorebook.notation.syntax import parse_game, parse_statement
from scorebook.problems import InvalidRetrosheet, ScorebookProblem

_COUNT = re.compile(r"[0-3][0-2]")  # balls and strikes, as a play record gives them (`??` unknown)


def team_names(folder: Path) -> dict[str, str]:
    """Full team names from the season's team file (`TEAM2019`: ANA,A,Anaheim,Angels)."""
    names = {}
    for path in sorted(folder.glob("TEAM*")):
        for line in read_text(path).splitlines():
            parts = line.split(",")
            if len(parts) >= 4:
                names[parts[0]] = f"{parts[2]} {parts[3]}"
    return names


def origin(game: RetroGame, folder: Path) -> Origin:
    """What the export writes back of a game beyond its game file (notation/retrosheet_origin.py):
    its id and info records, its players' ids, and its teams' rows of the folder's team file and
    roster files, the ones cwbox reads beside the event file."""
    year = game.info.get("date", "")[:4]
    codes = game.codes()
    teams = _folder_rows(folder / f"TEAM{year}")
    rosters = [_folder_rows(folder / f"{code}{year}.ROS") for code in codes]
    players = game.players()
    return Origin(
        records=(f"id,{game.id}", *(f"info,{key},{_field(value)}" for key, value in game.info.items())),
        players=tuple((pid, side, name) for pid, (side, name) in players.items()),
        teams=tuple(teams[code] for code in codes if code in teams),
        rosters=tuple(rosters[side][pid] for pid, (side, _) in players.items() if pid in rosters[side]),
    )


def _field(value: str) -> str:
    return f'"{value}"' if "," in value else value


@lru_cache(maxsize=256)  # a file's games share its teams' files
def _folder_rows(path: Path) -> dict[str, str]:
    """A team or roster file's rows as written, by their first field (the team's code, the
    player's id); none where there is no such file."""
    if not path.exists():
        return {}
    return {line.split(",")[0]: line for line in read_text(path).splitlines() if line.strip()}


class _Writer:
    def __init__(self, game: RetroGame, teams: dict[str, str], path: str) -> None:
        self.game, self.path = game, path
        self.rules = rules_for("baseball")
        self.rules.earned_by_marks = True  # the official scorer's (UR) marks say which runs are unearned
        self.rules.called_ties = ties_stood(game.info["date"].replace("/", "-"))
        self.lines = header_lines(game, teams)
        self.header = parse_game("\n".join(self.lines), game.id)
        self.state: GameState = new_game(self.header, self.rules)
        self.statements: list[Statement] = []  # the game file's, as parse_game would read its text
        self.names = {pid: name for pid, (_, name) in game.players().items()}  # by Retrosheet id
        self.facts: list = []
        # The count at the last no play (NP) of the plate appearance under way: a substitution or
        # pitching change after it came at that count (`count=2-1`, rules 9.15(b) and 9.16(h)).
        self.count: str | None = None
        self.at = (game.line, 1, "")  # the record being read: its line, its column, the text a problem quotes
        self.state_before_runners = self.state  # the state before a play's runner events on the pitch
        self.placed: tuple[str, str, int] | None = None  # a radj record's runner and base, placed at the next play
        self.up: tuple[int, str, int] | None = None  # a ladj record's team and slot, its next batter at the next play
        self.responsible: list[tuple[str, str, int]] = []  # presadj records' pitchers and bases, for the next play

    def emit(self, text: str, source: int, sf: bool | None = None, note: str = "") -> None:
        """One statement through the engine, then onto the game file. `sf`: the scorer's call of
        a sacrifice fly, written as `sf=` where the rule's default differs; `note`: a comment
        that goes with the statement (the scorer's uncertainty)."""
        before = self.state
        applied = self._apply(text, source)
        if applied is None:
            return
        statement, fact = applied
        if sf is not None and fact.pa and fact.sf != sf:
            text += f" sf={'yes' if sf else 'no'}"
            self.state = before
            applied = self._apply(text, source)
            assert applied is not None, "the statement with its sf= is one still"
            statement, fact = applied
        line = fact.result + text[len(fact.play.code) :] if fact.play is not None else text
        if note:
            line += f"  # {note}"
        if line != text:  # the RBI marks or the note written in
            written = parse_statement(line, statement.line)
            assert written is not None, "a play line"
            statement = written
            fact = fact._replace(text=line)
        self.lines.append(line)
        self.statements.append(statement)
        self.facts.append(fact)

    def _apply(self, text: str, source: int) -> tuple[Statement, Fact] | None:
        try:
            statement = parse_statement(text, len(self.lines) + 1)
            if statement is None:
                return None
            self.state, fact = apply(self.state, statement, self.rules, len(self.facts) + 1, fill_marks=True)
        except ScorebookProblem as problem:
            line, col, token = self.at
            message = f"{self.game.id}: read as `{text}`: {problem.message}"
            raise InvalidRetrosheet(message, path=self.path, line=line, col=col, token=token, state=self.state.describe()) from None
        return statement, fact

    def half(self, inning: int, side: int, source: int) -> None:
        state = self.state
        if state.in_half and (state.inning, state.half) == (inning, side):
            return
        self.lines.append("")
        self.emit(f"{HALF_WORDS[side]} {inning}", source)

    def sub(self, fields: list[str], source: int) -> None:
        self.at = (source, self.game.column(source, 1), fields[1])
        name, side, slot, pos = self.names[fields[1]], int(fields[3]), int(fields[4]), int(fields[5])
        team = self.state.teams[side]
        word = TEAM_WORDS[side]
        # The count of the no play before a change during a plate appearance (`??`: not known; `00`:
        # before his first pitch, as between plate appearances: none).
        known = self.count is not None and self.count != "00" and _COUNT.fullmatch(self.count)
        count = f" count={self.count[0]}-{self.count[1]}" if known and self.count else ""
        pinch_hitter = side == self.state.half and slot - 1 == team.up and team.batter != name
        position = pos if 1 <= pos <= 9 else None  # 10-12: designated hitter, pinch hitter, pinch runner
        if slot > 0 and (team.players[slot - 1] != name or position not in (None, team.positions[slot - 1])):
            self.emit(f"sub {word} {slot} {format_name(name, position)}{count if pinch_hitter else ''}", source)
        if pos == 1 and team.pitcher != name:
            self.emit(f"pitcher {word} {quote(name)}{count if side != self.state.half else ''}", source)

    def _play_before_its_third_out(self, translation: Translation, source: int) -> None:
        """`K+CS2(26)`, `W+CS3(25)`, `K+WP.2XH(1526);B-1` with two out: the runner's out on the
        pitch ends the half, yet the batter's strikeout or walk is his completed plate
        appearance (the next half begins with the next batter, as cwbox has it): the play goes
        first, the runner events after it."""
        self.lines.pop()
        self.statements.pop()
        self.facts.pop()
        self.state = self.state_before_runners
        self.emit(translation.play, source, note=translation.note)
        self.count = None
        self.emit(translation.runners, source)

    def play(self, fields: list[str], source: int) -> None:
        inning, side, pid, event = int(fields[1]), int(fields[2]), fields[3], fields[6]
        self.at = (source, self.game.column(source, 1), f"{fields[1]},{fields[2]}")  # the inning and the team at bat
        self.half(inning, side, source)
        if self.up is not None:  # the next batter of a team that batted out of turn, at the next play (as cwbox has it)
            team, slot, line = self.up
            self.up = None
            self.at = (line, 1, f"ladj,{team},{slot}")
            self.emit(f"up {TEAM_WORDS[team]} {slot}", line)
        if self.placed is not None:  # placed as the half's play begins, after the changes before it (as cwbox does)
            runner, base, line = self.placed
            self.placed = None
            self.at = (line, 1, f"radj,{runner},{base}")
            self.emit(f"placed {base} {quote(self.names.get(runner, runner))}", line)
        for pitcher, base, line in self.responsible:  # after the runner placed, as cwbox has it: he may be the one
            self.at = (line, 1, f"presadj,{pitcher},{base}")
            self.emit(f"responsible {base} {quote(self.names.get(pitcher, pitcher))}", line)
        self.responsible = []
        self.at = (source, self.game.column(source, 6), event)  # even on no play (NP): the substitutions that follow are in this half
        if event == "NP":
            self.count = fields[4]
            return
        batter = self.state.teams[side].batter
        if self.names.get(pid, pid) != batter:
            raise InvalidRetrosheet(
                f"{self.game.id}: {self.names.get(pid, pid)} bats, but the batting order has {batter} up (official rule 6.03(b))",
                path=self.path,
                line=source,
                col=self.game.column(source, 3),
                token=pid,
            )
        occupied = (self.state.bases[0] is not None, self.state.bases[1] is not None, self.state.bases[2] is not None)
        try:
            translation = translate(event, occupied)
        except ScorebookProblem as problem:
            col = self.at[1] + problem.col - 1
            raise InvalidRetrosheet(f"{self.game.id}: {problem.message}", path=self.path, line=source, col=col, token=problem.token) from None
        note = translation.note
        if translation.runners_first:
            self.state_before_runners = self.state
            self.emit(translation.runners, source, note="" if translation.play else note)
            if translation.play and not self.state.in_half:
                self._play_before_its_third_out(translation, source)
                return
        if translation.play and self.state.in_half:
            self.emit(translation.play, source, sf=translation.sf, note=note)
            self.count = None  # the plate appearance is over; a steal is not
        if translation.runners and not translation.runners_first and self.state.in_half:
            self.emit(translation.runners, source, note="" if translation.play else note)


def import_game(game: RetroGame, teams: dict[str, str], path: str) -> tuple[str, Replay]:
    """A Retrosheet game as a scorebook game file's text, and its replay. A game that stops
    before its end (rain) was called: the event files hold the official games, each whole."""
    if game.problem is not None:
        raise game.problem
    try:
        writer = _Writer(game, teams, path)
    except ScorebookProblem as problem:  # the header written from the game's info and start records
        message = f"game {game.id}, its info and start records: {problem.message}"
        raise InvalidRetrosheet(message, path=path, line=game.line, col=game.column(game.line, 1), token=problem.token) from None
    records, done = game.records, set()
    for index, (source, fields) in enumerate(records):
        if index in done:
            continue
        if fields[0] == "sub":
            for later in _pitcher_moving_to_the_field(records, index, writer.state, writer.names):
                writer.sub(records[later][1], records[later][0])
                done.add(later)
            writer.sub(fields, source)
        elif fields[0] == "play":
            writer.play(fields, source)
        elif fields[0] == "radj":
            writer.placed = (fields[1], fields[2], source)
        elif fields[0] == "ladj":
            writer.up = (int(fields[1]), fields[2], source)
        elif fields[0] == "presadj":
            writer.responsible.append((fields[1], fields[2], source))
    if not writer.state.over:
        try:
            writer.emit("called", writer.at[0])
        except ScorebookProblem as problem:
            problem.message = f"{game.id}: its records stop at {writer.state.describe()}, so the umpire called it there; but {problem.message.split(': ', 2)[-1]}"
            problem.state = ""
            raise
    text = "\n".join(writer.lines) + "\n"
    # The writer carried every statement through the engine already: its statements are the
    # text's and its facts the replay's (only the columns inside the facts' plays point into the
    # pre-rewrite text; nothing downstream reads them).
    game_file = replace(writer.header, statements=tuple(writer.statements))
    return text, Replay(game_file, writer.rules, writer.facts, writer.state)


def _pitcher_moving_to_the_field(records: list, index: int, state: GameState, names: dict[str, str]) -> list[int]:
    """A relief pitcher's record may come before the one moving the pitcher he relieves to a
    fielding position; the move comes first, so that the engine sees him stay in the game."""
    fields = records[index][1]
    if fields[5] != "1":
        return []
    pitcher = state.teams[int(fields[3])].pitcher
    moves = []
    for later in range(index + 1, len(records)):
        kind, *rest = records[later][1]
        if kind == "play" and rest[5] != "NP":
            break
        if kind == "sub" and names[rest[0]] == pitcher and rest[2] == fields[3] and rest[3] != "0":
            moves.append(later)
    return moves


def read_roster(path: Path) -> tuple[str, list[str]]:
    """A roster file (`ANA2019.ROS`: `allec002,Allen,Cody,R,R,ANA,P`): the team's code and its
    players' names as the event files write them, first name first."""
    team, names = path.name[:3], []
    for line in read_text(path).splitlines():
        parts = line.split(",")
        if len(parts) >= 6:
            team = parts[5]
            names.append(f"{parts[2]} {parts[1]}".strip())
    return team, names


@contextmanager
def fewer_collections(threshold: int = 10_000) -> Iterator[None]:
    """The cyclic garbage collector run less often while files are imported. An import builds
    millions of small tuples (states, facts) that form no cycles and mostly die young: with
    Python's default (a collection every 700 new objects) the collector took 7% of the 2019
    season's import, walking them again and again; with 10,000, 2%. The thresholds are restored."""
    before = gc.get_threshold()
    gc.set_threshold(threshold, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def read_file(path: Path) -> list[RetroGame]:
    return read_events(read_text(path), str(path))
