"""The rulebook's scoresheet as a PDF: blank for the table, or filled from a recorded game.

`sheet_data` reads a game's facts into rows and boxes; `render_sheet` draws them (pure: data in,
PDF bytes out; `invariant=1` makes the bytes the same on every run). The geometry and styles
are data: scorebook/templates/scoresheet.toml (`load_layout`).

A box is an inning and a trip round the batting order (`box.Trips`): when a team bats around,
the second plate appearance goes in the next column, headed with the inning it belongs to, and
the later innings move one column right, as a scorer on paper does.
"""

from __future__ import annotations

import io
import tomllib
from dataclasses import dataclass, field
from itertools import pairwise

from scorebook.engine.core import Replay
from scorebook.engine.facts import PITCHING_CHANGE, PLATE_APPEARANCE, SUBSTITUTION
from scorebook.formulas import innings_pitched
from scorebook.problems import InvalidLayout
from scorebook.reports.box import Trips, box_score
from scorebook.reports.fonts import base_font, draw, fit
from scorebook.shipped import shipped

Box = tuple[int, int]  # an inning and the trip round the batting order in it (0: the first)
TEMPLATES = shipped("templates")


def load_layout(name: str = "scoresheet") -> dict:
    """A printable layout from the templates (found installed or in a checkout)."""
    return tomllib.loads((TEMPLATES / f"{name}.toml").read_text("utf-8"))


@dataclass
class Row:
    slot: int
    players: list[str]
    boxes: dict[Box, str] = field(default_factory=dict)  # the scoresheet's text
    reached: dict[Box, int] = field(default_factory=dict)  # furthest base (4 = scored)
    last_out: set[Box] = field(default_factory=set)  # boxes whose batter made the third out
    new_pitcher: set[Box] = field(default_factory=set)  # boxes where a new pitcher first faced him
    totals: tuple[int, int, int, int] | None = None  # AB R H RBI


@dataclass
class TeamSheet:
    team: str
    opponent: str
    side: str
    date: str
    columns: list[Box]  # the boxes' columns, left to right (none: a blank sheet)
    rows: list[Row]
    runs: list[int | None] = field(default_factory=list)
    pitchers: list[tuple[str, ...]] = field(default_factory=list)  # name IP H R ER BB SO HR
    status: str = ""


def blank_sheets(
    lineups: tuple[list[str], list[str]] = ([], []), teams: tuple[str, str] = ("", ""), pitchers: tuple[str, str] = ("", "")
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
            [Row(slot, [name]) for slot, name in enumerate(lineups[side], start=1)],
            pitchers=[(pitchers[side], *[""] * 7)] if pitchers[side] else [],
        )
        for side, team in enumerate(teams)
    ]


def sheet_data(game: Replay) -> list[TeamSheet]:
    """A game's two pages: each batter's boxes by inning as the rulebook writes them, how far
    he got round the bases, the third outs, the opposing pitching changes, totals, pitchers."""
    header = game.game.header
    box = box_score(game)
    sheets = []
    for side in (0, 1):
        rows = [Row(slot, [entry.name]) for slot, entry in enumerate(header.lineups[side], start=1)]
        by_player = {entry.name: rows[i] for i, entry in enumerate(header.lineups[side])}
        for fact in game.facts:
            if fact.kind == SUBSTITUTION and fact.team == side and fact.player != fact.replaced:
                rows[fact.slot - 1].players.append(fact.player)
                by_player[fact.player] = rows[fact.slot - 1]
        for line in box.team_batting(side):  # a pinch runner's marks follow his batter's in the box
            row = by_player[line.player]
            for inning, trips in line.boxes.items():
                for trip, texts in trips.items():
                    row.boxes[inning, trip] = ", ".join(filter(None, (row.boxes.get((inning, trip)), *texts)))
        for line in box.team_batting(side):
            row = by_player[line.player]
            c = line.counts
            if not (c["PA"] or c["R"]):
                continue
            ab, runs, hits, rbi = row.totals or (0, 0, 0, 0)
            row.totals = (ab + c["AB"], runs + c["R"], hits + c["H"], rbi + c["RBI"])
        _paths(game, side, by_player)
        innings = len(box.linescore[side].runs)
        pitchers = [
            (p.player, innings_pitched(p.counts["outs"]), *(str(p.counts[k]) for k in ("H", "R", "ER", "BB", "SO", "HR")))
            for p in box.team_pitching(side)
        ]
        sheets.append(
            TeamSheet(
                team=header.teams[side],
                opponent=header.teams[1 - side],
                side=("Visitors", "Home")[side],
                date=header.option("date"),
                columns=_columns(rows, innings),
                rows=rows,
                runs=box.linescore[side].runs,
                pitchers=pitchers,
                status=box.status,
            )
        )
    return sheets


def _columns(rows: list[Row], innings: int) -> list[Box]:
    """A column for each inning, and one more for each time the order came round in it."""
    trips = dict.fromkeys(range(1, innings + 1), 0)
    for row in rows:
        for inning, trip in row.reached.keys() | row.boxes.keys():
            trips[inning] = max(trips.get(inning, 0), trip)
    return [(inning, trip) for inning, most in sorted(trips.items()) for trip in range(most + 1)]


def _paths(game: Replay, side: int, by_player: dict[str, Row]) -> None:
    """How far each batter got in each box, who made each third out, and where the other
    team's pitcher changed."""
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
            last_batter.reached.setdefault(box(last_batter, fact.inning), 0)
            if changed:
                last_batter.new_pitcher.add(box(last_batter, fact.inning))
                changed = False
        for base, name in enumerate(fact.bases_after, start=1):
            if name in by_player:
                row = by_player[name]
                row.reached[box(row, fact.inning)] = max(row.reached.get(box(row, fact.inning), 0), base)
        for run in fact.runs:
            row = by_player[run.runner]
            row.reached[box(row, fact.inning)] = 4
        if fact.ends_half and fact.outs_after == 3 and last_batter is not None:
            last_batter.last_out.add(box(last_batter, fact.inning))


# --- drawing ------------------------------------------------------------------------------


def render_sheet(sheets: list[TeamSheet], layout: dict, page: str = "letter") -> bytes:
    """The scoresheet pages as PDF bytes: a landscape page per team, or more when its columns
    do not fit one at the template's narrowest box (`least_box_width`): the later innings go
    on the team's next page, as a scorer takes a second sheet for a long game."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    width, height = layout["page"][page]
    pdf = canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    pdf.setTitle("Diceball! scoresheet")
    font = base_font()
    for sheet in sheets:
        pages = _column_pages(sheet, layout, width)
        for number, columns in enumerate(pages, start=1):
            _page(pdf, sheet, layout, Page(width, height, columns, number, len(pages)), font)
            pdf.showPage()
    pdf.save()
    return buffer.getvalue()


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


def _column_pages(sheet: TeamSheet, layout: dict, width: float) -> list[list[Box]]:
    """The team's columns page by page: all on one page when they fit at the template's
    narrowest box, else shared out evenly over as few pages as hold them."""
    g, margin = layout["grid"], layout["page"]["margin"]
    columns = _shown_columns(sheet, g["innings"])
    room = width - 2 * margin - g["slot_width"] - g["name_width"] - 4 * g["total_width"]
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
        raise InvalidLayout(f"{sheet.team or sheet.side}: a batting order of {len(rows)} does not fit the scoresheet, which has room for {most} batters")
    return rows


def _page(pdf, sheet: TeamSheet, layout: dict, page: Page, font: str) -> None:
    g, fonts, colors = layout["grid"], layout["fonts"], layout["colors"]
    margin = layout["page"]["margin"]
    width, height, columns = page.width, page.height, page.columns
    totals = ("AB", "R", "H", "RBI")
    left = margin
    inning_left = left + g["slot_width"] + g["name_width"]
    totals_left = width - margin - len(totals) * g["total_width"]
    cell = (totals_left - inning_left) / len(columns)
    pitchers_height = g["pitchers_rows"] * g["pitcher_row_height"] + g["header_height"]
    top = height - margin - g["title_height"]
    grid_bottom = margin + pitchers_height + g["gap"] + g["runs_height"]
    rows = _shown_rows(sheet, layout, top - g["header_height"] - grid_bottom)
    row_height = (top - g["header_height"] - grid_bottom) / len(rows)
    diamond = _diamond_size(cell, row_height, layout["box"])
    # Title
    pdf.setFillColorRGB(*colors["ink"])
    title = sheet.team or "Team ____________________"
    versus = f"{sheet.side} vs {sheet.opponent}" if sheet.opponent else sheet.side
    when = f"  {sheet.date}" if sheet.date else ""
    text, size = fit(f"{title}  ({versus}){when}", font, fonts["title"], width - 2 * margin - g["title_reserve"])
    draw(pdf, left, height - margin - fonts["title"], text, font, size)
    status = ["Diceball! scoresheet", sheet.status] + ([f"page {page.number} of {page.count}"] if page.count > 1 else [])
    draw(pdf, width - margin, height - margin - fonts["title"], "  ·  ".join(filter(None, status)), font, fonts["small"], "right")
    # Header row
    header_y = top - g["header_height"]
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, left + 2, header_y + 4, "#", font, fonts["header"])
    draw(pdf, left + g["slot_width"] + 2, header_y + 4, "Batter", font, fonts["header"])
    for i, (inning, _) in enumerate(columns):
        draw(pdf, inning_left + (i + 0.5) * cell, header_y + 4, str(inning), font, fonts["header"], "centre")
    for i, name in enumerate(totals):
        draw(pdf, totals_left + (i + 0.5) * g["total_width"], header_y + 4, name, font, fonts["header"], "centre")
    # Rows
    for index, row in enumerate(rows):
        y = header_y - (index + 1) * row_height
        _row(pdf, row, layout, font, left, y, row_height, inning_left, cell, columns, totals_left if page.last else None, diamond)
    # Runs per inning
    runs_y = grid_bottom - g["runs_height"]
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, left + g["slot_width"] + 3, runs_y + 4, "Runs", font, fonts["header"])
    for i, (inning, trip) in enumerate(columns):  # under the inning's first column
        value = sheet.runs[inning - 1] if trip == 0 and inning <= len(sheet.runs) else None
        if value is not None:
            draw(pdf, inning_left + (i + 0.5) * cell, runs_y + 4, str(value), font, fonts["header"], "centre")
    if sheet.runs and page.last:
        draw(pdf, totals_left + 1.5 * g["total_width"], runs_y + 4, str(sum(r or 0 for r in sheet.runs)), font, fonts["header"], "centre")
    _grid_lines(pdf, layout, left, top, runs_y, header_y, row_height, len(rows), inning_left, cell, len(columns), totals_left, width - margin)
    _pitchers(pdf, sheet, layout, font, left, runs_y - g["gap"], page.last)


def _shown_columns(sheet: TeamSheet, least: int) -> list[Box]:
    """The sheet's columns, then empty ones for the innings after, up to the template's count."""
    columns = list(sheet.columns)
    following = columns[-1][0] + 1 if columns else 1
    while len(columns) < least:
        columns.append((following, 0))
        following += 1
    return columns


def _diamond_size(w: float, h: float, box: dict) -> float:
    """The diamond's size: the template's share of the box's height, less if a narrow box would
    put it over the ball and strike boxes (drawn from the box's lower left corner)."""
    size = h * box["diamond"]
    side = box["count_box"]
    rows = ((box["balls"], 2 + side), (box["strikes"], 3 + 2 * side))  # each row's boxes and its top

    def clear(size: float) -> bool:  # the diamond's lower left edge passes right of each row's last box
        corner_x, corner_y = w - 1.25 * size - 2, 0.75 * size + 2  # its left corner, from the box's corner
        return all(corner_x + max(0.0, corner_y - top) >= 3 + count * (side + 1) for count, top in rows)

    while size > 1 and not clear(size):
        size -= 0.5
    return size


def _row(pdf, row: Row, layout, font, left, y, h, inning_left, cell, columns: list[Box], totals_left: float | None, diamond: float) -> None:
    """A batter's row: slot, names, a box an inning column, and (`totals_left`, on the team's
    last page) his totals."""
    g, fonts, box, colors = layout["grid"], layout["fonts"], layout["box"], layout["colors"]
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, left + g["slot_width"] / 2, y + h / 2 - 3, str(row.slot), font, fonts["header"], "centre")
    name_left = left + g["slot_width"] + 3
    pdf.setFillColorRGB(*colors["ink"])
    if row.players:
        text, size = fit(row.players[0], font, fonts["name"], g["name_width"] - 6)
        draw(pdf, name_left, y + h - fonts["name"] - 3, text, font, size)
    for n, sub in enumerate(row.players[1:], start=1):
        text, size = fit(sub, font, fonts["substitute"], g["name_width"] - 10)
        draw(pdf, name_left + 4, y + h - fonts["name"] - 3 - n * (fonts["substitute"] + 1.5), text, font, size)
    # The room for substitutes: faint lines under the starter's name.
    pdf.setStrokeColorRGB(*colors["faint"])
    pdf.setLineWidth(box["line"])
    for n in range(1, g["substitute_lines"] + 1):
        line_y = y + h - fonts["name"] - 5 - n * (fonts["substitute"] + 1.5)
        if line_y > y + 2:
            pdf.line(name_left, line_y, left + g["slot_width"] + g["name_width"] - 4, line_y)
    for i, column in enumerate(columns):
        _box(pdf, row, column, layout, font, inning_left + i * cell, y, cell, h, diamond)
    if row.totals and totals_left is not None:
        pdf.setFillColorRGB(*colors["ink"])
        for i, value in enumerate(row.totals):
            draw(pdf, totals_left + (i + 0.5) * g["total_width"], y + h / 2 - 3, str(value), font, fonts["name"], "centre")


def _box(pdf, row: Row, column: Box, layout, font, x, y, w, h, size) -> None:
    """An inning box: its codes top left, the ball and strike boxes bottom left, and the
    diamond (`size`) bottom right with the runner's path."""
    fonts, box, colors = layout["fonts"], layout["box"], layout["colors"]
    cx, cy = x + w - size * 0.75 - 2, y + size * 0.75 + 2
    points = [(cx, cy - size / 2), (cx + size / 2, cy), (cx, cy + size / 2), (cx - size / 2, cy)]  # home, 1st, 2nd, 3rd
    pdf.setStrokeColorRGB(*colors["faint"])
    pdf.setLineWidth(box["line"])
    path = pdf.beginPath()
    path.moveTo(*points[0])
    for point in points[1:] + points[:1]:
        path.lineTo(*point)
    reached = row.reached.get(column)
    if reached == 4:
        pdf.setFillColorRGB(*colors["run"])
        pdf.drawPath(path, stroke=1, fill=1)
    else:
        pdf.drawPath(path, stroke=1, fill=0)
        if reached:
            pdf.setStrokeColorRGB(*colors["run"])
            pdf.setLineWidth(box["heavy"])
            for a, b in pairwise(points[: reached + 1]):
                pdf.line(*a, *b)
    # Ball and strike boxes along the bottom.
    pdf.setStrokeColorRGB(*colors["faint"])
    pdf.setLineWidth(box["line"])
    side = box["count_box"]
    for n in range(box["balls"]):
        pdf.rect(x + 2 + n * (side + 1), y + 2, side, side)
    for n in range(box["strikes"]):
        pdf.rect(x + 2 + n * (side + 1), y + 3 + side, side, side)
    text = row.boxes.get(column)
    if text:
        pdf.setFillColorRGB(*colors["ink"])
        lines = text.split(", ") if len(text) > 9 else [text]
        lines = [", ".join(lines[:2]), ", ".join(lines[2:])] if len(lines) > 2 else lines
        for n, line in enumerate(lines[:2]):
            shown, code_size = fit(line, font, fonts["code"], w - 4, smallest=4)
            draw(pdf, x + 2, y + h - fonts["code"] - 1.5 - n * (fonts["code"] + 0.5), shown, font, code_size)
    pdf.setStrokeColorRGB(*colors["ink"])
    pdf.setLineWidth(box["heavy"])
    if column in row.last_out:  # the line after the third out
        pdf.line(x + 1, y + 1, x + w - 1, y + 1)
    if column in row.new_pitcher:  # a new pitcher faced this batter first
        pdf.line(x + 1, y + 1, x + 1, y + h - 1)


def _grid_lines(pdf, layout, left, top, bottom, header_y, row_height, rows, inning_left, cell, innings, totals_left, right) -> None:
    g, box, colors = layout["grid"], layout["box"], layout["colors"]
    pdf.setStrokeColorRGB(*colors["rule"])
    pdf.setLineWidth(box["line"])
    pdf.rect(left, bottom, right - left, top - bottom)
    pdf.line(left, header_y, right, header_y)
    for r in range(1, rows + 1):
        pdf.line(left, header_y - r * row_height, right, header_y - r * row_height)
    for x in (left + g["slot_width"], inning_left, *(inning_left + i * cell for i in range(1, innings)), totals_left):
        pdf.line(x, top, x, bottom)
    for i in range(1, 4):
        x = totals_left + i * g["total_width"]
        pdf.line(x, top, x, bottom)


def _pitchers(pdf, sheet: TeamSheet, layout, font, left, top, lines: bool) -> None:
    """The pitchers' grid: each pitcher's name, and (`lines`: on the team's last page) his line."""
    g, fonts, box, colors = layout["grid"], layout["fonts"], layout["box"], layout["colors"]
    columns = ("IP", "H", "R", "ER", "BB", "SO", "HR")
    width = g["pitcher_name_width"] + len(columns) * g["pitcher_column_width"]
    rows = max(g["pitchers_rows"], len(sheet.pitchers))
    height = g["header_height"] + rows * g["pitcher_row_height"]
    pdf.setStrokeColorRGB(*colors["rule"])
    pdf.setLineWidth(box["line"])
    pdf.rect(left, top - height, width, height)
    pdf.setFillColorRGB(0, 0, 0)
    draw(pdf, left + 3, top - g["header_height"] + 4, "Pitchers", font, fonts["header"])
    for i, name in enumerate(columns):
        x = left + g["pitcher_name_width"] + i * g["pitcher_column_width"]
        pdf.line(x, top, x, top - height)
        draw(pdf, x + g["pitcher_column_width"] / 2, top - g["header_height"] + 4, name, font, fonts["header"], "centre")
    for r in range(rows):
        y = top - g["header_height"] - (r + 1) * g["pitcher_row_height"]
        pdf.line(left, y + g["pitcher_row_height"], left + width, y + g["pitcher_row_height"])
        if r < len(sheet.pitchers):
            name, *values = sheet.pitchers[r]
            pdf.setFillColorRGB(*colors["ink"])
            text, size = fit(name, font, fonts["name"], g["pitcher_name_width"] - 6)
            draw(pdf, left + 3, y + 3.5, text, font, size)
            for i, value in enumerate(values if lines else ()):
                draw(pdf, left + g["pitcher_name_width"] + (i + 0.5) * g["pitcher_column_width"], y + 3.5, value, font, fonts["name"], "centre")
