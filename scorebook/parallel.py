"""Work shared among worker processes, where there is enough of it to pay for starting them.

The workers never outlive the command. Killed in any way (SIGKILL too), the parent takes them
with it: on Linux the kernel sends each a SIGTERM when its parent dies (prctl
PR_SET_PDEATHSIG: no polling, no file descriptors to manage, and it works whatever killed the
parent); elsewhere a thread in each worker watches for the parent to change. Interrupted or
stopped (Ctrl-C, SIGTERM, an exception), the parent ends them itself at once, not after the
work queued. Ctrl-C reaches every process of the terminal's group: the workers ignore it and
leave the parent to decide, so none prints a traceback. The pool is shut down when its last
result comes out, not left to the garbage collector: a generator closed by the collector in
another thread, or at the interpreter's exit after the pool's pipes are closed, printed
"Exception ignored ... cannot join current thread" or "Bad file descriptor".
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
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
    executor = ProcessPoolExecutor(min(jobs, len(items)), mp_context=_CONTEXT, initializer=_start_worker, initargs=(os.getpid(),))
    finished = False
    try:
        results = executor.map(function, items, chunksize=chunksize)
        for count, result in enumerate(results, 1):
            if count == len(items):
                executor.shutdown()  # the work is done: the workers end now
                finished = True
            yield result
    finally:
        if not finished:  # stopped: the work queued is dropped, each worker ends after its task
            executor.shutdown(wait=False, cancel_futures=True)


def _start_worker(parent: int) -> None:
    """A worker's first act: Ctrl-C left to the parent, SIGTERM ends it (not the parent's
    handler, which fork copied), and it ends when the parent does."""
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
