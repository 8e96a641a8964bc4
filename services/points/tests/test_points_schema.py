"""The migrations build exactly the tables the models describe."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import psycopg
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from points_service import models
from points_service.models import Base
from portal_kit.db import libpq_url
from portal_kit.migrations import upgrade
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_our_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in TABLES


def test_migrations_match_the_models(points_database_url: str) -> None:
    engine = create_engine(points_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_our_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


async def test_events_consumed_before_the_one_consumer_per_event_are_not_applied_again(
    portal_servers: PortalServers,
) -> None:
    """A stack that ran with earning's consumers: what they claimed counts as consumed under the new names."""
    url = portal_servers.database(f"points_before_0011_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0010")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
        for consumer, event in (("points__earn_game_bet", "e1"), ("points__earn_game_bet", "e2"),
                                ("points__earn_deposit", "d1"), ("points__know_member", "r1"),
                                ("points__game_bet", "e2")):  # fmt: skip
            await connection.execute(
                "INSERT INTO inbox (consumer, event_id, subject) VALUES (%s, %s, 'x')", (consumer, event)
            )
    upgrade(MIGRATIONS, url)
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
        rows = await (await connection.execute("SELECT consumer, event_id FROM inbox ORDER BY 1, 2")).fetchall()
    assert [tuple(row) for row in rows if not row[0].startswith("points__earn") and row[0] != "points__know_member"] == [
        ("points__deposit", "d1"), ("points__game_bet", "e1"), ("points__game_bet", "e2"), ("points__registered", "r1"),
    ]  # fmt: skip
