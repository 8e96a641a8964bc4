"""The money dashboard, ``GET /wps/ops/wallet/merchants/{code}/dashboard/money``: deposits credited and withdrawals
paid each UTC day (count and sum; a row a day for each currency the brand moved money in), and
``GET …/dashboard/reconciliation``: the brand's ledger checked now; for an ops person of the brand who reads its
figures (viewer, finance, admin; not a content editor); everyone else 401 or 403."""

from __future__ import annotations

from fastapi import APIRouter

from portal_kit.daily import DayRange
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsFinanceReader
from wallet_service.dashboard import service
from wallet_service.dashboard.schemas import MoneyDayRead, ReconciliationRead
from wallet_service.deps import Db

router = APIRouter(prefix="/wps/ops/wallet/merchants/{code}/dashboard", tags=["wallet ops"])


@router.get("/money", operation_id="opsMoneyByDay", response_model=Envelope[list[MoneyDayRead]])
async def money(code: str, actor: OpsFinanceReader, days: DayRange, db: Db) -> Envelope[list[MoneyDayRead]]:
    return ok(await service.money(db, code, days))


@router.get("/reconciliation", operation_id="opsReconciliation", response_model=Envelope[ReconciliationRead])
async def reconciliation(code: str, actor: OpsFinanceReader, db: Db) -> Envelope[ReconciliationRead]:
    """The brand's reconciliation report, checked now: its ledger's totals and every way it does not add up."""
    return ok(await service.reconciliation(db, code))
