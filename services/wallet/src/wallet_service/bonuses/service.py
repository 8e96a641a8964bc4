"""Bonuses moved for the points service (``rpc.wallet.bonus``) and forfeited by a withdrawal.

Lock order, everywhere: the grant's hold rows first (in id order), then the ledger accounts (``post`` takes them in
id order), so a release and a withdrawal's forfeit of the same bonus take turns and cannot deadlock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import WalletBonusForfeitedV1Data, WalletBonusRequest
from portal_kit.db import Database
from wallet_service import events
from wallet_service.bonuses import repository
from wallet_service.bonuses.domain import BONUS_WALLET, KIND, SETTLED, BonusAction, HoldStatus, key
from wallet_service.bonuses.models import BonusHold
from wallet_service.ledger.domain import BONUSES, HOUSE, Leg, MoneyError, checked_amount, fingerprint, house_shard
from wallet_service.ledger.models import LedgerAccount
from wallet_service.ledger.service import answer, claim, main_wallet, open_account, post


@dataclass(frozen=True)
class BonusMove:
    merchant: str
    account_id: str
    grant_id: str
    amount: int
    action: BonusAction

    @classmethod
    def of(cls, request: WalletBonusRequest) -> BonusMove:
        return cls(request.merchant, request.accountId, request.grantId, checked_amount(request.amount),
                   BonusAction(request.action))  # fmt: skip


def _answer(hold: BonusHold) -> dict[str, Any]:
    return answer({"grantId": hold.grant_id, "status": hold.status, "amount": hold.amount, "currency": hold.currency})


async def move(db: Database, request: BonusMove) -> dict[str, Any]:
    if request.action is BonusAction.GRANT:
        return await _grant(db, request)
    return await _settle(db, request)


async def _grant(db: Database, request: BonusMove) -> dict[str, Any]:
    """Credit the bonus wallet from the brand's house account for bonuses and hold it, once per grant: the key is
    claimed first (a twin waits and answers the original; another amount is ``idempotency.mismatch``). A trial
    account or one without a wallet is refused and nothing is written."""
    async with db.transaction() as session:
        content = fingerprint(KIND[BonusAction.GRANT], {"accountId": request.account_id, "amount": request.amount})
        row, new = await claim(session, request.merchant, key(BonusAction.GRANT, request.grant_id),
                               KIND[BonusAction.GRANT], content)  # fmt: skip
        if not new:
            return row.result
        wallet = await main_wallet(session, request.merchant, request.account_id)
        bonus = await open_account(session, request.merchant, wallet.currency, request.account_id, BONUS_WALLET)
        house = await _house(session, wallet.merchant, wallet.currency, request.account_id)
        await post(session, row, [Leg(bonus.id, request.amount), Leg(house.id, -request.amount)])
        hold = BonusHold(merchant=request.merchant, account_id=request.account_id, grant_id=request.grant_id,
                         amount=request.amount, currency=wallet.currency, status=HoldStatus.HELD)  # fmt: skip
        repository.add(session, hold)
        row.status = "done"
        row.result = _answer(hold)
        return row.result


async def _settle(db: Database, request: BonusMove) -> dict[str, Any]:
    """Release a held bonus into the main wallet, or forfeit it to the house. Under the hold's lock: a bonus
    already settled answers how it ended (a release of a bonus a withdrawal forfeited answers ``FORFEITED``)."""
    async with db.transaction() as session:
        hold = await repository.locked(session, request.merchant, request.grant_id)
        if hold is None or hold.account_id != request.account_id:
            raise MoneyError("bonus.not_found")
        if hold.amount != request.amount:
            raise MoneyError("idempotency.mismatch")
        if hold.status != HoldStatus.HELD:
            return _answer(hold)
        await _settle_hold(session, hold, request.action)
        return _answer(hold)


async def _settle_hold(session: AsyncSession, hold: BonusHold, action: BonusAction) -> None:
    kind = KIND[action]
    content = fingerprint(kind, {"accountId": hold.account_id, "amount": hold.amount})
    row, new = await claim(session, hold.merchant, key(action, hold.grant_id), kind, content)
    if not new:  # a hold still HELD whose settlement was claimed: the two are written in one transaction
        raise RuntimeError(f"bonus {hold.grant_id} settled but still held")
    bonus = await open_account(session, hold.merchant, hold.currency, hold.account_id, BONUS_WALLET)
    target: LedgerAccount
    if action is BonusAction.RELEASE:
        target = await main_wallet(session, hold.merchant, hold.account_id)
    else:
        target = await _house(session, hold.merchant, hold.currency, hold.account_id)
    await post(session, row, [Leg(bonus.id, -hold.amount), Leg(target.id, hold.amount)])
    row.status = "done"
    hold.status, hold.settled_at = SETTLED[action], datetime.now(UTC)
    row.result = _answer(hold)


async def _house(session: AsyncSession, merchant: str, currency: str, account_id: str) -> LedgerAccount:
    return await open_account(session, merchant, currency, HOUSE, house_shard(BONUSES, account_id))


async def held_total(session: AsyncSession, merchant: str, account_id: str) -> tuple[int, list[BonusHold]]:
    """What the member's unmet bonuses hold, and those holds, locked (a withdrawal asked while they wait)."""
    holds = list(await repository.held_of(session, merchant, account_id))
    return sum(hold.amount for hold in holds), holds


async def forfeit_for_withdrawal(session: AsyncSession, holds: list[BonusHold], withdrawal_id: str) -> None:
    """Forfeit every held bonus of a member who asked to withdraw without meeting their wagering, in the withdrawal's
    transaction, and tell the points service which (``wallet.bonus.forfeited.v1``)."""
    if not holds:
        return
    for hold in holds:
        await _settle_hold(session, hold, BonusAction.FORFEIT)
        hold.withdrawal_id = withdrawal_id
    first = holds[0]
    events.bonus_forfeited(session, first.merchant, WalletBonusForfeitedV1Data(
        accountId=first.account_id, grantIds=[hold.grant_id for hold in holds],
        amount=sum(hold.amount for hold in holds), currency=first.currency, reason="WITHDRAWAL",
        withdrawalId=withdrawal_id, forfeitedAt=datetime.now(UTC),
    ))  # fmt: skip
