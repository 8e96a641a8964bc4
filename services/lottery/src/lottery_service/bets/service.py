"""Placing, cancelling and settling lottery bets.

Placing a slip:
1. One transaction writes the slip and its bets ``pending``, once per ``requestId`` (a replay answers the slip
   it has; the same id for other bets is refused). It holds the issue ``FOR SHARE`` and checks the close
   against the database clock, so no bet is written after the close and the draw waits for a slip being
   written; the member's per-issue limit is summed under an advisory lock of (member, issue), so parallel
   slips cannot pass it together.
2. One debit of the total (``lottery:slip:<id>``); the wallet's answer accepts the slip, its refusal voids it.
   A slip the wallet did not answer stays ``pending``: a replay debits again under the same id (the wallet
   answers the original), and the worker's sweep voids it after a while, rolling the debit back (a debit that
   comes later is refused by the wallet's tombstone).

Settling a drawn issue takes its accepted bets in batches (``FOR UPDATE SKIP LOCKED``), credits each win under
``lottery:win:<bet id>``, and marks the batch won or lost with ``lottery.bet.settled.v1`` in one transaction.
A worker killed mid-batch leaves the batch accepted; the next run credits again under the same ids (the wallet
answers the original), so every win is paid exactly once. The issue is ``settled`` when no bet of it is left
pending, accepted or being cancelled.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from nats.aio.client import Client as NATS
from sqlalchemy import exists, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets import domain
from lottery_service.bets.models import Bet, Slip
from lottery_service.catalogue.domain import BetType, Catalogue, Game
from lottery_service.draws.models import Issue
from lottery_service.draws.service import VOID_ISSUE
from lottery_service.events import bet_settled
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.money import Refused, credit, debit, rollback

PENDING, ACCEPTED, VOIDING, VOID = "pending", "accepted", "voiding", "void"
WON, LOST, CANCELLING, CANCELLED = "won", "lost", "cancelling", "cancelled"
LIVE = (PENDING, ACCEPTED, CANCELLING)  # bets still waiting for their issue
COUNTED = (PENDING, ACCEPTED)  # bets counted against the per-issue limit

# Whether the issue takes bets at this instant of the database's clock, and that instant (the bets' time).
ISSUE_OPEN = text(
    "SELECT i.status = 'open' AND i.closes_at > c.now, c.now FROM lottery_issue i, (SELECT clock_timestamp() AS now) c "
    "WHERE i.game_code = :game AND i.issue = :issue FOR SHARE OF i"
)
MEMBER_ISSUE_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))")


@dataclass(frozen=True)
class Wager:
    """One bet as the member asks it, checked against its bet type, with the odds it is paid at."""

    bet_type: BetType
    choice: domain.Choice
    stake: int
    odds_milli: int


@dataclass(frozen=True)
class SlipRequest:
    merchant: str
    account_id: str
    player_name: str
    currency: str
    game: Game
    issue: str
    request_id: str
    wagers: Sequence[Wager]

    @property
    def total(self) -> int:
        return sum(wager.stake for wager in self.wagers)

    def fingerprint(self) -> str:
        asked: list[object] = [self.game.code, self.issue, self.currency]
        asked += [
            [w.bet_type.code, w.choice.position, list(w.choice.numbers), w.choice.option, w.stake] for w in self.wagers
        ]
        return hashlib.sha256(json.dumps(asked).encode()).hexdigest()


@dataclass(frozen=True)
class Placed:
    slip: Slip
    bets: list[Bet]


def choice_of(bet: Bet) -> domain.Choice:
    raw = bet.choice
    position = raw.get("position")
    numbers = raw.get("numbers") or []
    option = raw.get("option")
    return domain.Choice(
        int(str(position)) if position is not None else None,
        tuple(int(n) for n in numbers) if isinstance(numbers, list) else (),
        str(option) if option is not None else None,
    )


async def place(db: Database, nc: NATS, request: SlipRequest) -> Placed:
    """Write, then pay, a slip; a refused debit raises the wallet's refusal with nothing kept."""
    placed = await _write(db, request)
    if placed.slip.status == PENDING:
        placed = await _pay(db, nc, placed)
    if placed.slip.status in (VOID, VOIDING):
        raise Refused(placed.slip.refusal or "lottery.slip_void")
    return placed


async def _load(session: AsyncSession, slip: Slip) -> Placed:
    bets = await session.scalars(select(Bet).where(Bet.slip_id == slip.id).order_by(Bet.line))
    return Placed(slip, list(bets))


async def _replay(session: AsyncSession, request: SlipRequest) -> Placed | None:
    slip: Slip | None = await session.scalar(
        select(Slip).where(
            Slip.merchant == request.merchant, Slip.account_id == request.account_id,
            Slip.request_id == request.request_id,
        )
    )  # fmt: skip
    if slip is None:
        return None
    if slip.fingerprint != request.fingerprint():
        raise Conflict("idempotency.mismatch")
    return await _load(session, slip)


async def _write(db: Database, request: SlipRequest) -> Placed:
    async with db.transaction() as session:
        replay = await _replay(session, request)
        if replay is not None:
            return replay
        checked = (await session.execute(ISSUE_OPEN, {"game": request.game.code, "issue": request.issue})).first()
        if checked is None:
            raise NotFound("lottery.issue_unknown")
        is_open, now = checked
        if not is_open:
            raise Conflict("lottery.issue_closed")
        key = f"{request.merchant}:{request.account_id}:{request.game.code}:{request.issue}"
        await session.execute(MEMBER_ISSUE_LOCK, {"key": key})
        replay = await _replay(session, request)  # the same request, written while this one waited
        if replay is not None:
            return replay
        so_far = await session.scalar(
            select(func.coalesce(func.sum(Bet.stake), 0)).where(
                Bet.merchant == request.merchant, Bet.account_id == request.account_id,
                Bet.game_code == request.game.code, Bet.issue == request.issue, Bet.status.in_(COUNTED),
            )
        )  # fmt: skip
        if int(so_far or 0) + request.total > request.game.max_per_issue:
            raise Conflict("lottery.issue_limit", max=request.game.max_per_issue, used=int(so_far or 0))
        slip_id = uuid.uuid4()
        slip = Slip(
            id=slip_id, merchant=request.merchant, account_id=request.account_id, request_id=request.request_id,
            fingerprint=request.fingerprint(), game_code=request.game.code, issue=request.issue,
            currency=request.currency, total=request.total, status=PENDING, created_at=now,
        )  # fmt: skip
        session.add(slip)
        await session.flush()
        bets = [
            Bet(
                id=uuid.uuid4(), slip_id=slip_id, line=line, merchant=request.merchant, account_id=request.account_id,
                player_name=request.player_name, game_code=request.game.code, issue=request.issue,
                bet_type=wager.bet_type.code, currency=request.currency, stake=wager.stake,
                odds_milli=wager.odds_milli, status=PENDING, hits=0, win=0, created_at=now,
                choice={"position": wager.choice.position, "numbers": list(wager.choice.numbers), "option": wager.choice.option},
            )
            for line, wager in enumerate(request.wagers)
        ]  # fmt: skip
        session.add_all(bets)
        await session.flush()
        return Placed(slip, bets)


async def _pay(db: Database, nc: NATS, placed: Placed) -> Placed:
    slip = placed.slip
    try:
        balance = await debit(nc, slip.merchant, slip.account_id, slip.currency, slip.total, f"lottery:slip:{slip.id}")
    except Refused as refused:
        return await _finish(db, slip, VOID, refusal=refused.code)
    return await _finish(db, slip, ACCEPTED, balance=balance)


async def _finish(
    db: Database, slip: Slip, status: str, *, balance: int | None = None, refusal: str | None = None
) -> Placed:
    async with db.transaction() as session:
        done = await session.scalar(
            update(Slip)
            .where(Slip.id == slip.id, Slip.status == PENDING)
            .values(status=status, balance=balance, refusal=refusal)
            .returning(Slip.id)
        )
        if done is not None:
            await session.execute(
                update(Bet).where(Bet.slip_id == slip.id, Bet.status == PENDING).values(status=status)
            )
    async with db.reader() as session:  # this answer, or the sweep's that came first
        current = await session.get(Slip, slip.id, populate_existing=True)
        assert current is not None
        return await _load(session, current)


async def recover(db: Database, nc: NATS, older_than_seconds: float, limit: int = 100) -> int:
    """Void the slips the wallet never answered (after ``older_than_seconds``): their debit is rolled back
    first, so money taken late is given back; how many were voided."""
    cutoff = datetime.now(UTC) - timedelta(seconds=older_than_seconds)
    async with db.transaction() as session:
        stuck = list(
            await session.scalars(
                update(Slip)
                .where(Slip.id.in_(
                    select(Slip.id).where(Slip.status.in_((PENDING, VOIDING)), Slip.created_at < cutoff)
                    .order_by(Slip.created_at).limit(limit).with_for_update(skip_locked=True)
                ))
                .values(status=VOIDING)
                .returning(Slip)
            )
        )  # fmt: skip
    voided = 0
    for slip in stuck:
        try:
            await rollback(nc, slip.merchant, f"lottery:slip:{slip.id}")
        except Refused:
            pass  # nothing to give back (the wallet refuses a rollback of what it never took in some states)
        except DomainError:
            break  # the wallet did not answer: the next sweep tries again
        async with db.transaction() as session:
            await session.execute(
                update(Slip).where(Slip.id == slip.id, Slip.status == VOIDING)
                .values(status=VOID, refusal="lottery.slip_expired")
            )  # fmt: skip
            await session.execute(update(Bet).where(Bet.slip_id == slip.id, Bet.status == PENDING).values(status=VOID))
        voided += 1
    return voided


async def cancel(db: Database, nc: NATS, merchant: str, account_id: str, bet_id: uuid.UUID) -> tuple[Bet, int]:
    """Take back an accepted bet before its issue closes (its stake credited under ``lottery:cancel:<id>``);
    the bet and the balance after."""
    async with db.transaction() as session:
        bet: Bet | None = await session.scalar(
            select(Bet)
            .where(Bet.id == bet_id, Bet.merchant == merchant, Bet.account_id == account_id)
            .with_for_update()
        )
        if bet is None:
            raise NotFound("lottery.bet_not_found")
        if bet.status != ACCEPTED:
            raise Conflict("lottery.bet_not_cancellable")
        checked = (await session.execute(ISSUE_OPEN, {"game": bet.game_code, "issue": bet.issue})).first()
        if checked is None or not checked[0]:
            raise Conflict("lottery.issue_closed")
        bet.status = CANCELLING
    balance = await credit(nc, merchant, account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}")
    async with db.transaction() as session:
        await session.execute(
            update(Bet)
            .where(Bet.id == bet.id, Bet.status == CANCELLING)
            .values(status=CANCELLED, settled_at=func.now())
        )
    bet.status = CANCELLED
    return bet, balance


async def refund_void(db: Database, nc: NATS, concurrency: int, batch: int = 500) -> int:
    """Give back the stake of every live bet on a voided issue (once each, ``lottery:cancel:<id>``, the key a
    member's own cancel uses); how many bets were refunded. A slip paid after the issue was voided is caught by
    the next pass."""
    refunded = 0
    gate = asyncio.Semaphore(concurrency)

    async def refund(bet: Bet) -> None:
        async with gate:
            await credit(nc, bet.merchant, bet.account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}")

    while True:
        async with db.transaction() as session:
            bets = list(
                await session.scalars(
                    select(Bet)
                    .join(Issue, (Issue.game_code == Bet.game_code) & (Issue.issue == Bet.issue))
                    .where(Issue.status == VOID_ISSUE, Bet.status.in_((ACCEPTED, CANCELLING)))
                    .order_by(Bet.id).limit(batch).with_for_update(of=Bet, skip_locked=True)
                )
            )  # fmt: skip
            await asyncio.gather(*(refund(bet) for bet in bets))
            now = datetime.now(UTC)
            for bet in bets:
                bet.status, bet.settled_at = CANCELLED, now
        refunded += len(bets)
        if len(bets) < batch:
            return refunded


async def settle_drawn(db: Database, nc: NATS, catalogue: Catalogue, concurrency: int, batch: int = 500) -> int:
    """Settle the bets of every drawn issue, oldest first; how many bets were settled."""
    async with db.reader() as session:
        drawn = list(
            await session.scalars(select(Issue).where(Issue.status == "drawn").order_by(Issue.draws_at).limit(20))
        )
    settled = 0
    for issue in drawn:
        game = catalogue.games.get(issue.game_code)
        if game is not None:
            settled += await settle_issue(db, nc, game, issue, concurrency, batch)
    return settled


async def settle_issue(db: Database, nc: NATS, game: Game, issue: Issue, concurrency: int, batch: int = 500) -> int:
    assert issue.result is not None
    settled = 0
    gate = asyncio.Semaphore(concurrency)
    while True:
        async with db.transaction() as session:
            bets = list(
                await session.scalars(
                    select(Bet)
                    .where(Bet.game_code == issue.game_code, Bet.issue == issue.issue, Bet.status.in_((ACCEPTED, CANCELLING)))
                    .order_by(Bet.id).limit(batch).with_for_update(skip_locked=True)
                )
            )  # fmt: skip
            if not bets:
                break
            now = datetime.now(UTC)
            for bet in bets:
                if bet.status == ACCEPTED:
                    bet.hits = domain.hits(game.category.bet_types[bet.bet_type], choice_of(bet), issue.result)
                    bet.win = domain.payout(bet.stake, bet.odds_milli, bet.hits)

            async def pay(bet: Bet) -> None:
                async with gate:
                    if bet.status == CANCELLING:
                        await credit(
                            nc, bet.merchant, bet.account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}"
                        )
                    elif bet.win:
                        await credit(nc, bet.merchant, bet.account_id, bet.currency, bet.win, f"lottery:win:{bet.id}")

            await asyncio.gather(*(pay(bet) for bet in bets))
            for bet in bets:
                if bet.status == CANCELLING:
                    bet.status = CANCELLED
                else:
                    bet.status = WON if bet.win else LOST
                    bet_settled(session, bet, game.area, now)
                    settled += 1
                bet.settled_at = now
        if len(bets) < batch:
            break
    async with db.transaction() as session:
        waiting = exists().where(Bet.game_code == issue.game_code, Bet.issue == issue.issue, Bet.status.in_(LIVE))
        await session.execute(
            update(Issue)
            .where(Issue.game_code == issue.game_code, Issue.issue == issue.issue, Issue.status == "drawn", ~waiting)
            .values(status="settled", settled_at=func.now())
        )
    return settled
