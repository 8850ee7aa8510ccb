"""Bonn Die game files (`rules=bonn-die`): the vocabulary of the dice and the syntax pass.

A round is one line: each side's dice where they lie at the end of the round, grouped by base
(Initial/Second/Primary/Final), each side's call, and what happened during the round:

    round roll off=3334/4//5 triad:initial:center def=2222/14// fours:initial lock=off

Like the Diceball syntax, this pass knows no game state: a token that does not fit is an
``InvalidPlay`` quoting it and its column; whether the dice hold the call is the rules' question.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import NamedTuple

from scorebook.notation.model import TEAM_WORDS, Statement
from scorebook.notation.syntax import (
    _expect_count,
    _given,
    _half_start,
    _HeaderBuilder,
    _located,
    _name,
    _team,
    tokenize,
)
from scorebook.problems import InvalidPlay


class Base(enum.IntEnum):
    """ "Each player has six dice and four bases: Initial, Second, Primary, Final." """

    INITIAL = 0
    SECOND = 1
    PRIMARY = 2
    FINAL = 3

    @property
    def word(self) -> str:
        return self.name.lower()


class Combo(enum.Enum):
    """The eight combinations, in the rulebook's order."""

    SIXES = "sixes"
    FIVES = "fives"
    FOURS = "fours"
    HOUSE = "house"
    TRIAD = "triad"
    TRIPLES = "triples"
    DOUBLES = "doubles"
    STRAIGHT = "straight"

    __hash__ = object.__hash__

    @property
    def title(self) -> str:
        return self.value.capitalize()


class Die(NamedTuple):
    face: int  # 1-6
    base: Base


Dice = tuple[Die, ...]  # a side's six dice where they lie


class Call(NamedTuple):
    """A call as the rulebook builds it: the combination, All-Base (`base` None) or one base,
    center or corner (None: the only one the combination has), face points or not."""

    combo: Combo
    base: Base | None
    position: str | None
    face: bool = False

    @property
    def text(self) -> str:
        parts = [self.combo.value, self.base.word if self.base is not None else "all"]
        return ":".join(parts + [p for p in (self.position, "face" if self.face else None) if p])


OFFENSE, DEFENSE = 0, 1
SIDE_WORDS = ("off", "def")
# "Play 1–3 innings." The parser takes the default; the engine and the registry check the range.
INNINGS = range(1, 4)
DEFAULT_INNINGS = 3


class Side(NamedTuple):
    dice: Dice
    call: Call | None
    call_col: int  # where the call is written, to point a problem with it at


@dataclass(frozen=True, slots=True)
class Round(Statement):
    """One round: both sides' dice and calls, and the special actions of the round."""

    offense: Side
    defense: Side
    choice: str = ""  # "control" (defense acts first) or "roll" (offense acts first)
    locked_first: int | None = None  # OFFENSE or DEFENSE, where it matters (a Tag)
    strikes_taken: int = 0  # the offense's "Take a Strike" extra actions
    checks: tuple[Combo, ...] = ()
    swishes: tuple[Combo, ...] = ()
    tag: Combo | None = None
    guard_take: Combo | None = None  # the offense Guard removed
    no_strike: bool = False  # the defense declines the strikes it may award
    negate: bool = False  # point negation: 3 Free-Rolls to the offense wipe the round's points
    cols: tuple[tuple[str, int], ...] = ()  # (word, column) of each action, to point problems at

    def col(self, word: str) -> int:
        return dict(self.cols).get(word, 1)


@dataclass(frozen=True, slots=True)
class TakeOut(Statement):
    """`out`: the offense takes an Out during or right after a Free-Roll, skipping the rest."""


@dataclass(frozen=True, slots=True)
class PlayerChange(Statement):
    """`player home "Name"`: another player throws for the team from the next round."""

    team: int
    name: str


@dataclass(frozen=True, slots=True)
class BonnDieHeader:
    rules: str
    innings: int
    teams: tuple[str, str]
    players: tuple[str, str]
    options: tuple[tuple[str, str], ...]
    line: int = 1

    def option(self, key: str, default: str = "") -> str:
        return dict(self.options).get(key, default)


@dataclass(frozen=True, slots=True)
class BonnDieFile:
    path: str
    header: BonnDieHeader
    statements: tuple[Statement, ...]


BASE_WORDS = {b.word: b for b in Base} | {b.word[0]: b for b in Base}
COMBO_WORDS = {c.value: c for c in Combo}
DICE_RE = re.compile(r"^(?P<side>off|def)=(?P<dice>[1-6]*/[1-6]*/[1-6]*/[1-6]*)$")
CALL_RE = re.compile(
    r"^(?P<combo>[a-z]+):(?P<scope>all|initial|second|primary|final|[ispf])"
    r"(?::(?P<position>center|corner))?(?::(?P<face>face|noface))?$"
)
ACTION_RE = re.compile(r"^(?P<key>check|swish|tag|guard-take|lock)=(?P<value>[a-z]+)$")
FLAGS = {"take-strike", "no-strike", "negate", "control", "roll"}
ROUND_SYNTAX = (
    "a round is `round [control|roll] off=DICE [CALL] def=DICE [CALL] [ACTION...]`, e.g. "
    "`round roll off=3334/4//5 triad:initial:center def=2222/14// fours:initial lock=off`"
)
DICE_SYNTAX = "dice are written by base, Initial/Second/Primary/Final, six in all, e.g. `off=333/44/5/`"
CALL_SYNTAX = (
    "a call is COMBINATION:BASE[:center|corner][:face], e.g. `sixes:all:corner:face` or `fours:final`; "
    "the combinations are " + " ".join(COMBO_WORDS) + ", the bases all initial second primary final"
)


def parse_dice(text: str, col: int, token: str) -> Dice:
    groups = text.split("/")
    dice = tuple(Die(int(face), Base(base)) for base, group in enumerate(groups) for face in group)
    if len(dice) != 6:
        raise InvalidPlay(f"{len(dice)} dice written; {DICE_SYNTAX}", col=col, token=token)
    return dice


def format_dice(dice: Dice) -> str:
    return "/".join("".join(str(d.face) for d in dice if d.base == base) for base in Base)


def parse_call(token: str, col: int) -> Call | None:
    if token == "-":
        return None
    match = CALL_RE.match(token)
    if not match or match["combo"] not in COMBO_WORDS:
        raise InvalidPlay(f"not a call; {CALL_SYNTAX}", col=col, token=token)
    scope = match["scope"]
    return Call(COMBO_WORDS[match["combo"]], None if scope == "all" else BASE_WORDS[scope], match["position"], match["face"] == "face")


def _combo(value: str, col: int, token: str) -> Combo:
    if value not in COMBO_WORDS:
        raise InvalidPlay(f"not a combination; one of {' '.join(COMBO_WORDS)}", col=col, token=token)
    return COMBO_WORDS[value]


def parse_round(tokens: list[tuple[str, int]], line: int, text: str) -> Round:
    sides: dict[int, Side] = {}
    actions = _Actions()
    cols: list[tuple[str, int]] = []
    last_side: int | None = None  # a call follows its side's dice
    for token, col in tokens[1:]:
        dice = DICE_RE.match(token)
        if dice:
            side = SIDE_WORDS.index(dice["side"])
            if side in sides:
                raise InvalidPlay(f"{dice['side']}= is given twice", col=col, token=token)
            sides[side], last_side = Side(parse_dice(dice["dice"], col, token), None, col), side
            continue
        if last_side is not None and (":" in token or token == "-"):
            sides[last_side] = sides[last_side]._replace(call=parse_call(token, col), call_col=col)
            last_side = None
            continue
        last_side = None
        action = ACTION_RE.match(token)
        if action:
            actions.action(action["key"], action["value"], col, token)
            cols.append((action["key"], col))
        elif token in FLAGS:
            actions.flag(token, col)
            cols.append((token, col))
        elif token.startswith(("off=", "def=")):
            raise InvalidPlay(DICE_SYNTAX, col=col, token=token)
        else:
            raise InvalidPlay(f"not part of a round; {ROUND_SYNTAX}", col=col, token=token)
    for side in (OFFENSE, DEFENSE):
        if side not in sides:
            raise InvalidPlay(f"a round needs both sides' dice ({SIDE_WORDS[side]}=...); {ROUND_SYNTAX}", col=tokens[0][1], token="round")
    return actions.round(line, text, sides[OFFENSE], sides[DEFENSE], tuple(cols))


class _Actions:
    """A round's actions as they are read: each once (a check or swish any number of times)."""

    def __init__(self) -> None:
        self.given: set[str] = set()
        self.choice = ""
        self.locked_first: int | None = None
        self.strikes_taken = 0
        self.checks: list[Combo] = []
        self.swishes: list[Combo] = []
        self.tag: Combo | None = None
        self.guard_take: Combo | None = None
        self.no_strike = False
        self.negate = False

    def round(self, line: int, text: str, offense: Side, defense: Side, cols: tuple[tuple[str, int], ...]) -> Round:
        return Round(
            line=line, text=text, offense=offense, defense=defense, choice=self.choice, locked_first=self.locked_first,
            strikes_taken=self.strikes_taken, checks=tuple(self.checks), swishes=tuple(self.swishes), tag=self.tag,
            guard_take=self.guard_take, no_strike=self.no_strike, negate=self.negate, cols=cols,
        )  # fmt: skip

    def once(self, what: str, col: int, token: str) -> None:
        if what in self.given:
            raise InvalidPlay("given twice in one round", col=col, token=token)
        self.given.add(what)

    def action(self, key: str, value: str, col: int, token: str) -> None:
        if key == "lock":
            if value not in SIDE_WORDS:
                raise InvalidPlay("lock= names the side that locked first: lock=off or lock=def", col=col, token=token)
            self.once(key, col, token)
            self.locked_first = SIDE_WORDS.index(value)
            return
        combo = _combo(value, col, token)
        if key == "check":
            self.checks.append(combo)
        elif key == "swish":
            self.swishes.append(combo)
        elif key == "tag":
            self.once(key, col, token)
            self.tag = combo
        else:  # guard-take
            self.once(key, col, token)
            self.guard_take = combo

    def flag(self, word: str, col: int) -> None:
        if word == "take-strike":
            self.strikes_taken += 1
            return
        self.once("choice" if word in ("control", "roll") else word, col, word)
        if word in ("control", "roll"):
            self.choice = word
        elif word == "no-strike":
            self.no_strike = True
        else:  # negate
            self.negate = True


def format_round(r: Round) -> str:
    """A round written back in the canonical order (the round trip is a property test)."""
    words = ["round"] + ([r.choice] if r.choice else [])
    for name, side in zip(SIDE_WORDS, (r.offense, r.defense)):
        words.append(f"{name}={format_dice(side.dice)}")
        if side.call:
            words.append(side.call.text)
    if r.locked_first is not None:
        words.append(f"lock={SIDE_WORDS[r.locked_first]}")
    words += ["take-strike"] * r.strikes_taken
    words += [f"check={c.value}" for c in r.checks] + [f"swish={c.value}" for c in r.swishes]
    words += [f"{key}={combo.value}" for key, combo in (("tag", r.tag), ("guard-take", r.guard_take)) if combo]
    words += [word for word, on in (("no-strike", r.no_strike), ("negate", r.negate)) if on]
    return " ".join(words)


def parse_statement(text: str, line: int) -> Statement | None:
    tokens = tokenize(text)
    if not tokens:
        return None
    keyword, col = tokens[0]
    if keyword == "round":
        return parse_round(tokens, line, text)
    if keyword in ("top", "bottom"):
        return _half_start(tokens, line, text)
    if keyword == "out":
        _expect_count(tokens, 1, "`out` alone: the offense takes an Out")
        return TakeOut(line, text)
    if keyword == "player":
        team = _team(tokens, 1, keyword)
        _expect_count(tokens, 3, 'one quoted name: `player home "Name"`')
        return PlayerChange(line, text, team, _name(*tokens[2], position=False)[0])
    raise InvalidPlay(f"a Bonn Die game has `top N`, `bottom N`, `round ...`, `out` and `player`; {ROUND_SYNTAX}", col=col, token=keyword)


class _Header(_HeaderBuilder):
    """The Diceball header's `game`, `away` and `home`, with a `player` per team for the lineups."""

    def __init__(self) -> None:
        super().__init__()
        self.players: list[str | None] = [None, None]

    def player(self, tokens: list[tuple[str, int]], line: int) -> None:
        team = _team(tokens, 1, "player")
        self.once(f"`player {TEAM_WORDS[team]}`", line, tokens[0][1], "player")
        _expect_count(tokens, 3, 'one quoted name: `player away "Name"`')
        self.players[team] = _name(*tokens[2], position=False)[0]

    def build_bonn_die(self, line: int, col: int, token: str) -> BonnDieHeader:
        missing = [w for w, v in (("`game rules=bonn-die`", self.seen.get("the `game` statement")), ('`away "Team"`', self.teams[0]), ('`home "Team"`', self.teams[1])) if not v]
        if missing:
            raise InvalidPlay(f"the header must give {', '.join(missing)} before the first half-inning", line=line, col=col, token=token)
        rules = self.options.pop("rules", "bonn-die")
        innings = int(self.options.pop("innings", str(DEFAULT_INNINGS)))
        teams = _given(self.teams)
        players = (self.players[0] or teams[0], self.players[1] or teams[1])  # a team's own name when no player is given
        options, line = tuple(self.options.items()), self.seen["the `game` statement"]
        return BonnDieHeader(rules=rules, innings=innings, teams=teams, players=players, options=options, line=line)


def parse_bonn_die(text: str, path: str = "<game>") -> BonnDieFile:
    """Parse a Bonn Die game file: the header (game, away, home, player), then its statements."""
    builder = _Header()
    header: BonnDieHeader | None = None
    statements: list[Statement] = []
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        try:
            if header is None:
                tokens = tokenize(raw)
                if not tokens:
                    continue
                keyword = tokens[0][0]
                if keyword not in ("top", "bottom"):
                    _header_statement(builder, keyword, tokens, number)
                    continue
                header = builder.build_bonn_die(number, tokens[0][1], keyword)
            statement = parse_statement(raw, number)
            if statement is not None:
                statements.append(statement)
        except InvalidPlay as problem:
            raise _located(problem, path, number) from None
    if header is None:
        try:
            header = builder.build_bonn_die(max(len(lines), 1), 1, "")
        except InvalidPlay as problem:
            raise _located(problem, path, max(len(lines), 1)) from None
    return BonnDieFile(path, header, tuple(statements))


def _header_statement(builder: _Header, keyword: str, tokens: list[tuple[str, int]], line: int) -> None:
    if keyword in ("away", "home"):
        builder.team_name(keyword, tokens, line)
    elif keyword == "game":
        builder.game(tokens, line)
    elif keyword == "player" and "the `game` statement" in builder.seen:
        builder.player(tokens, line)
    else:
        raise InvalidPlay("a Bonn Die file starts with `game rules=bonn-die`, then away, home and player", col=tokens[0][1], token=keyword)

