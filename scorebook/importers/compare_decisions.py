"""The engine's pitcher decisions of Retrosheet games against the event files' own records:
each game's winning and losing pitcher and save (`info,wp`, `info,lp`, `info,save`, by
Retrosheet id) against `engine.decisions.decide` of its imported replay."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from scorebook.engine.decisions import BRIEF_RELIEF, OF_RECORD, STARTER_SHORT, decisions_of, win_rule
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
    differences: list[str] = field(default_factory=list)  # "W GAME: ours NAME, the file's NAME [rule: why]"
    not_imported: Counter = field(default_factory=Counter)

    def by_kind(self) -> Counter:
        return Counter(line.split(" ", 1)[0] for line in self.differences)

    def by_reason(self) -> Counter:
        """The differences counted by the rule each is a case of (the `[...]` of its line)."""
        return Counter(line.rsplit(" [", 1)[-1].rstrip("]") for line in self.differences)

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
            exhibition = game.info.get("gametype") == "allstar"
            decisions = decisions_of(replay, exhibition)
            ours = _ours(game, decisions)
            differing = [kind for record, kind in RECORDS if ours[kind] != game.info.get(record, "")]
            compared += len(RECORDS)
            for record, kind in RECORDS:
                theirs = game.info.get(record, "")
                if kind in differing:
                    why = _reason(kind, differing, win_rule(replay, exhibition), _order(game, decisions), ours[kind], theirs)
                    differences.append(f"{kind} {game.id}: ours {_name(game, ours[kind])}, the file's {_name(game, theirs)} [{why}]")
    return differences, compared, problems, len(games), imported


def _order(game: RetroGame, decisions: tuple) -> dict[str, int]:
    """Each pitcher's place among his team's pitchers (0 the starter), by Retrosheet id."""
    ids = {(side, name): pid for pid, (side, name) in game.players().items()}
    order, pitched = {}, [0, 0]
    for d in decisions:  # in the order they pitched, team by team
        order[ids.get((d.team, d.pitcher), d.pitcher)] = pitched[d.team]
        pitched[d.team] += 1
    return order


def _reason(kind: str, differing: list[str], rule: str, order: dict[str, int], ours: str, theirs: str) -> str:
    """The rule a difference is a case of, for the closing note's case-by-case account: which
    passage chose our pitcher, and where the file's pitcher stands against it."""
    if kind == "L":
        return "9.17: the loss, the pitcher charged with the go-ahead run (9.16(g))"
    if kind == "SV":
        if "W" in differing:
            return "9.19: the save beside a win that differs"
        return "9.19: the save rule of the season (its innings, lead or tying run)"
    their_place, our_place = order.get(theirs, -1), order.get(ours, -1)
    if rule == STARTER_SHORT:
        if their_place == 0:
            return "9.17(b): the starter short of his innings, yet the file's winner"
        return "9.17(b): the most effective reliever, another in the file"
    if rule == BRIEF_RELIEF:
        return "9.17(c): the pitcher of record passed over as brief and ineffective; the file's another"
    if rule == OF_RECORD and our_place == 0:
        return "9.17(b): the starter of record with his innings; the file's a reliever"
    if rule == OF_RECORD and their_place > our_place:
        return "9.17(c): the reliever of record, whom the file's scorer passed over for a later one"
    return "9.17(a)-(c): the reliever of record; the file's an earlier pitcher"


def _ours(game: RetroGame, decisions: tuple) -> dict[str, str]:
    """The Retrosheet id of our pitcher with each decision ("" for none)."""
    ids = {(side, name): pid for pid, (side, name) in game.players().items()}
    return {kind: next((ids.get((d.team, d.pitcher), d.pitcher) for d in decisions if getattr(d, kind)), "") for _, kind in RECORDS}


def _name(game: RetroGame, pid: str) -> str:
    return f"{game.players().get(pid, (0, pid))[1]} ({pid})" if pid else "none"
