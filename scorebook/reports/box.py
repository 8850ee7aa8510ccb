"""Box scores from facts: the line score, batting and pitching lines, and each batter's
scoresheet boxes written as the rulebook writes them (`H2, 9-4-2`; `E4, SB, 2-5`).

Reads facts only; every rule was applied by the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.engine.core import Replay
from scorebook.engine.decisions import DECISION_COUNTS, Decision, decisions_of
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
from scorebook.notation.model import TEAM_WORDS, Result, RunnerMove
from scorebook.reports.render import csv_text, table

# Results on which the batter reaches base: an out he makes later is written after the result.
REACHES = frozenset({Result.HIT, Result.WALK, Result.INTENTIONAL_WALK, Result.FIELDERS_CHOICE, Result.ERROR})
BATTING_COUNTS = ("PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SB", "CS", "SF", "SH", "TB")
PITCHING_COUNTS = ("outs", "BF", "H", "R", "ER", "BB", "SO", "HR", "WP", "BK", "HBP")
# How a box score writes a position: the pinch hitter and runner, and the designated hitter.
POSITION_LABELS = ("", "p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
PINCH_HITTER, PINCH_RUNNER, DESIGNATED_HITTER = "ph", "pr", "dh"


@dataclass(slots=True)
class BattingLine:
    team: int
    player: str
    slot: int
    position: int | None
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BATTING_COUNTS, 0))
    boxes: dict[int, dict[int, list[str]]] = field(default_factory=dict)  # inning -> trip (`Trips`) -> texts
    positions: list[str] = field(default_factory=list)  # every position he played, in order: ["3b", "ss"]
    substitute: str = ""  # a substitute's note, as the box score prints it: "a-batted for Trout in the 6th"

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
    pitches: int | None = None  # pitches and strikes, where every plate appearance of his records them
    strikes: int | None = None
    inning: int = 0  # the last inning he faced a batter, and the batters and outs of his in it
    inning_batters: int = 0
    inning_outs: int = 0
    note: str = ""  # `1-pitched to 2 batters in the 5th`: relieved in an inning he got no one out


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
    decisions: dict[tuple[int, str], Decision] = field(default_factory=dict)  # (team, pitcher): a final game's
    # The decision pitchers' season to date, this game included, where the game is stored among
    # others: (team, pitcher) -> {"W": 3, "L": 1, "SV": 0, ...} (`Store.season_decisions`).
    season: dict[tuple[int, str], dict[str, int]] = field(default_factory=dict)
    # (team, player) -> his errors, passed balls (a catcher's) in the game; the team's double and
    # triple plays (once a play); the batters' home runs to date where the store has them.
    errors: dict[tuple[int, str], int] = field(default_factory=dict)
    passed_balls: dict[tuple[int, str], int] = field(default_factory=dict)
    double_plays: tuple[int, int] = (0, 0)
    triple_plays: tuple[int, int] = (0, 0)
    hit_by_pitch: list[tuple[int, str, str]] = field(default_factory=list)  # (pitching team, pitcher, batter)
    home_runs: dict[tuple[int, str], int] = field(default_factory=dict)
    # The umpires and the official scorer, as the game file's `umpire=` and `scorer=` or the
    # Retrosheet import's records name them.
    officials: dict[str, str] = field(default_factory=dict)

    def team_batting(self, team: int) -> list[BattingLine]:
        return [line for line in self.batting if line.team == team]

    def team_pitching(self, team: int) -> list[PitchingLine]:
        return [line for line in self.pitching if line.team == team]


class _Builder:
    def __init__(self, replay: Replay) -> None:
        header = replay.game.header
        self.rules = replay.rules
        self.batters: dict[tuple[int, str], BattingLine] = {}
        self.pitchers: dict[tuple[int, str], PitchingLine] = {}
        self.trips = Trips()
        self.defense: list[tuple[str, ...]] = [(), ()]  # each team's fielders as last seen
        self.substitutes = [0, 0]  # each team's pinch hitters and runners so far: their notes' letters
        self.unpitched: set[tuple[int, str]] = set()  # pitchers with a plate appearance whose pitches are not recorded
        self.errors: dict[tuple[int, str], int] = {}
        self.passed_balls: dict[tuple[int, str], int] = {}
        self.double_plays, self.triple_plays = [0, 0], [0, 0]
        self.hit_by_pitch: list[tuple[int, str, str]] = []
        for team in (0, 1):
            lineup = header.lineups[team]
            positioned = any(entry.position is not None for entry in lineup)
            for slot, entry in enumerate(lineup, start=1):
                line = BattingLine(team, entry.name, slot, entry.position)
                if positioned:
                    line.positions.append(_starting_position(entry.position, entry.name == header.pitchers[team]))
                self.batters[team, entry.name] = line
            self.pitchers[team, header.pitchers[team]] = PitchingLine(team, header.pitchers[team])

    def batter(self, team: int, name: str) -> BattingLine:
        return self.batters[team, name]

    def pitcher(self, team: int, name: str) -> PitchingLine:
        return self.pitchers[team, name]

    def fact(self, f: Fact) -> None:
        field_team = 1 - f.batting
        if f.fielders and f.fielders != self.defense[field_team]:
            self.fielded(field_team, f.fielders)
        if f.kind == SUBSTITUTION:
            if f.player != f.replaced:  # not a player changing position
                self.substitution(f)
            return
        if f.kind == PITCHING_CHANGE:  # a pitcher back on the mound from another position keeps his line
            self.pitchers.setdefault((f.team, f.player), PitchingLine(f.team, f.player))
            return
        bat = f.batting
        pitching = self.pitcher(field_team, f.pitcher).counts
        if f.kind == PLATE_APPEARANCE:
            self.plate_appearance(f, self.batter(bat, f.batter), pitching)
        for out in f.outs:
            pitching["outs"] += 1
            self.pitcher(field_team, f.pitcher).inning_outs += 1
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
        self.fielding(f, field_team, pitching)

    def fielded(self, team: int, fielders: tuple[str, ...]) -> None:
        """A team's fielders changed: each batter's new position joins those he played."""
        self.defense[team] = fielders
        for position, name in enumerate(fielders, start=1):
            line = self.batters.get((team, name))
            if line is not None and (not line.positions or line.positions[-1] != POSITION_LABELS[position]):
                line.positions.append(POSITION_LABELS[position])

    def substitution(self, f: Fact) -> None:
        """A new player in the batting order: a fielder at his position, or a pinch hitter or
        runner with his note (`a-ran for Pujols in the 8th`)."""
        line = BattingLine(f.team, f.player, f.slot, f.position)
        if f.team != f.batting:
            line.positions.append(POSITION_LABELS[f.position] if f.position else "")
        else:
            running = f.replaced in f.bases_before
            line.positions.append(PINCH_RUNNER if running else PINCH_HITTER)
            letter = _letter(self.substitutes[f.team])
            self.substitutes[f.team] += 1
            line.substitute = f"{letter}-{'ran' if running else 'batted'} for {f.replaced} in the {_ordinal(f.inning)}"
        self.batters[f.team, f.player] = line

    def fielding(self, f: Fact, team: int, pitching: dict[str, int]) -> None:
        """The fielding team's errors, double and triple plays, wild pitches, balks and passed balls."""
        for chance in f.chances:
            if chance.errors:
                key = (team, chance.player or POSITION_LABELS[chance.position])
                self.errors[key] = self.errors.get(key, 0) + chance.errors
        if f.double_play:
            (self.double_plays if f.double_play == 2 else self.triple_plays)[team] += 1
        for event in f.events:
            if event.move is RunnerMove.WILD_PITCH:
                pitching["WP"] += 1
            elif event.move is RunnerMove.BALK:
                pitching["BK"] += 1
            elif event.move is RunnerMove.PASSED_BALL:
                key = (team, f.fielders[1] if f.fielders else POSITION_LABELS[2])
                self.passed_balls[key] = self.passed_balls.get(key, 0) + 1

    @staticmethod
    def faced(line: PitchingLine, inning: int) -> None:
        if line.inning != inning:
            line.inning, line.inning_batters, line.inning_outs = inning, 0, 0
        line.inning_batters += 1

    def relieved_without_an_out(self) -> None:
        """The box score's numbered notes of the pitchers relieved in an inning in which they
        faced batters and got none out (cwbox's `* Pitched to 2 batters in 5th`)."""
        number = 0
        for team in (0, 1):
            pitchers = [line for line in self.pitchers.values() if line.team == team]
            for line in pitchers[:-1]:
                if line.inning_batters and not line.inning_outs:
                    number += 1
                    batters = f"{line.inning_batters} batter{'s' if line.inning_batters > 1 else ''}"
                    line.note = f"{number}-{line.player} pitched to {batters} in the {_ordinal(line.inning)}"

    def pitches(self, f: Fact) -> None:
        """The pitcher's pitches and strikes, while every plate appearance of his records them."""
        key = (1 - f.batting, f.pitcher)
        if key in self.unpitched:
            return
        line = self.pitchers[key]
        counted = None if f.play is None or f.play.pitches is None else self.rules.pitches_and_strikes(f.play.pitches)
        if counted is None:
            self.unpitched.add(key)
            line.pitches = line.strikes = None
            return
        line.pitches = (line.pitches or 0) + counted[0]
        line.strikes = (line.strikes or 0) + counted[1]

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
        self.faced(self.pitchers[1 - f.batting, f.pitcher], f.inning)
        pitching["H"] += bool(f.hit)
        pitching["HR"] += f.hit == 4
        pitching["BB"] += f.bb
        pitching["SO"] += f.so
        if f.hbp:
            pitching["HBP"] += 1
            self.hit_by_pitch.append((1 - f.batting, f.pitcher, f.batter))
        self.pitches(f)


def _starting_position(position: int | None, pitcher: bool) -> str:
    """A starter's position in a lineup that gives positions: the designated hitter is the one
    given none (a Retrosheet game's), or the pitcher's 1 while someone else pitches."""
    if position is None or (position == 1 and not pitcher):
        return DESIGNATED_HITTER
    return POSITION_LABELS[position]


def _letter(n: int) -> str:
    """The n-th substitute's note letter: a to z, then aa, bb ... as newspapers go on."""
    return chr(97 + n % 26) * (n // 26 + 1)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def box_score(
    replay: Replay,
    season: dict[tuple[int, str], dict[str, int]] | None = None,
    home_runs: dict[tuple[int, str], int] | None = None,
) -> BoxScore:
    """The box score of a replayed game; `season`: its decision pitchers' records to date;
    `home_runs`: its batters' home runs to date."""
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
    builder.relieved_without_an_out()
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
        decisions={(d.team, d.pitcher): d for d in decisions_of(replay)},
        season=season or {},
        errors=builder.errors,
        passed_balls=builder.passed_balls,
        double_plays=(builder.double_plays[0], builder.double_plays[1]),
        triple_plays=(builder.triple_plays[0], builder.triple_plays[1]),
        hit_by_pitch=builder.hit_by_pitch,
        home_runs=home_runs or {},
        officials=officials(dict(header.options)),
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
        "positions": "-".join(line.positions),
        "substitute": line.substitute,
    }


# What a box score prints beside a pitcher's name, and his season count it quotes (W and L the record).
_NOTES = (("W", "W"), ("L", "L"), ("SV", "S"), ("HLD", "H"), ("BS", "BS"))


def decision_note(box: BoxScore, line: PitchingLine) -> str:
    """The decisions beside a pitcher's name, as newspapers print them: `(W, 3-1)`, `(S, 12)`
    with his season to date where the store has it, else `(W)`; "" for none."""
    decision = box.decisions.get((line.team, line.player))
    if decision is None:
        return ""
    season = box.season.get((line.team, line.player))
    marks = []
    for count, letter in _NOTES:
        if getattr(decision, count):
            if season is None:
                marks.append(letter)
            else:
                record = f"{season['W']}-{season['L']}" if count in ("W", "L") else str(season[count])
                marks.append(f"{letter}, {record}")
    return f"({'; '.join(marks)})" if marks else ""


def pitching_row(box: BoxScore, line: PitchingLine) -> dict[str, object]:
    c = line.counts
    decision = box.decisions.get((line.team, line.player))
    return {
        "player": line.player,
        "team": box.teams[line.team],
        "G": 1,
        "outs": c["outs"],
        "IP": innings_pitched(c["outs"]),
        **{k: c[k] for k in PITCHING_COUNTS[1:]},
        "ERA": earned_run_average(c["ER"] * box.innings, c["outs"]),  # per the game's regulation length
        "WHIP": whip(c["BB"], c["H"], c["outs"]),
        **(decision.counts() if decision else dict.fromkeys(DECISION_COUNTS, 0)),
        "note": decision_note(box, line),
        "pitches": line.pitches,
        "strikes": line.strikes,
        "relieved": line.note,
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
        "DP": box.double_plays[line.team],
        "TP": box.triple_plays[line.team],
        "notes": " ".join(note_lines(box, box.teams[line.team])),
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
        "totals": {TEAM_WORDS[team]: team_totals(box, team) for team in (0, 1)},
        "notes": box_notes(box),
        "notes_text": note_lines(box),
        "officials": box.officials,
    }


def team_totals(box: BoxScore, team: int) -> dict[str, int]:
    """A team's batting counts added up: the box score's Totals row."""
    lines = box.team_batting(team)
    return {count: sum(line.counts[count] for line in lines) for count in BATTING_COUNTS}


# The notes under a box score, in the order newspapers print them: the batters' counts
# (`BATTING_COUNTS` keys), then the fielding, the team's runners left on base and the pitchers'.
BATTING_NOTES = ("2B", "3B", "HR", "RBI", "SB", "CS", "SF", "SH")


def box_notes(box: BoxScore) -> dict[str, list[dict[str, object]]]:
    """The notes lines as data: note -> its entries, each with its team and a player (the
    batter, fielder or pitcher; none for the team's DP, TP and LOB) and the count; a home
    run's `season` to date where the store has it, a hit batsman's `batter`, a pitcher's
    `pitches` and `strikes`. Notes with no entry are left out."""
    notes: dict[str, list[dict[str, object]]] = {}
    for count in BATTING_NOTES:
        for line in box.batting:
            if line.counts[count]:
                entry: dict[str, object] = {"team": box.teams[line.team], "player": line.player, "count": line.counts[count]}
                if count == "HR" and (line.team, line.player) in box.home_runs:
                    entry["season"] = box.home_runs[line.team, line.player]
                notes.setdefault(count, []).append(entry)
    _players(notes, "E", box, box.errors)
    for note, counts in (("DP", box.double_plays), ("TP", box.triple_plays), ("LOB", tuple(line.LOB for line in box.linescore))):
        entries = [{"team": box.teams[team], "count": counts[team]} for team in (0, 1) if counts[team]]
        if entries:
            notes[note] = entries
    _players(notes, "WP", box, {(p.team, p.player): p.counts["WP"] for p in box.pitching})
    if box.hit_by_pitch:
        notes["HBP"] = [{"team": box.teams[t], "player": pitcher, "batter": batter, "count": 1} for t, pitcher, batter in box.hit_by_pitch]
    _players(notes, "BK", box, {(p.team, p.player): p.counts["BK"] for p in box.pitching})
    _players(notes, "PB", box, box.passed_balls)
    pitched: list[dict[str, object]] = [
        {"team": box.teams[p.team], "player": p.player, "pitches": p.pitches, "strikes": p.strikes}
        for p in box.pitching
        if p.pitches is not None
    ]
    if pitched:
        notes["Pitches-strikes"] = pitched
    return notes


def _players(notes: dict[str, list[dict[str, object]]], note: str, box: BoxScore, counts: dict[tuple[int, str], int]) -> None:
    entries = [{"team": box.teams[team], "player": player, "count": n} for (team, player), n in counts.items() if n]
    if entries:
        notes[note] = entries


def note_lines(box: BoxScore, team: str | None = None) -> list[str]:
    """The notes as a newspaper prints them: `2B: Guzman, Choo 2.`, `HR: Gallo (12).`,
    `DP: Texas 2.`, `HBP: by Harvey (Choo).`, `Pitches-strikes: Volquez 83-45.`, then the
    umpires and the scorer; with `team`, only that team's entries (a hit batsman is his
    pitcher's team's), without the officials."""
    lines = []
    for note, entries in box_notes(box).items():
        kept = [entry for entry in entries if team is None or entry["team"] == team]
        if kept:
            lines.append(f"{note}: {', '.join(_entry_text(note, entry) for entry in kept)}.")
    if team is None:
        lines += [f"{role.capitalize()}: {names}." for role, names in box.officials.items()]
    return lines


def _entry_text(note: str, entry: dict[str, object]) -> str:
    if note == "Pitches-strikes":
        return f"{entry['player']} {entry['pitches']}-{entry['strikes']}"
    if note == "HBP":
        return f"by {entry['player']} ({entry['batter']})"
    if "player" not in entry:  # the team's
        return f"{entry['team']} {entry['count']}"
    text = f"{entry['player']} {entry['count']}" if entry["count"] != 1 else str(entry["player"])
    return text + (f" ({entry['season']})" if "season" in entry else "")


def officials(options: dict[str, str]) -> dict[str, str]:
    """The umpires and scorer a game file's header names (`umpire=Joe_West,Jim_Joyce
    scorer=Ann_Lee`: an underscore for each space, a comma between umpires)."""
    return {
        role: ", ".join(name.replace("_", " ") for name in options[key].split(","))
        for role, key in (("umpires", "umpire"), ("scorer", "scorer"))
        if options.get(key)
    }


# --- text ---------------------------------------------------------------------------------

# A box score's batting and pitching lines (then AVG, ERA), as `scorebook box` and the site show them.
TABLE_BATTING = ("AB", "R", "H", "RBI", "BB", "SO", "SB", "CS")
TABLE_PITCHING = ("IP", "H", "R", "ER", "BB", "SO", "HR")
BATTING_COLUMNS = ("player", "team", "slot", "pos", "G", *BATTING_COUNTS, "AVG", "OBP", "SLG", "OPS", "positions", "substitute")
PITCHING_COLUMNS = ("player", "team", "G", "outs", "IP", *PITCHING_COUNTS[1:], "ERA", "WHIP", *DECISION_COUNTS, "note", "pitches", "strikes", "relieved")


def box_table(box: BoxScore) -> str:
    """The box score for a terminal: line score, then per team the batting lines (each
    substitute indented under his slot, his note below), the scoresheet boxes by inning, and
    the pitching lines; the notes at the foot."""
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
        labels = batter_labels(lines)
        batting_rows = [
            [label, *(b.counts[k] for k in TABLE_BATTING), batting_average(b.counts["H"], b.counts["AB"])]
            for label, b in zip(labels, lines)
        ]
        totals = [sum(b.counts[k] for b in lines) for k in TABLE_BATTING]
        batting_rows.append(["Totals", *totals, batting_average(totals[2], totals[0])])
        blocks += ["", table(batting_rows, [box.teams[team], *TABLE_BATTING, "AVG"])]
        notes = sorted((b.substitute for b in lines if b.substitute), key=lambda note: (len(note.split("-")[0]), note))
        blocks += [f"{note}." for note in notes]
        played = sorted({inning for b in lines for inning in b.boxes})
        sheet = [[f"{b.slot} {b.player}", *(b.box_texts().get(i, "") for i in played)] for b in lines]
        blocks += ["", table(sheet, ["Scoresheet", *map(str, played)], align="l" * (len(played) + 1))]
        pitching = []
        for p in box.team_pitching(team):
            row = pitching_row(box, p)
            era = "-" if row["ERA"] is None else f"{row['ERA']:.2f}"
            pitching.append([pitcher_label(box, p), *(row[k] for k in TABLE_PITCHING), era])
        blocks += ["", table(pitching, [f"{box.teams[team]} pitching", *TABLE_PITCHING, "ERA"])]
        blocks += [f"{p.note}." for p in box.team_pitching(team) if p.note]
    notes = note_lines(box)
    return "\n".join([*blocks, *([""] + notes if notes else [])])


def batter_labels(lines: list[BattingLine]) -> list[str]:
    """Each batting line's name as a newspaper prints it, with the positions he played: the
    slot's starter `3 Cozart 3b-ss`, a substitute indented under him, `  a-Pence ph`."""
    labels, slots = [], set()
    for line in lines:
        name = f"{line.player} {'-'.join(line.positions)}".rstrip()
        if line.slot in slots:
            letter = line.substitute.split("-", 1)[0] + "-" if line.substitute else ""
            labels.append(f"  {letter}{name}")
        else:
            labels.append(f"{line.slot} {name}")
        slots.add(line.slot)
    return labels


def pitcher_label(box: BoxScore, line: PitchingLine) -> str:
    """A pitcher's name with his decisions: `Ida Moss (W, 3-1)`."""
    note = decision_note(box, line)
    return f"{line.player} {note}" if note else line.player


def box_csv(box: BoxScore) -> str:
    """Three CSV tables (line score, with each team's DP, TP and notes; batting; pitching),
    each with its header, a blank line between them."""
    innings = len(box.linescore[0].runs)
    line_cols = ("team", "side", *map(str, range(1, innings + 1)), "R", "H", "E", "LOB", "DP", "TP", "notes")
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
