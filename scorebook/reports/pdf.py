"""Box scores and league reports as PDF (reportlab), with charts drawn by reportlab's graphics:
runs by inning; a league report's spray charts are `reports/spray.py`'s drawings.

Pure: the functions take data and return PDF bytes (`invariant=1`: the same bytes every run).
Text goes into table cells as plain strings; the few paragraphs escape it, so names with `<`,
`&` or quotes print as written. A name too long for its column shrinks, then ends with an
ellipsis (`fonts.fit`, as on the scoresheet). A name in another script is drawn in the fonts
its letters need and in reading order (`reports.fonts`): a cell as a `fonts.line`, a
paragraph with `fonts.markup`, a chart's key with `fonts.strings`."""

from __future__ import annotations

import io
import textwrap

from scorebook.formulas import batting_average
from scorebook.reports.box import (
    BoxScore,
    batter_labels,
    batting_row,
    note_lines,
    pitcher_label,
    pitching_row,
    team_totals,
)
from scorebook.reports.fonts import base_font, fit, line, markup, needs_runs, strings
from scorebook.reports.render import DIGITS, cell
from scorebook.reports.spray import Spray, spray_drawing

PAGE_WIDTH = 540  # letter, less the margins
CELL_PADDING = 6  # reportlab's on each side of a table cell
FONT_SIZE = 7.5  # the tables'
SMALLEST = 5.5  # a name shrinks no further: it is cut
LEGEND_ROW = 11  # the height of a row of a chart's key
PALETTE = ("#1f4e8c", "#c0504d", "#4f9a59", "#d89a2b", "#7a5fa6", "#3aa0a8", "#8c6d46", "#c76aa4")


def _styles(font: str):
    from reportlab.lib.styles import ParagraphStyle

    return {
        "title": ParagraphStyle("title", fontName=font, fontSize=16, leading=20, spaceAfter=6),
        "heading": ParagraphStyle("heading", fontName=font, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4),
        "note": ParagraphStyle("note", fontName=font, fontSize=7.5, leading=9, textColor="#555555"),
        "body": ParagraphStyle("body", fontName=font, fontSize=7.5, leading=9.5),
    }


def fitted_cells(rows: list[list[str]], widths: list[float], font: str, size: float, columns, first_row: int = 0) -> list[tuple]:
    """Fit the texts of `columns` in their widths (in place): the table style commands that give
    a shrunk text its size. A text of several lines is left as it is; one that needs other
    fonts or another order than written becomes a `fonts.line` of its size."""
    sizes = []
    for r, row in enumerate(rows, start=first_row):
        for c in columns:
            if "\n" not in row[c]:
                text, fitted = fit(row[c], font, size, widths[c] - 2 * CELL_PADDING, smallest=SMALLEST)
                row[c] = line(text, font, fitted) if needs_runs(text, font) else text
                if fitted != size:
                    sizes.append(("FONTSIZE", (c, r), (c, r), fitted))
    return sizes


def _table(header: list[str], rows: list[list[object]], font: str, align: str = "l", widths: list[float] | None = None):
    """A table; `align` has an `l` or `r` per column, columns past its end are right-aligned
    (numbers). With `widths`, the texts of the left-aligned columns are fitted in them."""
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    data = [list(header)] + [[cell(v) if not isinstance(v, str) else v for v in row] for row in rows]
    texts = [i for i in range(len(header)) if align[i : i + 1] == "l"]
    sizes = fitted_cells(data, widths, font, FONT_SIZE, texts) if widths else []
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    right = [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in range(len(header)) if align[i : i + 1] != "l"]
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), font, FONT_SIZE),
                *sizes,
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                *right,
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f1f3f7")]),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ]
        )
    )
    return table


def _document(story, title: str, pagesize=None) -> bytes:
    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate

    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=pagesize or letter, title=title, leftMargin=36, rightMargin=36, topMargin=36, bottomMargin=36, invariant=1)
    doc.build(story)
    return buffer.getvalue()


def _legend(drawing, entries: list[tuple[object, str]], font: str, width: float) -> float:
    """A colour key under a chart, in rows of up to four, each name fitted in its place; the
    height it takes."""
    from reportlab.graphics.shapes import Rect

    columns = min(4, len(entries)) or 1
    place = width / columns
    rows = -(-len(entries) // columns)
    for i, (colour, name) in enumerate(entries):
        x, y = (i % columns) * place, (rows - 1 - i // columns) * LEGEND_ROW + 2
        text, size = fit(name, font, 7, place - 16, smallest=SMALLEST)
        drawing.add(Rect(x, y, 8, 6, fillColor=colour, strokeColor=None))
        for string in strings(x + 11, y, text, font, size):
            drawing.add(string)
    return rows * LEGEND_ROW


def _bar_chart(drawing, data: list[list[int]], categories: list[str], key: list[tuple[object, str]], font: str, label_size: float):
    """A bar chart of counts on `drawing`, whole numbers on its axis, above its key."""
    from reportlab.graphics.charts.barcharts import VerticalBarChart

    below = _legend(drawing, key, font, drawing.width)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 30, below + 20, drawing.width - 40, drawing.height - 30
    drawing.height += below
    chart.data = data
    chart.categoryAxis.categoryNames = categories
    for axis in (chart.categoryAxis.labels, chart.valueAxis.labels):
        axis.fontName, axis.fontSize = font, label_size
    top = max(max(bars) for bars in data)
    chart.valueAxis.valueMin = 0
    if top < 10:  # whole steps (reportlab's own would be halves), and an axis even with nothing to count
        chart.valueAxis.valueMax = max(top, 1)
        chart.valueAxis.valueStep = 1
    chart.valueAxis.labelTextFormat = "%d"
    drawing.add(chart)
    return chart


def runs_chart(runs: dict[str, list[int]], font: str, width: float = 520, height: float = 150):
    """Runs by inning, a bar for each team, every team in the key."""
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib import colors

    palette = [colors.HexColor(c) for c in PALETTE]
    teams = list(runs)
    innings = max((len(v) for v in runs.values()), default=0)
    data = [[(runs[t][i] if i < len(runs[t]) else 0) for i in range(innings)] for t in teams]
    drawing = Drawing(width, height)
    key = [(palette[i % len(palette)], t) for i, t in enumerate(teams)]
    chart = _bar_chart(drawing, data or [[0]], [str(i + 1) for i in range(innings)] or ["1"], key, font, 7)
    for i in range(len(teams)):
        chart.bars[i].fillColor = palette[i % len(palette)]
        chart.bars[i].strokeColor = None
    return drawing


def box_pdf(box: BoxScore) -> bytes:
    """One game's box score: the line score, both teams' batting (positions beside the names,
    substitutes under their slot, the team's totals, the substitutes' notes) and pitching, the
    notes lines, runs by inning."""
    from reportlab.platypus import Paragraph, Spacer

    font = base_font()
    styles = _styles(font)
    date = box.options.get("date", "")
    story = [Paragraph(markup(f"{box.teams[0]} at {box.teams[1]}" + (f", {date}" if date else ""), font), styles["title"])]
    story.append(Paragraph(markup(box.status, font), styles["note"]))
    innings = len(box.linescore[0].runs)
    header = ["", *map(str, range(1, innings + 1)), "R", "H", "E", "LOB"]
    unplayed = "x" if box.final else ""
    rows = [[line.name, *(unplayed if r is None else str(r) for r in line.runs), line.R, line.H, line.E, line.LOB] for line in box.linescore]
    column = min(22, (PAGE_WIDTH - 120) / (innings + 4))
    story += [Spacer(1, 6), _table(header, rows, font, widths=[PAGE_WIDTH - column * (innings + 4)] + [column] * (innings + 4))]
    columns = ("AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "SO", "SB", "AVG")
    for team in (0, 1):
        story.append(Paragraph(markup(box.teams[team], font), styles["heading"]))
        lines = box.team_batting(team)
        batting = [[label, *(batting_row(box, b)[c] for c in columns)] for label, b in zip(batter_labels(lines), lines)]
        totals = team_totals(box, team)
        batting.append(["Totals", *(totals[c] for c in columns[:-1]), batting_average(totals["H"], totals["AB"])])
        story.append(_table(["Batting", *columns], batting, font, widths=[170] + [30] * len(columns)))
        notes = sorted((b.substitute for b in lines if b.substitute), key=lambda note: (len(note.split("-")[0]), note))
        if notes:
            story.append(Paragraph(markup("; ".join(notes) + ".", font), styles["note"]))
        story.append(Spacer(1, 4))
        pitching = []
        for p in box.team_pitching(team):
            row = pitching_row(box, p)
            pitching.append([pitcher_label(box, p), row["IP"], *(row[k] for k in ("H", "R", "ER", "BB", "SO", "HR")), "-" if row["ERA"] is None else f"{row['ERA']:.2f}"])
        story.append(_table(["Pitching", "IP", "H", "R", "ER", "BB", "SO", "HR", "ERA"], pitching, font, widths=[170] + [30] * 8))
        relieved = [p.note for p in box.team_pitching(team) if p.note]
        if relieved:
            story.append(Paragraph(markup("; ".join(relieved) + ".", font), styles["note"]))
    notes = note_lines(box)
    if notes:
        story.append(Paragraph("Notes", styles["heading"]))
        story += [Paragraph(markup(note, font), styles["body"]) for note in notes]
    story.append(Paragraph("Runs by inning", styles["heading"]))
    story.append(runs_chart({line.name: [r or 0 for r in line.runs] for line in box.linescore}, font))
    return _document(story, f"{box.teams[0]} at {box.teams[1]}")


def bonn_die_box_pdf(box) -> bytes:
    """A Bonn Die game's box score (`reports.bonn_die.BonnDieBox`): points by half-inning and
    each player's totals."""
    from reportlab.platypus import Paragraph

    from scorebook.reports.bonn_die import PLAYER_ALIGN, PLAYER_COLUMNS, line_score_rows

    font = base_font()
    styles = _styles(font)
    status = "final" if box.final else "in progress"
    story = [Paragraph(markup(f"{box.teams[0]} {box.score[0]}, {box.teams[1]} {box.score[1]} ({status})", font), styles["title"])]
    innings = len(box.halves[0])
    story.append(_table(["", *map(str, range(1, innings + 1)), "Points"], line_score_rows(box), font, widths=[150] + [28] * innings + [40]))
    story.append(Paragraph("Players", styles["heading"]))
    rows = [[p.row()[c] for c in PLAYER_COLUMNS[:-1]] + [textwrap.fill(p.called, 44)] for p in box.players]  # a table cell wraps at newlines
    story.append(_table(list(PLAYER_COLUMNS), rows, font, align=PLAYER_ALIGN, widths=[85, 80, 32, 32, 26, 34, 28, 30, 193]))
    return _document(story, f"{box.teams[0]} at {box.teams[1]}")


Section = tuple[str, list[str], list[list[object]], list[int]]  # heading, header, rows, column widths


def team_batting_section(frame) -> Section:
    bat = ["G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "SO", "SB", "AVG", "OBP", "SLG", "OPS"]
    return "Team batting", ["Team", *bat], [[r["team"], *(r[c] for c in bat)] for r in frame.iter_rows(named=True)], [108] + [27] * len(bat)  # the page's 540 points


def team_pitching_section(frame) -> Section:
    pit = ["G", "W", "L", "SV", "IP", "H", "R", "ER", "BB", "SO", "HR", "ERA", "WHIP", "K/9", "BB/9"]
    rows = [[r["team"], *(f"{r[c]:.{DIGITS[c]}f}" if c in DIGITS and r[c] is not None else r[c] for c in pit)] for r in frame.iter_rows(named=True)]
    return "Team pitching", ["Team", *pit], rows, [110] + [32] * 3 + [27] * (len(pit) - 3)  # the page's 540 points


def bonn_die_section(frame) -> Section:
    """A Bonn Die league's team totals (`stats.bonn_die` by team)."""
    columns = ["G", "rounds", "hit", "points", "won", "strikes", "outs", "calls", "PPR", "WIN%"]
    rows = [[r["team"], *(f"{r[c]:.2f}" if c == "PPR" and r[c] is not None else cell(r[c]) for c in columns)] for r in frame.iter_rows(named=True)]
    return "Team totals", ["Team", *columns], rows, [150] + [36] * len(columns)


def league_report_pdf(
    title: str,
    standings: list[dict],
    leaders: list[dict],
    sections: list[Section],
    by_inning: tuple[str, dict[str, list[int]]],
    sprays: list[Spray],
) -> bytes:
    """A league's report: standings (with the tiebreaks), leaders, the team tables (`sections`:
    batting and pitching; a Bonn Die league's totals), runs (points) by inning, and the spray
    charts (`sprays`: on the Diceball board, else by result; none for Bonn Die)."""
    from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

    font = base_font()
    styles = _styles(font)
    story = [Paragraph(markup(title, font), styles["title"]), Paragraph("Standings", styles["heading"])]
    columns = ("W", "L", "PCT", "GB", "RS", "RA", "DIFF", "HOME", "AWAY", "L10", "STRK")
    story.append(_table(["Team", *columns], [[r["team"], *(r[c] for c in columns)] for r in standings], font, widths=[150] + [34] * len(columns)))
    notes = [f"{r['team']}: {r['tiebreak']}" for r in standings if r["tiebreak"]]
    if notes:
        story.append(Paragraph(markup("; ".join(notes), font), styles["note"]))
    story.append(Paragraph("Leaders", styles["heading"]))
    story.append(_table(["Category", "#", "Player", "Team", "Value"], [[r["category"], r["rank"], r["player"], r["team"], r["value"]] for r in leaders], font, align="lrllr", widths=[60, 20, 150, 150, 50]))
    for heading, header, rows, widths in sections:  # a team table is short: kept on one page
        story.append(KeepTogether([Paragraph(heading, styles["heading"]), _table(header, rows, font, widths=widths)]))
    story += [PageBreak(), Paragraph(by_inning[0], styles["heading"]), runs_chart(by_inning[1], font, height=190)]
    for spray in sprays:  # a chart and its heading on one page: a board's fills one
        story += [Spacer(1, 8), KeepTogether([Paragraph(markup(spray.title, font), styles["heading"]), spray_drawing(spray, font, width=PAGE_WIDTH)])]
    return _document(story, title)
