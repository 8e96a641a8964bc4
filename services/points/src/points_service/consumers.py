"""The events the points service consumes, each through the kit's inbox, once: one durable consumer per event type
(``points__<name>``), whose pull of new events is handed to every slice that counts that event, in turn, in one
transaction with the inbox's claim. A settled bet earns points, moves missions, counts toward bonuses' wagering and
the day's net play, raises the VIP turnover and an invitee's qualification: one parse, one claim and one commit a pull
for all of it, instead of one consumer each (``tests/bench/points.py``).

A slice that cannot count an event yet (an account whose registration has not arrived: earning's and missions'
``NotKnownYet``) fails the pull; the kit then handles its events one at a time, and the waiting one is tried again
later with the longer back-off below (about an hour) before it is parked in the dead letters."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning import handlers as earning
from points_service.members import handlers as members
from points_service.missions import handlers as missions
from points_service.promotions import handlers as promotions
from points_service.referral import handlers as referral
from points_service.vip import handlers as vip
from portal_events import (
    AuthMemberRegisteredV1,
    GamesBetSettledV1,
    LotteryBetSettledV1,
    WalletBonusForfeitedV1,
    WalletDepositCreditedV1,
)
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe_many

BACKOFF = (1.0, 5.0, 30.0, 120.0, 600.0)
MAX_DELIVER = 10
# A pull's events at once: one claim, each slice's few statements and one commit for up to this many (a commit an
# event held the worker to about 30 bets a second on this machine; pulls of 128 to about 560 with every slice, of 512
# to about 1,230: the statements are set-based, so their cost hardly grows with the pull). Below JetStream's
# default of 1,000 messages waiting for an acknowledgement.
BATCH = 512

Handler = Callable[[AsyncSession, list[Any]], Awaitable[None]]

# Each event type, its consumer's name, and the slices' handlers, in the order they run.
FANOUT: tuple[tuple[Any, str, tuple[Handler, ...]], ...] = (
    (AuthMemberRegisteredV1, "registered", (members.know_members, referral.registrations)),
    (GamesBetSettledV1, "game_bet",
     (earning.game_bets, missions.game_bets, promotions.game_bets, vip.game_bets, referral.game_bets)),
    (LotteryBetSettledV1, "lottery_bet",
     (earning.lottery_bets, missions.lottery_bets, promotions.lottery_bets, vip.lottery_bets, referral.lottery_bets)),
    (WalletDepositCreditedV1, "deposit",
     (earning.deposits, missions.deposits, promotions.deposits, referral.deposits)),
    (WalletBonusForfeitedV1, "bonus_forfeited", (promotions.bonuses_forfeited,)),
)  # fmt: skip


def each(handlers: tuple[Handler, ...]) -> Handler:
    async def handle(session: AsyncSession, events: list[Any]) -> None:
        for handler in handlers:
            await handler(session, events)

    return handle


def points_subscription() -> Callable[[PortalBroker, Database], None]:
    def register(broker: PortalBroker, db: Database) -> None:
        for event, name, handlers in FANOUT:
            subscribe_many(
                broker, service="points", handler_name=name, event=event, db=db, handler=each(handlers), batch=BATCH,
                max_deliver=MAX_DELIVER, backoff=BACKOFF,
            )  # fmt: skip

    return register
