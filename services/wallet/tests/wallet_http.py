"""A client of the wallet's HTTP calls as the web and ops would be: sessions, encrypted bodies, members
whose payment password lives in the real auth database."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from sqlalchemy import select

from auth_service.accounts.models import Account
from auth_service.passwords import hash_password
from portal_kit.db import Database
from portal_kit.encryption import PayloadKeys, encrypt
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import OpsRole, role_for_account_type
from portal_kit.settings import DEFAULT_SECRET
from portal_kit.testing.sessions import member_session, ops_session
from portal_kit.valkey_link import ValkeyLink
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"
PAYMENT_PASSWORD = "246810"


class WalletClient:
    def __init__(self, http: httpx.AsyncClient, db: Database, auth_db: Database, redis_url: str) -> None:
        self.http = http
        self.db = db
        self.auth_db = auth_db
        self.redis_url = redis_url

    async def member(
        self,
        name: str,
        *,
        account_type: int = 0,
        upline: str | None = None,
        payment_password: str | None = PAYMENT_PASSWORD,
    ) -> tuple[str, str]:
        """A registered account (auth row, wallets opened from its event) and a session token for it."""
        account_id = str(uuid.uuid4())
        async with self.auth_db.transaction() as session:
            session.add(
                Account(
                    id=account_id,
                    merchant=MERCHANT,
                    username=name,
                    account_type=account_type,
                    password_hash=await hash_password("login-pass-1"),
                    payment_password_hash=await hash_password(payment_password) if payment_password else None,
                )
            )
        async with self.db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account_id, account_type, name, upline), "TRY", 200_000)
        role = role_for_account_type(account_type)  # the session names no account type
        return account_id, await member_session(
            self.redis_url, MERCHANT, account_id, account_type=None, username=name, role=role
        )

    async def ops(self, name: str = "deniz", merchant: str = MERCHANT, *roles: OpsRole) -> str:
        """An ops session of ``name`` for ``merchant`` with ``roles`` (admin when none are named)."""
        return await ops_session(self.redis_url, name, roles=roles or (OpsRole.ADMIN,), merchants=(merchant,))

    async def sealed(self, method: str, path: str, payload: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
        """An (E) body, with the key auth hands out (shared in Redis)."""
        valkey = ValkeyLink(self.redis_url)
        try:
            key_id, public_key = await PayloadKeys(valkey, DEFAULT_SECRET, "auth").current()
        finally:
            await valkey.aclose()
        return encrypt(public_key, key_id, payload, method=method, path=path)

    async def call(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", {}))
        if token:
            headers["Authorization"] = token
        return await self.http.request(method, path, headers=headers, **kwargs)

    async def call_sealed(self, method: str, path: str, token: str, payload: dict[str, Any]) -> httpx.Response:
        body, headers = await self.sealed(method, path, payload)
        return await self.call(method, path, token, json=body, headers=headers)

    async def balance(self, token: str) -> dict[str, Any]:
        response = await self.call("GET", "/wps/v2/wallets/balance", token)
        assert response.status_code == 200, response.text
        value: dict[str, Any] = response.json()["value"]
        return value

    async def available(self, token: str) -> int:
        return int((await self.balance(token))["sum"])

    async def ops_credit(self, account_id: str, amount: int, ops_token: str) -> None:
        """Adjust a member's balance; an amount above the dual-control amount is approved by a second person."""
        response = await self.call(
            "POST",
            f"/wps/ops/wallet/merchants/{MERCHANT}/accounts/{account_id}/adjustments",
            ops_token,
            json={"amount": amount, "reason": "test funding", "requestId": str(uuid.uuid4())},
        )
        assert response.status_code == 200, response.text
        if response.json()["value"]["status"] == "pending":
            adjustment = response.json()["value"]["adjustmentId"]
            approved = await self.call(
                "POST",
                f"/wps/ops/wallet/merchants/{MERCHANT}/adjustments/{adjustment}/approve",
                await self.ops("second.checker", MERCHANT, OpsRole.FINANCE_CHECKER),
            )
            assert approved.status_code == 200, approved.text

    async def events(self, subject: str) -> list[dict[str, Any]]:
        async with self.db.reader() as session:
            rows = await session.scalars(
                select(OutboxMessage).where(OutboxMessage.subject == subject).order_by(OutboxMessage.created_at)
            )
            return [row.body for row in rows]

    async def reconciled(self) -> bool:
        return await differences(self.db) == []
