"""Every query of the referrals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import and_, func, or_, select, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members.models import PointMember
from points_service.referral.models import ReferralCode, ReferralInvitation, ReferralRule, ReferralTotal

Account = tuple[str, str]  # merchant, account id


async def rule(session: AsyncSession, merchant: str) -> ReferralRule | None:
    return await session.get(ReferralRule, merchant)


async def put_rule(session: AsyncSession, merchant: str, values: dict[str, Any]) -> None:
    statement = insert(ReferralRule).values(merchant=merchant, **values)
    await session.execute(
        statement.on_conflict_do_update(index_elements=["merchant"], set_={**values, "updated_at": func.now()})
    )


async def code_of(session: AsyncSession, merchant: str, account_id: str) -> str | None:
    query = select(ReferralCode.code).where(ReferralCode.merchant == merchant, ReferralCode.account_id == account_id)
    return (await session.execute(query)).scalar_one_or_none()


async def add_code(session: AsyncSession, merchant: str, account_id: str, code: str) -> None:
    """The account's code, unless it has one already or the code is taken in the brand (then nothing)."""
    await session.execute(
        insert(ReferralCode).values(merchant=merchant, account_id=account_id, code=code).on_conflict_do_nothing()
    )


async def owners(session: AsyncSession, codes: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """``(merchant, code)`` → the account whose code it is."""
    wanted = sorted(set(codes))
    if not wanted:
        return {}
    query = select(ReferralCode.merchant, ReferralCode.code, ReferralCode.account_id).where(
        tuple_(ReferralCode.merchant, ReferralCode.code).in_(wanted)
    )
    return {(m, code): account for m, code, account in (await session.execute(query)).all()}


async def add_invitations(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Each invitee's invitation, once (an invitee has one inviter: a second is ignored)."""
    if rows:
        await session.execute(insert(ReferralInvitation).values(rows).on_conflict_do_nothing())


async def still_counted(session: AsyncSession, accounts: Iterable[Account]) -> set[Account]:
    """Of ``accounts``, those whose totals may still qualify an invitation: an invitee whose invitation waits, or an
    account whose registration has not been consumed yet (an invitation may come with it). A known account without a
    waiting invitation never gets one: its registration, and any invitation, were written together."""
    wanted = sorted(set(accounts))
    if not wanted:
        return set()
    known = select(PointMember.merchant, PointMember.account_id).where(
        tuple_(PointMember.merchant, PointMember.account_id).in_(wanted)
    )
    waiting = select(ReferralInvitation.merchant, ReferralInvitation.invitee_id).where(
        ReferralInvitation.status == "WAITING",
        tuple_(ReferralInvitation.merchant, ReferralInvitation.invitee_id).in_(wanted),
    )
    found_known = {(str(m), str(a)) for m, a in (await session.execute(known)).all()}
    found_waiting = {(str(m), str(a)) for m, a in (await session.execute(waiting)).all()}
    return (set(wanted) - found_known) | found_waiting


async def add_totals(session: AsyncSession, amounts: dict[Account, tuple[int, int]]) -> None:
    """Each account's deposits and valid bets raised (its row made where missing), in one order."""
    rows = [
        {"merchant": m, "account_id": a, "deposited": deposited, "valid_bet": bet}
        for (m, a), (deposited, bet) in sorted(amounts.items())
    ]
    statement = insert(ReferralTotal).values(rows)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["merchant", "account_id"],
            set_={
                "deposited": ReferralTotal.deposited + statement.excluded.deposited,
                "valid_bet": ReferralTotal.valid_bet + statement.excluded.valid_bet,
            },
        )
    )


async def qualify(session: AsyncSession, invitees: Iterable[Account]) -> None:
    """The waiting invitations of ``invitees`` whose totals reach their brand's rule (on) become ``PENDING`` with
    the rule's reward, in one statement."""
    wanted = sorted(set(invitees))
    if not wanted:
        return
    total, rule_ = ReferralTotal, ReferralRule
    statement = (
        update(ReferralInvitation)
        .where(
            ReferralInvitation.status == "WAITING",
            tuple_(ReferralInvitation.merchant, ReferralInvitation.invitee_id).in_(wanted),
            and_(total.merchant == ReferralInvitation.merchant, total.account_id == ReferralInvitation.invitee_id),
            rule_.merchant == ReferralInvitation.merchant, rule_.enabled.is_(True),
            total.deposited >= rule_.min_deposit, total.valid_bet >= rule_.min_valid_bet,
        )
        .values(status="PENDING", reward=rule_.reward, qualified_at=func.now())
    )  # fmt: skip
    await session.execute(statement)


async def invitations(
    session: AsyncSession, merchant: str, inviter_id: str, limit: int
) -> Sequence[tuple[ReferralInvitation, int, int]]:
    """The inviter's invitations, newest first, each with its invitee's deposits and valid bets so far."""
    query = (
        select(ReferralInvitation, func.coalesce(ReferralTotal.deposited, 0), func.coalesce(ReferralTotal.valid_bet, 0))
        .outerjoin(ReferralTotal, and_(ReferralTotal.merchant == ReferralInvitation.merchant,
                                       ReferralTotal.account_id == ReferralInvitation.invitee_id))
        .where(ReferralInvitation.merchant == merchant, ReferralInvitation.inviter_id == inviter_id)
        .order_by(ReferralInvitation.id.desc())
        .limit(limit)
    )  # fmt: skip
    return [(row, int(deposited), int(bet)) for row, deposited, bet in (await session.execute(query)).all()]


async def totals(session: AsyncSession, merchant: str, inviter_id: str) -> tuple[int, int, int, int]:
    """Invited, qualified, paid (minor units), pending (minor units) of an inviter."""
    inv = ReferralInvitation
    query = select(
        func.count(),
        func.count().filter(inv.status != "WAITING"),
        func.coalesce(func.sum(inv.reward).filter(inv.status == "PAID"), 0),
        func.coalesce(func.sum(inv.reward).filter(inv.status == "PENDING"), 0),
    ).where(inv.merchant == merchant, inv.inviter_id == inviter_id)
    invited, qualified, paid, pending = (await session.execute(query)).one()
    return int(invited), int(qualified), int(paid), int(pending)


async def lease(session: AsyncSession, invitation_id: int, seconds: float) -> ReferralInvitation | None:
    now = func.now()
    statement = (
        update(ReferralInvitation)
        .where(ReferralInvitation.id == invitation_id, ReferralInvitation.status == "PENDING",
               or_(ReferralInvitation.asking_until.is_(None), ReferralInvitation.asking_until < now))
        .values(asking_until=now + timedelta(seconds=seconds))
        .returning(ReferralInvitation)
    )  # fmt: skip
    return (await session.scalars(select(ReferralInvitation).from_statement(statement))).one_or_none()


async def settle(session: AsyncSession, invitation_id: int, status: str, error: str | None) -> None:
    values: dict[str, Any] = {"status": status, "asking_until": None, "error": error}
    if status == "PAID":
        values["paid_at"] = func.now()
    await session.execute(
        update(ReferralInvitation)
        .where(ReferralInvitation.id == invitation_id, ReferralInvitation.status == "PENDING")
        .values(**values)
    )


async def ask_again_after(session: AsyncSession, invitation_id: int, seconds: float) -> None:
    await session.execute(
        update(ReferralInvitation)
        .where(ReferralInvitation.id == invitation_id)
        .values(asking_until=func.now() + timedelta(seconds=seconds))
    )


async def due(session: AsyncSession, limit: int) -> Sequence[int]:
    now = func.now()
    inv = ReferralInvitation
    query = (
        select(inv.id)
        .where(inv.status == "PENDING", or_(inv.asking_until.is_(None), inv.asking_until < now))
        .order_by(inv.id)
        .limit(limit)
    )
    return (await session.scalars(query)).all()
