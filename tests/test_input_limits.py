"""Hostile input (#18): Unicode digits, numbers of thousands of digits, long runs of fielders,
huge fields, deep TOML, long file names. Each is a problem of scorebook's own, with its place,
and never a traceback or a hang."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scorebook.files import read_text
from scorebook.games.dice_baseball import parse_chart
from scorebook.importers.retrosheet import import_game
from scorebook.league.definition import parse_league, read_league
from scorebook.notation.retrosheet import read_events, translate
from scorebook.notation.syntax import parse_game
from scorebook.numbers import whole_number
from scorebook.problems import (
    CannotReadFile,
    IllegalPlay,
    InvalidChart,
    InvalidLeague,
    InvalidPlay,
    InvalidToml,
    NoSuchFile,
)
from scorebook.tomlfile import load_toml

from .conftest import HEADER, ROOT, play
from .test_retrosheet_import import finished, synthetic_records

HUGE = "9" * 5000  # more digits than Python's int() converts
DEMO = (ROOT / "leagues" / "demo.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["7", "0", "123456789"])
def test_a_whole_number_is_ascii_digits(text: str):
    assert whole_number(text) == int(text)


@pytest.mark.parametrize("text", ["", "²", "３", "٣", "-1", "+1", " 1", "1_0", "1234567890", HUGE])
def test_anything_else_is_no_number(text: str):
    assert whole_number(text) is None


@pytest.mark.parametrize(
    ("body", "col"),
    [("top ²", 5), ("top ３", 5), (f"top {HUGE}", 5), ("top 1\nsub away ³ \"X\"", 10), ("top 1\nup away ²", 9)],
)
def test_a_game_files_numbers_are_ascii_digits_of_a_sane_size(body: str, col: int):
    with pytest.raises(InvalidPlay) as caught:
        parse_game(HEADER + body, "t.game")
    assert (caught.value.path, caught.value.line, caught.value.col) == ("t.game", HEADER.count("\n") + 1 + body.count("\n"), col)


@pytest.mark.parametrize("innings", ["²", HUGE])
def test_the_innings_of_a_game_are_ascii_digits(innings: str):
    with pytest.raises(InvalidPlay) as caught:
        parse_game(HEADER.replace("innings=9", f"innings={innings}") + "top 1\n", "t.game")
    assert (caught.value.line, caught.value.col) == (1, 21)


def test_a_game_still_reads_its_numbers():
    assert play("top 1\nSO\nSO\nSO\nbottom 1\nsub home 4 \"Pinch\"\nSO").state.teams[1].players[3] == "Pinch"


def test_a_league_lineups_position_is_an_ascii_digit():
    with pytest.raises(InvalidLeague) as caught:
        parse_league(DEMO.replace('"Gus Brook:8"', '"Gus Brook:²"'), "demo.toml")
    assert caught.value.line == 24 and caught.value.col > 1


CHART = "[chart]\n" + "".join(f'"{a}-{b}" = "fly_out"\n' for a in range(1, 7) for b in range(a, 7))


@pytest.mark.parametrize("key", ["²-4", "1-３", f"{HUGE}-6"])
def test_a_charts_dice_are_ascii_digits(key: str):
    with pytest.raises(InvalidChart) as caught:
        parse_chart(CHART.replace('"2-4"', f'"{key}"'), "c.toml")
    assert (caught.value.line, caught.value.col) == (10, 1)


def test_a_toml_number_of_thousands_of_digits_is_a_problem_at_its_place():
    with pytest.raises(InvalidToml) as caught:
        load_toml(f"name = 'x'\ninnings = {HUGE}\n", "l.toml")
    assert (caught.value.line, caught.value.col) == (2, 11)


def test_deeply_nested_toml_arrays_are_a_problem_at_their_place():
    with pytest.raises(InvalidToml) as caught:
        load_toml("name = 'x'\nteams = " + "[" * 10_000 + "]" * 10_000 + "\n", "l.toml")
    assert (caught.value.line, caught.value.col) == (2, 109)


def test_a_chart_name_too_long_for_the_system_is_no_such_chart(tmp_path: Path):
    header = HEADER.replace("rules=diceball", f"rules=dice-baseball chart={'x' * 300}.toml")
    with pytest.raises(IllegalPlay, match="no such chart file") as caught:
        play("top 1\nSO", header)
    assert (caught.value.line, caught.value.col) == (1, 26)
    league = tmp_path / "l.toml"
    league.write_text(DEMO.replace('rules = "diceball"', f'rules = "dice-baseball"\nchart = "{"x" * 300}.toml"'))
    with pytest.raises(NoSuchFile) as found:
        read_league(league)
    assert found.value.line == 5


def retro(*plays: str, innings: int = 5) -> str:
    return "\n".join(synthetic_records(finished(list(plays), innings=innings)))


@pytest.mark.parametrize(
    ("record", "col"), [(f"data,er,ap,{HUGE}", 12), ("data,er,ap,²", 12), (f"play,{HUGE},0,a1,00,X,K", 6)]
)
def test_a_retrosheet_records_numbers_are_ascii_digits_of_a_sane_size(record: str, col: int):
    (game,) = read_events(retro() + "\n" + record, "t.EVA")
    problem = game.problem
    assert isinstance(problem, InvalidPlay) and (problem.path, problem.col) == ("t.EVA", col)


def test_a_retrosheet_field_longer_than_csv_reads_is_a_problem_at_its_line():
    (game,) = read_events(retro() + '\ninfo,umphome,"' + "x" * 200_000 + '"', "t.EVA")
    problem = game.problem
    assert isinstance(problem, InvalidPlay) and problem.line == retro().count("\n") + 2


def test_a_fullwidth_count_is_no_count_to_charge():
    records = ["play,1,0,a1,１,CC,NP", 'sub,ph,"Pinch Hitter",0,1,11', "play,1,0,ph,02,CC.S,K"]
    text, _ = import_game(read_events("\n".join(synthetic_records(finished(records, 1, 1))))[0], {}, "t.EVA")
    assert "SO charged=batter" not in text


def runs_within(seconds: float, code: str) -> str:
    """The output of Python code run in a process of its own, which must end within the time:
    a regular expression's backtracking cannot be interrupted from inside the process."""
    run = [sys.executable, "-c", textwrap.dedent(code)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=seconds, check=True, cwd=ROOT)
    return done.stdout.strip()


def test_retrosheet_patterns_take_linear_time_on_long_runs_of_fielders():
    out = runs_within(
        20,
        """
        from scorebook.notation.retrosheet import read_events, translate
        from scorebook.problems import InvalidPlay
        for event in ("1" * 10_000 + "X", "6(1)" * 2_500 + "(", "64" * 5_000 + "(B", "2" * 10_000 + "E"):
            try:
                translate(event, (False, False, False))
                print("read")
            except InvalidPlay:
                print("problem")
        """,
    )
    assert out.split() == ["problem"] * 4


def test_a_game_files_patterns_take_linear_time_on_long_tokens():
    out = runs_within(
        20,
        f"""
        from scorebook.notation.syntax import parse_game
        from scorebook.problems import InvalidPlay
        for body in ("6-" * 5_000 + "X", "B-2" + "(E6)" * 2_500 + "(", '"' + "\\\\a" * 5_000, "H1" + "*" * 10_000 + "x"):
            try:
                parse_game({HEADER!r} + "top 1\\n" + body, "t.game")
                print("read")
            except InvalidPlay:
                print("problem")
        """,
    )
    assert out.split() == ["problem"] * 4


def test_a_file_not_utf8_is_a_problem_at_its_line_and_column(tmp_path: Path):
    path = tmp_path / "lineups.txt"
    path.write_bytes('lineup away "Zoë"\n'.encode() + b'pitcher away "P\xff"\n')
    with pytest.raises(CannotReadFile) as caught:
        read_text(path)
    assert (caught.value.line, caught.value.col) == (2, 16)


def test_a_league_list_of_100000_items_is_placed_in_linear_time():
    out = runs_within(
        30,
        """
        from pathlib import Path
        from scorebook.league.definition import parse_league
        from scorebook.problems import InvalidLeague
        text = Path("leagues/demo.toml").read_text().replace(
            'tiebreakers = ["head-to-head",', 'tiebreakers = ["head-to-head", "head-to-head",' + ' "coin-flip",' * 100_000)
        try:
            parse_league(text, "demo.toml")
        except InvalidLeague as problem:
            print(problem.line, problem.col)
        """,
    )
    assert out == "6 32"


def test_a_problems_token_of_a_megabyte_is_shown_cut():
    with pytest.raises(IllegalPlay) as caught:
        play("top 1\nSO pitches=" + "1" * 1_000_000)
    assert len(caught.value.token) > 1_000_000 and len(str(caught.value)) < 400


@pytest.mark.parametrize("event", ["S３", "E３", "K２", "３E1", "6３"])
def test_a_retrosheet_events_fielders_are_ascii_digits(event: str):
    with pytest.raises(InvalidPlay):
        translate(event, (False, False, False))
