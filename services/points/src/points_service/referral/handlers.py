"""Referrals from events: registrations naming an invite code record invitations; credited deposits and settled bets
(games, lottery) count toward the invitees' qualification. A pull's new events at once (``consumers.py`` hands them
over in the inbox claim's transaction)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.referral.service import counted, registered
from portal_events import AuthMemberRegisteredV1, GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1

BATCH = 128


async def registrations(session: AsyncSession, events: list[AuthMemberRegisteredV1]) -> None:
    await registered(session, [
        (e.merchant, e.data.accountId, e.data.username, e.data.accountType, e.data.referralCode, e.occurredAt)
        for e in events
    ])  # fmt: skip


async def deposits(session: AsyncSession, events: list[WalletDepositCreditedV1]) -> None:
    await counted(session, [(e.merchant, e.data.accountId, e.data.amount, 0) for e in events])


async def game_bets(session: AsyncSession, events: list[GamesBetSettledV1]) -> None:
    await counted(session, [(e.merchant, e.data.accountId, 0, e.data.validBet) for e in events])


async def lottery_bets(session: AsyncSession, events: list[LotteryBetSettledV1]) -> None:
    await counted(session, [(e.merchant, e.data.accountId, 0, e.data.validBet) for e in events])
