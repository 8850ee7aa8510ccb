"""Diceball!, die by die, as the rulebook plays it: the pitch die and the count, the hit dice
and the board, and the races (games/diceball_races.py: ground balls, errors, double plays,
throws home, hits to the stars, tagging up on a fly, steals, bunts), with the managers'
decisions (sim/managers.py). Every die is written: `pitches=`, `hit=`, `bunt=`, and the race's
`race=` with the declarations it took (`run=`, `throw=`, `steal=`, `hnr=`, `full=`;
docs/game-files.md), so that `scorebook check` plays each race again.
"""

from __future__ import annotations

from scorebook.games.diceball import CLOUDS, HOME_RUNS, IN_PLAY, INFIELD_FLY_CIRCLES, OUTFIELD_CIRCLES, read_pitches
from scorebook.games.diceball_races import THROW_CODES, Dice, Outcome, Race, Start, run_annotation, running_starts
from scorebook.sim.writer import GameWriter, advance_token

COUNT_ENDS = {"strikeout": "SO", "walk": "BB"}  # how a count ends -> the result


class ManagerDecisions:
    """The race's declarations asked of the side's managers (sim/managers.py)."""

    def __init__(self, writer: GameWriter) -> None:
        self.w = writer

    def run_on_ground_ball(self, base: int) -> bool:
        return self.w.offense.run_on_ground_ball(base, self.w.situation(), self.w.rng)

    def keep_running(self, base: int, at: int, spaces: int, ball: int) -> bool:
        return self.w.offense.keep_running(base, spaces, ball, self.w.situation(), self.w.rng)

    def throw(self, options: dict[str, tuple[int, int]]) -> str:
        return self.w.defense.throw(options, self.w.situation(), self.w.rng)

    def tag_up(self, base: int) -> bool:
        return self.w.offense.tag_up(base, self.w.situation(), self.w.rng)


class DiceballPlayer:
    """Plays each plate appearance die by die and hands the outcome to the writer."""

    def __init__(self) -> None:
        self.w: GameWriter
        self.hit_and_runs = [0, 0]  # "both teams are limited to two hit-and-run attempts per game"

    def die(self) -> int:
        return self.w.die()

    def race(self, starts: dict[int, int] | None = None) -> Race:
        """A race from the bases as they stand, its dice from the game's generator."""
        state = self.w.state
        lead_off = state.teams[state.half].players[0]
        start = Start(
            bases=(state.bases[0] is not None, state.bases[1] is not None, state.bases[2] is not None),
            outs=state.outs,
            designated=tuple(r is not None and r.player == lead_off for r in state.bases),  # type: ignore[arg-type]
            starts=starts or {},
        )
        return Race(start, Dice(iter(self.w.die, None)), ManagerDecisions(self.w))

    # --- the plate appearance ---------------------------------------------------------------

    def plate_appearance(self, writer: GameWriter) -> None:
        self.w = w = writer
        if w.defense.intentional_walk(w.situation(), w.rng):
            w.emit("IBB")  # "can do so without rolling the die"
            return
        pitches = ""
        may_bunt = True  # one bunt attempt a plate appearance, a sacrifice or a squeeze
        while True:
            balls, strikes, _, how = read_pitches(pitches, True) if pitches else (0, 0, 0, "")
            if how in COUNT_ENDS:  # the last pitch struck him out or walked him
                w.emit(f"{COUNT_ENDS[how]} pitches={pitches}")
                return
            situation = w.situation(balls, strikes)
            bases, outs = w.state.bases, w.state.outs
            # The Suicide Bunt "can be attempted when there is a runner on third base except
            # when the bases are loaded".
            if may_bunt and bases[2] and not (bases[0] and bases[1]) and w.offense.squeeze(situation, w.rng):
                may_bunt = False
                pitches, done = self.squeeze(pitches, strikes)
                if done:
                    return
                continue
            # A sacrifice needs a runner on first or second and fewer than two outs.
            if may_bunt and (bases[0] or bases[1]) and outs < 2 and w.offense.bunt(situation, w.rng):
                may_bunt = False
                roll = self.die()
                if roll >= 4:
                    self.bunt(pitches, roll)
                    return
                if strikes == 2:  # "A failed attempt after two strikes is an out."
                    w.emit(f"SO pitches={pitches} bunt={roll}")
                    return
                pitches += "2"  # "the bunt attempt has failed on a foul ball"
                continue
            running = self.hit_and_run_runners() if strikes < 2 and self.hit_and_runs[w.state.half] < 2 else []
            if running and w.offense.hit_and_run(situation, w.rng):
                if self.hit_and_run(pitches, running):
                    return
                pitches = self.pitches
                continue
            stealers = self.stealers()
            if stealers and not w.offense.steal(situation, w.rng):
                stealers = []
            elif len(stealers) == 2 and not w.offense.double_steal(situation, w.rng):
                stealers = [2]  # the runner on second alone; the one on first stays
            # Full Count, Two Outs: "every runner can be placed on the third green space".
            full_count = balls == 3 and strikes == 2 and outs == 2 and w.offense.run_on_full_count(situation, w.rng)
            pitch = self.die()
            if pitch == 6 and strikes < 2 and w.offense.take_six(situation, w.rng):
                pitches += "6"  # the automatic strike
                continue
            pitches += str(pitch)
            if stealers and pitch in (1, 4, 5):
                self.steal(stealers)
                if not w.state.in_half:  # caught stealing for the third out: the at-bat is void
                    return
            elif pitch == IN_PLAY:
                running = self.race().start
                starts = running_starts(running, tuple(stealers), (), full_count and any(running.bases))
                declared = [f"steal={''.join(map(str, stealers))}" if stealers else "", "full=yes" if starts and full_count else ""]
                self.ball_in_play(pitches, starts, " ".join(filter(None, declared)))
                return

    def hit_and_run_runners(self) -> list[int]:
        """Hit-and-Run: "when there is a runner on first base or when both first and second base
        are occupied" (and the base ahead of the lead runner free)."""
        bases = self.w.state.bases
        if bases[0] and not bases[1]:
            return [1]
        if bases[0] and bases[1] and not bases[2]:
            return [1, 2]
        return []

    def hit_and_run(self, pitches: str, running: list[int]) -> bool:
        """"The pitcher does not throw. The offense throws one die": 1 a strike on a swing and
        the runners go as on a regular steal; 2 or 3 a foul, the runners return (not an
        attempt); 4-6 the ball is hit, the runners starting from the third green space. The die
        is written in `pitches=` as the pitch it stands for, and as `hnr=` on the line of the
        attempt. Returns whether the at-bat ended; the count so far is left in `self.pitches`."""
        w = self.w
        roll = self.die()
        if roll in (2, 3):
            self.pitches = pitches + str(roll)
            return False
        self.hit_and_runs[w.state.half] += 1
        if roll == 1:
            self.pitches = pitches + "1"
            self.steal(running, regular=True)
            return not w.state.in_half
        self.ball_in_play(pitches + "6", running_starts(self.race().start, (), tuple(running)), f"hnr={roll}")
        return True

    # --- steals -------------------------------------------------------------------------

    def stealers(self) -> list[int]:
        bases = self.w.state.bases
        if bases[0] and bases[1] and not bases[2]:
            return [1, 2]  # the double steal
        if bases[0] and not bases[1]:
            return [1]
        if bases[1] and not bases[2] and not bases[0]:
            return [2]
        return []

    def steal(self, stealers: list[int], regular: bool = False) -> None:
        """A steal line with its dice: the lead runner caught or every runner safe."""
        race = self.race()
        _, caught = race.steal(stealers, regular)
        lead = max(stealers)
        tokens = [
            f"CS{base + 1}(2-{4 if base + 1 == 2 else 5})" if base == lead and caught else f"SB{base + 1}"
            for base in sorted(stealers, reverse=True)
        ]
        dice = "".join(map(str, race.die.rolled))
        self.w.emit(" ".join([*tokens, *(["hnr=1"] if regular else []), f"race={dice}"]))

    # --- the ball in play ---------------------------------------------------------------------

    def ball_in_play(self, pitches: str, starts: dict[int, int], declared: str = "") -> None:
        count = self.die()
        dice = [self.die() for _ in range(count)]
        location = sum(dice)
        annotations = " ".join(filter(None, [f"pitches={pitches} hit={count}:{''.join(map(str, dice))}", declared]))
        if location in HOME_RUNS:
            self.w.emit(f"H4 {annotations}")
        elif location in INFIELD_FLY_CIRCLES:
            self.w.emit(f"IF {annotations}")  # "Base runners cannot advance."
        else:
            race = self.race(starts)
            if location in OUTFIELD_CIRCLES:
                # Runners already running go back: "The right to move ahead on a fly-out is lost."
                outcome = race.fly_out(OUTFIELD_CIRCLES[location], tag=not starts)
            elif location in CLOUDS:
                outcome = race.ground_ball(location)
            else:
                outcome = race.base_hit(location)
            self.write(race, outcome, annotations, star=location not in CLOUDS and location not in OUTFIELD_CIRCLES)

    def write(self, race: Race, outcome: Outcome, annotations: str, star: bool = False) -> None:
        """The play with its race: the dice (`race=`), the runners' declarations that are not
        the default (`run=`) and the defense's throw when it chose one (`throw=`)."""
        dice = "".join(map(str, race.die.rolled))
        declared = [
            run_annotation(outcome, star),
            f"throw={THROW_CODES[outcome.thrown]}" if outcome.throw_declared else "",
            f"race={dice}" if dice else "",
        ]
        text = " ".join(filter(None, [annotations, *declared]))
        self.w.emit(self.w.play_text(outcome.code, outcome.finals, text))

    # --- bunts ----------------------------------------------------------------------------------

    def bunt(self, pitches: str, roll_bunt: int) -> None:
        """The Sacrifice Bunt, a good bunt (games/diceball_races.py, `Race.bunt`)."""
        race = self.race()
        self.write(race, race.bunt(), bunt_annotations(pitches, roll_bunt))

    def squeeze(self, pitches: str, strikes: int) -> tuple[str, bool]:
        """The Suicide Bunt: the runner's die from third, then the bunt die: 1 a strike on a
        swing, 2 or 3 a foul ("A failed bunt after two strikes counts as a third strike"), 4-6
        a good bunt. Returns the count and whether the plate appearance ended."""
        race = self.race()
        racers, in_red = race.squeeze_run()
        run = race.die.rolled.pop()  # written as `squeeze=`, before the bunt die
        bunt = self.die()
        if bunt >= 4:
            self.write(race, race.good_squeeze(racers, in_red), f"{bunt_annotations(pitches, bunt)} squeeze={run}")
            return pitches, True
        if bunt > 1 and strikes == 2:
            self.w.emit(f"SO pitches={pitches} bunt={bunt}")
            return pitches, True
        if bunt == 1 and in_red:
            self.missed_squeeze(race, racers, run)
            if not self.w.state.in_half:  # out at home for the third out: the at-bat is void
                return pitches, True
        # "Runners starting from third base must go back to the base (without throwing the die)."
        return pitches + str(bunt), False

    def missed_squeeze(self, race: Race, racers: list, run: int) -> None:
        """A strike with the runner from third in the red, written before the plate appearance
        as a steal of home, `SBH`, or a caught stealing, `CSH(2)` (then, official rule 9.07(e),
        the others are no stolen bases), with the bunt die; the runners behind him, in the red
        too, take their next base."""
        others = racers[1:-1]
        if race.beats_the_tag(racers[-1]):
            tokens = ["SBH", *(f"SB{r.target}" for r in reversed(others))]
        else:
            tokens = ["CSH(2)", *(advance_token(r.start, r.target, False) for r in reversed(others))]
        dice = "".join(map(str, race.die.rolled))
        self.w.emit(" ".join([*tokens, f"squeeze={run}", "bunt=1", f"race={dice}"]))


def bunt_annotations(pitches: str, bunt: int) -> str:
    return f"pitches={pitches} bunt={bunt}" if pitches else f"bunt={bunt}"
