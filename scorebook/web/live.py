"""The live view's watch on the store: how a game page's event stream learns that a statement
was recorded, by this server, another one or `scorebook record` anywhere. Each server process
watches each game its streams follow once, for all of them (two hundred spectators of one game
cost one watch): on SQLite it reads the store's change counter (store/version.py) ten times a
second and the game's row only when the counter moved; on PostgreSQL every statement's
transaction sends NOTIFY (store/live.py), and the process's one LISTEN connection wakes the
game's watch, which still reads the row now and then, should a notice be lost with a dropped
connection. Each change wakes every stream of the game at once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

from scorebook.store.db import Store
from scorebook.store.live import CHANNEL, conninfo
from scorebook.store.version import ChangeCounter
from scorebook.web.data import version

WATCH_SECONDS = 0.1  # SQLite: how often a game's watch reads the store's change counter
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


class Watch:
    """One server process's watch on the games its streams follow."""

    def __init__(self, store: Store, notices: Notices | None) -> None:
        self.store, self.notices = store, notices
        self.counter = ChangeCounter(store) if notices is None else None
        self.games: dict[str, Followed] = {}

    async def versions(self, game_id: str, seconds: float) -> AsyncIterator[str]:
        """The game's version now, then each new one, for `seconds`."""
        followed = self.games.get(game_id)
        if followed is None:
            followed = self.games[game_id] = Followed()
            followed.task = asyncio.create_task(self._watch(game_id, followed))
        followed.streams += 1
        loop = asyncio.get_running_loop()
        ends = loop.time() + seconds
        try:
            await followed.read.wait()
            shown = followed.version
            yield shown
            while (left := ends - loop.time()) > 0:
                changed = followed.changed
                if followed.version == shown:
                    try:
                        await asyncio.wait_for(changed.wait(), left)
                    except TimeoutError:
                        return
                shown = followed.version
                yield shown
        finally:
            followed.streams -= 1

    def _version(self, game_id: str) -> str:
        return version(self.store.game(game_id))

    async def _watch(self, game_id: str, followed: Followed) -> None:
        """The game's version read again each time the store may have changed, for as long as
        a stream follows it; every stream woken when it did."""
        try:
            seen = self.counter.read() if self.counter else None
            followed.version = await asyncio.to_thread(self._version, game_id)
            followed.read.set()
            while followed.streams:
                if self.notices is None:
                    await asyncio.sleep(WATCH_SECONDS)
                    now = self.counter.read() if self.counter else None
                    if now is not None and now == seen:
                        continue
                    seen = now
                else:
                    await self.notices.wait(game_id, NOTICE_SECONDS)
                current = await asyncio.to_thread(self._version, game_id)
                if current != followed.version:
                    followed.version = current
                    followed.changed.set()
                    followed.changed = asyncio.Event()
        finally:  # no stream left; or the game deleted (NotFound): its streams end with their time
            followed.read.set()
            self.games.pop(game_id, None)


class Followed:
    """A watched game: its version, the event its streams wait on, how many follow it."""

    def __init__(self) -> None:
        self.version = ""
        self.read = asyncio.Event()  # set once the version is first read
        self.changed = asyncio.Event()
        self.streams = 0
        self.task: asyncio.Task | None = None  # kept: a task nobody holds may be collected
