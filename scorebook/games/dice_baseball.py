"""Dice Baseball (rules/dice-baseball.txt): two dice, a chart, and runners that move exactly
as the chart's result says.

"Single: Batter goes to 1st. Every runner moves up 1 base." "Ground Out: ... 1 out. Every runner
moves up 1 base." "Double Play: 2 outs: the batter and the runner on 1st. If no one is on 1st,
the runner closest to home is out instead. Other runners move up 1 base." "Sac. Fly: ... A runner
on 3rd scores. Other runners stay put." "If a play makes the 3rd out, no runs score on that play."
Winning: "After 9 innings, the team with more runs wins. If Home is already ahead after the
Visitor bats in the 9th, the game is over. Home doesn't need to bat. Tied after 9? Play extra
innings. ... keep going until one team is ahead at the end of an inning."
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorebook.engine.rules import Rules
from scorebook.notation.model import HOME, Play, Result, RunnerEvent
from scorebook.numbers import whole_number
from scorebook.problems import IllegalPlay, InvalidChart
from scorebook.tomlfile import key_position, load_toml, table_line

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

OUTCOMES = (
    "single", "double", "triple", "home_run", "walk", "strikeout",
    "fly_out", "pop_out", "ground_out", "double_play", "sac_fly",
)  # fmt: skip
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
DEFAULT_CHART = Path(__file__).with_name("dice_baseball_chart.toml")


class ChartFile(NamedTuple):
    """A dice chart as its file holds it: the file's name (a game's `chart=`) and its TOML. A
    NamedTuple, since it goes to the simulator's worker processes: a compiled (mypyc) frozen
    dataclass cannot be unpickled."""

    name: str
    text: str


def parse_chart(text: str, path: str) -> Chart:
    """A chart from its TOML text: every pair of dice "low-high" once in a [chart] table, each a
    result of the rules. A problem names the file, line and column."""
    table = load_toml(text, path).get("chart")
    if not isinstance(table, dict):
        raise InvalidChart(
            'a dice chart is a [chart] table, a line per pair of dice: `"2-5" = "fly_out"`', path=path, line=1, col=1
        )
    chart: Chart = {}
    for key, outcome in table.items():
        written_low, _, written_high = key.partition("-")
        low, high = whole_number(written_low, 1) or 0, whole_number(written_high, 1) or 0
        if not 1 <= low <= high <= 6:
            line, col, _ = key_position(text, key, "chart")
            raise InvalidChart(
                'a pair of dice is written low-high, each 1-6, e.g. "2-5"', path=path, line=line, col=col, token=key
            )
        if outcome not in OUTCOMES:
            line, _, col = key_position(text, key, "chart")
            raise InvalidChart(
                f"not a result of Dice Baseball; write one of {', '.join(OUTCOMES)}",
                path=path, line=line, col=col, token=str(outcome),
            )  # fmt: skip
        chart[low, high] = outcome
    missing = [f"{a}-{b}" for a in range(1, 7) for b in range(a, 7) if (a, b) not in chart]
    if missing:
        raise InvalidChart(
            f"the chart has no result for {', '.join(missing)}; it gives each of the 21 pairs of dice one",
            path=path, line=table_line(text, "chart"), col=1,
        )  # fmt: skip
    return chart


@cache
def _results(chart: ChartFile | None) -> Chart:
    """A chart's results, parsed once (a league plays hundreds of games on one); None for
    scorebook's own chart."""
    if chart is None:
        return parse_chart(DEFAULT_CHART.read_text("utf-8"), DEFAULT_CHART.name)
    return parse_chart(chart.text, chart.name)


class DiceBaseball(Rules):
    name = "dice-baseball"
    lineup_size: int | None = None  # the game has runners, not players: a scorekeeper names one to nine
    dropped_third_strike = False
    official_scorer = False
    out_after_reaching = False
    dice: tuple[str, ...] = ("roll",)
    # No walk-off: the game ends "after 9 innings" or "at the end of an inning"; the only half
    # not played is the home team's when it "is already ahead after the Visitor bats in the 9th".
    walk_off = False
    called_games = False

    def __init__(self, chart: ChartFile | None = None) -> None:
        self.chart_file = chart  # None: scorebook's default chart
        self.chart = dict(_results(chart))

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
        if outcome != written and not (outcome == "sac_fly" and written == "fly_out" and no_run):
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
