"""What a game imported from Retrosheet keeps of its files beyond its game file: the event
file's `id`, `version` and `info` records, each player's Retrosheet id, and the two teams' rows
of the team file and their players' rows of the roster files. The export writes them back, so
that Chadwick's tools read the game as they read the original (the game id, team codes, names
as the rosters split them, day or night, winning pitcher, time, attendance ...)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass


@dataclass(frozen=True)
class Origin:
    records: tuple[str, ...]  # the game's `id`, `version` and `info` records, as the event file has them
    players: tuple[tuple[str, int, str], ...]  # (Retrosheet id, side, the name the game file gives him)
    teams: tuple[str, ...]  # the team file's rows of the visitors and the home team, where it has them
    rosters: tuple[str, ...]  # the roster files' rows of the players, where their team's roster has them

    def info(self, key: str) -> str | None:
        """An `info` record's value (`visteam`, `date` ...), None where the game has none."""
        for record in self.records:
            fields = _split(record)
            if fields[0] == "info" and len(fields) > 1 and fields[1] == key:
                return fields[2] if len(fields) > 2 else ""
        return None

    def player_ids(self, teams: tuple[str, str]) -> dict[tuple[str, str], str]:
        """Each player's Retrosheet id by his team (`teams`: the game file's away and home
        names) and the name the game file gives him."""
        return {(teams[side], name): pid for pid, side, name in self.players}

    def columns(self) -> dict[str, str]:
        """The store's columns: each part as lines of text."""
        players = io.StringIO()
        csv.writer(players, lineterminator="\n").writerows(self.players)
        return {"records": "\n".join(self.records), "players": players.getvalue().rstrip("\n"),
                "teams": "\n".join(self.teams), "rosters": "\n".join(self.rosters)}  # fmt: skip

    @classmethod
    def from_columns(cls, records: str, players: str, teams: str, rosters: str) -> Origin:
        rows = csv.reader(players.splitlines())
        return cls(_lines(records), tuple((pid, int(side), name) for pid, side, name in rows), _lines(teams), _lines(rosters))


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line for line in text.splitlines() if line)


def _split(record: str) -> list[str]:
    return next(csv.reader((record,))) if '"' in record else record.split(",")
