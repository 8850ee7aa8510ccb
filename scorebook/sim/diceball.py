"""Diceball!, die by die, as the rulebook plays it: the pitch die and the count, the hit dice
and the board, the ground-ball race, errors, double plays, throws home, hits to the stars with
the outfielder's path, tagging up on a fly, steals, bunts and intentional walks.

Positions on the base paths are counted in spaces from home plate: first base is 8, second 16,
third 24, home 32 (`diceball_board.toml`, [track]). After a base come green spaces (a runner may
stop or go back) and then red ones (he must go on).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.games.diceball import (
    BOARD,
    CLOUDS,
    DEEP_STARS,
    HOME_RUNS,
    INFIELD_FLY_CIRCLES,
    OUTFIELD_CIRCLES,
    read_pitches,
)
from scorebook.notation.model import HOME
from scorebook.sim.writer import GameWriter

SPACES = BOARD["track"]["spaces"]
GREEN = BOARD["track"]["green"]
LEAD = BOARD["track"]["lead"]
CATCHER = BOARD["catcher"]
BASE_KEYS = {1: "first", 2: "second", 3: "third", 4: "home"}
FIRST_RED = GREEN + 1  # where a designated stealer starts when the ball is hit
THIRD_GREEN = GREEN  # where a regular stealer starts


def coverer(base: int, fielder: int) -> int:
    """Who takes the throw at a base: 1B at first, SS or 2B at second, 3B at third, C at home."""
    if base == 2:
        return 6 if fielder in (1, 3, 4) else 4
    return {1: 3, 3: 5, HOME: 2}[base]


def chain(*fielders: int) -> tuple[int, ...]:
    """A throw sequence without a fielder repeated back to back (`3` for 1B unassisted)."""
    out: list[int] = []
    for f in fielders:
        if not out or out[-1] != f:
            out.append(f)
    return tuple(out)


@dataclass(slots=True)
class Racer:
    start: int  # 0 the batter, 1-3 a runner
    pos: int
    target: int  # the base he runs to; his start base when he holds
    running: bool
    forced: bool = False
    out_at: int = 0
    fielders: tuple[int, ...] = field(default=())

    @property
    def reached(self) -> bool:
        return self.pos >= self.target * SPACES

    def final(self) -> tuple[int, bool, tuple[int, ...]]:
        """Where he ends: out where he was put out, else at the base he was running to."""
        if self.out_at:
            return self.out_at, True, self.fielders
        return self.target, False, ()


class DiceballPlayer:
    """Plays each plate appearance die by die and hands the outcome to the writer."""

    def __init__(self) -> None:
        self.w: GameWriter
        self.hit_and_runs = [0, 0]  # "both teams are limited to two hit-and-run attempts per game"

    def die(self) -> int:
        return self.w.die()

    # --- the plate appearance ---------------------------------------------------------------

    def plate_appearance(self, writer: GameWriter) -> None:
        self.w = w = writer
        if w.defense.intentional_walk(w.situation(), w.rng):
            w.emit("IBB")  # "can do so without rolling the die"
            return
        pitches = ""
        bases = w.state.bases
        # A sacrifice needs a runner on first or second and fewer than two outs.
        may_bunt = (bases[0] or bases[1]) is not None and w.state.outs < 2
        while True:
            balls, strikes, _, _ = read_pitches(pitches) if pitches else (0, 0, 0, "")
            situation = w.situation(balls, strikes)
            if may_bunt and w.offense.bunt(situation, w.rng):
                may_bunt = False
                roll = self.die()
                if roll <= 3:  # "the bunt attempt has failed on a foul ball"
                    pitches += "2"
                    continue
                self.bunt(pitches, roll)
                return
            running = self.hit_and_run_runners() if strikes < 2 and self.hit_and_runs[w.state.half] < 2 else []
            if running and w.offense.hit_and_run(situation, w.rng):
                if self.hit_and_run(pitches, running):
                    return
                pitches = self.pitches
                continue
            stealers = self.stealers()
            if stealers and not w.offense.steal(situation, w.rng):
                stealers = []
            # Full Count, Two Outs: "every runner can be placed on the third green space".
            full_count = balls == 3 and strikes == 2 and w.state.outs == 2 and w.offense.run_on_full_count(situation, w.rng)
            pitch = self.die()
            if pitch == 6 and strikes < 2 and w.offense.take_six(situation, w.rng):
                pitches += "6"  # the automatic strike
                continue
            pitches += str(pitch)
            if stealers and pitch in (1, 4, 5):
                self.steal(stealers)
                if not w.state.in_half:  # caught stealing for the third out: the at-bat is void
                    return
                stealers = []
            how = read_pitches(pitches)[3]
            if how == "strikeout":
                w.emit(f"SO pitches={pitches}")
                return
            if how == "walk":
                w.emit(f"BB pitches={pitches}")
                return
            if how == "in play":
                starts = {b: THIRD_GREEN for b in (1, 2, 3) if full_count and w.state.bases[b - 1]}
                starts.update({b: FIRST_RED if self.designated(b) else THIRD_GREEN for b in stealers})
                self.ball_in_play(pitches, starts)
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
        is written in `pitches=` as the pitch it stands for. Returns whether the at-bat ended;
        the count so far is left in `self.pitches`."""
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
        self.ball_in_play(pitches + "6", {b: THIRD_GREEN for b in running})
        return True

    # --- steals -------------------------------------------------------------------------

    def designated(self, base: int) -> bool:
        """The lead-off hitter is the designated base stealer."""
        runner = self.w.state.bases[base - 1]
        return runner is not None and runner.player == self.w.state.teams[self.w.state.half].players[0]

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
        """The Regular Stolen Base: from the third green space with one die, 5 or 6 is safe;
        else the catcher needs 4, and they roll in turn. The designated stealer starts from the
        first green space with two dice (7 or more is safe). On a double steal the catcher
        throws to the lead runner; only he can be put out."""
        lead = max(stealers)
        two_dice = not regular and self.designated(lead) and (len(stealers) == 1 or lead == 2)
        pos = LEAD if two_dice else THIRD_GREEN
        pos += self.die() + self.die() if two_dice else self.die()
        ball = 0
        while pos < SPACES:
            ball += self.die()
            if ball >= CATCHER["throw"]:
                break
            pos += self.die()
        caught = pos < SPACES
        tokens = []
        for base in sorted(stealers, reverse=True):
            target = base + 1
            if base == lead and caught:
                tokens.append(f"CS{target}(2-{4 if target == 2 else 5})")
            else:
                tokens.append(f"SB{target}")
        self.w.emit(" ".join(tokens))

    # --- the ball in play ---------------------------------------------------------------------

    def ball_in_play(self, pitches: str, starts: dict[int, int]) -> None:
        count = self.die()
        dice = [self.die() for _ in range(count)]
        location = sum(dice)
        annotations = f"pitches={pitches} hit={count}:{''.join(map(str, dice))}"
        if location in HOME_RUNS:
            self.w.emit(f"H4 {annotations}")
        elif location in INFIELD_FLY_CIRCLES:
            self.w.emit(f"IF {annotations}")  # "Base runners cannot advance."
        elif location in OUTFIELD_CIRCLES:
            # Runners already running go back: "The right to move ahead on a fly-out is lost."
            self.fly_out(OUTFIELD_CIRCLES[location], annotations, tag=not starts)
        elif location in CLOUDS:
            self.ground_ball(location, starts, annotations)
        else:
            self.base_hit(location, starts, annotations)

    def runners(self, starts: dict[int, int]) -> list[Racer]:
        """The batter and the runners on base, the ones forced to run marked."""
        racers = [Racer(0, 0, 1, True, forced=True)]
        forced = True
        for base, runner in enumerate(self.w.state.bases, start=1):
            if runner is None:
                forced = False
                continue
            start = base * SPACES + starts.get(base, LEAD)
            racers.append(Racer(base, start, base + 1 if forced else base, forced, forced=forced))
        return racers

    def write(self, code: str, racers: list[Racer], annotations: str) -> None:
        state = self.w.state
        finals = {r.start: r.final() for r in racers}
        outs = [r for r in racers if r.out_at]
        # A third out that is a force (or the batter's before first) ends the half before any
        # run: only who is out matters.
        ends_without_runs = state.outs + len(outs) >= 3 and any(r.forced and r.out_at == r.start + 1 for r in outs)
        if code.startswith("H") and not ends_without_runs:
            code, finals = self.walk_off(code, finals)
        self.w.emit(self.w.play_text(code, finals, annotations, outs_only=ends_without_runs))

    def walk_off(self, code: str, finals: dict) -> tuple[str, dict]:
        """In the last half-inning the game ends when the winning run scores: the hit is worth
        the bases the winning runner advanced (rule 9.06(f)) and the runners behind him stay."""
        state = self.w.state
        if state.half == 0 or state.inning < state.innings or code == "H4":
            return code, finals
        needed = state.score[0] - state.score[1] + 1
        scorers = sorted((s for s, (end, out, _) in finals.items() if end == HOME and not out), reverse=True)
        if len(scorers) < needed:
            return code, finals
        winner = scorers[needed - 1]
        bases = min(int(code[1]), HOME - winner)
        return f"H{bases}", {s: finals[s] for s in scorers[:needed]}

    # --- flies --------------------------------------------------------------------------

    def fly_out(self, glove: int, annotations: str, tag: bool = True) -> None:
        """Advancing on a Fly-Out: the runner goes back to his base, then two dice: 8 or more
        is safe; else the outfielder rolls two dice for the distance to that base; then one
        die each in turn. Only when the fly is not the third out."""
        state = self.w.state
        bases = state.bases
        candidate = next((b for b in (3, 2, 1) if bases[b - 1] and (b == 3 or not bases[b])), 0)
        if not tag or state.outs == 2 or not candidate or not self.w.offense.tag_up(candidate, self.w.situation(), self.w.rng):
            self.w.emit(f"{glove} {annotations}")
            return
        target = candidate + 1
        needed = BOARD["flies"][glove][BASE_KEYS[target]]
        pos, ball = self.die() + self.die(), 0
        if pos < SPACES:
            ball = self.die() + self.die()
            while ball < needed and pos < SPACES:
                pos += self.die()
                if pos < SPACES:
                    ball += self.die()
        racer = Racer(candidate, 0, target, True)
        if pos < SPACES:
            racer.out_at, racer.fielders = target, chain(glove, coverer(target, glove))
        self.write(str(glove), [racer], annotations)

    # --- ground balls -------------------------------------------------------------------------

    def ground_ball(self, location: int, starts: dict[int, int], annotations: str) -> None:
        """The Ball is Hit to a Cloud: the offense rolls first and every runner moves; the
        ball travels the relay; a 1 on the defense's first roll and a runner safe before the
        ball is an error; with a runner on first the defense may try the double play."""
        w, cloud = self.w, BOARD["clouds"][location]
        glove = cloud["fielder"]
        racers = self.runners(starts)
        for racer in racers[1:]:
            if not racer.forced and (
                racer.pos % SPACES > GREEN or w.offense.run_on_ground_ball(racer.start, w.situation(), w.rng)
            ):
                racer.target, racer.running = racer.start + 1, True
        plan = self.ground_plan(cloud, racers)
        ball, step, error_chance, first_throw = 0, 0, False, True
        while True:
            roll = self.die()
            arrived = []
            for racer in racers:
                if racer.running and not racer.out_at:
                    racer.pos += roll
                    if racer.reached:
                        arrived.append(racer)
            if arrived and error_chance and step == 0:
                return self.error(glove, racers, annotations)
            for racer in arrived:
                racer.running = False
                racer.pos = racer.target * SPACES
            if not any(r.running for r in racers):
                break
            roll = self.die()
            if first_throw:
                error_chance, first_throw = roll == 1, False
            ball += roll
            while step < len(plan) and ball >= plan[step][1]:
                base = plan[step][0]
                victim = next((r for r in racers if r.running and r.target == base and not r.reached), None)
                if victim:
                    victim.out_at, victim.running = base, False
                    victim.fielders = chain(glove, *(coverer(b, glove) for b, _ in plan[: step + 1]))
                step += 1
            if step == len(plan):
                break
        self.ground_result(glove, racers, annotations)

    def ground_plan(self, cloud: dict, racers: list[Racer]) -> list[tuple[int, int]]:
        """Where the defense throws, in order, with the total the ball needs for each."""
        w = self.w
        room = 3 - w.state.outs
        forced = {r.start for r in racers if r.forced}
        home_runner = next((r for r in racers if r.start == 3 and r.running), None)
        if home_runner and room > 1 and w.defense.cut_off_run(w.situation(), w.rng):
            plan = [(HOME, cloud["home"])]
            if home_runner.forced:  # bases loaded: home, then on to first
                plan.append((1, cloud["home"] + CATCHER["first"]))
            return plan
        if 1 in forced and room >= 2:
            if cloud["fielder"] == 5 and 2 in forced:  # third base for the first out, then first
                return [(3, cloud["third"]), (1, cloud["double_play"])]
            return [(2, cloud["second"]), (1, cloud["double_play"])]
        if 1 in forced and cloud["second"] < cloud["first"]:
            return [(2, cloud["second"])]
        return [(1, cloud["first"])]

    def error(self, glove: int, racers: list[Racer], annotations: str) -> None:
        """Errors: "On an error, a runner can advance until the defensive throw reaches the
        base. If the runner reaches the danger zone toward the next base, the runner is
        automatically safe at that base." Everybody is safe."""
        behind = 0
        for racer in racers:
            if racer.out_at:
                racer.out_at, racer.fielders = 0, ()
            base = min(racer.pos // SPACES, 3)
            if racer.pos % SPACES > GREEN and racer.pos >= SPACES:
                base += 1
            base = max(base, racer.target if racer.running else racer.start, behind + 1)
            if racer.start == 0:
                base = min(base, 2)
            racer.target, racer.running, racer.pos = min(base, HOME), True, min(base, HOME) * SPACES
            behind = racer.target
        code = f"{'2' if racers[0].target == 2 else ''}E{glove}"
        self.write(code, racers, annotations)

    def ground_result(self, glove: int, racers: list[Racer], annotations: str) -> None:
        batter = racers[0]
        outs = [r for r in racers if r.out_at]
        if batter.out_at:
            code = "-".join(map(str, batter.fielders))
            batter.fielders = ()
        elif outs:
            code = "FC"
        else:
            # The Infield Hit: the batter stays at first; "they can advance safely to the next base".
            for racer in racers[1:]:
                racer.target, racer.running = racer.start + 1, True
            code = "H1"
        self.write(code, racers, annotations)

    # --- hits to the stars ----------------------------------------------------------------------

    def base_hit(self, location: int, starts: dict[int, int], annotations: str) -> None:
        """The Ball is Hit to a Star-Shaped Zone: the runners go base by base, deciding before
        each roll whether to go on; the outfielder runs to the ball and relays it; a runner in
        the danger zone when the ball reaches his base is out; on the green spaces he slides
        back, and the others are safe where they were going. The batter goes no further than
        second on a short star and third on a deep one (a home run is only 27-36)."""
        star = BOARD["stars"][location]
        deep = location in DEEP_STARS
        racers = self.runners(starts)
        for racer in racers:
            racer.running, racer.target = True, racer.start + 1
        ball = 0
        while True:
            self.decide(racers, star, ball, 3 if deep else 2)
            if not any(r.running for r in racers):
                break
            roll = self.die()
            for racer in racers:
                if racer.running:
                    racer.pos += roll
                    if racer.pos >= HOME * SPACES:
                        racer.pos, racer.target, racer.running = HOME * SPACES, HOME, False
            if not any(r.running for r in racers):
                break
            ball += self.die()
            if self.throw(racers, star, ball, deep):
                break
        batter = racers[0]
        if batter.out_at == 1:
            code, batter.fielders = "-".join(map(str, batter.fielders)), ()
        else:
            code = f"H{batter.out_at - 1 if batter.out_at else batter.target}"
        self.write(code, racers, annotations)

    def decide(self, racers: list[Racer], star: dict, ball: int, longest: int) -> None:
        """Before each roll the offense says who goes on. A runner short of his base must; one
        who has reached it may stop there (even when the last roll carried him past it) or go
        for the next if the manager likes the race and the runner ahead is not in the way.
        Lead runner first; `block` is the first base the next runner may not run to."""
        w = self.w
        block = HOME + 1
        for racer in sorted(racers, key=lambda r: -r.start):
            if racer.out_at:
                continue
            if racer.running and racer.reached:
                base, nxt = racer.target, racer.target + 1
                limit = longest if racer.start == 0 else HOME
                ball_needs = star[BASE_KEYS[nxt]] - ball if nxt <= HOME else 0
                if nxt < block and nxt <= limit and w.offense.keep_running(nxt * SPACES - racer.pos, ball_needs, w.rng):
                    racer.target = nxt
                else:
                    racer.running, racer.pos = False, base * SPACES
            block = HOME + 1 if racer.target == HOME else racer.target

    def throw(self, racers: list[Racer], star: dict, ball: int, deep: bool) -> bool:
        """When the ball can reach the base a running runner is heading for, it goes there
        (the lead runner's first): in the danger zone he is out, on the green he slides back.
        The play ends: the other runners are safe at the base they were running to, behind him.
        A runner who could only slide back to where he started, or onto a base a runner behind
        him is taking, is put out instead (the notation has no runner holding on a hit)."""
        fielder = star["fielder"]
        for racer in sorted((r for r in racers if r.running), key=lambda r: -r.target):
            base = racer.target
            if (base == 1 and deep) or ball < star[BASE_KEYS[base]]:
                continue
            on_green = racer.start != 0 and racer.pos - (base - 1) * SPACES <= GREEN
            behind = [r for r in racers if r.start < racer.start and not r.out_at]
            room = base - 1 > racer.start and all(r.target < base - 1 for r in behind)
            if on_green and room:
                racer.target = base - 1
            else:
                racer.out_at, racer.fielders = base, chain(fielder, coverer(base, fielder))
            for other in racers:
                other.running = False
            return True
        return False

    # --- the sacrifice bunt ---------------------------------------------------------------------

    def bunt(self, pitches: str, roll_bunt: int) -> None:
        """A good bunt: the ball on the catcher's mitt, the runners from the first red space,
        one die; if they reach their bases the catcher throws to first (4 needed)."""
        racers = self.runners({1: FIRST_RED, 2: FIRST_RED, 3: LEAD})
        for racer in racers[1:]:
            racer.target, racer.running = (racer.start + 1, True) if racer.start < 3 or racer.forced else (racer.start, False)
        roll = self.die()
        for racer in racers:
            if racer.running:
                racer.pos += roll
        ball = 0
        batter = racers[0]
        while batter.pos < SPACES:
            ball += self.die()
            if ball >= CATCHER["first"]:
                batter.out_at, batter.fielders = 1, (2, 3)
                break
            batter.pos += self.die()
        for racer in racers[1:]:
            racer.running, racer.pos = True, racer.target * SPACES
        annotations = f"pitches={pitches} bunt={roll_bunt}" if pitches else f"bunt={roll_bunt}"
        code = "SH2-3" if batter.out_at else "H1"
        if batter.out_at:
            batter.fielders = ()
        self.write(code, racers, annotations)
