"""A member's transfers: between its own wallets (main and the brand's vendor wallets, transfer-mode brands only),
and to upline, from its main wallet to the main wallet of its agent (the upline named at registration), with its
payment password; each idempotent by the member's request id."""

from __future__ import annotations

from typing import Any

from portal_kit.db import Database
from portal_kit.sessions import Principal
from wallet_service.accounts import service as accounts
from wallet_service.ledger.domain import MAIN, Leg, MoneyError, checked_amount, fingerprint
from wallet_service.ledger.service import answer, claim, main_wallet, post
from wallet_service.merchants.service import brand_rules
from wallet_service.money import service as money
from wallet_service.transfers.schemas import UplineRead, UplineTransferRead


async def between_wallets(
    db: Database, member: Principal, source: str, target: str, amount: int, request_id: str
) -> dict[str, int]:
    """Move money between the member's main and vendor wallets; each wallet's balance after, by its name."""
    rules = await brand_rules(db, member.merchant)
    if rules.is_single:
        raise MoneyError("wallet.single_mode")
    wallets = {MAIN, *rules.vendor_wallets()}
    if source not in wallets or target not in wallets:
        raise MoneyError("wallet.unknown")
    account_id = str(member.account_id)
    result = await money.transfer(db, member.merchant, account_id, source, target, amount, f"{account_id}:{request_id}")
    if not result["success"]:
        raise MoneyError(str(result["errorCode"]))
    moved: dict[str, int] = result["value"]
    return moved


async def upline_of(db: Database, member: Principal) -> UplineRead:
    async with db.reader() as session:
        upline = await accounts.upline_of(session, member.merchant, str(member.account_id))
    if upline is None:
        raise MoneyError("upline.not_found")
    return UplineRead(uplineId=upline.account_id, username=upline.username)


async def to_upline(db: Database, member: Principal, amount: Any, request_id: str) -> UplineTransferRead:
    amount = checked_amount(amount)
    upline_id = (await upline_of(db, member)).uplineId
    account_id = str(member.account_id)
    async with db.transaction() as session:
        row, new = await claim(
            session,
            member.merchant,
            f"upline:{account_id}:{request_id}",
            "upline",
            fingerprint("upline", {"from": account_id, "to": upline_id, "amount": amount}),
        )
        if not new:
            return UplineTransferRead.model_validate(row.result["value"])
        source = await main_wallet(session, member.merchant, account_id)
        target = await main_wallet(session, member.merchant, upline_id)
        after = await post(session, row, [Leg(source.id, -amount), Leg(target.id, amount)])
        row.status = "done"
        moved = UplineTransferRead(uplineId=upline_id, amount=amount, balance=after[source.id] - source.held)
        row.result = answer(moved.model_dump())
        return moved
