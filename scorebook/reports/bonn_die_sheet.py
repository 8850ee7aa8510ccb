"""The Bonn Die scoresheet as a PDF, round by round: blank for the table, or filled from a game.

A half-inning is a grid with a row per round: each side's dice by base (Initial, Second,
Primary, Final), its call and the call's value, the round's actions, the points banked and the
count after it (Rolls, strikes, Free-Rolls); under it the Guards the offense lost. The game ends
with the line score by half-inning. Pure: data and layout in, PDF bytes out (`invariant=1`); the
layout is scorebook/templates/bonn_die_sheet.toml (`load_layout("bonn_die_sheet")`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.engine.bonn_die import BonnDieReplay, RoundFact
from scorebook.notation.bonn_die import Base, Combo, Round, format_dice
from scorebook.problems import InvalidLayout
from scorebook.reports.bonn_die import box_score, line_score_rows
from scorebook.reports.fonts import base_font, markup
from scorebook.reports.pdf import _document, _styles, fitted_cells

COLUMNS = ["#", "I", "S", "P", "F", "Offense call", "Pts", "I", "S", "P", "F", "Defense call", "Pts", "Actions", "Points", "Rolls", "Str", "FR"]
WORDS = (5, 11, 13)  # the columns of words (the calls, the actions), fitted in their widths
HALF_WORDS = ("Top", "Bottom")


@dataclass
class HalfSheet:
    inning: int
    half: int
    offense: str  # "Rhine Rollers (Ada Vogel)"
    defense: str
    rows: list[list[str]] = field(default_factory=list)  # none on a blank sheet: the layout's empty rounds
    guards_taken: list[str] = field(default_factory=list)
    halts_spent: list[str] = field(default_factory=list)
    points: int | None = None


@dataclass
class BonnDieSheet:
    title: str
    date: str
    halves: list[HalfSheet]
    line_score: list[list[object]] | None  # None: a blank sheet's empty line score
    teams: tuple[str, str]
    innings: int


def blank_sheet(teams: tuple[str, str] = ("", ""), players: tuple[str, str] = ("", ""), innings: int = 3) -> BonnDieSheet:
    """Every half of a game's regulation innings, to fill in at the table."""
    halves = [HalfSheet(i, h, _side(teams[h], players[h]), _side(teams[1 - h], players[1 - h])) for i in range(1, innings + 1) for h in (0, 1)]
    title = " at ".join(teams) if all(teams) else "________________ at ________________, date __________"
    return BonnDieSheet(title, "", halves, None, teams, innings)


def _side(team: str, player: str) -> str:
    return f"{team} ({player})" if player and player != team else team


def sheet_data(game: BonnDieReplay) -> BonnDieSheet:
    """A played game's sheet: every round as the scorekeeper would have written it."""
    header = game.game.header
    rounds = {s.line: s for s in game.game.statements if isinstance(s, Round)}
    halves: list[HalfSheet] = []
    for f in game.facts:
        if f.kind == "half":
            halves.append(HalfSheet(f.inning, f.half, _side(header.teams[f.offense], f.offense_player), _side(header.teams[1 - f.offense], f.defense_player), points=0))
        elif f.kind == "round":
            half = halves[-1]
            half.rows.append(_round_row(len(half.rows) + 1, rounds[f.line], f))
            half.points = (half.points or 0) + f.points
            if f.guard_take:
                half.guards_taken.append(f.guard_take.capitalize())
            half.halts_spent += _halts(rounds[f.line])
        elif f.kind == "out":
            halves[-1].rows.append([""] * 13 + ["takes the Out" if f.out else "skips Free-Rolls"] + [""] * 4)
    box = box_score(game)
    title = f"{header.teams[0]} {game.state.score[0]} at {header.teams[1]} {game.state.score[1]}"
    return BonnDieSheet(title, header.option("date"), halves, line_score_rows(box), header.teams, header.innings)


def _round_row(number: int, r: Round, f: RoundFact) -> list[str]:
    def bases(side) -> list[str]:
        return format_dice(side.dice).split("/") if side else [""] * len(Base)

    return [
        str(number), *bases(r.offense), f.offense_call.replace(":", " "), str(f.offense_value) if f.offense_call else "",
        *bases(r.defense), f.defense_call.replace(":", " "), str(f.defense_value) if f.defense_call else "",
        _actions(r, f), str(f.points), str(f.count[0]), str(f.count[1]), str(f.free_rolls[f.offense]) if f.free_roll or f.free_rolls[f.offense] else "",
    ]  # fmt: skip


def _halts(r: Round) -> list[str]:
    spends = [(c, "Check") for c in r.checks] + [(c, "Swish") for c in r.swishes] + ([(r.tag, "Tag")] if r.tag else [])
    return [f"{combo.title} ({how})" for combo, how in spends]


def _tracker(half: HalfSheet, blank: bool) -> list[str]:
    """Under a half: the Guards and Halts gone, or on a blank sheet a box for each to cross out
    (a line each)."""
    if blank:
        boxes = "   ".join(f"{c.title} \u2610" for c in Combo)
        return [f"Offense Guards:  {boxes}", f"Defense Halts:  {boxes}"]
    return [f"Guards taken: {', '.join(half.guards_taken) or '-'}  |  Halts spent: {', '.join(half.halts_spent) or '-'}"]


def _actions(r: Round, f: RoundFact) -> str:
    """What happened in the round, in the sheet's short words."""
    words = ["FR"] if f.free_roll else []
    words += [f"Chk {c.value}" for c in r.checks] + [f"Sw {c.value}" for c in r.swishes]
    words += [f"Tag {r.tag.value}"] if r.tag else []
    words += ["take strike"] * r.strikes_taken
    words += [f"GT {f.guard_take}"] if f.guard_take else []
    words += ["negate"] if f.negated else []
    words += ["Roll"] if f.roll else []
    words += ["Out"] if f.out else []
    return ", ".join(words)


def render(sheet: BonnDieSheet, layout: dict) -> bytes:
    """The sheet as PDF bytes: two halves a page when blank."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

    if len(layout["grid"]["widths"]) != len(COLUMNS):
        raise InvalidLayout(f"bonn_die_sheet.toml: [grid] widths has {len(layout['grid']['widths'])} widths for the {len(COLUMNS)} columns {' '.join(COLUMNS)}: give one a column")
    blank_rows = [[str(n)] + [""] * (len(COLUMNS) - 1) for n in range(1, layout["grid"]["blank_rounds"] + 1)]
    font = base_font()
    styles = _styles(font)
    size = layout["fonts"]["tracker"]  # the Guards and Halts to cross out: as large as the grid's, in black
    tracker_style = ParagraphStyle("tracker", parent=styles["note"], fontSize=size, leading=size + 3, textColor="#000000", spaceBefore=1)
    story: list = [Paragraph(markup(f"Bonn Die: {sheet.title}" + (f", {sheet.date}" if sheet.date else ""), font), styles["title"])]
    for index, half in enumerate(sheet.halves):
        if sheet.line_score is None and index and half.half == 0:
            story.append(PageBreak())
        heading = f"{HALF_WORDS[half.half]} {half.inning}: {half.offense or '________'} hit, {half.defense or '________'} defend"
        if half.points is not None:
            heading += f"; {half.points} point{'s' if half.points != 1 else ''}"
        tracker = _tracker(half, blank=sheet.line_score is None)
        grid = _grid(half.rows if sheet.line_score is not None else blank_rows, font, layout)
        trackers = [Paragraph(markup(line, font), tracker_style) for line in tracker]
        story.append(KeepTogether([Paragraph(markup(heading, font), styles["heading"]), grid, *trackers]))
    story += [Spacer(1, 8), KeepTogether([Paragraph("Line score", styles["heading"]), _line_score(sheet, font, layout)])]
    return _document(story, f"Bonn Die: {sheet.title}", pagesize=tuple(layout["page"]["size"]))


def _grid(rows: list[list[str]], font: str, layout: dict):
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    g = layout["grid"]
    header = [["", "Offense dice", "", "", "", "", "", "Defense dice", "", "", "", "", "", "", "", "", "", ""], COLUMNS]
    rows = [list(row) for row in rows]
    sizes = fitted_cells(rows, g["widths"], font, layout["fonts"]["grid"], WORDS, first_row=len(header))
    table = Table(header + rows, colWidths=g["widths"], rowHeights=[g["header_height"]] * 2 + [g["row_height"]] * len(rows), repeatRows=2, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), font, layout["fonts"]["grid"]),
                *sizes,
                ("SPAN", (1, 0), (4, 0)),
                ("SPAN", (7, 0), (10, 0)),
                ("ALIGN", (0, 0), (-1, 1), "CENTER"),
                ("ALIGN", (0, 2), (4, -1), "CENTER"),
                ("ALIGN", (7, 2), (10, -1), "CENTER"),
                ("ALIGN", (14, 2), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("GRID", (0, 1), (-1, -1), g["line"], colors.grey),
                ("BOX", (1, 0), (6, -1), g["box"], colors.black),
                ("BOX", (7, 0), (12, -1), g["box"], colors.black),
                ("BACKGROUND", (0, 1), (-1, 1), colors.HexColor(g["header_color"])),
            ]
        )
    )
    return table


def _line_score(sheet: BonnDieSheet, font: str, layout: dict):
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    innings = max(sheet.innings, len(sheet.line_score[0]) - 2 if sheet.line_score else 0)
    rows = sheet.line_score or [[team, *[""] * innings, ""] for team in sheet.teams]
    data = [["Team", *(str(i) for i in range(1, innings + 1)), "Points"], *[[str(v) for v in row] for row in rows]]
    geometry, size = layout["line_score"], layout["fonts"]["line_score"]
    widths = [geometry["team_width"]] + [geometry["inning_width"]] * innings + [geometry["points_width"]]
    sizes = fitted_cells(data, widths, font, size, (0,))
    table = Table(data, colWidths=widths, rowHeights=geometry["row_height"], hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), font, size), *sizes, ("GRID", (0, 0), (-1, -1), layout["grid"]["line"], colors.grey), ("ALIGN", (1, 0), (-1, -1), "CENTER")]
    table.setStyle(TableStyle(style))
    return table
