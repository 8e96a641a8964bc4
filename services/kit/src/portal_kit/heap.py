"""A service process's startup heap, kept out of the garbage collector's full passes.

What a process builds to start (modules, classes, models and their schemas, routes, pools: most of its objects)
lives as long as the process, yet CPython's full collection walked all of it again each time the objects promoted
since the last one reached a quarter of it: under load again and again, each pass with the process stopped (every
request or message it held waited), and next to nothing collected. Frozen at the end of startup (``gc.freeze``),
the full passes walk only what was made after startup (what that measured: ``tests/bench/README.md``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def startup_heap_frozen() -> Iterator[None]:
    """Around a process's running life, after its startup. Not collected first: a full pass over a large heap (a test
    process's) costs more than the startup's garbage it would find (a few hundred objects in a service), which stays
    until the thaw. Thawed on the way out, so a process that starts and stops app after app (a test run) still
    collects theirs."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
