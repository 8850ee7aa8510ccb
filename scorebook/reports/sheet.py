"""The rulebook's scoresheet as a PDF: blank for the table, or filled from a recorded game.

`sheet_data` reads a game's facts into rows and boxes; `render_sheet` draws them (pure: data in,
PDF bytes out; `invariant=1` makes the bytes the same on every run). The geometry and styles
are data: scorebook/templates/scoresheet.toml (`load_layout`).

A box is an inning and a trip round the batting order (`box.Trips`): when a team bats around,
the second plate appearance goes in the next column, headed with the inning it belongs to, and
the later innings move one column right, as a scorer on paper does.

The page follows the classic paper scorebooks (Bob Carpenter's, Project Scoresheet's, the IBAF
manual's): in each box the ball and strike boxes hold the numbers of their pitches (the game's
`Rules.count_marks`: Diceball's `pitches=`) with a tick for each foul after two strikes, the
diamond carries the path, a bar where the runner was put out, the out's number and (filled)
the run; each player of a slot has his own line; under the batters the team's totals and each
inning's runs, hits, errors and runners left; the pitchers' grid, the notes and the box score's
proof (rule 9.03(c)) at the foot. `draw_sheets` draws the pages on a caller's canvas (a book).
"""

from __future__ import annotations

import functools
import io
import tomllib
from dataclasses import dataclass, field
from itertools import pairwise

from scorebook.engine.core import Replay
from scorebook.engine.facts import PITCHING_CHANGE, PLATE_APPEARANCE, SUBSTITUTION
from scorebook.games import GAMES
from scorebook.problems import InvalidLayout
from scorebook.reports.box import BoxScore, PitchingLine, Trips, box_score, note_lines, pitching_row, team_totals
from scorebook.reports.fonts import base_font, draw, fit, width
from scorebook.shipped import shipped

Box = tuple[int, int]  # an inning and the trip round the batting order in it (0: the first)
TEMPLATES = shipped("templates")


def load_layout(name: str = "scoresheet") -> dict:
    """A printable layout from the templates (found installed or in a checkout)."""
    return tomllib.loads((TEMPLATES / f"{name}.toml").read_text("utf-8"))


@dataclass
class Player:
    """One line of a batting order slot: the starter, or a substitute on a line of his own."""

    name: str
    positions: str = ""  # every position he played, as the box score writes them: "3b-ss", "ph-lf"
    entered: int = 0  # the inning a substitute came in (0: a starter)
    totals: tuple[int, int, int, int] | None = None  # AB R H RBI (None: a sheet not yet played)


@dataclass(frozen=True)
class Count:
    """A plate appearance's pitches as its count boxes show them: the pitch numbers of the
    balls and strikes before the one that ended the count, and the fouls after two strikes."""

    balls: tuple[int, ...]
    strikes: tuple[int, ...]
    fouls: int


@dataclass
class Row:
    slot: int
    lines: list[Player]
    boxes: dict[Box, str] = field(default_factory=dict)  # the scoresheet's text
    reached: dict[Box, int] = field(default_factory=dict)  # furthest base (4 = scored)
    last_out: set[Box] = field(default_factory=set)  # boxes whose batter made the third out
    new_pitcher: set[Box] = field(default_factory=set)  # boxes where a new pitcher first faced him
    counts: dict[Box, Count] = field(default_factory=dict)  # the plate appearance's pitches
    outs: dict[Box, tuple[int, int]] = field(
        default_factory=dict
    )  # where he was put out (0-4) and the out's number (1-3)

    @property
    def players(self) -> list[str]:
        return [line.name for line in self.lines]


@dataclass
class TeamSheet:
    team: str
    opponent: str
    side: str
    date: str
    columns: list[Box]  # the boxes' columns, left to right (none: a blank sheet)
    rows: list[Row]
    runs: list[int | None] = field(
        default_factory=list
    )  # by inning, and the hits, the other side's errors and the runners left
    hits: list[int] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    pitchers: list[tuple[str, ...]] = field(default_factory=list)  # name, then PITCHER_COLUMNS
    status: str = ""
    title: str = "Diceball"  # the game's
    details: dict[str, str] = field(default_factory=dict)  # the header's site, start, umpires, scorer
    score: str = ""  # the score: "River Kings 5, Old Town Owls 6"
    totals: tuple[int, int, int, int] | None = None  # the team's AB R H RBI
    notes: list[str] = field(default_factory=list)  # the box score's notes lines of the team
    proof: tuple[int, int, int, int] | None = None  # PA, R, LOB, the other side's putouts: a final game's


PITCHER_COLUMNS = ("IP", "BF", "H", "R", "ER", "BB", "SO", "HR", "WP", "HBP", "BK", "Pitches")
DETAILS = (("Date", "date"), ("Site", "site"), ("Start", "time"), ("Umpires", "umpires"), ("Scorer", "scorer"))


def blank_sheets(
    lineups: tuple[list[str], list[str]] = ([], []),
    teams: tuple[str, str] = ("", ""),
    pitchers: tuple[str, str] = ("", ""),
    title: str = "Diceball",
) -> list[TeamSheet]:
    """Two empty pages (visitors, home), with each team's batting order and starting pitcher
    written in when given; the rows after a short batting order are left empty (`render_sheet`
    draws the template's number of them)."""
    return [
        TeamSheet(
            team,
            teams[1 - side],
            ("Visitors", "Home")[side],
            "",
            [],
            [Row(slot, [Player(name)]) for slot, name in enumerate(lineups[side], start=1)],
            pitchers=[(pitchers[side], *[""] * len(PITCHER_COLUMNS))] if pitchers[side] else [],
            title=title,
        )
        for side, team in enumerate(teams)
    ]


def sheet_data(game: Replay, box: BoxScore | None = None) -> list[TeamSheet]:
    """A game's two pages: each batter's boxes by inning as the rulebook writes them, the
    pitches of his count, how far he got round the bases and where he was put out, the third
    outs, the opposing pitching changes; each player's line with his positions and totals; the
    innings' runs, hits, errors and runners left; the pitchers; the notes and the proof.
    `box`: the game's box score where the caller has it (a stored game's, with the pitchers'
    season records and a Retrosheet game's umpires), else made from the replay."""
    box = box or box_score(game)
    return [_team_sheet(game, box, side) for side in (0, 1)]


def _team_sheet(game: Replay, box: BoxScore, side: int) -> TeamSheet:
    header = game.game.header
    rows = [Row(slot, []) for slot in range(1, len(header.lineups[side]) + 1)]
    by_player: dict[str, Row] = {}
    entered = {
        f.player: f.inning for f in game.facts if f.kind == SUBSTITUTION and f.team == side and f.player != f.replaced
    }
    for line in box.team_batting(side):  # the starter, then his substitutes in the order they came in
        row = rows[line.slot - 1]
        by_player[line.player] = row
        c = line.counts
        row.lines.append(
            Player(
                line.player,
                "-".join(line.positions),
                entered.get(line.player, 0) if row.lines else 0,
                (c["AB"], c["R"], c["H"], c["RBI"]),
            )
        )
        for inning, trips in line.boxes.items():  # a pinch runner's marks follow his batter's in the box
            for trip, texts in trips.items():
                row.boxes[inning, trip] = ", ".join(filter(None, (row.boxes.get((inning, trip)), *texts)))
    _paths(game, side, by_player)
    innings = len(box.linescore[side].runs)
    hits, errors, left, putouts = [0] * innings, [0] * innings, [0] * innings, 0
    for fact in game.facts:
        if fact.batting == side and fact.inning:
            hits[fact.inning - 1] += bool(fact.hit)
            errors[fact.inning - 1] += len(fact.errors)
            left[fact.inning - 1] += fact.lob
            putouts += len(
                fact.outs
            )  # every out is a fielder's putout (rule 9.09(a)), a bare `IF`'s too, whose fielder is not named
    team = team_totals(box, side)
    lines = box.linescore
    return TeamSheet(
        team=header.teams[side],
        opponent=header.teams[1 - side],
        side=("Visitors", "Home")[side],
        date=header.option("date"),
        columns=_columns(rows, innings),
        rows=rows,
        runs=lines[side].runs,
        hits=hits,
        errors=errors,
        left=left,
        pitchers=[_pitcher_line(box, p) for p in box.team_pitching(side)],
        status=box.status,
        title=GAMES[header.rules].title if header.rules in GAMES else header.rules,
        details={
            key: value
            for key, value in (("site", box.options.get("site")), ("time", box.options.get("time")), *box.officials.items())
            if value
        },
        score=f"{lines[0].name} {lines[0].R}, {lines[1].name} {lines[1].R}",
        totals=(team["AB"], team["R"], team["H"], team["RBI"]),
        notes=note_lines(box, header.teams[side]),
        proof=(team["PA"], lines[side].R, lines[side].LOB, putouts) if box.final else None,
    )


def _pitcher_line(box: BoxScore, line: PitchingLine) -> tuple[str, ...]:
    """A pitcher's name with his decision (`(W)`), then his line in `PITCHER_COLUMNS`."""
    row = pitching_row(box, line)
    pitches = f"{line.pitches}-{line.strikes}" if line.pitches is not None else ""
    name = f"{line.player} {row['note']}" if row["note"] else line.player
    return (name, str(row["IP"]), *(str(row[k]) for k in PITCHER_COLUMNS[1:-1]), pitches)


def count_of(marks: str) -> Count:
    """The count boxes of a plate appearance's pitches (`Rules.count_marks`: B, S, C, F, X):
    a ball or strike box for each ball and strike before the fourth ball or the third strike,
    numbered with its pitch; a foul counts as a strike until the second, and is one of the
    fouls after it."""
    balls: list[int] = []
    strikes: list[int] = []
    fouls = 0
    for number, mark in enumerate(marks, start=1):
        if mark == "B" and len(balls) < 3:
            balls.append(number)
        elif mark in "SCF" and len(strikes) < 2:
            strikes.append(number)
        elif mark == "F":
            fouls += 1
    return Count(tuple(balls), tuple(strikes), fouls)


def _columns(rows: list[Row], innings: int) -> list[Box]:
    """A column for each inning, and one more for each time the order came round in it."""
    trips = dict.fromkeys(range(1, innings + 1), 0)
    for row in rows:
        for inning, trip in row.reached.keys() | row.boxes.keys():
            trips[inning] = max(trips.get(inning, 0), trip)
    return [(inning, trip) for inning, most in sorted(trips.items()) for trip in range(most + 1)]


def _paths(game: Replay, side: int, by_player: dict[str, Row]) -> None:
    """How far each batter got in each box and where he was put out, his count, who made each
    third out, and where the other team's pitcher changed."""
    trips = Trips()
    last_batter: Row | None = None
    changed = False

    def box(row: Row, inning: int) -> Box:
        return inning, trips.latest(side, row.slot, inning)

    for fact in game.facts:
        if fact.kind == PITCHING_CHANGE and fact.team != side:
            changed = True
        if fact.batting != side or not fact.inning:
            continue
        if fact.kind == PLATE_APPEARANCE:
            last_batter = by_player[fact.batter]
            trips.plate_appearance(side, last_batter.slot, fact.inning)
            here = box(last_batter, fact.inning)
            last_batter.reached.setdefault(here, 0)
            marks = game.rules.count_marks(fact.play) if fact.play is not None else ""
            if marks:
                last_batter.counts[here] = count_of(marks)
            if changed:
                last_batter.new_pitcher.add(here)
                changed = False
        for base, name in enumerate(fact.bases_after, start=1):
            if name in by_player:
                row = by_player[name]
                row.reached[box(row, fact.inning)] = max(row.reached.get(box(row, fact.inning), 0), base)
        for run in fact.runs:
            row = by_player[run.runner]
            row.reached[box(row, fact.inning)] = 4
        for number, out in enumerate(fact.outs, start=fact.outs_before + 1):
            row = by_player[out.player]
            row.outs[box(row, out.inning)] = (out.base, number)
        if fact.ends_half and fact.outs_after == 3 and last_batter is not None:
            last_batter.last_out.add(box(last_batter, fact.inning))


# --- drawing ------------------------------------------------------------------------------


def render_sheet(sheets: list[TeamSheet], layout: dict, page: str = "letter") -> bytes:
    """The scoresheet pages as PDF bytes: a landscape page per team, or more when its columns
    do not fit one at the template's narrowest box (`least_box_width`): the later innings go
    on the team's next page, as a scorer takes a second sheet for a long game."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=tuple(layout["page"][page]), invariant=1)
    pdf.setTitle(f"{sheets[0].title if sheets else 'Diceball'} scoresheet")
    draw_sheets(pdf, sheets, layout, page)
    pdf.save()
    return buffer.getvalue()


def draw_sheets(pdf, sheets: list[TeamSheet], layout: dict, page: str = "letter") -> int:
    """Draw the sheets' pages on a reportlab canvas of the `page` size, each ended with
    `showPage` (a book of many games draws them one after another on its canvas); how many."""
    width, height = layout["page"][page]
    font = base_font()
    drawn = 0
    for sheet in sheets:
        pages = _column_pages(sheet, layout, width)
        for number, columns in enumerate(pages, start=1):
            _page(pdf, sheet, layout, Page(width, height, columns, number, len(pages)), font)
            pdf.showPage()
        drawn += len(pages)
    return drawn


def page_count(sheets: list[TeamSheet], layout: dict, page: str = "letter") -> int:
    """How many pages `render_sheet` draws."""
    return sum(len(_column_pages(sheet, layout, layout["page"][page][0])) for sheet in sheets)


@dataclass
class Page:
    width: float
    height: float
    columns: list[Box]  # this page's inning columns
    number: int  # of the team's pages
    count: int

    @property
    def last(self) -> bool:  # the game's totals and pitchers' lines go on a team's last page
        return self.number == self.count


@dataclass(frozen=True)
class Grid:
    """Where a page's batting grid goes (x from the left, y from the bottom)."""

    left: float
    name: float  # the name column's left
    position: float  # the position column's left
    innings: float  # the first inning column's left
    cell: float  # an inning column's width
    totals: float  # the AB R H RBI columns' left
    right: float
    top: float  # the grid's top, over its header row
    header: float  # the header row's bottom
    row_height: float
    summary: float  # the summary rows' bottom (team totals, runs, hits, errors, left on base)

    def column_x(self, i: int) -> float:
        return self.innings + i * self.cell


def _column_pages(sheet: TeamSheet, layout: dict, width: float) -> list[list[Box]]:
    """The team's columns page by page: all on one page when they fit at the template's
    narrowest box, else shared out evenly over as few pages as hold them."""
    g, margin = layout["grid"], layout["page"]["margin"]
    columns = _shown_columns(sheet, g["innings"])
    room = width - 2 * margin - g["slot_width"] - g["name_width"] - g["position_width"] - 4 * g["total_width"]
    most = max(1, int(room // g["least_box_width"]))
    per_page = -(-len(columns) // -(-len(columns) // most))
    return [columns[i : i + per_page] for i in range(0, len(columns), per_page)]


def _shown_rows(sheet: TeamSheet, layout: dict, room: float) -> list[Row]:
    """The batting order, then empty rows up to the template's (a short lineup leaves them for
    the table); more rows than fit at the template's least height are refused."""
    g = layout["grid"]
    rows = sheet.rows + [Row(slot, []) for slot in range(len(sheet.rows) + 1, g["batters"] + 1)]
    if room / len(rows) < g["least_row_height"]:
        most = int(room // g["least_row_height"])
        raise InvalidLayout(
            f"{sheet.team or sheet.side}: a batting order of {len(rows)} does not fit the scoresheet, which has room for {most} batters"
        )
    return rows


SUMMARY = ("Totals", "Runs", "Hits", "Errors", "Left on base")


def _grid(sheet: TeamSheet, layout: dict, page: Page) -> tuple[Grid, list[Row]]:
    g, margin = layout["grid"], layout["page"]["margin"]
    left, right = margin, page.width - margin
    innings = left + g["slot_width"] + g["name_width"] + g["position_width"]
    totals = right - 4 * g["total_width"]
    top = page.height - margin - g["title_height"]
    header = top - g["header_height"]
    summary = margin + g["foot_height"] + _bottom_height(sheet, layout) + g["gap"]
    rows_bottom = summary + len(SUMMARY) * g["summary_row_height"]
    rows = _shown_rows(sheet, layout, header - rows_bottom)
    name = left + g["slot_width"]
    grid = Grid(
        left,
        name,
        name + g["name_width"],
        innings,
        (totals - innings) / len(page.columns),
        totals,
        right,
        top,
        header,
        (header - rows_bottom) / len(rows),
        summary,
    )
    return grid, rows


def _bottom_height(sheet: TeamSheet, layout: dict) -> float:
    """The pitchers' grid's height (and the notes' beside it): a line for each pitcher, at
    least the template's number."""
    g = layout["grid"]
    return g["header_height"] + max(g["pitchers_rows"], len(sheet.pitchers)) * g["pitcher_row_height"]


def _page(pdf, sheet: TeamSheet, layout: dict, page: Page, font: str) -> None:
    grid, rows = _grid(sheet, layout, page)
    shape = box_shape(grid.cell, grid.row_height, layout)
    _title(pdf, sheet, layout, page, font)
    _header_row(pdf, layout, grid, page.columns, font)
    for index, row in enumerate(rows):
        y = grid.header - (index + 1) * grid.row_height
        _row(pdf, row, layout, font, grid, y, page, shape, bool(sheet.columns))
    _summary(pdf, sheet, layout, grid, page, font)
    _grid_lines(pdf, layout, grid, len(rows), len(page.columns))
    bottom = grid.summary - layout["grid"]["gap"]
    notes_left = _pitchers(pdf, sheet, layout, font, grid.left, bottom, page.last)
    _notes(pdf, sheet, layout, font, notes_left, grid.right, bottom, _bottom_height(sheet, layout), page.last)
    _foot(pdf, sheet, layout, font, grid, page)


def _title(pdf, sheet: TeamSheet, layout: dict, page: Page, font: str) -> None:
    """The team and its opponent, the score; under them the date, site, start, umpires and
    scorer (a line to write on where the game file names none)."""
    g, fonts, colors = layout["grid"], layout["fonts"], layout["colors"]
    margin = layout["page"]["margin"]
    top = page.height - margin - fonts["title"]
    pdf.setFillColorRGB(*colors["ink"])
    title = sheet.team or "Team ____________________"
    versus = f"{sheet.side} vs {sheet.opponent}" if sheet.opponent else sheet.side
    text, size = fit(f"{title}  ({versus})", font, fonts["title"], page.width - 2 * margin - g["title_reserve"])
    draw(pdf, margin, top, text, font, size)
    score = f"{sheet.score}  ·  {sheet.status}" if sheet.score else "Final score  ________  ________"
    shown, size = fit(score, font, fonts["title"] - 2, g["title_reserve"])
    draw(pdf, page.width - margin, top, shown, font, size, "right")
    x, y = margin, top - fonts["info"] - 5
    values = {"date": sheet.date, **sheet.details}
    pdf.setStrokeColorRGB(*colors["faint"])
    pdf.setLineWidth(layout["box"]["line"])
    for label, key in DETAILS:
        value = values.get(key, "")
        pdf.setFillColorRGB(0, 0, 0)
        draw(pdf, x, y, f"{label}:", font, fonts["info"])
        x += width(f"{label}: ", font, fonts["info"])
        if value:
            pdf.setFillColorRGB(*colors["ink"])
            shown, size = fit(value, font, fonts["info"], g["detail_width"] * (3 if key == "umpires" else 1))
            draw(pdf, x, y, shown, font, size)
            x += width(shown, font, size) + 14
        else:  # room to write it in
            blank = g["detail_width"] * (3 if key == "umpires" else 1) * 0.6
            pdf.line(x, y - 1.5, x + blank, y - 1.5)
            x += blank + 14
    pdf.setFillColorRGB(0, 0, 0)
    where = f"{sheet.title[:1].upper()}{sheet.title[1:]} scoresheet" + (
        f"  ·  page {page.number} of {page.count}" if page.count > 1 else ""
    )
    draw(pdf, page.width - margin, y, where, font, fonts["small"], "right")


def _header_row(pdf, layout: dict, grid: Grid, columns: list[Box], font: str) -> None:
    size = layout["fonts"]["header"]
    y = grid.header + 4
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, grid.left + 2, y, "#", font, size)
    draw(pdf, grid.name + 3, y, "Batter", font, size)
    draw(pdf, grid.position + 2, y, "Pos", font, size)
    for i, (inning, _) in enumerate(columns):
        draw(pdf, grid.column_x(i) + 0.5 * grid.cell, y, str(inning), font, size, "centre")
    for i, name in enumerate(("AB", "R", "H", "RBI")):
        draw(pdf, grid.totals + (i + 0.5) * layout["grid"]["total_width"], y, name, font, size, "centre")


def _shown_columns(sheet: TeamSheet, least: int) -> list[Box]:
    """The sheet's columns, then empty ones for the innings after, up to the template's count."""
    columns = list(sheet.columns)
    following = columns[-1][0] + 1 if columns else 1
    while len(columns) < least:
        columns.append((following, 0))
        following += 1
    return columns


@dataclass(frozen=True)
class BoxShape:
    """An inning box's parts, from its lower left corner: the count boxes in the top left
    corner (a row of balls over a row of strikes, the fouls after two strikes beside them),
    the out's circle in the lower left one, and the diamond (its centre and half diagonal) as
    large as the box leaves clear of them."""

    side: float  # a count box's
    left: float  # the count boxes' left
    tops: tuple[float, float]  # the ball row's top, the strike row's
    cx: float
    cy: float
    r: float
    out_x: float
    out_y: float

    def count_box(self, row: int, n: int) -> tuple[float, float]:
        """The lower left corner of count box `n` (0 the first) of row 0 (balls) or 1 (strikes)."""
        return self.left + n * (self.side + 1), self.tops[row] - self.side


def box_shape(w: float, h: float, layout: dict) -> BoxShape:
    """The parts of a box `w` wide and `h` high (`BoxShape`): the count boxes as the template
    has them, smaller in a small box; the diamond up to the template's share of the height."""
    box, fonts = layout["box"], layout["fonts"]
    return _box_shape(
        w, h, box["count_box"], box["balls"], box["strikes"], box["diamond"], fonts["count"], fonts["out"]
    )


@functools.lru_cache(maxsize=64)  # a page's boxes are all one size, and nearly every page's the same
def _box_shape(
    w: float, h: float, count_box: float, balls: int, strikes: int, share: float, label: float, out: float
) -> BoxShape:
    """`box_shape` of plain numbers (so that it can be remembered): the largest diamond, from
    the template's share down, at the spot nearest the box's centre clear of the count boxes
    and the out's circle."""
    side = min(count_box, (h - 4) / 6, (w - label - 4) / (max(balls, strikes + 1) + 1.5))
    left = 1.5 + label
    tops = (h - 1.5, h - 3 - side)
    radius = out * 0.75
    blocked = (  # the count rows (the strikes' with the fouls' place), the out's circle: (x0, y0, x1, y1)
        (1.0, tops[0] - side, left + balls * (side + 1), h),
        (1.0, tops[1] - side, left + (strikes + 1) * (side + 1), tops[1]),
        (1.0, 1.0, 2 + 2 * radius, 2 + 2 * radius),
    )
    r = min(h * share, (w - 3) / 2, (h - 3) / 2)
    while r > 2:
        spots = [
            (cx / 2, cy / 2)
            for cx in range(int(2 * (r + 1.5)), int(2 * (w - 1.5 - r)) + 1)
            for cy in range(int(2 * (r + 2)), int(2 * (h - 1.5 - r)) + 1)
        ]
        spots.sort(key=lambda spot: abs(spot[0] - w / 2) + abs(spot[1] - h / 2))  # nearest the box's centre
        clear = next((spot for spot in spots if all(_distance(spot, rect) >= r + 0.75 for rect in blocked)), None)
        if clear:
            return BoxShape(side, left, tops, clear[0], clear[1], r, 1.5 + radius, 1.5 + radius)
        r -= 0.25
    return BoxShape(side, left, tops, w / 2, h / 2, r, 1.5 + radius, 1.5 + radius)


def _distance(point: tuple[float, float], rect: tuple[float, float, float, float]) -> float:
    """How far a point is from a rectangle, along the diamond's axes (the L1 distance): a
    diamond round the point with a smaller half diagonal does not touch it."""
    x, y = point
    x0, y0, x1, y1 = rect
    return max(x0 - x, 0, x - x1) + max(y0 - y, 0, y - y1)


def _row(pdf, row: Row, layout: dict, font: str, grid: Grid, y: float, page: Page, shape: BoxShape, labels_once: bool) -> None:
    """A slot's row: its number, a line for each of its players (name, positions and, on the
    team's last page, his totals), and a box an inning column."""
    g, fonts, colors = layout["grid"], layout["fonts"], layout["colors"]
    h = grid.row_height
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, grid.left + g["slot_width"] / 2, y + h / 2 - 3, str(row.slot), font, fonts["header"], "centre")
    places = max(1 + g["substitute_lines"], len(row.lines))
    line_height = (h - 2) / places
    pdf.setStrokeColorRGB(*colors["faint"])
    pdf.setLineWidth(layout["box"]["line"])
    for n in range(1, places):  # a line for each substitute, the last rows of a slot for more
        line_y = y + h - 1 - n * line_height
        pdf.line(grid.name + 2, line_y, grid.innings - 2, line_y)
        pdf.line(grid.totals + 2, line_y, grid.right - 2, line_y)
    for n, player in enumerate(row.lines):
        size = min(fonts["name"] if n == 0 else fonts["substitute"], line_height - 1.5)
        base = y + h - 1 - (n + 1) * line_height + (line_height - size) / 2 + 1
        indent = 0 if n == 0 else 5
        pdf.setFillColorRGB(*colors["ink"])
        room = g["name_width"] - 6 - indent
        if player.entered:
            inning = f"({player.entered})"
            draw(pdf, grid.position - 3, base, inning, font, fonts["small"], "right")
            room -= width(inning, font, fonts["small"]) + 2
        text, fitted = fit(player.name, font, size, room)
        draw(pdf, grid.name + 3 + indent, base, text, font, fitted)
        if player.positions:
            text, fitted = fit(player.positions, font, min(fonts["position"], size), g["position_width"] - 3)
            draw(pdf, grid.position + 1.5, base, text, font, fitted)
        if player.totals and page.last:
            for i, value in enumerate(player.totals):
                draw(pdf, grid.totals + (i + 0.5) * g["total_width"], base, str(value), font, size, "centre")
    for i, column in enumerate(page.columns):
        # A blank sheet labels every box's count boxes; a filled one those of its first column, a
        # key (a label a box is a third of the page's drawing, and a book draws thousands).
        labelled = not labels_once or i == 0
        _box(pdf, row, column, layout, font, grid.column_x(i), y, grid.cell, h, shape, labelled)


def _box(pdf, row: Row, column: Box, layout: dict, font: str, x: float, y: float, w: float, h: float, shape: BoxShape, labelled: bool) -> None:
    """An inning box: the count boxes (`labelled`) with the pitches' numbers, the diamond with
    the runner's path, where he was put out and (filled) his run, the codes in the diamond, the
    out's number."""
    box, colors = layout["box"], layout["colors"]
    _count_boxes(pdf, row.counts.get(column), layout, font, x, y, shape, labelled)
    cx, cy, r = x + shape.cx, y + shape.cy, shape.r
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]  # home, 1st, 2nd, 3rd
    reached = row.reached.get(column, 0)
    scored = reached == 4
    pdf.setStrokeColorRGB(*colors["diamond"])
    pdf.setLineWidth(box["line"])
    path = pdf.beginPath()
    path.moveTo(*points[0])
    for point in points[1:] + points[:1]:
        path.lineTo(*point)
    if scored:
        pdf.setFillColorRGB(*colors["run"])
        pdf.drawPath(path, stroke=1, fill=1)
    else:
        pdf.drawPath(path, stroke=1, fill=0)
    base, number = row.outs.get(column, (0, 0))
    safe = max(reached, base - 1 if base else 0)
    pdf.setStrokeColorRGB(*colors["path"])
    pdf.setLineWidth(box["path"])
    corners = points + points[:1]
    if not scored:
        for a, b in pairwise(corners[: safe + 1]):
            pdf.line(*a, *b)
    if base:  # half way to the base where he was put out, and a bar across
        (ax, ay), (bx, by) = corners[base - 1], corners[base]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        pdf.line(ax, ay, mx, my)
        dx, dy = (by - ay) * 0.18, (ax - bx) * 0.18
        pdf.line(mx - dx, my - dy, mx + dx, my + dy)
    _codes(pdf, row.boxes.get(column, ""), layout, font, cx, cy, r, scored)
    if number:
        pdf.setStrokeColorRGB(*colors["ink"])
        pdf.setLineWidth(box["line"] * 2)
        radius = layout["fonts"]["out"] * 0.75
        pdf.circle(x + shape.out_x, y + shape.out_y, radius, stroke=1, fill=0)
        pdf.setFillColorRGB(*colors["ink"])
        draw(
            pdf,
            x + shape.out_x,
            y + shape.out_y - layout["fonts"]["out"] * 0.36,
            str(number),
            font,
            layout["fonts"]["out"],
            "centre",
        )
    pdf.setStrokeColorRGB(*colors["ink"])
    pdf.setLineWidth(box["heavy"])
    if column in row.last_out:  # the line after the third out
        pdf.line(x + 1, y + 1, x + w - 1, y + 1)
    if column in row.new_pitcher:  # a new pitcher faced this batter first
        pdf.line(x + 1, y + 1, x + 1, y + h - 1)


def _count_boxes(pdf, count: Count | None, layout: dict, font: str, x: float, y: float, shape: BoxShape, labelled: bool) -> None:
    """The ball and strike boxes (`labelled` B and S), each filled with the number of its
    pitch, and a tick for each foul after two strikes beside the strikes."""
    box, fonts, colors = layout["box"], layout["fonts"], layout["colors"]
    size, side = fonts["count"], shape.side
    pdf.setStrokeColorRGB(*colors["count"])
    pdf.setLineWidth(box["line"])
    for row, (label, boxes) in enumerate((("B", box["balls"]), ("S", box["strikes"]))):
        if labelled:
            pdf.setFillColorRGB(*colors["count"])
            draw(pdf, x + shape.left - 0.8, y + shape.tops[row] - side + (side - size * 0.72) / 2, label, font, size, "right")
        for n in range(boxes):
            bx, by = shape.count_box(row, n)
            pdf.rect(x + bx, y + by, side, side)
    if count is None:
        return
    pdf.setFillColorRGB(*colors["ink"])
    for row, numbers in enumerate((count.balls, count.strikes)):
        for n, number in enumerate(numbers[: (box["balls"], box["strikes"])[row]]):
            bx, by = shape.count_box(row, n)
            digits, fitted = fit(str(number), font, size, side - 0.6, smallest=2.5)
            draw(pdf, x + bx + side / 2, y + by + (side - fitted * 0.72) / 2, digits, font, fitted, "centre")
    if count.fouls:
        fx, fy = shape.count_box(1, box["strikes"])
        pdf.setStrokeColorRGB(*colors["ink"])
        if count.fouls <= 4:
            for n in range(count.fouls):
                tick_x = x + fx + 0.6 + n * (side - 1.2) / 3
                pdf.line(tick_x, y + fy + 0.6, tick_x, y + fy + side - 0.6)
        else:
            draw(pdf, x + fx, y + fy + (side - size * 0.72) / 2, str(count.fouls), font, size)


def _codes(pdf, text: str, layout: dict, font: str, cx: float, cy: float, r: float, scored: bool) -> None:
    """The box's codes in the diamond: the plate appearance's on the first line, what he did
    on the bases on the next, on more lines where one does not fit; white on a run's filled
    diamond."""
    if not text:
        return
    pdf.setFillColorRGB(*((1, 1, 1) if scored else layout["colors"]["ink"]))
    for line, size, base in _code_lines(text, font, layout["fonts"]["code"], layout["fonts"]["least_code"], r):
        draw(pdf, cx, cy + base, line, font, size, "centre")


@functools.lru_cache(maxsize=4096)
def _code_lines(text: str, font: str, size: float, least: float, r: float) -> tuple[tuple[str, float, float], ...]:
    """The codes' lines in a diamond of half diagonal `r`: (text, size, baseline from the
    centre). The plate appearance's code first, the runner's marks after it on one line or
    more: the arrangement whose smallest letters are largest, none cut that any can keep whole."""
    parts = text.split(", ")
    best: tuple[tuple[str, float, float], ...] = ()
    for count in range(1, len(parts) + 1):
        lines = [text] if count == 1 else [parts[0], *_chunks(parts[1:], count - 1)]
        placed = []
        for n, line in enumerate(lines):
            height = 0.8 * size + 0.5  # a capital's height (0.72) and a little
            base = count * height / 2 - (n + 1) * height + (height - 0.72 * size) / 2
            room = 2 * (r - abs(base + 0.36 * size) - 0.12 * size) - 1  # the diamond's width at the line's letters
            shown, fitted = fit(line, font, size, room, smallest=least if count < len(parts) else 2.5)
            placed.append((shown, fitted, base + (size - fitted) * 0.36))
        whole = all(shown == line for (shown, _, _), line in zip(placed, lines))
        if whole and (not best or min(p[1] for p in placed) > min(p[1] for p in best)):
            best = tuple(placed)
    return best or tuple(placed)


def _chunks(parts: list[str], count: int) -> list[str]:
    """The parts on `count` lines, in order, as evenly as they go."""
    each = -(-len(parts) // count)
    return [", ".join(parts[i : i + each]) for i in range(0, len(parts), each)]


def _summary(pdf, sheet: TeamSheet, layout: dict, grid: Grid, page: Page, font: str) -> None:
    """Under the batters: the team's totals, then each inning's runs, hits, errors (the side in
    the field's) and runners left on base, under its first column, with the game's on the right."""
    g, fonts = layout["grid"], layout["fonts"]
    height = g["summary_row_height"]
    by_inning = (sheet.runs, sheet.hits, sheet.errors, sheet.left)
    for index, label in enumerate(SUMMARY):
        y = grid.summary + (len(SUMMARY) - 1 - index) * height + (height - fonts["header"]) / 2 + 1
        pdf.setFillColorRGB(0, 0, 0)
        draw(pdf, grid.name + 3, y, label, font, fonts["header"])
        pdf.setFillColorRGB(*layout["colors"]["ink"])
        if index == 0:
            if sheet.totals and page.last:
                for i, value in enumerate(sheet.totals):
                    draw(
                        pdf, grid.totals + (i + 0.5) * g["total_width"], y, str(value), font, fonts["header"], "centre"
                    )
            continue
        values = by_inning[index - 1]
        for i, (inning, trip) in enumerate(page.columns):  # under the inning's first column
            value = values[inning - 1] if trip == 0 and inning <= len(values) else None
            if value is not None:
                draw(pdf, grid.column_x(i) + 0.5 * grid.cell, y, str(value), font, fonts["header"], "centre")
        if values and page.last:
            draw(
                pdf,
                grid.totals + 2 * g["total_width"],
                y,
                str(sum(v or 0 for v in values)),
                font,
                fonts["header"],
                "centre",
            )


def _grid_lines(pdf, layout: dict, grid: Grid, rows: int, innings: int) -> None:
    g, box, colors = layout["grid"], layout["box"], layout["colors"]
    pdf.setStrokeColorRGB(*colors["rule"])
    pdf.setLineWidth(box["line"])
    bottom, rows_bottom = grid.summary, grid.header - rows * grid.row_height
    pdf.rect(grid.left, bottom, grid.right - grid.left, grid.top - bottom)
    pdf.line(grid.left, grid.header, grid.right, grid.header)
    for r in range(1, rows + 1):
        pdf.line(grid.left, grid.header - r * grid.row_height, grid.right, grid.header - r * grid.row_height)
    for n in range(1, len(SUMMARY)):
        line_y = grid.summary + n * g["summary_row_height"]
        pdf.line(grid.left, line_y, grid.right, line_y)
    pdf.line(grid.name, grid.top, grid.name, rows_bottom)
    pdf.line(grid.position, grid.top, grid.position, rows_bottom)
    for x in (grid.innings, *(grid.column_x(i) for i in range(1, innings)), grid.totals):
        pdf.line(x, grid.top, x, bottom)
    top_summary = (
        grid.summary + (len(SUMMARY) - 1) * g["summary_row_height"]
    )  # the game's totals of the innings' rows span the four
    for i in range(1, 4):
        x = grid.totals + i * g["total_width"]
        pdf.line(x, grid.top, x, top_summary)
    pdf.setLineWidth(box["heavy"] / 2)
    pdf.line(grid.left, rows_bottom, grid.right, rows_bottom)


def _pitchers(pdf, sheet: TeamSheet, layout: dict, font: str, left: float, top: float, lines: bool) -> float:
    """The pitchers' grid: each pitcher's name (with his decision), and (`lines`: on the team's
    last page) his line; where it ends on the right."""
    g, fonts, box, colors = layout["grid"], layout["fonts"], layout["box"], layout["colors"]
    widths = [g["pitcher_column_width"]] * (len(PITCHER_COLUMNS) - 1) + [g["pitches_width"]]
    lefts = [left + g["pitcher_name_width"] + sum(widths[:i]) for i in range(len(widths))]
    right = lefts[-1] + widths[-1]
    rows = max(g["pitchers_rows"], len(sheet.pitchers))
    height = g["header_height"] + rows * g["pitcher_row_height"]
    pdf.setStrokeColorRGB(*colors["rule"])
    pdf.setLineWidth(box["line"])
    pdf.rect(left, top - height, right - left, height)
    pdf.setFillColorRGB(0, 0, 0)
    header_y = top - g["header_height"] + 4
    draw(pdf, left + 3, header_y, "Pitchers", font, fonts["header"])
    for x, w, name in zip(lefts, widths, PITCHER_COLUMNS):
        pdf.line(x, top, x, top - height)
        draw(pdf, x + w / 2, header_y, name, font, fonts["header"], "centre")
    for r in range(rows):
        y = top - g["header_height"] - (r + 1) * g["pitcher_row_height"]
        pdf.line(left, y + g["pitcher_row_height"], right, y + g["pitcher_row_height"])
        if r < len(sheet.pitchers):
            name, *values = sheet.pitchers[r]
            pdf.setFillColorRGB(*colors["ink"])
            text, size = fit(name, font, fonts["name"], g["pitcher_name_width"] - 6)
            draw(pdf, left + 3, y + 3, text, font, size)
            for x, w, value in zip(lefts, widths, values if lines else ()):
                shown, fitted = fit(value, font, fonts["name"], w - 2)
                draw(pdf, x + w / 2, y + 3, shown, font, fitted, "centre")
    return right


def _notes(
    pdf, sheet: TeamSheet, layout: dict, font: str, left: float, right: float, top: float, height: float, filled: bool
) -> None:
    """The notes beside the pitchers: the box score's notes lines of the team on its last page,
    else ruled lines to write on."""
    g, fonts, box, colors = layout["grid"], layout["fonts"], layout["box"], layout["colors"]
    left += g["gap"]
    pdf.setStrokeColorRGB(*colors["rule"])
    pdf.setLineWidth(box["line"])
    pdf.rect(left, top - height, right - left, height)
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, left + 3, top - g["header_height"] + 4, "Notes", font, fonts["header"])
    size, leading = fonts["notes"], fonts["notes"] + 2
    lines = _wrapped(sheet.notes if filled else [], font, size, right - left - 6)
    pdf.setStrokeColorRGB(*colors["faint"])
    y = top - g["header_height"] - leading
    pdf.setFillColorRGB(*colors["ink"])
    while y > top - height + 1:
        if lines:
            draw(pdf, left + 3, y + 1.5, lines.pop(0), font, size)
        else:
            pdf.line(left + 3, y, right - 3, y)
        y -= leading


def _wrapped(notes: list[str], font: str, size: float, room: float) -> list[str]:
    """The notes broken at spaces into lines that fit `room`."""
    lines: list[str] = []
    for note in notes:
        line = ""
        for word in note.split(" "):
            tried = f"{line} {word}".strip()
            if line and width(tried, font, size) > room:
                lines.append(line)
                line = word
            else:
                line = tried
        lines.append(fit(line, font, size, room)[0])
    return lines


def _foot(pdf, sheet: TeamSheet, layout: dict, font: str, grid: Grid, page: Page) -> None:
    """The box score's proof (official rule 9.03(c)): the team's plate appearances equal its
    runs, its runners left on base and the other side's putouts; for the scorer to do on a blank sheet."""
    fonts, colors = layout["fonts"], layout["colors"]
    y = layout["page"]["margin"]
    pdf.setFillColorRGB(*colors["ink"])
    if sheet.proof and page.last:
        pa, runs, left, putouts = sheet.proof
        balanced = "✓" if pa == runs + left + putouts else f"✗ off by {pa - runs - left - putouts}"
        text = f"Proof (rule 9.03(c)): PA {pa} = R {runs} + LOB {left} + {sheet.opponent or 'opponents'} putouts {putouts}  {balanced}"
    else:
        text = "Proof (rule 9.03(c)): PA ____ = R ____ + LOB ____ + opponents' putouts ____"
    draw(pdf, grid.left, y, text, font, fonts["small"] + 1)
