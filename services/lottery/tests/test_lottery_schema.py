"""The migrations build exactly the tables the models describe, and migration 0003 carries a database written before
it: the VN game that had the northern draw's prizes becomes VN_NORTH (its draws still verifiable under the context
they were committed under), and issues that kept their seed from the start are drawn from it."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from psycopg.types.json import Jsonb
from sqlalchemy import create_engine

from lottery_service import models
from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import domain as draws
from lottery_service.draws import service as draw_service
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.models import Base
from lottery_service.settings import LotterySettings
from portal_kit.audit import ALL_BRANDS
from portal_kit.db import Database, libpq_url
from portal_kit.migrations import alembic_config, upgrade
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
LOTTERY_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_lottery_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in LOTTERY_TABLES


def test_migrations_match_the_models(lottery_database_url: str) -> None:
    engine = create_engine(lottery_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_lottery_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


async def test_migration_0003_carries_the_vn_issues_and_the_seeds_written_before_it(
    portal_servers: PortalServers,
) -> None:
    url = portal_servers.database(f"lottery_before_0003_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0002")
    seed, now = bytes(range(32)), datetime.now(UTC)
    north = catalogue().games["VN_NORTH"].category.draw
    drawn_balls = draws.draw(north, seed, "VN_SOUTH:202611200001")  # drawn before the migration, as VN_SOUTH
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        rows = [  # (game, issue, draws at, seed, status, result)
            ("VN_SOUTH", "202611200001", now - timedelta(days=1), seed, "settled", drawn_balls),
            ("VN_SOUTH", "202611210001", now - timedelta(minutes=1), seed[::-1], "open", None),
            ("K3_1M", "202611210001", now - timedelta(minutes=1), seed, "open", None),
        ]
        for game, issue, draws_at, issue_seed, status, result in rows:
            await db.execute(
                "INSERT INTO lottery_issue (game_code, issue, opens_at, closes_at, draws_at, seed, seed_hash, status,"
                " result) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (game, issue, draws_at - timedelta(days=1), draws_at - timedelta(minutes=15), draws_at, issue_seed,
                 draws.seed_hash(issue_seed), status, psycopg.types.json.Jsonb(result) if result else None),
            )  # fmt: skip
    upgrade(MIGRATIONS, url)

    database = Database(url, pool_size=2)
    try:
        keys = SeedKeys.of(LotterySettings(environment="test"))
        drawn = {(issue.game_code, issue.issue) for issue in await draw_service.draw_due(database, catalogue(), keys)}
        assert drawn == {("VN_NORTH", "202611210001"), ("K3_1M", "202611210001")}  # from the seeds they kept
        async with database.reader() as session:
            old = await session.get(Issue, ("VN_NORTH", "202611200001"))
            pending = await session.get(Issue, ("VN_NORTH", "202611210001"))
            k3 = await session.get(Issue, ("K3_1M", "202611210001"))
        assert old is not None and pending is not None and k3 is not None
        assert old.context == "VN_SOUTH:202611200001" and old.result == drawn_balls  # verifiable as published
        assert pending.result == draws.draw(north, seed[::-1], "VN_SOUTH:202611210001") and pending.seed == seed[::-1]
        assert k3.context == "K3_1M:202611210001" and k3.seed == seed and k3.seed_key_id is None
    finally:
        await database.dispose()
    command.downgrade(alembic_config(MIGRATIONS, url), "0002")  # back, the VN issues under the code they had
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        codes = await (await db.execute("SELECT DISTINCT game_code FROM lottery_issue ORDER BY 1")).fetchall()
    assert codes == [("K3_1M",), ("VN_SOUTH",)]


async def test_migration_0004_draws_the_old_stored_seeds_and_no_seed_stored_after_it(
    portal_servers: PortalServers,
) -> None:
    """The issues that kept their seed from the start (written before 0003, or by a worker of that time still running
    while 0003 ran) are marked by 0004 and drawn from it, but for a VN_SOUTH one (only such a worker wrote it, with the
    northern draw's time); after 0004 the database refuses an issue written with a seed, so a worker of an older
    generation left running beside the migration writes none."""
    url = portal_servers.database(f"lottery_before_0004_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0003")
    seed, now = bytes(range(32)), datetime.now(UTC)
    insert = (
        "INSERT INTO lottery_issue (game_code, issue, opens_at, closes_at, draws_at, seed, seed_hash, status)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, 'open')"
    )
    due = now - timedelta(minutes=1)
    old = ("K3_1M", "202611210001", due - timedelta(minutes=1), due - timedelta(seconds=10), due, seed,
           draws.seed_hash(seed))  # fmt: skip
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        await db.execute(insert, old)
        await db.execute(insert, ("VN_SOUTH", "202611210001", *old[2:]))  # by a worker of before 0003, after it
    upgrade(MIGRATIONS, url)

    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        marked = await (await db.execute("SELECT game_code, issue, legacy_seed FROM lottery_issue")).fetchall()
        assert marked == [("K3_1M", "202611210001", True)]  # the VN_SOUTH one dropped: the worker writes it anew
        with pytest.raises(psycopg.errors.RaiseException):
            await db.execute(insert, ("K3_1M", "202611210002", *old[2:]))
    database = Database(url, pool_size=2)
    try:
        keys = SeedKeys.of(LotterySettings(environment="test"))
        taken = await draw_service.draw_due(database, catalogue(), keys)
        assert [(issue.game_code, issue.issue, issue.status) for issue in taken] == [
            ("K3_1M", "202611210001", "drawn")
        ]  # fmt: skip
    finally:
        await database.dispose()
    command.downgrade(alembic_config(MIGRATIONS, url), "0003")


async def test_migration_0006_puts_the_audit_in_the_kit_shape_every_row_every_brands(
    portal_servers: PortalServers,
) -> None:
    """The ops audit written before 0006 had no brand: every action touched an issue, which every brand shares, so each
    row is ``ALL_BRANDS``'s; reason and states become optional, an address is kept. A downgrade gives the old shape
    back, a row without a reason or states with empty ones."""
    url = portal_servers.database(f"lottery_before_0006_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0005")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        await db.execute(
            "INSERT INTO lottery_audit (actor, action, target, reason, before, after) VALUES (%s, %s, %s, %s, %s, %s)",
            ("ops.checker", "issue.void", "K3_1M:202611210001", "a broken feed", Jsonb({"status": "open"}),
             Jsonb({"status": "void", "liveBets": 2})),
        )  # fmt: skip
    upgrade(MIGRATIONS, url)

    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        read = "SELECT merchant, actor, action, target, reason, before, after, ip FROM lottery_audit ORDER BY id"
        assert await (await db.execute(read)).fetchall() == [
            (ALL_BRANDS, "ops.checker", "issue.void", "K3_1M:202611210001", "a broken feed", {"status": "open"},
             {"status": "void", "liveBets": 2}, None),
        ]  # fmt: skip
        indexes = await (
            await db.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'lottery_audit'")
        ).fetchall()
        assert ("ix_lottery_audit_merchant_at",) in indexes
        await db.execute(
            "INSERT INTO lottery_audit (merchant, actor, action, target, ip) VALUES (%s, %s, %s, %s, %s)",
            (ALL_BRANDS, "lottery-worker", "issue.stuck", "K3_1M:202611210002", "10.0.0.1"),
        )
    command.downgrade(alembic_config(MIGRATIONS, url), "0005")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        rows = await (
            await db.execute("SELECT action, reason, before, after FROM lottery_audit ORDER BY id")
        ).fetchall()
        columns = await (
            await db.execute("SELECT column_name FROM information_schema.columns WHERE table_name = 'lottery_audit'")
        ).fetchall()
    assert rows == [
        ("issue.void", "a broken feed", {"status": "open"}, {"status": "void", "liveBets": 2}),
        ("issue.stuck", "", {}, {}),
    ]
    assert {name for (name,) in columns} == {"id", "actor", "action", "target", "reason", "before", "after", "at"}
