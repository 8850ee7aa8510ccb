"""A store's change counter: a value that changes whenever anything is committed to the store,
by this process or any other (an import, `scorebook record`, a forfeit, a league redefined),
read in a few microseconds: what the website keys the pages it has computed on.

SQLite: `PRAGMA data_version` of a connection kept for it alone, which never writes: SQLite
changes it with every commit of any other connection, in this process or another. PostgreSQL:
the server's current snapshot (`pg_current_snapshot()`: the transactions in progress and the
next one's number), the same as long as no transaction that writes starts or ends. A snapshot
taken after a commit sees it, so data read after the counter is never older than the counter
says (a write that lands between the two only makes the next read miss)."""

from __future__ import annotations

import sqlite3
import threading

from sqlalchemy import text

from scorebook.store.db import Store


class ChangeCounter:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()  # one SQLite connection, read from the server's threads in turn
        self.sqlite: sqlite3.Connection | None = None
        if store.engine.dialect.name == "sqlite" and store.url.startswith("sqlite:///") and len(store.url) > len("sqlite:///"):
            self.sqlite = sqlite3.connect(store.url[len("sqlite:///") :], check_same_thread=False, isolation_level=None)

    def read(self) -> str | None:
        """The counter now; None for a store it cannot tell of (an in-memory SQLite database),
        whose pages are then computed on every request."""
        if self.sqlite is not None:
            with self.lock:
                return str(self.sqlite.execute("PRAGMA data_version").fetchone()[0])
        if self.store.engine.dialect.name == "postgresql":
            with self.store.engine.connect() as db:
                return str(db.execute(text("SELECT pg_current_snapshot()::text")).scalar_one())
        return None
