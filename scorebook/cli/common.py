"""What every command shares: the Typer app, the registering decorator (a ScorebookProblem
goes to stderr, exit 1), the common options and game loading."""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorebook.cli.colour import painted, table_painted
from scorebook.problems import CannotWriteFile, InvalidOptions, ScorebookProblem
from scorebook.reports.render import Format, screen_text
from scorebook.store.failures import is_database_failure, store_problem

if TYPE_CHECKING:
    from rich.progress import Progress

# -h as well as --help, on the app and every sub-app (they pass HELP to their Typer).
HELP = {"help_option_names": ["-h", "--help"]}


def _version(asked: bool) -> None:
    if asked:
        from scorebook import __version__

        typer.echo(f"scorebook {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="scorebook",
    help="Keep score of tabletop dice-baseball (Diceball!): check game files, replay them, box scores.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh and fish
    rich_markup_mode=None,
    context_settings=HELP,
)


@app.callback()
def _options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """The options before any command: --version (the app's help is the Typer's)."""

# The one output option pair of every command that prints data.
FormatOption = Annotated[
    Format | None,
    typer.Option(
        "--format",
        "-f",
        help="table, json, csv, or parquet (a file: give -o FILE.parquet); by default -o's extension, else table.",
        show_default=False,
    ),
]
OutputOption = Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file instead of the screen.")]
DbOption = Annotated[
    str,
    typer.Option("--db", envvar="SCOREBOOK_DB", help="Database URL: a SQLite file or postgresql+psycopg://..."),
]
DEFAULT_DB = "sqlite:///scorebook.db"
GameArg = Annotated[str, typer.Argument(help="A game file (.game) or a stored game's id.", show_default=False)]
GameFiles = Annotated[list[Path], typer.Argument(help="Game files (.game).", show_default=False)]


class Terminated(BaseException):
    """SIGTERM, raised where the command is, as Ctrl-C raises KeyboardInterrupt: the
    transaction under way rolls back and the worker processes end (scorebook/parallel.py)."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


# How a command that is stopped ends: the line it prints and the exit status (128 + signal).
_STOPPED = {KeyboardInterrupt: ("interrupted", 130), Terminated: ("terminated", 143)}


def command(
    example: str, *, on: typer.Typer | None = None, name: str | None = None
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a command (on `app`, or the sub-app `on`) with its example. The one boundary
    where problems are caught: a ScorebookProblem it raises goes to stderr, exit 1, and so does
    a database driver's failure that `store_problem` knows (a read-only file, a full disk); a
    reader of the output that went away (`| head`) ends it quietly, exit 141; Ctrl-C
    and SIGTERM print one line (with the notes the command added to the exception: what it
    had done), exit 130 and 143, no traceback."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(func)
        def run(*args: object, **kwargs: object) -> None:
            main = threading.current_thread() is threading.main_thread()  # signal handlers are the main thread's
            previous = signal.signal(signal.SIGTERM, _terminate) if main else None
            try:
                func(*args, **kwargs)
            except ScorebookProblem as problem:
                tell(problem)
                raise typer.Exit(1) from None
            except BrokenPipeError:  # the output's reader stopped reading (`| head`): so do we
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no failed flush at exit
                raise typer.Exit(141) from None  # 128 + SIGPIPE, as the shell's own tools end
            except Exception as failure:  # a database driver's, not said as a problem where it rose (live scoring)
                problem = store_problem(failure, str(kwargs.get("db", ""))) if is_database_failure(failure) else None
                if problem is None:
                    raise
                tell(problem)
                raise typer.Exit(1) from None
            except (KeyboardInterrupt, Terminated) as stop:
                what, status = _STOPPED[type(stop)]
                notes = "".join(f"; {note}" for note in getattr(stop, "__notes__", ()))
                after_echo = "\n" if sys.stderr.isatty() else ""  # a terminal echoed ^C on the prompt's line
                typer.echo(f"{after_echo}scorebook: {what}{screen_text(notes)}", err=True)
                raise typer.Exit(status) from None
            finally:
                if main:
                    signal.signal(signal.SIGTERM, previous or signal.SIG_DFL)

        return (on or app).command(name, epilog=f"Example: {example}")(run)

    return register


def write_output(path: Path, data: bytes | str | Callable[[Path], None]) -> None:
    """Write a file a command was asked for (-o, --pdf): its folder made first when missing;
    a path that cannot be written (a folder, no permission) is a problem naming it. `data` is
    the file's bytes or text, or what writes it (a parquet frame's writer)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise CannotWriteFile(f"cannot make the folder {path.parent}: a file is in the way", path=str(path)) from None
    try:
        if isinstance(data, bytes):
            path.write_bytes(data)
        elif isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            data(path)
    except OSError as failure:
        raise CannotWriteFile(f"cannot write the file: {failure.strerror or failure}", path=str(path)) from None


def progress_bar() -> Progress:
    """A progress bar that goes away when done, shown on a terminal only: written to a pipe or
    a file, rich leaves a blank line where the bar was, before the command's own output."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console()
    return Progress(console=console, transient=True, disable=not console.is_terminal)


def tell(problem: ScorebookProblem) -> None:
    """A problem on stderr, its control characters (a name's ESC) shown, not run; red on a terminal."""
    typer.echo(painted(screen_text(str(problem)), "problem", err=True), err=True)


def emit(text: str, output: Path | None, *, table: bool = False) -> None:
    """Text to the screen (control characters shown, not run; a `table`'s heading in bold on a
    terminal), or as it is to the file given with -o."""
    if output is None:
        shown = screen_text(text)
        typer.echo(table_painted(shown) if table else shown, nl=False)
    else:
        write_output(output, text)


def output_format(format: Format | None, output: Path | None) -> Format:
    """The format asked, or without --format the one -o's extension names (.csv, .json,
    .parquet), else a table."""
    if format is not None:
        return format
    suffix = output.suffix.lower().lstrip(".") if output is not None else ""
    return Format(suffix) if suffix in ("csv", "json", "parquet") else Format.table


def emit_frame(frame, format: Format | None, output: Path | None) -> None:
    """A polars frame in the format asked (or -o's): a table, JSON or CSV, or a parquet file."""
    from scorebook.reports.render import frame_text

    format = output_format(format, output)
    if format is not Format.parquet:
        return emit(frame_text(frame, format.value), output, table=format is Format.table)
    if output is None:
        raise InvalidOptions("--format parquet writes a file: give -o FILE.parquet")
    write_output(output, frame.write_parquet)


def emit_rows(
    rows: list[dict], columns: tuple[str, ...], format: Format | None, output: Path | None, align: str = "l"
) -> None:
    """Rows in the format asked (or -o's): a table (`align`: an l or r per column), JSON, CSV
    or parquet."""
    format = output_format(format, output)
    if format is Format.parquet:
        import polars as pl

        return emit_frame(pl.DataFrame(rows, schema=list(columns), infer_schema_length=None), format, output)
    from scorebook.reports.render import rows_text

    emit(rows_text(rows, columns, format.value, align), output, table=format is Format.table)


# What an empty result says, so that a new user knows what to do first.
NO_GAMES = "no games stored yet: scorebook import FILE or scorebook game new ..."


def hint(text: str) -> None:
    """One line to stderr beside a result (an empty table): what to do next; control
    characters shown as `tell` shows them (a league's name may hold an ESC)."""
    typer.echo(painted(screen_text(f"scorebook: {text}"), "hint", err=True), err=True)


def is_game_file(game: str | Path) -> bool:
    """Whether a command's GAME is a game file to read (else a stored game's id)."""
    path = Path(game)
    return path.exists() or isinstance(game, Path) or path.suffix == ".game"


def _load(game: str | Path, db: str = DEFAULT_DB):
    """Replay a game file, or a stored game by its id; problems carry file:line:col."""
    from scorebook.files import read_game

    if is_game_file(game):
        return read_game(Path(game))[1]
    from scorebook.store.db import Store

    return Store(db, must_exist=True).replay(str(game))


def box_text(db: str, game_id: str) -> str:
    """A stored game's box score as a text table, as its game writes one (the pitchers'
    decisions with their season to date)."""
    from scorebook.games import game_of
    from scorebook.service.games import stored_box_score
    from scorebook.store.db import Store

    store = Store(db, must_exist=True)
    game = store.replay(game_id)
    return game_of(game).box_table(stored_box_score(store, game_id, game))
