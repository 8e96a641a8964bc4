"""One shape per slice (issue 44, item 2): every query a service makes sits in a slice's ``repository.py``.

A slice is a folder of a service's package; its files are ``router.py`` (HTTP only), ``handlers.py`` (events),
``service.py`` (the use case), ``repository.py`` (every query), ``models.py``, ``schemas.py`` and ``domain.py``
(pure rules), each where the slice has that concern. import-linter (``pyproject.toml``) holds the direction between
them; this test holds where the queries are: outside a repository no module builds SQL (no import from SQLAlchemy
but the session's type and its errors, no ``Scoped`` repository of its own) and none runs a statement (no
``execute``, ``scalar``, ``add`` ... on a session, no ``call`` or ``read`` on the kit's ``Database``). A service's
top-level modules are held too, except the wiring that opens the database (``main.py``, ``deps.py``, ``worker.py``)
and the development seed (``seed.py``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every service, a new one included as soon as it exists (the kit is no service).
SERVICES = tuple(sorted(path.parents[1].name for path in (ROOT / "services").glob("*/src/*_service")))

# Files that hold queries or table definitions by their role.
QUERY_HOMES = {"repository.py", "models.py"}
# Top-level wiring: it opens the database and hands sessions to the slices; the seed writes development data.
WIRING = {"main.py", "deps.py", "worker.py", "seed.py", "__init__.py"}
# SQLAlchemy a use case may name: the session's type and the errors a write can raise.
ALLOWED_SQLALCHEMY = {"sqlalchemy.ext.asyncio", "sqlalchemy.exc"}
# A statement run on a session (SQLAlchemy) or on the kit's Database (psycopg).
SESSION_CALLS = {"execute", "scalar", "scalars", "stream", "stream_scalars", "add", "add_all", "merge", "delete",
                 "refresh", "get", "get_one", "flush"}  # fmt: skip
DATABASE_CALLS = {"call", "rows", "read", "read_rows"}
SESSION_NAMES = {"session", "s", "conn", "connection", "tx"}
DATABASE_NAMES = {"db", "database"}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def held_modules() -> Iterator[Path]:
    for service in SERVICES:
        package = ROOT / "services" / service / "src" / f"{service}_service"
        for path in sorted(package.rglob("*.py")):
            relative = path.relative_to(package)
            if "migrations" in relative.parts or path.name in QUERY_HOMES:
                continue
            if len(relative.parts) == 1 and path.name in WIRING:
                continue
            yield path


def receiver_name(node: ast.expr) -> str | None:
    """``session`` for ``session.x``, ``self.session.x`` and ``self._session.x``; ``None`` for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}:
        return node.attr.lstrip("_")
    return None


def findings(path: Path) -> Iterator[Finding]:
    shown = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
    tree = ast.parse(path.read_text(), filename=shown)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "sqlalchemy":
            if node.module not in ALLOWED_SQLALCHEMY:
                yield Finding(shown, node.lineno, f"imports {node.module} (SQL belongs in repository.py)")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sqlalchemy" and alias.name not in ALLOWED_SQLALCHEMY:
                    yield Finding(shown, node.lineno, f"imports {alias.name} (SQL belongs in repository.py)")
        elif isinstance(node, ast.Call):
            function = node.func
            if isinstance(function, ast.Name) and function.id == "Scoped":
                yield Finding(shown, node.lineno, "builds a Scoped repository (it belongs in repository.py)")
            if not isinstance(function, ast.Attribute):
                continue
            name = receiver_name(function.value)
            if name in SESSION_NAMES and function.attr in SESSION_CALLS:
                yield Finding(shown, node.lineno, f"runs {name}.{function.attr}() (queries belong in repository.py)")
            if name in DATABASE_NAMES and function.attr in DATABASE_CALLS:
                yield Finding(shown, node.lineno, f"runs {name}.{function.attr}() (queries belong in repository.py)")


def test_every_service_is_held() -> None:
    assert {"agent_contracts", "auth", "games", "lottery", "notifications", "points", "site", "wallet"} <= set(SERVICES)
    assert "kit" not in SERVICES


def test_queries_live_only_in_repositories() -> None:
    found = [str(finding) for path in held_modules() for finding in findings(path)]
    assert found == [], "queries outside a slice's repository.py:\n" + "\n".join(found)


def test_the_rule_sees_a_query_in_a_use_case(tmp_path: Path) -> None:
    written = tmp_path / "service.py"
    written.write_text(
        "from sqlalchemy import select\n\nasync def use(session, db):\n"
        "    await session.scalar(select(1))\n    await db.call('SELECT 1')\n"
    )
    what = [finding.what for finding in findings(written)]
    assert what == [
        "imports sqlalchemy (SQL belongs in repository.py)",
        "runs session.scalar() (queries belong in repository.py)",
        "runs db.call() (queries belong in repository.py)",
    ]
