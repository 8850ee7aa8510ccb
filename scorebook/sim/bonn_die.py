"""Bonn Die played die by die with simple policies, written as a game file the engine accepts.

Each round both sides roll six dice onto Initial and take turns: a side locks once its best call
is worth enough (or its turns run out), else rerolls the dice on one base that are not of its
most common face, and they move one base forward ("Final dice stay put"). Then the offense
calls its best combination and the defense the call that earns the most strikes, then points.
Every round goes through the engine as it is written, so the game file always checks.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from scorebook.engine.bonn_die import BonnDieState, RoundFact, apply, new_game
from scorebook.engine.bonn_die_dice import call_value, combinations, legal_calls, matches
from scorebook.engine.state import HALF_WORDS, next_half
from scorebook.notation.bonn_die import (
    DEFENSE,
    OFFENSE,
    Base,
    BonnDieFile,
    BonnDieHeader,
    Call,
    Combo,
    Dice,
    Die,
    Round,
    Side,
    format_round,
    parse_statement,
)
from scorebook.notation.format import quote
from scorebook.notation.model import Statement
from scorebook.problems import IllegalPlay

LOCK_AT = 9  # a side locks once its best call is worth this much
TURNS = 3  # rerolls before a side must lock
TAKE_OUT_CHANCE = 0.15  # the offense ends a Free-Roll half by taking its Out
CHECK_CHANCE = 0.1
NEGATE_AT = 15  # the defense negates a round worth this many points, when it may


def best_call(dice: Dice) -> Call | None:
    return max(legal_calls(dice), key=lambda c: call_value(dice, c), default=None)


def roll_side(rng: random.Random) -> Dice:
    """One side's turns: roll onto Initial, then reroll until the best call is worth locking."""
    dice = tuple(Die(rng.randint(1, 6), Base.INITIAL) for _ in range(6))
    for _ in range(TURNS):
        best = best_call(dice)
        if best and call_value(dice, best) >= LOCK_AT:
            break
        dice = reroll(rng, dice)
    return dice


def reroll(rng: random.Random, dice: Dice) -> Dice:
    """Reroll the dice on one base (not Final) that are not of the hand's most common face."""
    keep = Counter(d.face for d in dice).most_common(1)[0][0]
    bases = [b for b in Base if b is not Base.FINAL and any(d.base == b and d.face != keep for d in dice)]
    if not bases:
        return dice
    base = rng.choice(bases)
    return tuple(
        Die(rng.randint(1, 6), Base(base + 1)) if d.base == base and d.face != keep else d for d in dice
    )


def defense_call(offense: Call | None, offense_dice: Dice, dice: Dice) -> Call | None:
    """The defense calls for strikes first (a match, the same score, Sixes), then for points."""
    target = call_value(offense_dice, offense) if offense else 0

    def worth(call: Call) -> tuple[bool, int]:
        value = call_value(dice, call)
        striking = call.combo is Combo.SIXES or (offense is not None and (matches(offense.combo, call.combo) or value == target))
        return striking, value

    return max(legal_calls(dice), key=worth, default=None)


class BonnDieSim:
    def __init__(self, seed: int | str, *, away: str = "Away", home: str = "Home", innings: int | None = None,
                 players: tuple[str, str] | None = None, game_id: str = "", stage: str = "", date: str = "",
                 league: str = "") -> None:  # fmt: skip
        self.rng = random.Random(f"bonn-die {seed}")
        self.teams = (away, home)
        self.players = players or self.teams
        self.innings = innings or 3
        keys = [("id", game_id), ("stage", stage), ("date", date), ("league", league)]
        self.game_line = " ".join([f"game rules=bonn-die innings={self.innings}", *(f"{k}={v}" for k, v in keys if v)])

    def header(self) -> list[str]:
        lines = [self.game_line, f"away {quote(self.teams[0])}", f"home {quote(self.teams[1])}"]
        return lines + [f"player {side} {quote(p)}" for side, p in zip(("away", "home"), self.players)]

    def text(self) -> str:
        header = BonnDieHeader("bonn-die", self.innings, self.teams, self.players, ())
        state = new_game(BonnDieFile("<sim>", header, ()))
        lines = self.header()
        while not state.over:
            line = len(lines) + 1
            if not state.half_open:
                inning, half = next_half(state.inning, state.half)
                lines.append("")
                text = f"{HALF_WORDS[half]} {inning}"
            elif (state.free_rolls[state.offense] or state.last_free_roll) and self.rng.random() < TAKE_OUT_CHANCE:
                text = "out"
            else:
                text = self.round_text(state)
            after, fact, text = self.play(state, text, line)
            if fact.kind == "round" and fact.points >= NEGATE_AT and not (fact.free_roll or state.free_rolls[state.offense]):
                after, fact, text = self.play(state, f"{text} negate", line)  # the defense gives 3 Free-Rolls
            state = after
            lines.append(text)
        return "\n".join(lines) + "\n"

    def play(self, state: BonnDieState, text: str, line: int) -> tuple[BonnDieState, RoundFact, str]:
        """Apply a statement; a Guard Take the engine asks for is added as it says."""
        try:
            return *apply(state, _statement(text, line), line), text
        except IllegalPlay as problem:
            if not problem.fix:
                raise
            text = f"{text} {problem.fix}"
            return *apply(state, _statement(text, line), line), text

    def round_text(self, state: BonnDieState) -> str:
        offense_dice, defense_dice = roll_side(self.rng), roll_side(self.rng)
        offense = best_call(offense_dice)
        defense = defense_call(offense, offense_dice, defense_dice)
        choice, lock = self.rng.choice(("control", "roll")), self.rng.choice((OFFENSE, DEFENSE))
        r = Round(0, "", Side(offense_dice, offense, 0), Side(defense_dice, defense, 0), choice, lock)
        halted = [c for c in combinations(defense_dice) if c not in state.spent]
        if not state.free_rolls[state.offense] and halted and self.rng.random() < CHECK_CHANCE:
            r = replace(r, checks=(self.rng.choice(halted),))
        return format_round(r)


def _statement(text: str, line: int) -> Statement:
    """The statement of a line the simulator wrote: never a blank one."""
    statement = parse_statement(text, line)
    assert statement is not None, "the simulator writes no blank lines"
    return statement


def simulate(seed: int | str, rules: str, **options: object) -> str:
    """A Bonn Die game's text (the registry's `simulator`; `rules` is Bonn Die's own)."""
    return BonnDieSim(seed, **options).text()  # type: ignore[arg-type]
