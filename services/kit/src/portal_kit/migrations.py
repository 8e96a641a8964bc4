"""Per-service Alembic migrations, run as a separate step before a service starts.

A service's ``migrations/env.py`` is two lines: import its models and call ``run_env(Base.metadata)``.
The database URL comes from the ``sqlalchemy.url`` option set by ``upgrade`` or from ``DATABASE_URL``.
"""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command, context
from alembic.config import Config
from sqlalchemy import MetaData, create_engine, pool

from portal_kit.db import async_url


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
