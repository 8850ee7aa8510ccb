"""Bonn Die's rule engine: rounds to half-innings, points, the count, strikes and Outs, Guards
and Halts, Free-Rolls, and the end of the game (`rules/bonn-die.txt`).

`apply(state, statement) -> (state, fact)` or an IllegalPlay naming the rule, as the Diceball
engine does; the dice and the calls are judged by `engine/bonn_die_dice.py`. Every reading of the
text is written in `docs/rules-decisions.md` ("Bonn Die") and quoted where the code makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from scorebook.engine.bonn_die_dice import call_value, check_call, combinations, matches
from scorebook.engine.state import HALF_WORDS, next_half
from scorebook.notation.bonn_die import INNINGS, OFFENSE, BonnDieFile, Combo, PlayerChange, Round, Side, TakeOut
from scorebook.notation.model import HalfStart, Statement
from scorebook.problems import IllegalPlay

ALL_COMBOS = tuple(Combo)
STRIKES_FOR_OUT = 3  # "An Out is 3 strikes."
ROLLS_FOR_FREE_ROLLS = 4  # "A 4th Roll awards the offense 3 Free-Rolls"
FREE_ROLLS_AWARDED = 3  # by a 4th Roll, a point negation and (decision) each overtime half
HALTS_ON_INITIAL_ROLL = 2  # "An Initial Roll restores 2 spent Halts."

T = TypeVar("T")


class BonnDieState(NamedTuple):
    innings: int  # regulation: 1-3
    teams: tuple[str, str]
    players: tuple[str, str]
    inning: int = 0  # 0 before `top 1`
    half: int = 1  # 0 top (away hits), 1 bottom (home hits)
    half_open: bool = False
    score: tuple[int, int] = (0, 0)
    strikes: int = 0
    rolls: int = 0
    out_recorded: bool = False  # the half's Out, when Free-Rolls keep the last half open
    guards: frozenset[Combo] = frozenset(ALL_COMBOS)  # the offense's Guards left this half
    spent: tuple[Combo, ...] = ()  # the defense's spent Halts, earliest first
    free_rolls: tuple[int, int] = (0, 0)  # held by each team, played when it hits
    last_free_roll: bool = False  # the last round was a Free-Roll (the offense may take an Out)
    over: bool = False

    @property
    def offense(self) -> int:
        return self.half

    @property
    def defense(self) -> int:
        return 1 - self.half

    def describe(self) -> str:
        if self.inning == 0:
            return "before the first half-inning"
        parts = [f"{HALF_WORDS[self.half]} {self.inning}"]
        if self.half_open:
            parts.append(f"{self.strikes} strike{'s' if self.strikes != 1 else ''}, {self.rolls} Roll{'s' if self.rolls != 1 else ''}")
            if self.free_rolls[self.offense]:
                parts.append(f"{self.free_rolls[self.offense]} Free-Roll{'s' if self.free_rolls[self.offense] > 1 else ''}")
        else:
            parts.append("over" if self.over else "Out")
        return ", ".join(parts)


class RoundFact(NamedTuple):
    """What a statement did: for a round, both calls and values, the points banked, the strikes,
    the Roll, the Guard Take and the Halts spent; every fact carries the inning and score after."""

    seq: int
    line: int
    kind: str  # "half", "round", "out", "player"
    inning: int
    half: int
    offense: int  # the team hitting
    offense_player: str
    defense_player: str
    free_roll: bool = False
    offense_call: str = ""
    defense_call: str = ""
    offense_value: int = 0
    defense_value: int = 0
    points: int = 0
    strikes: int = 0  # strikes this round (the offense's own included)
    roll: bool = False
    out: bool = False
    free_rolls_won: int = 0  # Free-Rolls the offense gained (4th Roll, point negation)
    free_rolls_to_defense: int = 0  # strikes beyond the Out
    guard_take: str = ""
    halts_spent: int = 0
    tag: str = ""
    negated: bool = False
    score: tuple[int, int] = (0, 0)
    count: tuple[int, int] = (0, 0)  # Rolls and strikes after the statement
    free_rolls: tuple[int, int] = (0, 0)  # held by each team after the statement
    player: str = ""  # a player change: who comes in, for which team
    team: int = -1

    @property
    def winner(self) -> int | None:
        """Who won the round: the offense when it banks points, else the defense when it called."""
        if self.kind != "round":
            return None
        if self.points:
            return self.offense
        return 1 - self.offense if self.defense_call else None


def new_game(game: BonnDieFile) -> BonnDieState:
    header = game.header
    if header.innings not in INNINGS:
        raise IllegalPlay(f"a Bonn Die game has {INNINGS[0]} to {INNINGS[-1]} innings, not innings={header.innings}", line=header.line)
    return BonnDieState(innings=header.innings, teams=header.teams, players=header.players)


def state_line(state: BonnDieState, teams: tuple[str, str], score: str) -> str:
    """A Bonn Die game's state line in live scoring (the registry's `state_line`): who throws."""
    thrower = f"; {state.players[state.offense]} throws for {teams[state.offense]}" if state.half_open else ""
    return f"{state.describe()}; {score}{thrower}"


def apply(state: BonnDieState, statement: Statement, seq: int) -> tuple[BonnDieState, RoundFact]:
    try:
        if isinstance(statement, HalfStart):
            return start_half(state, statement, seq)
        if isinstance(statement, PlayerChange):
            state = state._replace(players=_with(state.players, statement.team, statement.name))
            return state, _fact(state, seq, statement, "player")._replace(player=statement.name, team=statement.team)
        _require_open_half(state)
        if isinstance(statement, TakeOut):
            return take_out(state, statement, seq)
        assert isinstance(statement, Round)
        return play_round(state, statement, seq)
    except IllegalPlay as problem:
        problem.line = problem.line or statement.line
        problem.state = problem.state or state.describe()
        problem.token = problem.token or statement.text.strip()
        raise


def _fact(state: BonnDieState, seq: int, statement: Statement, kind: str) -> RoundFact:
    """A fact with the fields every statement has; a round, an Out or a player change adds its
    own with `_replace`."""
    return RoundFact(
        seq=seq, line=statement.line, kind=kind, inning=state.inning, half=state.half, offense=state.offense,
        offense_player=state.players[state.offense], defense_player=state.players[state.defense], score=state.score,
        count=(state.rolls, state.strikes), free_rolls=state.free_rolls,
    )  # fmt: skip


def start_half(state: BonnDieState, statement: HalfStart, seq: int) -> tuple[BonnDieState, RoundFact]:
    expected = next_half(state.inning, state.half)
    if state.over:
        raise IllegalPlay("the game is over")
    if state.half_open:
        raise IllegalPlay("the half is still open: it ends at an Out (3 strikes), or `out` after a Free-Roll")
    if (statement.inning, statement.half) != expected:
        raise IllegalPlay(f"the next half-inning is `{HALF_WORDS[expected[1]]} {expected[0]}`", col=1)
    free_rolls = state.free_rolls
    offense = statement.half
    if statement.inning > state.innings:  # Decision: "Overtime — played as Free-Rolls": 3 to each extra half.
        free_rolls = _with(free_rolls, offense, free_rolls[offense] + FREE_ROLLS_AWARDED)
    # "Offense starts each half with a Guard on every combination. Defense starts with 8 Halts."
    state = state._replace(
        inning=statement.inning, half=statement.half, half_open=True, strikes=0, rolls=0, out_recorded=False,
        guards=frozenset(ALL_COMBOS), spent=(), free_rolls=free_rolls, last_free_roll=False,
    )  # fmt: skip
    return state, _fact(state, seq, statement, "half")


def _require_open_half(state: BonnDieState) -> None:
    if state.over:
        raise IllegalPlay("the game is over")
    if not state.half_open:
        inning, half = next_half(state.inning, state.half)
        raise IllegalPlay(f"no half-inning is open: write `{HALF_WORDS[half]} {inning}` first")


def take_out(state: BonnDieState, statement: TakeOut, seq: int) -> tuple[BonnDieState, RoundFact]:
    """ "Offense may take an Out during a Free-Roll or right after it." Decision: the Free-Rolls it
    still holds are skipped ("unless offense skips them")."""
    if not (state.free_rolls[state.offense] or state.last_free_roll):
        raise IllegalPlay("the offense may take an Out only during a Free-Roll or right after one")
    free_rolls = _with(state.free_rolls, state.offense, 0)
    state = _end_half(state._replace(free_rolls=free_rolls))
    return state, _fact(state, seq, statement, "out")._replace(out=not state.out_recorded)


def _with(pair: tuple[T, T], team: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if team == 0 else (pair[0], value)


def _ends_the_game(state: BonnDieState) -> bool:
    """Closing this half ends the game: the bottom of the last inning or later, not tied ("If the
    score is tied after regulation, you play an extra inning")."""
    return state.half == 1 and state.inning >= state.innings and state.score[0] != state.score[1]


def _end_half(state: BonnDieState) -> BonnDieState:
    return state._replace(half_open=False, over=_ends_the_game(state), strikes=0, rolls=0)


@dataclass
class _Outcome:
    """A round being scored: filled in rule by rule, then turned into the next state."""

    free_roll: bool
    offense_value: int = 0
    defense_value: int = 0
    points: int = 0
    strikes: int = 0
    roll: bool = False
    free_rolls_won: int = 0
    guard_take: Combo | None = None
    negated: bool = False


def play_round(state: BonnDieState, r: Round, seq: int) -> tuple[BonnDieState, RoundFact]:
    free_roll = state.free_rolls[state.offense] > 0  # "the label switches to Free-Roll"
    # "An Initial Roll restores 2 spent Halts. A Free-Roll restores all of them."
    spent = () if free_roll else state.spent[HALTS_ON_INITIAL_ROLL:]
    state = state._replace(spent=spent)
    for side in (r.offense, r.defense):
        _check_call(side)
    out = _Outcome(free_roll=free_roll)
    out.offense_value = _value(r.offense)
    out.defense_value = _value(r.defense)
    out.points = max(0, out.offense_value - out.defense_value)  # "The half scores max(0, offense − defense)."
    state = state._replace(spent=_spend_halts(state, r, free_roll))
    _offense_strikes(state, r, out)
    available = strike_options(state, r, out)
    if r.tag and out.defense_value < out.offense_value:
        out.points = 0  # "If defense scored less, offense points are wiped."
        for word in ("guard-take", "no-strike"):
            _forbid(r, word, "a Tag by a defense that scored less only wipes the offense's points")
    elif r.tag or available:
        _award_strikes(state, r, out, available)
    elif r.offense.call or r.defense.call:
        _award_roll(state, r, out)
    else:
        for word in ("guard-take", "no-strike"):
            _forbid(r, word, "nobody called: no strike, Roll or Guard Take")
    if free_roll and _copied_or_sixes(r):
        out.points = 0  # "Scoring is still the point difference unless defense copies the combination or calls Sixes."
    if r.negate:
        _negate(state, r, out, free_roll)
    return _after_round(state, r, out, seq)


def _copied_or_sixes(r: Round) -> bool:
    """Decision: "copies the combination" is a match as strike condition 1 counts it (coverage included)."""
    off, dfn = r.offense.call, r.defense.call
    return dfn is not None and (dfn.combo is Combo.SIXES or (off is not None and matches(off.combo, dfn.combo)))


def _check_call(side: Side) -> None:
    """A side's call, when it made one, is one its dice allow."""
    call = side.call
    if not call:
        return
    try:
        check_call(side.dice, call)
    except IllegalPlay as problem:
        problem.col = side.call_col
        problem.token = call.text
        raise


def _value(side: Side) -> int:
    return call_value(side.dice, side.call) if side.call else 0


def _forbid(r: Round, word: str, why: str) -> None:
    present = {"guard-take": r.guard_take, "no-strike": r.no_strike, "negate": r.negate}[word]
    if present:
        raise IllegalPlay(f"{word} is not allowed here: {why}", col=r.col(word), token=word)


def _spend_halts(state: BonnDieState, r: Round, free_roll: bool) -> tuple[Combo, ...]:
    """Checks, Swishes and a Tag each spend the Halt on their combination."""
    spent = list(state.spent)
    for word, combos in (("check", r.checks), ("swish", r.swishes), ("tag", (r.tag,) if r.tag else ())):
        for combo in combos:
            if free_roll:
                raise IllegalPlay(f"a Free-Roll has no Halts, so no {word} (\"a special round with no Guards or Halts\")", col=r.col(word), token=f"{word}={combo.value}")
            if combo in spent:
                raise IllegalPlay(f"the defense's Halt on {combo.title} is spent; a {word} needs it", col=r.col(word), token=f"{word}={combo.value}")
            spent.append(combo)
    if r.tag:
        _check_tag(r, r.tag)
    return tuple(spent)


def _check_tag(r: Round, tag: Combo) -> None:
    """ "Tag: defense matches and spends the Halt." The Tag ends the round, so the dice written are
    the dice at the Tag: the defense holds the combination and it matches the offense's call."""
    token = f"tag={tag.value}"
    if tag not in combinations(r.defense.dice):
        raise IllegalPlay(f"the defense's dice do not hold {tag.title} to Tag with", col=r.col("tag"), token=token)
    if not r.offense.call or not matches(r.offense.call.combo, tag):
        raise IllegalPlay("a Tag matches the offense's called combination", col=r.col("tag"), token=token)
    if r.locked_first is None:
        raise IllegalPlay("with a Tag, say who locked first (lock=off or lock=def): it decides the Halts restored", col=r.col("tag"), token=token)


def _offense_strikes(state: BonnDieState, r: Round, out: _Outcome) -> None:
    """ "Offense with a guarded combination also gets an extra action: another reroll, or Take a Strike." """
    if not r.strikes_taken:
        return
    guarded = set(combinations(r.offense.dice)) & state.guards
    if out.free_roll or not guarded:
        raise IllegalPlay("Take a Strike is an extra action of an offense with a guarded combination", col=r.col("take-strike"), token="take-strike")
    out.strikes += r.strikes_taken


def strike_options(state: BonnDieState, r: Round, out: _Outcome) -> int:
    """ "Defense can award a strike for each of these that is true" (they stack)."""
    off, dfn = r.offense.call, r.defense.call
    if not dfn:
        return 0
    # 1. "Defense matched the combination [...], matched the score, or called Sixes."
    matched = dfn.combo is Combo.SIXES or (off is not None and (matches(off.combo, dfn.combo) or out.offense_value == out.defense_value))
    # 2. "Both teams called, neither call has a Guard or Halt, and defense has a combination."
    bare = off is not None and (out.free_roll or (off.combo not in state.guards and dfn.combo in state.spent))
    # 3. "Offense called nothing and defense called something."
    blank = off is None
    return matched + bare + blank


def _award_strikes(state: BonnDieState, r: Round, out: _Outcome, available: int) -> None:
    """ "When strikes are available, defense may take a Guard Take instead. If offense was blank,
    the choice is Strike + Guard Take, or just Guard Take." After a Tag by a defense that scored
    equal or more: "they may take a Guard Take plus any strike option"."""
    if r.tag or not r.offense.call:
        due = not r.tag and not out.free_roll and bool(state.guards)
        if due and not r.guard_take:
            raise _guard_take_missing("with the offense blank a Guard Take comes with the strikes", state, r, any_guard=True)
        _guard_take(state, r, out, any_guard=True)
        if not r.no_strike:
            out.strikes += available
        return
    _forbid(r, "no-strike", "the defense takes its strikes, or a Guard Take instead (guard-take=COMBO)")
    if r.guard_take:
        _guard_take(state, r, out, any_guard=True)
    else:
        out.strikes += available


def _award_roll(state: BonnDieState, r: Round, out: _Outcome) -> None:
    """ "One Roll is given when at least one team called a combination and no strike option exists."
    A 4th Roll awards the offense 3 Free-Rolls: "No points or Guard Takes are given when it starts."
    Else "A Guard Take always happens when a Roll is awarded and defense called something — unless
    offense called Sixes." """
    _forbid(r, "no-strike", "no strike option exists, so a Roll is given")
    out.roll = True
    if state.rolls + 1 == ROLLS_FOR_FREE_ROLLS:
        out.free_rolls_won += FREE_ROLLS_AWARDED
        out.points = 0
        _forbid(r, "guard-take", "a 4th Roll starts the Free-Rolls, which give no Guard Take")
        return
    due = r.defense.call and not (r.offense.call and r.offense.call.combo is Combo.SIXES)
    if not due or out.free_roll or not state.guards:
        _forbid(r, "guard-take", "no Guard Take is due with this Roll")
        return
    if not r.guard_take:
        raise _guard_take_missing("a Roll with a defense call brings a Guard Take", state, r, any_guard=False)
    _guard_take(state, r, out, any_guard=False)


def _called_guards(state: BonnDieState, r: Round) -> set[Combo]:
    return {c.combo for c in (r.offense.call, r.defense.call) if c} & state.guards


def _allowed_guards(state: BonnDieState, r: Round | None) -> list[Combo]:
    """The Guards a Guard Take may remove: of the combinations just called if one has a Guard
    (`r` given: a Roll's Guard Take), else any the offense has left."""
    guards = (r and _called_guards(state, r)) or state.guards
    return [c for c in ALL_COMBOS if c in guards]


def _guard_list(state: BonnDieState, r: Round | None = None) -> str:
    return "one of " + " ".join(c.value for c in _allowed_guards(state, r))


def _guard_take_missing(why: str, state: BonnDieState, r: Round, *, any_guard: bool) -> IllegalPlay:
    """The problem of a round that leaves out its Guard Take; its `fix` is the first one allowed."""
    allowed = _allowed_guards(state, None if any_guard else r)
    return IllegalPlay(
        f"{why}: write guard-take=COMBO ({_guard_list(state, None if any_guard else r)})",
        col=len(r.text.rstrip()) + 1, fix=f"guard-take={allowed[0].value}",
    )  # fmt: skip


def _guard_take(state: BonnDieState, r: Round, out: _Outcome, *, any_guard: bool) -> None:
    """ "Offense removes one Guard from the combinations just called. If neither call has a
    Guard, defense may take any remaining Offense Guard." (a defense's own Guard Take: any Guard)."""
    combo = r.guard_take
    if combo is None:
        return
    if out.free_roll:
        raise IllegalPlay("a Free-Roll has no Guards to take", col=r.col("guard-take"), token=f"guard-take={combo.value}")
    if combo not in _allowed_guards(state, None if any_guard else r):
        raise IllegalPlay(f"the Guard Take must remove a Guard the offense still has ({_guard_list(state, None if any_guard else r)})", col=r.col("guard-take"), token=f"guard-take={combo.value}")
    out.guard_take = combo


def _negate(state: BonnDieState, r: Round, out: _Outcome, free_roll: bool) -> None:
    """ "Point negation — defense may give 3 to wipe the round score, if none are already active." """
    if free_roll or state.free_rolls[state.offense]:
        raise IllegalPlay("point negation is not allowed while Free-Rolls are active", col=r.col("negate"), token="negate")
    if not out.points:
        raise IllegalPlay("point negation wipes a round's points, and this round has none", col=r.col("negate"), token="negate")
    out.points, out.negated = 0, True
    out.free_rolls_won += FREE_ROLLS_AWARDED


def _restored_halts(r: Round, out: _Outcome) -> int:
    """ "After both lock, defense restores Halts: 2 if they scored equal or more, 1 if they scored
    less, 0 if they had no combination or never locked." Decision: after a Tag the defense locked
    only if it locked first."""
    if not combinations(r.defense.dice) or (r.tag and r.locked_first == OFFENSE):
        return 0
    return 2 if out.defense_value >= out.offense_value else 1


def _after_round(state: BonnDieState, r: Round, out: _Outcome, seq: int) -> tuple[BonnDieState, RoundFact]:
    offense, defense = state.offense, state.defense
    spent = state.spent if out.free_roll else state.spent[_restored_halts(r, out):]  # Decision: earliest-spent first
    free_rolls = list(state.free_rolls)
    if out.free_roll and r.defense.call:
        free_rolls[offense] -= 1  # "The Free-Roll stays on if defense called nothing; otherwise one is spent."
    free_rolls[offense] += out.free_rolls_won
    strikes = state.strikes + out.strikes
    is_out = strikes >= STRIKES_FOR_OUT and not state.out_recorded
    excess = max(0, strikes - STRIKES_FOR_OUT)
    free_rolls[defense] += excess  # "Extra strikes beyond 3 become Free-Rolls for defense when they next hit."
    strikes = 0 if strikes >= STRIKES_FOR_OUT else strikes
    score = list(state.score)
    score[offense] += out.points  # "Only offense banks those points."
    rolls = (state.rolls + out.roll) % ROLLS_FOR_FREE_ROLLS  # the 4th Roll clears the count
    state = state._replace(
        score=(score[0], score[1]), strikes=strikes, rolls=rolls, spent=spent, free_rolls=(free_rolls[0], free_rolls[1]),
        guards=state.guards - {out.guard_take}, last_free_roll=out.free_roll,
        out_recorded=state.out_recorded or is_out,
    )  # fmt: skip
    if state.out_recorded and not _free_rolls_hold_the_half(state):
        state = _end_half(state)
    fact = _fact(state, seq, r, "round")._replace(
        free_roll=out.free_roll,
        offense_call=r.offense.call.text if r.offense.call else "", defense_call=r.defense.call.text if r.defense.call else "",
        offense_value=out.offense_value, defense_value=out.defense_value, points=out.points, strikes=out.strikes,
        roll=out.roll, out=is_out, free_rolls_won=out.free_rolls_won, free_rolls_to_defense=excess,
        guard_take=out.guard_take.value if out.guard_take else "", halts_spent=len(r.checks) + len(r.swishes) + bool(r.tag),
        tag=r.tag.value if r.tag else "", negated=out.negated,
    )  # fmt: skip
    return state, fact


def _free_rolls_hold_the_half(state: BonnDieState) -> bool:
    """ "The game cannot end while Free-Rolls remain unless offense skips them." Decision: an Out
    in a half that would end the game does not close it while the offense holds Free-Rolls."""
    return _ends_the_game(state) and state.free_rolls[state.offense] > 0


class BonnDieReplay(NamedTuple):
    game: BonnDieFile
    facts: list[RoundFact]
    state: BonnDieState

    @property
    def final(self) -> bool:
        return self.state.over


def replay(game: BonnDieFile) -> BonnDieReplay:
    try:
        state = new_game(game)
    except IllegalPlay as problem:
        raise problem.at(game.path, game.header.line, 1) from None
    facts = []
    for seq, statement in enumerate(game.statements, start=1):
        try:
            state, fact = apply(state, statement, seq)
        except IllegalPlay as problem:
            raise problem.at(game.path, statement.line, 1) from None
        facts.append(fact)
    return BonnDieReplay(game=game, facts=facts, state=state)

