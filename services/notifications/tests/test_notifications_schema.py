"""The migrations build exactly the tables the models describe, and migration 0003 carries the audit rows written
before it into the kit's shape (``portal_kit.audit``) and back."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from notifications_service import models
from notifications_service.models import Base
from notifications_service.ops.models import NotificationsAudit
from notifications_service.ops.schemas import NotificationsAuditRead
from notifications_service.ops.service import audit_log
from psycopg.types.json import Jsonb
from sqlalchemy import create_engine

from portal_kit.audit import AuditFilters
from portal_kit.db import Database, libpq_url
from portal_kit.migrations import alembic_config, upgrade
from portal_kit.paging import Page
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
NOTIFICATIONS_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_notifications_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in NOTIFICATIONS_TABLES


def test_migrations_match_the_models(notifications_database_url: str) -> None:
    engine = create_engine(notifications_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_notifications_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


async def test_migration_0003_keeps_the_audit_rows_written_before_it(portal_servers: PortalServers) -> None:
    url = portal_servers.database(f"notifications_before_0003_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0002")
    state = {"title": "Bayram", "body": "Hafta sonu"}
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        await db.execute(
            "INSERT INTO notifications_audit (merchant, actor, action, target, before, after)"
            " VALUES ('turkeyf2', 'ayse.ops', 'broadcast.write', '7', '{}', %s)",
            (Jsonb(state),),
        )
    upgrade(MIGRATIONS, url)

    database = Database(url, pool_size=2)
    try:
        async with database.transaction() as session:  # a row with no state on one side, as the kit may write it
            session.add(NotificationsAudit(merchant="turkeyf2", actor="ayse.ops", action="broadcast.withdraw",
                                           target="7", before=state, after=None, reason="a typo"))  # fmt: skip
        listed = (await audit_log(database, "turkeyf2", Page(number=1, size=10), AuditFilters())).list
    finally:
        await database.dispose()
    assert [entry.model_dump(exclude={"at"}) for entry in listed] == [
        {"actor": "ayse.ops", "action": "broadcast.withdraw", "target": "7", "before": state, "after": {}},
        {"actor": "ayse.ops", "action": "broadcast.write", "target": "7", "before": {}, "after": state},
    ]
    assert all(isinstance(entry, NotificationsAuditRead) and entry.at.endswith("Z") for entry in listed)

    command.downgrade(alembic_config(MIGRATIONS, url), "0002")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        rows = await (await db.execute("SELECT action, before, after FROM notifications_audit ORDER BY id")).fetchall()
    assert rows == [("broadcast.write", {}, state), ("broadcast.withdraw", state, {})]
