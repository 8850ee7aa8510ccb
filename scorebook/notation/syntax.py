"""The syntax pass: game-file text to statements, knowing nothing of game state.

Like python-chess's SAN_REGEX, every token is matched by a regular expression first; a token
that does not match is an ``InvalidPlay`` that quotes the token and its column.
"""

from __future__ import annotations

import re
from typing import TypeVar

from scorebook.notation.model import (
    HALF_WORDS,
    HOME,
    TEAM_WORDS,
    Advance,
    BatterUp,
    GameCalled,
    GameFile,
    GivenLineup,
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
from scorebook.numbers import calendar_day, whole_number
from scorebook.problems import InvalidPlay

_KNOWN_FIELDERS = r"[1-9](?:-[1-9])*"
# Fielders in order, or `?`: an out whose fielders a historical record does not know
# (Retrosheet's `99`); the out stands and no fielder is credited (engine/rules.py).
_FIELDERS = rf"(?:{_KNOWN_FIELDERS}|\?)"
UNKNOWN_FIELDERS = "?"
RESULT_RE = re.compile(
    rf"^(?:(?P<word>SO|BB|IBB|IF|FC|HP|CI)|IF(?P<caught>[1-9])|H(?P<hit>[1-4])|(?P<two>2?)E(?P<error>[1-9])"
    rf"|SH(?P<bunt>{_FIELDERS})|(?P<out>{_FIELDERS}))(?P<rbi>\**)$"
)
_MARK = r"E[1-9]|UR|TUR|NR|RBI"
ADVANCE_RE = re.compile(
    rf"^(?P<start>[B123])(?P<how>[-X])(?P<end>[123H])(?:\((?P<fielders>{_FIELDERS})\))?(?P<marks>(?:\((?:{_MARK})\))*)$"
)
# The fielders of a caught stealing or pickoff; real baseball's may end with the error that
# saved the runner (`CS2(2-E6)`, `PO1(E1)`).
_CHANCES = rf"(?:{_KNOWN_FIELDERS}|(?:{_KNOWN_FIELDERS}-)?E[1-9])"
RUNNER_EVENT_RE = re.compile(
    rf"^(?:SB(?P<sb>[23H])|CS(?P<cs>[23H])\((?P<fielders>{_CHANCES})\)|PO(?P<po>[123])\((?P<po_fielders>{_CHANCES})\)"
    rf"|(?P<pitch>WP|PB|BK|DI|OA)|FLE(?P<fle>[1-9]))$"
)
ANNOTATION_RE = re.compile(r"^(?P<key>[a-z]+)=(?P<value>\S*)$")
PITCHES_RE = re.compile(r"^[1-6]+$")
HIT_DICE_RE = re.compile(r"^(?P<count>[1-6]):(?P<dice>[1-6]+)$")
# Diceball's races (docs/game-files.md, "The races"): each key's value, linear-time patterns.
RACE_KEYS = ("run", "throw", "steal", "hnr", "full", "squeeze", "race")
RACE_RE = {
    "run": re.compile(r"^[B123][123H](?:,[B123][123H])*$"),
    "throw": re.compile(r"^(?:[123H]|21|12|31|H1)$"),
    "steal": re.compile(r"^(?:1|2|12)$"),
    "hnr": re.compile(r"^[1-6]$"),
    "full": re.compile(r"^yes$"),
    "squeeze": re.compile(r"^[1-6]$"),
    "race": re.compile(r"^[1-6]+$"),
}
RACE_SYNTAX = {
    "run": "run= takes each runner's start and the base he declares he runs to, e.g. `run=B2,1H` (B the batter, H home)",
    "throw": "throw= takes the base the defense throws to, 1 2 3 H, or a double play 21 12 31 H1, e.g. `throw=21`",
    "steal": "steal= takes the bases of the runners stealing on the pitch, 1 2 or 12, e.g. `steal=1`",
    "hnr": "hnr= takes the hit-and-run die, 1-6, e.g. `hnr=5`",
    "full": "full= is yes: two outs, a full count, every runner on the third green space",
    "squeeze": "squeeze= takes the die of the runner from third on a suicide bunt, 1-6, e.g. `squeeze=4`",
    "race": "race= takes the race's dice in the order rolled, each 1-6, offense first, e.g. `race=6354`",
}


def race_value(key: str, value: str, col: int, token: str) -> str:
    if not RACE_RE[key].match(value):
        raise InvalidPlay(RACE_SYNTAX[key], col=col, token=token)
    return value


# A quoted name as a run of plain characters between escapes: `(?:[^"\\]|\\.)*` kept a
# backtracking mark per character, 157 MB for a 1 MB name (#18); this keeps one per escape.
_QUOTED = r'"[^"\\]*(?:\\.[^"\\]*)*"'
NAME_RE = re.compile(rf"^(?P<name>{_QUOTED})(?::(?P<pos>[1-9]))?$")
TOKEN_RE = re.compile(rf'{_QUOTED}(?::\S*)?|[^\s#"]\S*?(?=\s|#|$)|"\S*|#.*')
NAME_LIMIT = 200  # characters in a team's or a player's name

_WORD_RESULTS = {
    "HP": Result.HIT_BY_PITCH,
    "CI": Result.INTERFERENCE,
    "SO": Result.STRIKEOUT,
    "BB": Result.WALK,
    "IBB": Result.INTENTIONAL_WALK,
    "IF": Result.INFIELD_FLY,
    "FC": Result.FIELDERS_CHOICE,
}
_BASE_CODES = {"B": 0, "1": 1, "2": 2, "3": 3, "H": HOME}
GAME_KEYS = ("rules", "innings", "date", "id", "league", "stage", "time", "site", "chart", "earned", "umpire", "scorer")
PLAY_SYNTAX = (
    "a play is RESULT [ADVANCE...] [ANNOTATION...], e.g. `H2** 1-H pitches=216 hit=3:453`; "
    "RESULT is SO BB IBB H1-H4 IF (IF6: the shortstop caught it) FC E4 2E5 SH1-3 or fielders such as 8 or 6-4-3, "
    "followed by one * per run batted in"
)


def fielders(text: str) -> tuple[int, ...]:
    """`6-4-3` to (6, 4, 3); `?`, the fielders not known, to none."""
    return () if text == UNKNOWN_FIELDERS else tuple(int(c) for c in text.split("-"))


def tokenize(text: str) -> list[tuple[str, int]]:
    """Split a line into (token, 1-based column), dropping a trailing `#` comment."""
    if '"' not in text and "#" not in text:  # the common play line: plain whitespace
        tokens, at = [], 0
        for token in text.split():
            at = text.index(token, at)
            tokens.append((token, at + 1))
            at += len(token)
        return tokens
    tokens = []
    for match in TOKEN_RE.finditer(text):
        token = match.group()
        if token.startswith("#"):
            break
        tokens.append((token, match.start() + 1))
    return tokens


# The result codes a near miss is compared with ("did you mean `SO`?").
_RESULT_CODES = (*_WORD_RESULTS, "H1", "H2", "H3", "H4")


def _canonical_result(token: str) -> str:
    """A result as the rulebook writes it, from any case (`so`, `h2`) and `K` for `SO`: no two
    codes differ in case only, so the upper case is never ambiguous."""
    upper = token.upper()
    code = upper.rstrip("*")
    return "SO" + upper[len(code) :] if code == "K" else upper


def _not_a_result(canonical: str) -> str:
    """What a token that is no result is told: the code it nearly is, else how to write one."""
    import difflib

    near = difflib.get_close_matches(canonical.rstrip("*").replace("0", "O"), _RESULT_CODES, n=1, cutoff=0.6)
    return f"not a play result; did you mean `{near[0]}`?" if near else f"not a play result; {PLAY_SYNTAX}"


def parse_result(token: str, col: int) -> tuple[Result, str, int, tuple[int, ...], int]:
    match = RESULT_RE.match(token)
    if not match:  # the rare case: a result in another case, a K, or no result at all
        canonical = _canonical_result(token)
        match = RESULT_RE.match(canonical)
        if not match:
            raise InvalidPlay(_not_a_result(canonical), col=col, token=token)
        token = canonical  # the play keeps the canonical code, as the formatter writes it
    rbi = len(match["rbi"])
    code = token[: len(token) - rbi]
    if match["word"]:
        return _WORD_RESULTS[match["word"]], code, 0, (), rbi
    if match["caught"]:  # an infield fly with the fielder who caught it: his putout (official rule 9.09(a)(1))
        return Result.INFIELD_FLY, code, 0, (int(match["caught"]),), rbi
    if match["hit"]:
        return Result.HIT, code, int(match["hit"]), (), rbi
    if match["error"]:
        return Result.ERROR, code, 2 if match["two"] else 1, (int(match["error"]),), rbi
    if match["bunt"]:
        return Result.SACRIFICE_BUNT, code, 0, fielders(match["bunt"]), rbi
    seq = fielders(match["out"])
    # A lone outfielder's number is a caught fly (`8`); any other sequence is a ground-ball or
    # thrown out, the last fielder making the putout (`4-3`, `3`, `6-4-3`).
    kind = Result.FLY_OUT if len(seq) == 1 and seq[0] >= 7 else Result.GROUND_OUT
    return kind, code, 0, seq, rbi


def parse_advance(token: str, col: int) -> Advance:
    match = ADVANCE_RE.match(token) or ADVANCE_RE.match(token.upper())  # `1-h` is `1-H`
    if match:
        token = match.string
    else:
        raise InvalidPlay(
            "not an advance; write R-D or RXD(fielders) with R one of B 1 2 3 and D one of 1 2 3 H, "
            "e.g. `1-3` or `2XH(9-4-2)`",
            col=col,
            token=token,
        )
    out = match["how"] == "X"
    if out and not match["fielders"]:
        raise InvalidPlay(
            "a runner put out needs the fielders who made the play, e.g. `2XH(9-2)`", col=col, token=token
        )
    if not out and match["fielders"]:
        raise InvalidPlay("fielders go only with an out (`X`), e.g. `1X3(8-5)`", col=col, token=token)
    return Advance(
        start=_BASE_CODES[match["start"]],
        end=_BASE_CODES[match["end"]],
        out=out,
        fielders=fielders(match["fielders"]) if out else (),
        col=col,
        text=token,
        marks=tuple(re.findall(rf"\(({_MARK})\)", match["marks"] or "")),
    )


def _pitches(value: str, col: int, token: str) -> str:
    if not PITCHES_RE.match(value):
        raise InvalidPlay("pitches= takes the pitch dice in order, each 1-6, e.g. `pitches=2146`", col=col, token=token)
    return value


def _hit_dice(value: str, col: int, token: str) -> tuple[int, ...]:
    match = HIT_DICE_RE.match(value)
    if not match or len(match["dice"]) != int(match["count"]):
        raise InvalidPlay(
            "hit= takes the count die, a colon, then exactly that many dice (1-6), e.g. `hit=3:453`",
            col=col,
            token=token,
        )
    return (int(match["count"]), *(int(d) for d in match["dice"]))


def parse_play(text: str, col_offset: int = 0) -> Play:
    """Parse one plate appearance, e.g. `H2** 1-H 2-H pitches=216 hit=3:453`."""
    return play_from_tokens(tokenize(text), col_offset)


def play_from_tokens(tokens: list[tuple[str, int]], col_offset: int = 0) -> Play:
    if not tokens:
        raise InvalidPlay(f"an empty play; {PLAY_SYNTAX}", col=col_offset + 1)
    (first, first_col), rest = tokens[0], tokens[1:]
    result, code, bases, seq, rbi = parse_result(first, first_col + col_offset)
    advances: list[Advance] = []
    pitches = hit_dice = bunt = roll = charged = sf = dp = None
    annotation_cols: list[tuple[str, int]] = []
    races: list[tuple[str, str]] = []
    for token, token_col in rest:
        col = token_col + col_offset
        annotation = ANNOTATION_RE.match(token)
        if annotation is None:
            if annotation_cols:
                raise InvalidPlay("advances go before the dice annotations", col=col, token=token)
            advances.append(parse_advance(token, col))
            continue
        key, value = annotation["key"], annotation["value"]
        if key in dict(annotation_cols):
            raise InvalidPlay(f"{key}= is given twice", col=col, token=token)
        if key == "pitches":
            pitches = _pitches(value, col, token)
        elif key == "hit":
            hit_dice = _hit_dice(value, col, token)
        elif key == "bunt":
            if not re.match(r"^[1-6]$", value):
                raise InvalidPlay("bunt= takes the bunt die, 1-6, e.g. `bunt=5`", col=col, token=token)
            bunt = int(value)
        elif key == "roll":
            if not re.match(r"^[1-6][1-6]$", value):
                raise InvalidPlay("roll= takes the two dice, each 1-6, e.g. `roll=34`", col=col, token=token)
            roll = (int(value[0]), int(value[1]))
        elif key == "charged":
            if value not in ("batter", "pitcher"):
                raise InvalidPlay(
                    "charged= is batter (a strikeout charged to the batter replaced with two strikes, rule 9.15(b)) "
                    "or pitcher (a walk charged to the pitcher relieved behind in the count, rule 9.15(a))",
                    col=col,
                    token=token,
                )
            charged = value
        elif key == "sf":
            if value not in ("yes", "no"):
                raise InvalidPlay("sf= is yes or no: the scorer's call of a sacrifice fly (rule 9.08(d))", col=col, token=token)
            sf = value == "yes"
        elif key == "dp":
            if value not in ("yes", "no"):
                raise InvalidPlay(
                    "dp= is the scorer's call of a double play (rule 9.11): no, the play's outs are none (an error or "
                    "misplay between them); yes, they and the outs of the runner events on its pitch, the line "
                    "before, are one (`CS2(2-4)` then `SO dp=yes`)", col=col, token=token,
                )  # fmt: skip
            dp = value == "yes"
        elif key in RACE_RE:
            races.append((key, race_value(key, value, col, token)))
        else:
            raise InvalidPlay(
                "unknown annotation; a play takes pitches= hit= bunt= roll= charged= sf= dp=, and Diceball's races "
                + " ".join(f"{k}=" for k in RACE_KEYS),
                col=col,
                token=token,
            )
        annotation_cols.append((key, col))
    return Play(
        result=result,
        code=code,
        bases=bases,
        fielders=seq,
        rbi_marks=rbi,
        advances=tuple(advances),
        pitches=pitches,
        hit_dice=hit_dice,
        col=first_col + col_offset,
        annotation_cols=tuple(annotation_cols),
        bunt=bunt,
        roll=roll,
        charged=charged,
        sf=sf,
        dp=dp,
        races=tuple(races),
    )


def parse_runner_event(token: str, col: int) -> RunnerEvent:
    match = RUNNER_EVENT_RE.match(token) or RUNNER_EVENT_RE.match(token.upper())  # `sb2` is `SB2`
    if match:
        token = match.string
    else:
        raise InvalidPlay(
            "not a runner event; write SB2 SB3 (stolen base), CS2(2-4) CS3(2-5) (caught stealing), "
            "PO1(1-3) (picked off), or WP PB BK DI OA followed by the advances; real baseball's CS2(2-E6) and "
            "PO1(E1) (the runner saved by an error) and FLE3 (an error on a foul fly)",
            col=col,
            token=token,
        )
    if match["sb"]:
        return RunnerEvent(RunnerMove.STOLEN_BASE, _BASE_CODES[match["sb"]], (), col, token)
    if match["cs"] or match["po"]:
        move, base, chances = (
            (RunnerMove.CAUGHT_STEALING, match["cs"], match["fielders"]) if match["cs"] else (RunnerMove.PICKED_OFF, match["po"], match["po_fielders"])
        )
        handled, _, error = chances.partition("E")
        return RunnerEvent(move, _BASE_CODES[base], fielders(handled.rstrip("-")) if handled else (), col, token, int(error or 0))
    if match["fle"]:
        return RunnerEvent(RunnerMove.FOUL_ERROR, 0, (), col, token, int(match["fle"]))
    return RunnerEvent(RunnerMove(match["pitch"]), 0, (), col, token)


def _runner_events(tokens: list[tuple[str, int]], line: int, text: str) -> RunnerEvents:
    """Runner events, the advances they do not say, and Diceball's missed squeeze die (`bunt=1`)."""
    bunt = None
    bunt_col = 0
    races: list[tuple[str, str, int]] = []
    for token, col in tokens:
        annotation = ANNOTATION_RE.match(token)
        if annotation:
            key, value = annotation["key"], annotation["value"]
            if key in _EVENT_RACE_KEYS and key not in (r[0] for r in races):
                races.append((key, race_value(key, value, col, token), col))
                continue
            if key != "bunt" or not re.match(r"^[1-6]$", value) or bunt is not None:
                raise InvalidPlay(
                    "a runner event line takes the bunt die of a missed squeeze (`CSH(2) bunt=1`) and the race's "
                    "hnr= squeeze= race=, each once, e.g. `SB2 race=5`",
                    col=col,
                    token=token,
                )
            bunt, bunt_col = int(value), col
    rest = [(t, c) for t, c in tokens if not ANNOTATION_RE.match(t)]
    events = tuple(parse_runner_event(t, c) for t, c in rest if not _is_advance(t))
    advances = tuple(parse_advance(t, c) for t, c in rest if _is_advance(t))
    return RunnerEvents(line, text, events, advances, bunt, bunt_col, tuple(races))


_EVENT_RACE_KEYS = ("hnr", "squeeze", "race")


def _is_advance(token: str) -> bool:
    return bool(ADVANCE_RE.match(token) or ADVANCE_RE.match(token.upper()))


_RUNNER_CODES = ("SB", "CS", "PO", "WP", "PB", "BK", "DI", "OA", "FLE")


def is_runner_event(token: str) -> bool:
    """Whether a line's first token is a runner event, in any case (`sb2`): no result code
    starts as one does, and the statements' own words are told apart before."""
    return token.startswith(_RUNNER_CODES) or (token[:1].islower() and token.upper().startswith(_RUNNER_CODES))


# --- whole files ------------------------------------------------------------------------


def _name(token: str, col: int, *, position: bool) -> tuple[str, int | None]:
    match = NAME_RE.match(token)
    if not match:
        raise InvalidPlay('a name goes in double quotes, e.g. "Ann Smith" or "Ann Smith":8', col=col, token=token)
    if match["pos"] and not position:
        raise InvalidPlay("no fielding position here; drop the `:N`", col=col, token=token)
    name = match["name"][1:-1].replace('\\"', '"').replace("\\\\", "\\").strip()
    if not name:
        raise InvalidPlay("a name cannot be blank", col=col, token=token)
    if len(name) > NAME_LIMIT:
        raise InvalidPlay(f"a name is at most {NAME_LIMIT} characters, not {len(name):,}; shorten it", col=col, token=token)
    return name, int(match["pos"]) if match["pos"] else None


def same_team(one: str, other: str) -> bool:
    """Whether two names are one team's: as written, but for letter case and the spaces around."""
    return one.strip().casefold() == other.strip().casefold()


def _team(tokens: list[tuple[str, int]], index: int, keyword: str) -> int:
    if len(tokens) <= index or tokens[index][0] not in TEAM_WORDS:
        col = tokens[index][1] if len(tokens) > index else tokens[0][1]
        raise InvalidPlay(f"`{keyword}` needs `away` or `home` next", col=col, token=tokens[0][0])
    return TEAM_WORDS.index(tokens[index][0])


def _expect_count(tokens: list[tuple[str, int]], count: int, usage: str) -> None:
    if len(tokens) != count:
        token, col = tokens[min(len(tokens), count) - 1] if len(tokens) < count else tokens[count]
        raise InvalidPlay(f"expected {usage}", col=col, token=token)


T = TypeVar("T")


def _given(pair: list[T | None]) -> tuple[T, T]:
    """The away and home values of a header statement, which the header's check has found given."""
    away, home = pair
    assert away is not None and home is not None, "the header's check names what is missing"
    return away, home


class _HeaderBuilder:
    """Collects the header statements; reports what is missing or given twice."""

    def __init__(self) -> None:
        self.options: dict[str, str] = {}
        self.columns: dict[str, int] = {}
        self.seen: dict[str, int] = {}
        self.teams: list[str | None] = [None, None]
        self.lineups: list[tuple[LineupEntry, ...] | None] = [None, None]
        self.pitchers: list[str | None] = [None, None]

    def once(self, what: str, line: int, col: int, token: str) -> None:
        if what in self.seen:
            raise InvalidPlay(f"{what} is given twice (first on line {self.seen[what]})", line=line, col=col, token=token)
        self.seen[what] = line

    def game(self, tokens: list[tuple[str, int]], line: int) -> None:
        self.once("the `game` statement", line, tokens[0][1], tokens[0][0])
        for token, col in tokens[1:]:
            match = ANNOTATION_RE.match(token)
            if not match or match["key"] not in GAME_KEYS:
                raise InvalidPlay(
                    f"the `game` statement takes key=value with keys {', '.join(GAME_KEYS)}", col=col, token=token
                )
            key, value = match["key"], match["value"]
            if key == "rules" and not re.match(r"^[a-z][a-z-]*$", value):
                raise InvalidPlay("rules= names the game's rules, e.g. rules=diceball", col=col, token=token)
            if key == "innings" and not 1 <= (whole_number(value, 2) or 0) <= 99:
                raise InvalidPlay("innings= is a whole number from 1 to 99, e.g. innings=9", col=col, token=token)
            if key == "date" and calendar_day(value) is None:
                raise InvalidPlay("date= is a day of the calendar, written YYYY-MM-DD, e.g. date=1991-06-01", col=col, token=token)
            self.options[key] = value
            self.columns[key] = col

    def statement(self, keyword: str, tokens: list[tuple[str, int]], line: int) -> None:
        if keyword == "game":
            return self.game(tokens, line)
        if "the `game` statement" not in self.seen:
            raise InvalidPlay(
                "a game file starts with `game rules=diceball innings=9`", line=line, col=tokens[0][1], token=keyword
            )
        self.team_statement(keyword, tokens, line)

    def team_statement(self, keyword: str, tokens: list[tuple[str, int]], line: int) -> None:
        """`lineup away "A" ...` or `pitcher away "P"`."""
        team = _team(tokens, 1, keyword)
        what = f"`{keyword} {TEAM_WORDS[team]}`"
        self.once(what, line, tokens[0][1], keyword)
        if keyword == "lineup":
            if len(tokens) < 3:
                raise InvalidPlay('a lineup lists the batters in order: `lineup away "A" "B" ...`', col=tokens[0][1], token=keyword)
            self.lineups[team] = tuple(LineupEntry(*_name(t, c, position=True), c) for t, c in tokens[2:])
        elif keyword == "pitcher":
            _expect_count(tokens, 3, 'one quoted name: `pitcher away "Name"`')
            self.pitchers[team] = _name(*tokens[2], position=False)[0]

    def team_name(self, keyword: str, tokens: list[tuple[str, int]], line: int) -> None:
        team = TEAM_WORDS.index(keyword)
        self.once(f"`{keyword}`", line, tokens[0][1], keyword)
        _expect_count(tokens, 2, f'one quoted team name: `{keyword} "Team name"`')
        name = self.teams[team] = _name(*tokens[1], position=False)[0]
        other = self.teams[1 - team]
        if other is not None and same_team(other, name):
            raise InvalidPlay(
                f"the {TEAM_WORDS[1 - team]} team is {other} already: a team never plays itself; name another",
                col=tokens[1][1], token=tokens[1][0],
            )  # fmt: skip

    def build(self, line: int, col: int, token: str) -> Header:
        missing = [
            what
            for what, value in (
                ("`game rules=... innings=...`", self.seen.get("the `game` statement")),
                ('`away "Team"`', self.teams[0]),
                ('`home "Team"`', self.teams[1]),
                ("`lineup away ...`", self.lineups[0]),
                ("`lineup home ...`", self.lineups[1]),
                ('`pitcher away "Name"`', self.pitchers[0]),
                ('`pitcher home "Name"`', self.pitchers[1]),
            )
            if not value
        ]
        if missing:
            raise InvalidPlay(
                f"the header must give {', '.join(missing)} before the first half-inning",
                line=line,
                col=col,
                token=token,
            )
        rules = self.options.pop("rules", "diceball")
        innings = int(self.options.pop("innings", "9"))
        return Header(
            rules=rules,
            innings=innings,
            teams=_given(self.teams),
            lineups=_given(self.lineups),
            pitchers=_given(self.pitchers),
            options=tuple(self.options.items()),
            line=self.seen["the `game` statement"],
            columns=tuple(self.columns.items()),
        )


LINEUP_FILE_WORDS = ("lineup", "pitcher", "player")


def parse_lineups(text: str, path: str) -> tuple[tuple[GivenLineup | None, GivenLineup | None], tuple[str, ...]]:
    """A lineup file (`game new`, `simulate` and `sheet --blank` read it): `lineup away "A" ...`
    and `pitcher away "P"` (home too), read as a game header reads them; a team may be left out,
    but not half of one. Also returns Bonn Die's `player away "Name"` lines as written. The
    teams are named on the command line (`--away`, `--home`), not here."""
    builder = _HeaderBuilder()
    written: dict[str, str] = {}  # "lineup away" -> the statement as written
    players: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            tokens = tokenize(raw)
            if not tokens:
                continue
            keyword, col = tokens[0]
            if keyword not in LINEUP_FILE_WORDS:
                teams = " (the teams are named with --away and --home)" if keyword in TEAM_WORDS else ""
                raise InvalidPlay(
                    f'a lineup file has `lineup away "A" "B" ...` and `pitcher away "P"` lines (home too){teams}',
                    col=col,
                    token=keyword,
                )
            if keyword == "player":
                players.append(raw.strip())
            elif keyword in ("lineup", "pitcher"):
                builder.team_statement(keyword, tokens, number)
                written[f"{keyword} {tokens[1][0]}"] = raw.strip()
        except InvalidPlay as problem:
            raise _located(problem, path, number) from None
    given: list[GivenLineup | None] = []
    for team, side in enumerate(TEAM_WORDS):
        lineup, pitcher = builder.lineups[team], builder.pitchers[team]
        if lineup is None or pitcher is None:
            if lineup or pitcher:
                have, need, example = ("lineup", "pitcher", '"Name"') if pitcher is None else ("pitcher", "lineup", '"A" ...')
                raise InvalidPlay(f"`{have} {side}` needs its {need} too: add `{need} {side} {example}`",
                                  path=path, line=builder.seen[f"`{have} {side}`"])  # fmt: skip
            given.append(None)
            continue
        lines = (written[f"lineup {side}"], written[f"pitcher {side}"])
        given.append(GivenLineup(lineup, pitcher, lines, builder.seen[f"`lineup {side}`"]))
    return (given[0], given[1]), tuple(players)


def _half_start(tokens: list[tuple[str, int]], line: int, text: str) -> HalfStart:
    _expect_count(tokens, 2, f"an inning number: `{tokens[0][0]} 1`")
    number, col = tokens[1]
    inning = whole_number(number)
    if inning is None or inning < 1:
        raise InvalidPlay("an inning is a whole number from 1, e.g. `top 7`", col=col, token=number)
    return HalfStart(line, text, inning, HALF_WORDS.index(tokens[0][0]))


_COUNT_RE = re.compile(r"count=(?P<balls>[0-3])-(?P<strikes>[0-2])")


def _change_count(tokens: list[tuple[str, int]], at: int) -> tuple[list[tuple[str, int]], tuple[int, int] | None]:
    """A change's tokens without its optional last `count=B-S` (token `at`), and that count: the
    batter's balls (0-3) and strikes (0-2) when the change came during his plate appearance."""
    if len(tokens) <= at or not tokens[at][0].startswith("count="):
        return tokens, None
    token, col = tokens[at]
    match = _COUNT_RE.fullmatch(token)
    if match is None:
        raise InvalidPlay("count= is the batter's balls (0-3) and strikes (0-2) when the change came, e.g. `count=2-1`",
                          col=col, token=token)  # fmt: skip
    return tokens[:at] + tokens[at + 1 :], (int(match["balls"]), int(match["strikes"]))


def _substitution(tokens: list[tuple[str, int]], line: int, text: str) -> Substitution:
    team = _team(tokens, 1, "sub")
    tokens, count = _change_count(tokens, 4)
    _expect_count(tokens, 4, 'a batting slot and a name: `sub away 4 "Name":POS`, and the count it came in, `count=1-2`')
    number = _slot(tokens[2], 2, "a batting slot is a number from 1, e.g. `sub home 4 \"Name\"`")
    name, position = _name(*tokens[3], position=True)
    return Substitution(line, text, team, number, name, position, count)


def _placed(tokens: list[tuple[str, int]], line: int, text: str) -> RunnerPlaced:
    _expect_count(tokens, 3, 'a base and a name: `placed 2 "Name"`, the runner placed on second')
    base = _base(tokens[1], "a runner is placed on base 1, 2 or 3, e.g. `placed 2 \"Name\"`")
    return RunnerPlaced(line, text, base, _name(*tokens[2], position=False)[0])


def _batter_up(tokens: list[tuple[str, int]], line: int, text: str) -> BatterUp:
    team = _team(tokens, 1, "up")
    _expect_count(tokens, 3, "a batting slot: `up away 8`, the batter of slot 8 bats next")
    return BatterUp(line, text, team, _slot(tokens[2], 1, "a batting slot is a number from 1 to 9, e.g. `up away 8`"))


def _responsible(tokens: list[tuple[str, int]], line: int, text: str) -> RunnerCharged:
    _expect_count(tokens, 3, 'a base and a pitcher: `responsible 2 "Name"`, the runner on second charged to him')
    base = _base(tokens[1], "the runner charged is on base 1, 2 or 3, e.g. `responsible 2 \"Name\"`")
    return RunnerCharged(line, text, base, _name(*tokens[2], position=False)[0])


def _slot(token: tuple[str, int], digits: int, problem: str) -> int:
    """A batting slot's number (of at most `digits` digits, from 1), else `problem` at it."""
    slot, col = token
    number = whole_number(slot, digits)
    if number is None or number < 1:
        raise InvalidPlay(problem, col=col, token=slot)
    return number


def _base(token: tuple[str, int], problem: str) -> int:
    """A base a runner is on (1, 2 or 3), else `problem` at it."""
    base, col = token
    if base not in ("1", "2", "3"):
        raise InvalidPlay(problem, col=col, token=base)
    return int(base)


def parse_statement(text: str, line: int) -> Statement | None:
    """One line of play (after the header) to its statement; None for a blank or comment line."""
    play = _PLAYS.get(text)
    if play is not None:  # a play line read before: no need to split it again
        return PlateAppearance(line, text, play)
    tokens = tokenize(text)
    if not tokens:
        return None
    keyword, col = tokens[0]
    if keyword in ("top", "bottom"):
        return _half_start(tokens, line, text)
    if keyword == "sub":
        return _substitution(tokens, line, text)
    if keyword == "pitcher":
        team = _team(tokens, 1, keyword)
        tokens, count = _change_count(tokens, 3)
        _expect_count(tokens, 3, 'one quoted name: `pitcher home "Name"`, and the count he came in, `count=2-1`')
        return PitchingChange(line, text, team, _name(*tokens[2], position=False)[0], count)
    if keyword == "placed":
        return _placed(tokens, line, text)
    if keyword == "up":
        return _batter_up(tokens, line, text)
    if keyword == "responsible":
        return _responsible(tokens, line, text)
    if keyword == "called":
        _expect_count(tokens, 1, "`called` alone: the umpire ends the game (official rule 7.01(c))")
        return GameCalled(line, text)
    if keyword in ("game", "away", "home", "lineup"):
        raise InvalidPlay(f"`{keyword}` belongs in the header, before the first half-inning", col=col, token=keyword)
    if is_runner_event(keyword):
        return _runner_events(tokens, line, text)
    if len(_PLAYS) >= _PLAYS_KEPT:
        _PLAYS.clear()
    play = _PLAYS[text] = play_from_tokens(tokens)
    return PlateAppearance(line, text, play)


# Plays are immutable and their columns relative to the line: a season repeats many lines.
_PLAYS: dict[str, Play] = {}
_PLAYS_KEPT = 1 << 16


def _located(problem: InvalidPlay, path: str, line: int) -> InvalidPlay:
    problem.path, problem.line = problem.path or path, problem.line or line
    return problem


def parse_game(text: str, path: str = "<game>") -> GameFile:
    """Parse a whole game file: the header, then one statement per line of play."""
    builder = _HeaderBuilder()
    header: Header | None = None
    statements: list[Statement] = []
    header_lines: list[tuple[str, int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            if header is None:
                tokens = tokenize(raw)
                if not tokens:
                    continue
                keyword = tokens[0][0]
                if keyword not in ("top", "bottom"):
                    if keyword in ("away", "home"):
                        builder.team_name(keyword, tokens, number)
                    elif keyword in ("game", "lineup", "pitcher"):
                        builder.statement(keyword, tokens, number)
                    else:
                        raise InvalidPlay(
                            "before the first `top 1` only header statements: game, away, home, lineup, pitcher",
                            col=tokens[0][1],
                            token=keyword,
                        )
                    header_lines.append((f"{keyword} {tokens[1][0]}" if keyword in ("lineup", "pitcher") else keyword, number))
                    continue
                header = builder.build(number, tokens[0][1], keyword)
            statement = parse_statement(raw, number)
            if statement is not None:
                statements.append(statement)
        except InvalidPlay as problem:
            raise _located(problem, path, number) from None
    if header is None:  # a file that stops in its header
        last = max(len(text.splitlines()), 1)
        try:
            header = builder.build(last, 1, "")
        except InvalidPlay as problem:
            raise _located(problem, path, last) from None
    return GameFile(path, header, tuple(statements), tuple(header_lines))
