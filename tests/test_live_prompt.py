"""The `live` prompt (issue 18, point 6): what it shows, another scorer's changes found and never
overwritten, Ctrl-C and Ctrl-D, undo and redo, and the history kept between sessions. The
session is driven through its own loop with scripted lines, and on a real terminal (a pty)
where readline's keys matter."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.cli.live import Session
from scorebook.service.games import scorer_file, start_game
from scorebook.store.db import Store
from scorebook.store.live import Live

from .conftest import HEADER
from .test_live import ONE_INNING, record, statements

runner = CliRunner()


class Scripted:
    """The prompt's lines from a script: a line, a function run as the scorer waits (another
    scorer's work) that gives the line, or Ctrl-C / Ctrl-D (KeyboardInterrupt, EOFError)."""

    readline = None

    def __init__(self, *script: str | Callable[[], str] | type[BaseException]) -> None:
        self.script = list(script)
        self.offered: list[str] = []

    def read(self, offered: str = "") -> str:
        self.offered.append(offered)
        step = self.script.pop(0) if self.script else EOFError
        if isinstance(step, type):
            raise step()
        return step() if callable(step) else step

    def keep(self, line: str) -> None:
        pass


def session(url: str, game_id: str, prompt: Scripted, capsys, yes: bool = False) -> str:
    live = Live(url)
    try:
        Session(live, url, game_id, yes).run(prompt)  # type: ignore[arg-type]
    finally:
        live.close()
    captured = capsys.readouterr()
    return captured.out + captured.err


@pytest.fixture
def game(db_url) -> str:
    return start_game(Store(db_url), HEADER)


def test_the_prompt_shows_the_inning_outs_runners_score_batter_on_deck_pitcher_and_count(db_url, game):
    shown = runner.invoke(app, ["live", game], env={"SCOREBOOK_DB": db_url}, input='H1\nSB2\npitcher home "RP"\nquit\n').output
    assert "before the first half-inning · Away 0, Home 0\nnext: top 1, A1 (1) up, A2 on deck · HP pitching\n> " in shown
    assert "top 1, 0 outs, 1st A1 · Away 0, Home 0\nA2 (2) up, A3 on deck · HP pitching\n> " in shown
    assert "top 1, 0 outs, 2nd A1 · Away 0, Home 0\nA2 (2) up, A3 on deck · HP pitching · count: 1 pitch on a steal (a strike or a ball)\n> " in shown
    assert "A2 (2) up, A3 on deck · RP pitching · count: 1 pitch on a steal" in shown


def test_the_prompt_takes_help_box_and_refuses_a_play_with_the_rule(db_url, game):
    shown = runner.invoke(app, ["live", game], env={"SCOREBOOK_DB": db_url}, input="help\nBB\nH5\nundo\nSO\nbox\nquit\n")
    assert shown.exit_code == 0
    assert "take back the last statement" in shown.output and "`H5`: not a play result" in shown.output
    assert "took back: BB" in shown.output and "Scoresheet" in shown.output
    assert statements(db_url, game) == ["top 1", "SO"]


def test_another_scorers_statement_is_shown_and_the_one_typed_against_the_old_state_not_recorded(db_url, game, capsys):
    def the_web_records_a_walk() -> str:
        record(db_url, game, "BB")
        return "H1 1-3"  # written for the batter the prompt showed: A2, with A1 on first

    prompt = Scripted("H1", the_web_records_a_walk, "SO")
    out = session(db_url, game, prompt, capsys)
    assert "meanwhile recorded: BB" in out
    assert "not recorded: `H1 1-3` was written against the game before that; write it again if it still holds" in out
    assert "top 1, 0 outs, 1st A2, 2nd A1 · Away 0, Home 0\nA3 (3) up" in out  # the new state, shown
    assert statements(db_url, game) == ["top 1", "H1", "BB", "SO"]  # SO was written against the state shown
    assert prompt.offered[2] == "H1 1-3"  # offered again, to edit or send


@pytest.mark.parametrize("command", ["undo", "redo"])
def test_an_undo_or_redo_typed_after_another_scorers_statement_takes_back_nothing_unseen(db_url, game, capsys, command):
    record(db_url, game, "H1")
    if command == "redo":
        runner.invoke(app, ["undo", game], env={"SCOREBOOK_DB": db_url})

    def the_web_records_a_walk() -> str:
        record(db_url, game, "BB")
        return command

    before = statements(db_url, game)
    out = session(db_url, game, Scripted(the_web_records_a_walk), capsys)
    assert "meanwhile recorded: BB" in out and f"not done: `{command}` was asked of the game before that" in out
    assert statements(db_url, game) == [*before, "BB"]  # the walk stands: nothing taken back or given back


def test_another_scorers_undo_is_shown_on_enter(db_url, game, capsys):
    record(db_url, game, "H1", "H1")

    def the_web_takes_one_back() -> str:
        live = Live(db_url)
        live.undo(game)
        live.record(game, "SO")
        live.close()
        return ""

    out = session(db_url, game, Scripted(the_web_takes_one_back), capsys)
    assert "meanwhile taken back: H1\nmeanwhile recorded: SO\ntop 1, 1 out, 1st A1" in out


def test_an_undo_asked_about_after_another_scorers_change_takes_nothing_back(db_url, capsys):
    game_id = start_game(Store(db_url), ONE_INNING)
    record(db_url, game_id, "H4*", "SO", "SO", "SO", "SO", "SO", "SO")

    def yes_after_another_scorer_undid() -> str:
        other = Live(db_url)
        other.undo(game_id)
        other.close()
        return "y"

    before = statements(db_url, game_id)
    out = session(db_url, game_id, Scripted("undo", yes_after_another_scorer_undid), capsys)
    assert "Take it back? [y/N]" in out and "meanwhile taken back: SO" in out
    assert statements(db_url, game_id) == before[:-1]  # the other's undo only


def test_ctrl_c_drops_the_line_and_ctrl_d_ends_the_session_on_a_new_line(db_url, game, capsys):
    out = session(db_url, game, Scripted(KeyboardInterrupt, "SO", EOFError, "BB"), capsys)
    assert statements(db_url, game) == ["top 1", "SO"]  # BB, after Ctrl-D, never read
    # Each ends the prompt's line: Ctrl-C to read again, Ctrl-D before the shell's prompt.
    assert out.endswith("HP pitching\n\ntop 1, 1 out, bases empty · Away 0, Home 0\nA2 (2) up, A3 on deck · HP pitching\n\n")


def test_undo_at_the_prompt_asks_before_it_reopens_a_final_game_and_redo_gives_it_back(db_url, capsys):
    game_id = start_game(Store(db_url), ONE_INNING)
    record(db_url, game_id, "H4*", "SO", "SO", "SO", "SO", "SO", "SO")
    out = session(db_url, game_id, Scripted("undo", "n", "undo", "y", "redo"), capsys)
    assert out.count("taking back `SO` reopens the game. Take it back? [y/N]") == 2
    assert "nothing taken back: game" in out and "took back: SO" in out
    assert "recorded again: SO" in out and "game over: Away 1, Home 0; it is stored." in out
    assert Store(db_url).game(game_id).status == "final"
    out = session(db_url, game_id, Scripted("undo"), capsys, yes=True)
    assert "Take it back?" not in out and "took back: SO" in out


# --- on a terminal ---------------------------------------------------------------------------------


class Terminal:
    """`scorebook live` on a pseudo-terminal, as a scorer runs it: readline, Ctrl-C and Ctrl-D.
    Keys are sent once the prompt is shown, as a scorer types them: readline reads the terminal
    raw only then (a Ctrl-D typed before, in the terminal's line mode, is not a key to it)."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the pty is its terminal
            os.execvpe(sys.executable, [sys.executable, "-m", "scorebook", *args], env)
        self.seen = ""
        self.at = 0  # where the last text expected ends

    def _read(self, wait: float) -> bool:
        """What the child wrote within `wait` seconds, into `seen`; False once it is gone."""
        if not select.select([self.fd], [], [], wait)[0]:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the child is gone (Linux's EIO on a pty without its other end)
            return False
        self.seen += chunk.decode(errors="replace")
        return bool(chunk)

    def expect(self, text: str, timeout: float = 60) -> str:
        """Read until `text` has been written after the last one expected; what came up to it."""
        end, start = time.monotonic() + timeout, self.at
        while text not in self.seen[start:]:
            if time.monotonic() > end or not self._read(0.2):
                raise AssertionError(f"{text!r} not shown; the terminal has:\n{self.seen!r}")
        self.at = self.seen.index(text, start) + len(text)
        return self.seen[start : self.at]

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def end(self, timeout: float = 30) -> int:
        """The exit status, once all the child wrote is read."""
        end = time.monotonic() + timeout
        while self._read(0.2):
            if time.monotonic() > end:
                os.kill(self.pid, 9)
                raise AssertionError(f"the session did not end; the terminal has:\n{self.seen!r}")
        os.close(self.fd)
        return os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])


@pytest.fixture
def terminal_env(db_url, scorer_files) -> dict[str, str]:
    return {**os.environ, "SCOREBOOK_DB": db_url, "XDG_DATA_HOME": str(scorer_files), "INPUTRC": "/dev/null", "TERM": "xterm"}


def test_on_a_terminal_ctrl_c_clears_the_line_and_ctrl_d_ends_with_a_newline(db_url, game, terminal_env):
    term = Terminal("live", game, env=terminal_env)
    term.expect("HP pitching\r\n> ")
    term.send("H1")
    term.expect("H1")
    term.send("\x03")  # Ctrl-C: the H1 half typed is dropped
    term.expect("> ")
    term.send("BB\r")
    term.expect("A2 (2) up")
    term.expect("> ")
    term.send("\x04")  # Ctrl-D at an empty line
    assert term.end() == 0
    assert term.seen.endswith("> \r\n") and "Traceback" not in term.seen
    assert statements(db_url, game) == ["top 1", "BB"]


def test_on_a_terminal_the_history_of_the_game_is_kept_between_sessions(db_url, game, terminal_env):
    first = Terminal("live", game, env=terminal_env)
    first.expect("> ")
    first.send("H1\r")
    first.expect("A2 (2) up")
    first.expect("> ")
    first.send("quit\r")
    assert first.end() == 0
    assert scorer_file(db_url, game, "history").read_text().splitlines()[-2:] == ["H1", "quit"]
    second = Terminal("live", game, env=terminal_env)
    second.expect("A2 (2) up")
    second.expect("> ")
    second.send("\x10\x10\r")  # Ctrl-P twice: back past `quit` to `H1`, and Enter
    second.expect("A3 (3) up")
    second.expect("> ")
    second.send("\x04")
    assert second.end() == 0
    assert statements(db_url, game) == ["top 1", "H1", "H1"]


def test_on_a_terminal_a_statement_made_stale_is_offered_again_on_the_line(db_url, game, terminal_env):
    term = Terminal("live", game, env=terminal_env)
    term.expect("> ")
    record(db_url, game, "BB")  # the web, as the scorer types
    term.send("SO\r")
    term.expect("meanwhile recorded: BB")
    term.expect("Enter records it now")
    term.expect("> SO")  # on the line again
    term.send("\r")
    term.expect("1 out, 1st A1")
    term.expect("> ")
    term.send("\x04")
    assert term.end() == 0
    assert statements(db_url, game) == ["top 1", "BB", "SO"]


def test_on_a_terminal_a_history_that_cannot_be_written_is_said_once_and_the_session_goes_on(db_url, game, terminal_env, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    term = Terminal("live", game, env={**terminal_env, "XDG_DATA_HOME": str(blocked)})
    term.expect("> ")
    term.send("H1\r")
    term.expect("the prompt's history is not kept")
    term.expect("> ")
    term.send("BB\r")
    term.expect("A3 (3) up")
    term.expect("> ")
    term.send("\x04")
    assert term.end() == 0
    assert term.seen.count("history is not kept") == 1 and statements(db_url, game) == ["top 1", "H1", "BB"]
