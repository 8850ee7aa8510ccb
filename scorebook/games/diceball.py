"""Diceball! (rules/diceball-rulebook.txt): what its rulebook adds to baseball's rules.

The board: 1-36, where the sum of the hit dice puts the ball. Circles are caught in the air,
clouds are ground balls fielded by the glove at that number, stars are hits, 27-36 home runs.
The pitch die: 1 strike on a swing, 2-3 foul, 4-5 ball, 6 the ball is hit.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from scorebook.engine.rules import Rules
from scorebook.games import diceball_rules as rules
from scorebook.games.diceball_rules import CATCHER, bunted
from scorebook.notation.model import (
    BASE_WORDS,
    HOME,
    INFIELDERS,
    Advance,
    PitchingChange,
    Play,
    Result,
    RunnerEvent,
    RunnerEvents,
    RunnerMove,
)
from scorebook.problems import IllegalPlay

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

def _load_board() -> dict:
    """The board as data (`diceball_board.toml` beside this file): zones and distances."""
    board = tomllib.loads(Path(__file__).with_name("diceball_board.toml").read_text("utf-8"))
    for table in ("clouds", "stars", "flies"):
        board[table] = {int(k): v for k, v in board[table].items()}
    board["zones"]["outfield_fly"] = {int(k): v for k, v in board["zones"]["outfield_fly"].items()}
    return board


BOARD = _load_board()
_ZONES = BOARD["zones"]
# "The ball is hit high into the air to 1, 7 or 9. It is an infield fly."
INFIELD_FLY_CIRCLES = frozenset(_ZONES["infield_fly"])
# "The ball is hit to the outfield; 17, 18, 19, 20, 21 or 22 ... an outfield fly", caught by
# the glove there: 17, 18 left field; 19, 20 center field; 21, 22 right field.
OUTFIELD_CIRCLES: dict[int, int] = _ZONES["outfield_fly"]
# "A ball hit to a cloud in the infield (2, 3, 4, 5, 10, 11, 12 or 13) is a ground-ball caught
# by a defensive player": the scoresheet position of the glove at each cloud.
CLOUDS = {location: cloud["fielder"] for location, cloud in BOARD["clouds"].items()}
# The Ball is Hit to a Star-Shaped Zone: "The defense rolls the die to move the outfielder on the
# green spaces toward the ball": the outfielder of each star (Hits: "center field (15)").
STARS = {location: star["fielder"] for location, star in BOARD["stars"].items()}
# "Balls hit to numbers 6, 8, 14, 15 or 16 are usually singles, sometimes doubles, but can also
# result in an out."
SHORT_STARS = frozenset(_ZONES["short_stars"])
# "Balls hit to numbers 23, 24, 25 or 26 can also be doubles, sometimes triples."
DEEP_STARS = frozenset(_ZONES["deep_stars"])
# "Balls hit to 27, 28, 29, 30, 31, 32, 33, 34, 35 or 36 are home runs."
HOME_RUNS = frozenset(_ZONES["home_runs"])

STRIKE, FOULS, BALLS, IN_PLAY = 1, (2, 3), (4, 5), 6
_BALL_IN_PLAY = frozenset(
    {Result.HIT, Result.FLY_OUT, Result.GROUND_OUT, Result.INFIELD_FLY, Result.FIELDERS_CHOICE, Result.ERROR}
)


@lru_cache(maxsize=8192)  # the same few thousand pitch sequences come back all season
def read_pitches(pitches: str, open_count: bool = False) -> tuple[int, int, int, str]:
    """Follow the count pitch by pitch: (balls, strikes, pitches used, how it ended).

    How it ended is "strikeout", "walk", "in play" or "" when the count is still open.
    Rulebook, The Pitcher: a 1 is a strike on a swing, and only a 1 after two strikes is the
    third strike; 2 and 3 are fouls (no third strike); 4 and 5 balls, four of them a walk; a 6
    is the ball hit. The Automatic Strike: a batter may take a 6 for a strike; we read a 6
    before the last pitch that way (the last too in an `open_count`, the count before a bunt or
    an intentional walk), and never as a third strike (the strikeout needs a 1)."""
    balls = strikes = 0
    for index, char in enumerate(pitches):
        die = ord(char) - 48
        if die == STRIKE:
            strikes += 1
            if strikes == 3:
                return balls, strikes, index + 1, "strikeout"
        elif die in FOULS:
            strikes = min(strikes + 1, 2)
        elif die in BALLS:
            balls += 1
            if balls == 4:
                return balls, strikes, index + 1, "walk"
        elif index == len(pitches) - 1 and not open_count:
            return balls, strikes, index + 1, "in play"
        elif strikes == 2:
            return balls, strikes, index + 1, "taken third strike"
        else:
            strikes += 1
    return balls, strikes, len(pitches), ""


# What the last pitch must be for each result; the intentional walk and the sacrifice bunt
# leave the count open ("the pitcher does not pitch", "can do so without rolling the die").
_NEEDED = {Result.STRIKEOUT: "strikeout", Result.WALK: "walk", **dict.fromkeys(_BALL_IN_PLAY, "in play")}


# Each die as the count boxes mark it (`Diceball.count_marks`); a 6 not hit is the taken strike.
_MARKS = {str(STRIKE): "S", **{str(die): "F" for die in FOULS}, **{str(die): "B" for die in BALLS}, str(IN_PLAY): "C"}


def _needed(play: Play) -> str:
    """How the count must end for the play (`read_pitches`): "" an open count (a bunt, or the
    intentional walk and the sacrifice's "the pitcher does not pitch")."""
    return "" if play.bunt is not None else _NEEDED.get(play.result, "")


_BUNTED = frozenset({Result.SACRIFICE_BUNT, Result.GROUND_OUT, Result.FIELDERS_CHOICE, Result.HIT})

_ENDINGS = {
    "strikeout": "the third strike (a 1 after two strikes)",
    "walk": "ball four (a 4 or 5)",
    "in play": "the ball hit (a 6)",
    "taken third strike": "a 6 taken with two strikes, which cannot be a third strike (only a 1 is)",
    "": "no end: the count is still open",
}


def _dice_problem(play: Play, key: str, message: str) -> IllegalPlay:
    dice = {
        "pitches": play.pitches,
        "bunt": play.bunt,
        "hit": play.hit_dice and f"{play.hit_dice[0]}:{''.join(map(str, play.hit_dice[1:]))}",
    }[key]
    return IllegalPlay(message, col=play.annotation_col(key), token=f"{key}={dice}")


def _board_allows(play: Play, location: int) -> str:
    """What the board allows at `location` when it does not allow the play, else ""."""
    result, bases, fielders = play.result, play.bases, play.fielders
    home_run = result is Result.HIT and bases == 4
    if location in HOME_RUNS or home_run:
        if location in HOME_RUNS and home_run:
            return ""
        return "a home run (H4) only on 27-36" if location in HOME_RUNS else "no home run (27-36 are)"
    if location in INFIELD_FLY_CIRCLES:
        if result is not Result.INFIELD_FLY:
            return "only an infield fly (IF): a circle is caught in the air"
        # The Game Board: "1 = catcher".
        if location == 1 and fielders not in ((), (CATCHER,)):
            return "only the catcher's infield fly (IF2 or IF): the glove at 1 is the catcher's"
        return ""
    if location in OUTFIELD_CIRCLES:
        glove = OUTFIELD_CIRCLES[location]
        if result is Result.FLY_OUT and fielders == (glove,):
            return ""
        return f"only a fly out caught by {glove} (`{glove}`): a circle is caught in the air"
    if location in CLOUDS:
        glove = CLOUDS[location]
        if (
            (result is Result.HIT and bases == 1)
            or result is Result.FIELDERS_CHOICE
            or (result in (Result.GROUND_OUT, Result.ERROR) and fielders[0] == glove)
        ):
            return ""
        return f"a ground ball fielded by {glove}: an out starting with {glove}, E{glove}, FC, or at most a single (H1)"
    if location in SHORT_STARS:
        glove = STARS[location]
        thrown_out = result is Result.GROUND_OUT and len(fielders) > 1 and fielders[0] == glove
        if (result is Result.HIT and bases <= 2) or thrown_out:
            return ""
        return f"a single, a double, or the batter thrown out by {glove}, the outfielder there (`{glove}-3`)"
    return "" if result is Result.HIT and bases <= 3 else "a single, double or triple"  # DEEP_STARS


def glove_of(play: Play) -> tuple[int, str]:
    """The fielder who has the ball when the play's first throw is made, and the passage that
    says so; (0, "") when the file does not show where the ball went."""
    if bunted(play):
        return CATCHER, "The Sacrifice Bunt: \"the ball is bunted and placed on the catcher's mitt\""
    location = play.location
    if location is None:
        return 0, ""
    if location in CLOUDS:
        return CLOUDS[location], f"The Ball is Hit to a Cloud: \"The ball-piece is placed on the defensive player's glove\" ({location})"
    if location in STARS:
        return STARS[location], (
            f"The Ball is Hit to a Star-Shaped Zone: \"The defense rolls the die to move the outfielder on the green "
            f"spaces toward the ball\" ({location}; Hits: \"A ball is hit to center field (15)\")"
        )
    if location in OUTFIELD_CIRCLES:
        return OUTFIELD_CIRCLES[location], "Advancing on a Fly-Out: \"The ball is placed on the outfielder's glove\""
    return 0, ""


def _hit_and_run_counted(before: GameState, after: GameState) -> GameState:
    counts = list(before.game_counts)
    counts[before.half] += 1
    return after._replace(game_counts=(counts[0], counts[1]))


class Diceball(Rules):
    name = "diceball"
    lineup_size: int | None = 9  # "Two teams of nine players each"

    # --- dice --------------------------------------------------------------------------

    dice: tuple[str, ...] = ("pitches", "hit", "bunt", "run", "throw", "steal", "hnr", "full", "squeeze", "race")
    dropped_third_strike = False  # the dice's strikeout is a "1" on a swing: out
    official_scorer = False
    out_after_reaching = False
    rbi_from_third_on_error = False
    called_games = False
    # The last fielding positions found one player to a position (an identity check per play).
    _positions_checked: tuple[int | None, ...] = ()

    def check_dice(self, play: Play) -> None:
        super().check_dice(play)
        if play.bunt is not None:
            self._check_bunt(play)
        if play.pitches is not None:
            self._check_pitches(play)
        if play.hit_dice is not None:
            self._check_location(play)

    def _check_bunt(self, play: Play) -> None:
        """The Sacrifice Bunt: "If the offense rolls a 1, a 2 or a 3, the bunt attempt has failed
        on a foul ball" (a foul in the count; the Suicide Bunt's 1 is a strike on a swing) and "A
        failed attempt after two strikes is an out": the third strike, `SO bunt=2`. "On a 4, 5 or
        6, the ball is bunted and placed on the catcher's mitt": an out, a fielder's choice, a
        sacrifice or a single, no hit location."""
        if play.bunt is not None and play.bunt <= 3:
            if play.result is not Result.STRIKEOUT or read_pitches(play.pitches or "", True)[1] != 2:
                raise _dice_problem(
                    play,
                    "bunt",
                    "a bunt on 1-3 is a foul ball (on a squeeze a 1 is a strike), not a ball in play: count it as a "
                    "pitch; after two strikes (shown in pitches=) it is the third strike, `SO pitches=11 bunt=2`",
                )
            return
        if play.hit_dice is not None:
            raise _dice_problem(play, "hit", "a bunted ball lands on the catcher's mitt, not on the board; drop hit=")
        if play.result not in _BUNTED or (play.result is Result.HIT and play.bases > 1):
            raise _dice_problem(play, "bunt", f"a bunt is a sacrifice, an out, a fielder's choice or a single, not `{play.code}`")

    def count_marks(self, play: Play) -> str:
        """The Pitcher: a 1 a strike on a swing, 2 and 3 fouls, 4 and 5 balls, a 6 the ball hit,
        or the Automatic Strike taken where it is not the last pitch of a count that ends
        in play (as `read_pitches` reads it)."""
        pitches = play.pitches or ""
        in_play = len(pitches) - 1 if _needed(play) == "in play" else -1
        return "".join("X" if index == in_play else _MARKS[die] for index, die in enumerate(pitches))

    def pitches_and_strikes(self, pitches: str) -> tuple[int, int] | None:
        """Every die a pitch; all but the balls (4, 5) strikes: a swing, a foul, the ball hit."""
        return len(pitches), sum(1 for die in pitches if ord(die) - 48 not in BALLS)

    def _check_pitches(self, play: Play) -> None:
        pitches = play.pitches or ""
        needed = _needed(play)
        balls, strikes, used, how = read_pitches(pitches, not needed)
        if how != needed or used != len(pitches):
            at = f"pitch {used} is {_ENDINGS[how]}" if how else _ENDINGS[how]
            wants = _ENDINGS[needed] if needed else "an open count (the pitcher stops pitching)"
            extra = f"; {len(pitches) - used} pitch(es) after it" if used != len(pitches) else ""
            raise _dice_problem(
                play,
                "pitches",
                f"the dice contradict `{play.code}`: it needs {wants} as the last pitch, but {at}{extra} "
                f"(count {balls}-{strikes})",
            )

    def _check_location(self, play: Play) -> None:
        if play.result not in _BALL_IN_PLAY:
            raise _dice_problem(play, "hit", f"no ball is hit on `{play.code}`; drop hit=")
        location = play.location or 0
        allowed = _board_allows(play, location)
        if allowed:
            raise _dice_problem(
                play, "hit", f"the ball lands on {location}, where the board allows {allowed}, not `{play.code}`"
            )

    # --- runners -----------------------------------------------------------------------

    def check_play(self, state: GameState, play: Play) -> None:
        if play.result in (Result.HIT_BY_PITCH, Result.INTERFERENCE):
            raise IllegalPlay(f"Diceball has no `{play.code}`: its dice never hit a batter", col=play.col, token=play.code)
        if play.result is Result.INFIELD_FLY and play.fielders and play.fielders[0] not in INFIELDERS:
            # The Ball is Hit to a Circle: "It is an infield fly, caught by an infielder."
            raise IllegalPlay(
                "an infield fly is caught by an infielder: IF1 to IF6, or IF", col=play.col, token=play.code
            )
        if any(a.marks for a in play.advances):
            marked = next(a for a in play.advances if a.marks)
            raise IllegalPlay("marks like (E8) (UR) (NR) are real baseball's, not Diceball's", col=marked.col, token=marked.text)
        if play.fielders and play.fielders[0] != CATCHER and bunted(play) and play.result is not Result.ERROR:
            # The Sacrifice Bunt: "On a 4, 5 or 6, the ball is bunted and placed on the catcher's mitt."
            written = "SH2-3" if play.result is Result.SACRIFICE_BUNT else "2-3"
            raise IllegalPlay(f"a good bunt is placed on the catcher's mitt: the out starts with the catcher, `{written}` "
                              "(rulebook: The Sacrifice Bunt)", col=play.col, token=play.code)  # fmt: skip
        if play.result is Result.FIELDERS_CHOICE and not any(state.bases):
            # Scoring an Out: "the batter will be safe because the defense has chosen to put out another runner".
            raise IllegalPlay("a fielder's choice needs a runner on base: \"the defense has chosen to put out another "
                              "runner\" (rulebook: Scoring an Out); with the bases empty write H1, an error or the out",
                              col=play.col, token=play.code)  # fmt: skip
        super().check_play(state, play)
        if state.pitch_events != (0, 0) and play.pitches is not None:
            rules.check_count_shows_the_events(state, play)
        if state.teams[state.fielding].positions is not self._positions_checked:
            self._check_fielders(state)

    def _check_fielders(self, state: GameState) -> None:
        """The fielding team's positions, checked again only after a substitution changed them."""
        team = state.teams[state.fielding]
        rules.check_positions(team.positions, team.players)
        self._positions_checked = team.positions

    def double_play_runner(self, play: Play, state: GameState) -> int:
        """Double Play: "If the bases are loaded, then the ball may be thrown first to home plate
        and then to first base": a three-fielder ground out through the catcher (`1-2-3`,
        `6-2-3`) puts out the runner from third at home, then the batter."""
        runner = super().double_play_runner(play, state)
        if runner and play.fielders[-2] == CATCHER and state.bases[2] is not None:
            return 3
        return runner

    def check_moves(self, state: GameState, play: Play, moves: list[Move]) -> None:
        result = play.result
        if result is Result.INFIELD_FLY:
            # "It is an infield fly, caught by an infielder. The batter is out. Base runners cannot advance."
            self._limit(moves, 0, "runners cannot advance on an infield fly (rulebook: The Ball is Hit to a Circle)", outs=True)
        elif result is Result.FLY_OUT:
            # Advancing on a Fly-Out: "A runner can advance to a base on an outfield fly, if the
            # outfield fly is NOT the third out": one base, and none on the third out.
            if state.outs == 2:  # a run written on it is the third-out rule's to reject
                self._limit([m for m in moves if m.end != HOME], 0, "no runner advances on a fly out that is the third "
                            "out (rulebook: Advancing on a Fly-Out, \"if the outfield fly is NOT the third out\")")  # fmt: skip
            self._limit(moves, 1, "on a fly out a runner may try for the next base only (rulebook: Advancing on a Fly-Out)")
        elif result in (Result.STRIKEOUT, Result.WALK, Result.INTENTIONAL_WALK):
            # Dice move runners only on a ball in play: a walk moves the forced runners.
            self._forced_only(moves, f"on `{play.code}` runners move only when forced")
        elif result is Result.HIT and play.bases == 1 and (play.location or 0) in CLOUDS:
            self._infield_hit(moves)
        elif result is Result.GROUND_OUT and play.bunt is not None and state.outs < 2:
            self._bunt_sacrifice(moves)
        if len(moves) > 1 or moves[0].explicit:
            outs = [m for m in moves if m.out]
            if len(outs) > 1 or (outs and (outs[0].explicit or not outs[0].batter)):  # not the batter's own out alone
                rules.check_outs(play, moves, outs, *glove_of(play))
        if play.races:
            from scorebook.games.diceball_race_check import check_play_race  # the races' module, when a file has one

            check_play_race(state, play, moves)

    def check_runner_races(self, state: GameState, st: RunnerEvents) -> None:
        """A steal line's dice, or a missed squeeze's, played again (games/diceball_race_check.py)."""
        from scorebook.games.diceball_race_check import check_steal_race

        check_steal_race(state, st)

    @staticmethod
    def _bunt_sacrifice(moves: list[Move]) -> None:
        """The Sacrifice Bunt: "The offense may attempt to move runners ahead by a sacrifice bunt":
        a good bunt that moves a runner up while the batter is put out at first, with fewer than
        two outs, is the sacrifice (official rule 9.08(a)), `SH2-3`."""
        if moves[0].out and any(m.end > m.start and not m.out for m in moves[1:]):
            raise IllegalPlay("a good bunt that moves a runner up with fewer than two outs is a sacrifice: write "
                              "`SH2-3` (rulebook: The Sacrifice Bunt; official rule 9.08(a))", col=moves[0].col,
                              token=moves[0].text)  # fmt: skip

    def _infield_hit(self, moves: list[Move]) -> None:
        """The Infield Hit: "Batters safe at first base on a ball hit to 2, 3, 4, 5, 10, 11, 12 or
        13 cannot go to second base. If there are already runners on the bases, they can advance
        safely to the next base. Extra bases are not allowed on this hit." """
        for move in moves:
            if move.out and move.batter:
                raise IllegalPlay("the batter safe on an infield hit cannot go to second base (rulebook: The Infield Hit)",
                                  col=move.col, token=move.text)  # fmt: skip
            if move.out:
                raise IllegalPlay("on an infield hit the runners advance safely to the next base (rulebook: The Infield "
                                  "Hit, \"they can advance safely to the next base\")", col=move.col, token=move.text)  # fmt: skip
        self._limit(moves, 1, "no extra bases on an infield hit (rulebook: The Infield Hit)", batter=True)

    def check_force_third_out(self, moves: list[Move], why: str) -> None:
        """Baseball Basics: "A run cannot be scored on a third out that is a forced out": the
        half-inning is over when the force is made, so no runner moves on the play either."""
        for move in moves:
            if move.out or move.batter or move.end == move.start:
                continue
            if move.explicit:
                raise IllegalPlay(f"no runner moves on this play: its third out is {why}, which ends the half-inning "
                                  "(rulebook: Baseball Basics, \"A run cannot be scored on a third out that is a forced "
                                  "out\"); drop the advance", col=move.col, token=move.text)  # fmt: skip
            move.end = move.start

    def check_pitching_change(self, state: GameState, st: PitchingChange) -> None:
        """A pitcher taken off the mound is out of the game in Diceball (its board has no other
        glove for him): he may not pitch again, even while he bats on (the official rules let a
        pitcher moved to another position come back)."""
        team = state.teams[st.team]
        if st.name in team.pitchers_used and st.name != team.pitcher and st.name in team.players:
            raise IllegalPlay(f'"{st.name}" has already pitched for {team.name} and was taken out: a pitcher taken out may not pitch again')

    def after_runner_events(self, before: GameState, after: GameState, st: RunnerEvents) -> GameState:
        """A steal or a missed squeeze is made on a pitch the batter's count must show later;
        a hit-and-run's swing and miss (`hnr=1`) is one of the team's two attempts."""
        if st.races and st.race("hnr") is not None:
            after = _hit_and_run_counted(before, after)
        if not after.in_half:  # the third out: the plate appearance is void, its count with it
            return after
        steals, squeezes = before.pitch_events
        squeeze = st.bunt is not None
        return after._replace(pitch_events=(steals + (not squeeze), squeezes + squeeze))

    def after_play(self, before: GameState, after: GameState, play: Play) -> GameState:
        """A ball hit on the hit-and-run (`hnr=4`) is one of the team's two attempts."""
        return _hit_and_run_counted(before, after) if play.race("hnr") is not None else after

    @staticmethod
    def _limit(moves: list[Move], bases: int, why: str, batter: bool = False, outs: bool = False) -> None:
        """No written advance may take a runner more than `bases` bases (with `batter`, the
        batter no further than first; with `outs`, no runner is put out either)."""
        for move in moves:
            if outs and move.out and move.explicit and not move.batter:
                raise IllegalPlay(why, col=move.col, token=move.text)
            if not move.explicit or move.out:
                continue
            if move.end - move.start > (1 if move.batter else bases) and (batter or not move.batter):
                raise IllegalPlay(why, col=move.col, token=move.text)

    @staticmethod
    def _forced_only(moves: list[Move], why: str) -> None:
        for move in moves:
            if move.explicit and (move.batter or not (move.forced and move.end == move.start + 1)):
                raise IllegalPlay(why, col=move.col, token=move.text)

    @staticmethod
    def _steals_only(events: tuple[RunnerEvent, ...]) -> None:
        for event in events:
            if event.move not in (RunnerMove.STOLEN_BASE, RunnerMove.CAUGHT_STEALING):
                raise IllegalPlay(
                    f"Diceball has steals only between plate appearances, no {event.move.name.lower().replace('_', ' ')}",
                    col=event.col,
                    token=event.text,
                )
            if event.error:
                raise IllegalPlay("a runner saved by an error is real baseball's; a Diceball steal is safe or out by the dice",
                                  col=event.col, token=event.text)  # fmt: skip

    def check_bunt_events(
        self, state: GameState, events: tuple[RunnerEvent, ...], advances: tuple[Advance, ...], bunt: int, col: int
    ) -> None:
        """The Suicide Bunt, a strike ("The offense rolls a 1") with the runner from third in the
        danger zone: "the defense needs a roll of 2 or more to complete the out ... If the
        defense rolls a 1, the offense rolls again; runners that fail to reach home plate on
        that roll are automatically out." He steals home or is caught (`SBH`, `CSH(2)`); the
        runners behind him, who "all run at the same speed", take the next base. The die, 1,
        goes in the batter's count too."""
        token = f"bunt={bunt}"
        if bunt != 1:
            raise IllegalPlay(
                "only a missed squeeze, bunt=1 (a strike on a swing), moves runners before the plate appearance "
                "ends: on 2 or 3 (a foul) they go back, and a bunted ball (4-6) is written on the batter's line",
                col=col,
                token=token,
            )
        bases = state.bases
        if bases[2] is None or (bases[0] and bases[1]):
            raise IllegalPlay(
                "the suicide bunt needs a runner on third, the bases not loaded (rulebook: The Suicide Bunt)",
                col=col,
                token=token,
            )
        self._steals_only(events)
        rules.check_caught_stealing(events, True)
        self._check_fielders(state)
        ends = {e.start: (e.base, e.move is RunnerMove.CAUGHT_STEALING) for e in events}
        ends.update({a.start: (a.end, a.out) for a in advances})
        if not any(e.start == 3 for e in events):
            raise IllegalPlay(
                "on a missed squeeze the runner from third steals home or is caught: `SBH` or `CSH(2)`",
                col=col,
                token=token,
            )
        for base in (1, 2):
            if bases[base - 1] is not None and ends.get(base) != (base + 1, False):
                raise IllegalPlay(
                    f"on a missed squeeze the runner on {BASE_WORDS[base]}, in the danger zone too, takes the next "
                    f"base: write `SB{base + 1}` or `{base}-{base + 1}`",
                    col=col,
                    token=token,
                )

    def check_runner_events(
        self, state: GameState, events: tuple[RunnerEvent, ...], advances: tuple[Advance, ...] = ()
    ) -> None:
        self._steals_only(events)
        rules.check_caught_stealing(events, False)
        self._check_fielders(state)
        if advances:
            raise IllegalPlay("a Diceball steal moves only its runners; write the steals alone", col=advances[0].col, token=advances[0].text)
        for event in events:
            if event.base == HOME:
                raise IllegalPlay(
                    "stealing home plate is not allowed in Diceball (rulebook: Double Steal); a missed suicide "
                    "bunt is written with its die, `SBH bunt=1` or `CSH(2) bunt=1`",
                    col=event.col,
                    token=event.text,
                )
        if len(events) > 1:
            # Double Steal: "runners on first and second base with the third base being empty";
            # "Only one runner can be put out on a double steal attempt."
            starts = sorted(e.start for e in events)
            if starts != [1, 2] or state.bases[2] is not None or state.bases[0] is None or state.bases[1] is None:
                raise IllegalPlay(
                    "a double steal needs runners on 1st and 2nd with 3rd empty, written `SB2 SB3`",
                    col=events[1].col,
                    token=events[1].text,
                )
            caught = [e for e in events if e.move is RunnerMove.CAUGHT_STEALING]
            if len(caught) > 1:
                raise IllegalPlay(
                    "only one runner can be put out on a double steal attempt", col=caught[1].col, token=caught[1].text
                )
