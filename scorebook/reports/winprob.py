"""A game's win-probability line as SVG: the home team's chance (games/diceball_win.py) after
each statement, from the first pitch to the last, drawn between the away team's name (at the
bottom, 0%) and the home team's (at the top, 100%). Pure: numbers in, markup out, every name
escaped."""

from __future__ import annotations

from html import escape

WIDTH, HEIGHT, LEFT, TOP, BOTTOM = 640, 190, 8, 26, 26  # the plot's box, in the SVG's units


def win_line_svg(line: list[float], away: str, home: str) -> str:
    """The line of `line` (the home team's chance, 0 to 1, one point a statement)."""
    inner_w, inner_h = WIDTH - 2 * LEFT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(line) - 1, 1)
    points = " ".join(f"{LEFT + n * step:.1f},{TOP + (1 - chance) * inner_h:.1f}" for n, chance in enumerate(line))
    middle = TOP + inner_h / 2
    last = line[-1] if line else 0.5
    label = f"{escape(home)} {last:.0%}" if last >= 0.5 else f"{escape(away)} {1 - last:.0%}"
    return (
        f'<svg class="win-line" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="The chance to win after each play; now {label}">'
        f'<text class="side" x="{LEFT}" y="{TOP - 8}">{escape(home)} wins</text>'
        f'<text class="side" x="{LEFT}" y="{HEIGHT - 6}">{escape(away)} wins</text>'
        f'<line class="even" x1="{LEFT}" y1="{middle}" x2="{WIDTH - LEFT}" y2="{middle}"/>'
        f'<rect class="frame" x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}"/>'
        f'<polyline class="chance" points="{points}"/>'
        f'<text class="now" x="{WIDTH - LEFT}" y="{TOP - 8}" text-anchor="end">{label}</text>'
        "</svg>"
    )
