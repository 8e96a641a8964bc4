"""The migrations build exactly the tables the models describe."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from wallet_conftest import open_member

from portal_kit.db import Database
from wallet_service import models
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.domain import ADJUSTMENTS
from wallet_service.ledger.models import JournalEntry
from wallet_service.ledger.service import main_wallet, move_against_house
from wallet_service.models import Base

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
