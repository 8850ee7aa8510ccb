"""How runners move on a play: explicit advances, default advances, forces, double plays,
collisions, the fourth out, and the runs that may score when the third out is made.

Common to every baseball-like game; what a game's rulebook changes comes from its rules
object (`scorebook.games`)."""

from __future__ import annotations

from itertools import pairwise

from scorebook.engine.rules import BATTER_RUNS, Rules
from scorebook.engine.state import GameState, Runner
from scorebook.notation.model import BASE_WORDS, BATTER, HOME, Advance, Play, Result
from scorebook.problems import IllegalPlay

# Where the batter ends on each result when nothing else is written; 0 with out=True means
# out at the plate (strikeout, caught fly), 1 with out=True out at first.
_BATTER_OUT_AT = {
    Result.STRIKEOUT: 0,
    Result.FLY_OUT: 0,
    Result.INFIELD_FLY: 0,
    Result.GROUND_OUT: 1,
    Result.SACRIFICE_BUNT: 1,
}
_STRIKEOUT_PUTOUT = (2,)  # the catcher takes the third strike
PASSED_BALL = "PB"  # a move's mark (not written: the runner events' PB says it) for a base taken on one


class Move:
    """One runner's (or the batter's) part in a play, mutable only while it is resolved.

    A class with its own `__init__`, keywords only, rather than a dataclass: compiled, building
    it is a C call, where a dataclass's generated `__init__` is interpreted and takes a dict of
    the keywords (a play builds several moves)."""

    def __init__(
        self,
        *,
        start: int,
        end: int,
        out: bool,
        fielders: tuple[int, ...],
        runner: Runner | None,  # None for the batter, who becomes a runner when he is safe
        explicit: bool,
        forced: bool,  # forced to the next base at the start of the play
        col: int,
        text: str,
        box: str = "",  # the scoresheet text of his out when it is not his own fielders
        marks: tuple[str, ...] = (),  # real baseball's: "E8", "UR", "TUR", "NR", "RBI"; and PASSED_BALL
        # For the earned runs, a runner event's move on an error: the base his steal took before
        # the error took him on (0: none), and whether he was caught stealing, safe only on the error.
        stolen: int = 0,
        caught: bool = False,
    ) -> None:
        self.start = start
        self.end = end
        self.out = out
        self.fielders = fielders
        self.runner = runner
        self.explicit = explicit
        self.forced = forced
        self.col = col
        self.text = text
        self.box = box
        self.marks = marks
        self.stolen = stolen
        self.caught = caught

    @property
    def on_error(self) -> bool:
        """The base was taken on an error or a passed ball: the earned runs reconstruct it away."""
        return bool(self.marks) and any(mark.startswith("E") or mark == PASSED_BALL for mark in self.marks)

    @property
    def batter(self) -> bool:
        return self.start == BATTER

    @property
    def force_out(self) -> bool:
        return self.out and self.forced and self.end == self.start + 1

    @property
    def scores(self) -> bool:
        return not self.out and self.end == HOME

    def who(self) -> str:
        return "the batter" if self.batter else f"the runner on {BASE_WORDS[self.start]}"


class Outcome:
    """A play's moves counted: its own `__init__`, keywords only, as `Move` has."""

    def __init__(
        self,
        *,
        moves: list[Move],  # batter first, then runners from 1st to 3rd
        outs: list[Move],  # in the order they were made
        runs: list[Move],  # runs that count, lead runner first
        stranded: int,  # runners who crossed the plate after a walk-off's winning run
        runs_on_third_out: bool,  # the third out was a runner's non-force out: runs before it count
    ) -> None:
        self.moves = moves
        self.outs = outs
        self.runs = runs
        self.stranded = stranded
        self.runs_on_third_out = runs_on_third_out


def _illegal(message: str, col: int, token: str) -> IllegalPlay:
    return IllegalPlay(message, col=col, token=token)


def _batter_move(play: Play, advance: Advance | None, rules: Rules) -> Move:
    out_at = _BATTER_OUT_AT.get(play.result)
    if out_at is not None:
        if advance is not None and play.result in (Result.STRIKEOUT, Result.SACRIFICE_BUNT) and rules.dropped_third_strike:
            # The third strike not caught, or a sacrifice bunt misplayed (`SH2 B-1(E2)`): he runs.
            return _written(advance, None, forced=True)
        if advance is not None:
            raise _illegal(f"the batter is out on `{play.code}`; drop the batter's advance", advance.col, advance.text)
        fielders = _STRIKEOUT_PUTOUT if play.result is Result.STRIKEOUT else play.fielders
        return Move(start=BATTER, end=out_at, out=True, fielders=fielders, runner=None, explicit=False, forced=True,
                    col=play.col, text=play.code)  # fmt: skip
    reached = play.bases if play.result in (Result.HIT, Result.ERROR) else 1
    if advance is None:
        return Move(start=BATTER, end=reached, out=False, fielders=(), runner=None, explicit=False, forced=True,
                    col=play.col, text=play.code)  # fmt: skip
    tagged_off_base = advance.out and advance.end == reached
    if advance.end < reached or (tagged_off_base and not rules.out_after_reaching):
        raise _illegal(
            f"`{play.code}` puts the batter on {BASE_WORDS[reached]}; his advance must go past it",
            advance.col,
            advance.text,
        )
    if tagged_off_base:  # he reached, then was tagged off the base: no force, runs before it count
        return Move(start=BATTER, end=reached, out=True, fielders=advance.fielders, runner=None, explicit=True,
                    forced=False, col=advance.col, text=advance.text, marks=advance.marks)  # fmt: skip
    return _written(advance, None, forced=True)


def _written(advance: Advance, runner: Runner | None, *, forced: bool) -> Move:
    """The move an advance writes (`runner`: None for the batter's)."""
    return Move(start=advance.start, end=advance.end, out=advance.out, fielders=advance.fielders, runner=runner,
                explicit=True, forced=forced, col=advance.col, text=advance.text, marks=advance.marks)  # fmt: skip


def _explicit_advances(state: GameState, play: Play) -> dict[int, Advance]:
    by_start: dict[int, Advance] = {}
    for advance in play.advances:
        if advance.start in by_start:
            raise _illegal(f"{BASE_WORDS[advance.start]} is moved twice", advance.col, advance.text)
        if advance.start and state.bases[advance.start - 1] is None:
            raise _illegal(f"there is no runner on {BASE_WORDS[advance.start]}", advance.col, advance.text)
        if advance.end < advance.start or (advance.end == advance.start == 0):
            raise _illegal("a runner cannot move backwards", advance.col, advance.text)
        by_start[advance.start] = advance
    return by_start


def resolve(state: GameState, play: Play, rules: Rules) -> list[Move]:
    """Every runner's move on the play: written advances, then defaults and forces."""
    explicit = _explicit_advances(state, play) if play.advances else {}
    batter = _batter_move(play, explicit.get(BATTER), rules)
    runs_to_first = play.result in BATTER_RUNS
    moves = [batter]
    double_play = 0 if BATTER in explicit else rules.double_play_runner(play, state)
    if double_play in explicit:
        double_play = 0
    # The runner ahead must end beyond the one behind: the batter (when he runs) pushes the
    # runners in front of him, each pushing the next (forced runners move up).
    behind = (1 if batter.out else batter.end) if runs_to_first else 0
    forced = runs_to_first
    for base in (1, 2, 3):
        runner = state.bases[base - 1]
        if runner is None:
            forced = False
            continue
        advance = explicit.get(base)
        if advance is not None:
            move = _written(advance, runner, forced=forced)
        elif base == double_play:
            # The rulebook writes the whole 5-4-3 in the runner's box too; his out is the 5-4.
            move = Move(start=base, end=base + 1, out=True, fielders=play.fielders[:-1], runner=runner, explicit=False,
                        forced=forced, col=play.col, text=play.code, box=play.code)  # fmt: skip
        else:
            end = rules.default_end(play, base)
            if base <= behind:
                end = min(HOME, max(end, behind + 1))
            move = Move(start=base, end=end, out=False, fielders=(), runner=runner, explicit=False, forced=forced,
                        col=play.col, text=play.code)  # fmt: skip
        moves.append(move)
        behind = move.end
    _check_order(moves)
    rules.check_moves(state, play, moves)
    return moves


def _check_order(moves: list[Move]) -> None:
    """No two runners end on one base and no runner passes the one ahead of him."""
    safe = [m for m in moves if not m.out]
    if len(safe) < 2:
        return
    for behind, ahead in pairwise(safe):
        if behind.end < ahead.end or behind.end == ahead.end == HOME:
            continue
        blame = behind if behind.explicit or not ahead.explicit else ahead
        if behind.end == ahead.end:
            message = (
                f"{behind.who()} and {ahead.who()} both end on {BASE_WORDS[behind.end]}; "
                "write where each runner goes, e.g. `1-3`"
            )
        else:
            message = f"{behind.who()} would pass {ahead.who()}; write where each runner goes"
        raise _illegal(message, blame.col, blame.text)


def order_outs(moves: list[Move], play: Play | None) -> list[Move]:
    """The outs of a play in the order they were made: a caught ball or strikeout retires the
    batter first; on a ground ball the forces come before the throw to first; other runners'
    outs come last."""
    outs = [m for m in moves if m.out]
    if len(outs) < 2:
        return outs
    batter_first = play is not None and play.result in (Result.STRIKEOUT, Result.FLY_OUT, Result.INFIELD_FLY)

    def rank(move: Move) -> int:
        if move.batter:
            return 0 if batter_first else 2
        return 1 if move.force_out else 3

    return sorted(outs, key=rank)


def settle(state: GameState, moves: list[Move], play: Play | None, rules: Rules) -> Outcome:
    """Count the outs and the runs: the fourth out, the third-out rule and the walk-off."""
    outs = order_outs(moves, play)
    total = state.outs + len(outs)
    if total > 3:
        extra = outs[3 - state.outs]
        raise _illegal(f"a fourth out: {extra.who()} is out with {state.outs} already", extra.col, extra.text)
    runs_on_third_out = False
    if total == 3:
        third = outs[2 - state.outs]
        # Rulebook, Baseball Basics: "A run cannot be scored on a third out that is a forced
        # out"; Scoring a Run: "A run is not scored if a runner reaches home plate before a
        # third out at first base" (nor on a caught third out: runners cannot tag up).
        no_runs = (third.batter and third.end <= 1 and third.forced) or third.force_out or not rules.third_out_allows_runs()
        for move in moves:
            if move.scores and no_runs:
                if move.explicit and (rules.earned_by_marks or rules.runs_as_recorded):
                    continue  # an official record: its runs stand as the umpire ruled
                if move.explicit:
                    why = "the batter's out before first base" if third.batter else "a force out"
                    raise _illegal(
                        f"no run scores on this play: its third out is {why}; drop the advance home",
                        move.col,
                        move.text,
                    )
                move.end = move.start  # the half-inning is over before he gets home
        if no_runs:
            rules.check_force_third_out(moves, "the batter's out before first base" if third.batter else "a force out")
        runs_on_third_out = not no_runs
    scorers = [m for m in reversed(moves) if m.scores]  # moves go from the batter up: lead runner first
    runs, stranded = _walk_off(state, scorers, play) if scorers and rules.walk_off else (scorers, 0)
    return Outcome(moves=moves, outs=outs, runs=runs, stranded=stranded, runs_on_third_out=runs_on_third_out)


def _walk_off(state: GameState, scorers: list[Move], play: Play | None) -> tuple[list[Move], int]:
    """In the last half of the last (or an extra) inning the game ends as soon as the home
    team leads: only runs up to the winning run count, except on a home run (official rule
    7.01(g)), and a hit is worth only the bases the winning runner needed (rule 9.06(f))."""
    if state.half != 1 or state.inning < state.innings:
        return scorers, 0
    needed = state.score[0] - state.score[1] + 1
    if needed > len(scorers) or (play is not None and play.result is Result.HIT and play.bases == 4):
        return scorers, 0
    winner = scorers[needed - 1]
    if play is not None and play.result is Result.HIT and play.bases > winner.end - winner.start:
        bases = winner.end - winner.start
        raise IllegalPlay(
            f"the winning run scores from {BASE_WORDS[winner.start]} and ends the game: the batter is credited "
            f"with only {bases} base{'s' if bases > 1 else ''} (official rule 9.06(f)); write H{bases}",
            col=play.col,
            token=play.code,
            fix=f"H{bases}",
        )
    return scorers[:needed], len(scorers) - needed
