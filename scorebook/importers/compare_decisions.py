"""The engine's pitcher decisions of Retrosheet games against the event files' own records:
each game's winning and losing pitcher and save (`info,wp`, `info,lp`, `info,save`, by
Retrosheet id) against `engine.decisions.decide` of its imported replay."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from scorebook.engine.decisions import decisions_of
from scorebook.importers.retrosheet import fewer_collections, import_game, read_file, team_names
from scorebook.notation.retrosheet import RetroGame
from scorebook.parallel import in_processes

# Each Retrosheet record and the decision it names.
RECORDS = (("wp", "W"), ("lp", "L"), ("save", "SV"))


@dataclass
class DecisionComparison:
    games: int = 0
    imported: int = 0
    compared: int = 0  # records compared (a game without a save compares its empty save too)
    differences: list[str] = field(default_factory=list)  # "W GAME: ours NAME, the file's NAME"
    not_imported: Counter = field(default_factory=Counter)

    def by_kind(self) -> Counter:
        return Counter(line.split(" ", 1)[0] for line in self.differences)

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.by_kind().items())) or "none"
        return (
            f"{self.imported} of {self.games} games imported; {self.compared} decisions compared with the files' "
            f"info,wp, info,lp and info,save records: {len(self.differences)} differ ({kinds})"
        )


def compare_decisions(folder: Path, files: list[Path], jobs: int = 1) -> DecisionComparison:
    """The decisions of every game of `files` (in `folder`, with its team file) that imports."""
    result = DecisionComparison()
    for differences, compared, problems, games, imported in in_processes(partial(_file, teams=team_names(folder)), files, jobs):
        result.games += games
        result.imported += imported
        result.compared += compared
        result.differences += differences
        result.not_imported.update(problems)
    return result


def _file(path: Path, teams: dict[str, str]) -> tuple[list[str], int, Counter, int, int]:
    differences: list[str] = []
    compared, imported, problems = 0, 0, Counter[str]()
    with fewer_collections():
        games = read_file(path)
        for game in games:
            try:
                _, replay = import_game(game, teams, str(path))
            except Exception as problem:
                problems[str(problem).split(": ", 2)[-1][:60]] += 1
                continue
            imported += 1
            ours = _ours(game, decisions_of(replay, game.info.get("gametype") == "allstar"))
            for record, kind in RECORDS:
                compared += 1
                theirs = game.info.get(record, "")
                if ours[kind] != theirs:
                    differences.append(f"{kind} {game.id}: ours {_name(game, ours[kind])}, the file's {_name(game, theirs)}")
    return differences, compared, problems, len(games), imported


def _ours(game: RetroGame, decisions: tuple) -> dict[str, str]:
    """The Retrosheet id of our pitcher with each decision ("" for none)."""
    ids = {(side, name): pid for pid, (side, name) in game.players().items()}
    return {kind: next((ids.get((d.team, d.pitcher), d.pitcher) for d in decisions if getattr(d, kind)), "") for _, kind in RECORDS}


def _name(game: RetroGame, pid: str) -> str:
    return f"{game.players().get(pid, (0, pid))[1]} ({pid})" if pid else "none"
