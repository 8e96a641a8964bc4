"""Helpers shared by the games tests."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
from fastapi import FastAPI

from portal_kit.db import Database
from portal_kit.sessions import Role
from portal_kit.testing.sessions import member_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money.service import Movement, credit

MERCHANT = "turkeyf2"


@dataclass
class Games:
    http: httpx.AsyncClient
    db: Database
    wallet_db: Database
    redis_url: str
    app: FastAPI
    # Sessions whose in-house seeds were shown: a round needs its commitment shown first, as the web shows it
    # when a game opens.
    seeds_shown: set[str] = field(default_factory=set)

    async def member(
        self, balance: int = 100_000, *, role: Role = Role.MEMBER, account_type: int = 0, username: str = "player"
    ) -> tuple[str, str]:
        """A member with ``balance`` minor units in the main wallet (TRY): (account id, session token)."""
        account_id = str(uuid.uuid4())
        async with self.wallet_db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account_id, account_type), "TRY", 0)
        if balance:  # a real movement from the house, as a deposit would be
            await credit(self.wallet_db, Movement(MERCHANT, account_id, "TRY", balance, f"test-funds:{account_id}"))
        token = await member_session(
            self.redis_url, MERCHANT, account_id, account_type=account_type, username=username, role=role
        )
        return account_id, token

    async def trial(self, play_money: int = 200_000) -> tuple[str, str]:
        """A trial account with ``play_money`` in its free-play wallet, granted as the wallet grants it."""
        account_id = str(uuid.uuid4())
        async with self.wallet_db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account_id, 4), "TRY", play_money)
        return account_id, await member_session(self.redis_url, MERCHANT, account_id, account_type=4, username="guest")

    async def balance(self, account_id: str, wallet: str = "main") -> int:
        row = await self.wallet_db.call(
            "SELECT balance FROM ledger_account WHERE merchant = %s AND owner_id = %s AND kind = %s",
            (MERCHANT, account_id, wallet),
        )
        assert row is not None
        return int(row[0])

    async def show_seeds(self, token: str) -> None:
        if token not in self.seeds_shown:
            await self.http.get("/wps/games/bgs/seeds", headers={"Authorization": token})
            self.seeds_shown.add(token)

    async def spin(self, token: str, stake: int = 1000, request_id: str | None = None) -> httpx.Response:
        await self.show_seeds(token)
        body: dict[str, Any] = {"stake": stake, "requestId": request_id or f"spin-{uuid.uuid4()}"}
        return await self.http.post("/wps/games/bgs/slot/spins", json=body, headers={"Authorization": token})

    async def roll(
        self, token: str, stake: int = 1000, target: int = 4999, over: bool = True, room: str | None = "BEGINNER"
    ) -> httpx.Response:
        """A dice roll, in the beginners' room unless ``room`` says otherwise (None: no room)."""
        await self.show_seeds(token)
        body: dict[str, Any] = {"stake": stake, "target": target, "over": over, "requestId": f"roll-{uuid.uuid4()}"}
        if room is not None:
            body["roomId"] = room
        return await self.http.post("/wps/games/bgs/dice/rolls", json=body, headers={"Authorization": token})
