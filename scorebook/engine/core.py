"""The rule engine: `state + statement -> (state, fact)`, pure, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scorebook.engine.earned import reconstruct
from scorebook.engine.facts import (
    CALLED,
    HALF_START,
    PITCHING_CHANGE,
    PLACED,
    PLATE_APPEARANCE,
    RESPONSIBLE,
    RUNNERS,
    SUBSTITUTION,
    UP,
    Fact,
    Out,
    Run,
    Steal,
)
from scorebook.engine.mechanics import PASSED_BALL, Move, Outcome, _check_order, resolve, settle
from scorebook.engine.rules import BATTER_OUT, GROUND_BALLS, Rules, ties_stood
from scorebook.engine.state import BOTTOM, EMPTY_BASES, HALF_WORDS, TOP, GameState, Runner, Shadow, Team
from scorebook.notation.format import format_count, format_fielders, format_name
from scorebook.notation.model import (
    BASE_WORDS,
    BATTER,
    HOME,
    POSITION_NAMES,
    TEAM_WORDS,
    BatterUp,
    GameCalled,
    GameFile,
    HalfStart,
    Header,
    LineupEntry,
    PitchingChange,
    PlateAppearance,
    Play,
    Result,
    RunnerCharged,
    RunnerEvent,
    RunnerEvents,
    RunnerMove,
    RunnerPlaced,
    Statement,
    Substitution,
)
from scorebook.problems import IllegalPlay, InvalidLineup

_NO_RBI = {
    Result.ERROR: "no RBI on an error",
    Result.STRIKEOUT: "no RBI on a strikeout",
}


# --- the start of a game ------------------------------------------------------------------


def check_lineup(lineup: tuple[LineupEntry, ...], what: str, rules: Rules, line: int) -> None:
    """The rules' number of batters; a player in one slot, a position taken once. `what` names
    the lineup: "the away lineup", a league team's."""
    size = rules.lineup_size
    if (size and len(lineup) != size) or not 1 <= len(lineup) <= 9:
        too_many = lineup[size or 9 :]
        raise InvalidLineup(
            f"{what} has {len(lineup)} batters; a {rules.name} lineup has {size or 'one to nine'}",
            line=line,
            col=too_many[0].col if too_many else 0,
        )
    for slot, entry in enumerate(lineup):
        earlier = lineup[:slot]
        if entry.name in (e.name for e in earlier):
            twice = f'"{entry.name}" twice; a player bats in one slot'
        elif entry.position and entry.position in (e.position for e in earlier):
            twice = f"position {entry.position} ({POSITION_NAMES[entry.position]}) twice; one player plays a position"
        else:
            continue
        token = format_name(entry.name, entry.position)
        raise InvalidLineup(f"{what} has {twice}", line=line, col=entry.col, token=token)


def _team(header: Header, index: int, rules: Rules, line: int) -> Team:
    lineup = header.lineups[index]
    check_lineup(lineup, f"the {TEAM_WORDS[index]} lineup", rules, line)
    names = [entry.name for entry in lineup]
    pitcher = header.pitchers[index]
    return Team(
        name=header.teams[index],
        players=tuple(names),
        positions=tuple(entry.position for entry in lineup),
        up=0,
        pitcher=pitcher,
        used=frozenset(names) | {pitcher},
        pitchers_used=frozenset({pitcher}),
        pitched=(pitcher,),
        defense=(pitcher, *(next((e.name for e in lineup if e.position == position), "") for position in range(2, 10))),
    )


def new_game(game: GameFile, rules: Rules) -> GameState:
    lines = dict(game.header_lines)
    away, home = (_team(game.header, i, rules, lines.get(f"lineup {TEAM_WORDS[i]}", 0)) for i in (0, 1))
    return GameState(innings=game.header.innings, teams=(away, home))


# --- helpers ------------------------------------------------------------------------------


def _mirror(state: GameState, pitcher: str = "") -> Shadow:
    """The reconstruction of a half-inning that has had no error: the half itself (for
    `pitcher`, a relief pitcher: the half as he found it)."""
    first, second, third = (r.uid if r else None for r in state.bases)
    return Shadow(bases=(first, second, third), outs=state.outs, pitcher=pitcher)


def _names(bases: tuple[Runner | None, ...]) -> tuple[str | None, str | None, str | None]:
    first, second, third = bases
    return (first and first.player, second and second.player, third and third.player)


def _require_play(state: GameState) -> None:
    if state.over:
        raise IllegalPlay("the game is over; nothing can follow its last play")
    if state.inning == 0:
        raise IllegalPlay("start the first half-inning with `top 1`")
    if not state.in_half:
        nxt = f"bottom {state.inning}" if state.half == TOP else f"top {state.inning + 1}"
        raise IllegalPlay(f"the half-inning is over after its third out; start the next one with `{nxt}`")


def _game_over(state: GameState, score: tuple[int, int], half_over: bool, walk_off: bool) -> bool:
    """Rulebook, End of the Game: nine innings (the game's regulation length); the home team
    does not bat when it leads after the top of the last inning; a tie goes on until one team
    leads after a complete inning; with `walk_off` the home team taking the lead in its last
    half ends it."""
    if state.inning < state.innings:
        return False
    if state.half == TOP:
        return half_over and score[1] > score[0]
    return (walk_off and score[1] > score[0]) or (half_over and score[0] != score[1])


class _Settled:
    """The end of a play: its own `__init__`, keywords only, as `Move` has (mechanics.py)."""

    def __init__(
        self,
        *,
        state: GameState,
        runs: tuple[Run, ...],
        outs: tuple[Out, ...],
        lob: int,
        ends_half: bool,
        left: tuple[Runner | None, Runner | None, Runner | None],  # the bases as the play left them
        earned_after: tuple[tuple[int, int], ...],  # earlier runs found earned (Fact.earned_after)
    ) -> None:
        self.state = state
        self.runs = runs
        self.outs = outs
        self.lob = lob
        self.ends_half = ends_half
        self.left = left
        self.earned_after = earned_after


def _charged_pitchers(scorers: list[Runner], bases: list[Runner | None], pitched: tuple[str, ...]) -> list[str]:
    """The pitcher charged with each run. Official rule 9.16(g) Comment: a relieved pitcher is
    charged with the runs scored up to the number of runners he left on base, whoever scores
    them. So a run goes to the earliest pitcher (in `pitched` order) who still has a runner on
    base, if he came in before the scorer's pitcher; that runner (the lead one) becomes the
    scorer's pitcher's. `bases` (after the play) is updated in place."""
    if len(pitched) < 2:
        return [runner.pitcher for runner in scorers]
    order = {name: rank for rank, name in reversed(list(enumerate(pitched)))}  # first time in
    charged = []
    for runner in scorers:
        pitcher = runner.pitcher
        earlier = [
            (order.get(left.pitcher, 0), -base, left)
            for base, left in enumerate(bases)
            if left is not None and order.get(left.pitcher, 0) < order.get(pitcher, 0)
        ]
        if earlier:
            _, lead, left = min(earlier)  # no two on one base: the runners are never compared
            charged.append(left.pitcher)
            bases[-lead] = left._replace(pitcher=pitcher)
        else:
            charged.append(pitcher)
    return charged


def _carry_out(
    state: GameState,
    outcome: Outcome,
    batter_runner: Runner | None,
    rules: Rules,
    play: Play | None,
    *,
    batter_out: bool = False,
    interference: bool = False,
    rbi_credit: dict[int, bool],
    seq: int,
    teams: tuple[Team, Team] | None = None,
) -> _Settled:
    """The common end of every play: new bases, outs, score, reconstruction, half and game end."""
    moves = outcome.moves
    shadows, earned = _reconstructed(state, outcome, batter_runner, play, rules, batter_out, interference, rbi_credit)
    late: tuple[tuple[int, int], ...] = ()
    bases: list[Runner | None] = [None, None, None]
    for move in moves:
        if not move.out and move.end < HOME:
            bases[move.end - 1] = move.runner or batter_runner
    runs: tuple[Run, ...] = ()
    scorers: list[Runner] = []
    if outcome.runs:
        scorers = [_scorer(m, batter_runner) for m in outcome.runs]
        charged = _charged_pitchers(scorers, bases, state.teams[1 - state.half].pitched)
        runs = tuple(
            Run(
                runner=runner.player,
                pitcher=pitcher,
                earned=_earned(m, runner, pitcher, earned),
                rbi=rbi_credit.get(m.start, False),
            )
            for m, runner, pitcher in zip(outcome.runs, scorers, charged)
        )
    if earned is not None:
        shadows, late = _pending(state.shadows, shadows, earned, outcome.runs, scorers, runs, seq)
    outs = tuple(
        Out(player=m.runner.player, base=m.end, fielders=m.fielders, inning=m.runner.inning, batter=False,
            box=m.box or format_fielders(m.fielders))
        if m.runner
        else Out(player=state.teams[state.half].batter, base=m.end, fielders=m.fielders, inning=state.inning,
                 batter=True, box=format_fielders(m.fielders))
        for m in outcome.outs
    )  # fmt: skip
    away, home = state.score
    score_t = (away + len(runs), home) if state.half == 0 else (away, home + len(runs))
    total_outs = state.outs + len(outs)
    half_over = total_outs == 3
    over = _game_over(state, score_t, half_over, rules.walk_off)
    ends_half = half_over or over
    # Runners who crossed the plate after a walk-off's winning run are left on base too.
    lob = sum(1 for m in moves if not m.out and m.end < HOME) + outcome.stranded if ends_half else 0
    left = (bases[0], bases[1], bases[2])
    new = GameState.__new__(  # by keyword without a dict (facts.py)
        GameState,
        innings=state.innings,
        teams=teams or state.teams,
        inning=state.inning,
        half=state.half,
        outs=total_outs,
        bases=EMPTY_BASES if ends_half else left,
        score=score_t,
        in_half=not ends_half,
        over=over,
        shadows=() if ends_half else shadows,
        uids=state.uids + (batter_runner is not None),
        game_counts=state.game_counts,
    )
    return _Settled(state=new, runs=runs, outs=outs, lob=lob, ends_half=ends_half, left=left, earned_after=late)


def _scorer(move: Move, batter_runner: Runner | None) -> Runner:
    """Who scores on a move: its runner, or the batter, a runner once he is safe."""
    runner = move.runner or batter_runner
    assert runner is not None, "a move that scores is safe"
    return runner


def _errors(play: Play | None, moves: list[Move]) -> tuple[int, ...]:
    """Every position charged with an error: the batter's (E6, catcher's interference) and
    the advances' (`1-3(E8)`)."""
    charged = []
    if play is not None and play.result is Result.ERROR:
        charged.append(play.fielders[0])
    if play is not None and play.result is Result.INTERFERENCE:
        charged.append(2)
    for move in moves:
        charged += [int(mark[1:]) for mark in move.marks if mark.startswith("E")]
    return tuple(charged)


def _reconstructed(
    state: GameState, outcome: Outcome, batter_runner: Runner | None, play: Play | None, rules: Rules,
    batter_out: bool, interference: bool, batted_in: dict[int, bool],
) -> tuple[tuple[Shadow, ...], dict[str, set[int]] | None]:
    """The half's reconstructions after the play (rule 9.16) and, by reconstruction ("" the
    team's, else the relief pitcher's whose it is), the uids of the runners whose runs are
    earned; None when the earned runs need none: the scorer's marks say them, or the half has
    had no error or passed ball yet (every run is earned)."""
    moves = outcome.moves
    if rules.earned_by_marks or not (state.shadows or batter_out or interference or any(m.on_error for m in moves)):
        return (), None
    uids = {m.start: m.runner.uid for m in moves if m.runner is not None}
    if batter_runner is not None:
        uids[0] = batter_runner.uid
    shadows = []
    earned = {}
    for shadow in state.shadows or (_mirror(state),):
        new, earned[shadow.pitcher] = reconstruct(
            shadow, moves, uids, play, rules,
            batter_out=batter_out, interference=interference, runs_before_third_out=outcome.runs_on_third_out,
            batted_in=batted_in,
        )  # fmt: skip
        shadows.append(new)
    return tuple(shadows), earned


def _pending(
    before: tuple[Shadow, ...], after: tuple[Shadow, ...], earned: dict[str, set[int]],
    moves: list[Move], scorers: list[Runner], runs: tuple[Run, ...], seq: int,
) -> tuple[tuple[Shadow, ...], tuple[tuple[int, int], ...]]:
    """Rule 9.16 reconstructs the whole inning: a run that scored unearned while its runner is
    still on base in the reconstruction is earned if he scores there later, before its third
    out. Each reconstruction keeps such runs pending; returns them with this play's and the
    earlier runs (seq, n) its runners score now."""
    late: list[tuple[int, int]] = []
    shadows = []
    for index, shadow in enumerate(after):
        pending = before[index].pending if before else ()
        late += [(at, n) for uid, at, n in pending if uid in earned[shadow.pitcher]]
        kept = [entry for entry in pending if entry[0] in shadow.bases]
        kept += [
            (runner.uid, seq, n)
            for n, (move, runner, run) in enumerate(zip(moves, scorers, runs))
            if not run.earned and "UR" not in move.marks and runner.uid in shadow.bases
            and (shadow.pitcher == run.pitcher or (not index and run.pitcher not in earned))
        ]  # fmt: skip
        shadows.append(shadow._replace(pending=tuple(kept)))
    return tuple(shadows), tuple(late)


def credit_earned_after(facts: list[Fact], fact: Fact) -> None:
    """Mark earned the earlier runs `fact` finds earned (`facts`: the game's, from statement 1)."""
    for seq, n in fact.earned_after:
        earlier = facts[seq - 1]
        runs = list(earlier.runs)
        runs[n] = runs[n]._replace(earned=True)
        facts[seq - 1] = earlier._replace(runs=tuple(runs))


def _earned(move: Move, runner: Runner, pitcher: str, earned: dict[str, set[int]] | None) -> bool:
    """A run's earned status for the pitcher charged with it: his own reconstruction's if he
    came in after the half's first misplay (rule 9.16(i): "the relief pitcher shall not have
    the benefit of previous chances for outs not accepted"), else the team's; unless the
    scorer marked it (UR, TUR)."""
    if "UR" in move.marks:
        return False
    if "TUR" in move.marks:  # unearned for the team, earned for the pitcher (rule 9.16(i))
        return True
    return earned is None or runner.uid in earned.get(pitcher, earned[""])


def _rbi_credit(play, outcome: Outcome, gdp: bool, outs_before: int, rules: Rules) -> tuple[dict[int, bool], str]:
    """Official rule 9.04: an RBI for each run scoring on a hit, a sacrifice, an out or a
    fielder's choice, and on a walk only for the runner forced home; none on an error, a
    strikeout, or a ground-ball double play."""
    if not outcome.runs:
        return {}, ""
    reason = _NO_RBI.get(play.result, "")
    if gdp:
        reason = "no RBI on a ground-ball double play (official rule 9.04(b)(1))"
    credit = {}
    awarded = play.result in _AWARDED
    for move in outcome.runs:
        if "RBI" in move.marks or "NR" in move.marks:  # the scorer's own word (real baseball)
            credit[move.start] = "RBI" in move.marks
        elif move.on_error:  # a run that scores on an error is not batted in
            credit[move.start] = False
        elif play.result is Result.ERROR and move.start == 3 and outs_before < 2 and rules.rbi_from_third_on_error:
            credit[move.start] = True  # rule 9.04(a): the runner from third would have scored anyway
        elif reason:
            credit[move.start] = False
        elif awarded:
            credit[move.start] = move.forced
        else:
            credit[move.start] = True
    if awarded and not all(credit.values()):
        reason = "on a walk only a runner forced home is batted in"
    return credit, reason


# Results that award the batter first base: only a runner forced home is batted in.
_AWARDED = (Result.WALK, Result.INTENTIONAL_WALK, Result.HIT_BY_PITCH, Result.INTERFERENCE)


class _Kind(NamedTuple):
    """What a plate appearance's result alone says about its counts, worked out once per
    result rather than on every play (an enum member is slow to look up by name)."""

    walk: bool
    ibb: bool
    so: bool
    sh: bool
    hbp: bool
    hit: bool
    reached_on_error: bool
    interference: bool  # catcher's interference: for the earned runs, no error (rule 9.16(b)(2))
    no_at_bat: bool  # a walk, hit by pitch, interference or sacrifice bunt (a sacrifice fly: per play)
    caught_fly: bool  # a run scoring after it may be a sacrifice fly
    fielders_choice: bool


_KINDS = {
    result: _Kind(
        walk=result in (Result.WALK, Result.INTENTIONAL_WALK),
        ibb=result is Result.INTENTIONAL_WALK,
        so=result is Result.STRIKEOUT,
        sh=result is Result.SACRIFICE_BUNT,
        hbp=result is Result.HIT_BY_PITCH,
        hit=result is Result.HIT,
        reached_on_error=result is Result.ERROR,
        interference=result is Result.INTERFERENCE,
        no_at_bat=result in _AWARDED or result is Result.SACRIFICE_BUNT,
        caught_fly=result in (Result.FLY_OUT, Result.INFIELD_FLY),
        fielders_choice=result is Result.FIELDERS_CHOICE,
    )
    for result in Result
}


# --- the statements -----------------------------------------------------------------------


def _plate_appearance(
    state: GameState, st: PlateAppearance, rules: Rules, seq: int, fill_marks: bool
) -> tuple[GameState, Fact]:
    if not state.in_half:
        _require_play(state)
    play = st.play
    rules.check_play(state, play)
    if play.dp and not state.pitch_outs:
        raise IllegalPlay("dp=yes joins the play's outs with those of the runner events on its pitch, the line before "
                          "(`CS2(2-4)` then `SO dp=yes`); no out was made there: drop it", col=play.col, token=play.code)  # fmt: skip
    moves = resolve(state, play, rules)
    outcome = settle(state, moves, play, rules)
    batting = state.half
    bat, field = state.teams[batting], state.teams[1 - batting]
    batter_move = moves[0]
    result = play.result
    kind = _KINDS[result]
    # A force or reverse-force double play (rule 9.04(b)(1), definitions): every runner put out was
    # forced at the start of the play and put out at the base he was forced to; a runner not forced,
    # or out trying for a base beyond, makes it a plain double play. So does a batter who reached
    # and was then tagged off the base (`FC 1X2(4-6) BX1(3)`, MLN196106230's hidden-ball trick):
    # he did not ground into a force double play, and the runs before his out are batted in.
    gdp = result in GROUND_BALLS and len(outcome.outs) >= 2 and all((m.batter and m.forced) or m.force_out for m in outcome.outs)
    gdp = gdp and play.dp is not False  # the scorer's call: an error or misplay came between the outs (rule 9.11)
    credit, reason = _rbi_credit(play, outcome, gdp, state.outs, rules)
    rbi = sum(credit.values())
    if fill_marks:
        if rbi != play.rbi_marks:
            play = play._replace(rbi_marks=rbi)
    elif rbi != play.rbi_marks:
        marks = f"{play.code}{'*' * rbi}"
        why = f" ({reason})" if reason and rbi < len(outcome.runs) else ""
        raise IllegalPlay(
            f"the play bats in {rbi} run{'s' if rbi != 1 else ''}{why}, "
            f"marked {play.rbi_marks}; write `{marks}`",
            col=play.col,
            token=play.code + "*" * play.rbi_marks,
        )
    if state.relieved_count is not None or state.replaced_count is not None:
        play = _charged_by_count(state, play, rules)
    batter, pitcher = _charged(bat, field, play) if play.charged else (bat.batter, field.pitcher)
    batter_runner = None
    # The batter-runner's pitcher: a relieved one's for a walk charged to him (rule 9.16(h)), or
    # one a runner put out on the ground ball hands him (9.16(g)).
    handing = outcome.outs and result in GROUND_BALLS
    responsible = _handed_back(moves, pitcher, kind.fielders_choice) if handing else pitcher
    if not batter_move.out:
        batter_runner = Runner(player=bat.batter, pitcher=responsible, uid=state.uids + 1, inning=state.inning)
    up = Team.__new__(  # by keyword without a dict (facts.py); `_replace` takes four times as long
        Team,
        name=bat.name,
        players=bat.players,
        positions=bat.positions,
        up=(bat.up + 1) % len(bat.players),
        pitcher=bat.pitcher,
        used=bat.used,
        pitchers_used=bat.pitchers_used,
        replaced=bat.replaced,
        pitched=bat.pitched,
        defense=bat.defense,
    )
    teams = (up, field) if batting == 0 else (field, up)
    # Rule 9.16(b): a batter who reached on an error, or whose third strike or bunt an error or
    # a passed ball let him survive, would have been out; one safe on interference would not.
    batter_out = kind.reached_on_error or (not batter_move.out and batter_move.on_error and result in BATTER_OUT)
    settled = _carry_out(
        state, outcome, batter_runner, rules, play,
        batter_out=batter_out, interference=kind.interference, rbi_credit=credit, seq=seq, teams=teams,
    )  # fmt: skip
    new = settled.state if not play.races else rules.after_play(state, settled.state, play)
    # A sacrifice fly: a run scores after the catch, not only because of an error.
    sf = kind.caught_fly and state.outs < 2 and any(not m.on_error for m in outcome.runs)
    if play.sf is not None:
        sf = _scorers_sacrifice_fly(play, play.sf, state.outs, bool(outcome.runs))
    # Built whole (not `_fact(...)._replace(...)`, which builds it twice): a season has 200,000.
    fact = Fact.__new__(  # by keyword without a dict (facts.py)
        Fact,
        seq=seq,
        line=st.line,
        kind=PLATE_APPEARANCE,
        text=st.text.strip(),
        inning=state.inning,
        half=batting,
        batting=batting,
        outs_before=state.outs,
        outs_after=new.outs,
        bases_before=_names(state.bases),
        bases_after=_names(settled.left),
        score_after=new.score,
        pitcher=pitcher,  # the fielding team's, or the relieved one a walk is charged to (rule 9.15(a))
        batter=batter,
        slot=bat.up + 1,
        play=play,
        result=play.code + "*" * rbi,
        pa=True,
        ab=not (kind.no_at_bat or sf),
        hit=play.bases if kind.hit else 0,
        bb=kind.walk,
        ibb=kind.ibb,
        so=kind.so,
        sf=sf,
        sh=kind.sh,
        gdp=gdp,
        reached_on_error=kind.reached_on_error,
        rbi=rbi,
        error=play.fielders[0] if kind.reached_on_error else 0,
        runs=settled.runs,
        outs=settled.outs,
        lob=settled.lob,
        ends_half=settled.ends_half,
        ends_game=new.over,
        hbp=kind.hbp,
        errors=_errors(play, moves),
        fielders=field.defense,
        earned_after=settled.earned_after,
        pitch_outs=state.pitch_outs if play.dp else (),
    )
    return new, fact


def _handed_back(moves: list[Move], pitcher: str, fielders_choice: bool) -> str:
    """Official rule 9.16(g) and its Comment: a relieved pitcher answers for as many runs as he
    left runners on base, whoever scores them, unless they are put out "without action by the
    batter". So, as cwbox keeps it, a runner forced out by the batter's ground ball, or put out
    on his fielder's choice, hands the pitcher who answers for him to the runner behind him,
    that one his own to the runner behind him, and so on down to the batter. The runners'
    moves are updated; returns the pitcher who answers for the batter (`pitcher`, else)."""
    handing = [m.start for m in moves if m.runner is not None and m.out and (fielders_choice or m.force_out)]
    if not handing:  # most ground balls: only the batter put out
        return pitcher
    answering = {move.start: move.runner.pitcher for move in moves if move.runner is not None}
    answering[BATTER] = pitcher
    for start in sorted(handing, reverse=True):  # the lead runner's first, as cwbox takes them
        carried = answering[start]
        for base in sorted((b for b in answering if b < start), reverse=True):
            answering[base], carried = carried, answering[base]
    for move in moves:
        if move.runner is not None and not move.out and move.runner.pitcher != answering[move.start]:
            move.runner = move.runner._replace(pitcher=answering[move.start])
    return answering[BATTER]


def _scorers_sacrifice_fly(play: Play, sf: bool, outs: int, runs: bool) -> bool:
    """Rule 9.08(d): the scorer may credit a sacrifice fly on a fly ball dropped for an error, or
    caught and relayed, when a run scores with fewer than two outs; and may withhold it."""
    if sf and (outs == 2 or not runs):
        raise IllegalPlay("sf=yes needs a run scoring with fewer than two outs (rule 9.08(d))", col=play.col, token=play.code)
    return sf


def _charged_by_count(state: GameState, play: Play, rules: Rules) -> Play:
    """The play with the `charged=` the counts of the changes made during it give (the rules
    interface's `charged_by_count`); one written that the counts contradict is refused."""
    charged = rules.charged_by_count(play, state.relieved_count, state.replaced_count)
    if play.charged and play.charged != charged:
        counts = [f"{what} at {count[0]}-{count[1]}" for what, count in (("the pitcher changed", state.relieved_count),
                  ("the batter replaced", state.replaced_count)) if count is not None]  # fmt: skip
        whom = {"pitcher": "the relieved pitcher", "batter": "the replaced batter"}.get(charged, "those who finished it")
        raise IllegalPlay(f"charged={play.charged}, but with {' and '.join(counts)} rules 9.15(b) and 9.16(h) charge "
                          f"this {play.code} to {whom}: drop the charged=", col=play.col, token=play.code)  # fmt: skip
    return play._replace(charged=charged) if charged and not play.charged else play


def _count_change(state: GameState, st: Substitution | PitchingChange, rules: Rules) -> None:
    """A change that says the count it came in (`count=2-1`): during a plate appearance under
    way, of the team in the field for a pitcher, of the batter up for a batter."""
    if not rules.official_scorer:
        raise IllegalPlay(f"count= is real baseball's; rules={rules.name} rolls a plate appearance whole, a change comes "
                          "between them: drop it", token=format_count(st.count).strip())  # fmt: skip
    if not state.in_half:
        raise IllegalPlay("count= says where in a plate appearance the change came; between half-innings there is none: drop it")
    if isinstance(st, PitchingChange) and st.team != state.fielding:
        raise IllegalPlay(f"count= is the count on the batter: {state.teams[st.team].name} is batting, its pitcher faces none now")
    if isinstance(st, Substitution) and (st.team != state.batting or st.slot - 1 != state.teams[st.team].up):
        up = state.teams[state.batting]
        raise IllegalPlay(f"count= is for a pinch hitter taking the place of the batter up, {up.batter} "
                          f"(slot {up.up + 1} of {up.name}); others come in between plate appearances")  # fmt: skip


def _charged(bat: Team, field: Team, play: Play) -> tuple[str, str]:
    """The batter and pitcher charged with a plate appearance that began with others (rule 9.15):
    (a) a walk goes to the pitcher relieved with more balls than strikes on the batter; (b) a
    strikeout goes to the batter replaced with two strikes."""
    if play.charged == "pitcher":
        if play.result not in (Result.WALK, Result.INTENTIONAL_WALK):
            raise IllegalPlay("charged=pitcher is for a walk (rule 9.15(a))", col=play.col, token=play.code)
        if not field.relieved:
            raise IllegalPlay(f"charged=pitcher: {field.name} has not changed pitchers", col=play.col, token=play.code)
        return bat.batter, field.relieved
    if play.result is not Result.STRIKEOUT:
        raise IllegalPlay("charged=batter is for a strikeout (rule 9.15(b))", col=play.col, token=play.code)
    slot, replaced = bat.replaced
    if slot != bat.up:
        raise IllegalPlay(f"charged=batter: no one was replaced in slot {bat.up + 1}", col=play.col, token=play.code)
    return replaced, field.pitcher


def _runner_events(state: GameState, st: RunnerEvents, rules: Rules, seq: int) -> tuple[GameState, Fact]:
    """Steals, caught stealing and pickoffs, and (real baseball) runners moving on a wild
    pitch, passed ball, balk, defensive indifference or other advance; `st.advances` says
    where runners went that the events do not."""
    if not state.in_half:
        _require_play(state)
    if st.bunt is None:
        rules.check_runner_events(state, st.events, st.advances)
    else:
        rules.check_bunt_events(state, st.events, st.advances, st.bunt, st.bunt_col)
    if st.races:
        rules.check_runner_races(state, st)
    moving: dict[int, Move] = {}
    passed_ball = any(e.move is RunnerMove.PASSED_BALL for e in st.events)
    caught_stealing = {e.start for e in st.events if e.move is RunnerMove.CAUGHT_STEALING}

    def add(start: int, move: Move, col: int, text: str) -> None:
        if start in moving:
            raise IllegalPlay(f"the runner on {BASE_WORDS[start]} is moved twice", col=col, token=text)
        moving[start] = move

    for event in st.events:
        if event.base == 0:
            continue  # a pitch or play event: the advances say who moved
        start = event.start
        runner = state.bases[start - 1]
        if runner is None:
            target = f"to steal {BASE_WORDS[event.base]}" if event.move is not RunnerMove.PICKED_OFF else "to pick off"
            raise IllegalPlay(f"there is no runner on {BASE_WORDS[start]} {target}", col=event.col, token=event.text)
        # Saved by an error (real baseball's `CS2(2-E6)`, `PO1(E1)`), he is safe at the base he
        # went for (the one he held, on a pickoff) unless an advance says otherwise.
        out = event.move in (RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF) and not event.error
        error: tuple[str, ...] = (f"E{event.error}",) if event.error else ()
        # Caught stealing and safe on the error: out in the inning without errors (rule 9.16(c)).
        caught = event.move is RunnerMove.CAUGHT_STEALING and bool(event.error)
        move = Move(start=start, end=event.base, out=out, fielders=event.fielders, runner=runner, explicit=True,
                    forced=False, col=event.col, text=event.text, marks=error, caught=caught)  # fmt: skip
        add(start, move, event.col, event.text)
    for advance in st.advances:
        runner = state.bases[advance.start - 1] if advance.start else None
        if runner is None:
            raise IllegalPlay(f"there is no runner on {BASE_WORDS[advance.start]}", col=advance.col, token=advance.text)
        if advance.end < advance.start:
            raise IllegalPlay("a runner cannot move backwards", col=advance.col, token=advance.text)
        # A passed ball is charged to the catcher but is no error (official rule 9.13); for the
        # earned runs a base taken on it counts as one taken on an error (rule 9.16).
        marks = advance.marks + (PASSED_BALL,) if passed_ball else advance.marks
        existing = moving.pop(advance.start, None)  # the advance says where the event's runner ended
        marks += tuple(mark for mark in existing.marks if mark not in marks) if existing else ()  # the error that saved him
        # The scorer says he was safe after all (an error on the throw), or took more than his steal.
        caught = existing is not None and (existing.caught or (existing.out and not advance.out and existing.start in caught_stealing))
        stolen = existing.end if existing is not None and not existing.out else 0
        move = Move(start=advance.start, end=advance.end, out=advance.out, fielders=advance.fielders, runner=runner,
                    explicit=True, forced=False, col=advance.col, text=advance.text, marks=marks, stolen=stolen,
                    caught=caught)  # fmt: skip
        add(advance.start, move, advance.col, advance.text)
    col, text = st.events[0].col, st.events[0].text
    moves = [
        moving.get(base)
        or Move(start=base, end=base, out=False, fielders=(), runner=runner, explicit=False, forced=False, col=col,
                text=text)
        for base, runner in enumerate(state.bases, start=1)
        if runner is not None
    ]  # fmt: skip
    _check_order(moves)
    outcome = settle(state, moves, None, rules)
    settled = _carry_out(state, outcome, None, rules, None, rbi_credit={}, seq=seq)
    fact = _fact(state, settled.state, st, seq, RUNNERS, settled.left)._replace(
        runs=settled.runs,
        outs=settled.outs,
        steals=_steals(st.events, moving),
        events=st.events,
        advances=st.advances,
        lob=settled.lob,
        ends_half=settled.ends_half,
        ends_game=settled.state.over,
        errors=_errors(None, moves) + tuple(e.error for e in st.events if e.move is RunnerMove.FOUL_ERROR),
        fielders=state.teams[state.fielding].defense,
        earned_after=settled.earned_after,
    )
    after = settled.state
    if settled.outs and not settled.ends_half:  # a plate appearance on this pitch may join them (`dp=yes`)
        after = after._replace(pitch_outs=tuple(out.fielders for out in settled.outs))
    if (state.relieved_count or state.replaced_count) and not settled.ends_half:  # the plate appearance goes on
        after = after._replace(relieved_count=state.relieved_count, replaced_count=state.replaced_count)
    return rules.after_runner_events(state, after, st), fact


def _steals(events: tuple[RunnerEvent, ...], moving: dict[int, Move]) -> tuple[Steal, ...]:
    """The stolen bases and caught stealings of runner events. A steal stands when an advance
    takes the runner on (`SB2 1-3(E2)`: to third on the catcher's throw); official rule 9.07(h)
    charges a caught stealing to a runner who "would have been put out by errorless play"
    (`CS2(2-E6)`); a caught stealing an advance undoes otherwise is none."""
    steals = []
    for event in events:
        move = moving.get(event.start)
        if move is None or move.runner is None:
            continue
        runner = move.runner
        if event.move is RunnerMove.CAUGHT_STEALING and (move.text == event.text or event.error):
            steals.append(
                Steal(runner=runner.player, base=event.base, caught=True, fielders=event.fielders, inning=runner.inning)
            )
        elif event.move is RunnerMove.STOLEN_BASE and (move.end > event.base or (move.end == event.base and not move.out)):
            steals.append(Steal(runner=runner.player, base=event.base, caught=False, fielders=(), inning=runner.inning))
    return tuple(steals)


def _half_start(state: GameState, st: HalfStart, seq: int) -> tuple[GameState, Fact]:
    if state.over:
        raise IllegalPlay("the game is over; no more half-innings")
    if state.in_half:
        raise IllegalPlay("the half-inning under way is not over: it ends with its third out")
    expected = (1, TOP) if state.inning == 0 else (state.inning, BOTTOM) if state.half == TOP else (state.inning + 1, TOP)
    if (st.inning, st.half) != expected:
        raise IllegalPlay(f"half-innings go in order: the next one is `{HALF_WORDS[expected[1]]} {expected[0]}`")
    new = state._replace(inning=st.inning, half=st.half, outs=0, bases=(None, None, None), in_half=True, shadows=())
    return new, _fact(new, new, st, seq, HALF_START)


def _fact(
    before: GameState, after: GameState, st: Statement, seq: int, kind: str,
    left: tuple[Runner | None, Runner | None, Runner | None] | None = None,
) -> Fact:
    """A fact with the fields every statement has: the statement and the state it left (`left`:
    the bases as the play left them, runners stranded by a third out included). Statements
    other than a plate appearance add theirs with `_replace`."""
    return Fact.__new__(  # by keyword without a dict (facts.py)
        Fact,
        seq=seq,
        line=st.line,
        kind=kind,
        text=st.text.strip(),
        inning=before.inning,
        half=before.half,
        batting=before.half,
        outs_before=before.outs,
        outs_after=after.outs,
        bases_before=_names(before.bases),
        bases_after=_names(after.bases if left is None else left),
        score_after=after.score,
        pitcher=before.teams[1 - before.half].pitcher,
    )


def _substitution(state: GameState, st: Substitution, rules: Rules, seq: int) -> tuple[GameState, Fact]:
    if state.over:
        raise IllegalPlay("the game is over; no more substitutions")
    team = state.teams[st.team]
    if st.slot > len(team.players):
        raise IllegalPlay(f"the lineup has {len(team.players)} batting slots", col=1, token=str(st.slot))
    replaced = team.players[st.slot - 1]
    if st.count is not None:
        _count_change(state, st, rules)
    if st.name == replaced:
        return _position_change(state, st, seq)
    # The pitcher who does not bat (a designated hitter's game) may take a batting slot: the
    # team loses its designated hitter (rule 5.11(a)(4)-(5)); he has not left the game.
    joins_order = st.name == team.pitcher and st.name not in team.players
    if st.name in team.used and not joins_order:
        raise IllegalPlay(
            f'"{st.name}" has already played for {team.name}; a player taken out may not return (official rule 5.10(d))'
        )
    players = list(team.players)
    positions = list(team.positions)
    players[st.slot - 1] = st.name
    positions[st.slot - 1] = st.position
    new_team = team._replace(
        players=tuple(players),
        positions=tuple(positions),
        used=team.used | {st.name},
        replaced=(st.slot - 1, replaced),
        defense=_moved(team.defense, replaced, st.name, st.position),
    )
    teams = list(state.teams)
    teams[st.team] = new_team
    bases = state.bases
    if st.team == state.batting:  # a pinch runner takes his base, his pitcher and his box
        first, second, third = (r._replace(player=st.name) if r and r.player == replaced else r for r in bases)
        bases = (first, second, third)
    new = state._replace(teams=(teams[0], teams[1]), bases=bases)
    if st.count is not None:
        new = new._replace(replaced_count=st.count)
    return new, _fact(new, new, st, seq, SUBSTITUTION)._replace(
        team=st.team, player=st.name, replaced=replaced, position=st.position, slot=st.slot
    )


def _moved(defense: tuple[str, ...], leaving: str, coming: str, position: int | None) -> tuple[str, ...]:
    """Who plays positions 1-9 after a substitution or a position change. A substitute given no
    position takes the positions of the player he replaces (a pinch hitter or runner staying in
    the game); given one, he takes it, and the positions the player leaving held are open until a
    substitution fills them. Position 1, the mound, changes with a pitching change only."""
    kept = coming if position is None else ""
    field = [defense[0], *(kept if name == leaving else name for name in defense[1:])]
    if position is not None and position > 1:
        field[position - 1] = coming
    return tuple(field)


def _position_change(state: GameState, st: Substitution, seq: int) -> tuple[GameState, Fact]:
    """The player already batting in the slot moves to another position: he stays in the game
    (official rule 5.10: only a player taken out may not return)."""
    if st.position is None:
        raise IllegalPlay(
            f'"{st.name}" already bats in slot {st.slot}; to move him to another position give it, e.g. "{st.name}":6'
        )
    team = state.teams[st.team]
    positions = list(team.positions)
    positions[st.slot - 1] = st.position
    teams = list(state.teams)
    teams[st.team] = team._replace(positions=tuple(positions), defense=_moved(team.defense, st.name, st.name, st.position))
    new = state._replace(teams=(teams[0], teams[1]))
    return new, _fact(new, new, st, seq, SUBSTITUTION)._replace(
        team=st.team, player=st.name, replaced=st.name, position=st.position, slot=st.slot
    )


def _pitching_change(state: GameState, st: PitchingChange, rules: Rules, seq: int) -> tuple[GameState, Fact]:
    if state.over:
        raise IllegalPlay("the game is over; no more pitching changes")
    if st.count is not None:
        _count_change(state, st, rules)
    team = state.teams[st.team]
    if st.name == team.pitcher:
        raise IllegalPlay(f'"{st.name}" is already pitching for {team.name}')
    # A pitcher moved to another position, still in the batting order, may return to the mound.
    if st.name in team.pitchers_used and st.name not in team.players:
        raise IllegalPlay(f'"{st.name}" has already pitched for {team.name} and was taken out; he may not return')
    if st.name in team.used and st.name not in team.players:
        raise IllegalPlay(f'"{st.name}" was taken out of the game and may not return')
    new_team = team._replace(
        pitcher=st.name,
        pitchers_used=team.pitchers_used | {st.name},
        used=team.used | {st.name},
        pitched=team.pitched + (st.name,),
        defense=(st.name, *("" if name == st.name else name for name in team.defense[1:])),  # a fielder may go to the mound
    )
    teams = list(state.teams)
    teams[st.team] = new_team
    shadows = state.shadows
    if shadows and st.team == state.fielding and state.in_half:  # rule 9.16(i): his own, from the half as he finds it
        shadows += (_mirror(state, st.name),)
    new = state._replace(teams=(teams[0], teams[1]), shadows=shadows)
    if st.count is not None:
        new = new._replace(relieved_count=st.count)
    return new, _fact(new, new, st, seq, PITCHING_CHANGE)._replace(team=st.team, player=st.name, replaced=team.pitcher)


def _called(state: GameState, st: GameCalled, rules: Rules, seq: int) -> tuple[GameState, Fact]:
    """The umpire calls the game (`called`): it ends where it stands, its runners left on base."""
    if state.over:
        raise IllegalPlay("the game is over already; there is nothing to call")
    rules.check_called(state)
    left = state.bases
    new = state._replace(bases=EMPTY_BASES, in_half=False, over=True, shadows=())
    lob = sum(runner is not None for runner in left) if state.in_half else 0
    return new, _fact(state, new, st, seq, CALLED, left)._replace(lob=lob, ends_half=state.in_half, ends_game=True)


def _runner_placed(state: GameState, st: RunnerPlaced, seq: int) -> tuple[GameState, Fact]:
    """`placed 2 "Name"`: a runner of the batting order put on base before the half's first
    play (real baseball's extra innings, 2020-2022). He is no batter's: no plate appearance, and
    his run is unearned, as if he had reached on an error with none charged: the reconstruction
    (rule 9.16) has him on base, his run unearned in it; the pitcher on the mound answers for
    him. Under `earned=marks` the scorer's marks say it, as for every run."""
    if not state.in_half or state.outs or state.inning <= state.innings:
        after = f"after inning {state.innings}"
        raise IllegalPlay(f"a runner is placed on base to start an extra half-inning ({after}), before its first out")
    team = state.teams[state.half]
    if st.name not in team.players:
        raise IllegalPlay(f'"{st.name}" is not in the batting order of {team.name}', token=st.name)
    if state.bases[st.base - 1] is not None:
        raise IllegalPlay(f"there is a runner on {BASE_WORDS[st.base]} already", token=str(st.base))
    uid = state.uids + 1
    bases = list(state.bases)
    bases[st.base - 1] = Runner(st.name, state.teams[state.fielding].pitcher, uid, state.inning)
    new = state._replace(bases=(bases[0], bases[1], bases[2]), uids=uid)
    new = new._replace(shadows=(_mirror(new)._replace(unearned=frozenset({uid})),))
    return new, _fact(state, new, st, seq, PLACED)._replace(team=state.half, player=st.name)


def _batter_up(state: GameState, st: BatterUp, seq: int) -> tuple[GameState, Fact]:
    """`up away 8`: the team batted out of turn and no one appealed (official rule 6.03(b)):
    the batter of the slot given bats next."""
    if state.over:
        raise IllegalPlay("the game is over; no one bats next")
    team = state.teams[st.team]
    if st.slot > len(team.players):
        raise IllegalPlay(f"the lineup has {len(team.players)} batting slots", token=str(st.slot))
    teams = list(state.teams)
    teams[st.team] = team._replace(up=st.slot - 1)
    new = state._replace(teams=(teams[0], teams[1]))
    return new, _fact(state, new, st, seq, UP)._replace(team=st.team, slot=st.slot, player=team.players[st.slot - 1])


def _runner_charged(state: GameState, st: RunnerCharged, seq: int) -> tuple[GameState, Fact]:
    """`responsible 2 "Name"`: the runner on second is charged to that pitcher of the fielding
    team (official rule 9.16(g) charges a runner to the pitcher who faced him; Retrosheet's
    `presadj` keeps the scorer of the day's call where it differed): the runs and earned runs
    he scores go to him, as the runners he answers for do."""
    if not state.in_half:
        raise IllegalPlay("a runner is charged to a pitcher during a half-inning, while he is on base")
    runner = state.bases[st.base - 1]
    if runner is None:
        raise IllegalPlay(f"there is no runner on {BASE_WORDS[st.base]}", token=str(st.base))
    team = state.teams[state.fielding]
    if st.name not in team.pitched:
        raise IllegalPlay(f'"{st.name}" has not pitched for {team.name}', token=st.name)
    bases = list(state.bases)
    bases[st.base - 1] = runner._replace(pitcher=st.name)
    new = state._replace(bases=(bases[0], bases[1], bases[2]))
    fact = _fact(state, new, st, seq, RESPONSIBLE)
    return new, fact._replace(team=state.fielding, player=st.name, replaced=runner.pitcher, base=st.base)


def apply(
    state: GameState, statement: Statement, rules: Rules, seq: int = 0, *, fill_marks: bool = False
) -> tuple[GameState, Fact]:
    """One statement: the new state and the fact, or an IllegalPlay naming the rule.

    With `fill_marks` a play's RBI marks are not checked but set to the RBIs it earns
    (the fact's play carries them), for players and tools that leave the counting to us."""
    try:
        if type(statement) is PlateAppearance:
            return _plate_appearance(state, statement, rules, seq, fill_marks)
        if isinstance(statement, RunnerEvents):
            return _runner_events(state, statement, rules, seq)
        if isinstance(statement, HalfStart):
            return _half_start(state, statement, seq)
        if isinstance(statement, Substitution):
            return _substitution(state, statement, rules, seq)
        if isinstance(statement, PitchingChange):
            rules.check_pitching_change(state, statement)
            return _pitching_change(state, statement, rules, seq)
        if isinstance(statement, GameCalled):
            return _called(state, statement, rules, seq)
        if isinstance(statement, RunnerPlaced):
            return _runner_placed(state, statement, seq)
        if isinstance(statement, BatterUp):
            return _batter_up(state, statement, seq)
        if isinstance(statement, RunnerCharged):
            return _runner_charged(state, statement, seq)
    except IllegalPlay as problem:
        problem.state = problem.state or state.describe()
        problem.line = problem.line or statement.line
        problem.col = problem.col or 1
        if not problem.token and problem.col == 1:
            problem.token = statement.text.strip().split()[0] if statement.text.strip() else ""
        raise
    raise TypeError(f"not a statement: {statement!r}")


@dataclass(slots=True)
class Replay:
    """A game file carried through the engine: its rules, every fact and the last state."""

    game: GameFile
    rules: Rules
    facts: list[Fact]
    state: GameState

    @property
    def final(self) -> bool:
        return self.state.over


def replay(game: GameFile, rules: Rules) -> Replay:
    """Replay a parsed game file under its rules (the loader, `files.py`, finds them from the
    header and its `chart=`); an IllegalPlay carries the file, line and column."""
    try:
        rules.earned_by_marks = game.header.option("earned") == "marks"
        rules.called_ties = ties_stood(game.header.option("date"))
        state = new_game(game, rules)
    except IllegalPlay as problem:
        raise problem.at(game.path, problem.line or game.header.line, 1) from None
    facts = []
    for seq, statement in enumerate(game.statements, start=1):
        try:
            state, fact = apply(state, statement, rules, seq)
        except IllegalPlay as problem:
            raise problem.at(game.path) from None
        facts.append(fact)
        if fact.earned_after:
            credit_earned_after(facts, fact)
    return Replay(game, rules, facts, state)
