"""Promotions' use cases: members read the brand's promotions and join them; a credited deposit earns the bonus of each
promotion the member joined (first deposit, or a reload at most once a day), which the wallet then holds; settled bets
count toward the bonuses' wagering; the worker asks the wallet to hold, release or forfeit each bonus as its status
says (``move_due``), under a lease, so a bonus is moved once whatever stops in between; ops keep the promotions and
read the bonuses, every change audited.

Every question to the wallet is made outside a transaction: the status that asks it is committed first (a bonus
``GRANTING``, ``RELEASING`` or ``EXPIRING``), and the answer moves it on by a conditional update — so a withdrawal
that forfeited the bonus meanwhile (``wallet.bonus.forfeited.v1``) is never undone."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service import events
from points_service.ops import repository as audit
from points_service.ops.domain import CatalogueOrder, QueueOrder
from points_service.promotions import repository
from points_service.promotions.domain import (
    ASKING,
    DEPOSIT_KINDS,
    GameType,
    GrantStatus,
    PromotionKind,
    after_wallet,
    bonus_for,
    cashback_for,
    grant_for_bet,
    text_in,
    turnover_for,
)
from points_service.promotions.models import BonusGrant, Promotion
from points_service.promotions.schemas import BonusRead, JoinRead, PromotionRead, PromotionWrite
from portal_events import PointsBonusReleasedV1Data
from portal_kit import money
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

log = logging.getLogger("points.promotions")
LEASE_SECONDS = 60.0  # above the wallet question's timeout: a lease never ends while its question is open
RETRY_AFTER_SECONDS = 5.0  # a question the wallet refused or did not answer is asked again after this long


def _promotion(row: Promotion, language: str, joined: bool | None) -> PromotionRead:
    return PromotionRead(
        promotionId=row.id, kind=PromotionKind(row.kind), name=text_in(row.names, language),
        details=text_in(row.details, language), names=row.names, detailsByLanguage=row.details, picture=row.picture,
        percentBp=row.percent_bp, maxBonus=row.max_bonus, minDeposit=row.min_deposit,
        wageringMultiple=row.wagering_multiple, gameTypes=[GameType(t) for t in row.game_types], maxBet=row.max_bet,
        expiryDays=row.expiry_days, startsAt=row.starts_at, endsAt=row.ends_at, active=row.active, sort=row.sort,
        joined=joined,
    )  # fmt: skip


def _bonus(row: BonusGrant, language: str) -> BonusRead:
    return BonusRead(
        grantId=row.id, accountId=row.account_id, promotionId=row.promotion_id,
        promotionName=text_in(row.promotion_name, language), depositAmount=row.deposit_amount, amount=row.amount,
        turnoverRequired=row.turnover_required, turnoverDone=row.turnover_done,
        gameTypes=[GameType(t) for t in row.game_types], maxBet=row.max_bet, status=GrantStatus(row.status),
        createdAt=row.created_at, expiresAt=row.expires_at, settledAt=row.settled_at,
    )  # fmt: skip


# --- members ----------------------------------------------------------------------------------------------------
async def on_offer(db: Database, caller: Principal, language: str) -> list[PromotionRead]:
    """The brand's promotions open now; for a member or agent, whether it joined each."""
    async with db.reader() as session:
        rows = await repository.on_offer(session, caller.merchant)
        if caller.account_id is None or caller.is_visitor:
            return [_promotion(row, language, None) for row in rows]
        joined = await repository.joined(session, caller.merchant, str(caller.account_id))
    return [_promotion(row, language, row.id in joined) for row in rows]


async def join(db: Database, member: Principal, promotion_id: int) -> JoinRead:
    """Join a promotion open now, once (joining again answers the first join). A first-deposit promotion is for a
    member who has made no deposit yet (``promotion.not_eligible``)."""
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.transaction() as session:
        found = await repository.promotion(session, merchant, promotion_id)
        if found is None:
            raise NotFound("promotion.not_found")
        if found.id not in {row.id for row in await repository.on_offer(session, merchant)}:
            raise DomainError("promotion.closed", status=409)
        if found.kind == PromotionKind.FIRST_DEPOSIT and await repository.deposits_seen(session, merchant, account_id):
            raise DomainError("promotion.not_eligible", status=409)
        row = await repository.join_once(session, merchant, promotion_id, account_id)
    return JoinRead(promotionId=promotion_id, joined=True, joinedAt=row.joined_at)


async def bonuses(
    db: Database, merchant: str, page: Page, language: str, *, account_id: str | None, status: GrantStatus | None,
    order: QueueOrder = QueueOrder.NEWEST,
) -> PageRead[BonusRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.grants_page(
            session, merchant, page, account_id=account_id, status=status, order=order
        )
    return page_of(page, [_bonus(row, language) for row in rows], total)


# --- events -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deposit:
    merchant: str
    account_id: str
    deposit_id: str
    amount: int
    number: int | None  # which of the member's credited deposits (None: an event from before it was told)
    credited_at: datetime


async def deposit_credited(session: AsyncSession, deposit: Deposit) -> int:
    """A credited deposit earns the bonus of each promotion the member had joined before it was credited, on offer
    then (not when its event is consumed): a first-deposit one
    only for the member's first deposit, a reload one for a later deposit, once a day (UTC). The bonuses are written
    ``GRANTING``; the worker asks the wallet to hold them. How many were granted."""
    seen = await repository.count_deposit(session, deposit.merchant, deposit.account_id)
    first = deposit.number == 1 if deposit.number is not None else seen == 1
    granted = 0
    for promotion in await repository.joined_before(session, deposit.merchant, deposit.account_id, deposit.credited_at):
        if promotion.kind not in DEPOSIT_KINDS:
            continue
        if promotion.kind == PromotionKind.FIRST_DEPOSIT:
            if not first:
                continue
            source = "first"
        else:
            if first:
                continue
            source = f"day:{deposit.credited_at.astimezone(UTC).date().isoformat()}"
        amount = bonus_for(deposit.amount, promotion.percent_bp, promotion.max_bonus, promotion.min_deposit)
        made = await new_grant(session, promotion, deposit.account_id, source, deposit.deposit_id, deposit.amount,
                               amount)  # fmt: skip
        granted += made is not None
    return granted


async def new_grant(
    session: AsyncSession, promotion: Promotion, account_id: str, source: str, reference: str, base: int, amount: int
) -> str | None:
    """Write a bonus of ``promotion`` for the member, ``GRANTING`` (the worker asks the wallet to hold it), unless the
    promotion granted one for the same source already; its id, or None. ``reference`` and ``base`` say what it was
    earned by and on: a deposit and its amount, a day and its net loss, an application (its base 0)."""
    if amount <= 0:
        return None
    grant_id = str(uuid.uuid4())
    written = await repository.grant_once(session, {
        "id": grant_id, "merchant": promotion.merchant, "account_id": account_id,
        "promotion_id": promotion.id, "promotion_name": promotion.names, "source": source,
        "deposit_id": reference, "deposit_amount": base, "amount": amount,
        "turnover_required": turnover_for(amount, promotion.wagering_multiple), "turnover_done": 0,
        "game_types": promotion.game_types, "max_bet": promotion.max_bet, "expiry_days": promotion.expiry_days,
        "status": GrantStatus.GRANTING, "expires_at": datetime.now(UTC) + timedelta(days=promotion.expiry_days),
    })  # fmt: skip
    return grant_id if written else None


@dataclass(frozen=True)
class Bet:
    merchant: str
    account_id: str
    game_type: str
    stake: int
    valid_bet: int
    settled_at: datetime
    win: int = 0


async def bets_settled(session: AsyncSession, bets: Sequence[Bet]) -> int:
    """Settled bets count toward their members' active bonuses (each bet toward one: the oldest it counts for), in
    the consumer's transaction; a bonus met is to be released. How many bets counted."""
    await _count_play(session, bets)
    counted = 0
    for merchant in {bet.merchant for bet in bets}:
        mine = [bet for bet in bets if bet.merchant == merchant and bet.valid_bet > 0]
        accounts = sorted({bet.account_id for bet in mine})
        if not accounts or not await repository.accounts_with_active(session, merchant, accounts):
            continue
        open_grants = await repository.active_of(session, merchant, accounts)
        for bet in mine:
            grants = open_grants.get(bet.account_id, [])
            chosen = grant_for_bet(grants, bet.game_type, bet.stake, bet.settled_at)
            if chosen is None:
                continue
            await repository.add_turnover(session, chosen.id, bet.valid_bet, bet.settled_at)
            counted += 1
            if chosen.turnover_done + bet.valid_bet >= chosen.turnover_required:  # released: no more bets count
                grants.remove(chosen)
            else:
                grants[grants.index(chosen)] = chosen.counted(bet.valid_bet)
    return counted


async def _count_play(session: AsyncSession, bets: Sequence[Bet]) -> None:
    """The stakes and wins of each member's UTC day, every game (summed per member and day first, written in key order
    so two pulls never wait on each other's rows the other way round): cashback pays on the net loss of those who
    joined it, and a raffle's turnover condition reads every member's stakes."""
    for merchant in sorted({bet.merchant for bet in bets}):
        days: dict[tuple[str, date], list[int]] = {}
        for bet in bets:
            if bet.merchant == merchant:
                sums = days.setdefault((bet.account_id, bet.settled_at.astimezone(UTC).date()), [0, 0])
                sums[0], sums[1] = sums[0] + bet.stake, sums[1] + bet.win
        for (account_id, day), (staked, won) in sorted(days.items()):
            await repository.add_play(session, merchant, account_id, day, staked, won)


async def grant_cashback(db: Database, day: date) -> int:
    """Each cashback promotion's bonus for ``day`` (UTC) to every member who joined it before the day began and lost
    on it: its share of the net loss, once (the source ``cashback:<day>``). How many were granted."""
    granted = 0
    async with db.transaction() as session:
        for promotion, account_id, staked, won in await repository.cashback_due(session, day):
            amount = cashback_for(staked, won, promotion.percent_bp, promotion.max_bonus, promotion.min_deposit)
            made = await new_grant(session, promotion, account_id, f"cashback:{day.isoformat()}",
                                   f"day:{day.isoformat()}", staked - won, amount)  # fmt: skip
            granted += made is not None
    return granted


async def forfeited_by_withdrawal(session: AsyncSession, merchant: str, account_id: str, ids: Sequence[str]) -> int:
    return await repository.forfeited_by_withdrawal(session, merchant, account_id, ids)


# --- the wallet -------------------------------------------------------------------------------------------------
async def move_due(db: Database, nc: NATS, limit: int = 100) -> int:
    """Ask the wallet about every bonus whose status asks it (and start forfeiting the expired); how many were asked.
    One that cannot be asked now is left for the next round, never in the way of the others."""
    async with db.transaction() as session:
        await repository.expire_due(session)
    async with db.reader() as session:
        ids = await repository.due(session, limit)
    for grant_id in ids:
        try:
            await move(db, nc, grant_id)
        except Exception:
            log.exception("bonus %s: asking the wallet failed; next round", grant_id)
    return len(ids)


async def move(db: Database, nc: NATS, grant_id: str) -> None:
    """Ask the wallet to hold, release or forfeit one bonus, as its status says, and move it by the answer. A refusal
    of a grant that moved nothing (``money.NOTHING_MOVED``: no real-money wallet) fails it; any other refusal, or no
    answer, leaves it for the next round (the wallet answers the same question once)."""
    async with db.transaction() as session:
        row = await repository.lease(session, grant_id, LEASE_SECONDS)
        if row is None:
            return
        asked, days = GrantStatus(row.status), row.expiry_days
        merchant, account_id, amount = row.merchant, row.account_id, row.amount
    try:
        answer = await money.bonus(nc, merchant, account_id, grant_id, amount, ASKING[asked])
    except money.Refused as refused:
        if asked is GrantStatus.GRANTING and refused.code in money.NOTHING_MOVED:
            async with db.transaction() as session:
                await repository.settle(session, grant_id, asked, GrantStatus.FAILED, refused.code[:64], days)
            return
        log.warning("bonus %s: the wallet answered %s; asked again later", grant_id, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("bonus %s not moved yet: %s", grant_id, unanswered.code)
    else:
        ends = after_wallet(asked, answer.status)
        async with db.transaction() as session:
            moved = await repository.settle(session, grant_id, asked, ends, None, days)
            if moved and ends is GrantStatus.RELEASED:
                await _tell_released(session, grant_id, answer.currency)
        return
    async with db.transaction() as session:
        await repository.unlease(session, grant_id, RETRY_AFTER_SECONDS)


async def _tell_released(session: AsyncSession, grant_id: str, currency: str) -> None:
    row = await repository.grant(session, grant_id)
    assert row is not None
    events.bonus_released(session, row.merchant, PointsBonusReleasedV1Data(
        grantId=row.id, accountId=row.account_id, promotionName=row.promotion_name, amount=row.amount,
        currency=currency, releasedAt=datetime.now(UTC),
    ))  # fmt: skip


# --- ops --------------------------------------------------------------------------------------------------------
def _values(body: PromotionWrite) -> dict[str, object]:
    return {
        "kind": body.kind, "names": body.names, "details": body.details, "picture": body.picture,
        "percent_bp": body.percentBp, "max_bonus": body.maxBonus, "min_deposit": body.minDeposit,
        "wagering_multiple": body.wageringMultiple, "game_types": [str(t) for t in body.gameTypes],
        "max_bet": body.maxBet, "expiry_days": body.expiryDays, "starts_at": body.startsAt, "ends_at": body.endsAt,
        "active": body.active, "sort": body.sort,
    }  # fmt: skip


def _audited(read: PromotionRead) -> dict[str, object]:
    return read.model_dump(mode="json", exclude={"name", "details", "joined", "promotionId"})


async def promotions(
    db: Database, merchant: str, page: Page, language: str, *, active: bool | None = None,
    kind: PromotionKind | None = None, order: CatalogueOrder = CatalogueOrder.DISPLAY,
) -> PageRead[PromotionRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.promotions_page(session, merchant, page, active=active, kind=kind, order=order)
    return page_of(page, [_promotion(row, language, None) for row in rows], total)


async def create(
    db: Database, merchant: str, actor: Principal, body: PromotionWrite, language: str, ip: str | None
) -> PromotionRead:
    async with db.transaction() as session:
        row = Promotion(merchant=merchant, **_values(body))
        repository.add_promotion(session, row)
        await repository.flush(session)
        read = _promotion(row, language, None)
        audit.record(session, merchant, actor, "promotion.create", str(row.id), reason=body.reason, before=None,
                     after=_audited(read), ip=ip)  # fmt: skip
    return read


async def change(
    db: Database, merchant: str, actor: Principal, promotion_id: int, body: PromotionWrite, language: str,
    ip: str | None,
) -> PromotionRead:  # fmt: skip
    """Change a promotion; bonuses granted before keep the terms they were granted with."""
    async with db.transaction() as session:
        row = await repository.promotion(session, merchant, promotion_id, lock=True)
        if row is None:
            raise NotFound("promotion.not_found")
        before = _audited(_promotion(row, language, None))
        for name, value in _values(body).items():
            setattr(row, name, value)
        await repository.flush(session)
        read = _promotion(row, language, None)
        audit.record(session, merchant, actor, "promotion.change", str(row.id), reason=body.reason, before=before,
                     after=_audited(read), ip=ip)  # fmt: skip
    return read
