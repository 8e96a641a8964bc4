"""Settling the bets of a drawn issue, and refunding those of an issue ops voided or the draw set aside (the
worker's jobs).

Settling takes the issue's accepted bets in batches (``FOR UPDATE SKIP LOCKED``), credits each win under
``lottery:win:<bet id>``, and marks the batch won or lost with ``lottery.bet.settled.v1`` in one transaction. A
worker killed mid-batch leaves the batch accepted; the next run credits again under the same ids (the wallet
answers the original), so every win is paid exactly once. The issue is ``settled`` when no bet of it is left
pending, accepted or being cancelled.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from nats.aio.client import Client as NATS
from sqlalchemy import exists, func, select, update

from lottery_service.bets import domain
from lottery_service.bets.models import Bet
from lottery_service.bets.service import ACCEPTED, CANCELLED, CANCELLING, LIVE, LOST, WON, choice_of
from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.draws.models import Issue
from lottery_service.draws.service import REFUNDED
from lottery_service.events import bet_settled
from portal_kit.db import Database
from portal_kit.money import credit


async def refund_void(db: Database, nc: NATS, concurrency: int, batch: int = 500) -> int:
    """Give back the stake of every accepted bet (or one being cancelled) on an issue voided by ops or set aside as
    undrawable (``stuck``), once each, ``lottery:cancel:<id>`` (the key a member's own cancel uses); how many bets
    were refunded. A pending slip on such an issue is not refunded: its debit's answer finds the issue closed and
    is rolled back (or the sweep rolls it back)."""
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
                    .where(Issue.status.in_(REFUNDED), Bet.status.in_((ACCEPTED, CANCELLING)))
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
