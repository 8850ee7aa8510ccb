"""scorebook's box scores of Retrosheet games against Chadwick's (`cwbox -X`), line by line:
AB R H RBI for every batter, outs H R ER BB SO for every pitcher; and every pitcher's earned
runs against the files' own `data,er` records."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from scorebook.importers.retrosheet import import_game, read_file, team_names
from scorebook.reports.box import box_score


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
    command = shutil.which("cwbox") or str(Path(sys.executable).with_name("cwbox"))
    done = subprocess.run([command, "-Q", "-X", "-y", year, *(str(f) for f in files)], cwd=folder, capture_output=True, text=True)
    return ET.fromstring(f"<boxes>{done.stdout}</boxes>")


def ours(folder: Path, files: list[Path]):
    """Every game of the files imported and boxed: {game id: (box, id -> (side, name), data,er)}."""
    teams = team_names(folder)
    boxes, problems, total = {}, Counter(), 0
    for path in files:
        for game in read_file(path):
            total += 1
            try:
                _, replay = import_game(game, teams, str(path))
            except Exception as problem:  # noqa: BLE001  (counted and shown: what the import cannot read yet)
                problems[str(problem).split(": ", 2)[-1][:60]] += 1
                continue
            names = {pid: (team, name) for pid, name, team, _, _ in game.starts}
            for _, fields in game.records:
                if fields[0] == "sub":
                    names[fields[1]] = (int(fields[3]), fields[2])
            boxes[game.id] = (box_score(replay), names, game.earned)
    return boxes, problems, total


def compare(folder: Path, files: list[Path], year: str = "2019") -> Comparison:
    boxes, problems, total = ours(folder, files)
    result = Comparison(games=total, imported=len(boxes), not_imported=problems)
    compare_boxes(cwbox_xml(folder, files, year), boxes, result)
    return result


def compare_boxes(root: ET.Element, boxes: dict, result: Comparison) -> None:
    _compare_earned(boxes, result)
    _compare_cwbox(root, boxes, result)


def _compare_earned(boxes: dict, result: Comparison) -> None:
    for game_id, (box, names, earned) in boxes.items():
        pitching = {(p.team, p.player): p.counts["ER"] for p in box.pitching}
        for pid, runs in earned.items():
            result.earned_lines += 1
            mine = pitching.get(names.get(pid))
            if mine != runs:
                result.earned_mismatches.append(f"{game_id} {names.get(pid)}: ER ours {mine} data,er {runs}")


def _compare_cwbox(root: ET.Element, boxes: dict, result: Comparison) -> None:
    for game in root.iter("boxscore"):
        game_id = game.get("game_id")
        if game_id not in boxes:
            continue
        box, names, _ = boxes[game_id]
        batting = {(b.team, b.player): b.counts for b in box.batting}
        pitching = {(p.team, p.player): p.counts for p in box.pitching}
        for player in game.iter("player"):
            line = player.find("batting")
            if line is None:
                continue
            key = names.get(player.get("id"))
            theirs = tuple(int(line.get(k)) for k in ("ab", "r", "h", "bi"))
            counts = batting.get(key)
            mine = (counts["AB"], counts["R"], counts["H"], counts["RBI"]) if counts else None
            result.lines += 1
            if mine != theirs:
                result.mismatches.append(f"{game_id} {key}: AB R H RBI ours {mine} cwbox {theirs}")
        for pitcher in game.iter("pitcher"):
            key = names.get(pitcher.get("id"))
            theirs = tuple(int(pitcher.get(k)) for k in ("outs", "h", "r", "er", "bb", "so"))
            counts = pitching.get(key)
            mine = tuple(counts[k] for k in ("outs", "H", "R", "ER", "BB", "SO")) if counts else None
            result.lines += 1
            if mine != theirs:
                result.mismatches.append(f"{game_id} {key}: outs H R ER BB SO ours {mine} cwbox {theirs}")
