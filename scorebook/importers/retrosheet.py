"""Retrosheet event files imported as scorebook games (`rules=baseball`): each game is written
statement by statement through the rule engine, which fills in the RBI marks and checks every
play, as the simulator's games are."""

from __future__ import annotations

from pathlib import Path

from scorebook.engine.core import Replay, apply, new_game
from scorebook.engine.state import HALF_WORDS, GameState
from scorebook.files import read_text
from scorebook.games import rules_for
from scorebook.notation.format import quote
from scorebook.notation.model import TEAM_WORDS
from scorebook.notation.retrosheet import RetroGame, header_lines, read_events, translate
from scorebook.notation.syntax import parse_game, parse_statement
from scorebook.problems import ScorebookProblem


def team_names(folder: Path) -> dict[str, str]:
    """Full team names from the season's team file (`TEAM2019`: ANA,A,Anaheim,Angels)."""
    names = {}
    for path in sorted(folder.glob("TEAM*")):
        for line in read_text(path).splitlines():
            parts = line.split(",")
            if len(parts) >= 4:
                names[parts[0]] = f"{parts[2]} {parts[3]}"
    return names


class _Writer:
    def __init__(self, game: RetroGame, teams: dict[str, str], path: str) -> None:
        self.game, self.path = game, path
        self.rules = rules_for("baseball")
        self.rules.earned_by_marks = True  # the official scorer's (UR) marks say which runs are unearned
        self.lines = header_lines(game, teams)
        self.state: GameState = new_game(parse_game("\n".join(self.lines)), self.rules)
        self.names = {pid: name for pid, name, *_ in game.starts}
        self.facts: list = []
        self.count: tuple[str, str, str] | None = None  # at the last no play (NP): count, batter, pitcher

    def emit(self, text: str, source: int, sf: bool | None = None) -> None:
        """One statement through the engine, then onto the game file. `sf`: the scorer's call of
        a sacrifice fly, written as `sf=` where the rule's default differs."""
        before = self.state
        fact = self._apply(text, source)
        if fact is None:
            return
        if sf is not None and fact.pa and fact.sf != sf:
            text += f" sf={'yes' if sf else 'no'}"
            self.state = before
            fact = self._apply(text, source)
        line = fact.result + text[len(fact.play.code) :] if fact.pa else text  # type: ignore[union-attr]
        self.lines.append(line)
        self.facts.append(fact._replace(text=line))

    def _apply(self, text: str, source: int):
        statement = parse_statement(text, len(self.lines) + 1)
        if statement is None:
            return None
        try:
            self.state, fact = apply(self.state, statement, self.rules, len(self.facts) + 1, fill_marks=True)
        except ScorebookProblem as problem:
            raise ScorebookProblem(f"{self.game.id}: `{text}`: {problem.message}", path=self.path, line=source, state=self.state.describe()) from None
        return fact

    def half(self, inning: int, side: int, source: int) -> None:
        state = self.state
        if state.in_half and (state.inning, state.half) == (inning, side):
            return
        self.lines.append("")
        self.emit(f"{HALF_WORDS[side]} {inning}", source)

    def sub(self, fields: list[str], source: int) -> None:
        pid, name, side, slot, pos = fields[1], fields[2], int(fields[3]), int(fields[4]), int(fields[5])
        self.names[pid] = name
        team = self.state.teams[side]
        word = TEAM_WORDS[side]
        position = pos if 1 <= pos <= 9 else None  # 10-12: designated hitter, pinch hitter, pinch runner
        if slot > 0 and (team.players[slot - 1] != name or position not in (None, team.positions[slot - 1])):
            self.emit(f"sub {word} {slot} {quote(name)}{f':{position}' if position else ''}", source)
        if pos == 1 and team.pitcher != name:
            self.emit(f"pitcher {word} {quote(name)}", source)

    def charged(self, play: str, side: int) -> str:
        """` charged=batter` or ` charged=pitcher` when rule 9.15 charges a plate appearance to
        the batter or pitcher who began it; else nothing."""
        if self.count is None or not self.count[0].isdigit():
            return ""
        (balls, strikes), batter, pitcher = map(int, self.count[0]), *self.count[1:]
        result = play.split(" ", 1)[0]
        if result == "SO" and strikes == 2 and batter != self.state.teams[side].batter:
            return " charged=batter"
        if result in ("BB", "IBB") and balls > strikes and pitcher != self.state.teams[1 - side].pitcher:
            return " charged=pitcher"
        return ""

    def play(self, fields: list[str], source: int) -> None:
        inning, side, pid, event = int(fields[1]), int(fields[2]), fields[3], fields[6]
        self.half(inning, side, source)  # even on no play (NP): the substitutions that follow are in this half
        if event == "NP":
            # The count when a substitute may take over the plate appearance (rule 9.15).
            self.count = self.count or (fields[4], self.state.teams[side].batter, self.state.teams[1 - side].pitcher)
            return
        batter = self.state.teams[side].batter
        if self.names.get(pid, pid) != batter:
            raise ScorebookProblem(
                f"{self.game.id}: {self.names.get(pid, pid)} bats, but the batting order has {batter} up",
                path=self.path,
                line=source,
            )
        occupied = tuple(runner is not None for runner in self.state.bases)
        try:
            translation = translate(event, occupied)  # type: ignore[arg-type]
        except ValueError as problem:
            raise ScorebookProblem(f"{self.game.id}: `{event}`: {problem}", path=self.path, line=source) from None
        play_text = translation.play + self.charged(translation.play, side)
        self.count = None
        if play_text:
            self.emit(play_text, source, sf=translation.sf)
        if translation.runners and self.state.in_half:
            self.emit(translation.runners, source)


def import_game(game: RetroGame, teams: dict[str, str], path: str) -> tuple[str, Replay]:
    """A Retrosheet game as a scorebook game file's text, and its replay."""
    writer = _Writer(game, teams, path)
    for source, fields in game.records:
        if fields[0] == "sub":
            writer.sub(fields, source)
        elif fields[0] == "play":
            writer.play(fields, source)
    text = "\n".join(writer.lines) + "\n"
    # The writer carried every statement through the engine already: its facts are the replay's
    # (only the columns inside plays point into the pre-rewrite text; nothing downstream reads them).
    return text, Replay(parse_game(text, game.id), writer.rules, writer.facts, writer.state)


def read_file(path: Path) -> list[RetroGame]:
    return read_events(read_text(path), str(path))
