"""Retrosheet event files (https://www.retrosheet.org/eventfile.htm) read into scorebook game
files under `rules=baseball`: each `play` record becomes the statements that say the same in
scorebook's notation, every runner's move spelled out (Retrosheet names every runner who
moves, and the ones it does not name stay where they are).

Only the syntax of the records is read here: a record or event that does not follow the
format is an `InvalidPlay` at its line and column. The engine checks the result, so an event
that breaks a rule is reported with the Retrosheet file's line and the event's column."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from scorebook.notation.format import format_name, quote
from scorebook.numbers import whole_number
from scorebook.problems import InvalidPlay, ScorebookProblem

_BATTER_OUT = ("SO",)
_HITS = {"S": "H1", "D": "H2", "T": "H3", "H": "H4", "HR": "H4", "DGR": "H2"}
_OUTS = re.compile(r"([0-9]+)(?:\(([B123])\))?")
# The batted-ball modifiers of a ball caught in the air: a runner put out after it was doubled off.
_CAUGHT = {"F", "L", "P", "BP", "BL", "LDP", "FDP", "BPDP", "LTP", "FTP", "IF", "SF"}
# The last alternative, fielders with runner marks (`64(1)3`), written so that a run of digits
# is matched one way only: a nested `(?:[1-9]+(...)?)+` takes time doubling with each digit.
_BATTER_CODE = re.compile(r"K[0-9]*|W|IW|I|HP|C|(?:S|D|T|DGR|HR?)[0-9]*|[0-9]*E[0-9]|FC[0-9]?|[1-9]+(?:\([B123]\)[1-9]+)*(?:\([B123]\))?")
# An event's modifiers (`/G`, `/SF`, `/78XD`, `/TH2` ...): the batted ball and its location, or a flag.
_MODIFIER = re.compile(
    r"(?:BG|BP|BL|BF|B|G|L|F|P)?(?:[1-9]{1,2}[A-Z]{0,3})?[+-]?|AP|BGDP|BINT|BOOT|BPDP|BR|C|COUB|COUF|COUR|DP|E[1-9]|FDP|FINT"
    r"|FL|FO|FTP|GDP|GTP|IF|INT|IPHR|LDP|LTP|MREV|NDP|OBS|PASS|R[1-9]+|RINT|SF|SH|TH[1-4H]?|TP|UINT|UREV"
)
# A runner event part: a steal, caught stealing, pickoff, or a runner moving on a pitch or play.
_RUNNER_PART = re.compile(
    r"(?:(?:POSB|SB)(?P<sb>[23H])|(?:POCS|CS)(?P<cs>[23H])|PO(?P<po>[123])|(?P<pitch>WP|PB|BK|DI|OA))(?P<groups>(?:\([^()]*\))*)"
)
_ADVANCE = re.compile(r"([B123])([-X])([123H])((?:\([^()]*\))*)")
_GROUP = re.compile(r"\(([^()]*)\)")
# Who handled the ball in a group: fielders, the error (`6E2`: the shortstop's throw dropped by
# the catcher), the throw (`/TH2`) or the kind of play; `(74H)` a throw home, as Chadwick reads it.
_CHANCES = re.compile(r"([1-9]*)(?:E([1-9]))?((?:/(?:TH[1-4H]?|INT|BINT|OBS|AP|BR|FO|G|U|RINT))*)H?")
_MARKS = {"UR": "UR", "TUR": "TUR", "NR": "NR", "NORBI": "NR", "RBI": "RBI"}
_THROWS = re.compile(r"TH[1-4H]?|INT")  # an advance on the throw, noted: nothing to score
_BASE_OF = {"2": 1, "3": 2, "H": 3}  # a steal's target -> the runner's base
# POSB: a steal on a pickoff throw, the runner credited with the stolen base (as Chadwick reads it).
_RUNNER_EVENTS = ("SB", "POSB", "CS", "POCS", "PO", "WP", "PB", "BK", "DI", "OA")
_ON_THE_PITCH = ("SB", "POSB", "CS", "POCS", "PO", "WP", "PB", "DI", "OA")  # after a strikeout's or walk's `+`
_NOT_AN_EVENT = (
    "not a Retrosheet event: a batter's play (S8, D7, HR, 63, 8, E6, FC5, K, W, IW, HP, C/E2 ...), or runner events "
    "(SB2, CS2(24), POCS2(14), PO1(13), WP, PB, BK, DI, OA) or FLE3"
)
_NOT_ON_THE_PITCH = "not what happens on a strikeout's or walk's pitch: after the `+` come SB CS POCS PO WP PB DI OA, or an error E2"
_USAGE = {
    "SB": "a stolen base is SB2, SB3 or SBH",
    "CS": "a caught stealing is CS2, CS3 or CSH with the fielders, e.g. `CS2(24)`, or the error that saved him, `CS2(2E6)`",
    "PO": "a pickoff is PO1, PO2 or PO3 with the fielders, e.g. `PO1(13)`, or the error that saved him, `PO1(E1)`",
    "POCS": "a caught stealing on a pickoff is POCS2, POCS3 or POCSH with the fielders, e.g. `POCS2(14)`, or the error "
    "that saved him, `POCS2(1E3)`",
}
_WHO = {"B": "the batter", "1": "the runner on 1st", "2": "the runner on 2nd", "3": "the runner on 3rd"}
_SKIPPED = ("version", "com", "badj", "padj")
_RECORDS = "id, version, info, start, sub, play, com, data, badj, padj, ladj, radj, presadj"


@dataclass
class RetroGame:
    """One game's records: its id, infos, starters, and the play-by-play with line numbers."""

    id: str
    line: int
    info: dict[str, str] = field(default_factory=dict)
    starts: list[tuple[str, str, int, int, int]] = field(default_factory=list)  # id, name, team, slot, pos
    records: list[tuple[int, list[str]]] = field(default_factory=list)  # play, sub and the adjustments: (line, fields)
    headers: list[tuple[int, list[str]]] = field(default_factory=list)  # the id, info and start records
    earned: dict[str, int] = field(default_factory=dict)  # data,er
    path: str = "events"
    lines: list[str] = field(default_factory=list)  # the file's lines, to point a problem at its column
    problem: ScorebookProblem | None = None  # the first record that does not follow the format

    def players(self) -> dict[str, tuple[int, str]]:
        """Every player's side and name by his Retrosheet id, as his first record gives them. The
        id is what identifies a player (cwbox goes by it too): a later record may give another
        name (NYN201904280 has `sub,nimmb001,"Juan Lagares",1,6,7`, Brandon Nimmo moving to left)."""
        players = {pid: (side, name) for pid, name, side, _, _ in self.starts}
        for _, fields in self.records:
            if fields[0] == "sub":
                players.setdefault(fields[1], (int(fields[3]), fields[2]))
        return players

    @property
    def home_team_bats_first(self) -> bool:
        """`info,htbf,true`: the home team batted first (ANA202108101, a makeup game): the reader
        swaps the sides of its records, scorebook's away team being the one that bats first."""
        return self.info.get("htbf") == "true"

    def codes(self) -> tuple[str, str]:
        """The teams' codes, the one batting first first."""
        codes = (self.info["visteam"], self.info["hometeam"])
        return (codes[1], codes[0]) if self.home_team_bats_first else codes

    def column(self, line: int, index: int) -> int:
        """The column where field `index` of the record on `line` starts (the end of the line
        where the record has fewer fields)."""
        return field_column(self.lines[line - 1], index) if 0 < line <= len(self.lines) else 1

    def invalid(self, message: str, line: int, index: int = 0, token: str = "") -> InvalidPlay:
        return InvalidPlay(message, path=self.path, line=line, col=self.column(line, index), token=token)


def field_column(record: str, index: int) -> int:
    """The 1-based column where field `index` of a record starts; a quoted field may hold commas."""
    quoted, number = False, 0
    for at, char in enumerate(record):
        if number == index:
            return at + 1
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            number += 1
    return len(record) + 1


def _fields(line: str) -> list[str]:
    """A record's comma-separated fields; a quoted field may hold commas."""
    return next(csv.reader((line,))) if '"' in line else line.split(",")


def read_events(text: str, path: str = "events") -> list[RetroGame]:
    """The games of an event file. A record that does not follow the format makes its game's
    `problem` (the other games are read on); a line before the first `id` is the file's."""
    lines = text.splitlines()
    games: list[RetroGame] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        kind = line.partition(",")[0]
        if not games and kind != "id":
            if line:
                col = len(raw) - len(raw.lstrip()) + 1
                raise InvalidPlay(f"not a Retrosheet game's record: an event file starts with `id,GAMEID` ({_RECORDS})",
                                  path=path, line=number, col=col, token=line[:30])  # fmt: skip
            continue
        if kind == "id":
            if games:
                _check_game(games[-1])
            games.append(RetroGame(line.partition(",")[2], number, path=path, lines=lines))
        game = games[-1]
        if kind == "play" and _PLAY.fullmatch(line):  # three records in four, read at once
            game.records.append((number, line.split(",")))
        elif game.problem is None and kind not in _SKIPPED:
            try:
                _record(game, kind, _fields(line), number)
            except InvalidPlay as problem:
                game.problem = problem
            except csv.Error as problem:  # a quoted field longer than csv reads (131,072 characters)
                game.problem = game.invalid(f"a record csv cannot read: {problem}", number, token=kind[:30])
    if games:
        _check_game(games[-1])
    return games


# A record's fields (its kind first): how many, and a pattern for each field checked.
_SHAPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "id": ("id,GAMEID (three characters for the home team, the date YYYYMMDD, the game's number)", (r"[A-Z0-9]{3}[0-9]{9}",)),
    "info": ("info,KEY,VALUE", (r"[a-z0-9]+", r".*")),
    "start": ('start,PLAYER,"NAME",TEAM,SLOT,POSITION (TEAM 0 away or 1 home, SLOT 0-9, POSITION 1-12)',
              (r"[\w-]+", r".+", r"[01]", r"[0-9]", r"[1-9]|1[012]")),
    "play": ("play,INNING,TEAM,PLAYER,COUNT,PITCHES,EVENT (TEAM 0 away or 1 home)", (r"[1-9][0-9]{0,2}", r"[01]", r"[\w-]+", r".*", r".*", r".+")),
    "data": ("data,er,PLAYER,RUNS", (r"[a-z]+", r"[\w-]+", r"[0-9]{1,3}")),
    "ladj": ("ladj,TEAM,SLOT (the team that batted out of turn, and the slot of its next batter)", (r"[01]", r"[1-9]")),
    "radj": ("radj,PLAYER,BASE (the runner placed on base 1-3 to start the half-inning)", (r"[\w-]+", r"[123]")),
    "presadj": ("presadj,PITCHER,BASE (the pitcher charged with the runner on base 1-3)", (r"[\w-]+", r"[123]")),
}  # fmt: skip
_SHAPES["sub"] = ("sub" + _SHAPES["start"][0][5:], _SHAPES["start"][1])
_PLAY = re.compile(r"play,[1-9][0-9]{0,2},[01],[\w-]+,[^,]*,[^,]*,[^,]+")  # the play records' shape, as _SHAPES has it
# Each kind's fields at once, joined by newlines (which no field holds): the common case in one match.
_WHOLE = {kind: re.compile("\n".join(f"(?:{pattern})" for pattern in patterns)) for kind, (_, patterns) in _SHAPES.items()}


def _record(game: RetroGame, kind: str, fields: list[str], number: int) -> None:
    """One record into its game, its fields checked against the record's format."""
    whole = _WHOLE.get(kind)
    if whole is None:
        raise game.invalid(f"not a Retrosheet record; the records are {_RECORDS}", number, token=kind[:30])
    if not whole.fullmatch("\n".join(fields[1:])):
        _check_fields(game, kind, fields, number)
    if kind == "data":
        if fields[1] == "er":
            game.earned[fields[2]] = int(fields[3])
        return
    if kind == "info":
        game.info[fields[1]] = fields[2] if len(fields) > 2 else ""
    elif kind == "start":
        game.starts.append((fields[1], fields[2], int(fields[3]), int(fields[4]), int(fields[5])))
    (game.records if kind in ("play", "sub", "radj", "ladj", "presadj") else game.headers).append((number, fields))


def _check_fields(game: RetroGame, kind: str, fields: list[str], number: int) -> None:
    """The field of a record that breaks its format, an InvalidPlay (an info value may hold commas)."""
    usage, patterns = _SHAPES[kind]
    article = "an" if kind[0] in "aeiou" else "a"
    if len(fields) != len(patterns) + 1 and not (kind == "info" and len(fields) > 2):
        have = len(fields) - 1
        at = len(patterns) + 1 if have > len(patterns) else len(fields)  # the first field too many, or the end
        raise game.invalid(f"{article} {kind} record is {usage}: {len(patterns)} fields after `{kind}`, not {have}", number, at)
    for index, (value, pattern) in enumerate(zip(fields[1:], patterns), start=1):
        if not re.fullmatch(pattern, value):
            raise game.invalid(f"field {index} of {article} {kind} record does not fit: it is {usage}", number, index, value)


_SIDE_FIELD = {"start": 3, "sub": 3, "play": 2, "ladj": 1}  # where a record names a team, 0 or 1


def _swap_sides(game: RetroGame) -> None:
    """A game whose home team batted first, its records' sides swapped: the team batting first is 0."""
    for _, fields in game.headers + game.records:
        at = _SIDE_FIELD.get(fields[0])
        if at is not None:
            fields[at] = "1" if fields[at] == "0" else "0"
    game.starts = [(pid, name, 1 - side, slot, pos) for pid, name, side, slot, pos in game.starts]


def _check_game(game: RetroGame) -> None:
    """What a game's header needs: both teams' codes, the date, and each team's starters (nine
    batting slots, a pitcher)."""
    if game.problem is not None:
        return
    if game.home_team_bats_first:
        _swap_sides(game)
    infos = {fields[1]: number for number, fields in game.headers if fields[0] == "info"}
    for key, what in (("visteam", "the visiting team's code"), ("hometeam", "the home team's code"), ("date", "the date, YYYY/MM/DD")):
        if key not in infos:
            game.problem = game.invalid(f"game {game.id} has no `info,{key}` record: it gives {what}", game.line, 1, game.id)
            return
        if not re.fullmatch(r"[0-9]{4}/[0-9]{2}/[0-9]{2}" if key == "date" else r"\w+", game.info[key]):
            game.problem = game.invalid(f"`info,{key}` gives {what}", infos[key], 2, game.info[key])
            return
    starts = [(number, fields) for number, fields in game.headers if fields[0] == "start"]
    for side, team in enumerate(("visiting", "home")):
        slots: dict[str, int] = {}
        for number, fields in starts:
            if fields[3] == str(side) and fields[4] != "0":
                if fields[4] in slots:
                    game.problem = game.invalid(f"the {team} team's slot {fields[4]} has two starters (one on line {slots[fields[4]]})", number, 4, fields[4])
                    return
                slots[fields[4]] = number
        missing = [slot for slot in "123456789" if slot not in slots]
        pitchers = [number for number, fields in starts if fields[3] == str(side) and fields[5] == "1"]
        if missing or len(pitchers) != 1:
            need = f"a starter in slot {missing[0]}" if missing else "one starting pitcher (position 1)"
            game.problem = game.invalid(f"game {game.id}: the {team} team's start records need {need}", game.line, 1, game.id)
            return


def _fielders(digits: str) -> str:
    """`643` to `6-4-3`; `99`, the format's fielder not known (1961, 1977), to scorebook's `?`:
    the out counts and no fielder is credited, as cwbox credits none."""
    return "?" if digits == "99" else "-".join(digits)


def _unreadable(message: str, token: str, at: int) -> InvalidPlay:
    """A part of an event that does not follow the format; `at`: its offset in the event."""
    return InvalidPlay(message, col=at + 1, token=token)


def _split(text: str, separator: str, at: int) -> list[tuple[str, int]]:
    """`text` split on `separator` outside parentheses, each part with its offset in the event."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == separator and depth == 0:
            parts.append((text[start:index], at + start))
            start = index + 1
    parts.append((text[start:], at + start))
    return parts


Move = tuple[str, str, bool, str, tuple[str, ...]]  # start, end, out, fielders, marks


def _advances(text: str, at: int) -> tuple[dict[str, Move], list[str]]:
    """`1-3;B-2;2XH(6E2)` to {start: (start, end, out, fielders, marks)}, and the wild pitches
    and passed balls the groups name (`B-1(WP)`). An `X` is an out unless only errors are given
    (`2XH(6E2)`: the catcher dropped the throw); with a putout as well (`1X2(54)(E5/TH)`,
    `BX3(E9)(95/TH)`) the error helped others or came first: he is out, the error charged."""
    moves: dict[str, Move] = {}
    pitches: list[str] = []
    if not text:
        return moves, pitches
    for part, offset in _split(text, ";", at):
        match = _ADVANCE.fullmatch(part)
        if not match:
            raise _unreadable("not a runner's advance; write R-D or RXD with R one of B 1 2 3 and D one of 1 2 3 H, "
                              "e.g. `1-3`, `2XH(92)`, `3-H(E5)(UR)`", part, offset)  # fmt: skip
        start, how, end, groups = match.groups()
        if start in moves:
            raise _unreadable(f"{_WHO[start]} is moved twice", part, offset)
        fielders, marks, errors = "", [], []
        for group in _GROUP.findall(groups):
            chances = _CHANCES.fullmatch(group)
            if group in _MARKS:
                marks.append(_MARKS[group])
            elif group in ("WP", "PB"):
                pitches.append(group)
            elif chances and (chances[1] or chances[2]):
                if chances[2]:
                    errors.append(f"E{chances[2]}")
                else:
                    fielders = _fielders(chances[1])
            elif not _THROWS.fullmatch(group):
                raise _unreadable("not an advance's note: fielders such as (92), an error (E5) or (6E2), a throw (TH), "
                                  "(UR) (TUR) (NR) (RBI), or the pitch (WP) (PB)", f"({group})", offset + part.index(f"({group})"))  # fmt: skip
        out = how == "X" and (bool(fielders) or not errors)
        moves[start] = (start, end, out, fielders, tuple(errors + marks))
    return moves, pitches


def _token(move: Move) -> str:
    start, end, out, fielders, marks = move
    text = f"{start}{'X' if out else '-'}{end}"
    if out:
        text += f"({fielders or '2'})"
    return text + "".join(f"({m})" for m in marks)


@dataclass(frozen=True)
class Translation:
    """The statements of one `play` record: a plate appearance, runner events, or both."""

    play: str = ""  # the batter's result and the moves, in scorebook's notation (no RBI marks)
    runners: str = ""  # a runner-event line (steals, wild pitches ...), written after the play
    sf: bool = False  # the scorer called the play a sacrifice fly (`/SF`)
    runners_first: bool = False  # K+SB2, W+WP: the runner events happened on the pitch, first
    note: str = ""  # the scorer's marks of uncertainty (`#`, `?`) or an exceptional play (`!`), kept as a comment


_SCORERS_MARKS = re.compile(r"[#?!]")
_NOTES = {"#": "uncertain", "?": "uncertain", "!": "an exceptional play"}


@lru_cache(maxsize=1 << 16)  # a season has 220,000 plays but some 15,000 (event, bases) pairs
def translate(event: str, occupied: tuple[bool, bool, bool]) -> Translation:
    """One Retrosheet event to scorebook statements. `occupied`: the bases before it (every
    runner who does not move is written holding his base). An event that does not follow the
    format is an InvalidPlay whose column is counted from the event's first character. The
    scorer's marks after a part (`1-2#`, `SB2?`: not certain; `9!`: an exceptional play) say
    nothing of what happened: the event is read without them and keeps them in its `note`."""
    if _SCORERS_MARKS.search(event):
        marks = sorted({_NOTES[mark] for mark in _SCORERS_MARKS.findall(event)}, reverse=True)
        plain = translate(_SCORERS_MARKS.sub("", event), occupied)
        return replace(plain, note=f"{' and '.join(marks)}, as Retrosheet writes it: {event}")
    basic_part, *rest = [part for part, _ in _split(event, ".", 0)]
    advance_part = ".".join(rest)
    if rest and not advance_part:
        raise _unreadable("the advances go after the `.`, e.g. `S8.1-3`", event, len(basic_part))
    moves, pitches = _advances(advance_part, len(basic_part) + 1)
    (basic, _), *modifier_parts = _split(basic_part, "/", 0)
    for modifier, offset in modifier_parts:
        if not _MODIFIER.fullmatch(modifier):
            raise _unreadable("not an event modifier (`/G`, `/SF`, `/DP`, `/78XD` ...)", modifier, offset)
    modifiers = [modifier for modifier, _ in modifier_parts]
    code, plus, extra = basic.partition("+")
    if not _BATTER_CODE.fullmatch(code):
        if plus:
            raise _unreadable("only a strikeout or a walk takes `+` and what happened on the pitch, e.g. `K+WP`", code, 0)
        return _runner_line(basic, moves, pitches)
    if plus and not re.fullmatch(r"K[0-9]*|W|IW|I", code):
        raise _unreadable("only a strikeout or a walk takes `+` and what happened on the pitch, e.g. `K+WP`", basic, 0)
    result = _batter_result(code, modifiers, moves)
    if result == "CI" and any(_BATTED_BALL.fullmatch(modifier) for modifier in modifiers):
        _batted_in_on_the_award(moves)
    if plus or (pitches and result in ("SO", "BB", "IBB")):
        pitched = _on_the_pitch(result, extra, len(code) + 1, moves, pitches, occupied)
        if pitched.runners_first and ("DP" in modifiers or "TP" in modifiers):
            # `K+CS2(24)/DP`: the strikeout and the runner caught on its pitch, one double play.
            return replace(pitched, play=pitched.play + " dp=yes")
        return pitched
    played = _play(result, modifiers, moves, occupied)
    if pitches:  # a runner moved on a wild pitch during the play: the pitch is charged first
        return Translation(play=played.play, runners=" ".join(pitches), sf=played.sf, runners_first=True)
    return played


# A modifier giving the batted ball's trajectory (`/G`, `/G34S`, `/BP`, `/L9`): the ball was put in play.
_BATTED_BALL = re.compile(r"(?:BG|BP|BL|BF|B|G|L|F|P)(?:[1-9]{1,2}[A-Z]{0,3})?[+-]?")


def _batted_in_on_the_award(moves: dict[str, Move]) -> None:
    """`C/E1/G34S.3-H;1-2;B-1` (MIL202104280): the batter-runner obstructed (or interfered with)
    on a ball he put in play, awarded first; the umpire gives every runner the base he would have
    reached without it (rule 6.01(h)(1)), so a run scoring is one of the play the batter began by
    his batted ball (rule 9.04(a)(1)), batted in, as cwbox credits it; not only with the bases
    full, as on an award without a batted ball (9.04(a)(2)). An unearned or (NR) mark stays."""
    for runner, (start, end, out, fielders, marks) in moves.items():
        if runner != "B" and end == "H" and not out and "NR" not in marks and "RBI" not in marks:
            moves[runner] = (start, end, out, fielders, (*marks, "RBI"))


def _batter_result(code: str, modifiers: list[str], moves: dict[str, Move]) -> str:
    """The batter's result in scorebook's notation; a sacrifice's batter safe is written on `moves`."""
    if re.fullmatch(r"K[0-9]*", code):  # K23: the third strike dropped, the batter thrown out
        return "SO"
    if code in ("W", "IW", "I"):
        return "BB" if code == "W" else "IBB"
    if code in ("HP", "C"):  # C/E2: the catcher's interference
        return "HP" if code == "HP" else "CI"
    if re.fullmatch(r"(?:S|D|T|DGR|HR?)[0-9]*", code):
        hit = _HITS["DGR" if code.startswith("DG") else ("HR" if code.startswith("H") else code[0])]
        batter = moves.get("B")
        if batter is not None and not batter[2] and batter[1] < hit[1]:  # `D9.3-H;B-1`: a game-ending hit (9.06(f))
            return f"H{batter[1]}"
        return hit
    if re.fullmatch(r"[0-9]*E[0-9]", code):  # `3E1`: fielded by the first baseman, the pitcher's error; `14E6`: thrown on
        error = code[-2:]
        if "SH" in modifiers:  # a sacrifice bunt misplayed: the batter safe on the error
            start, end, out, fielders, marks = moves.get("B", ("B", "1", False, "", ()))
            moves["B"] = (start, end, out, fielders, (error, *(mark for mark in marks if mark != error)))
            return f"SH{error[1]}"
        return error
    if code.startswith("FC"):
        if "SH" in modifiers:  # a sacrifice bunt, the fielder trying in vain for a runner (rule 9.08(b))
            moves.setdefault("B", ("B", "1", False, "", ()))
            return f"SH{code[2:3] or 1}"
        return "FC"
    result = _outs(code, moves, modifiers)
    if "SH" in modifiers and result != "FC" and "B" not in moves:  # a sacrifice bunt
        return "SH" + result
    if "SH" in modifiers:  # `16(1)/FO/SH.3-H`: the scorer's sacrifice on a force-out bunt (as cwbox counts it)
        moves.setdefault("B", ("B", "1", False, "", ()))
        return f"SH{code[0]}"
    if "SF" in modifiers and re.fullmatch(r"[1-6]", result):  # an infielder's catch, a sacrifice fly
        return "IF"
    return result


def _play(result: str, modifiers: list[str], moves: dict[str, Move], occupied: tuple[bool, bool, bool]) -> Translation:
    """A plate appearance: the result, the batter's move, then every runner's, lead runner last."""
    batter = moves.pop("B", None)
    tokens = [result]
    if batter:
        tokens.append(_token(batter))
    # A runner Retrosheet does not name stays where he is, unless the batter's reaching base
    # forces him on (`FC5.2X3(5)` with a runner on first: he goes to second).
    forced = (batter is not None and not batter[2]) or (batter is None and result not in _BATTER_OUT and result[0] not in "123456789?")
    for base in (1, 2, 3):
        forced = forced and occupied[base - 1]
        key = str(base)
        if key in moves:
            move = moves.pop(key)
            tokens.append(_token(move))
            forced = forced and not move[2]  # a runner put out no longer crowds the base ahead
        elif occupied[base - 1] and not forced:  # a forced runner takes the default
            tokens.append(f"{key}-{key}")
    if "NDP" in modifiers:  # the scorer's call: no double play (an error or misplay between the outs)
        tokens.append("dp=no")
    return Translation(play=" ".join(tokens), sf="SF" in modifiers)


def _on_the_pitch(
    result: str, extra: str, at: int, moves: dict[str, Move], pitches: list[str], occupied: tuple[bool, bool, bool]
) -> Translation:
    """A strikeout or walk with what happened on the pitch (`K+SB2`, `W+WP`, `K+E2`), or a play
    whose runner moved on a wild pitch or passed ball (`K+SB2.B-1(WP)`): the runner events come
    first, on a line of their own with the runners' moves; the play then has the batter's. A
    walk's forced runners (the bases behind them full) move on the walk: the run a walk forces
    home is batted in. An other advance (`W+OA.3XH(2)`, the runner out at home on ball four)
    scores nothing of its own: its moves are the play's, after the walk."""
    events, named, error = [], set(), ""
    for part, offset in _split(extra, ";", at) if extra else []:
        if re.fullmatch(r"E[1-9]", part):
            error = part
            continue
        token, runner, implied = _runner_part(part, offset, _ON_THE_PITCH, _NOT_ON_THE_PITCH)
        if token != "OA":
            events.append(token)
            named.add(runner)
        if implied is not None:
            moves.setdefault(implied[0], implied)
    events += [pitch for pitch in pitches if pitch not in events]
    if error:  # `K+E2.B-1`: the error the batter (or else the lead runner) took his base on
        taker = next((key for key in ("B", "3", "2", "1") if key in moves and not moves[key][2]), "")
        if not taker:
            raise _unreadable("an error on the pitch moves a runner: give his advance, e.g. `K+E2.B-1`", error, at + extra.index(error))
        start, end, out, fielders, marks = moves[taker]
        moves[taker] = (start, end, out, fielders, (error, *marks))
    if not events:
        return _play(result, [], moves, occupied)
    batter = moves.pop("B", None)
    play = [result]
    if result in ("BB", "IBB"):  # the walk's forced runners stay with it
        for base in ("1", "2", "3"):
            move = moves.get(base)
            if not occupied[int(base) - 1] or base in named or (move is not None and move[1:3] != (str(int(base) + 1).replace("4", "H"), False)):
                break
            if move is not None:
                play.append(_token(moves.pop(base)))
    runners = [_token(moves.pop(base)) for base in ("3", "2", "1") if base in moves]
    if batter is not None:
        play.insert(1, _token(batter))
    return Translation(play=" ".join(play), runners=" ".join(events + runners), runners_first=True)


def _runner_part(part: str, at: int, allowed: tuple[str, ...], what: str) -> tuple[str, str, Move | None]:
    """One runner event (`SB2`, `CS2(2E6)`, `POCS2(13)`, `PO1(E1)`, `WP` ...) in scorebook's
    notation, the base of the runner it names ("" for none), and his move where the event's
    notes say more than its code (`SBH(UR)`: the run unearned; `CSH(1E2)(UR)`). `what`: the
    problem with a part that is none of the `allowed` kinds."""
    match = _RUNNER_PART.fullmatch(part)
    code = re.match(r"POCS|POSB|SB|CS|PO|[A-Z]+", part)
    kind = code.group() if code else ""
    if kind not in allowed:
        raise _unreadable(what, part, at)
    groups = _GROUP.findall(match["groups"]) if match else []
    chances = _CHANCES.fullmatch(groups.pop(0)) if groups and kind in ("CS", "POCS", "PO") else None
    if not match or (kind in ("CS", "POCS", "PO") and not (chances and (chances[1] or chances[2]))):
        raise _unreadable(_USAGE.get(kind, f"{kind} takes no notes: the advances say who moved, e.g. `{kind}.1-2`"), part, at)
    if match["pitch"]:
        if groups:
            raise _unreadable(f"{kind} takes no notes: the advances say who moved, e.g. `{kind}.1-2`", part, at)
        return kind, "", None
    target = match["sb"] or match["cs"] or match["po"]
    runner = target if match["po"] else str(_BASE_OF[target])
    if any(group not in _MARKS for group in groups):
        raise _unreadable("its notes are the run's marks (UR) (TUR) (NR) (RBI), after the fielders", part, at)
    marks = tuple(_MARKS[group] for group in groups)
    if match["sb"]:
        return f"SB{target}", runner, (runner, target, False, "", marks) if marks else None
    assert chances is not None
    handled = "-".join([*chances[1], *([f"E{chances[2]}"] if chances[2] else [])])
    token = f"{'PO' if match['po'] else 'CS'}{target}({handled})"
    saved = (runner, target, False, "", marks) if marks and chances[2] else None  # `CSH(1E2)(UR)`: safe at home
    return token, runner, saved


def _runner_line(basic: str, moves: dict[str, Move], pitches: list[str]) -> Translation:
    """Runner events with no batter's result (`SB2;SB3`, `WP.3-H`, `PO1(E1).1-2`, `FLE3`)."""
    if re.fullmatch(r"FLE[1-9]", basic):  # an error on a foul fly: the batter's count goes on
        if moves:
            raise _unreadable("an error on a foul fly moves no runner: drop the advances", basic, 0)
        return Translation(runners=basic)
    events = []
    for part, offset in _split(basic, ";", 0):
        token, _, implied = _runner_part(part, offset, _RUNNER_EVENTS, _NOT_AN_EVENT)
        events.append(token)
        if implied is not None:
            moves.setdefault(implied[0], implied)
    if "B" in moves:
        raise _unreadable("a runner event moves no batter: his advance belongs to his play, e.g. `K+WP.B-1`", basic, 0)
    events += [pitch for pitch in pitches if pitch not in events]
    return Translation(runners=" ".join(events + [_token(moves[key]) for key in ("3", "2", "1") if key in moves]))


def _outs(basic: str, moves: dict[str, Move], modifiers: list[str]) -> str:
    """Fielders with runner marks: `64(1)3` is the runner from first out 6-4 and the batter
    thrown out; `8(B)84(2)` the batter out on the catch, the runner from second doubled off.
    The result is the batter's own out (the whole sequence when he is not marked); each marked
    runner's out becomes his move: at the next base on a ground ball, at his own on a catch."""
    groups = _OUTS.findall(basic)
    caught = any(m in _CAUGHT or re.fullmatch(r"[FLP][0-9].*", m) for m in modifiers)
    batter_digits = next((digits for digits, runner in groups if runner == "B"), "")
    if groups and groups[-1][1] not in ("", "B") and not batter_digits:  # `54(1)`: a force, the batter safe
        for digits, runner in groups:
            base = int(runner)
            moves.setdefault(runner, (runner, "H" if base == 3 else str(base + 1), True, _fielders(digits), ()))
        return "FC"
    for digits, runner in groups:
        if runner and runner != "B":
            base = int(runner)
            target = str(base) if caught else ("H" if base == 3 else str(base + 1))
            moves.setdefault(runner, (runner, target, True, _fielders(digits), ()))
    sequence = batter_digits or "".join(digits for digits, _ in groups)
    return _fielders(sequence)


def header_lines(game: RetroGame, teams: dict[str, str]) -> list[str]:
    """The game's header: teams (full names when the team file gives them), lineups, pitchers."""
    date = game.info["date"].replace("/", "-")
    innings = game.info.get("innings", "")  # 7: a doubleheader's game of 2020-2021 is a seven-inning game
    innings = innings if 1 <= (whole_number(innings, 2) or 0) <= 99 else "9"
    lines = [f"game rules=baseball innings={innings} date={date} id={game.id} earned=marks"]
    away, home = game.codes()
    lines += [f"away {quote(teams.get(away, away))}", f"home {quote(teams.get(home, home))}"]
    for side, word in ((0, "away"), (1, "home")):
        order = sorted((s for s in game.starts if s[2] == side and s[3] > 0), key=lambda s: s[3])
        lineup = " ".join(format_name(name, pos if 1 <= pos <= 9 else None) for _, name, _, _, pos in order)
        lines.append(f"lineup {word} {lineup}")
    for side, word in ((0, "away"), (1, "home")):
        pitcher = next(name for _, name, team, _, pos in game.starts if team == side and pos == 1)
        lines.append(f"pitcher {word} {quote(pitcher)}")
    return lines
