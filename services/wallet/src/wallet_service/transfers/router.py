"""``GCS_walletTransfer`` (main ↔ vendor wallets, transfer-mode brands only), the transfer to upline and an agent's
transfer to a downline."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, ok
from portal_kit.payment_password import verify_payment_password
from wallet_service.deps import Agent, Db, Member, Nats, Settings
from wallet_service.transfers import service
from wallet_service.transfers.schemas import (
    DownlineTransfer,
    DownlineTransferRead,
    UplineRead,
    UplineTransfer,
    UplineTransferRead,
    WalletTransfer,
)

router = APIRouter(tags=["wallet"])


@router.post("/wps/relay/GCS_walletTransfer", operation_id="walletTransfer", response_model=Envelope[dict[str, int]])
async def wallet_transfer(db: Db, member: Member, body: WalletTransfer) -> Envelope[dict[str, int]]:
    """Each of the two wallets' balance after the move, by wallet name."""
    return ok(await service.between_wallets(db, member, body.fromWallet, body.toWallet, body.amount, body.requestId))


@router.get("/wps/v2/wallets/upline", operation_id="upline", response_model=Envelope[UplineRead])
async def upline(db: Db, member: Member) -> Envelope[UplineRead]:
    return ok(await service.upline_of(db, member))


@router.post(
    "/wps/v2/wallets/upline/transfer", operation_id="transferToUpline", response_model=Envelope[UplineTransferRead]
)
async def transfer_to_upline(
    db: Db, nc: Nats, member: Member, body: Annotated[UplineTransfer, Depends(encrypted_body(UplineTransfer))]
) -> Envelope[UplineTransferRead]:
    await verify_payment_password(nc, member.merchant, str(member.account_id), body.paymentPassword)
    return ok(await service.to_upline(db, member, body.amount, body.requestId))


@router.post(
    "/wps/v2/wallets/downline/transfer",
    operation_id="transferToDownline",
    response_model=Envelope[DownlineTransferRead],
)
async def transfer_to_downline(
    db: Db,
    nc: Nats,
    settings: Settings,
    agent: Agent,
    body: Annotated[DownlineTransfer, Depends(encrypted_body(DownlineTransfer))],
) -> Envelope[DownlineTransferRead]:
    """Agents only (a member ``access.denied``, a trial account ``in_need_true_account``): the agent's main wallet to
    the main wallet of any account in its team tree, at any depth (agent-contracts says, within
    ``WALLET_TEAM_MEMBER_TIMEOUT_SECONDS``: ``team.unavailable`` otherwise); anyone else ``downline.not_found``.
    Once per ``requestId``."""
    await verify_payment_password(nc, agent.merchant, str(agent.account_id), body.paymentPassword)
    timeout = settings.team_member_timeout_seconds
    return ok(await service.to_downline(db, nc, agent, body.downlineId, body.amount, body.requestId, timeout))
