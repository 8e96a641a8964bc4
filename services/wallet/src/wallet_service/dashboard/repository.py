"""Reads of the money per day, and the brand's reconciliation: its ledger's totals and every way it does not add
up (the checks of ``python -m wallet_service.reconcile``, for one brand)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import RowMapping, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.daily import Days
from wallet_service.dashboard.models import MoneyDay


async def days(session: AsyncSession, merchant: str, days: Days) -> list[MoneyDay]:
    query = select(MoneyDay).where(MoneyDay.merchant == merchant, MoneyDay.day.between(days.first, days.last))
    return list((await session.scalars(query)).all())


REPORTED = 100  # the rows of each problem a report lists (their count is always whole)

_TOTALS = text(  # a house account's shards (``house:games#3``) counted as their kind
    "SELECT currency, split_part(kind, '#', 1) AS kind, owner_id = 'house' AS house, trial, count(*) AS accounts, "
    "COALESCE(SUM(balance), 0) AS balance, COALESCE(SUM(held), 0) AS held "
    "FROM ledger_account WHERE merchant = :merchant GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4, 2"
)
_DIFFERENCES = text(
    "SELECT a.owner_id, a.kind, a.currency, a.balance, COALESCE(SUM(e.amount), 0) AS journal, count(*) OVER () AS found "
    "FROM ledger_account a LEFT JOIN journal_entry e ON e.account_id = a.id WHERE a.merchant = :merchant "
    "GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0) ORDER BY a.id LIMIT :limit"
)
_UNBALANCED = text(
    "SELECT t.id, t.idempotency_key, SUM(e.amount) AS total, count(*) OVER () AS found "
    "FROM money_transaction t JOIN journal_entry e ON e.transaction_id = t.id WHERE t.merchant = :merchant "
    "GROUP BY t.id HAVING SUM(e.amount) <> 0 ORDER BY t.id LIMIT :limit"
)


async def one_snapshot(session: AsyncSession) -> None:
    """The session's statements read one snapshot (repeatable read): called before its first."""
    await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


async def ledger_totals(session: AsyncSession, merchant: str) -> list[RowMapping]:
    """Per currency and kind of account (the house's or members', trial or not): how many, their balances, held."""
    return list((await session.execute(_TOTALS, {"merchant": merchant})).mappings())


async def balance_differences(session: AsyncSession, merchant: str) -> list[RowMapping]:
    """The brand's accounts whose balance is not the sum of their journal (the first ``REPORTED``; ``found``: all)."""
    return list((await session.execute(_DIFFERENCES, {"merchant": merchant, "limit": REPORTED})).mappings())


async def unbalanced_transactions(session: AsyncSession, merchant: str) -> list[RowMapping]:
    """The brand's transactions whose entries do not sum to zero (the first ``REPORTED``; ``found``: all)."""
    return list((await session.execute(_UNBALANCED, {"merchant": merchant, "limit": REPORTED})).mappings())


def found_of(rows: list[RowMapping]) -> int:
    first: Any = rows[0]["found"] if rows else 0
    return int(first)
