"""Each statistic's formula, written once for the box score and the stats frames.

A formula takes counts and gives the statistic: of numbers for one game's box score, of polars
expressions for the stats frames' columns. It is written with + - * / //, which both kinds
of value have; a ratio goes through `rate`, the one place that tells them apart (a 0
denominator gives None for numbers, null for an expression). This module imports nothing:
polars is imported only when an expression is handed in, by a caller that has it already.
"""

from __future__ import annotations

from typing import Any

# A count or a statistic: a number (the box score) or a polars expression (the stats frames).
Value = Any


def rate(numerator: Value, denominator: Value, digits: int | None = 3) -> Value:
    """numerator / denominator rounded to `digits` (None: not rounded); none for a 0 denominator."""
    if isinstance(denominator, (int, float)):
        if not denominator:
            return None
        return numerator / denominator if digits is None else round(numerator / denominator, digits)
    import polars as pl

    ratio = pl.when(denominator > 0).then(numerator / denominator).otherwise(None)
    return ratio if digits is None else ratio.round(digits)


def _rounded(value: Value, digits: int) -> Value:
    return round(value, digits) if isinstance(value, float) else value.round(digits)


def batting_average(h: Value, ab: Value) -> Value:
    """AVG: hits per at bat."""
    return rate(h, ab)


def on_base(h: Value, bb: Value, hbp: Value, ab: Value, sf: Value, digits: int | None = 3) -> Value:
    """OBP: times on base by hit, walk or hit by pitch, per at bat, walk, hit by pitch and sacrifice fly."""
    return rate(h + bb + hbp, ab + bb + hbp + sf, digits)


def slugging(tb: Value, ab: Value, digits: int | None = 3) -> Value:
    """SLG: total bases per at bat."""
    return rate(tb, ab, digits)


def on_base_plus_slugging(h: Value, bb: Value, hbp: Value, ab: Value, sf: Value, tb: Value) -> Value:
    """OPS of the unrounded rates: OBP .667 (2/3) and SLG .667 make 1.333, not 1.334."""
    obp, slg = on_base(h, bb, hbp, ab, sf, None), slugging(tb, ab, None)
    if obp is None or slg is None:
        return None
    return _rounded(obp + slg, 3)


def fielding_percentage(po: Value, a: Value, e: Value) -> Value:
    """FPCT: putouts and assists per total chance (putouts, assists and errors)."""
    return rate(po + a, po + a + e)


def earned_run_average(earned_innings: Value, outs: Value) -> Value:
    """ERA: earned runs per regulation game, `earned_innings` being each earned run times its
    game's regulation innings (the rulebook's "multiplied by 9" for nine innings)."""
    return rate(earned_innings, outs / 3, 2)


def whip(bb: Value, h: Value, outs: Value) -> Value:
    """WHIP: walks and hits per inning pitched."""
    return rate(bb + h, outs / 3, 2)


def per_nine(count: Value, outs: Value) -> Value:
    """A count per nine innings pitched (K/9, BB/9)."""
    return rate(count * 9, outs / 3, 1)


def innings_pitched(outs: Value) -> Value:
    """IP as scorers write it: whole innings, a dot, then the extra outs (`6.1`)."""
    if isinstance(outs, int):
        return f"{outs // 3}.{outs % 3}"
    import polars as pl

    return (outs // 3).cast(pl.String) + "." + (outs % 3).cast(pl.String)


def outs_of_innings(innings: str | float) -> int:
    """The outs in innings written as scorers write IP: `6.1` is six innings and one out, 19."""
    whole, _, outs = str(innings).partition(".")
    if not whole.isdigit() or outs not in ("", "0", "1", "2"):
        raise ValueError(
            f"{innings} is not innings as scorers write them: whole innings, then a dot and the outs of "
            "the next one, 0, 1 or 2 (6.1 is six innings and one out; 6.3 is written 7)"
        )
    return int(whole) * 3 + int(outs or 0)


def points_per_round(points: Value, rounds: Value) -> Value:
    """Bonn Die's PPR: points banked per round on offense."""
    return rate(points, rounds, 2)


def win_percentage(won: Value, rounds: Value) -> Value:
    """Bonn Die's WIN%: rounds won per round thrown."""
    return rate(won, rounds)
