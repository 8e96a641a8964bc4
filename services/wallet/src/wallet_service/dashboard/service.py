"""The brand's deposits and withdrawals by day for the ops dashboards, and its reconciliation report."""

from __future__ import annotations

from datetime import UTC, date, datetime

from portal_kit.daily import Days
from portal_kit.db import Database
from wallet_service.dashboard import repository
from wallet_service.dashboard.models import MoneyDay
from wallet_service.dashboard.schemas import (
    BalanceDifferenceRead,
    CurrencyCheckRead,
    LedgerTotalRead,
    MoneyDayRead,
    ReconciliationRead,
    UnbalancedTransactionRead,
)


def _read(day: date, currency: str, row: MoneyDay | None) -> MoneyDayRead:
    if row is None:
        return MoneyDayRead(
            day=day.isoformat(), currency=currency, deposits=0, depositAmount=0, withdrawals=0, withdrawalAmount=0
        )
    return MoneyDayRead(
        day=day.isoformat(), currency=currency, deposits=row.deposits, depositAmount=row.deposited,
        withdrawals=row.withdrawals, withdrawalAmount=row.withdrawn,
    )  # fmt: skip


async def money(db: Database, merchant: str, days: Days) -> list[MoneyDayRead]:
    """Every day of the range in each currency the brand moved money in during the range (none: an empty list)."""
    async with db.reader() as session:
        rows = {(row.day, row.currency): row for row in await repository.days(session, merchant, days)}
    currencies = sorted({currency for _, currency in rows})
    return [_read(day, currency, rows.get((day, currency))) for day in days.each() for currency in currencies]


async def reconciliation(db: Database, merchant: str) -> ReconciliationRead:
    """The brand's ledger checked in one read (one snapshot): its totals by kind, each currency's sum, and every
    balance or transaction that does not add up."""
    async with db.reader() as session:
        await repository.one_snapshot(session)
        totals = await repository.ledger_totals(session, merchant)
        differences = await repository.balance_differences(session, merchant)
        unbalanced = await repository.unbalanced_transactions(session, merchant)
    sums: dict[str, int] = {}
    for row in totals:
        sums[row["currency"]] = sums.get(row["currency"], 0) + int(row["balance"])
    currencies = [
        CurrencyCheckRead(currency=code, total=total, balanced=total == 0) for code, total in sorted(sums.items())
    ]
    return ReconciliationRead(
        checkedAt=datetime.now(UTC).isoformat(),
        balanced=all(check.balanced for check in currencies) and not differences and not unbalanced,
        currencies=currencies,
        totals=[
            LedgerTotalRead(
                currency=row["currency"],
                kind=row["kind"],
                house=bool(row["house"]),
                trial=bool(row["trial"]),
                accounts=int(row["accounts"]),
                balance=int(row["balance"]),
                held=int(row["held"]),
            )
            for row in totals
        ],
        differences=[
            BalanceDifferenceRead(
                accountId=row["owner_id"],
                kind=row["kind"],
                currency=row["currency"],
                balance=int(row["balance"]),
                journal=int(row["journal"]),
            )
            for row in differences
        ],
        differenceCount=repository.found_of(differences),
        unbalanced=[
            UnbalancedTransactionRead(
                transactionId=int(row["id"]), idempotencyKey=row["idempotency_key"], total=int(row["total"])
            )
            for row in unbalanced
        ],
        unbalancedCount=repository.found_of(unbalanced),
    )
