"""scorebook's box scores of Retrosheet games against Chadwick's (`cwbox -X`), line by line:
AB R H RBI for every batter, outs H R ER BB SO for every pitcher; and every pitcher's earned
runs against the files' own `data,er` records, both as the scorer's (UR) marks give them and
as the engine's reconstruction of each inning without the errors gives them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from scorebook.engine.core import Replay, replay
from scorebook.games import rules_for
from scorebook.importers.retrosheet import fewer_collections, import_game, read_file, team_names
from scorebook.notation.model import RunnerMove
from scorebook.notation.syntax import parse_game
from scorebook.parallel import in_processes
from scorebook.reports.box import BoxScore, box_score


@dataclass
class Comparison:
    games: int = 0
    imported: int = 0
    lines: int = 0
    mismatches: list[str] = field(default_factory=list)
    earned_lines: int = 0
    earned_mismatches: list[str] = field(default_factory=list)
    not_imported: Counter = field(default_factory=Counter)

    def summary(self) -> str:
        return (
            f"{self.imported} of {self.games} games imported; {self.lines} batting and pitching lines compared, "
            f"{len(self.mismatches)} differ from cwbox; {self.earned_lines} pitchers' earned runs compared with "
            f"the files' data,er records, {len(self.earned_mismatches)} differ"
        )


def cwbox_xml(folder: Path, files: list[Path], year: str) -> ET.Element:
    """cwbox's box scores of the files, run in their folder (it reads the team and roster files
    there); the files' paths made absolute, since a relative one would be read from the folder.
    A run that gives no box score for files that hold games is refused: cwbox says why."""
    command = shutil.which("cwbox") or str(Path(sys.executable).with_name("cwbox"))
    arguments = [command, "-Q", "-X", "-y", year, *(str(f.resolve()) for f in files)]
    done = subprocess.run(arguments, cwd=folder, capture_output=True, text=True, check=False)
    root = ET.fromstring(f"<boxes>{done.stdout}</boxes>")
    if files and root.find("boxscore") is None:
        raise RuntimeError(f"cwbox gave no box score for {len(files)} files in {folder}: {done.stderr.strip()[:300]}")
    return root


def ours(folder: Path, files: list[Path], jobs: int = 1):
    """Every game of the files imported and boxed: {game id: (box lines, id -> (side, name),
    data,er)}, the problems of the games not imported (counted) and the number of games. The
    box lines are the counts the comparison reads ({BATTING or PITCHING: {(side, name):
    counts}}): the whole box scores of a season, kept, would only keep the garbage collector
    busy. With `jobs` > 1 the files are shared among that many worker processes."""
    teams = team_names(folder)
    boxes, problems, total = {}, Counter(), 0
    for file_boxes, file_problems, games in in_processes(partial(_boxed, teams=teams), files, jobs):
        boxes.update(file_boxes)
        problems.update(file_problems)
        total += games
    return boxes, problems, total


def _boxed(path: Path, teams: dict[str, str], marks: bool = True):
    """One file's part of `ours`; without `marks`, each game as `reconstructed` replays it."""
    boxes, problems = {}, Counter()
    with fewer_collections():
        games = read_file(path)
        for game in games:
            try:
                text, replay = import_game(game, teams, str(path))
                if not marks:
                    replay = _replayed_without_marks(text, game.id)
            except Exception as problem:
                problems[str(problem).split(": ", 2)[-1][:60]] += 1
                continue
            boxes[game.id] = (box_lines(box_score(replay)), game.players(), game.earned)
    return boxes, problems, len(games)


def reconstructed(folder: Path, files: list[Path], jobs: int = 1) -> Comparison:
    """Every pitcher's earned runs with the scorer's marks taken out of the imported games:
    each game file is replayed without `earned=marks` and without its `(UR)` and `(TUR)`
    marks, so the engine reconstructs every inning without the errors (official rule 9.16),
    and its earned runs are compared with the files' `data,er` records."""
    result = Comparison()
    teams = team_names(folder)
    for file_boxes, file_problems, games in in_processes(partial(_boxed, teams=teams, marks=False), files, jobs):
        result.games += games
        result.imported += len(file_boxes)
        result.not_imported.update(file_problems)
        _compare_earned(file_boxes, result)
    return result


_SCORERS_EARNED_MARKS = re.compile(r" earned=marks|\(T?UR\)")


def _replayed_without_marks(text: str, game_id: str) -> Replay:
    """An imported game replayed without the scorer's earned-run marks; its runs still stand
    as the record writes them."""
    rules = rules_for("baseball")
    rules.runs_as_recorded = True
    return replay(parse_game(_SCORERS_EARNED_MARKS.sub("", text), game_id), rules)


def compare(folder: Path, files: list[Path], year: str = "2019", jobs: int = 1) -> Comparison:
    boxes, problems, total = ours(folder, files, jobs)
    result = Comparison(games=total, imported=len(boxes), not_imported=problems)
    compare_boxes(cwbox_xml(folder, files, year), boxes, result)
    return result


def compare_boxes(root: ET.Element, boxes: dict, result: Comparison) -> None:
    _compare_earned(boxes, result)
    _compare_cwbox(root, boxes, result)


def _compare_earned(boxes: dict, result: Comparison) -> None:
    for game_id, (lines, names, earned) in boxes.items():
        for pid, runs in earned.items():
            result.earned_lines += 1
            counts = lines[PITCHING].get(names.get(pid))
            mine = None if counts is None else counts["ER"]
            if mine != runs:
                result.earned_mismatches.append(f"{game_id} {names.get(pid)}: ER ours {mine} data,er {runs}")


BATTING = ("AB", "R", "H", "RBI")
PITCHING = ("outs", "H", "R", "ER", "BB", "SO")
_CWBOX = {"AB": "ab", "R": "r", "H": "h", "RBI": "bi", "outs": "outs", "ER": "er", "BB": "bb", "SO": "so"}


def box_lines(box: BoxScore) -> dict[tuple[str, ...], dict[tuple[int, str], dict[str, int]]]:
    """A box score's counts by line: {BATTING or PITCHING: {(side, name): counts}}."""
    return {BATTING: {(b.team, b.player): b.counts for b in box.batting},
            PITCHING: {(p.team, p.player): p.counts for p in box.pitching}}  # fmt: skip


def cwbox_lines(game: ET.Element):
    """One cwbox box score's lines: (player id, what, counts), `what` being AB R H RBI or outs H R ER BB SO."""
    for player in game.iter("player"):
        line = player.find("batting")
        if line is not None:
            yield player.get("id"), BATTING, tuple(int(line.attrib[_CWBOX[k]]) for k in BATTING)
    for pitcher in game.iter("pitcher"):
        yield pitcher.get("id"), PITCHING, tuple(int(pitcher.attrib[_CWBOX[k]]) for k in PITCHING)


def _per_player(lines) -> dict:
    """cwbox lists a pitcher once per stint on the mound; a box score, once: sum his stints."""
    totals: dict = {}
    for pid, what, counts in lines:
        before = totals.get((pid, what))
        totals[pid, what] = counts if before is None else tuple(a + b for a, b in zip(before, counts))
    return totals


def _compare_cwbox(root: ET.Element, boxes: dict, result: Comparison) -> None:
    for game in root.iter("boxscore"):
        game_id = game.get("game_id")
        if game_id not in boxes:
            continue
        lines, names, _ = boxes[game_id]
        for (pid, what), theirs in _per_player(cwbox_lines(game)).items():
            key = names.get(pid)
            counts = lines[what].get(key)
            mine = tuple(counts[k] for k in what) if counts else None
            result.lines += 1
            if mine != theirs:
                result.mismatches.append(f"{game_id} {key}: {' '.join(what)} ours {mine} cwbox {theirs}")


@dataclass
class FieldingComparison:
    """Each team's errors, each pitcher's wild pitches and each catcher's passed balls, game by
    game, against cwbox's (the totals are cwbox's)."""

    games: int = 0
    errors: int = 0
    wild_pitches: int = 0
    passed_balls: int = 0
    mismatches: list[str] = field(default_factory=list)  # "E GAME: ...", "WP GAME: ...", "PB GAME: ..."


def compare_fielding(folder: Path, files: list[Path], year: str = "2019") -> FieldingComparison:
    """The errors (E), wild pitches (WP) and passed balls (PB) of every game of the files,
    imported, against cwbox's box scores of them."""
    result = FieldingComparison()
    theirs = {box.get("game_id"): _cwbox_fielding(box) for box in cwbox_xml(folder, files, year).iter("boxscore")}
    teams = team_names(folder)
    for path in files:
        for game in read_file(path):
            _, replay = import_game(game, teams, str(path))
            ids = {(side, name): pid for pid, (side, name) in game.players().items()}
            errors, wild_pitches, passed_balls = theirs[game.id]
            result.games += 1
            result.errors += sum(errors)
            result.wild_pitches += sum(wild_pitches.values())
            result.passed_balls += sum(passed_balls.values())
            for what, mine, cwbox in zip(("E", "WP", "PB"), _fielding(replay, ids), theirs[game.id]):
                if mine != cwbox:
                    result.mismatches.append(f"{what} {game.id}: ours {mine} cwbox {cwbox}")
    return result


def _fielding(replay, ids: dict[tuple[int, str], str]) -> tuple[tuple[int, int], Counter, Counter]:
    """A replay's errors by team (away, home), wild pitches by pitcher and passed balls by catcher
    (Retrosheet ids), as its facts have them."""
    box = box_score(replay)
    wild_pitches, passed_balls = Counter(), Counter()
    for fact in replay.facts:
        moves = {event.move for event in fact.events}
        fielding = 1 - fact.batting
        wild_pitches[ids[fielding, fact.pitcher]] += RunnerMove.WILD_PITCH in moves
        passed_balls[ids.get((fielding, fact.fielders[1]), "") if fact.fielders else ""] += RunnerMove.PASSED_BALL in moves
    return (box.linescore[0].E, box.linescore[1].E), +wild_pitches, +passed_balls


def _cwbox_fielding(box: ET.Element) -> tuple[tuple[int, int], Counter, Counter]:
    """One cwbox box score's errors by team, wild pitches by pitcher and passed balls by catcher."""
    line = box.find("linescore")
    errors = (int(line.get("away_errors", 0)), int(line.get("home_errors", 0))) if line is not None else (0, 0)
    wild_pitches = Counter({pitcher.get("id"): int(pitcher.get("wp", 0)) for pitcher in box.iter("pitcher")})
    passed_balls = Counter(ball.get("catcher") for ball in box.iter("passedball"))
    return errors, +wild_pitches, +passed_balls
