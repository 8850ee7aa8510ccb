"""Box scores from facts: the line score, batting and pitching lines, and each batter's
scoresheet boxes written as the rulebook writes them (`H2, 9-4-2`; `E4, SB, 2-5`).

Reads facts only; every rule was applied by the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.engine.core import Replay
from scorebook.engine.facts import PITCHING_CHANGE, PLATE_APPEARANCE, SUBSTITUTION, Fact
from scorebook.formulas import (
    batting_average,
    earned_run_average,
    innings_pitched,
    on_base,
    on_base_plus_slugging,
    slugging,
    whip,
)
from scorebook.notation.model import TEAM_WORDS, Result
from scorebook.reports.render import csv_text, table

# Results on which the batter reaches base: an out he makes later is written after the result.
REACHES = frozenset({Result.HIT, Result.WALK, Result.INTENTIONAL_WALK, Result.FIELDERS_CHOICE, Result.ERROR})
BATTING_COUNTS = ("PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SB", "CS", "SF", "SH", "TB")
PITCHING_COUNTS = ("outs", "BF", "H", "R", "ER", "BB", "SO", "HR")


@dataclass(slots=True)
class BattingLine:
    team: int
    player: str
    slot: int
    position: int | None
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BATTING_COUNTS, 0))
    boxes: dict[int, dict[int, list[str]]] = field(default_factory=dict)  # inning -> trip (`Trips`) -> texts

    def mark(self, inning: int, trip: int, text: str) -> None:
        self.boxes.setdefault(inning, {}).setdefault(trip, []).append(text)

    def box_texts(self) -> dict[int, str]:
        return {inning: " / ".join(", ".join(texts) for texts in trips.values()) for inning, trips in sorted(self.boxes.items())}


class Trips:
    """Which time round the batting order a slot is on in an inning (0: the first): a scorer
    whose team bats around writes the second plate appearance in a box of its own. A runner's
    marks go in the box of his slot's latest plate appearance (he cannot still be on base when
    his slot bats again: the batters between would have forced him home)."""

    def __init__(self) -> None:
        self.batted: dict[tuple[int, int, int], int] = {}  # (team, slot, inning) -> plate appearances

    def plate_appearance(self, team: int, slot: int, inning: int) -> int:
        trip = self.batted.get((team, slot, inning), 0)
        self.batted[team, slot, inning] = trip + 1
        return trip

    def latest(self, team: int, slot: int, inning: int) -> int:
        return max(0, self.batted.get((team, slot, inning), 0) - 1)


@dataclass(slots=True)
class PitchingLine:
    team: int
    player: str
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PITCHING_COUNTS, 0))


@dataclass(slots=True)
class LineScore:
    team: int
    name: str
    runs: list[int | None]  # by inning; None for a half not played
    R: int = 0
    H: int = 0
    E: int = 0
    LOB: int = 0


@dataclass(slots=True)
class BoxScore:
    rules: str
    innings: int  # regulation
    options: dict[str, str]
    teams: tuple[str, str]
    status: str  # "final" or "in progress: ..."
    final: bool
    linescore: tuple[LineScore, LineScore]
    batting: list[BattingLine]
    pitching: list[PitchingLine]

    def team_batting(self, team: int) -> list[BattingLine]:
        return [line for line in self.batting if line.team == team]

    def team_pitching(self, team: int) -> list[PitchingLine]:
        return [line for line in self.pitching if line.team == team]


class _Builder:
    def __init__(self, replay: Replay) -> None:
        header = replay.game.header
        self.batters: dict[tuple[int, str], BattingLine] = {}
        self.pitchers: dict[tuple[int, str], PitchingLine] = {}
        self.trips = Trips()
        for team in (0, 1):
            for slot, entry in enumerate(header.lineups[team], start=1):
                self.batters[team, entry.name] = BattingLine(team, entry.name, slot, entry.position)
            self.pitchers[team, header.pitchers[team]] = PitchingLine(team, header.pitchers[team])

    def batter(self, team: int, name: str) -> BattingLine:
        return self.batters[team, name]

    def pitcher(self, team: int, name: str) -> PitchingLine:
        return self.pitchers[team, name]

    def fact(self, f: Fact) -> None:
        if f.kind == SUBSTITUTION:
            if f.player != f.replaced:  # not a player changing position
                self.batters[f.team, f.player] = BattingLine(f.team, f.player, f.slot, f.position)
            return
        if f.kind == PITCHING_CHANGE:  # a pitcher back on the mound from another position keeps his line
            self.pitchers.setdefault((f.team, f.player), PitchingLine(f.team, f.player))
            return
        bat, field_team = f.batting, 1 - f.batting
        pitching = self.pitcher(field_team, f.pitcher).counts
        if f.kind == PLATE_APPEARANCE:
            self.plate_appearance(f, self.batter(bat, f.batter), pitching)
        for out in f.outs:
            pitching["outs"] += 1
            if not out.batter or (f.play is not None and f.play.result in REACHES):
                self.mark(self.batter(bat, out.player), out.inning, out.box)
        for run in f.runs:
            self.batter(bat, run.runner).counts["R"] += 1
            charged = self.pitcher(field_team, run.pitcher).counts
            charged["R"] += 1
            charged["ER"] += run.earned
        for steal in f.steals:  # a runner caught stealing is already marked by his out
            line = self.batter(bat, steal.runner)
            line.counts["CS" if steal.caught else "SB"] += 1
            if not steal.caught:
                self.mark(line, steal.inning, "SB")

    def mark(self, line: BattingLine, inning: int, text: str) -> None:
        """A runner's mark, in the box of his slot's latest plate appearance."""
        line.mark(inning, self.trips.latest(line.team, line.slot, inning), text)

    def plate_appearance(self, f: Fact, line: BattingLine, pitching: dict[str, int]) -> None:
        counts = line.counts
        counts["PA"] += 1
        counts["AB"] += f.ab
        counts["RBI"] += f.rbi
        counts["BB"] += f.bb
        counts["IBB"] += f.ibb
        counts["HBP"] += f.hbp
        counts["SO"] += f.so
        counts["SF"] += f.sf
        counts["SH"] += f.sh
        if f.hit:
            counts["H"] += 1
            counts["TB"] += f.hit
            if f.hit > 1:
                counts[("2B", "3B", "HR")[f.hit - 2]] += 1
        line.mark(f.inning, self.trips.plate_appearance(line.team, line.slot, f.inning), f.result)
        pitching["BF"] += 1
        pitching["H"] += bool(f.hit)
        pitching["HR"] += f.hit == 4
        pitching["BB"] += f.bb
        pitching["SO"] += f.so


def box_score(replay: Replay) -> BoxScore:
    header = replay.game.header
    builder = _Builder(replay)
    last_inning = max(header.innings, replay.state.inning)
    runs: list[list[int | None]] = [[None] * last_inning, [None] * last_inning]
    lines = [LineScore(t, header.teams[t], runs[t]) for t in (0, 1)]
    for f in replay.facts:
        builder.fact(f)
        if f.inning:
            inning_runs = runs[f.batting]
            inning_runs[f.inning - 1] = (inning_runs[f.inning - 1] or 0) + len(f.runs)
        lines[f.batting].H += bool(f.hit)
        lines[f.batting].LOB += f.lob
        lines[1 - f.batting].E += len(f.errors)
    for line in lines:
        line.R = sum(r or 0 for r in line.runs)
    state = replay.state
    status = "final" if state.over else f"in progress: {state.describe()}"
    return BoxScore(
        rules=header.rules,
        innings=header.innings,
        options=dict(header.options),
        teams=header.teams,
        status=status,
        final=state.over,
        linescore=(lines[0], lines[1]),
        batting=sorted(builder.batters.values(), key=lambda b: (b.team, b.slot)),
        pitching=list(builder.pitchers.values()),
    )


def batting_row(box: BoxScore, line: BattingLine) -> dict[str, object]:
    c = line.counts
    return {
        "player": line.player,
        "team": box.teams[line.team],
        "slot": line.slot,
        "pos": line.position,
        "G": 1,
        **c,
        "AVG": batting_average(c["H"], c["AB"]),
        "OBP": on_base(c["H"], c["BB"], c["HBP"], c["AB"], c["SF"]),
        "SLG": slugging(c["TB"], c["AB"]),
        "OPS": on_base_plus_slugging(c["H"], c["BB"], c["HBP"], c["AB"], c["SF"], c["TB"]),
    }


def pitching_row(box: BoxScore, line: PitchingLine) -> dict[str, object]:
    c = line.counts
    return {
        "player": line.player,
        "team": box.teams[line.team],
        "G": 1,
        "outs": c["outs"],
        "IP": innings_pitched(c["outs"]),
        **{k: c[k] for k in PITCHING_COUNTS[1:]},
        "ERA": earned_run_average(c["ER"] * box.innings, c["outs"]),  # per the game's regulation length
        "WHIP": whip(c["BB"], c["H"], c["outs"]),
    }


def linescore_row(box: BoxScore, line: LineScore) -> dict[str, object]:
    return {
        "team": line.name,
        "side": TEAM_WORDS[line.team],
        "innings": line.runs,
        "R": line.R,
        "H": line.H,
        "E": line.E,
        "LOB": line.LOB,
    }


def box_dict(box: BoxScore) -> dict[str, object]:
    """The box score as plain data, for JSON."""
    return {
        "rules": box.rules,
        "innings": box.innings,
        **box.options,
        "away": box.teams[0],
        "home": box.teams[1],
        "status": box.status,
        "linescore": {TEAM_WORDS[line.team]: linescore_row(box, line) for line in box.linescore},
        "batting": [
            {**batting_row(box, line), "boxes": {str(k): v for k, v in line.box_texts().items()}}
            for line in box.batting
        ],
        "pitching": [pitching_row(box, line) for line in box.pitching],
    }


# --- text ---------------------------------------------------------------------------------

_TABLE_BATTING = ("AB", "R", "H", "RBI", "BB", "SO", "SB", "CS", "LOB")
BATTING_COLUMNS = ("player", "team", "slot", "pos", "G", *BATTING_COUNTS, "AVG", "OBP", "SLG", "OPS")
PITCHING_COLUMNS = ("player", "team", "G", "outs", "IP", *PITCHING_COUNTS[1:], "ERA", "WHIP")


def box_table(box: BoxScore) -> str:
    """The box score for a terminal: line score, then per team the batting lines, the
    scoresheet boxes by inning, and the pitching lines."""
    date = box.options.get("date", "")
    title = f"{box.teams[0]} at {box.teams[1]}" + (f", {date}" if date else "") + f" ({box.status})"
    innings = len(box.linescore[0].runs)
    header = ["", *map(str, range(1, innings + 1)), "R", "H", "E", "LOB"]
    # A final game's unplayed bottom half shows "x"; halves not reached yet stay blank.
    unplayed = "x" if box.final else ""
    rows = [
        [line.name, *(unplayed if r is None else r for r in line.runs), line.R, line.H, line.E, line.LOB]
        for line in box.linescore
    ]
    blocks = [title, "", table(rows, header)]
    for team in (0, 1):
        lines = box.team_batting(team)
        batting_rows = [
            [f"{b.slot} {b.player}", *(b.counts[k] for k in _TABLE_BATTING[:-1]), batting_average(b.counts["H"], b.counts["AB"])]
            for b in lines
        ]
        totals = [sum(b.counts[k] for b in lines) for k in _TABLE_BATTING[:-1]]
        batting_rows.append(["Totals", *totals, batting_average(totals[2], totals[0])])
        blocks += ["", table(batting_rows, [box.teams[team], *_TABLE_BATTING[:-1], "AVG"])]
        played = sorted({inning for b in lines for inning in b.boxes})
        sheet = [[f"{b.slot} {b.player}", *(b.box_texts().get(i, "") for i in played)] for b in lines]
        blocks += ["", table(sheet, ["Scoresheet", *map(str, played)], align="l" * (len(played) + 1))]
        pitching = []
        for p in box.team_pitching(team):
            row = pitching_row(box, p)
            era = "-" if row["ERA"] is None else f"{row['ERA']:.2f}"
            pitching.append([p.player, *(row[k] for k in ("IP", "H", "R", "ER", "BB", "SO", "HR")), era])
        blocks += ["", table(pitching, [f"{box.teams[team]} pitching", "IP", "H", "R", "ER", "BB", "SO", "HR", "ERA"])]
    return "\n".join(blocks)


def box_csv(box: BoxScore) -> str:
    """Three CSV tables (line score, batting, pitching), each with its header, a blank line
    between them."""
    innings = len(box.linescore[0].runs)
    line_cols = ("team", "side", *map(str, range(1, innings + 1)), "R", "H", "E", "LOB")
    line_rows = []
    for line in box.linescore:
        row = linescore_row(box, line)
        row.update({str(i + 1): r for i, r in enumerate(line.runs)})
        line_rows.append(row)
    batting = []
    for b in box.batting:
        row = batting_row(box, b)
        row["boxes"] = "; ".join(f"{k}: {v}" for k, v in b.box_texts().items())
        batting.append(row)
    return "\n".join(
        (
            csv_text(line_rows, line_cols),
            csv_text(batting, (*BATTING_COLUMNS, "boxes")),
            csv_text((pitching_row(box, p) for p in box.pitching), PITCHING_COLUMNS),
        )
    )
