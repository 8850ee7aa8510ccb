"""The rules interface: every hook the engine asks a game (default advances, the checks a
rulebook adds, the flags that switch official rules off) and the result sets it reads.

The hooks' defaults are the official rules of baseball as far as a scoresheet needs them, the
rulebook every table game varies: a game's rules (`games/`) subclass `Rules` and override only
what its rulebook changes. The engine imports no game; the loader hands it a `Rules` object."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorebook.notation.model import HOME, INFIELDERS, Advance, PitchingChange, Play, Result, RunnerEvent, RunnerEvents
from scorebook.problems import IllegalPlay

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

# Results on which the batter runs to first, so that runners behind him are forced.
BATTER_RUNS = frozenset(
    {
        Result.HIT,
        Result.WALK,
        Result.INTENTIONAL_WALK,
        Result.HIT_BY_PITCH,
        Result.INTERFERENCE,
        Result.GROUND_OUT,
        Result.FIELDERS_CHOICE,
        Result.ERROR,
        Result.SACRIFICE_BUNT,
    }
)
BATTER_OUT = frozenset(
    {Result.STRIKEOUT, Result.FLY_OUT, Result.GROUND_OUT, Result.INFIELD_FLY, Result.SACRIFICE_BUNT}
)
GROUND_BALLS = frozenset({Result.GROUND_OUT, Result.FIELDERS_CHOICE, Result.SACRIFICE_BUNT})
# The counts behind which a relieved pitcher keeps a walk (rule 9.16(h)): balls and strikes.
_BEHIND = frozenset({(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)})


def ties_stood(date: str) -> bool:
    """Whether a game of `date` (YYYY-MM-DD) called with the score tied was a tie game: MLB
    made it a suspended game in 2007."""
    return "" < date < "2007"


class Rules:
    """Default advances and checks for the official rules; subclassed per game."""

    name = "baseball"  # each game names itself; its messages say `rules={name}`
    lineup_size: int | None = 9  # None: any lineup of one to nine
    dropped_third_strike = True  # a batter may run on a third strike not caught (`SO B-1`)
    # With `game earned=marks` (an official scorer's record, such as Retrosheet's) a run is
    # earned unless marked (UR); otherwise the engine reconstructs the inning without errors.
    earned_by_marks = False
    # An official record's runs stand as the umpire ruled, even one written scoring on a play
    # whose third out is a force (`earned=marks` implies it; the earned-run proof sets it alone).
    runs_as_recorded = False
    # The official scorer's judgement calls: a count a substitute took over (`charged=`, rule
    # 9.15) and a sacrifice fly despite an error or a relay (`sf=`, rule 9.08(d)). The dice games
    # roll a plate appearance whole and score the sacrifice fly by their rules.
    official_scorer = True
    # A batter who reached may be tagged out off the base he reached (`H1 BX1(9-3-4)`, he overran it).
    out_after_reaching = True
    # Rule 9.04(a): with fewer than two outs a runner from third scoring on an error is batted
    # in. Diceball's scoring (DESIGN.md) gives no RBI on an error at all.
    rbi_from_third_on_error = True
    # Official rule 7.01(g): the home team taking the lead in the bottom of the last (or an
    # extra) inning ends the game at once, the walk-off. Dice Baseball plays the inning out.
    walk_off = True
    # Official rule 7.01(c): the umpire may call a game (rain, darkness) once it is a regulation
    # game. The dice games are played at a table, to their end.
    called_games = True
    # The rules of the game's day (`ties_stood`): before 2007 a regulation game called with the
    # score tied was a tie game, its records counting (replayed from the start); since, it is
    # suspended (rule 7.01(d)).
    called_ties = False
    # A historical record's out whose fielders are not known (`?`, Retrosheet's `99`): the out
    # stands and no fielder gets its putout or assist (rules 9.09 and 9.10 credit the fielder who
    # made them; nobody knows who). Only a record of real baseball has them (games/baseball.py).
    unknown_fielders = False

    # --- what a runner not named in the play does ---------------------------------------

    def default_end(self, play: Play, base: int) -> int:
        """Where a runner on `base` ends when the play does not name him, before forces.

        Hits move every runner up by the hit's bases (a home run scores everybody); a sacrifice
        bunt moves the runners on first and second up one (a squeeze from third is written
        `3-H`); on every other play runners hold unless forced (the engine adds the forces)."""
        if play.result is Result.HIT:
            return min(HOME, base + play.bases)
        if play.result is Result.SACRIFICE_BUNT and base < 3:
            return base + 1
        return base

    def double_play_runner(self, play: Play, state: GameState) -> int:
        """The base of the runner a ground out puts out by default (at the next base), 0 for
        none. A three-fielder ground out started by an infielder with a runner on first and
        fewer than two outs is the double play: runner out at second, batter out at first."""
        if (
            play.result is Result.GROUND_OUT
            and len(play.fielders) >= 3
            and play.fielders[0] in INFIELDERS
            and state.bases[0] is not None
            and state.outs < 2
        ):
            return 1
        return 0

    # --- who a plate appearance begun with others is charged to ----------------------------

    def charged_by_count(self, play: Play, relieved: tuple[int, int] | None, replaced: tuple[int, int] | None) -> str:
        """`pitcher`, `batter` or "" (the pitcher and batter who finished it) for a plate
        appearance during which the pitcher was relieved with the batter at the count `relieved`,
        or the batter replaced at `replaced` (None: no such change). Rule 9.16(h): "When pitchers
        are changed during a turn at bat", a walk after the change with the count 2-0, 2-1, 3-0,
        3-1 or 3-2 is charged, with the batter, to the relieved pitcher; any other result, and
        any walk after another count, to the relief pitcher. Rule 9.15(b): a strikeout of a
        substitute for a batter who left with two strikes is charged to that batter."""
        if relieved is not None and play.result in (Result.WALK, Result.INTENTIONAL_WALK) and relieved in _BEHIND:
            return "pitcher"
        if replaced is not None and play.result is Result.STRIKEOUT and replaced[1] == 2:
            return "batter"
        return ""

    # --- checks a game's rulebook adds ---------------------------------------------------

    def check_play(self, state: GameState, play: Play) -> None:
        """Before the play is carried out: the result itself in this state."""
        if play.result is Result.SACRIFICE_BUNT:
            if not any(state.bases):
                raise IllegalPlay(
                    "a sacrifice bunt needs a runner to move up; with the bases empty write the out, e.g. `1-3`",
                    col=play.col,
                    token=play.code,
                )
            if state.outs == 2:
                raise IllegalPlay(
                    "no sacrifice with two outs (official rule 9.08(a)); write the out, e.g. `1-3`",
                    col=play.col,
                    token=play.code,
                )
        if not self.unknown_fielders:
            self.check_fielders_known(play)
        if (play.charged or play.sf is not None or play.dp is not None) and not self.official_scorer:
            key = "charged=" if play.charged else "sf=" if play.sf is not None else "dp="
            raise IllegalPlay(f"{key} is an official scorer's call of real baseball; {self.name} scores by its rules",
                              col=play.col, token=play.code)  # fmt: skip
        if play.has_dice:
            self.check_dice(play)

    def check_fielders_known(self, play: Play) -> None:
        """An out written with its fielders not known (`?`), refused where the game has none."""
        if play.result in (Result.GROUND_OUT, Result.SACRIFICE_BUNT) and not play.fielders:
            where, col = play.code, play.col
        else:
            unknown = next((a for a in play.advances if a.out and not a.fielders), None)
            if unknown is None:
                return
            where, col = unknown.text, unknown.col
        raise IllegalPlay(f"`?` (the fielders not known) is for a historical record of real baseball; rules={self.name} "
                          "knows every fielder: write them, e.g. `6-3` or `1X2(6-4)`", col=col, token=where)  # fmt: skip

    #: The dice annotations this game reads.
    dice: tuple[str, ...] = ()

    def check_dice(self, play: Play) -> None:
        """An annotation of another game's dice is rejected; a game checks its own."""
        for key, col in play.annotation_cols:
            if key not in self.dice:
                raise IllegalPlay(
                    f"{key}= belongs to another game's dice; rules={self.name} reads "
                    + (", ".join(f"{k}=" for k in self.dice) or "no dice"),
                    col=col,
                )

    def check_moves(self, state: GameState, play: Play, moves: list[Move]) -> None:
        """After the runners' moves are resolved: limits a game puts on advancing."""

    def check_runner_events(
        self, state: GameState, events: tuple[RunnerEvent, ...], advances: tuple[Advance, ...] = ()
    ) -> None:
        """Runner events (steals, pickoffs, wild pitches ...) before they are carried out."""

    def after_play(self, before: GameState, after: GameState, play: Play) -> GameState:
        """The state `after` a play that records a race (Diceball: the hit-and-run attempts it
        counts); other games keep nothing."""
        return after

    def check_runner_races(self, state: GameState, st: RunnerEvents) -> None:
        """A runner-event line's own dice (Diceball's steal race); other games have none."""

    def after_runner_events(self, before: GameState, after: GameState, st: RunnerEvents) -> GameState:
        """The state `after` a runner-event line, with what the batter's count must later show
        (Diceball: the pitch each steal was made on); other games keep nothing."""
        return after

    def check_force_third_out(self, moves: list[Move], why: str) -> None:
        """A play whose third out is `why` (a force, or the batter's out before first): the
        runners' other moves. Real baseball keeps the written ones (the half is over anyway)."""

    def check_pitching_change(self, state: GameState, st: PitchingChange) -> None:
        """Before a pitching change, what a game's rulebook adds to the official rules'."""

    def check_bunt_events(
        self, state: GameState, events: tuple[RunnerEvent, ...], advances: tuple[Advance, ...], bunt: int, col: int
    ) -> None:
        """Runner events on a bunt die (Diceball's missed squeeze); other games have no such die."""
        raise IllegalPlay(f"bunt= is Diceball's die; rules={self.name} has no bunt die", col=col, token=f"bunt={bunt}")

    def check_called(self, state: GameState) -> None:
        """`called`: official rule 7.01(c), "If a game is called, it is a regulation game: (1) If
        five innings have been completed; (2) If the home team has scored more runs in four or
        four and a fraction half-innings than the visiting team has scored in five completed
        half-innings"; its (3), the home team tying the score in its fifth, leaves a tie, and
        "(d) If a regulation game is called with the score tied, it shall become a suspended
        game": it is finished another day, not called."""
        if not self.called_games:
            raise IllegalPlay(f"rules={self.name} has no called game: a game at the table is played to its end")
        inning, bottom = state.inning, state.half == 1
        away, home = state.score
        five_innings = inning > 5 or (inning == 5 and bottom and not state.in_half)
        visitors_five = inning > 5 or (inning == 5 and (bottom or not state.in_half))
        if not (five_innings or (visitors_five and home > away)):
            raise IllegalPlay(
                "a game called before five innings (four and a half with the home team ahead) is no game "
                "(official rule 7.01(c), (e)): it is not stored as played"
            )
        if away == home and not self.called_ties:
            raise IllegalPlay("a regulation game called with the score tied becomes a suspended game (official rule 7.01(d)): "
                              "write its later innings on, then it ends as any game does")  # fmt: skip

    def third_out_allows_runs(self) -> bool:
        """Whether a run may score on a play whose third out is neither a force nor the
        batter's out before first base (a runner tagged out after the run crossed)."""
        return True

    def count_marks(self, play: Play) -> str:
        """A plate appearance's pitches as a scorer marks them in the count boxes, a letter a
        pitch in order (Retrosheet's: B a ball, S a strike swinging, C a strike taken, F a
        foul, X the ball in play); "" where the game's `pitches=` records no count."""
        return ""

    def pitches_and_strikes(self, pitches: str) -> tuple[int, int] | None:
        """A plate appearance's pitches and the strikes among them (fouls and balls in play
        count as strikes, as box scores count them) from its `pitches=`; None where the game's
        `pitches=` are no pitches the box score counts."""
        return None
