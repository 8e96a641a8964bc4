"""What the points tests share: the events as their producers publish them, a brand's rules, sessions."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
from sqlalchemy import select

from points_service.ledger.models import PointAccount, PointEntry
from points_service.rules.domain import EARNING_TYPES
from points_service.seed import seed
from portal_events import AuthMemberRegisteredV1, GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.testing.events import consumed, eventually, publish_event
from portal_kit.testing.plugin import PortalServers
from portal_kit.testing.sessions import member_session

MERCHANT = "turkeyf2"
UNIT = 10_000  # the demo rules: 1 point a whole 100.00

__all__ = ["EARNING_TYPES", "MERCHANT", "UNIT", "Points"]


def registered(account_id: str, account_type: int = 0, merchant: str = MERCHANT) -> AuthMemberRegisteredV1:
    data = {"accountId": account_id, "username": f"u{account_id[:8]}", "accountType": account_type,
            "uplineId": None, "registerMethod": "USERNAME"}  # fmt: skip
    return new_event(AuthMemberRegisteredV1, merchant, data)


def game_bet(account_id: str, valid_bet: int, game_type: str = "RNG", merchant: str = MERCHANT) -> GamesBetSettledV1:
    data = {"roundId": str(uuid.uuid4()), "accountId": account_id, "vendor": "BGS", "gameType": game_type,
            "gameCode": "BGS_FRUIT5", "currency": "TRY", "stake": valid_bet, "win": 0, "validBet": valid_bet,
            "settledAt": datetime.now(UTC).isoformat()}  # fmt: skip
    return new_event(GamesBetSettledV1, merchant, data)


def lottery_bet(account_id: str, valid_bet: int) -> LotteryBetSettledV1:
    data = {"betId": str(uuid.uuid4()), "accountId": account_id, "playerName": "p", "vendor": "LOTT",
            "gameCode": "SSC_1M", "issue": "202611270001", "betType": "BIG", "currency": "TRY", "stake": valid_bet,
            "win": 0, "validBet": valid_bet, "settledAt": datetime.now(UTC).isoformat()}  # fmt: skip
    return new_event(LotteryBetSettledV1, MERCHANT, data)


def deposit(account_id: str, amount: int) -> WalletDepositCreditedV1:
    data = {"depositId": str(uuid.uuid4()), "accountId": account_id, "channel": "SANDBOX", "amount": amount,
            "currency": "TRY", "creditedAt": datetime.now(UTC).isoformat()}  # fmt: skip
    return new_event(WalletDepositCreditedV1, MERCHANT, data)


@dataclass
class Points:
    http: httpx.AsyncClient
    db: Database
    servers: PortalServers

    async def seeded(self) -> None:
        await seed(self.db)

    async def publish(self, event: Any, *, msg_id: str | None = None) -> None:
        await publish_event(self.servers.nats_url, event, msg_id=msg_id)

    async def consumed(self, stream: str, durable: str, published: int) -> None:
        await eventually(lambda: consumed(self.servers.nats_url, stream, f"points__{durable}", published), timeout=30)

    async def balance(self, account_id: str) -> int:
        async with self.db.reader() as session:
            found = await session.scalar(
                select(PointAccount.balance).where(
                    PointAccount.merchant == MERCHANT, PointAccount.account_id == account_id
                )
            )
        return int(found or 0)

    async def entries(self, account_id: str) -> list[PointEntry]:
        async with self.db.reader() as session:
            query = select(PointEntry).where(PointEntry.account_id == account_id).order_by(PointEntry.id)
            return list((await session.scalars(query)).all())

    async def member_token(self, account_id: str, account_type: int = 0) -> str:
        return await member_session(self.servers.redis_url, MERCHANT, account_id, account_type=account_type)
