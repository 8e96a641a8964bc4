"""Referrals' use cases. A real member's invite code is made on its first ask (short, random, unique in the brand).
A registration naming a code of another real member of the same brand (``auth.member.registered.v1``
``referralCode``) records the invitation, once per invitee. Every account's credited deposits and valid bets are
counted (its totals; the streams are read apart, so they may come before the registration), and a waiting invitation
whose invitee's totals reach the brand's rule (on) qualifies, its reward fixed then and ``PENDING``. The worker's sweep
asks the wallet for each pending reward under a lease of its row, under the invitee's key (``rpc.wallet.reward``, reason
``referral``: one credit per invitee however often asked): ``PAID``, ``FAILED`` for a refusal that moved nothing,
otherwise asked again later. Ops of the brand read the rule; its admin changes it (audited)."""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.missions.domain import masked
from points_service.ops import repository as audit
from points_service.referral import repository
from points_service.referral.domain import REASON, InvitationStatus, link, new_code, normal_code, transaction_id
from points_service.referral.models import ReferralRule
from points_service.referral.schemas import (
    InvitationRead,
    ReferralInfoRead,
    ReferralRuleRead,
    ReferralRuleWrite,
    ReferralTotalsRead,
)
from portal_kit import money
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import Principal

log = logging.getLogger("points.referral")
TRIAL_TYPE = 4
LEASE_SECONDS = 60.0
SHOWN = 200  # the latest invitations an inviter sees


def _rule(found: ReferralRule | None) -> ReferralRuleRead:
    if found is None:  # a brand without a rule rewards nothing: shown off
        return ReferralRuleRead(minDeposit=0, minValidBet=0, reward=0, enabled=False)
    return ReferralRuleRead(
        minDeposit=found.min_deposit, minValidBet=found.min_valid_bet, reward=found.reward, enabled=found.enabled
    )


# --- events ---------------------------------------------------------------------------------------------------
async def registered(session: AsyncSession, joined: list[tuple[str, str, str, int, str | None, datetime]]) -> None:
    """``(merchant, account id, username, account type, referral code, registered at)`` of new accounts: each real
    account whose code is another account's of its brand is recorded as that account's invitee."""
    named = [
        (m, a, user, code, at) for m, a, user, kind, raw, at in joined
        if kind != TRIAL_TYPE and (code := normal_code(raw)) is not None
    ]  # fmt: skip
    if not named:
        return
    found = await repository.owners(session, ((m, code) for m, _, _, code, _ in named))
    found_rows = [(m, a, user, code, at, inviter) for m, a, user, code, at in named
                  if (inviter := found.get((m, code))) is not None and inviter != a]  # fmt: skip
    rows = [
        {"merchant": m, "inviter_id": inviter, "invitee_id": a, "invitee_username": user[:64], "code": code,
         "registered_at": at, "status": InvitationStatus.WAITING, "reward": 0}
        for m, a, user, code, at, inviter in found_rows
    ]  # fmt: skip
    await repository.add_invitations(session, rows)
    await repository.qualify(session, ((m, a) for m, a, *_ in found_rows))


async def counted(session: AsyncSession, amounts: list[tuple[str, str, int, int]]) -> None:
    """``(merchant, account id, deposited, valid bet)``: the totals raised of the accounts they may still qualify
    (``repository.still_counted``), their waiting invitations qualified where the totals now reach the rule."""
    summed: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for m, a, deposited, bet in amounts:
        if deposited > 0 or bet > 0:
            summed[(m, a)][0] += max(deposited, 0)
            summed[(m, a)][1] += max(bet, 0)
    if not summed:
        return
    counting = await repository.still_counted(session, summed)
    if not counting:
        return
    await repository.add_totals(session, {key: (d, b) for key, (d, b) in summed.items() if key in counting})
    await repository.qualify(session, counting)


# --- the rewards ----------------------------------------------------------------------------------------------
async def pay(db: Database, nc: NATS, invitation_id: int, retry_after: float) -> None:
    async with db.transaction() as session:
        row = await repository.lease(session, invitation_id, LEASE_SECONDS)
    if row is None:
        return
    key = transaction_id(row.merchant, row.id, row.invitee_id)
    try:
        await money.reward(nc, row.merchant, row.inviter_id, row.reward, key, REASON)
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            async with db.transaction() as session:
                await repository.settle(session, invitation_id, InvitationStatus.FAILED, refused.code[:64])
            return
        log.warning("referral %s: the wallet answered %s; asked again later", invitation_id, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("referral %s not paid yet: %s", invitation_id, unanswered.code)
    else:
        async with db.transaction() as session:
            await repository.settle(session, invitation_id, InvitationStatus.PAID, None)
        return
    async with db.transaction() as session:
        await repository.ask_again_after(session, invitation_id, retry_after)


async def sweep(db: Database, nc: NATS, retry_after: float, limit: int = 100) -> int:
    async with db.reader() as session:
        ids = await repository.due(session, limit)
    for invitation_id in ids:
        try:
            await pay(db, nc, invitation_id, retry_after)
        except Exception:
            log.exception("referral %s: asking the wallet failed; next round", invitation_id)
    return len(ids)


# --- members --------------------------------------------------------------------------------------------------
async def code_for(db: Database, merchant: str, account_id: str) -> str:
    """The account's invite code, made on the first ask (a code taken in the brand meanwhile: another one)."""
    async with db.reader() as session:
        found = await repository.code_of(session, merchant, account_id)
    for _ in range(8):
        if found is not None:
            return found
        async with db.transaction() as session:
            await repository.add_code(session, merchant, account_id, new_code())
            found = await repository.code_of(session, merchant, account_id)
    raise DomainError("service_unavailable", status=503)


async def info(db: Database, member: Principal) -> ReferralInfoRead:
    merchant, account_id = member.merchant, str(member.account_id)
    code = await code_for(db, merchant, account_id)
    async with db.reader() as session:
        found = await repository.rule(session, merchant)
        rows = await repository.invitations(session, merchant, account_id, SHOWN)
        invited, qualified, paid, pending = await repository.totals(session, merchant, account_id)
    return ReferralInfoRead(
        code=code, link=link(code), rule=_rule(found),
        invitations=[
            InvitationRead(
                invitationId=row.id, invitee=masked(row.invitee_username), registeredAt=row.registered_at,
                deposited=deposited, validBet=bet, qualified=row.status != InvitationStatus.WAITING,
                status=InvitationStatus(row.status), reward=row.reward, qualifiedAt=row.qualified_at,
                paidAt=row.paid_at,
            )
            for row, deposited, bet in rows
        ],
        totals=ReferralTotalsRead(invited=invited, qualified=qualified, rewarded=paid, pending=pending),
    )  # fmt: skip


# --- ops ------------------------------------------------------------------------------------------------------
async def rule(db: Database, merchant: str) -> ReferralRuleRead:
    async with db.reader() as session:
        return _rule(await repository.rule(session, merchant))


async def change_rule(
    db: Database, merchant: str, actor: Principal, body: ReferralRuleWrite, ip: str | None
) -> ReferralRuleRead:
    """The brand's rule, audited ``referral.rule.change``; it decides the invitations qualifying from then on."""
    values = {"min_deposit": body.minDeposit, "min_valid_bet": body.minValidBet, "reward": body.reward,
              "enabled": body.enabled}  # fmt: skip
    after = ReferralRuleRead(minDeposit=body.minDeposit, minValidBet=body.minValidBet, reward=body.reward,
                             enabled=body.enabled)  # fmt: skip
    async with db.transaction() as session:
        before = await repository.rule(session, merchant)
        await repository.put_rule(session, merchant, values)
        audit.record(session, merchant, actor, "referral.rule.change", "referral", reason=body.reason,
                     before=_rule(before).model_dump() if before else None, after=after.model_dump(), ip=ip)  # fmt: skip
    return after
