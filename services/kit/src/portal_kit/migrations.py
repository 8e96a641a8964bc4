"""Per-service Alembic migrations, run as a separate step before a service starts.

A service's ``migrations/env.py`` is two lines: import its models and call ``run_env(Base.metadata)``.
The database URL comes from the ``sqlalchemy.url`` option set by ``upgrade`` or from ``DATABASE_URL``.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from alembic import command, context
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, create_engine, pool

from portal_kit.db import Database, async_url


def sync_url(url: str) -> str:
    """Alembic runs synchronously on psycopg 3 (the same driver, its blocking mode)."""
    return async_url(url)


def run_env(metadata: MetaData) -> None:
    config = context.config
    url = config.get_main_option("sqlalchemy.url") or os.environ["DATABASE_URL"]
    engine = create_engine(sync_url(url), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


def alembic_config(migrations_dir: Path, url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(migrations_dir: Path, url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(migrations_dir, url), revision)


def migrations_of(package: str) -> Path | None:
    """The migrations of the service whose code is the package ``package`` (``points_service``): the folder
    ``migrations`` beside its ``src`` (``services/points/migrations``, where the stack and the images keep them), or
    ``None`` when it has none (the kit)."""
    module = importlib.import_module(package.split(".", 1)[0])
    parents = Path(module.__file__).resolve().parents if module.__file__ else ()
    folder = parents[2] / "migrations" if len(parents) > 2 else None
    return folder if folder is not None and (folder / "env.py").is_file() else None


class SchemaBehind(RuntimeError):
    """The database is not at the service's schema revision."""


class SchemaRevision:
    """Whether a database is at least at the head of ``migrations_dir``: its ``alembic_version`` read until it is,
    then taken as such for the life of the process (a later migration to a newer revision, made for the next release
    during a rolling upgrade, does not take this release's processes out of service). A database at a revision this
    code does not know is ahead of it (the next release's expand step, or a release rolled back from): ready too, so
    an older pod restarted during an upgrade and a rollback of code both serve. Behind is an empty schema, or a
    revision this code knows that is not its head."""

    def __init__(self, migrations_dir: Path) -> None:
        script = ScriptDirectory(str(migrations_dir))
        self.heads = frozenset(script.get_heads())
        self.known = frozenset(revision.revision for revision in script.walk_revisions())
        self.reached = False

    async def check(self, db: Database) -> None:
        """Raise ``SchemaBehind`` when the database is behind the head (a database without the schema raises
        psycopg's ``UndefinedTable``)."""
        if self.reached:
            return
        found = frozenset(str(row[0]) for row in await db.rows("SELECT version_num FROM alembic_version"))
        if not found or (found != self.heads and found <= self.known):
            raise SchemaBehind(f"the database is at {sorted(found)}, this service's schema at {sorted(self.heads)}")
        self.reached = True
