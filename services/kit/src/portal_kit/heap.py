"""A service process's startup heap, kept out of the garbage collector's full passes.

What a process builds to start (modules, classes, models and their schemas, routes, pools: 100-130k objects in a
service here) lives as long as the process, yet CPython's full collection walked all of it again each time the
objects promoted since the last one reached a quarter of it: under load several times a minute, 60-140 ms each
with the process stopped (every request or message it held waited), and next to nothing collected. Frozen at the
end of startup (``gc.freeze``), the full passes walk only what was made after startup: 1-3 ms each.
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
