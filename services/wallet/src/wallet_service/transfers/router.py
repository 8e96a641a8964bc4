"""``GCS_walletTransfer`` (main ↔ vendor wallets, transfer-mode brands only) and the transfer to upline."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, ok
from wallet_service import payment_password
from wallet_service.deps import Db, Member, Nats
from wallet_service.ledger.domain import MAIN, MoneyError
from wallet_service.merchants.service import rules_of
from wallet_service.money import service as money
from wallet_service.schemas import UplineRead, UplineTransfer, UplineTransferRead, WalletTransfer
from wallet_service.transfers import service

router = APIRouter(tags=["wallet"])


@router.post("/wps/relay/GCS_walletTransfer", operation_id="walletTransfer", response_model=Envelope[dict[str, int]])
async def wallet_transfer(db: Db, member: Member, body: WalletTransfer) -> Envelope[dict[str, int]]:
    """Each of the two wallets' balance after the move, by wallet name."""
    async with db.reader() as session:
        rules = await rules_of(session, member.merchant)
    if rules.is_single:
        raise MoneyError("wallet.single_mode")
    wallets = {MAIN, *rules.vendor_wallets()}
    if body.fromWallet not in wallets or body.toWallet not in wallets:
        raise MoneyError("wallet.unknown")
    account_id = str(member.account_id)
    result = await money.transfer(
        db, member.merchant, account_id, body.fromWallet, body.toWallet, body.amount, f"{account_id}:{body.requestId}"
    )
    if not result["success"]:
        raise MoneyError(str(result["errorCode"]))
    return ok(result["value"])


@router.get("/wps/v2/wallets/upline", operation_id="upline", response_model=Envelope[UplineRead])
async def upline(db: Db, member: Member) -> Envelope[UplineRead]:
    return ok(await service.upline_of(db, member))


@router.post(
    "/wps/v2/wallets/upline/transfer", operation_id="transferToUpline", response_model=Envelope[UplineTransferRead]
)
async def transfer_to_upline(
    db: Db, nc: Nats, member: Member, body: Annotated[UplineTransfer, Depends(encrypted_body(UplineTransfer))]
) -> Envelope[UplineTransferRead]:
    await payment_password.verify(nc, member.merchant, str(member.account_id), body.paymentPassword)
    return ok(await service.to_upline(db, member, body.amount, body.requestId))
