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
    HOME_RUNS,
    IN_PLAY,
    INFIELD_FLY_CIRCLES,
    OUTFIELD_CIRCLES,
    read_pitches,
)
from scorebook.games.diceball_races import (
    BASE_NAMES,
    GREEN,
    SPACES,
    error_base,
    longest_hit,
    reached,
    slides_back,
    thrown_to_first,
)
from scorebook.notation.model import HOME
from scorebook.sim.writer import GameWriter, advance_token

LEAD = BOARD["track"]["lead"]
CATCHER = BOARD["catcher"]
BASE_NUMBERS = {name: base for base, name in BASE_NAMES.items()}
FIRST_RED = GREEN + 1  # where a designated stealer starts when the ball is hit
THIRD_GREEN = GREEN  # where a regular stealer starts
COUNT_ENDS = {"strikeout": "SO", "walk": "BB"}  # how a count ends -> the result


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
        return reached(self.pos, self.target)

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
        self.ball_in_play(pitches + "6", dict.fromkeys(running, THIRD_GREEN))
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
        needed = BOARD["flies"][glove][BASE_NAMES[target]]
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
        """The Ball is Hit to a Cloud: the offense says who runs and rolls first; the defense
        then says where it throws ("The defense must announce its decision BEFORE rolling the
        die") and the ball travels the relay; a 1 on the defense's first roll and a runner
        safe before the ball is an error."""
        w, cloud = self.w, BOARD["clouds"][location]
        glove = cloud["fielder"]
        racers = self.runners(starts)
        ahead_runs = True  # the base ahead of the runner deciding is free or its runner runs
        for racer in reversed(racers[1:]):
            ahead_free = racer.start == 3 or w.state.bases[racer.start] is None
            if not racer.forced and (ahead_free or ahead_runs) and (
                racer.pos % SPACES > GREEN or w.offense.run_on_ground_ball(racer.start, w.situation(), w.rng)
            ):
                racer.target, racer.running = racer.start + 1, True
            ahead_runs = racer.running
        plan: list[tuple[int, int]] = []
        ball, step, error_chance = 0, 0, False
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
            if not plan:  # the batter cannot reach first on the offense's first roll
                plan = self.ground_plan(cloud, racers)
                error_chance = roll == 1
            ball += roll
            while step < len(plan) and ball >= plan[step][1]:
                base = plan[step][0]
                victim = next((r for r in racers if r.running and r.target == base and not r.reached), None)
                if victim:
                    self.tag(victim, racers, chain(glove, *(coverer(b, glove) for b, _ in plan[: step + 1])))
                step += 1
            if step == len(plan):
                break
        self.ground_result(glove, racers, annotations, at_batter=plan[0][0] == 1)

    def ground_plan(self, cloud: dict, racers: list[Racer]) -> list[tuple[int, int]]:
        """Where the defense throws, in order, with the total the ball needs for each: at the
        batter, at a runner (Non-Forced Out: "throwing the ball to the base that the runners
        are trying to reach"; A Throw to Home Plate), or a double play with the rulebook's
        totals (Double Play; 1B: "first to first base and then to second base. A total of 6",
        "first to second base and then to first base. A total of 7")."""
        w = self.w
        chasing = {r.target: r for r in racers if r.running and not r.reached}
        plans = {BASE_NAMES[base]: [(base, cloud[BASE_NAMES[base]])] for base in chasing}
        forced = {r.start for r in racers if r.forced and r.running and not r.reached}
        if w.state.outs < 2 and 0 in forced and 1 in forced:
            double_play = cloud["double_play"]
            for name, total in double_play.items():
                first, second = (BASE_NUMBERS[b] for b in name.split("-"))
                if first - 1 in forced:  # the runner forced to the first base thrown to
                    plans[name] = [(first, cloud[BASE_NAMES[first]]), (second, total)]
        if len(plans) == 1:
            return plans["first"]
        # Each: (what the ball needs to finish it, what the first runner thrown at still needs).
        options = {name: (plan[-1][1], plan[0][0] * SPACES - chasing[plan[0][0]].pos) for name, plan in plans.items()}
        return plans[w.defense.throw(options, w.situation(), w.rng)]

    def tag(self, racer: Racer, racers: list[Racer], fielders: tuple[int, ...]) -> None:
        """The ball reaches the base `racer` runs to before him. Safety Zone: "The defense may
        throw the ball to a base when the runner is on the green spaces. This forces the runner
        to slide into the base. The runner is then safe" (back at the base he left, if no
        runner behind him is taking it); Danger Zone: in the red "The runner is out"."""
        base = racer.target
        behind_free = all(r.target < base - 1 for r in racers if r.start < racer.start and not r.out_at)
        if slides_back(racer.pos, base) and behind_free:
            racer.target, racer.running, racer.pos = base - 1, False, (base - 1) * SPACES
        else:
            racer.out_at, racer.running, racer.fielders = base, False, fielders

    def error(self, glove: int, racers: list[Racer], annotations: str) -> None:
        """Errors: "On an error, a runner can advance until the defensive throw reaches the
        base. If the runner reaches the danger zone toward the next base, the runner is
        automatically safe at that base." Everybody is safe."""
        behind = 0
        for racer in racers:
            if racer.out_at:
                racer.out_at, racer.fielders = 0, ()
            base = max(error_base(racer.pos), racer.target if racer.running else racer.start, behind + 1)
            if racer.start == 0:
                base = min(base, 2)
            racer.target, racer.running, racer.pos = min(base, HOME), True, min(base, HOME) * SPACES
            behind = racer.target
        code = f"{'2' if racers[0].target == 2 else ''}E{glove}"
        self.write(code, racers, annotations)

    def ground_result(self, glove: int, racers: list[Racer], annotations: str, at_batter: bool) -> None:
        """The batter out, a fielder's choice (a runner out, or the defense throwing at a
        runner: "The batter then gets to first base without having to throw the die"), or the
        infield hit: the batter beat the throw to first."""
        batter = racers[0]
        if batter.out_at:
            code = "-".join(map(str, batter.fielders))
            batter.fielders = ()
        elif not at_batter or any(r.out_at for r in racers):
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
        the danger zone when the ball reaches his base is out; on the green he slides back,
        and the others are safe where they were going. The batter goes no further than second
        on a short star and third on a deep one (a home run is only 27-36)."""
        star = BOARD["stars"][location]
        racers = self.runners(starts)
        for racer in racers:
            racer.running, racer.target = True, racer.start + 1
        ball = 0
        while True:
            self.decide(racers, star, ball, longest_hit(location))
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
            if self.throw(racers, star, ball, location):
                break
        batter = racers[0]
        if batter.out_at == 1:
            code, batter.fielders = "-".join(map(str, batter.fielders)), ()
        else:
            code = f"H{batter.out_at - 1 if batter.out_at else batter.target}"
        self.write(code, racers, annotations)

    def decide(self, racers: list[Racer], star: dict, ball: int, longest: int) -> None:
        """Before each roll the offense says who goes on (Safety Zone: "A runner on a base or on
        a green space, can decide to stop running. The offense must declare who will run and
        who won't before rolling the die"). A runner who has reached his base may stop there
        (even when the last roll carried him past it) or go for the next if the runner ahead is
        not in the way; one not forced, still on the green spaces past the base he started
        from, may hold there if no runner behind him is taking it. Lead runner first; `block`
        is the first base the next runner may not run to."""
        block = HOME + 1
        for racer in sorted(racers, key=lambda r: -r.start):
            if racer.out_at:
                continue
            if racer.running and racer.reached:
                base, nxt = racer.target, racer.target + 1
                limit = longest if racer.start == 0 else HOME
                ball_needs = star[BASE_NAMES[nxt]] - ball if nxt <= HOME else 0
                if nxt < block and nxt <= limit and self.goes_on(racer, nxt * SPACES - racer.pos, ball_needs):
                    racer.target = nxt
                else:
                    racer.running, racer.pos = False, base * SPACES
            elif (
                racer.running
                and not racer.forced
                and racer.target == racer.start + 1
                and racer.pos - racer.start * SPACES <= GREEN
                and all(r.target < racer.start for r in racers if r.start < racer.start and not r.out_at)
                and not self.goes_on(racer, racer.target * SPACES - racer.pos, star[BASE_NAMES[racer.target]] - ball)
            ):
                racer.target, racer.running, racer.pos = racer.start, False, racer.start * SPACES
            block = HOME + 1 if racer.target == HOME else racer.target

    def goes_on(self, racer: Racer, spaces: int, ball: int) -> bool:
        """The offense's manager: does the runner go on for the next base?"""
        w = self.w
        return w.offense.keep_running(racer.start, spaces, ball, w.situation(), w.rng)

    def throw(self, racers: list[Racer], star: dict, ball: int, location: int) -> bool:
        """When the ball can reach a base a runner is heading for before him, it goes there (the
        defense's choice when it can reach more than one; "The infielder then throws the ball
        to the appropriate base") and the play ends: the runner is tagged or slides back, and
        the other runners are safe at the base they were running to. A runner already at his
        base, who has not yet said whether he goes on, cannot be put out there."""
        fielder = star["fielder"]
        reachable = [
            r
            for r in racers
            if r.running
            and not r.reached
            and (r.target > 1 or thrown_to_first(location))
            and ball >= star[BASE_NAMES[r.target]]
        ]
        if not reachable:
            return False
        racer = reachable[0]
        if len(reachable) > 1:
            w = self.w
            options = {BASE_NAMES[r.target]: (0, r.target * SPACES - r.pos) for r in reachable}
            racer = reachable[list(options).index(w.defense.throw(options, w.situation(), w.rng))]
        self.tag(racer, racers, chain(fielder, coverer(racer.target, fielder)))
        for other in racers:
            other.running = False
        return True

    # --- bunts ----------------------------------------------------------------------------------

    def catcher_to_first(self, batter: Racer) -> None:
        """A bunted ball on the catcher's mitt: he needs 4 to first, the batter rolls in turn
        (his first roll already made)."""
        ball = 0
        while batter.pos < SPACES:
            ball += self.die()
            if ball >= CATCHER["first"]:
                batter.out_at, batter.fielders = 1, (2, 3)
                return
            batter.pos += self.die()

    def bunt_code(self, racers: list[Racer]) -> str:
        """The batter out at first is a sacrifice when a runner moved up with fewer than two
        outs (official rule 9.08(a)), else a ground out; safe, a single."""
        batter = racers[0]
        if not batter.out_at:
            return "H1"
        batter.fielders = ()
        moved = any(r.target > r.start and not r.out_at for r in racers[1:])
        return "SH2-3" if moved and self.w.state.outs < 2 else "2-3"

    def bunt(self, pitches: str, roll_bunt: int) -> None:
        """The Sacrifice Bunt, a good bunt: the ball on the catcher's mitt, the runners from
        the first red space, one die; if they reach their bases the catcher throws to first.
        A runner on third goes home only when the runner from second comes to third."""
        racers = self.runners({1: FIRST_RED, 2: FIRST_RED, 3: LEAD})
        second_taken = self.w.state.bases[1] is not None
        for racer in racers[1:]:
            goes = racer.start < 3 or second_taken
            racer.target, racer.running = (racer.start + 1, True) if goes else (racer.start, False)
        roll = self.die()
        for racer in racers:
            if racer.running:
                racer.pos += roll
        self.catcher_to_first(racers[0])
        self.write(self.bunt_code(racers), racers, bunt_annotations(pitches, roll_bunt))

    def squeeze(self, pitches: str, strikes: int) -> tuple[str, bool]:
        """The Suicide Bunt: "The offense rolls one die to move the runner from third base to
        home plate" (the other runners "all run at the same speed"), then the bunt die: 1 a
        strike on a swing, 2 or 3 a foul ("A failed bunt after two strikes counts as a third
        strike"), 4-6 a good bunt. Returns the count and whether the plate appearance ended."""
        racers = self.runners({})
        runner = racers[-1]
        run = self.die()
        for racer in racers[1:]:
            racer.pos, racer.target = racer.pos + run, racer.start + 1
        in_red = runner.pos - 3 * SPACES > GREEN
        bunt = self.die()
        if bunt >= 4:
            self.good_squeeze(racers, in_red, bunt_annotations(pitches, bunt))
            return pitches, True
        if bunt > 1 and strikes == 2:
            self.w.emit(f"SO pitches={pitches} bunt={bunt}")
            return pitches, True
        if bunt == 1 and in_red:
            self.missed_squeeze(racers)
            if not self.w.state.in_half:  # out at home for the third out: the at-bat is void
                return pitches, True
        # "Runners starting from third base must go back to the base (without throwing the die)."
        return pitches + str(bunt), False

    def missed_squeeze(self, racers: list[Racer]) -> None:
        """A strike with the runner from third in the red: "the defense needs a roll of 2 or
        more to complete the out ... If the defense rolls a 1, the offense rolls again; runners
        that fail to reach home plate on that roll are automatically out." The runners behind
        him, in the red too, take their next base. Written before the plate appearance as a
        steal of home, `SBH`, or a caught stealing, `CSH(2)` (then, official rule 9.07(e), the
        others are no stolen bases), with the bunt die."""
        others = racers[1:-1]
        if self.beats_the_tag(racers[-1]):
            tokens = ["SBH", *(f"SB{r.target}" for r in reversed(others))]
        else:
            tokens = ["CSH(2)", *(advance_token(r.start, r.target, False) for r in reversed(others))]
        self.w.emit(" ".join(tokens) + " bunt=1")

    def good_squeeze(self, racers: list[Racer], in_red: bool, annotations: str) -> None:
        """A good bunt, the ball on the catcher's mitt. The runner still on the green goes back
        and the batter runs: "The defense needs a roll of 4 or more to complete the out". In
        the red, the offense rolls again and the batter starts running; the runner from third
        short of home is thrown at ("rolling a 2 or more", then as on a strike) and the batter
        "is automatically safe"; home, the catcher "can try to get the runner out at first"."""
        batter, runner = racers[0], racers[-1]
        if not in_red:
            for racer in racers[1:]:
                racer.target, racer.pos = racer.start + racer.forced, racer.start * SPACES + LEAD
            batter.pos = self.die()
            self.catcher_to_first(batter)
            return self.write(self.bunt_code(racers), racers, annotations)
        roll = self.die()
        batter.pos = roll
        runner.pos += roll
        if runner.pos >= HOME * SPACES:
            self.catcher_to_first(batter)
            return self.write(self.bunt_code(racers), racers, annotations)
        if not self.beats_the_tag(runner):
            runner.out_at, runner.fielders = HOME, (2,)
        self.write("FC", racers, annotations)

    def beats_the_tag(self, runner: Racer) -> bool:
        """The runner from third short of home, the ball on the catcher's mitt: "the defense
        needs a roll of 2 or more to complete the out ... If the defense rolls a 1, the offense
        rolls again; runners that fail to reach home plate on that roll are automatically out"."""
        if self.die() == 1:
            runner.pos += self.die()
        return runner.pos >= HOME * SPACES


def bunt_annotations(pitches: str, bunt: int) -> str:
    return f"pitches={pitches} bunt={bunt}" if pitches else f"bunt={bunt}"
