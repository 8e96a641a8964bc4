"""The audit of ops work on money: one row per action, written in the action's own transaction (so an action
without its row cannot commit), listed for ops in the shape the ops API has always answered; and the running total
of what each ops person moved alone for each member on each UTC day, which decides when a second person is needed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import AuditFilters, OpsAuditRead, actor_name, record_ops_action
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from wallet_service.oversight import repository
from wallet_service.oversight.domain import needs_second_person
from wallet_service.oversight.models import OpsAudit
from wallet_service.oversight.schemas import WalletAuditRead


def record(
    session: AsyncSession,
    merchant: str,
    actor: Principal,
    action: str,
    target: str,
    reason: str | None = None,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Stage the action's audit row in ``session``'s transaction."""
    record_ops_action(session, OpsAudit, merchant, actor, action, target, reason=reason, before=before, after=after)


async def audit_log(db: Database, merchant: str, page: Page, filters: AuditFilters) -> PageRead[WalletAuditRead]:
    """One page of the brand's money audit, filtered and in order, in the shape the ops call has always answered."""
    async with db.reader() as session:
        rows, total = await repository.audit_rows(session, merchant, page, filters)
    return page_of(page, [WalletAuditRead.of(OpsAuditRead.model_validate(row)) for row in rows], total)


@dataclass(frozen=True)
class MemberDay:
    """One ops person's UTC day with one member, its row locked by this transaction: what they moved alone so far
    (``alone``) and the part of it that credited the member (``credited``)."""

    merchant: str
    actor: str
    account_id: str
    day: date
    alone: int
    credited: int

    def needs_second_person(self, amount: int, dual_control_above: int) -> bool:
        return needs_second_person(amount, dual_control_above, self.alone)


async def member_day(session: AsyncSession, merchant: str, actor: Principal, account_id: str) -> MemberDay:
    """The actor's day with the member (today, UTC), locked until the transaction ends: the actor's actions on the
    member's money take turns, so two at once cannot both slip under the dual-control amount."""
    name, day = actor_name(actor), datetime.now(UTC).date()
    alone, credited = await repository.locked_day(session, merchant, name, account_id, day)
    return MemberDay(merchant, name, account_id, day, alone, credited)


async def count_alone(session: AsyncSession, day: MemberDay, amount: int, *, credit: bool) -> None:
    """Count an action the actor carries out alone (no second person) on the member's money."""
    await repository.count(session, day.merchant, day.actor, day.account_id, day.day, abs(amount),
                           abs(amount) if credit else 0)  # fmt: skip


async def grant_alone(
    db: Database, merchant: str, maker: str, account_id: str, amount: int, above: int, key: str
) -> bool:
    """Whether ``maker`` may grant ``account_id`` a credit of ``amount`` alone (another service's ops grant: points'
    bonuses), decided on the same running total as the wallet's own adjustments, under the same lock: when it may,
    the grant is counted at once (``True``); otherwise nothing is counted and a second person must decide it. Once
    per ``key``, maker and member: a replay (the asker's answer lost, its transaction retried) answers the decision
    kept and counts nothing more; another maker asking the same grant is decided on, and counted into, their own
    total."""
    async with db.transaction() as session:
        day = datetime.now(UTC).date()
        alone, _ = await repository.locked_day(session, merchant, maker, account_id, day)
        # after the lock of this maker's day with the member: a twin of this ask has committed by now
        kept = await repository.grant_decision(session, merchant, key, maker, account_id)
        if kept is not None:
            return not kept
        second = needs_second_person(amount, above, alone)
        if not second:
            await repository.count(session, merchant, maker, account_id, day, amount, amount)
        repository.keep_grant_decision(session, merchant, key, maker, account_id, second)
        return not second
