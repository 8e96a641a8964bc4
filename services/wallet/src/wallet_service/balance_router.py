"""``GET /wps/v2/wallets/balance``: the caller's wallets in integer minor units (two decimals in the UI)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from portal_kit.db import Database
from portal_kit.envelope import Envelope, ok
from portal_kit.errors import NotFound
from portal_kit.repository import Scoped
from portal_kit.sessions import Principal, Role, require_roles
from wallet_service.ledger.models import LedgerAccount
from wallet_service.schemas import BalanceRead, WalletRead

router = APIRouter(tags=["wallet"])
Caller = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL))]


@router.get("/wps/v2/wallets/balance", operation_id="walletBalance", response_model=Envelope[BalanceRead])
async def wallet_balance(request: Request, principal: Caller) -> Envelope[BalanceRead]:
    db: Database = request.app.state.db
    async with db.reader() as session:
        accounts = (
            await session.scalars(
                Scoped(LedgerAccount)
                .query(principal.merchant, owner_id=principal.account_id)
                .order_by(LedgerAccount.id)
            )
        ).all()
    if not accounts:
        raise NotFound("account.not_found")
    wallets = [WalletRead(wallet=a.kind, available=a.balance - a.held, held=a.held) for a in accounts]
    return ok(
        BalanceRead(currency=accounts[0].currency, scale=2, sum=sum(w.available for w in wallets), wallets=wallets)
    )
