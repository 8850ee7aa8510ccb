"""What a game file says, before any game state gives it meaning.

Bases are ints: 0 is the batter (home plate as a starting point), 1 2 3 the bases and 4 home
(as a destination). Teams are ints: 0 away, 1 home.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

BATTER = 0
HOME = 4
AWAY_TEAM, HOME_TEAM = 0, 1
TEAM_WORDS = ("away", "home")
HALF_WORDS = ("top", "bottom")
BASE_WORDS = ("batter", "1st", "2nd", "3rd", "home")
POSITION_NAMES = {1: "P", 2: "C", 3: "1B", 4: "2B", 5: "3B", 6: "SS", 7: "LF", 8: "CF", 9: "RF"}
INFIELDERS = frozenset(range(1, 7))
OUTFIELDERS = frozenset((7, 8, 9))


class Result(enum.Enum):
    """The kinds of plate-appearance result of the rulebook's scoresheet."""

    STRIKEOUT = "SO"
    WALK = "BB"
    INTENTIONAL_WALK = "IBB"
    HIT = "H"
    FLY_OUT = "fly"
    GROUND_OUT = "ground"
    INFIELD_FLY = "IF"
    FIELDERS_CHOICE = "FC"
    ERROR = "E"
    SACRIFICE_BUNT = "SH"
    HIT_BY_PITCH = "HP"
    INTERFERENCE = "CI"  # catcher's interference: the batter to first, an error on the catcher

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow Python code


class Advance(NamedTuple):
    """`R-D` or `RXD(fielders)`: the runner starting on `start` ends on `end`, or is out there."""

    start: int
    end: int
    out: bool
    fielders: tuple[int, ...]
    col: int
    text: str
    # Real baseball's marks (Retrosheet's): "E8" the advance was on that fielder's error,
    # "UR" an unearned run, "TUR" unearned for the team only, "NR" no RBI, "RBI" an RBI.
    marks: tuple[str, ...] = ()


class Play(NamedTuple):
    """One plate appearance as written: result, explicit advances and dice annotations."""

    result: Result
    code: str  # the result as written, without RBI marks: "H2", "6-4-3", "2E5"
    bases: int  # hits: 1-4; errors: bases the batter took (1 or 2); otherwise 0
    fielders: tuple[int, ...]  # outs and sacrifices: the throw sequence; errors: (position,)
    rbi_marks: int
    advances: tuple[Advance, ...]
    pitches: str | None  # the pitch dice in order, e.g. "21241"
    hit_dice: tuple[int, ...] | None  # the count die, then that many dice
    col: int  # column of the result token
    annotation_cols: tuple[tuple[str, int], ...] = ()
    bunt: int | None = None  # Diceball: the offense's bunt die (the pitcher does not pitch)
    roll: tuple[int, int] | None = None  # Dice Baseball: the two dice read on the chart
    charged: str | None = None  # "batter" or "pitcher": charged to the one replaced mid-count (rule 9.15)
    sf: bool | None = None  # the scorer's sacrifice fly call, where given (rule 9.08(d))
    # The scorer's call of a double play (rule 9.11): False, the play's outs are none (`dp=no`, an
    # error or misplay between them); True, they and the outs of the runner events on the play's
    # pitch, the line before, are one (`dp=yes`: `CS2(2-4)` then `SO dp=yes`, a strike-'em-out,
    # throw-'em-out, Retrosheet's `K+CS2(24)/DP`).
    dp: bool | None = None
    # Diceball's races as written, in order: (key, value) of `run=` `throw=` `steal=` `hnr=`
    # `full=` `squeeze=` `race=` (RACE_KEYS; docs/game-files.md), read by the game's rules.
    races: tuple[tuple[str, str], ...] = ()

    @property
    def has_dice(self) -> bool:
        return (
            self.pitches is not None or self.hit_dice is not None or self.bunt is not None or self.roll is not None
            or bool(self.races)
        )  # fmt: skip

    def race(self, key: str) -> str | None:
        """A race annotation's value as written (`race`, `run`, `throw` ...), None if not given."""
        for given, value in self.races:
            if given == key:
                return value
        return None

    @property
    def location(self) -> int | None:
        """The board location 1-36: the sum of the dice after the count die."""
        return sum(self.hit_dice[1:]) if self.hit_dice else None

    def annotation_col(self, key: str) -> int:
        return dict(self.annotation_cols).get(key, self.col)


class RunnerMove(enum.Enum):
    STOLEN_BASE = "SB"
    CAUGHT_STEALING = "CS"
    PICKED_OFF = "PO"  # PO1(1-3): the runner on first picked off
    # Runners moving on a pitch or a play with no batter's result; the advances say who went where.
    WILD_PITCH = "WP"
    PASSED_BALL = "PB"
    BALK = "BK"
    INDIFFERENCE = "DI"
    OTHER_ADVANCE = "OA"
    # An error on a foul fly (`FLE3`): no runner moves and the batter's count goes on.
    FOUL_ERROR = "FLE"

    __hash__ = object.__hash__


class RunnerEvent(NamedTuple):
    """`SB2` or `CS3(2-5)`: a runner event between plate appearances; `base` is the target."""

    move: RunnerMove
    base: int
    fielders: tuple[int, ...]
    col: int
    text: str
    # Real baseball: the position whose error saved the runner (`CS2(2-E6)`, `PO1(E1)`) or was
    # made on a foul fly (`FLE3`); 0 for none.
    error: int = 0

    @property
    def start(self) -> int:
        """The base the runner starts on: the one before a steal's, a pickoff's own."""
        return self.base if self.move is RunnerMove.PICKED_OFF else self.base - 1


# --- statements: one per line of the game file --------------------------------------------


@dataclass(frozen=True, slots=True)
class Statement:
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class HalfStart(Statement):
    inning: int
    half: int  # 0 top, 1 bottom


@dataclass(frozen=True, slots=True)
class PlateAppearance(Statement):
    play: Play


@dataclass(frozen=True, slots=True)
class RunnerEvents(Statement):
    events: tuple[RunnerEvent, ...]
    advances: tuple[Advance, ...] = ()  # the runners' moves that the events do not say
    bunt: int | None = None  # Diceball: the missed suicide bunt's die (`SBH bunt=1`)
    bunt_col: int = 0
    # Diceball: the steal's or the missed squeeze's race, (key, value, column) of `hnr=`
    # `squeeze=` `race=` as written.
    races: tuple[tuple[str, str, int], ...] = ()

    def race(self, key: str) -> str | None:
        for given, value, _ in self.races:
            if given == key:
                return value
        return None


@dataclass(frozen=True, slots=True)
class GameCalled(Statement):
    """`called`: the umpire ends the game before its regulation length (rain, darkness)."""


@dataclass(frozen=True, slots=True)
class RunnerPlaced(Statement):
    """`placed 2 "Name"`: a runner placed on base to start a half-inning, no batter's (real
    baseball's extra innings, 2020-2022: the runner on second, rule 7.01(b))."""

    base: int  # 1-3
    name: str


@dataclass(frozen=True, slots=True)
class BatterUp(Statement):
    """`up away 8`: the batter of slot 8 bats next, a team having batted out of turn with no
    appeal (official rule 6.03(b)(4): the proper batter is then the one after the improper one;
    Retrosheet's `ladj`)."""

    team: int
    slot: int  # 1-9


@dataclass(frozen=True, slots=True)
class RunnerCharged(Statement):
    """`responsible 2 "Name"`: the runner on second is charged to that pitcher of the fielding
    team, should he score (Retrosheet's `presadj`: the scorer of the day charged him to another
    pitcher than the one who faced him, official rule 9.16(g))."""

    base: int  # 1-3
    name: str


@dataclass(frozen=True, slots=True)
class Substitution(Statement):
    team: int
    slot: int  # 1-9
    name: str
    position: int | None
    # `count=1-2`: the balls and strikes on the batter when a pinch hitter took his place during
    # his plate appearance (rule 9.15(b) charges a strikeout then by it); None between them.
    count: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class PitchingChange(Statement):
    team: int
    name: str
    # `count=2-1`: the balls and strikes on the batter when the pitcher came in during the plate
    # appearance (rule 9.16(h) charges its result by it); None between plate appearances.
    count: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class LineupEntry:
    name: str
    position: int | None
    col: int = 0  # where the name is written, to point a lineup problem at


@dataclass(frozen=True, slots=True)
class GivenLineup:
    """One team's batting order and starting pitcher from a lineup file, as a header reads them."""

    lineup: tuple[LineupEntry, ...]
    pitcher: str
    lines: tuple[str, str]  # the `lineup` and `pitcher` statements as written
    line: int  # where the `lineup` statement is


@dataclass(frozen=True, slots=True)
class Header:
    """Everything before the first half-inning."""

    rules: str
    innings: int
    teams: tuple[str, str]
    lineups: tuple[tuple[LineupEntry, ...], tuple[LineupEntry, ...]]
    pitchers: tuple[str, str]
    options: tuple[tuple[str, str], ...]  # the other `game` keys: date, id, league ...
    line: int = 1  # where the `game` statement is
    columns: tuple[tuple[str, int], ...] = ()  # where each `game` key was written: ("rules", 6)

    def option(self, key: str, default: str = "") -> str:
        return dict(self.options).get(key, default)

    def column(self, key: str) -> int:
        """The column of the `game` statement's `key=` (0 where it was not written)."""
        return dict(self.columns).get(key, 0)


@dataclass(frozen=True, slots=True)
class GameFile:
    path: str
    header: Header
    statements: tuple[Statement, ...]
    header_lines: tuple[tuple[str, int], ...] = ()  # (keyword, line) to point rule problems at
