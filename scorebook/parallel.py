"""Work shared among worker processes, where there is enough of it to pay for starting them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def in_processes(function: Callable[[Item], Result], items: Iterable[Item], jobs: int, chunksize: int = 1) -> Iterator[Result]:
    """`function` of every item, in order: in `jobs` worker processes when jobs > 1 and there
    are several items, here otherwise. `function` and the items must pickle (a module-level
    function, or a functools.partial of one)."""
    items = list(items)
    if jobs > 1 and len(items) > 1:
        with ProcessPoolExecutor(min(jobs, len(items))) as executor:
            yield from executor.map(function, items, chunksize=chunksize)
    else:
        yield from map(function, items)
