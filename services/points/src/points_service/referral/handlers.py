"""Referrals from events, once per event (the kit's inbox, under consumers of the referrals' own): registrations
naming an invite code record invitations; credited deposits and settled bets (games, lottery) count toward the
invitees' qualification. Each pull's new events at once (``subscribe_many``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.referral.service import counted, registered
from portal_events import AuthMemberRegisteredV1, GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many

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


HANDLERS: tuple[tuple[Any, str, Callable[[AsyncSession, Any], Awaitable[None]]], ...] = (
    (AuthMemberRegisteredV1, "referral_registered", registrations),
    (WalletDepositCreditedV1, "referral_deposit", deposits),
    (GamesBetSettledV1, "referral_game_bet", game_bets),
    (LotteryBetSettledV1, "referral_lottery_bet", lottery_bets),
)


def referral_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handler in HANDLERS:
            subscribe_many(broker, service="points", handler_name=name, event=event, db=db, handler=handler,
                           batch=BATCH)  # fmt: skip

    return register
