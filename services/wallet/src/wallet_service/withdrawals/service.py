"""Withdrawals: a member binds a bank account and asks with the payment password (the funds are held); ops
approve then mark paid (the funds leave to the withdrawals clearing account) or reject (the funds are
released); the member then confirms receipt, or the deadline confirms it for them."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import WalletWithdrawalApprovedV1Data, WalletWithdrawalPaidV1Data, WalletWithdrawalRejectedV1Data
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.images import decoded_images
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from wallet_service import events
from wallet_service.bonuses import service as bonuses
from wallet_service.ledger.domain import WITHDRAWALS, MoneyError, checked_amount
from wallet_service.ledger.service import hold, main_wallet, move_against_house, release
from wallet_service.merchants.service import brand_rules, rules_of
from wallet_service.oversight import service as oversight
from wallet_service.oversight.domain import (
    WITHDRAWAL_ACTION_ROLES,
    needs_second_person,
    refuse_own_credit,
    refuse_same_person,
    require_role,
)
from wallet_service.withdrawals import domain, repository
from wallet_service.withdrawals.domain import WithdrawalOrder, WithdrawalState
from wallet_service.withdrawals.models import BankAccount, Withdrawal
from wallet_service.withdrawals.schemas import BankAccountRead, WithdrawalLimitsRead, WithdrawalRead

MAX_BANK_ACCOUNTS = 5


def bank_view(account: BankAccount) -> BankAccountRead:
    return BankAccountRead(
        bankAccountId=account.id,
        bankName=account.bank_name,
        holderName=account.holder_name,
        # Only the last four digits ever leave the service.
        accountNumber="*" * max(0, len(account.account_number) - 4) + account.account_number[-4:],
    )


def view(withdrawal: Withdrawal, now: datetime | None = None, *, with_account: bool = False) -> WithdrawalRead:
    return WithdrawalRead(
        withdrawalId=withdrawal.id,
        amount=withdrawal.amount,
        currency=withdrawal.currency,
        bankAccountId=withdrawal.bank_account_id,
        status=domain.effective_status(withdrawal.status, withdrawal.confirm_deadline, now or datetime.now(UTC)),
        remainder=withdrawal.remainder,
        confirmDeadline=events.stamp(withdrawal.confirm_deadline) if withdrawal.confirm_deadline else None,
        reason=withdrawal.reason,
        createdAt=events.stamp(withdrawal.created_at),
        accountId=withdrawal.account_id if with_account else None,
        firstRefundBy=withdrawal.refund_first_by if with_account else None,
    )


async def bank_accounts(db: Database, member: Principal) -> list[BankAccountRead]:
    async with db.reader() as session:
        rows = await repository.bank_accounts(session, member.merchant, member.account_id)
        return [bank_view(row) for row in rows]


async def bind_bank_account(
    db: Database, member: Principal, bank_name: str, holder: str, number: str
) -> BankAccountRead:
    async with db.transaction() as session:
        await main_wallet(session, member.merchant, str(member.account_id), lock=True)  # one binding at a time
        if await repository.count_bank_accounts(session, member.merchant, member.account_id) >= MAX_BANK_ACCOUNTS:
            raise MoneyError("bank_account.too_many", max=MAX_BANK_ACCOUNTS)
        account, new = await repository.bind_once(
            session,
            {"id": str(uuid.uuid4()), "merchant": member.merchant, "account_id": member.account_id,
             "bank_name": bank_name, "holder_name": holder, "account_number": number},
        )  # fmt: skip
        if not new:
            raise MoneyError("bank_account.duplicate")
        return bank_view(account)


async def limits(db: Database, merchant: str) -> WithdrawalLimitsRead:
    """The least and the most one request may ask, the bounds ``request`` checks (``amount.out_of_limits``)."""
    rules = await brand_rules(db, merchant)
    return WithdrawalLimitsRead(min=rules.withdrawal_min, max=rules.withdrawal_max)


async def request(
    db: Database, member: Principal, amount: Any, bank_account_id: str, request_id: str, forfeit_bonus: bool = False
) -> WithdrawalRead:
    """Hold the funds and open the request, once per ``request_id`` (the payment password is checked first). While a
    bonus's wagering is not met the request is refused (``withdrawal.bonus_unmet``, with what the bonuses hold) unless
    the member forfeits them: then they go back to the house in this same transaction."""
    amount = checked_amount(amount)
    async with db.transaction() as session:
        wallet = await main_wallet(session, member.merchant, str(member.account_id))
        (await rules_of(session, member.merchant)).check_withdrawal(amount)
        bank = await repository.bank_account(session, member.merchant, member.account_id, bank_account_id)
        if bank is None:
            raise MoneyError("bank_account.not_found")
        withdrawal, new = await repository.insert_once(
            session,
            {"id": str(uuid.uuid4()), "merchant": member.merchant, "account_id": member.account_id,
             "request_id": request_id, "bank_account_id": bank.id, "amount": amount, "currency": wallet.currency,
             "status": domain.PENDING},
        )  # fmt: skip
        if not new:
            if (withdrawal.amount, withdrawal.bank_account_id) != (amount, bank.id):
                raise MoneyError("idempotency.mismatch")
            return view(withdrawal)
        unmet, holds = await bonuses.held_total(session, member.merchant, str(member.account_id))
        if holds and not forfeit_bonus:
            raise MoneyError("withdrawal.bonus_unmet", value={"bonusBalance": unmet, "currency": holds[0].currency})
        await hold(session, wallet.id, amount)
        await bonuses.forfeit_for_withdrawal(session, list(holds), withdrawal.id)
        return view(withdrawal)


async def _locked(session: AsyncSession, merchant: str, withdrawal_id: str, **equal: Any) -> Withdrawal:
    withdrawal = await repository.locked(session, merchant, withdrawal_id, **equal)
    if withdrawal is None:
        raise MoneyError("withdrawal.not_found")
    return withdrawal


async def decide(
    db: Database, merchant: str, withdrawal_id: str, actor: Principal, action: str, reason: str | None
) -> WithdrawalRead:
    """Ops: ``approve`` a pending request, ``reject`` a pending or approved one (funds released), ``pay`` an
    approved one (the funds leave the member's wallet), ``refund`` or ``close`` a disputed one. Approving and
    rejecting need a finance maker, the rest a finance checker; a withdrawal that needs a second person
    (``_second_person``) is paid by someone other than its approver."""
    if action not in domain.OPS_ACTIONS:
        raise MoneyError("request.invalid", field="action")
    require_role(actor, WITHDRAWAL_ACTION_ROLES[action])
    now = datetime.now(UTC)
    async with db.transaction() as session:
        withdrawal = await _locked(session, merchant, withdrawal_id)
        move = domain.transition(withdrawal.status, action)
        if action in ("approve", "pay"):
            await _second_person(session, withdrawal, actor, action)
        elif action == "refund" and not await _refund_checked(session, withdrawal, actor):
            oversight.record(session, merchant, actor, "withdrawal.refund.first", withdrawal.id, reason,
                             after={"amount": withdrawal.amount, "accountId": withdrawal.account_id,
                                    "owed": domain.refund_owed(withdrawal.status, withdrawal.amount,
                                                               withdrawal.remainder)})  # fmt: skip
            return view(withdrawal, now, with_account=True)
        before = withdrawal.status
        told = {"withdrawalId": withdrawal.id, "accountId": withdrawal.account_id, "amount": withdrawal.amount,
                "currency": withdrawal.currency}  # fmt: skip
        await _move_money(session, withdrawal, move.money)  # reads the state it leaves (what a refund owes)
        withdrawal.status = move.target
        if move.target == domain.APPROVED:
            events.withdrawal_approved(session, merchant, WalletWithdrawalApprovedV1Data(**told, approvedAt=now))
        elif move.target == domain.REJECTED:
            events.withdrawal_rejected(
                session, merchant, WalletWithdrawalRejectedV1Data(**told, reason=reason or "", rejectedAt=now)
            )
        if move.target == domain.PAID:
            events.withdrawal_paid(session, merchant, WalletWithdrawalPaidV1Data(**told, paidAt=now))
            minutes = (await rules_of(session, merchant)).confirm_minutes
            withdrawal.confirm_deadline = now + timedelta(minutes=minutes)
        if move.target in (domain.REJECTED, domain.REFUNDED, domain.CLOSED):
            withdrawal.reason = reason
        withdrawal.decided_by, withdrawal.updated_at = actor_name(actor), now
        if action == "approve":
            withdrawal.approved_by = withdrawal.decided_by
        oversight.record(session, merchant, actor, f"withdrawal.{action}", withdrawal.id, reason,
                         after={"amount": withdrawal.amount, "accountId": withdrawal.account_id,
                                "statusBefore": before, "statusAfter": withdrawal.status})  # fmt: skip
        return view(withdrawal, now)


async def _second_person(session: AsyncSession, withdrawal: Withdrawal, actor: Principal, action: str) -> None:
    """The second person of a withdrawal. Approving it counts toward the approver's running total for the member;
    it needs a second person when its amount, or that total with it, is above the brand's dual-control amount
    (decided once, at approval, and kept). Then it is paid by someone other than its approver, and neither its
    approver nor its payer may have credited the member alone today (``ops.own_credit``)."""
    dual_control_above = (await rules_of(session, withdrawal.merchant)).dual_control_above
    if action == "pay":
        if not withdrawal.second_person and not needs_second_person(withdrawal.amount, dual_control_above):
            return
        refuse_same_person(withdrawal.approved_by, actor)
    day = await oversight.member_day(session, withdrawal.merchant, actor, withdrawal.account_id)
    if action == "approve":
        withdrawal.second_person = day.needs_second_person(withdrawal.amount, dual_control_above)
        if not withdrawal.second_person:
            await oversight.count_alone(session, day, withdrawal.amount, credit=False)
            return
    refuse_own_credit(day.credited)


async def _refund_checked(session: AsyncSession, withdrawal: Withdrawal, actor: Principal) -> bool:
    """Whether the refund of a disputed withdrawal may be carried out now. It credits the member, so it counts
    toward the refunder's running total as a credit; when what it gives back, or that total with it, is above the
    brand's dual-control amount, the first refund only records its maker (False) and someone else's carries it out.
    Once it waits for a second person, it waits."""
    if withdrawal.refund_first_by is not None:
        refuse_same_person(withdrawal.refund_first_by, actor)
        return True
    owed = domain.refund_owed(withdrawal.status, withdrawal.amount, withdrawal.remainder)
    day = await oversight.member_day(session, withdrawal.merchant, actor, withdrawal.account_id)
    if day.needs_second_person(owed, (await rules_of(session, withdrawal.merchant)).dual_control_above):
        withdrawal.refund_first_by = actor_name(actor)
        return False
    await oversight.count_alone(session, day, owed, credit=True)
    return True


async def _move_money(session: AsyncSession, withdrawal: Withdrawal, money: domain.Money) -> None:
    """Carry out on the ledger what a transition moves (``domain.TRANSITIONS``)."""
    if money is domain.Money.NONE:
        return
    wallet = await main_wallet(session, withdrawal.merchant, withdrawal.account_id)
    if money is domain.Money.RELEASE:
        await release(session, wallet.id, withdrawal.amount)
    elif money is domain.Money.PAY_OUT:
        await move_against_house(session, wallet, WITHDRAWALS, -withdrawal.amount, f"withdrawal:{withdrawal.id}",
                                 "withdrawal", settles_hold=True)  # fmt: skip
    else:
        owed = domain.refund_owed(withdrawal.status, withdrawal.amount, withdrawal.remainder)
        await move_against_house(session, wallet, WITHDRAWALS, owed, f"withdrawal-refund:{withdrawal.id}",
                                 "withdrawal_refund")  # fmt: skip


async def confirm(
    db: Database, member: Principal, withdrawal_id: str, result: str, remainder: int | None, proofs: list[str]
) -> WithdrawalRead:
    """The member's word on a paid withdrawal: fully, partly (with the remainder) or not received (with proof
    images), before the deadline; after it the withdrawal counts as received."""
    images = decoded_images(proofs, prefix="proof")
    now = datetime.now(UTC)
    async with db.transaction() as session:
        withdrawal = await _locked(session, member.merchant, withdrawal_id, account_id=member.account_id)
        remainder = domain.checked_confirmation(result, withdrawal.amount, remainder, len(images))
        move = domain.transition(withdrawal.status, result)
        if withdrawal.confirm_deadline is not None and now >= withdrawal.confirm_deadline:
            raise MoneyError("withdrawal.confirmation_closed")
        withdrawal.remainder, withdrawal.status, withdrawal.updated_at = remainder, move.target, now
        for content_type, data in images:
            repository.add_proof(session, withdrawal.id, content_type, data)
        return view(withdrawal, now)


async def sweep_unconfirmed(db: Database) -> int:
    """Mark every paid withdrawal past its deadline received (forced); returns how many."""
    async with db.transaction() as session:
        return await repository.mark_unconfirmed_received(session)


async def listed(
    db: Database, merchant: str, *, account_id: str | None = None, status: str | None = None, limit: int = 50
) -> list[WithdrawalRead]:
    async with db.reader() as session:
        rows = await repository.newest(session, merchant, account_id=account_id, status=status, limit=limit)
    now = datetime.now(UTC)
    return [view(row, now, with_account=True) for row in rows]


async def queue(
    db: Database, merchant: str, page: Page, *, account_id: str | None, status: WithdrawalState | None,
    order: WithdrawalOrder = WithdrawalOrder.QUEUE,
) -> PageRead[WithdrawalRead]:  # fmt: skip
    """The ops queue: one page of the brand's withdrawals of a state (oldest first while they wait, newest first
    once decided) or of a member."""
    async with db.reader() as session:
        rows, total = await repository.queue_page(
            session, merchant, page, account_id=account_id, status=status, order=order
        )
    now = datetime.now(UTC)
    return page_of(page, [view(row, now, with_account=True) for row in rows], total)
