"""Output files (-o, --pdf) go into a folder that does not exist yet: it is made first, in one
place for every command (`cli.common.write_output`); a path that cannot be written is a problem
that names it, not a traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scorebook.cli import app

from .test_cli import DATA_ARGS, WALK_OFF, league_db  # noqa: F401  (league_db: the fixture)

runner = CliRunner()


@pytest.mark.parametrize("command", sorted(DATA_ARGS))
def test_every_command_that_prints_data_writes_into_a_new_folder(command: str, league_db, tmp_path):  # noqa: F811
    out = tmp_path / "new" / "folder" / "out.txt"
    done = runner.invoke(app, [*command.split(), *DATA_ARGS[command], "-o", str(out)], env=league_db)
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8").strip()


def test_a_parquet_file_into_a_new_folder(league_db, tmp_path):  # noqa: F811
    out = tmp_path / "new" / "batting.parquet"
    done = runner.invoke(app, ["stats", "batting", "--format", "parquet", "-o", str(out)], env=league_db)
    assert done.exit_code == 0 and out.read_bytes().startswith(b"PAR1"), done.output


def test_every_pdf_goes_into_a_new_folder_and_is_announced(league_db, tmp_path):  # noqa: F811
    new = tmp_path / "new" / "pdfs"
    for args, said in (
        (["sheet", WALK_OFF, "-o", str(new / "sheet.pdf")], f"wrote {new / 'sheet.pdf'} (2 pages)"),
        (["sheet", "--blank", "--rules", "bonn-die", "-o", str(new / "bonn.pdf")], f"wrote {new / 'bonn.pdf'}"),
        (["league", "report", "demo", "-o", str(new / "report.pdf")], f"wrote {new / 'report.pdf'}"),
    ):
        done = runner.invoke(app, args, env=league_db)
        assert done.exit_code == 0 and done.stdout.startswith(said), done.output
    box = runner.invoke(app, ["box", WALK_OFF, "--pdf", str(new / "box.pdf"), "--format", "json"], env=league_db)
    assert box.exit_code == 0 and box.stderr == f"wrote {new / 'box.pdf'} (the box score)\n", box.output
    assert box.stdout.startswith("{")  # the box itself, as without --pdf
    for name in ("sheet", "bonn", "report", "box"):
        assert (new / f"{name}.pdf").read_bytes().startswith(b"%PDF")


def test_an_output_that_cannot_be_written_is_a_problem_naming_it(tmp_path):
    (tmp_path / "a-file").write_text("")
    for out, message in (
        (tmp_path, f"{tmp_path}: cannot write the file: Is a directory"),
        (tmp_path / "a-file" / "box.pdf", f"{tmp_path / 'a-file' / 'box.pdf'}: cannot make the folder {tmp_path / 'a-file'}: a file is in the way"),
    ):
        for args in (["sheet", WALK_OFF, "-o", str(out)], ["box", WALK_OFF, "--pdf", str(out)], ["box", WALK_OFF, "-o", str(out)]):
            done = runner.invoke(app, args)
            assert done.exit_code == 1 and done.stderr == message + "\n", done.output
