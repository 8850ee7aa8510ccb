"""The live view's watch on the store: how a game page's event stream learns that a statement
was recorded, by this server, another one or `scorebook record` anywhere. On SQLite each stream
reads its game's row a few times a second (one file, one machine: a cheap indexed read). On
PostgreSQL every statement's transaction sends NOTIFY (store/live.py), and each server process
holds one LISTEN connection that wakes the streams following that game; they still read the
row now and then, should a notice be lost with a dropped connection."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

from scorebook.store.db import Store
from scorebook.store.live import CHANNEL, conninfo
from scorebook.web.data import version

WATCH_SECONDS = 0.25  # SQLite: how often a stream reads its game's row; a play shows within a second
NOTICE_SECONDS = 5.0  # PostgreSQL: the row read even when no notice came


class Notices:
    """One server process's LISTEN connection, started by the first stream that needs it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.waiting: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(conninfo(self.url), autocommit=True) as db:
            db.execute(f"LISTEN {CHANNEL}")
            for notice in db.notifies():
                with self.lock:
                    woken = list(self.waiting.get(notice.payload, ()))
                for loop, event in woken:
                    loop.call_soon_threadsafe(event.set)

    async def wait(self, game_id: str, seconds: float) -> None:
        """Until a notice for the game comes, or `seconds` pass."""
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._listen, name="scorebook-listen", daemon=True)
                self.thread.start()
            waiter = (asyncio.get_running_loop(), asyncio.Event())
            self.waiting.setdefault(game_id, set()).add(waiter)
        try:
            await asyncio.wait_for(waiter[1].wait(), seconds)
        except TimeoutError:
            pass
        finally:
            with self.lock:
                self.waiting[game_id].discard(waiter)


async def versions(store: Store, notices: Notices | None, game_id: str, seconds: float) -> AsyncIterator[str]:
    """The game's version now, then each new one, for `seconds`."""
    last, left = "", seconds
    loop = asyncio.get_running_loop()
    while True:
        now = await asyncio.to_thread(lambda: version(store.game(game_id)))
        if now != last:
            yield now
            last = now
        if left <= 0:
            return
        started = loop.time()
        if notices is None:
            await asyncio.sleep(min(WATCH_SECONDS, left))
        else:
            await notices.wait(game_id, min(NOTICE_SECONDS, left))
        left -= loop.time() - started
