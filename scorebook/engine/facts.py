"""Facts: one row per statement with everything the engine derived. Box scores, scoresheet
boxes, statistics and exports read these and never re-derive a rule.

Facts are NamedTuples: immutable like frozen dataclasses, and four times faster to build,
which a replay of a whole season feels (see docs/architecture.md). Records are built by
keyword, so that each value says its field; those a replay builds on every play (`Fact`,
`GameState`, `Team`) with `Fact.__new__(Fact, seq=..., ...)`: compiled, that call hands the
keywords straight to the tuple's `__new__`, while `Fact(seq=..., ...)` first gathers them in a
dict and takes about 1.7 times as long."""

from __future__ import annotations

from typing import NamedTuple

from scorebook.notation.model import Advance, Play, RunnerEvent


class Run(NamedTuple):
    runner: str
    pitcher: str  # the pitcher responsible for the runner (official rule 9.16(g))
    earned: bool
    rbi: bool


class Out(NamedTuple):
    player: str
    base: int  # where he was put out: 0 at the plate (strikeout, caught fly), 1-3, 4 home
    fielders: tuple[int, ...]  # who handled the ball for this out, the last making the putout
    inning: int  # the inning of his scoresheet box
    batter: bool  # the batter on this play (as opposed to a runner)
    box: str  # what his scoresheet box says: the runner on a 5-4-3 has "5-4-3", his out is 5-4


class Steal(NamedTuple):
    runner: str
    base: int  # the base stolen or the base he was caught stealing
    caught: bool
    fielders: tuple[int, ...]
    inning: int


class Chance(NamedTuple):
    """One fielder's part in one play: who played the position when it was made ("" where the
    lineup does not say), and his putouts, assists (0 or 1) and errors on it."""

    player: str
    position: int
    putouts: int
    assists: int
    errors: int


# What a statement was.
PLATE_APPEARANCE, RUNNERS, HALF_START, SUBSTITUTION, PITCHING_CHANGE = "pa", "runners", "half", "sub", "pitcher"
CALLED = "called"  # the umpire ended the game early (real baseball: rain, darkness)
UP = "up"  # a team's next batter set: it batted out of turn (official rule 6.03(b))
PLACED = "placed"  # a runner placed on base to start a half-inning (real baseball's extra innings)
RESPONSIBLE = "responsible"  # a runner charged to another pitcher of the fielding team (Retrosheet's presadj)


class Fact(NamedTuple):
    seq: int
    line: int
    kind: str
    text: str
    inning: int
    half: int
    batting: int  # team at bat: 0 away, 1 home
    outs_before: int
    outs_after: int
    bases_before: tuple[str | None, str | None, str | None]
    bases_after: tuple[str | None, str | None, str | None]
    score_after: tuple[int, int]
    pitcher: str = ""  # the fielding team's pitcher
    batter: str = ""
    slot: int = 0  # the batter's batting slot, 1-9
    play: Play | None = None
    result: str = ""  # the batter's scoresheet code with its RBI marks: "H2**", "6-4-3"
    pa: bool = False
    ab: bool = False
    hit: int = 0  # bases of a hit, 0 for none
    bb: bool = False
    ibb: bool = False
    so: bool = False
    sf: bool = False
    sh: bool = False
    gdp: bool = False
    reached_on_error: bool = False
    rbi: int = 0
    error: int = 0  # position charged with an error, 0 for none
    runs: tuple[Run, ...] = ()
    outs: tuple[Out, ...] = ()
    steals: tuple[Steal, ...] = ()
    lob: int = 0  # runners left on base when this statement ended the half-inning
    ends_half: bool = False
    ends_game: bool = False
    team: int = -1  # substitutions and pitching changes: the team
    player: str = ""  # substitutions and pitching changes: who comes in
    replaced: str = ""  # substitutions: who goes out (himself, when he only changes position)
    position: int | None = None
    hbp: bool = False  # hit by pitch
    errors: tuple[int, ...] = ()  # every position charged with an error on this statement
    events: tuple[RunnerEvent, ...] = ()  # runner events: what was scored (SB2, WP, PO1(1-3))
    advances: tuple[Advance, ...] = ()  # runner events: the moves as written, with their marks (`1-3(E2)`)
    fielders: tuple[str, ...] = ()  # who played positions 1-9 for the fielding team (index 0, the pitcher)
    # (seq, n): earlier runs (run n of statement seq) that scored unearned and are earned after
    # all, their runners scoring in the reconstructed inning on this statement (rule 9.16);
    # `engine.core.credit_earned_after` marks them.
    earned_after: tuple[tuple[int, int], ...] = ()
    base: int = 0  # a runner charged to another pitcher (RESPONSIBLE): his base, 1-3
    # `dp=yes`: the fielders of each out the runner events on this play's pitch made (the line
    # before, which credited their putouts and assists), one double play with this play's outs.
    pitch_outs: tuple[tuple[int, ...], ...] = ()

    @property
    def double_play(self) -> int:
        """2 or 3 when the play is a double or triple play, else 0: that many outs between the
        pitch and the ball dead (those of the runner events on its pitch too, `dp=yes`), unless
        an error or misplay came between them, which the scorer says with `dp=no` (official
        rule 9.11). A play joined so counts it once: the runner events' line counts none."""
        outs = len(self.outs) + len(self.pitch_outs)
        if outs < 2 or (self.play is not None and self.play.dp is False):
            return 0
        return outs

    @property
    def chances(self) -> tuple[Chance, ...]:
        """Each fielder's part in the play, credited to who played the position. Official rule
        9.09(a): a putout to the fielder who completes each out; 9.10(a): an assist to each other
        fielder who handled the ball, once a play however many outs he helped make; 9.12: an error
        to each position charged. An infield fly is the putout of the fielder it names (`IF6`); a
        bare `IF` names none and credits none. Worked out when read (the store writes it), not on
        every play of a replay."""
        if not self.outs and not self.errors:
            return ()
        putouts = [out.fielders[-1] for out in self.outs if out.fielders]
        assisted = {position for out in self.outs for position in out.fielders[:-1]}
        return tuple(
            Chance(self.fielders[p - 1], p, putouts.count(p), 1 if p in assisted else 0, self.errors.count(p))
            for p in sorted({*putouts, *assisted, *self.errors})
        )
