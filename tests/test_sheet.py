"""The scoresheet PDF: the rulebook's codes land in their batter's row and inning column, the
blank sheet's pages and size, deterministic bytes, and awkward names."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import read_game
from scorebook.reports.sheet import blank_sheets, load_layout, render_sheet, sheet_data

from .conftest import SAMPLES
from .test_rulebook_example import TEAM_1, TEAM_2

GOLDEN = Path(__file__).parent / "golden"


def texts(pdf: bytes, page: int) -> list[tuple[str, float, float]]:
    """The text drawn on a page, with where it starts."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), round(tm[4], 1), round(tm[5], 1)))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def rulebook_pdf() -> bytes:
    return render_sheet(sheet_data(read_game(SAMPLES / "rulebook-example.game")[1]), load_layout())


@pytest.mark.parametrize(("page", "boxes"), [(0, TEAM_1), (1, TEAM_2)])
def test_each_code_is_in_its_batters_row_and_inning_column(page, boxes):
    found = texts(rulebook_pdf(), page)
    layout = load_layout()["grid"]
    first = next(x for t, x, y in found if t == "1" and y > 540)  # the header's inning 1, centred
    column = (792 - 2 * 28 - layout["slot_width"] - layout["name_width"] - 4 * layout["total_width"]) / layout["innings"]
    for batter, code in boxes.items():
        name_y = next(y for t, x, y in found if t == batter)
        in_box = [(t, y) for t, x, y in found if first - column / 2 <= x <= first + column / 2 and name_y - 20 < y <= name_y + 5]
        drawn = ", ".join(t for t, _ in sorted(in_box, key=lambda item: -item[1]))
        assert drawn == code, f"{batter}: {drawn!r} in the box, the rulebook has {code!r}"


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


def test_a_box_score_pdf(tmp_path):
    out = tmp_path / "box.pdf"
    result = CliRunner().invoke(app, ["box", str(SAMPLES / "walk-off.game"), "--pdf", str(out)])
    assert result.exit_code == 0
    drawn = " ".join(t for t, _, _ in texts(out.read_bytes(), 0))
    assert "Harbor Gulls at Mill Street Grays" in drawn and "Runs by inning" in drawn and "Pitching" in drawn


def test_a_league_report_pdf_is_stable_and_complete(tmp_path):
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    runner = CliRunner()
    assert runner.invoke(app, ["demo", "--db", url, "--rounds", "1", "--pdf-dir", str(tmp_path)]).exit_code == 0
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert runner.invoke(app, ["league", "report", "demo", "-o", str(out)], env={"SCOREBOOK_DB": url}).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    reader = PdfReader(first)
    drawn = " ".join(t for page in range(len(reader.pages)) for t, _, _ in texts(first.read_bytes(), page))
    for words in ("Standings", "Leaders", "Team batting", "Team pitching", "Runs by inning", "board locations 1-36", "Harbor Gulls"):
        assert words in drawn
