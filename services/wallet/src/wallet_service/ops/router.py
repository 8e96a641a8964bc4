"""Ops calls on a member's money: balance adjustments with a reason, any member's journal, the audit."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from sqlalchemy import select

from portal_kit.envelope import ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import BrandOps
from wallet_service import events
from wallet_service.deps import Db
from wallet_service.ledger.domain import ADJUSTMENTS, MoneyError
from wallet_service.ledger.service import main_wallet, move_against_house
from wallet_service.ops import audit
from wallet_service.ops.models import OpsAudit
from wallet_service.records import service as records
from wallet_service.schemas import Adjustment

ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])
Paging = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


@ops.post("/accounts/{account_id}/adjustments", operation_id="opsAdjustBalance")
async def adjust(code: str, account_id: str, db: Db, actor: BrandOps, body: Adjustment) -> Any:
    """Credit (positive) or debit (negative) a member's main wallet against the adjustments account, once
    per ``requestId``; a debit never takes more than is spendable."""
    if body.amount == 0 or abs(body.amount) > 10**15:
        raise MoneyError("amount.invalid")
    async with db.transaction() as session:
        wallet = await main_wallet(session, code, account_id)
        balance = await move_against_house(
            session, wallet, ADJUSTMENTS, body.amount, f"adjust:{account_id}:{body.requestId}", "adjustment"
        )
        audit.record(session, code, actor, "balance.adjust", account_id, body.reason, amount=body.amount)
    return ok({"accountId": account_id, "balance": balance, "currency": wallet.currency})


@ops.get("/accounts/{account_id}/journal", operation_id="opsMemberJournal")
async def member_journal(code: str, account_id: str, db: Db, actor: BrandOps, page: Paging) -> Any:
    return ok(await records.journal(db, code, account_id, page))


@ops.get("/audit", operation_id="opsWalletAudit")
async def audit_log(code: str, db: Db, actor: BrandOps, page: Paging) -> Any:
    async with db.reader() as session:
        rows = (
            await session.scalars(
                select(OpsAudit)
                .where(OpsAudit.merchant == code)
                .order_by(OpsAudit.id.desc())
                .offset(page.offset)
                .limit(page.size)
            )
        ).all()
    return ok(
        [
            {"actor": r.actor, "action": r.action, "target": r.target, "reason": r.reason, "detail": r.detail,
             "at": events.stamp(r.at)}
            for r in rows
        ]
    )  # fmt: skip
