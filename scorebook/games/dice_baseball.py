"""Dice Baseball (rules/dice-baseball.txt): two dice, a chart, and runners that move exactly
as the chart's result says.

"Single: Batter goes to 1st. Every runner moves up 1 base." "Ground Out: ... 1 out. Every runner
moves up 1 base." "Double Play: 2 outs: the batter and the runner on 1st. If no one is on 1st,
the runner closest to home is out instead. Other runners move up 1 base." "Sac. Fly: ... A runner
on 3rd scores. Other runners stay put." "If a play makes the 3rd out, no runs score on that play."
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from scorebook.games.baseball import Baseball
from scorebook.notation.model import HOME, Play, Result, RunnerEvent
from scorebook.problems import IllegalPlay

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

OUTCOMES = (
    "single", "double", "triple", "home_run", "walk", "strikeout",
    "fly_out", "pop_out", "ground_out", "double_play", "sac_fly",
)  # fmt: skip
_HITS = {"single": 1, "double": 2, "triple": 3, "home_run": 4}
# What each chart result is written as, for messages.
WRITTEN = {
    "single": "H1", "double": "H2", "triple": "H3", "home_run": "H4", "walk": "BB", "strikeout": "SO",
    "fly_out": "a fly out (7, 8 or 9)", "pop_out": "IF", "ground_out": "a ground out (e.g. 6-3)",
    "double_play": "a double play (e.g. 6-4-3)", "sac_fly": "a fly out with `3-H` (e.g. `8* 3-H`)",
}  # fmt: skip
_NOT_IN_GAME = {
    Result.ERROR: "Dice Baseball has no errors",
    Result.FIELDERS_CHOICE: "Dice Baseball has no fielder's choice",
    Result.SACRIFICE_BUNT: "Dice Baseball has no bunts",
    Result.INTENTIONAL_WALK: "Dice Baseball has no intentional walk: roll the dice",
    Result.HIT_BY_PITCH: "Dice Baseball has no hit by pitch",
    Result.INTERFERENCE: "Dice Baseball has no interference",
}
Chart = dict[tuple[int, int], str]


def parse_chart(data: dict, source: str = "chart") -> Chart:
    """A chart from its TOML table: every pair of dice "low-high" once, each a known result."""
    table = data.get("chart")
    if not isinstance(table, dict):
        raise ValueError(f"{source}: a dice chart has a [chart] table")
    chart: Chart = {}
    for key, outcome in table.items():
        low, _, high = key.partition("-")
        if not (low.isdigit() and high.isdigit() and 1 <= int(low) <= int(high) <= 6):
            raise ValueError(f'{source}: "{key}" is not a pair of dice written low-high, e.g. "2-5"')
        if outcome not in OUTCOMES:
            raise ValueError(f"{source}: {key} = {outcome!r}; a result is one of {', '.join(OUTCOMES)}")
        chart[int(low), int(high)] = outcome
    missing = [f"{a}-{b}" for a in range(1, 7) for b in range(a, 7) if (a, b) not in chart]
    if missing:
        raise ValueError(f"{source}: the chart has no result for {', '.join(missing)}")
    return chart


def load_chart(path: str | Path | None = None) -> Chart:
    """A league's chart file, or scorebook's default chart."""
    if path is None:
        text = Path(__file__).with_name("dice_baseball_chart.toml").read_text("utf-8")
        return parse_chart(tomllib.loads(text), "dice_baseball_chart.toml")
    with open(path, "rb") as handle:
        return parse_chart(tomllib.load(handle), str(path))


class DiceBaseball(Baseball):
    name = "dice-baseball"
    lineup_size: int | None = None  # the game has runners, not players: a scorekeeper names one to nine
    dropped_third_strike = False
    official_scorer = False
    out_after_reaching = False
    dice: tuple[str, ...] = ("roll",)

    def __init__(self, chart: Chart | None = None) -> None:
        self.chart = chart or load_chart()

    def default_end(self, play: Play, base: int) -> int:
        # "Triple: Batter goes to 3rd. Every runner scores." "Ground Out ... Every runner moves up 1 base."
        if play.result is Result.GROUND_OUT:
            return min(HOME, base + 1)
        return super().default_end(play, base)

    def double_play_runner(self, play: Play, state: GameState) -> int:
        """"2 outs: the batter and the runner on 1st. If no one is on 1st, the runner closest to
        home is out instead ... If no one is on base, it's only 1 out." Written as a
        three-fielder ground out (6-4-3); with two outs the batter's out ends the inning."""
        if play.result is not Result.GROUND_OUT or len(play.fielders) < 3 or state.outs == 2:
            return 0
        occupied = [base for base in (1, 3, 2) if state.bases[base - 1] is not None]
        return occupied[0] if occupied else 0

    def third_out_allows_runs(self) -> bool:
        return False  # "If a play makes the 3rd out, no runs score on that play."

    def check_play(self, state: GameState, play: Play) -> None:
        why = _NOT_IN_GAME.get(play.result)
        if why:
            raise IllegalPlay(f"{why}; its results are {', '.join(OUTCOMES)}", col=play.col, token=play.code)
        super().check_play(state, play)
        if play.roll is not None:
            self.check_roll(state, play, play.roll)

    def check_roll(self, state: GameState, play: Play, roll: tuple[int, int]) -> None:
        outcome = self.chart[min(roll), max(roll)]
        written = self.outcome(play)
        # A sac fly with nobody on third, or with two outs (the catch ends the inning), is a fly out.
        no_run = state.bases[2] is None or state.outs == 2
        # A walk-off hit is credited with only the bases the winning run needed (rule 9.06(f)):
        # the engine checks that; the chart's hit may then be longer than the one written.
        walk_off = state.half == 1 and state.inning >= state.innings and _HITS.get(outcome, 0) > _HITS.get(written, 5)
        if outcome != written and not (outcome == "sac_fly" and written == "fly_out" and no_run) and not walk_off:
            raise IllegalPlay(
                f"the chart reads {roll[0]}-{roll[1]} as {outcome.replace('_', ' ')}: write {WRITTEN[outcome]}",
                col=play.annotation_col("roll"),
                token=f"roll={roll[0]}{roll[1]}",
            )

    @staticmethod
    def outcome(play: Play) -> str:
        """The chart result a play is written as."""
        result = play.result
        if result is Result.HIT:
            return ("single", "double", "triple", "home_run")[play.bases - 1]
        if result is Result.FLY_OUT:
            return "sac_fly" if any(a.start == 3 and a.end == HOME for a in play.advances) else "fly_out"
        if result is Result.GROUND_OUT:
            return "double_play" if len(play.fielders) >= 3 else "ground_out"
        return {Result.WALK: "walk", Result.STRIKEOUT: "strikeout", Result.INFIELD_FLY: "pop_out"}[result]

    def check_moves(self, state: GameState, play: Play, moves: list[Move]) -> None:
        """Runners move exactly as the result says; the only advance to write is the sac fly's
        runner from third scoring (`8* 3-H`)."""
        for move in moves:
            if not move.explicit:
                continue
            sac_fly = play.result is Result.FLY_OUT and move.start == 3 and move.end == HOME and not move.out
            if not sac_fly:
                raise IllegalPlay(
                    "in Dice Baseball the result moves the runners; write it alone (only a sac fly writes `3-H`)",
                    col=move.col,
                    token=move.text,
                )

    def check_runner_events(self, state: GameState, events: tuple[RunnerEvent, ...], advances: tuple = ()) -> None:
        raise IllegalPlay("Dice Baseball has no stolen bases", col=events[0].col, token=events[0].text)
