"""The runtime lock, ``requirements-runtime.lock``: the pins of ``requirements.lock`` that the requirements of
``requirements-runtime.txt`` reach, dependencies of dependencies included, and nothing else.

``python -m portal_stack.locks`` writes it; ``--check`` exits 1 when the file differs from what it would write. The
development lock stays the one source of truth: every runtime pin is copied from it, so the image (which installs
the runtime lock) runs exactly the versions the tests ran. It is computed from the dependency metadata of the
packages installed in this environment (made from ``requirements.lock`` by ``./portal``), with the environment
markers evaluated for this platform, the image's (Linux, CPython 3.11).
"""

from __future__ import annotations

import importlib.metadata as metadata
import sys
from collections.abc import Iterable
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from portal_stack.services import REPO

RUNTIME_REQUIREMENTS = REPO / "requirements-runtime.txt"
DEVELOPMENT_LOCK = REPO / "requirements.lock"
RUNTIME_LOCK = REPO / "requirements-runtime.lock"
HEADER = (
    "# The services' run-time pins, for the image: made by `python -m portal_stack.locks` from requirements.lock\n"
    "# (its subset reached from requirements-runtime.txt). Do not edit; change requirements-runtime.txt and the lock.\n"
)


def requirements(path: Path) -> list[Requirement]:
    """The requirements a requirements file names (comments, blank lines and options left out)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [Requirement(line) for line in lines if line and not line.startswith("-")]


def pins(lock: Path) -> dict[str, str]:
    """``{canonical name: its line}`` of a lock of ``name==version`` lines."""
    return {canonicalize_name(line.split("==", 1)[0]): line for line in lock.read_text().splitlines() if "==" in line}


def _needed(requirement: Requirement, extras: Iterable[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in ("", *extras))


def closure(roots: Iterable[Requirement], locked: dict[str, str]) -> set[str]:
    """The canonical names ``roots`` reach through the installed packages' dependencies (extras followed)."""
    seen: dict[str, set[str]] = {}
    queue = [(root, set[str]()) for root in roots]
    while queue:
        requirement, parent_extras = queue.pop()
        if not _needed(requirement, parent_extras):
            continue
        name = canonicalize_name(requirement.name)
        if name not in locked:
            raise LookupError(f"{requirement.name} is not pinned in requirements.lock")
        extras = set(requirement.extras)
        if name in seen and extras <= seen[name]:
            continue
        seen[name] = seen.get(name, set()) | extras
        installed = metadata.distribution(name)
        if f"{installed.metadata['Name']}=={installed.version}".lower() != locked[name].lower():
            raise LookupError(f"{name} {installed.version} is installed, not {locked[name]}: run ./portal first")
        queue.extend((Requirement(text), seen[name]) for text in installed.requires or [])
    return set(seen)


def runtime_lock(runtime: Path = RUNTIME_REQUIREMENTS, lock: Path = DEVELOPMENT_LOCK) -> str:
    """The text of the runtime lock: the development lock's lines the runtime requirements reach, in its order."""
    locked = pins(lock)
    needed = closure(requirements(runtime), locked)
    return HEADER + "".join(f"{line}\n" for name, line in locked.items() if name in needed)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = runtime_lock()
    if args == ["--check"]:
        if RUNTIME_LOCK.is_file() and RUNTIME_LOCK.read_text() == text:
            return 0
        print("requirements-runtime.lock is stale: run python -m portal_stack.locks", file=sys.stderr)
        return 1
    RUNTIME_LOCK.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
