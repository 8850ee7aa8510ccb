"""Live scoring at the table: record, undo, redo, and the `live` prompt.

`record`, `undo` and `redo` are on the table's critical path: they import only the live-scoring
layer (`store/live.py`) and the service's scoring functions, never SQLAlchemy, SQLModel,
pydantic, polars or reportlab (tests/test_store.py holds it for `record`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command, tell
from scorebook.problems import CannotKeepRedo, FinalGame, ScorebookProblem, StaleState
from scorebook.reports.render import screen_text

if TYPE_CHECKING:
    from scorebook.service.games import ScoringState
    from scorebook.store.live import Live, Recorded

GameId = Annotated[str, typer.Argument(help="The stored game's id (`scorebook games` lists them).", show_default=False)]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Reopen a final game without asking.")]


def say(text: str) -> None:
    typer.echo(screen_text(text))  # names as typed, their control characters shown


@command('scorebook record 2026-05-02-hg-msg-1 "H2* 1-H"')
def record(game: GameId, statement: Annotated[str, typer.Argument(help='What happened: "H2* 1-H", "SB2", "sub away 4 \\"Name\\"".', show_default=False)], db: DbOption = DEFAULT_DB) -> None:
    """Record one statement: checked against the game's state and stored at once, as the
    rulebook writes it (`k` as `SO`; a `# comment` kept), then the new state (inning, outs,
    bases, score, batter up); a statement that breaks a rule names the rule and stores nothing.
    After a third out a play opens the next half-inning itself, and before the first play any
    statement opens the top of the first (a pitching change before the first pitch)."""
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = live.record(game, statement)
    finally:
        live.close()
    say(state_line(done))


@command("scorebook undo 2026-05-02-hg-msg-1")
def undo(game: GameId, yes: Yes = False, db: DbOption = DEFAULT_DB) -> None:
    """Take back the game's last statement: says which, then the state it leaves; `redo`
    gives it back. A final game is reopened only when you say so (asked, or --yes)."""
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = take_back(live, game, live.state(game), yes, ask_on_stdin)
    finally:
        live.close()
    taken_back(db, game, done)
    say(state_line(done))


@command("scorebook redo 2026-05-02-hg-msg-1")
def redo(game: GameId, db: DbOption = DEFAULT_DB) -> None:
    """Record again the last statement `undo` took back (here, or at the `live` prompt),
    while the game is as that undo left it."""
    from scorebook.service.games import redo as redo_last
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = redo_last(live, db, game)
    finally:
        live.close()
    say(f"recorded again: {done.statements[-1]}")
    say(state_line(done))


def take_back(live: Live, game: str, now: Recorded, yes: bool, ask: Callable[[str], bool]) -> Recorded:
    """An undo of the game as the scorer saw it (`now`), asked first (`ask`) when it is final;
    made against those statements, so that what is taken back is what was shown and asked about."""
    from scorebook.store.live import state_line

    if now.state.over and now.statements and not yes:
        question = f"{state_line(now)}: taking back `{now.statements[-1]}` reopens the game. Take it back?"
        if not ask(screen_text(question)):
            raise FinalGame(f"nothing taken back: game {game} stays final", fix="answer y, or give --yes")
    return live.undo(game, against=len(now.statements))


def ask_on_stdin(question: str) -> bool:
    try:
        return typer.confirm(question, default=False)
    except typer.Abort:  # no answer (stdin at its end)
        typer.echo()
        return False


def taken_back(db: str, game: str, done: Recorded) -> None:
    """Say what an undo took back; keep the statement for redo."""
    from scorebook.service.games import remember_undone

    say(f"took back: {done.undone}")
    try:
        remember_undone(db, game, done.undone, done.statements)
    except CannotKeepRedo as problem:  # the undo stands
        tell(problem)


# --- the prompt ------------------------------------------------------------------------------

LIVE_HELP = """Type what happened, as on the scoresheet, and press Enter: each is checked and stored at once.
  H2* 1-H     a play (result, advances, one * per run batted in); codes in any case, K for SO
  SB2         runner events: SB2 SB3 CS2(2-4) CS3(2-5)
  sub away 4 "Name":7   a substitute;   pitcher home "Name"   a pitching change
  round off=333/44/5/ triad:initial:center def=...   a Bonn Die round;   out   a Bonn Die Out
  undo        take back the last statement (asked first when the game is over);   redo   give it back
  box         the box score so far
  help        this text;   quit (or Ctrl-D)   leave: everything entered is stored already
Ctrl-C clears the line. Another scorer's statements (the web, `scorebook record`) are shown as
they are found; a statement written against a state that has changed is not recorded."""


def situation(s: ScoringState) -> list[str]:
    """The prompt's lines: the inning, outs, runners and score; the batter, the on-deck batter,
    the pitcher and the count (between half-innings: the next half's)."""
    if s.over or not s.batter:
        return [s.line]
    if s.next_half:
        where = f"{s.inning} · {s.score}"
        up = f"next: {s.next_half}, {s.batter} ({s.slot}) up"
    else:
        on = [f"{base} {name}" for base, name in zip(("1st", "2nd", "3rd"), s.runners) if name]
        outs = f"{s.outs} out{'' if s.outs == 1 else 's'}"
        where = f"{s.inning}, {outs}, {', '.join(on) if on else 'bases empty'} · {s.score}"
        up = f"{s.batter} ({s.slot}) up"
    count = f" · count: {s.count}" if s.count else ""
    return [where, f"{up}, {s.on_deck} on deck · {s.pitcher} pitching{count}"]


def changes(before: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """What another scorer did between two readings of a game: taken back, then recorded."""
    same = 0
    while same < min(len(before), len(after)) and before[same] == after[same]:
        same += 1
    lines = [f"meanwhile taken back: {text}" for text in reversed(before[same:])]
    return lines + [f"meanwhile recorded: {text}" for text in after[same:]]


class Prompt:
    """Lines read at the prompt: on a terminal with readline, line editing and the game's
    history kept between sessions (`service.games.scorer_file`), and a statement offered again
    on the line to edit or send."""

    def __init__(self, history: Path) -> None:
        self.history = history
        self.readline: ModuleType | None = None  # lines piped in (a script, a test) are read plain and kept nowhere
        if not sys.stdin.isatty():
            return
        try:
            import readline
        except ImportError:  # Windows without pyreadline: plain lines, no history
            return
        self.readline = readline
        readline.set_auto_history(False)  # each line is kept once, here, and only a typed one
        readline.clear_history()
        with contextlib.suppress(OSError):
            readline.read_history_file(history)
        readline.set_history_length(1000)

    def read(self, offered: str = "") -> str:
        """A line; `offered`, where readline can, is on the line already to edit or send.
        KeyboardInterrupt (Ctrl-C) and EOFError (Ctrl-D) go to the caller."""
        readline = self.readline
        if readline and offered:
            readline.set_startup_hook(lambda: readline.insert_text(offered))
        try:
            return input("> ")
        finally:
            if readline:
                readline.set_startup_hook(None)

    def keep(self, line: str) -> None:
        """A line into the game's history, and at once into its file (a session killed loses none)."""
        if not self.readline:
            return
        self.readline.add_history(line)
        if not self.history.name:  # its file could not be written: said once
            return
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.history.touch()
            self.readline.append_history_file(1, self.history)
        except OSError as failure:
            tell(ScorebookProblem(f"the prompt's history is not kept: {self.history} cannot be written ({failure.strerror})"))
            self.history = Path()


@command("scorebook live 2026-05-02-hg-msg-1")
def live(game: GameId, yes: Yes = False, db: DbOption = DEFAULT_DB) -> None:
    """Score a game at the table, statement by statement: the prompt shows the inning, outs,
    runners and score, the batter, the on-deck batter, the pitcher and the count; each accepted
    statement is stored at once; `help` lists the commands. Ctrl-C clears the line, Ctrl-D (or
    `quit`) ends; the lines typed are kept for the next session of the game (arrow up)."""
    from scorebook.service.games import scorer_file
    from scorebook.store.live import Live

    connection = Live(db)
    try:
        Session(connection, db, game, yes).run(Prompt(scorer_file(db, game, "history")))
    finally:
        connection.close()


class Session:
    """One scorer's session at the prompt: the game as last read, and what is typed."""

    def __init__(self, live: Live, db: str, game: str, yes: bool) -> None:
        self.live, self.db, self.game, self.yes = live, db, game, yes
        self.now = live.state(game)
        self.offered = ""  # a statement not recorded, the game having changed under it

    def run(self, prompt: Prompt) -> None:
        self.show()
        while True:
            try:
                line = prompt.read(self.offered).strip()
            except KeyboardInterrupt:  # Ctrl-C: the line is dropped, the session goes on
                typer.echo()
                continue
            except EOFError:  # Ctrl-D: the session ends, the shell's prompt on a line of its own
                typer.echo()
                return
            self.offered = ""
            if line:
                prompt.keep(line)
            try:
                if not self.step(line, prompt):
                    return
            except KeyboardInterrupt:  # Ctrl-C while the store works: what it holds is shown
                typer.echo()
                self.reread()

    def step(self, line: str, prompt: Prompt) -> bool:
        """Do what a line says; False to end the session."""
        if line in ("quit", "exit", "q"):
            return False
        if line == "help":
            typer.echo(LIVE_HELP)
        elif line == "box":
            from scorebook.cli.common import box_text

            typer.echo(screen_text(box_text(self.db, self.game)))
        elif not line:  # Enter alone: the game read again
            self.reread()
        else:
            return self.write(line, prompt)
        return True

    def write(self, line: str, prompt: Prompt) -> bool:
        """Record, undo or redo, against the statements the prompt showed; a game that has moved
        on is shown and the statement offered again, never applied to the new state unseen."""
        from scorebook.service.games import redo

        try:
            if line == "undo":
                done = take_back(self.live, self.game, self.now, self.yes, lambda question: self.ask(question, prompt))
                self.now = done
                taken_back(self.db, self.game, done)
                self.show()
                return True
            if line == "redo":
                done = redo(self.live, self.db, self.game, against=len(self.now.statements))
                say(f"recorded again: {done.statements[-1]}")
            else:
                done = self.live.record(self.game, line, against=len(self.now.statements))
        except StaleState:
            if line in ("undo", "redo"):
                self.reread(f"not done: `{line}` was asked of the game before that; ask again if it still holds")
                return True
            again = "it is on the line again: Enter records it now" if prompt.readline else "write it again if it still holds"
            self.reread(f"not recorded: `{line}` was written against the game before that; {again}")
            self.offered = line
            return True
        except ScorebookProblem as problem:
            tell(problem)
            return True
        self.now = done
        if done.state.over:
            say(f"{self.situation()[0]}; it is stored.")
            return False
        self.show()
        return True

    def ask(self, question: str, prompt: Prompt) -> bool:
        say(f"{question} [y/N]")
        try:
            return prompt.read().strip().lower() in ("y", "yes")
        except (KeyboardInterrupt, EOFError):
            typer.echo()
            return False

    def reread(self, why: str = "") -> None:
        """The game read again from the store: another scorer's changes said, then `why` (what
        was not done for them), then the game now."""
        before, self.now = self.now, self.live.state(self.game)
        for line in [*changes(before.statements, self.now.statements), *([why] if why else [])]:
            say(line)
        self.show()

    def situation(self) -> list[str]:
        from scorebook.service.games import scoring_state

        return situation(scoring_state(self.now.state, self.now.teams, self.now.game))

    def show(self) -> None:
        for line in self.situation():
            say(line)
