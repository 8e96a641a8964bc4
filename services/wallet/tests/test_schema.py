"""The migrations build exactly the tables the models describe, and migration 0010 carries the audit rows written
before it into the kit's shape (the ops API shows them as it did) and back."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from psycopg.types.json import Jsonb
from sqlalchemy import create_engine, delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from wallet_conftest import open_member

from portal_kit.audit import AuditFilters
from portal_kit.db import Database, libpq_url
from portal_kit.migrations import alembic_config, upgrade
from portal_kit.paging import Page
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import PortalServers
from wallet_service import models
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.domain import ADJUSTMENTS
from wallet_service.ledger.models import JournalEntry
from wallet_service.ledger.service import main_wallet, move_against_house
from wallet_service.merchants.service import change_by_ops
from wallet_service.models import Base
from wallet_service.oversight.service import audit_log, record

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
# Rows of the audit as the wallet wrote them before migration 0010, each with its old ``detail``.
OLD_DETAILS: list[tuple[str, dict[str, Any]]] = [
    (
        "settings.change",
        {"before": {"mode": "single", "vendors": []}, "after": {"mode": "transfer", "vendors": ["PG"]}},
    ),
    ("withdrawal.approve", {"amount": 9_000, "accountId": "m-1", "statusBefore": "pending", "statusAfter": "approved"}),
    ("balance.adjust", {"amount": 2_500, "balanceBefore": 0, "balanceAfter": 2_500}),
]

# The kit's Base is shared: in a test process it also holds the tables of other services' models.
WALLET_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_wallet_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in WALLET_TABLES


def test_migrations_match_the_models(wallet_database_url: str) -> None:
    engine = create_engine(wallet_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_wallet_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


async def test_the_database_refuses_to_change_or_remove_a_journal_line_and_zero_amounts(wallet_db: Database) -> None:
    await open_member(wallet_db, "m-journal")
    async with wallet_db.transaction() as session:
        await move_against_house(
            session, await main_wallet(session, "turkeyf2", "m-journal"), ADJUSTMENTS, 700, "journal-test", "adjustment"
        )
    for statement in (
        update(JournalEntry).values(amount=JournalEntry.amount + 1),
        delete(JournalEntry),
        update(JournalEntry).values(balance_after=0),
    ):
        with pytest.raises(DBAPIError, match="journal entries are immutable"):
            async with wallet_db.transaction() as session:
                await session.execute(statement)
    async with wallet_db.reader() as session:
        lines = (await session.scalars(select(JournalEntry.amount).order_by(JournalEntry.id))).all()
    assert sorted(lines) == [-700, 700]
    with pytest.raises(IntegrityError, match="ck_deposit_amount_positive"):
        async with wallet_db.transaction() as session:
            session.add(
                Deposit(id=str(uuid.uuid4()), merchant="turkeyf2", account_id="m-journal", request_id="z",
                        channel="SANDBOX", amount=0, currency="TRY", status="pending")
            )  # fmt: skip


async def test_the_audit_written_before_the_kit_shape_reads_as_it_did_and_migrates_back(
    portal_servers: PortalServers,
) -> None:
    url = portal_servers.database(f"wallet_before_0010_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0009")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
        for action, detail in OLD_DETAILS:
            await connection.execute(
                "INSERT INTO money_audit (merchant, actor, action, target, detail) VALUES ('turkeyf2', 'asli', %s, 'x', %s)",
                (action, Jsonb(detail)),
            )
    upgrade(MIGRATIONS, url)

    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
        rows = await (await connection.execute("SELECT before, after, ip FROM money_audit ORDER BY id")).fetchall()
    assert rows == [(None, detail, None) for _, detail in OLD_DETAILS]
    db = Database(url, pool_size=2)
    try:
        admin = Principal(Role.OPS, "turkeyf2", username="burak", ops_roles=frozenset({OpsRole.ADMIN}))
        await change_by_ops(db, "turkeyf2", admin, {"confirm_minutes": 45})
        async with db.transaction() as session:  # an action with no state before (most of them)
            record(session, "turkeyf2", admin, "balance.adjust", "m-1", "goodwill", after={"amount": 5})
        listed = await audit_log(db, "turkeyf2", Page(1, 50), AuditFilters())
        shown = [(row.actor, row.action, row.detail) for row in listed.list]
    finally:
        await db.dispose()
    changed = {"before": {"confirmMinutes": 30}, "after": {"confirmMinutes": 45}}
    assert shown == [
        ("burak", "balance.adjust", {"amount": 5}),
        ("burak", "settings.change", changed),
        *[("asli", action, detail) for action, detail in reversed(OLD_DETAILS)],
    ]

    command.downgrade(alembic_config(MIGRATIONS, url), "0009")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
        back = await (await connection.execute("SELECT action, detail FROM money_audit ORDER BY id DESC")).fetchall()
    assert [tuple(row) for row in back] == [(action, detail) for _, action, detail in shown]  # as the ops API showed
