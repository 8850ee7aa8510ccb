"""The scoresheet PDF: every code lands in its batter's row and its inning's column, a team that
bats around gets a column more, the blank sheet's pages and size, deterministic bytes, awkward
names, and the layouts found by an installed package."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import read_game
from scorebook.reports.box import box_score
from scorebook.reports.sheet import blank_sheets, load_layout, render_sheet, sheet_data

from .conftest import BASEBALL_SAMPLES, ROOT, SAMPLES, play
from .test_rulebook_example import TEAM_1, TEAM_2

GOLDEN = Path(__file__).parent / "golden"
# The away team bats around in the first: A1 walks twice (forced out 6-4 the second time), A2
# walks then hits into the force, and A3, A4 make the outs of the second time round.
BATTING_AROUND = """
top 1
BB
BB
BB
BB*
SO
BB*
BB*
H1*
BB*
BB*
FC* 1X2(6-4)
SO
bottom 1
SO
SO
SO
top 2
SO
SO
SO
"""


def sized_texts(pdf: bytes, page: int) -> list[tuple[str, float, float, float]]:
    """The text drawn on a page, with where it starts on the page and its font size."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():  # the text matrix, moved by the drawing's (a chart's) transformation
            x, y = cm[0] * tm[4] + cm[2] * tm[5] + cm[4], cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            found.append((text.strip(), round(x, 1), round(y, 1), size))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def texts(pdf: bytes, page: int) -> list[tuple[str, float, float]]:
    """The text drawn on a page, with where it starts."""
    return [(text, x, y) for text, x, y, _ in sized_texts(pdf, page)]


def drawn_boxes(pdf: bytes, page: int) -> dict[tuple[int, int, int], str]:
    """What each box of a page shows, read from where its text is drawn: (batting order slot,
    the inning its column is headed with, the how-manieth column with that heading) -> the
    box's lines joined with ", ". Columns are found from their headings, rows from the slots'
    numbers; the layout gives only where the inning columns start and end."""
    grid = load_layout()["grid"]
    margin = load_layout()["page"]["margin"]
    width = float(PdfReader(io.BytesIO(pdf)).pages[page].mediabox.width)
    found = texts(pdf, page)
    inning_left = margin + grid["slot_width"] + grid["name_width"]
    totals_left = width - margin - 4 * grid["total_width"]
    header_y = next(y for t, x, y in found if t == "#")
    headings = sorted((x, int(t)) for t, x, y in found if y == header_y and inning_left < x < totals_left)
    cell = (totals_left - inning_left) / len(headings)
    columns = [(inning, [i for _, i in headings[:k]].count(inning)) for k, (_, inning) in enumerate(headings)]
    slots = {int(t): y for t, x, y in found if t.isdigit() and x < margin + grid["slot_width"] and y < header_y}
    row_height = slots[1] - slots[2]
    lines: dict[tuple[int, int, int], list[tuple[float, str]]] = {}
    for text, x, y in found:
        slot = next((s for s, sy in slots.items() if abs(y - (sy + 3)) < row_height / 2), None)
        if slot is not None and inning_left <= x < totals_left:
            inning, trip = columns[int((x - inning_left) // cell)]
            lines.setdefault((slot, inning, trip), []).append((y, text))
    return {box: ", ".join(text for _, text in sorted(drawn, reverse=True)) for box, drawn in lines.items()}


def expected_boxes(game, team: int) -> dict[tuple[int, int, int], str]:
    """Each box as the box score has it (a pinch runner's marks after his batter's)."""
    expected: dict[tuple[int, int, int], str] = {}
    for line in box_score(game).team_batting(team):
        for inning, trips in line.boxes.items():
            for trip, codes in trips.items():
                expected[line.slot, inning, trip] = ", ".join(filter(None, (expected.get((line.slot, inning, trip)), *codes)))
    return expected


def rulebook_pdf() -> bytes:
    return render_sheet(sheet_data(read_game(SAMPLES / "rulebook-example.game")[1]), load_layout())


@pytest.mark.parametrize(("page", "boxes"), [(0, TEAM_1), (1, TEAM_2)])
def test_the_rulebooks_example_boxes_are_in_its_first_column(page, boxes):
    drawn = drawn_boxes(rulebook_pdf(), page)
    assert drawn == {(slot, 1, 0): code for slot, code in enumerate(boxes.values(), start=1)}


@pytest.mark.parametrize("path", BASEBALL_SAMPLES, ids=lambda p: p.stem)
def test_every_code_of_every_sample_is_in_its_batters_row_and_inning_column(path):
    game = read_game(path)[1]
    pdf = render_sheet(sheet_data(game), load_layout())
    for team in (0, 1):
        assert drawn_boxes(pdf, team) == expected_boxes(game, team)


def test_a_team_that_bats_around_gets_a_second_column_for_the_inning():
    game = play(BATTING_AROUND)
    pdf = render_sheet(sheet_data(game), load_layout())
    drawn = drawn_boxes(pdf, 0)
    assert drawn == expected_boxes(game, 0)
    assert drawn[1, 1, 0] == "BB" and drawn[1, 1, 1] == "BB*, 6-4"  # each trip its own box
    assert drawn[2, 1, 1] == "FC*" and drawn[3, 1, 1] == "SO" and drawn[4, 2, 0] == "SO"
    headings = [t for t, x, y in texts(pdf, 0) if y == next(y for t, x, y in texts(pdf, 0) if t == "#") and t.isdigit()]
    assert headings[:4] == ["1", "1", "2", "3"] and len(headings) == 12  # later innings one column right
    assert [t for t, x, y in texts(pdf, 1) if t.isdigit() and y > 540][:3] == ["1", "2", "3"]  # the home team did not


def test_a_batter_who_bats_twice_has_a_path_in_each_box():
    sheet = sheet_data(play(BATTING_AROUND))[0]
    first = sheet.rows[0]
    assert first.reached == {(1, 0): 4, (1, 1): 1}  # scored the first time, forced out at second the next
    assert sheet.columns[:3] == [(1, 0), (1, 1), (2, 0)]
    assert sheet.rows[2].last_out == {(1, 1)}


def test_the_sheet_is_byte_stable_and_matches_its_golden_text():
    pdf = rulebook_pdf()
    assert pdf == rulebook_pdf()
    drawn = [[t, x, y] for t, x, y in texts(pdf, 0) + texts(pdf, 1)]
    golden = GOLDEN / "rulebook-example.sheet.json"
    if os.environ.get("SCOREBOOK_UPDATE_GOLDEN"):
        golden.write_text(json.dumps(drawn, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    assert drawn == json.loads(golden.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("page", "size"), [("letter", (792, 612)), ("a4", (842, 595))])
def test_the_blank_sheet_prints_on_letter_and_a4(tmp_path, page, size):
    out = tmp_path / "blank.pdf"
    result = CliRunner().invoke(app, ["sheet", "--blank", "--page", page, "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(box.width), round(box.height)) == size
    headers = [t for t, _, _ in texts(out.read_bytes(), 0)]
    assert [str(i) for i in range(1, 13)] == [h for h in headers if h.isdigit()][:12]
    assert {"AB", "R", "H", "RBI", "IP", "ER", "BB", "SO", "HR", "Runs"} <= set(headers)


def test_awkward_names_render(tmp_path):
    names = ["José Álvarez", "Mårten Öberg", "Σωκράτης Παπαδόπουλος", "Иван Иванов", "<Tag> & Co",
             "Anne-Marie Christophersen-Wolfeschlegelsteinhausenberger", 'O\'Neil "Shaq"', "Zoë", "Ann"]  # fmt: skip
    pdf = render_sheet(blank_sheets((names, names), ("Café <&> \"Team\"", "Ωmega")), load_layout())
    drawn = " ".join(t for t, _, _ in texts(pdf, 0))
    for name in names[:5] + names[6:]:
        assert name in drawn
    assert "Anne-Marie" in drawn and "Café <&> \"Team\"" in drawn


def test_a_filled_sheet_from_a_stored_game(tmp_path):
    from scorebook.store.db import Store

    url = f"sqlite:///{tmp_path / 's.db'}"
    Store(url).import_file(SAMPLES / "extra-innings.game")
    out = tmp_path / "game.pdf"
    result = CliRunner().invoke(app, ["sheet", "extra-innings", "-o", str(out)], env={"SCOREBOOK_DB": url})
    assert result.exit_code == 0, result.output
    drawn = [t for t, _, _ in texts(out.read_bytes(), 1)]
    assert [str(i) for i in range(1, 16)] == [t for t in drawn if t.isdigit()][:15]  # fifteen innings, more than twelve columns


def drawn_shapes(pdf: bytes) -> tuple[int, int]:
    """How many rectangles and lines the first page draws."""
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    return len(re.findall(rb" re S", content)), len(re.findall(rb" l S", content))


def test_the_count_boxes_substitute_lines_and_title_room_are_the_templates():
    layout = load_layout()
    rects, lines = drawn_shapes(render_sheet(blank_sheets(), layout))
    layout["box"]["balls"] += 1
    layout["box"]["strikes"] += 1
    layout["grid"]["substitute_lines"] += 1
    more_rects, more_lines = drawn_shapes(render_sheet(blank_sheets(), layout))
    assert (more_rects - rects, more_lines - lines) == (2 * 9 * 12, 9)  # two boxes more in each box, a line in each row
    long_title = blank_sheets(teams=("Team " * 30, "B"))

    def title(layout: dict) -> str:
        return texts(render_sheet(long_title, layout), 0)[0][0]

    layout["grid"]["title_reserve"] = 400
    assert title(layout).endswith("…") and len(title(layout)) < len(title(load_layout()))


def test_the_bonn_die_sheets_geometry_is_its_template():
    from scorebook.problems import ScorebookProblem
    from scorebook.reports.bonn_die_sheet import blank_sheet, render

    def drawn(layout: dict) -> list[tuple[str, float, float]]:
        return texts(render(blank_sheet(innings=1), layout), 0)

    layout = load_layout("bonn_die_sheet")
    rounds = [t for t, x, y in drawn(layout) if t.isdigit() and x < 36 + layout["grid"]["widths"][0]]
    assert rounds == [str(n) for n in range(1, 13)] * 2  # both halves of the inning
    call_x = next(x for t, x, y in drawn(layout) if t == "Offense call")
    layout["grid"]["blank_rounds"] = 5
    layout["grid"]["widths"][0] += 10
    assert [t for t, x, y in drawn(layout) if t.isdigit() and x < 36 + layout["grid"]["widths"][0]] == [str(n) for n in range(1, 6)] * 2
    assert next(x for t, x, y in drawn(layout) if t == "Offense call") == call_x + 10
    layout["grid"]["widths"].pop()
    with pytest.raises(ScorebookProblem, match="17 widths for the 18 columns"):
        drawn(layout)


def test_a_blank_bonn_die_sheet_names_its_teams_and_has_no_batting_orders(tmp_path):
    out = tmp_path / "bonn.pdf"
    done = CliRunner().invoke(app, ["sheet", "--blank", "--rules", "bonn-die", "--away", "Rhine Rollers", "--home", "Bonn Bankers", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert texts(out.read_bytes(), 0)[0][0] == "Bonn Die: Rhine Rollers at Bonn Bankers"
    lineups = tmp_path / "lineups.txt"
    lineups.write_text('player away "Ada"\n', encoding="utf-8")
    refused = CliRunner().invoke(app, ["sheet", "--blank", "--rules", "bonn-die", "--lineup-file", str(lineups), "-o", str(out)])
    assert refused.exit_code == 1 and "a blank Bonn Die sheet has no batting orders to write in: leave out --lineup-file" in refused.output


def test_an_installed_package_finds_its_layouts_and_leagues(tmp_path):
    """`pip install .` copies the package with its package data, the top-level templates/ as
    scorebook/templates (build_py is that step of the build, here on a clean copy of the
    sources: no egg-info left by an editable install); the copy, run from another folder, reads
    both layouts from its own folder."""
    source, lib = tmp_path / "source", tmp_path / "lib"
    for folder in ("scorebook", "templates", "leagues"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source)
    build = [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(lib)]
    subprocess.run(build, cwd=source, check=True, capture_output=True, env={**os.environ, "SCOREBOOK_PURE": "1"})
    script = (
        "import scorebook.reports.sheet as s, scorebook.cli.demo as d; print(s.__file__); "
        "print(s.load_layout()['page']['a4'], s.load_layout('bonn_die_sheet')['page']['size']); print(d.DEMO_LEAGUE)"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(lib)}, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        str(lib / "scorebook" / "reports" / "sheet.py"), "[842, 595] [792, 612]", str(lib / "scorebook" / "leagues" / "demo.toml")
    ]  # fmt: skip
    assert (lib / "scorebook" / "leagues" / "demo.toml").is_file()
    web = lib / "scorebook" / "web"  # the site's templates and static files (htmx with its licence)
    assert {"game.html", "htmx.min.js", "htmx.LICENSE", "style.css"} <= {p.name for p in web.rglob("*")}


def test_the_sheet_command_loads_only_what_a_diceball_sheet_needs(tmp_path):
    """The one-off command pays for its imports each time it runs (issue 7: under 0.5 s, timed by
    bench/pdf_speed.py): no Bonn Die engine or sheet, no database, no polars; and reportlab
    formats its numbers in C (rl_accel), which halves the drawing."""
    sample, pdf = str(SAMPLES / "extra-innings.game"), str(tmp_path / "sheet.pdf")
    probe = (
        f"import sys; from scorebook.cli import main; sys.argv = ['scorebook', 'sheet', {sample!r}, '-o', {pdf!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('scorebook.engine.bonn_die', 'scorebook.reports.bonn_die', 'sqlalchemy', 'polars', '_rl_accel'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.stdout.strip().splitlines() == ["wrote " + str(tmp_path / "sheet.pdf") + " (2 pages)", "['_rl_accel']"], done.stdout + done.stderr


def test_a_box_score_pdf(tmp_path):
    out = tmp_path / "box.pdf"
    result = CliRunner().invoke(app, ["box", str(SAMPLES / "walk-off.game"), "--pdf", str(out)])
    assert result.exit_code == 0
    drawn = " ".join(t for t, _, _ in texts(out.read_bytes(), 0))
    assert "Harbor Gulls at Mill Street Grays" in drawn and "Runs by inning" in drawn and "Pitching" in drawn


AWKWARD_LEAGUE = """
name = "weird"
title = "The <Weird> & \\"Wonderful\\" League of Extraordinarily Long Names"
rules = "diceball"
innings = 9
tiebreakers = ["head-to-head", "run-differential", "coin-flip"]
seed = 7
start = "2026-04-01"

[leaders]  # every batter and pitcher
batting = ["AVG"]
pitching = ["SO"]
top = 45
pa_per_game = 0
ip_per_game = 0

[[teams]]
name = "Café <&> \\"Gulls\\" of the Extraordinarily Long Name Baseball & Dice Club of São Paulo"
lineup = ["José Álvarez-Christophersen-Wolfeschlegelsteinhausenberger Jr.:8", "O'Neil <Shaq> & Иван:6", "Ann \\"Ace\\" Abel:4", "Σωκράτης Παπαδόπουλος:3", "Zoë Ørsted:9", "Pia Hart:5", "Ned Kerr:7", "Ora Abel:2", "Hal Lowe"]
pitchers = ["Pitcher With An Extremely Long Name Wolfeschlegelsteinhausenberger", "Ora Drew"]

[[teams]]
name = "Σωκράτης Κings & <Co>"
lineup = ["Ивана Петровна-Длинноименная:8", "Eli Ewing:6", "Hal Drew:4", "Gus Jones:3", "Jo Brook:9", "Ann Abel:5", "Bo Abel:7", "Ann Irwin:2", "Max Jones"]
pitchers = ["Eli Brook", "Ida Moss"]

[[teams]]
name = "Москва Медведи"
lineup = ["Ida Lowe:8", "Eli Lowe:6", "Lou Moss:4", "Bo Drew:3", "Ned Ewing:9", "Cy Ewing:5", "Ned Hart:7", "Hal Kerr:2", "Lou Brook"]
pitchers = ["Jo Hart", "Jo Moss"]

[[teams]]
name = "L'Équipe d'Été"
lineup = ["Cy Ewing:8", "Pia Drew:6", "Fay Cote:4", "Pia Ewing:3", "Ida Kerr:9", "Dee Brook:5", "Hal Moss:7", "Max Abel:2", "Cy Abel"]
pitchers = ["Bo Ewing", "Jo Gray"]

[[teams]]
name = "Lakeside Herons"
lineup = ["Lou Ewing:8", "Max Gray:6", "Ann Abel:4", "Kit Cote:3", "Ida Kerr:9", "Max Moss:5", "Dee Jones:7", "Hal Hart:2", "Cy Hart"]
pitchers = ["Eli Kerr", "Lou Lowe"]
"""


@pytest.fixture(scope="module")
def awkward_league(tmp_path_factory):
    """A five-team league of accented, Greek, Cyrillic, quoted, `<`, `&` and very long names,
    its season played and stored: the database's URL."""
    folder = tmp_path_factory.mktemp("awkward")
    (folder / "weird.toml").write_text(AWKWARD_LEAGUE, encoding="utf-8")
    url = f"sqlite:///{folder / 'weird.db'}"
    done = CliRunner().invoke(app, ["demo", "--db", url, "--rounds", "1", "--league", str(folder / "weird.toml"), "--pdf-dir", str(folder)])
    assert done.exit_code == 0, done.output
    return url


def assert_laid_out(pdf: bytes, names: list[str]) -> None:
    """Every name is drawn (whole, or shrunk and cut with an ellipsis), no text runs past the
    page's margins, and no two texts on a line overlap (none spills into the next column)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from scorebook.reports.fonts import base_font

    font = base_font()
    pages = range(len(PdfReader(io.BytesIO(pdf)).pages))
    drawn = [(page, text, x, x + stringWidth(text, font, size), y) for page in pages for text, x, y, size in sized_texts(pdf, page)]
    for name in names:
        assert any(text == name or (text.endswith("…") and name.startswith(text[:-1])) for _, text, *_ in drawn), f"{name!r} is not drawn"
    for page, text, left, right, _ in drawn:
        assert left >= 36 - 0.5 and right <= 612 - 36 + 0.5, f"{text!r} runs off page {page + 1}"
    lines: dict[tuple[int, float], list[tuple[float, float, str]]] = {}
    for page, text, left, right, y in drawn:
        lines.setdefault((page, y), []).append((left, right, text))
    for line in lines.values():
        line.sort()
        for (_, right, text), (left, _, following) in pairwise(line):
            assert right <= left, f"{text!r} runs into {following!r}"


def test_awkward_names_fit_the_league_report(awkward_league, tmp_path):
    from scorebook.league.definition import parse_league
    from scorebook.service.league import league_leaders
    from scorebook.store.db import Store

    out = tmp_path / "report.pdf"
    team = "Σωκράτης Κings & <Co>"
    done = CliRunner().invoke(app, ["league", "report", "weird", "-o", str(out), "--team", team, "--player", "O'Neil <Shaq> & Иван"], env={"SCOREBOOK_DB": awkward_league})
    assert done.exit_code == 0, done.output
    teams = [t.name for t in parse_league(AWKWARD_LEAGUE).teams]
    players = [row["player"] for row in league_leaders(Store(awkward_league), "weird")]
    assert len(set(players)) > 45 and "José Álvarez-Christophersen-Wolfeschlegelsteinhausenberger Jr." in players
    assert_laid_out(out.read_bytes(), teams + players)
    charts = next(page for page in range(4) if "Runs by inning" in [t for t, x, y in texts(out.read_bytes(), page)])
    key = {name for t, x, y in texts(out.read_bytes(), charts) for name in teams if name.startswith(t.rstrip("…"))}
    assert key == set(teams)  # the runs chart's key names every team


def test_awkward_names_fit_the_box_score_pdf(awkward_league, tmp_path):
    from scorebook.reports.box import batter_labels, pitcher_label
    from scorebook.service.games import stored_box_score
    from scorebook.store.db import Store

    out = tmp_path / "box.pdf"
    game = next(g.id for g in Store(awkward_league).games() if g.home.startswith("Café"))  # the long-named team at home
    done = CliRunner().invoke(app, ["box", game, "--pdf", str(out)], env={"SCOREBOOK_DB": awkward_league})
    assert done.exit_code == 0, done.output
    box = stored_box_score(Store(awkward_league), game)  # as the command: a stored game's season
    names = [*box.teams, *(label for team in (0, 1) for label in batter_labels(box.team_batting(team))), *(pitcher_label(box, p) for p in box.pitching)]  # with his decisions: `Eli Brook (L, 0-1)`
    assert "Café" in box.teams[1] and any("José" in name for name in names)
    assert_laid_out(out.read_bytes(), names)


@pytest.fixture(scope="module")
def demo_league(tmp_path_factory) -> str:
    """The demo league's season played once and stored: the database's URL."""
    folder = tmp_path_factory.mktemp("demo")
    url = f"sqlite:///{folder / 'demo.db'}"
    assert CliRunner().invoke(app, ["demo", "--db", url, "--rounds", "1", "--pdf-dir", str(folder)]).exit_code == 0
    return url


def test_spray_charts_for_the_league_a_team_and_a_player(demo_league, tmp_path):
    from collections import Counter

    from scorebook.league.stored import load_league
    from scorebook.problems import ScorebookProblem
    from scorebook.service.league import league_sprays
    from scorebook.store.db import Store

    store = Store(demo_league)
    league = load_league(store, "demo")
    balls: dict[str, Counter] = {"league": Counter(), "team": Counter(), "player": Counter()}
    for row in store.games():  # counted from the replayed games, not the facts table
        game = store.replay(row.id)
        for fact in game.facts:
            if fact.play is not None and fact.play.location is not None:
                team = game.game.header.teams[fact.batting]
                balls["league"][fact.play.location] += 1
                balls["team"][fact.play.location] += team == "Harbor Gulls"
                balls["player"][fact.play.location] += (fact.batter, team) == ("Cy Ewing", "Old Town Owls")
    sprays = league_sprays(store, league, ["Harbor Gulls"], ["Cy Ewing (Old Town Owls)", "Gus Brook"])
    assert [spray.title for spray in sprays] == [
        "Where the balls were hit: Demo League",
        "Where Harbor Gulls hit the ball",
        "Where Cy Ewing (Old Town Owls) hit the ball",
        "Where Gus Brook (Harbor Gulls) hit the ball",
    ]
    located = [{n: sum(at.values()) for n, at in spray.by_location().items()} for spray in sprays[:3]]
    assert [+Counter(spray) for spray in located] == [+balls["league"], +balls["team"], +balls["player"]]
    assert sum(balls["player"].values()) > 5 and set(located[1]) <= set(range(1, 37))
    for teams, players, message in (
        (["Nobody FC"], [], "league demo has no team 'Nobody FC'; its teams: Harbor Gulls,"),
        ([], ["Cy Ewing"], "'Cy Ewing' batted for 2 teams in league demo: name one, --player 'Cy Ewing (Mill Street Grays)' or"),
        ([], ["Kit Moss"], "'Kit Moss' never batted in league demo's regular season"),  # a pitcher
    ):
        with pytest.raises(ScorebookProblem, match=re.escape(message)):
            league_sprays(store, league, teams, players)
    out = tmp_path / "report.pdf"
    done = CliRunner().invoke(app, ["league", "report", "demo", "-o", str(out), "--team", "Harbor Gulls", "--player", "Gus Brook"], env={"SCOREBOOK_DB": demo_league})
    assert done.exit_code == 0, done.output
    drawn = " ".join(t for page in range(len(PdfReader(out).pages)) for t, _, _ in texts(out.read_bytes(), page))
    assert "Where Harbor Gulls hit the ball" in drawn and "Where Gus Brook (Harbor Gulls) hit the ball" in drawn


def test_a_league_report_pdf_is_stable_and_complete(demo_league, tmp_path):
    url = demo_league
    runner = CliRunner()
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert runner.invoke(app, ["league", "report", "demo", "-o", str(out)], env={"SCOREBOOK_DB": url}).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    reader = PdfReader(first)
    drawn = " ".join(t for page in range(len(reader.pages)) for t, _, _ in texts(first.read_bytes(), page))
    for words in ("Standings", "Leaders", "Team batting", "Team pitching", "Runs by inning", "Where the balls were hit", "Harbor Gulls"):
        assert words in drawn


def drawn_figures(pdf: bytes, page: int) -> tuple[list[list[tuple[float, float]]], list[list[tuple[float, float]]]]:
    """The ball and strike boxes (the page's small rectangles) and the closed four-sided paths
    (diamonds) a page draws, each as its corners."""
    content = PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
    side = load_layout()["box"]["count_box"]
    rects = [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)] for x, y, w, h in
             (tuple(map(float, m)) for m in re.findall(r"n ([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re S", content)) if w == h == side]  # fmt: skip
    diamonds = []
    for path in re.findall(r"n ([\d.-]+ [\d.-]+) m ((?:[\d.-]+ [\d.-]+ l\s*){4})[SB]", content):
        numbers = list(map(float, " ".join(path).replace("l", " ").split()))
        diamonds.append(list(zip(numbers[0:8:2], numbers[1:8:2])))
    return rects, diamonds


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether two convex shapes overlap by more than a hair (no edge of either separates them)."""
    for shape in (a, b):
        for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1]):
            normal = (y2 - y1, x1 - x2)
            project_a = [normal[0] * x + normal[1] * y for x, y in a]
            project_b = [normal[0] * x + normal[1] * y for x, y in b]
            length = (normal[0] ** 2 + normal[1] ** 2) ** 0.5
            if min(max(project_a), max(project_b)) - max(min(project_a), min(project_b)) <= 0.05 * length:
                return False
    return True


def assert_no_figures_overlap(pdf: bytes) -> None:
    """No diamond overlaps a ball or strike box, or another diamond, on any page."""
    for page in range(len(PdfReader(io.BytesIO(pdf)).pages)):
        rects, diamonds = drawn_figures(pdf, page)
        assert diamonds and rects
        for i, diamond in enumerate(diamonds):
            left, right = min(x for x, _ in diamond), max(x for x, _ in diamond)
            near = [r for r in rects + diamonds[i + 1 :] if r[0][0] < right and max(x for x, _ in r) > left]
            assert not any(overlap(diamond, other) for other in near), f"a diamond at {diamond[0]} overlaps on page {page + 1}"


def slot_rows(pdf: bytes, page: int) -> dict[int, float]:
    """Where each batting order slot's number is drawn: {slot: y}."""
    grid, margin = load_layout()["grid"], load_layout()["page"]["margin"]
    header_y = next(y for t, x, y in texts(pdf, page) if t == "#")
    return {int(t): y for t, x, y in texts(pdf, page) if t.isdigit() and x < margin + grid["slot_width"] and y < header_y}


def test_a_lineup_file_writes_the_batting_orders_and_starting_pitchers_in_rows_of_the_templates_height(tmp_path):
    lineups = tmp_path / "lineups.txt"
    home = " ".join(f'"H{n}"' for n in range(1, 11))  # ten batters: ten shorter rows
    lineups.write_text(f'lineup away "Ann":8 "Bo":6 "Cy"\npitcher away "Pete"\nlineup home {home}\npitcher home "Hank"\n', encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = CliRunner().invoke(app, ["sheet", "--blank", "--lineup-file", str(lineups), "--away", "Gulls", "--home", "Owls", "-o", str(out)])
    assert done.exit_code == 0, done.output
    pdf, plain = out.read_bytes(), render_sheet(blank_sheets(), load_layout())
    assert slot_rows(pdf, 0) == slot_rows(plain, 0) and len(slot_rows(pdf, 0)) == 9  # three batters, nine rows as a blank sheet has
    drawn = texts(pdf, 0)
    assert drawn[0][0] == "Gulls  (Visitors vs Owls)"
    for slot, name in enumerate(["Ann", "Bo", "Cy"], start=1):
        assert 0 < next(y for t, x, y in drawn if t == name) - slot_rows(pdf, 0)[slot] < 40  # in its row
    pitchers_y = next(y for t, x, y in drawn if t == "Pitchers")
    assert [t for t, x, y in drawn if y < pitchers_y and not t.isdigit()] == ["Pete"]  # the first line of the pitchers' grid
    home_rows = slot_rows(pdf, 1)
    assert sorted(home_rows) == list(range(1, 11)) and home_rows[1] - home_rows[2] < slot_rows(plain, 1)[1] - slot_rows(plain, 1)[2]
    assert "Hank" in [t for t, x, y in texts(pdf, 1) if y < pitchers_y]
    assert_no_figures_overlap(pdf)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("foo bar", "lineups.txt:2:1: `foo`: a lineup file has `lineup away"),
        ('away "Gulls"', "lineups.txt:2:1: `away`: a lineup file has `lineup away \"A\" \"B\" ...` and `pitcher away \"P\"` lines (home too) (the teams are named with --away and --home)"),
        ('pitcher away "P" "Q"', "lineups.txt:2:"),
    ],
)
def test_a_lineup_file_line_the_sheet_cannot_use_is_refused_where_it_is(tmp_path, line, message):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(f'lineup away "A" "B"\n{line}\n', encoding="utf-8")
    done = CliRunner().invoke(app, ["sheet", "--blank", "--lineup-file", str(lineups), "-o", str(tmp_path / "s.pdf")])
    assert done.exit_code == 1 and message in done.output and not (tmp_path / "s.pdf").exists(), done.output


def test_a_batting_order_longer_than_the_sheet_holds_is_refused(tmp_path):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(f'lineup away {" ".join(f"{chr(34)}B{n}{chr(34)}" for n in range(30))}\npitcher away "P"\n', encoding="utf-8")
    done = CliRunner().invoke(app, ["sheet", "--blank", "--lineup-file", str(lineups), "--away", "Gulls", "-o", str(tmp_path / "s.pdf")])
    assert done.exit_code == 1 and "Gulls: a batting order of 30 does not fit the scoresheet, which has room for 13 batters" in done.output


@pytest.mark.parametrize(("page", "innings", "columns"), [("letter", 40, [14, 14, 12]), ("letter", 16, [8, 8]), ("a4", 16, [16])])
def test_more_innings_than_fit_go_on_to_the_teams_next_pages(tmp_path, page, innings, columns):
    out = tmp_path / "long.pdf"
    done = CliRunner().invoke(app, ["sheet", "--blank", "--innings", str(innings), "--page", page, "-o", str(out)])
    pages = len(columns)
    assert done.exit_code == 0 and f"({2 * pages} pages)" in done.output, done.output
    pdf = out.read_bytes()
    least = load_layout()["grid"]["least_box_width"]
    for team in (0, 1):
        headings = []
        for number in range(pages):
            drawn = texts(pdf, team * pages + number)
            header_y = next(y for t, x, y in drawn if t == "#")
            shown = [(x, int(t)) for t, x, y in drawn if y == header_y and t.isdigit()]
            assert len(shown) == columns[number] and shown[1][0] - shown[0][0] >= least
            assert pages == 1 or any(t.endswith(f"page {number + 1} of {pages}") for t, x, y in drawn)
            headings += [inning for _, inning in shown]
        assert headings == list(range(1, innings + 1))
    assert_no_figures_overlap(pdf)


def test_a_long_games_pages_keep_each_code_in_its_box_and_the_totals_on_the_last():
    game = read_game(SAMPLES / "extra-innings.game")[1]
    layout = load_layout()
    layout["grid"]["least_box_width"] = 60  # eight columns a page: the fifteen innings on two
    pdf = render_sheet(sheet_data(game), layout)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 4
    for team in (0, 1):
        first, last = drawn_boxes(pdf, 2 * team), drawn_boxes(pdf, 2 * team + 1)
        assert {inning for _, inning, _ in first} <= set(range(1, 9)) and {inning for _, inning, _ in last} <= set(range(9, 16))
        assert first | last == expected_boxes(game, team)
        totals_left = 792 - 28 - 4 * layout["grid"]["total_width"]
        pitchers_y = next(y for t, x, y in texts(pdf, 2 * team) if t == "Pitchers")
        for page, shown in ((2 * team, False), (2 * team + 1, True)):  # AB R H RBI and the pitchers' lines
            numbers = [t for t, x, y in texts(pdf, page) if t.replace(".", "").isdigit() and (x > totals_left or y < pitchers_y)]
            assert bool(numbers) == shown
    assert_no_figures_overlap(pdf)


WORLD = {  # a name in each script, drawn in the font it needs, right-to-left ones in reading order
    "東京太郎": "STSong-Light",
    "さくら": "HeiseiKakuGo-W5",
    "김민수": "HYGothic-Medium",
    "محمد علي": "DejaVuSans",
    "שלום כהן": "DejaVuSans",
    "Zoë Ørsted": "DejaVuSans",
}


def fonted_texts(pdf: bytes) -> dict[str, set[str]]:
    """Every text drawn (right-to-left letters in reading order, Arabic's joined forms as the
    letters), with the fonts it is drawn in."""
    import unicodedata

    found: dict[str, set[str]] = {}

    def visit(text, cm, tm, font, size):
        if text.strip() and font:
            letters = "".join(unicodedata.normalize("NFKC", c) if "\ufb50" <= c <= "\ufeff" else c for c in text.strip())
            found.setdefault(letters, set()).add(str(font["/BaseFont"]).split("+")[-1].lstrip("/"))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return found


def assert_world_names(pdf: bytes, names: dict[str, str]) -> None:
    """Each name is drawn as written (alone, or in a title) in its font."""
    drawn = fonted_texts(pdf)
    for name, font in names.items():
        assert any(name in text and fonts == {font} for text, fonts in drawn.items()), f"{name!r} is drawn as {[(t, f) for t, f in drawn.items() if not t.isascii()]}"


def test_chinese_japanese_korean_hebrew_and_arabic_names_print_in_their_fonts_and_reading_order(tmp_path):
    names = list(WORLD)
    pdf = render_sheet(blank_sheets((names, names), ("ملوك الرياض", "東京ジャイアンツ"), ("山田", "דוד")), load_layout())
    assert_world_names(pdf, {**WORLD, "ملوك الرياض": "DejaVuSans", "東京ジャイアンツ": "HeiseiKakuGo-W5", "山田": "STSong-Light", "דוד": "DejaVuSans"})
    header = (
        'game rules=diceball innings=1\naway "ملوك الرياض"\nhome "東京ジャイアンツ"\n'
        f'lineup away {" ".join(chr(34) + n + chr(34) for n in names)} "A7" "A8" "A9"\n'
        'lineup home "H1" "H2" "H3" "H4" "H5" "H6" "H7" "H8" "H9"\npitcher away "דוד"\npitcher home "さくら"\n'
    )
    game = play("top 1\nH1\nH2* 1-H\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\n", header)
    box = render_sheet(sheet_data(game), load_layout())
    assert_world_names(box, {**WORLD, "ملوك الرياض": "DejaVuSans", "דוד": "DejaVuSans"})
    from scorebook.reports.pdf import box_pdf

    assert_world_names(box_pdf(box_score(game)), {"東京太郎": "STSong-Light", "김민수": "HYGothic-Medium", "ملوك الرياض": "DejaVuSans", "東京ジャイアンツ": "HeiseiKakuGo-W5", "דוד": "DejaVuSans"})


def test_every_pdf_is_byte_for_byte_the_same_from_two_processes(demo_league, tmp_path):
    """invariant=1 and nothing that depends on the process (hash order, fonts registered before):
    the same command in two fresh processes, with different hash seeds, writes the same bytes."""
    lineups = tmp_path / "lineups.txt"
    lineups.write_text('lineup away "東京太郎" "김민수" "محمد علي" "שלום כהן" "Zoë"\npitcher away "さくら"\n', encoding="utf-8")
    commands = {
        "sheet": ["sheet", str(SAMPLES / "extra-innings.game")],
        "blank": ["sheet", "--blank", "--page", "a4", "--innings", "20", "--lineup-file", str(lineups), "--away", "ملوك", "--home", "東京"],
        "bonn-die": ["sheet", str(SAMPLES / "bonn-die-opener.game")],
        "box": ["box", str(SAMPLES / "walk-off.game"), "--pdf"],
        "report": ["league", "report", "demo", "--team", "Harbor Gulls", "-o"],
    }
    for name, args in commands.items():
        written = []
        for seed in ("1", "2"):
            out = tmp_path / seed / f"{name}.pdf"
            args_out = [*args, str(out)] if args[-1] in ("--pdf", "-o") else [*args, "-o", str(out)]
            env = {**os.environ, "PYTHONHASHSEED": seed, "SCOREBOOK_DB": demo_league}
            done = subprocess.run([sys.executable, "-m", "scorebook", *args_out], env=env, capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr
            written.append(out.read_bytes())
        assert written[0] == written[1] and written[0].startswith(b"%PDF"), f"{name}: the two processes wrote different PDFs"
