"""Work shared among worker processes, where there is enough of it to pay for starting them.

The workers never outlive the command. Killed in any way (SIGKILL too), the parent takes them
with it: on Linux the kernel sends each a SIGTERM when its parent dies (prctl
PR_SET_PDEATHSIG: no polling, no file descriptor to manage, whatever killed the parent);
elsewhere a thread in each worker watches for its parent to change. Stopped (Ctrl-C, SIGTERM,
an exception), the parent drops the work queued (an event tells the workers to skip the items
they hold already) and each worker ends after the item it is on:
a worker terminated mid-task may die halfway through sending its result, and the pool's
thread would then wait for the rest of it forever (the command hung at exit). Ctrl-C reaches
every process of the terminal's group: the workers ignore it and leave the parent to decide,
so none prints a traceback. The pool is shut down when its last result is out, not left to
the garbage collector: a consumer that stops at the last item (zip with the list of items)
left the generator suspended in the pool's `with`, to be closed in whichever thread collected
it, or at the interpreter's exit after the pool's pipes were closed ("Exception ignored ...
cannot join current thread", "Bad file descriptor").
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.synchronize import Event as EventType
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Forked workers are this process's children (the parent they watch) and start with scorebook
# imported; Python 3.14 would otherwise start them from a fork server on Linux.
_CONTEXT = multiprocessing.get_context("fork") if sys.platform == "linux" else None
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def in_processes(function: Callable[[Item], Result], items: Iterable[Item], jobs: int, chunksize: int = 1) -> Iterator[Result]:
    """`function` of every item, in order: in `jobs` worker processes when jobs > 1 and there
    are several items, here otherwise. `function` and the items must pickle (a module-level
    function, or a functools.partial of one)."""
    items = list(items)
    if jobs <= 1 or len(items) <= 1:
        yield from map(function, items)
        return
    context = _CONTEXT or multiprocessing.get_context()
    stopped = context.Event()
    executor = ProcessPoolExecutor(
        min(jobs, len(items)), mp_context=context, initializer=_start_worker, initargs=(os.getpid(), stopped)
    )
    finished = False
    try:
        results = executor.map(functools.partial(_unless_stopped, function), items, chunksize=chunksize)
        for count, result in enumerate(results, 1):
            if count == len(items):
                executor.shutdown()  # the work is done: the workers end now
                finished = True
            yield result
    finally:
        if not finished:  # stopped: the work queued is dropped, each worker ends after its item
            stopped.set()
            executor.shutdown(wait=False, cancel_futures=True)


_STOPPED: list[EventType] = []  # a worker's one event: set when the parent stops reading results


def _unless_stopped(function: Callable[[Item], Result], item: Item) -> Result | None:
    """An item's work, or none once the parent has stopped (the items queued, the rest of a chunk)."""
    return None if _STOPPED and _STOPPED[0].is_set() else function(item)


def _start_worker(parent: int, stopped: EventType) -> None:
    """A worker's first act: Ctrl-C left to the parent, SIGTERM ends it (not the parent's
    handler, which fork copied), and it ends when the parent does."""
    _STOPPED.append(stopped)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent)


def end_with_parent(parent: int) -> None:
    """This process ends when `parent` (its parent's pid) does: by the kernel's signal on
    Linux, else by a thread that looks twice a second."""
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
