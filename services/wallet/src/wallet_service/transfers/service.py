"""Transfer to upline: a member sends money from its main wallet to the main wallet of its agent (the
upline named at registration), with its payment password, idempotent by the member's request id."""

from __future__ import annotations

from typing import Any

from portal_kit.db import Database
from portal_kit.sessions import AGENT_TYPES, Principal
from wallet_service.accounts.models import MemberProfile
from wallet_service.ledger.domain import Leg, MoneyError, checked_amount, fingerprint
from wallet_service.ledger.service import answer, claim, main_wallet, post
from wallet_service.schemas import UplineRead, UplineTransferRead


async def upline_of(db: Database, member: Principal) -> UplineRead:
    async with db.reader() as session:
        profile = await session.get(MemberProfile, (member.merchant, member.account_id))
        upline = (
            await session.get(MemberProfile, (member.merchant, profile.upline_id))
            if profile and profile.upline_id
            else None
        )
    if upline is None or upline.account_type not in AGENT_TYPES:
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
