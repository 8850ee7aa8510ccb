"""A race a Diceball game file records (`race=` and its declarations, docs/game-files.md, "The
races") played again on the board by the one race implementation (`diceball_races.Race`), and
the play written held to what the dice give.

The engine asks through the Diceball rules' hooks (`diceball.Diceball.check_moves` and
`check_runner_races`); a play without `race=` is not raced."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from scorebook.games.diceball import CLOUDS, OUTFIELD_CIRCLES, STARS, read_pitches
from scorebook.games.diceball_races import (
    BASE_NAMES,
    THROW_CODES,
    THROW_NAMES,
    Declared,
    Dice,
    DiceRanOut,
    Outcome,
    Race,
    RaceProblem,
    Start,
    longest_hit,
    outcome_text,
    running_starts,
    runs_declared,
)
from scorebook.notation.model import BASE_WORDS, HOME, Play, Result, RunnerEvents, RunnerMove
from scorebook.notation.syntax import parse_result
from scorebook.problems import IllegalPlay

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

Finals = dict[int, tuple[int, bool]]

PASSAGES = {
    "ground": "Relays to First Base, \"The offense always rolls the die BEFORE the defense\"",
    "error": "Errors, \"a) The ball is hit to the infield and the defense gets a 1 on the first roll of the die. "
    "b) A runner reaches a base before the ball does\"",
    "double play": "Double Play, \"A total of 6 is needed to get both outs\" (each double play's total is the "
    "board's)",
    "non-forced": "Non-Forced Out, \"the defense can try to put them out by throwing the ball to the base that the "
    "runners are trying to reach\"",
    "star": "The Ball is Hit to a Star-Shaped Zone, \"If the defensive player reaches a base when the runner is "
    "in the danger zone leading to the base, the runner is out\"",
    "fly": "Advancing on a Fly-Out, \"With a roll of 8 or more, the runner is safe\"",
    "bunt": "The Sacrifice Bunt, \"The offense must roll one die to try to reach the next base\"",
    "squeeze": "The Suicide Bunt",
    "steal": "The Regular Stolen Base, \"This process continues until either the ball reaches the base before "
    "the runner ... or the runner reaches the base before the ball\"",
}


def _digits(value: str | None) -> list[int]:
    return [ord(c) - 48 for c in value or ""]


def _start(state: GameState, starts: dict[int, int] | None = None) -> Start:
    lead_off = state.teams[state.half].players[0]
    bases = state.bases
    return Start(
        (bases[0] is not None, bases[1] is not None, bases[2] is not None),
        state.outs,
        (
            bases[0] is not None and bases[0].player == lead_off,
            bases[1] is not None and bases[1].player == lead_off,
            bases[2] is not None and bases[2].player == lead_off,
        ),
        starts or {},
    )


def _problem(play: Play, key: str, message: str) -> IllegalPlay:
    return IllegalPlay(message, col=play.annotation_col(key), token=f"{key}={play.race(key)}")


# --- a ball in play -----------------------------------------------------------------------


def check_play_race(state: GameState, play: Play, moves: list[Move]) -> None:
    """The play's race, when it records one, against what is written."""
    start = _running_start(state, play)
    dice = play.race("race")
    if dice is None:
        for key in ("run", "throw"):
            if play.race(key) is not None:
                raise _problem(play, key, f"{key}= declares a choice of a race: give its dice too, `race=...`")
        return
    location = play.location
    if play.bunt is None and (location is None or not (location in CLOUDS or location in STARS or location in OUTFIELD_CIRCLES)):
        why = "give the ball's location, hit=" if location is None else f"the ball at {location} is no race"
        raise _problem(play, "race", f"race= holds the dice of a race between runner and ball: {why}")
    star = play.bunt is None and location in STARS
    decide = Declared(runs_declared(play.race("run")), _throw(play), star)
    if star and decide.run.get(0, 1) > longest_hit(location or 0):
        raise _problem(play, "run", f"the batter goes no further than {BASE_NAMES[longest_hit(location or 0)]} on the "
                       f"star {location} (rulebook: The Ball is Hit to a Star-Shaped Zone, \"usually singles, "
                       "sometimes doubles\"; the deep stars, \"sometimes triples\")")  # fmt: skip
    squeeze = play.race("squeeze")
    digits = _digits(squeeze) + _digits(dice)
    roll = Dice(iter(digits))
    race = Race(start, roll, decide)
    try:
        outcome, kind = _played(race, play, location)
    except DiceRanOut:
        raise _problem(play, "race", f"the race is not over when the dice end: `race={dice}` needs more dice "
                       "(the offense rolls first, then the defense, in turn)") from None  # fmt: skip
    except RaceProblem as problem:
        raise _problem(play, problem.key, problem.message) from None
    left = len(digits) - len(roll.rolled)
    if left:
        raise _problem(play, "race", f"the race is over before the last {left} di{'ce' if left > 1 else 'e'} of "
                       f"`race={dice}`: drop {'them' if left > 1 else 'it'}")  # fmt: skip
    _check_declared(play, decide, outcome)
    _compare(state, play, moves, outcome, kind)


def _throw(play: Play) -> str | None:
    code = play.race("throw")
    return THROW_NAMES[code] if code is not None else None


def _running_start(state: GameState, play: Play) -> Start:
    """Where the runners stand when the ball is hit: a steal on (`steal=`), the hit-and-run
    (`hnr=`), the full count with two outs (`full=yes`), each checked against its passage."""
    start = _start(state)
    stealing = tuple(int(c) for c in play.race("steal") or "")
    hnr = play.race("hnr")
    full = play.race("full") is not None
    if stealing:
        _check_stealers(state, stealing, lambda m: _problem(play, "steal", m))
    running: tuple[int, ...] = ()
    if hnr is not None:
        _check_hit_and_runs_left(state, lambda m: _problem(play, "hnr", m))
        running = _hit_and_run_runners(state)
        if not running:
            raise _problem(play, "hnr", "the hit-and-run needs a runner on first, or runners on first and second "
                           "(rulebook: Hit-and-Run)")  # fmt: skip
        if int(hnr) < 4 or not (play.pitches or "").endswith("6"):
            raise _problem(play, "hnr", "on a ball in play the hit-and-run die is 4, 5 or 6 (\"the ball is hit\"), "
                           "written as a 6 in pitches=; a 1 is a steal line's `hnr=1`, 2 or 3 a foul in the count")  # fmt: skip
    if full:
        count = read_pitches((play.pitches or "")[:-1], True)[:2]
        if state.outs != 2 or count != (3, 2):
            raise _problem(play, "full", "full=yes is the full count with two outs: \"If after two outs, the hitter "
                           f"reaches a full count (3 balls, 2 strikes)\"; here {state.outs} out(s), count "
                           f"{count[0]}-{count[1]} (rulebook: Full Count, Two Outs)")  # fmt: skip
    return start._replace(starts=running_starts(start, stealing, running, full)) if stealing or running or full else start


def _check_hit_and_runs_left(state: GameState, problem) -> None:
    """Hit-and-Run: "both teams are limited to two hit-and-run attempts per game. Foul balls do
    not count as attempts" (a foul has no `hnr=`)."""
    if state.game_counts[state.half] >= 2:
        raise problem("a team has two hit-and-run attempts a game, and this team has made them (rulebook: "
                      "Hit-and-Run, \"both teams are limited to two hit-and-run attempts per game\")")  # fmt: skip


def _hit_and_run_runners(state: GameState) -> tuple[int, ...]:
    """Hit-and-Run: "when there is a runner on first base or when both first and second base
    are occupied" (third base free)."""
    bases = state.bases
    if bases[0] and not bases[1]:
        return (1,)
    if bases[0] and bases[1] and not bases[2]:
        return (1, 2)
    return ()


def _check_stealers(state: GameState, stealing: tuple[int, ...], problem) -> None:
    """A steal of second or third with the base ahead free, or the double steal: "runners on
    first and second base with the third base being empty"."""
    bases = state.bases
    if any(bases[b - 1] is None for b in stealing):
        raise problem("there is no runner on every base steal= names")
    if stealing == (1, 2) and bases[2] is not None:
        raise problem("a double steal needs third base empty (rulebook: Double Steal)")
    if len(stealing) == 1 and bases[stealing[0]] is not None:
        raise problem(f"the runner on {BASE_WORDS[stealing[0]]} cannot steal a base that is taken")


def _played(race: Race, play: Play, location: int | None) -> tuple[Outcome, str]:
    if play.bunt is not None:
        if play.race("squeeze") is None:
            return race.bunt(), "bunt"
        racers, in_red = race.squeeze_run()
        return race.good_squeeze(racers, in_red), "squeeze"
    assert location is not None
    if location in OUTFIELD_CIRCLES:
        return race.fly_out(OUTFIELD_CIRCLES[location], tag=not race.start.starts), "fly"
    if location in CLOUDS:
        return race.ground_ball(location), "ground"
    return race.base_hit(location), "star"


def _check_declared(play: Play, decide: Declared, outcome: Outcome) -> None:
    """Every declaration written is one the race asked for."""
    for base in decide.run:
        if base not in decide.asked:
            who = "the batter" if base == 0 else f"the runner on {BASE_WORDS[base]}"
            raise _problem(play, "run", f"{who} declares nothing on this race: he is forced, or the play never "
                           "leaves him the choice; drop him from run=")  # fmt: skip
    written = play.race("throw")
    if written is not None and not outcome.throw_declared and THROW_CODES.get(outcome.thrown) != written:
        went = f"the ball goes to {outcome.thrown}" if outcome.thrown else "the ball is thrown nowhere"
        raise _problem(play, "throw", f"the defense has no choice to declare here: {went}; drop throw=")


def _compare(state: GameState, play: Play, moves: list[Move], outcome: Outcome, kind: str) -> None:
    """The play written against the race's outcome: the result and who is out where, and where
    each safe runner ends (not when the play's outs end the half-inning or the home team's runs
    end the game, where the engine's third-out rule and walk-off decide who moves)."""
    race_result, race_bases = _result(outcome.code)
    written: Finals = {m.start: (m.end, m.out) for m in moves}
    raced: Finals = {start: (end, out) for start, (end, out, _) in outcome.finals.items()}
    raced.setdefault(0, (0, True) if race_result in (Result.FLY_OUT, Result.GROUND_OUT, Result.SACRIFICE_BUNT) else (1, False))
    for move in moves:
        raced.setdefault(move.start, (move.start, False))
    outs = sum(out for _, out in raced.values())
    scorers = sum(1 for end, out in raced.values() if end == HOME and not out)
    walk_off = state.half == 1 and state.inning >= state.innings and scorers > state.score[0] - state.score[1]
    whole = state.outs + outs < 3 and not walk_off
    same_result = _kind(race_result, race_bases, whole) == _kind(play.result, play.bases, whole)
    differs = [s for s in written if raced[s][1] != written[s][1] or ((whole or raced[s][1]) and raced[s] != written[s])]
    if same_result and not differs:
        return
    passage = _passage(kind, race_result, play, raced, written)
    text = outcome_text(outcome, fielders=True)
    raise IllegalPlay(
        f"the race's dice give `{text}`, not `{play.code}`{_where(differs, written, raced) if same_result else ''} "
        f"(rulebook: {passage}); write `{text}`, or the dice as they were rolled",
        col=play.annotation_col("race"),
        token=f"race={play.race('race')}",
    )


@lru_cache(maxsize=256)  # a few dozen codes: `4-3`, `H1`, `FC`, `2E4` ...
def _result(code: str) -> tuple[Result, int]:
    result, _, bases, _, _ = parse_result(code, 0)
    return result, bases


def _kind(result: Result, bases: int, whole: bool) -> tuple[Result, int]:
    if result is Result.SACRIFICE_BUNT:
        result = Result.GROUND_OUT
    return result, bases if whole or result is not Result.HIT else 0


def _where(differs: list[int], written: Finals, raced: Finals) -> str:
    start = differs[0]
    who = "the batter" if start == 0 else f"the runner from {BASE_WORDS[start]}"

    def said(end: int, out: bool) -> str:
        return f"out at {BASE_WORDS[end]}" if out else f"safe at {BASE_WORDS[end]}"

    return f": {who} is {said(*raced[start])}, not {said(*written[start])}"


def _passage(kind: str, race_result: Result, play: Play, raced: Finals, written: Finals) -> str:
    if kind != "ground":
        return PASSAGES[kind]
    if Result.ERROR in (race_result, play.result):
        return PASSAGES["error"]
    if sum(o for _, o in raced.values()) > 1 or sum(o for _, o in written.values()) > 1:
        return PASSAGES["double play"]
    if any(raced.get(s, (0, False))[1] != o for s, (_, o) in written.items() if s):
        return PASSAGES["non-forced"]
    return PASSAGES["ground"]


# --- a steal line -------------------------------------------------------------------------


def check_steal_race(state: GameState, st: RunnerEvents) -> None:
    """A steal line's dice (`race=`, and `hnr=1` for the hit-and-run's swing and miss): the
    lead runner caught or every runner safe, as the race gives."""
    dice, hnr, squeeze = st.race("race"), st.race("hnr"), st.race("squeeze")
    col = {key: c for key, _, c in st.races}

    def problem(key: str, message: str) -> IllegalPlay:
        return IllegalPlay(message, col=col[key], token=f"{key}={st.race(key)}")

    if squeeze is not None or st.bunt is not None:
        return _check_missed_squeeze(state, st, problem)
    if hnr is not None:
        _check_hit_and_runs_left(state, lambda m: problem("hnr", m))
    if hnr is not None and (hnr != "1" or not _hit_and_run_runners(state)):
        raise problem("hnr", "on a steal line the hit-and-run die is 1, \"a strike on a swing\", with a runner on first "
                      "(or first and second): the runners go as on a regular steal (rulebook: Hit-and-Run)")  # fmt: skip
    if dice is None:
        if hnr is not None:
            raise problem("hnr", "hnr= goes with the steal's dice, race=")
        return
    steals = [e for e in st.events if e.move in (RunnerMove.STOLEN_BASE, RunnerMove.CAUGHT_STEALING)]
    if not steals:
        raise problem("race", "race= on a runner line holds a steal's dice: write the steal, e.g. `SB2 race=5`")
    stealers = sorted(e.start for e in steals)
    roll = Dice(iter(_digits(dice)))
    race = Race(_start(state), roll, Declared({}, None, False))
    try:
        two_dice, caught = race.steal(stealers, regular=hnr is not None)
    except DiceRanOut:
        raise problem("race", f"the steal is not decided when the dice end: `race={dice}` needs more dice") from None
    left = len(dice) - len(roll.rolled)
    if left:
        raise problem("race", f"the steal is decided before the last {left} di{'ce' if left > 1 else 'e'}: drop them")
    lead = max(stealers)
    for event in steals:
        out = event.move is RunnerMove.CAUGHT_STEALING
        if out != (caught and event.start == lead):
            needed = "two dice, 7 or more" if two_dice else "one die, 5 or 6"
            gives = f"the runner from {BASE_WORDS[lead]} caught" if caught else "every runner safe"
            passage = "The Designated Base Stealer" if two_dice else PASSAGES["steal"]
            raise problem("race", f"the steal's dice give {gives}, not `{event.text}` ({needed} is safe at once, then "
                          f"the catcher needs {4} in turn; rulebook: {passage})")  # fmt: skip


def _check_missed_squeeze(state: GameState, st: RunnerEvents, problem) -> None:
    """The missed squeeze (`SBH squeeze=4 bunt=1 race=...`): the runner from third in the
    danger zone after the squeeze die, then the catcher's die and the runner's."""
    squeeze, dice = st.race("squeeze"), st.race("race")
    if squeeze is None or dice is None:
        return
    roll = Dice(iter(_digits(squeeze) + _digits(dice)))
    race = Race(_start(state), roll, Declared({}, None, False))
    try:
        racers, in_red = race.squeeze_run()
        if not in_red:
            raise problem("squeeze", "the runner from third is still in the safety zone: on a strike he goes back "
                          "\"without throwing the die\" (rulebook: The Suicide Bunt); no runner line")  # fmt: skip
        safe = race.beats_the_tag(racers[-1])
    except DiceRanOut:
        raise problem("race", f"the play at home is not decided when the dice end: `race={dice}` needs more") from None
    if len(roll.rolled) != 1 + len(dice):
        raise problem("race", "the play at home is decided before the last dice of race=: drop them")
    home = next((e for e in st.events if e.start == 3), None)
    if home is not None and (home.move is RunnerMove.STOLEN_BASE) != safe:
        raise problem("race", f"the dice give the runner from third {'safe' if safe else 'out'} at home, not "
                      f"`{home.text}` (rulebook: The Suicide Bunt, \"runners that fail to reach home plate on that "
                      "roll are automatically out\")")  # fmt: skip
