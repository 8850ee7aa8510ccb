"""#18 point 7: colour on a terminal (a problem red, a hint yellow, a table's heading bold),
none with NO_COLOR, TERM=dumb, or output to a pipe."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest

from .conftest import SAMPLES

ESC = b"\x1b["


def _on_a_terminal(args: list[str], **env: str) -> bytes:
    """What the command writes to a terminal (a pseudo-terminal for stdout and stderr)."""
    master, slave = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")} | {"TERM": "xterm"} | env
    try:
        subprocess.run([sys.executable, "-m", "scorebook", *args], stdout=slave, stderr=slave, env=environment, check=False, timeout=120)
    finally:
        os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal is closed once everything is read
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return out


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('colour') / 'c.db'}"
    subprocess.run([sys.executable, "-m", "scorebook", "import", str(SAMPLES / "walk-off.game"), "--db", url], check=True, capture_output=True)
    return url


def test_a_table_heading_is_bold_on_a_terminal(store: str):
    shown = _on_a_terminal(["games", "--db", store])
    assert shown.startswith(b"\x1b[1mid ") and b"walk-off" in shown


def test_a_problem_is_red_on_a_terminal(tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text("game rules=diceball date=2026-02-30\n", encoding="utf-8")
    shown = _on_a_terminal(["check", str(bad)])
    assert shown.startswith(b"\x1b[31m" + str(bad).encode() + b":1:")


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_no_colour_when_asked_not_to(store: str, env: dict[str, str]):
    shown = _on_a_terminal(["games", "--db", store], **env)
    assert b"walk-off" in shown and ESC not in shown


def test_no_colour_into_a_pipe(store: str):
    piped = subprocess.run([sys.executable, "-m", "scorebook", "games", "--db", store], capture_output=True, check=True,
                           env={k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"TERM": "xterm"})  # fmt: skip
    assert b"walk-off" in piped.stdout and ESC not in piped.stdout + piped.stderr


def test_an_empty_nocolor_is_not_set(store: str):
    """no-color.org: NO_COLOR counts when it is set to something."""
    assert _on_a_terminal(["games", "--db", store], NO_COLOR="").startswith(b"\x1b[1m")


