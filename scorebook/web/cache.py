"""What the pages computed, kept until the store changes: a league page's standings and leaders
read every fact of the season, and are the same for every visitor until a game is stored,
recorded or undone, a forfeit given or a league redefined. Each request reads the store's
change counter (store/version.py) first; a counter other than the one the kept pages were
computed at empties the cache. Each server process (`--workers`) keeps its own."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from scorebook.store.db import Store
from scorebook.store.version import ChangeCounter

T = TypeVar("T")
KEPT = 512  # pages' data kept at most, the least recently read dropped first: a season's games would not fit


class PageCache:
    def __init__(self, store: Store) -> None:
        self.counter = ChangeCounter(store)
        self.lock = threading.Lock()
        self.version: str | None = None
        self.kept: OrderedDict[Hashable, object] = OrderedDict()

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The data of `key` as computed at the store's version now: kept, or computed now and
        kept (never kept when the counter cannot tell the version)."""
        now = self.counter.read()  # before the data is read: data newer than its version only costs a miss
        with self.lock:
            if now != self.version:
                self.kept.clear()
                self.version = now
            if now is not None and key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]  # type: ignore[return-value]
        value = compute()
        with self.lock:
            if now is not None and self.version == now:
                self.kept[key] = value
                while len(self.kept) > KEPT:
                    self.kept.popitem(last=False)
        return value
