"""What the points tests share: the events as their producers publish them, a brand's rules, sessions."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
from sqlalchemy import select

from auth_service.accounts.models import Account
from auth_service.passwords import hash_password
from points_service.ledger import repository as ledger
from points_service.ledger.models import PointAccount, PointEntry
from points_service.members import repository as members
from points_service.rules.domain import EARNING_TYPES
from points_service.seed import seed
from portal_events import AuthMemberRegisteredV1, GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.encryption import PayloadKeys, encrypt
from portal_kit.messaging.events import new_event
from portal_kit.settings import DEFAULT_SECRET
from portal_kit.testing.events import consumed, eventually, publish_event
from portal_kit.testing.plugin import PortalServers
from portal_kit.testing.sessions import member_session
from portal_kit.valkey_link import ValkeyLink

MERCHANT = "turkeyf2"
UNIT = 10_000  # the demo rules: 1 point a whole 100.00

__all__ = ["EARNING_TYPES", "MERCHANT", "PAYMENT_PASSWORD", "UNIT", "Points"]


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


PAYMENT_PASSWORD = "246810"


@dataclass
class Points:
    http: httpx.AsyncClient
    db: Database
    servers: PortalServers
    auth_db: Database

    async def member(self, points: int = 0, *, payment_password: str | None = PAYMENT_PASSWORD) -> tuple[str, str]:
        """A member known to auth (with a payment password) and to the points service, holding ``points``: its
        account id and a session token."""
        account_id = str(uuid.uuid4())
        async with self.auth_db.transaction() as session:
            session.add(Account(
                id=account_id, merchant=MERCHANT, username=f"m{account_id[:8]}", account_type=0,
                password_hash=await hash_password("login-pass-1"),
                payment_password_hash=await hash_password(payment_password) if payment_password else None,
            ))  # fmt: skip
        async with self.db.transaction() as session:
            await members.know(session, [(MERCHANT, account_id, 0)])
            if points:
                change = ledger.Change(MERCHANT, account_id, "EARN", "SLOT", points, points * UNIT, UNIT, 1,
                                       f"grant:{account_id}")  # fmt: skip
                await ledger.apply_all(session, [change])
        return account_id, await self.member_token(account_id)

    async def sealed(self, path: str, token: str, payload: dict[str, Any]) -> httpx.Response:
        """An (E) call, with the key auth hands out (shared in Valkey)."""
        valkey = ValkeyLink(self.servers.redis_url)
        try:
            key_id, public_key = await PayloadKeys(valkey, DEFAULT_SECRET, "auth").current()
        finally:
            await valkey.aclose()
        body, headers = encrypt(public_key, key_id, payload, method="POST", path=path)
        return await self.http.post(path, json=body, headers={**headers, "Authorization": token})

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
