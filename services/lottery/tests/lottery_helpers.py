"""Helpers shared by the lottery tests."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from fastapi import FastAPI
from nats.aio.client import Client as NATS
from sqlalchemy import update

from lottery_service.bets import service as bet_service
from lottery_service.catalogue.domain import Catalogue, catalogue
from lottery_service.draws import service as draws
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.sessions import Role
from portal_kit.testing.sessions import member_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money.service import Movement, credit
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"
TEST_SEED_KEY = "5eed" * 16  # the seed key the tests' settings hold (64 hex digits)
TEST_SEED_KEY_ID = "t1"
TIME_LEFT = timedelta(seconds=10)  # of an issue a test bets on, before its close


@dataclass
class Lottery:
    http: httpx.AsyncClient
    db: Database
    wallet_db: Database
    redis_url: str
    nc: NATS  # the worker's connection
    settings: LotterySettings
    app: FastAPI  # the API under test (its own database engine is ``app.state.db``)

    async def member(
        self, balance: int = 1_000_000, *, role: Role = Role.MEMBER, account_type: int = 0, username: str = "player"
    ) -> tuple[str, str]:
        """A member with ``balance`` minor units in the main wallet (TRY): (account id, session token)."""
        account_id = str(uuid.uuid4())
        async with self.wallet_db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account_id, account_type), "TRY", 0)
        if balance:
            await credit(self.wallet_db, Movement(MERCHANT, account_id, "TRY", balance, f"test-funds:{account_id}"))
        token = await member_session(
            self.redis_url, MERCHANT, account_id, account_type=account_type, username=username, role=role
        )
        return account_id, token

    async def balance(self, account_id: str) -> int:
        row = await self.wallet_db.call(
            "SELECT balance FROM ledger_account WHERE merchant = %s AND owner_id = %s AND kind = 'main'",
            (MERCHANT, account_id),
        )
        assert row is not None
        return int(row[0])

    async def reconciled(self) -> bool:
        """The wallet's reconciliation finds every balance equal to its journal and every brand summing to zero."""
        return await differences(self.wallet_db) == []

    async def schedule(
        self, now: datetime | None = None, settings: LotterySettings | None = None, data: Catalogue | None = None,
        ahead: timedelta = timedelta(minutes=10),
    ) -> int:  # fmt: skip
        """Write the issues ahead as the worker does (every game's, or ``data``'s), under the settings' seed key."""
        keys = SeedKeys.of(settings or self.settings)
        return await draws.schedule(
            self.db, data or catalogue(), now or datetime.now(UTC), ahead, timedelta(hours=1), keys
        )

    async def open_issue(self, game: str) -> str:
        """The issue of ``game`` open for bets now (scheduling first), with ``TIME_LEFT`` at least before it closes: a
        one-minute issue taken a moment before its close refused the test's next bet or cancellation
        (``lottery.issue_closed``). Nearer its close, its close is waited out and the next issue taken."""
        while True:
            await self.schedule()
            answer = await self.http.get(f"/lotto/lgw/games/{game}")
            current = answer.json()["value"]["current"]
            assert current is not None
            left = datetime.fromisoformat(current["closesAt"]) - datetime.now(UTC)
            if left >= TIME_LEFT:
                return str(current["issue"])
            await asyncio.sleep(max(left.total_seconds(), 0) + 0.1)

    async def bet(
        self, token: str, game: str, issue: str, bets: list[dict[str, Any]], request_id: str | None = None
    ) -> httpx.Response:
        body = {"gameCode": game, "issue": issue, "requestId": request_id or f"slip-{uuid.uuid4()}", "bets": bets}
        return await self.http.post("/lotto/lgw/bets", json=body, headers={"Authorization": token})

    async def make_due(self, game: str, issue: str) -> None:
        """Close and make due ``issue`` now, as time would."""
        past = datetime.now(UTC) - timedelta(seconds=1)
        async with self.db.transaction() as session:
            await session.execute(
                update(Issue).where(Issue.game_code == game, Issue.issue == issue).values(closes_at=past, draws_at=past)
            )

    async def draw_and_settle(self) -> int:
        data = catalogue()
        await draws.draw_due(self.db, data, SeedKeys.of(self.settings))
        return await bet_service.settle_drawn(self.db, self.nc, data, 8)
