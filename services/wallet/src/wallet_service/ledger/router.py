"""``GET /wps/v2/wallets/balance``: the caller's wallets in integer minor units (two decimals in the UI)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from portal_kit.envelope import Envelope, ok_response
from portal_kit.errors import NotFound
from portal_kit.sessions import Principal, Role, require_roles
from wallet_service.ledger.domain import BONUS
from wallet_service.ledger.repository import member_wallets
from wallet_service.ledger.schemas import BalanceRead, WalletRead

router = APIRouter(tags=["wallet"])
Caller = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL))]


def spendable(wallets: list[WalletRead]) -> int:
    """What the member can spend: every wallet but the bonus wallet (held until its wagering is met)."""
    return sum(wallet.available for wallet in wallets if wallet.wallet != BONUS)


@router.get("/wps/v2/wallets/balance", operation_id="walletBalance", response_model=Envelope[BalanceRead])
async def wallet_balance(request: Request, principal: Caller) -> Response:
    # A hot read: one prepared statement, no ORM, no use case between (repository.py).
    accounts = await member_wallets(request.app.state.db, principal.merchant, principal.account_id)
    if not accounts:
        raise NotFound("account.not_found")
    wallets = [WalletRead(wallet=kind, available=available, held=held) for kind, available, held, _ in accounts]
    return ok_response(BalanceRead(currency=accounts[0][3], scale=2, sum=spendable(wallets), wallets=wallets))
