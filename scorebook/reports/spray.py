"""Spray charts: where the balls in play landed, drawn on the Diceball board, or, for a game
without a board (Dice Baseball, real baseball), the plate appearances by result.

Pure renderers: a `Spray` (the counts the store read from the facts: each ball's stored board
location and its result) in, an SVG text (`spray_svg`, for the web and files) or a reportlab
drawing (`spray_drawing`, for the league report's PDF) out. Both draw the same shapes, built
once (`_shapes`) in the SVG's coordinates (y down), so the two never differ.

The board. Each of the 36 locations is drawn as its kind, as the rulebook's Game Board names
them: the circles (1, 7, 9 infield flies; 17-22 the outfielders' gloves, caught in the air),
the clouds (2-5, 10-13, the infielders' gloves: ground balls), the stars (6, 8, 14-16 short,
23-26 deep: base hits) and the ten home-run zones 27-36 over the fence. The rulebook does not
reproduce the board's drawing, so where each location sits is scorebook's choice
(docs/rules-decisions.md, "The board's drawing"): by the fielder its glove or star belongs to
(`diceball_board.toml`), in left-to-right order. A location is shaded by how many balls landed
on it (the darkest: the most), and ringed by its outcomes' shares, each in its colour."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import NamedTuple
from xml.sax.saxutils import escape

# The outcomes of a plate appearance, in the key's order, with their colours.
OUTCOMES = {
    "out": "#56636e",
    "single": "#4f9a59",
    "double": "#3aa0a8",
    "triple": "#7a5fa6",
    "home run": "#c0504d",
    "error": "#d89a2b",
    "fielder's choice": "#8c6d46",
    "sacrifice": "#a7b3bd",
    "strikeout": "#1f4e8c",
    "walk": "#c76aa4",
    "hit by pitch": "#e3a6c9",
}
HITS = ("", "single", "double", "triple", "home run")
SHADE = "#2f6fb5"  # a location's fill, its opacity by how often balls landed there
KINDS = {"circle": "#1f4e8c", "cloud": "#4f7a3a", "star": "#c98a12", "home run": "#a33a37"}  # a shape's outline
WIDTH = 600  # the drawing's, in points (the SVG's pixels)
BOARD_HEIGHT = 500
KEY_ROW = 16


class Result(NamedTuple):
    """A count of plate appearances alike: where the ball landed (None: no board location) and
    what came of it."""

    location: int | None
    outcome: str
    count: int


@dataclass(frozen=True)
class Spray:
    """A chart's data: its heading, its kind (`board`, or `results` for a game without a board:
    the registry's `Game.spray`) and the counts."""

    title: str
    chart: str
    results: tuple[Result, ...]

    def by_location(self) -> dict[int, dict[str, int]]:
        """Balls by board location, then outcome."""
        found: dict[int, dict[str, int]] = {}
        for location, outcome, count in self.results:
            if location is not None:
                at = found.setdefault(location, {})
                at[outcome] = at.get(outcome, 0) + count
        return found

    def by_outcome(self, located: bool = False) -> dict[str, int]:
        """Plate appearances by outcome, in the key's order (`located`: the balls with a board
        location only)."""
        found = dict.fromkeys(OUTCOMES, 0)
        for location, outcome, count in self.results:
            if location is not None or not located:
                found[outcome] += count
        return {outcome: count for outcome, count in found.items() if count}


def outcome_of(hit: int, reached_on_error: bool, fielders_choice: bool, so: bool, walk: bool, hbp: bool, sacrifice: bool) -> str:
    """A plate appearance's outcome from its fact's columns."""
    if hit:
        return HITS[hit]
    for flag, outcome in ((so, "strikeout"), (walk, "walk"), (hbp, "hit by pitch"), (reached_on_error, "error"), (fielders_choice, "fielder's choice"), (sacrifice, "sacrifice")):
        if flag:
            return outcome
    return "out"


# --- the shapes, once for both renderers ----------------------------------------------------


class Shape(NamedTuple):
    kind: str  # "poly", "circle", "line", "text"
    points: tuple[float, ...]  # poly: x y pairs; circle: cx cy r; line: x1 y1 x2 y2; text: x y
    fill: str = "none"
    stroke: str = "none"
    width: float = 0.0
    opacity: float = 1.0
    text: str = ""
    size: float = 0.0
    anchor: str = "middle"  # text: start, middle, end
    bold: bool = False


HOME = (WIDTH / 2, 428.0)
BASE = 140.0  # home to first, in points
FENCE = 375.0  # home to the fence; the home-run zones beyond it
DEEP = 420.0
# Where each location sits: (degrees from the line home-second base, left negative; distance
# from home). By its fielder: 1 the catcher, 2 the pitcher, 3-4 first base, 5 third base, 10-11
# shortstop, 12-13 second base; 7 and 9 the infield flies on the left and right side; stars and
# gloves by their outfielder (diceball_board.toml), left to right.
PLACES = {
    1: (180.0, 28.0), 2: (0.0, 85.0), 7: (-25.0, 110.0), 9: (25.0, 110.0),
    5: (-37.0, 165.0), 10: (-22.0, 190.0), 11: (-9.0, 205.0), 12: (9.0, 205.0), 13: (22.0, 190.0),
    3: (32.0, 150.0), 4: (40.0, 185.0),
    6: (-34.0, 255.0), 14: (-18.0, 255.0), 8: (-5.0, 255.0), 15: (9.0, 255.0), 16: (28.0, 255.0),
    17: (-37.0, 305.0), 18: (-22.0, 305.0), 19: (-7.0, 305.0), 20: (7.0, 305.0), 21: (22.0, 305.0), 22: (37.0, 305.0),
    23: (-28.0, 350.0), 24: (-10.0, 350.0), 25: (10.0, 350.0), 26: (28.0, 350.0),
}  # fmt: skip
# The fielders, each named beside his gloves ("The gloves indicate the position of the defensive
# players"): the outfielders' between their two circles, the infielders' by their clouds.
FIELDERS = {
    "C": (152.0, 40.0), "P": (0.0, 52.0), "1B": (50.0, 160.0), "3B": (-50.0, 160.0), "SS": (-15.5, 172.0), "2B": (15.5, 172.0),
    "LF": (-29.5, 305.0), "CF": (0.0, 305.0), "RF": (29.5, 305.0),
}  # fmt: skip
CIRCLES = frozenset({1, 7, 9, 17, 18, 19, 20, 21, 22})
CLOUDS = frozenset({2, 3, 4, 5, 10, 11, 12, 13})
HOME_RUNS = range(27, 37)
RADIUS = 13.0  # a location's shape
RING = 4.0  # its outcomes' ring, outside it


def _at(degrees: float, distance: float) -> tuple[float, float]:
    """A place on the field: degrees clockwise from the line home-second base, points from home."""
    return _polar(HOME, degrees, distance)


def _arc(degrees: tuple[float, float], inner: float, outer: float, centre: tuple[float, float] = HOME, steps: int = 12) -> tuple[float, ...]:
    """A ring's sector as a polygon, `degrees` clockwise from straight up."""
    angles = [degrees[0] + (degrees[1] - degrees[0]) * i / steps for i in range(steps + 1)]
    outside = [_polar(centre, a, outer) for a in angles]
    inside = [_polar(centre, a, inner) for a in reversed(angles)]
    return tuple(v for point in outside + inside for v in point)


def _polar(centre: tuple[float, float], degrees: float, distance: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return centre[0] + distance * math.sin(angle), centre[1] - distance * math.cos(angle)


def _star(x: float, y: float, r: float) -> tuple[float, ...]:
    return tuple(v for i in range(10) for v in _polar((x, y), i * 36.0, r if i % 2 == 0 else r * 0.58))


def _cloud(x: float, y: float, r: float) -> tuple[float, ...]:
    """A cloud's outline: a circle with six bumps."""
    return tuple(v for i in range(48) for v in _polar((x, y), i * 7.5, r * (0.84 + 0.16 * abs(math.cos(math.radians(i * 7.5 * 3))))))


def _field() -> list[Shape]:
    """The field under the locations: grass to the fence, the foul lines, the infield, the bases."""
    grass, dirt, chalk = "#e4efdc", "#efe3cf", "#ffffff"
    pole_left, pole_right = _at(-45, FENCE), _at(45, FENCE)
    fence = _arc((-45.0, 45.0), 0.0, FENCE, steps=36)
    shapes = [Shape("poly", fence[: 37 * 2] + HOME, fill=grass, stroke="#9bb58c", width=1.0)]
    shapes.append(Shape("poly", _arc((-45.0, 45.0), FENCE, DEEP, steps=36), fill="#f6e4e1", stroke="#c9a29d", width=0.8))
    first, second, third = _at(45, BASE), _at(0, BASE * math.sqrt(2)), _at(-45, BASE)
    shapes.append(Shape("poly", (*HOME, *first, *second, *third), fill=dirt, stroke="#d8c6a6", width=1.0))
    shapes += [Shape("line", (*HOME, *pole_left), stroke=chalk, width=2.0), Shape("line", (*HOME, *pole_right), stroke=chalk, width=2.0)]
    for base in (first, second, third):
        x, y = base
        shapes.append(Shape("poly", (x, y - 5, x + 5, y, x, y + 5, x - 5, y), fill=chalk, stroke="#9a8a70", width=0.8))
    x, y = HOME
    shapes.append(Shape("poly", (x - 5, y - 4, x + 5, y - 4, x + 5, y + 1, x, y + 5, x - 5, y + 1), fill=chalk, stroke="#9a8a70", width=0.8))
    for name, place in FIELDERS.items():  # whose gloves the locations are
        x, y = _at(*place)
        shapes.append(Shape("text", (x, y + 3), fill="#6b7a63", text=name, size=8.0))
    return shapes


def _location(number: int, outcomes: dict[str, int], most: int) -> list[Shape]:
    """A location: its shape shaded by its balls' share of the most on any, its outcomes' ring
    (clockwise from the top, in the key's order), its number and its count."""
    balls = sum(outcomes.values())
    shade = 0.06 + 0.6 * balls / most if most else 0.0  # light enough at the most for the number on it
    kind = "circle" if number in CIRCLES else "cloud" if number in CLOUDS else "star"
    if number in HOME_RUNS:
        span = 90.0 / len(HOME_RUNS)
        left = -45.0 + span * (number - HOME_RUNS[0])
        centre = _at(left + span / 2, (FENCE + DEEP) / 2)
        shapes = [Shape("poly", _arc((left, left + span), FENCE, DEEP, steps=6), fill=SHADE, opacity=shade, stroke=KINDS["home run"], width=0.8)]
    else:
        centre = _at(*PLACES[number])
        x, y = centre
        outline = {"circle": (), "cloud": _cloud(x, y, RADIUS + 1), "star": _star(x, y, RADIUS + 4)}[kind]
        if kind == "circle":
            shapes = [Shape("circle", (x, y, RADIUS), fill="#ffffff", stroke=KINDS[kind], width=1.2), Shape("circle", (x, y, RADIUS), fill=SHADE, opacity=shade)]
        else:
            shapes = [Shape("poly", outline, fill="#ffffff", stroke=KINDS[kind], width=1.2), Shape("poly", outline, fill=SHADE, opacity=shade)]
        start = 0.0
        for outcome, colour in OUTCOMES.items():
            share = 360.0 * outcomes.get(outcome, 0) / balls if balls else 0.0
            if share:
                ring = _arc((start, start + min(share, 359.9)), RADIUS + 3, RADIUS + 3 + RING, centre, steps=max(2, int(share / 10)))
                shapes.append(Shape("poly", ring, fill=colour))
                start += share
    x, y = centre
    ink = "#1a1a1a"
    shapes.append(Shape("text", (x, y - 1), fill=ink, text=str(number), size=9.0, bold=True))
    shapes.append(Shape("text", (x, y + 8), fill=ink, text=str(balls), size=6.5))
    return shapes


def _board(spray: Spray, top: float) -> list[Shape]:
    located = spray.by_location()
    most = max((sum(o.values()) for o in located.values()), default=0)
    shapes = _field()
    for number in range(1, 37):
        shapes += _location(number, located.get(number, {}), most)
    shapes = [_moved(shape, top) for shape in shapes]
    found = spray.by_outcome(located=True)
    off = sum(spray.by_outcome().values()) - sum(found.values())
    notes = (
        f"{sum(found.values())} balls in play, {off} plate appearances off the board (strikeouts, walks, bunts).",
        f"Under each location's number, its balls: the darker, the more (the most: {most}); the ring, their outcomes.",
    )
    for i, note in enumerate(notes):
        shapes.append(Shape("text", (8, top + BOARD_HEIGHT - 16 + 12 * i), fill="#333333", text=note, size=8.0, anchor="start"))
    names = {"circle": "circles: caught in the air", "cloud": "clouds: ground balls", "star": "stars: base hits", "home run": "home runs: over the fence"}
    shapes += _key([(kind, names[kind], colour) for kind, colour in KINDS.items()], top + BOARD_HEIGHT + 4)
    shapes += _key([("", f"{outcome} {count}", OUTCOMES[outcome]) for outcome, count in found.items()], top + BOARD_HEIGHT + 4 + 2 * KEY_ROW)
    return shapes


def _moved(shape: Shape, top: float) -> Shape:
    if shape.kind == "circle":
        x, y, r = shape.points
        return shape._replace(points=(x, y + top, r))
    return shape._replace(points=tuple(v + top if i % 2 else v for i, v in enumerate(shape.points)))


def _key(entries: list[tuple[str, str, str]], top: float) -> list[Shape]:
    """A key in rows of four: each swatch (a location's shape, or an outcome's colour) and its name."""
    shapes = []
    place = WIDTH / 4
    for i, (kind, name, colour) in enumerate(entries):
        x, y = 8 + (i % 4) * place, top + (i // 4) * KEY_ROW
        shapes.append(_swatch(kind, x + 5, y + 4, colour))
        shapes.append(Shape("text", (x + 14, y + 7.5), fill="#1a1a1a", text=name, size=8.0, anchor="start"))
    return shapes


def _swatch(kind: str, x: float, y: float, colour: str) -> Shape:
    if kind == "circle":
        return Shape("circle", (x, y, 5), fill="#ffffff", stroke=colour, width=1.2)
    outline = {"cloud": _cloud(x, y, 6), "star": _star(x, y, 6.5), "home run": _arc((-20.0, 20.0), 4, 9, (x, y + 6), steps=4)}.get(kind)
    if outline:
        return Shape("poly", outline, fill="#ffffff", stroke=colour, width=1.2)
    return Shape("poly", (x - 5, y - 4, x + 5, y - 4, x + 5, y + 4, x - 5, y + 4), fill=colour)


def _results(spray: Spray, top: float) -> list[Shape]:
    """A game without a board: a bar a result, its count and share of the plate appearances."""
    found = spray.by_outcome()
    total = sum(found.values())
    most = max(found.values(), default=0)
    shapes = []
    room = WIDTH - 120 - 90
    for i, (outcome, count) in enumerate(found.items()):
        y = top + i * 20
        shapes.append(Shape("text", (112, y + 11), fill="#1a1a1a", text=outcome, size=9.0, anchor="end"))
        shapes.append(Shape("poly", (120, y + 2, 120 + room * count / most, y + 2, 120 + room * count / most, y + 15, 120, y + 15), fill=OUTCOMES[outcome]))
        shapes.append(Shape("text", (124 + room * count / most, y + 12), fill="#1a1a1a", text=f"{count} ({100 * count / total:.1f}%)", size=8.0, anchor="start"))
    note = f"{total} plate appearances by result" if total else "no plate appearances stored"
    shapes.append(Shape("text", (8, top + len(found) * 20 + 14), fill="#333333", text=note, size=8.0, anchor="start"))
    return shapes


def _height(spray: Spray) -> float:
    if spray.chart == "board":
        return BOARD_HEIGHT + 4 + 2 * KEY_ROW + KEY_ROW * -(-len(spray.by_outcome(located=True)) // 4) + 4
    return len(spray.by_outcome()) * 20 + 22


def _shapes(spray: Spray, top: float) -> list[Shape]:
    return _board(spray, top) if spray.chart == "board" else _results(spray, top)


# --- SVG ----------------------------------------------------------------------------------


TITLE = 24.0  # the SVG's heading line


def spray_svg(spray: Spray) -> str:
    """The chart as an SVG document, its heading on top; the same spray gives the same text."""
    height = TITLE + _height(spray)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_n(height)}" width="{WIDTH}" height="{_n(height)}" '
        f'font-family="DejaVu Sans, Verdana, Arial, sans-serif" role="img" aria-label="{escape(spray.title, {chr(34): "&quot;"})}">'
    )
    lines = [head, f"<title>{escape(spray.title)}</title>", '<rect width="100%" height="100%" fill="#ffffff"/>']
    lines.append(_svg_shape(Shape("text", (8, 16), fill="#1a1a1a", text=spray.title, size=12.0, anchor="start", bold=True)))
    lines += [_svg_shape(shape) for shape in _shapes(spray, TITLE)]
    return "\n".join([*lines, "</svg>"]) + "\n"


def _n(value: float) -> str:
    """A coordinate as the SVG writes it: one decimal, none when whole (stable text)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _svg_shape(shape: Shape) -> str:
    paint = f'fill="{shape.fill}"' + (f' stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"' if shape.stroke != "none" else "")
    paint += f' fill-opacity="{shape.opacity:.2f}"' if shape.opacity < 1 else ""
    p = shape.points
    if shape.kind == "circle":
        return f'<circle cx="{_n(p[0])}" cy="{_n(p[1])}" r="{_n(p[2])}" {paint}/>'
    if shape.kind == "line":
        return f'<line x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(p[2])}" y2="{_n(p[3])}" stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"/>'
    if shape.kind == "text":
        weight = ' font-weight="bold"' if shape.bold else ""
        return f'<text x="{_n(p[0])}" y="{_n(p[1])}" font-size="{_n(shape.size)}" text-anchor="{shape.anchor}" fill="{shape.fill}"{weight}>{escape(shape.text)}</text>'
    points = " ".join(f"{_n(p[i])},{_n(p[i + 1])}" for i in range(0, len(p), 2))
    return f'<polygon points="{points}" {paint}/>'


# --- reportlab ----------------------------------------------------------------------------


def spray_drawing(spray: Spray, font: str, width: float = 520):
    """The chart as a reportlab drawing `width` wide (its heading is the report's paragraph)."""
    from reportlab.graphics.shapes import Drawing

    scale = width / WIDTH
    drawing = Drawing(width, _height(spray) * scale)
    drawing.add(_group(spray, font, scale))
    return drawing


def spray_pdf(spray: Spray) -> bytes:
    """The chart on a page of its own, its heading on top (`invariant=1`: stable bytes)."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen import canvas

    from scorebook.reports.fonts import base_font, fit, strings

    font = base_font()
    margin = 24
    height = _height(spray)
    page = Drawing(WIDTH + 2 * margin, height + TITLE + 2 * margin)
    heading, size = fit(spray.title, font, 12, WIDTH)
    for string in strings(margin, page.height - margin - 12, heading, font, size):
        page.add(string)
    chart = _group(spray, font, 1.0)
    chart.translate(margin, margin)
    page.add(chart)
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(page.width, page.height), invariant=1)
    pdf.setTitle(spray.title)
    renderPDF.draw(page, pdf, 0, 0)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _group(spray: Spray, font: str, scale: float):
    from reportlab.graphics.shapes import Group

    height = _height(spray)
    group = Group(*(_reportlab_shape(shape, height, font) for shape in _shapes(spray, 0.0)))
    group.scale(scale, scale)
    return group


def _reportlab_shape(shape: Shape, height: float, font: str):
    from reportlab.graphics.shapes import Circle, Line, Polygon, String
    from reportlab.lib import colors

    def colour(name: str):
        return None if name == "none" else colors.HexColor(name)

    p = shape.points
    flipped = [height - v if i % 2 else v for i, v in enumerate(p)]  # reportlab's y goes up
    paint = {"fillColor": colour(shape.fill), "strokeColor": colour(shape.stroke), "strokeWidth": shape.width, "fillOpacity": shape.opacity}
    if shape.kind == "circle":
        return Circle(p[0], height - p[1], p[2], **paint)
    if shape.kind == "line":
        return Line(*flipped, strokeColor=colour(shape.stroke), strokeWidth=shape.width)
    if shape.kind == "text":  # a drawing's texts are numbers, the key's and the notes' words: one font
        return String(p[0], height - p[1], shape.text, fontName=font, fontSize=shape.size, fillColor=colour(shape.fill), textAnchor=shape.anchor)
    return Polygon(flipped, **paint)
