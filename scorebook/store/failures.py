"""A database that fails, said as a problem: what failed, which file or server, what to do.

The drivers' own words (sqlite3's, psycopg's, SQLAlchemy's wrapping of them) are matched here
once, for the store (`store/db.py`, as each statement fails), for live scoring and for the
command line's boundary. Nothing is imported here that `record` must not import."""

from __future__ import annotations

import os
import re
from pathlib import Path

from scorebook.problems import CannotOpenStore, CannotWriteStore, ScorebookProblem

_SQLITE = "sqlite:///"


def sqlite_file(url: str) -> Path | None:
    """The database file of an SQLite URL (None for an in-memory one, or another database)."""
    if not url.startswith(_SQLITE) or url[len(_SQLITE) :] in ("", ":memory:"):
        return None
    return Path(url[len(_SQLITE) :].split("?", 1)[0])


NO_STORE_YET = "import games first (scorebook import FILE...), start one (scorebook game new ...), or give --db the store's URL"


def require_store_file(url: str) -> None:
    """An SQLite store's file is there, for what only reads it or must not make it empty."""
    path = sqlite_file(url)
    if path is not None and not path.exists():
        raise CannotOpenStore(f"no store at {path}: {NO_STORE_YET}")


def shown(url: str) -> str:
    """A URL as it is said back: its password hidden."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


# (words of the driver's message, the problem, what it says): the first that matches. A file
# that SQLite cannot open or write is said more closely by `_sqlite_access`.
_MEANINGS: tuple[tuple[str, type[ScorebookProblem], str], ...] = (
    ("readonly database", CannotWriteStore, "the database {where} cannot be written: {access}"),
    ("unable to open database file", CannotOpenStore, "cannot open the database {where}: {access}"),
    ("disk is full", CannotWriteStore, "the disk holding the database {where} is full: what was being stored is not; free some space and run it again"),
    (
        "file is not a database",
        CannotOpenStore,
        "{where} is not an SQLite database, or is damaged: give --db the store's file, or restore the file from a backup",
    ),
    (
        "disk i/o error",
        CannotOpenStore,
        ("reading the database {where} failed (disk I/O error): the file is cut short or damaged, or its disk is failing; "
        "restore it from a backup, or give another --db"),
    ),
    (
        "malformed",
        CannotOpenStore,
        "the database {where} is damaged (SQLite: malformed): restore it from a backup, or import your games into a new --db",
    ),
    (
        "no such table",
        CannotOpenStore,
        ("the database {where} has not scorebook's tables (another program's, or an older scorebook's): "
        "give --db a scorebook store, or import your game files into a new one"),
    ),
    (
        "no such column",
        CannotOpenStore,
        "the database {where} is an older scorebook's (a column is missing): import your game files into a new --db",
    ),
    ("database is locked", CannotWriteStore, "another program holds the database {where} locked: run it again when that one is done"),
    (
        "could not parse sqlalchemy url",
        CannotOpenStore,
        "{where} is not a database URL: give sqlite:///FILE or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE",
    ),
    (
        "can't load plugin",
        CannotOpenStore,
        "{where} names no database scorebook knows: give sqlite:///FILE or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE",
    ),
    (
        "connection refused",
        CannotOpenStore,
        "cannot reach the database server of {where}: nothing listens there; start PostgreSQL, or check the URL's host and port",
    ),
    (
        "resolve host",
        CannotOpenStore,
        "cannot reach the database server of {where}: its host name is not known; check the URL's host",
    ),
    (
        "password",
        CannotOpenStore,
        "the database server of {where} refused the login: check the URL's user and password",
    ),
)


def store_problem(failure: BaseException, url: str) -> ScorebookProblem | None:
    """The problem a database driver's failure means, or None for one not known here."""
    words = str(getattr(failure, "orig", None) or failure).lower()
    path = sqlite_file(url)
    where = str(path or shown(url))
    for phrase, problem, message in _MEANINGS:
        if phrase in words:
            return problem(message.format(where=where, access=_sqlite_access(path) if "{access}" in message else ""))
    if url.startswith("postgresql") and type(getattr(failure, "orig", failure)).__name__ == "OperationalError":
        first = words.splitlines()[0] if words else type(failure).__name__
        return CannotOpenStore(f"the database {shown(url)} failed: {first}; is the server running and the URL right?")
    return None


def _sqlite_access(path: Path | None) -> str:
    """Why SQLite may not open or write a database file, and what to do: SQLite writes the
    -wal and -shm files beside the database, so its folder must be writable too."""
    if path is None:
        return "give --db a database file"
    folder = path.parent.absolute()
    if not folder.is_dir():
        return f"its folder {folder} does not exist; make it, or give another --db"
    if not os.access(folder, os.W_OK):
        return (
            f"its folder {folder} is read-only, and SQLite writes the -wal and -shm files beside the database; "
            "allow writing there, or copy the file to a folder you may write and give --db the copy"
        )
    if path.exists() and not os.access(path, os.W_OK):
        return f"the file is read-only; allow writing it (chmod u+w {path}), or give --db a copy you may write"
    return "check that you may read and write the file and its folder, or give another --db"


def is_database_failure(failure: BaseException) -> bool:
    """Whether an exception comes from a database driver (or SQLAlchemy's wrapping of one)."""
    return type(failure).__module__.split(".")[0] in ("sqlite3", "psycopg", "sqlalchemy")
