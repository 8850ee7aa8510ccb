"""Property tests: round trips and the box-score invariants, on generated plays and games."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.files import replay_game
from scorebook.notation import parse_game, parse_play
from scorebook.notation.format import format_game, format_play
from scorebook.notation.model import (
    Advance,
    GameCalled,
    GameFile,
    HalfStart,
    Header,
    LineupEntry,
    PitchingChange,
    PlateAppearance,
    Play,
    Result,
    RunnerEvent,
    RunnerEvents,
    RunnerMove,
    Statement,
    Substitution,
)
from scorebook.notation.syntax import same_team
from scorebook.reports.box import box_score
from scorebook.sim import simulate_game

from .conftest import BASEBALL_SAMPLES

fielders = st.lists(st.integers(1, 9), min_size=1, max_size=4).map(tuple)
dice = st.integers(1, 6)
teams = st.integers(0, 1)
positions = st.none() | st.integers(1, 9)
# A name is any text on one line without blanks at its ends (the parser strips them).
names = st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=12).filter(
    lambda name: name == name.strip()
)
marks = st.lists(st.sampled_from(["E1", "E8", "UR", "TUR", "NR", "RBI"]), max_size=2).map(tuple)


@st.composite
def advances(draw) -> tuple[Advance, ...]:
    moves = []
    for start in draw(st.lists(st.integers(0, 3), unique=True, max_size=4)):
        out = draw(st.booleans())
        end = draw(st.integers(max(start + 1, 1), 4))
        moves.append(Advance(start, end, out, draw(fielders) if out else (), 0, "", draw(marks)))
    return tuple(moves)


@st.composite
def plays(draw) -> Play:
    kind = draw(st.sampled_from(list(Result)))
    bases, seq = 0, ()
    if kind is Result.HIT:
        bases = draw(st.integers(1, 4))
        code = f"H{bases}"
    elif kind is Result.ERROR:
        bases, seq = draw(st.integers(1, 2)), (draw(st.integers(1, 9)),)
        code = f"{'2' if bases == 2 else ''}E{seq[0]}"
    elif kind is Result.SACRIFICE_BUNT:
        seq = draw(fielders)
        code = "SH" + "-".join(map(str, seq))
    elif kind is Result.FLY_OUT:
        seq = (draw(st.integers(7, 9)),)
        code = str(seq[0])
    elif kind is Result.INFIELD_FLY:  # `IF`, or `IF6` with the fielder who caught it
        seq = draw(st.sampled_from([(), *((f,) for f in range(1, 10))]))
        code = "IF" + "".join(map(str, seq))
    elif kind is Result.GROUND_OUT:
        seq = draw(fielders.filter(lambda f: len(f) > 1 or f[0] < 7))
        code = "-".join(map(str, seq))
    else:
        code = kind.value
    pitches = draw(st.none() | st.text("123456", min_size=1, max_size=12))
    hit = draw(st.none() | st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), *[dice] * n)))
    return Play(
        kind, code, bases, seq, draw(st.integers(0, 4)), draw(advances()), pitches, hit, 0,
        bunt=draw(st.none() | dice),
        roll=draw(st.none() | st.tuples(dice, dice)),
        charged=draw(st.sampled_from([None, "batter", "pitcher"])),
        sf=draw(st.sampled_from([None, True, False])),
        dp=draw(st.sampled_from([None, False])),
        races=draw(races()),
    )  # fmt: skip


RACE_VALUES = {
    "run": st.lists(st.tuples(st.sampled_from("B123"), st.sampled_from("123H")).map("".join), min_size=1, max_size=4).map(",".join),
    "throw": st.sampled_from(["1", "2", "3", "H", "21", "12", "31", "H1"]),
    "steal": st.sampled_from(["1", "2", "12"]),
    "hnr": st.sampled_from("123456"),
    "full": st.just("yes"),
    "squeeze": st.sampled_from("123456"),
    "race": st.text("123456", min_size=1, max_size=20),
}


@st.composite
def races(draw) -> tuple[tuple[str, str], ...]:
    """Diceball's race annotations, each key at most once, in any order (they are kept as written)."""
    keys = draw(st.lists(st.sampled_from(list(RACE_VALUES)), unique=True, max_size=4))
    return tuple((key, draw(RACE_VALUES[key])) for key in keys)


def without_columns(play: Play) -> Play:
    return play._replace(
        col=0,
        annotation_cols=(),
        advances=tuple(a._replace(col=0, text="") for a in play.advances),
    )


@given(plays())
def test_a_formatted_play_parses_back_to_itself(play: Play):
    assert without_columns(parse_play(format_play(play))) == play


# --- whole game files: every statement kind -------------------------------------------------------


@st.composite
def runner_events(draw) -> RunnerEvent:
    """SB2 to SBH, CS2(fielders) to CSH(...), PO1(...) to PO3(...), either maybe saved by an error
    (`CS2(2-E6)`, `PO1(E1)`), WP PB BK DI OA (no base), or FLE1 to FLE9."""
    move = draw(st.sampled_from(list(RunnerMove)))
    if move in (RunnerMove.STOLEN_BASE, RunnerMove.CAUGHT_STEALING):
        base = draw(st.integers(2, 4))
    else:
        base = draw(st.integers(1, 3)) if move is RunnerMove.PICKED_OFF else 0
    if move is RunnerMove.FOUL_ERROR:
        return RunnerEvent(move, 0, (), 0, "", draw(st.integers(1, 9)))
    if move not in (RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF):
        return RunnerEvent(move, base, (), 0, "")
    error = draw(st.integers(0, 9))
    handled = draw(st.lists(st.integers(1, 9), min_size=0 if error else 1, max_size=4).map(tuple))
    return RunnerEvent(move, base, handled, 0, "", error)


half_starts = st.builds(HalfStart, st.just(0), st.just(""), st.integers(1, 99), st.integers(0, 1))
statements = st.one_of(
    half_starts,
    st.builds(PlateAppearance, st.just(0), st.just(""), plays()),
    st.builds(
        RunnerEvents, st.just(0), st.just(""), st.lists(runner_events(), min_size=1, max_size=3).map(tuple), advances()
    ),
    st.builds(Substitution, st.just(0), st.just(""), teams, st.integers(1, 99), names, positions),
    st.builds(PitchingChange, st.just(0), st.just(""), teams, names),
    st.builds(GameCalled, st.just(0), st.just("")),
)
option_values = {
    "date": st.dates().map(lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}"),
    **{key: st.text("abcz09-_.", max_size=8) for key in ("id", "league", "stage", "time", "site", "chart", "earned")},
}
lineups = st.lists(st.builds(LineupEntry, names, positions), min_size=1, max_size=9).map(tuple)
# The header ends at the first half-inning: the lines of play start with one.
bodies = st.builds(lambda first, rest: (first, *rest), half_starts, st.lists(statements, max_size=11))
headers = st.builds(
    Header,
    rules=st.from_regex(r"[a-z][a-z-]{0,11}", fullmatch=True),
    innings=st.integers(1, 99),
    teams=st.tuples(names, names).filter(lambda pair: not same_team(*pair)),  # a team never plays itself
    lineups=st.tuples(lineups, lineups),
    pitchers=st.tuples(names, names),
    options=st.lists(st.sampled_from(sorted(option_values)), unique=True).flatmap(
        lambda keys: st.tuples(*(st.tuples(st.just(k), option_values[k]) for k in keys))
    ),
)


def as_written(statement: Statement) -> Statement:
    """What a statement says, without where it was written (its line, text and columns)."""
    if isinstance(statement, PlateAppearance):
        statement = dataclasses.replace(statement, play=without_columns(statement.play))
    if isinstance(statement, RunnerEvents):
        statement = dataclasses.replace(
            statement,
            events=tuple(e._replace(col=0, text="") for e in statement.events),
            advances=tuple(a._replace(col=0, text="") for a in statement.advances),
        )
    return dataclasses.replace(statement, line=0, text="")


def header_as_written(header: Header) -> Header:
    lineups = tuple(tuple(dataclasses.replace(e, col=0) for e in lineup) for lineup in header.lineups)
    return dataclasses.replace(header, lineups=lineups, line=1, columns=())


def assert_same_game(parsed: GameFile, game: GameFile) -> None:
    assert header_as_written(parsed.header) == header_as_written(game.header)
    assert [as_written(s) for s in parsed.statements] == [as_written(s) for s in game.statements]


@settings(deadline=None)
@given(headers, bodies)
def test_a_formatted_game_file_parses_back_to_itself(header: Header, body: tuple[Statement, ...]):
    game = GameFile("t.game", header, body)
    assert_same_game(parse_game(format_game(game), "t.game"), game)


@settings(deadline=None)
@given(headers, bodies, st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"))))
def test_comments_and_blank_lines_change_nothing(header: Header, body: tuple[Statement, ...], comment: str):
    """Comments are not kept: one after every line, on lines of their own and blank lines
    between them leave the same game."""
    game = GameFile("t.game", header, body)
    lines = format_game(game).splitlines()
    text = "\n".join(f"# {comment}\n\n{line}  # {comment}" for line in lines)
    assert_same_game(parse_game(text, "t.game"), game)


@pytest.mark.parametrize("path", BASEBALL_SAMPLES, ids=lambda p: p.stem)
def test_a_sample_formatted_parses_back_to_itself(path):
    game = parse_game(path.read_text(encoding="utf-8"), str(path))
    assert_same_game(parse_game(format_game(game), str(path)), game)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_box_score_proof_and_run_totals(seed: int):
    box = box_score(replay_game(parse_game(simulate_game(seed))))
    for team in (0, 1):
        batting = box.team_batting(team)
        line = box.linescore[team]
        pa = sum(b.counts["PA"] for b in batting)
        runs = sum(b.counts["R"] for b in batting)
        opponents_outs = sum(p.counts["outs"] for p in box.team_pitching(1 - team))
        # The box-score proof: every batter who comes up scores, is left on base or is put out.
        assert pa == runs + line.LOB + opponents_outs
        # The line score, the batting lines and the pitching lines tell the same runs.
        assert line.R == runs == sum(r or 0 for r in line.runs)
        assert runs == sum(p.counts["R"] for p in box.team_pitching(1 - team))
        assert sum(b.counts["H"] for b in batting) == line.H
        assert sum(b.counts["AB"] for b in batting) == pa - sum(
            b.counts["BB"] + b.counts["SF"] + b.counts["SH"] for b in batting
        )
        assert all(p.counts["ER"] <= p.counts["R"] for p in box.pitching)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_game_ends_by_the_rules(seed: int):
    state = replay_game(parse_game(simulate_game(seed))).state
    assert state.over and state.score[0] != state.score[1] and state.inning >= 9
