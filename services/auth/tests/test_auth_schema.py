"""The migrations build exactly the tables the models describe, and they run on a database that has rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text

from auth_service import models
from auth_service.models import Base
from portal_kit.migrations import alembic_config, sync_url
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
# The kit's Base is shared: in a test process it also holds the tables of other services' models.
AUTH_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_auth_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in AUTH_TABLES


def test_migrations_match_the_models(auth_database_url: str) -> None:
    engine = create_engine(sync_url(auth_database_url))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_auth_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_the_audit_takes_the_kits_shape_over_existing_rows_and_back(portal_servers: PortalServers) -> None:
    """0008 runs on an audit that has rows (they keep everything, with no reason) and its downgrade restores the
    old shape."""
    url = portal_servers.database("auth_audit_shape")
    config = alembic_config(MIGRATIONS, url)
    command.upgrade(config, "0007")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO auth_audit (merchant, actor, action, target, after, ip) "
                    """VALUES ('*', 'root', 'ops.login', 'p-1', '{"tries": 1}', '10.0.0.1')"""
                )
            )
        command.upgrade(config, "0008")
        with engine.connect() as connection:
            row = connection.execute(text("SELECT actor, action, after, ip, reason FROM auth_audit")).one()
        assert tuple(row) == ("root", "ops.login", {"tries": 1}, "10.0.0.1", None)
        command.downgrade(config, "0007")
        with engine.connect() as connection:
            columns = connection.execute(
                text("SELECT column_name FROM information_schema.columns WHERE table_name = 'auth_audit'")
            ).scalars()
            assert "reason" not in set(columns)
            assert connection.execute(text("SELECT count(*) FROM auth_audit")).scalar() == 1
    finally:
        engine.dispose()
