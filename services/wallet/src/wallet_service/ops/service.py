"""Ops work on a member's money: balance adjustments with a reason, and the audit of every ops action."""

from __future__ import annotations

from portal_kit.db import Database
from portal_kit.paging import Page
from portal_kit.repository import Scoped
from portal_kit.sessions import Principal
from wallet_service import events
from wallet_service.ledger.domain import ADJUSTMENTS, MAX_AMOUNT, MoneyError
from wallet_service.ledger.service import main_wallet, move_against_house
from wallet_service.ops import audit
from wallet_service.ops.models import OpsAudit
from wallet_service.schemas import AdjustmentRead, WalletAuditRead


async def adjust(
    db: Database, merchant: str, account_id: str, actor: Principal, amount: int, reason: str, request_id: str
) -> AdjustmentRead:
    """Credit (positive) or debit (negative) a member's main wallet against the adjustments account, once
    per ``request_id``; a debit never takes more than is spendable. Audited once, not per replay."""
    if amount == 0 or abs(amount) > MAX_AMOUNT:
        raise MoneyError("amount.invalid")
    async with db.transaction() as session:
        wallet = await main_wallet(session, merchant, account_id)
        balance, moved = await move_against_house(
            session, wallet, ADJUSTMENTS, amount, f"adjust:{account_id}:{request_id}", "adjustment"
        )
        if moved:
            audit.record(session, merchant, actor, "balance.adjust", account_id, reason, amount=amount)
    return AdjustmentRead(accountId=account_id, balance=balance, currency=wallet.currency)


async def audit_log(db: Database, merchant: str, page: Page) -> list[WalletAuditRead]:
    async with db.reader() as session:
        rows, _ = await Scoped(OpsAudit).newest_page(session, merchant, page)
    return [
        WalletAuditRead(
            actor=r.actor, action=r.action, target=r.target, reason=r.reason, detail=r.detail, at=events.stamp(r.at)
        )
        for r in rows
    ]  # fmt: skip
