"""Helpers shared by the agent-contracts tests."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import nats
from pydantic import BaseModel
from sqlalchemy import func, select

from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest
from agent_contracts_service.figures.models import MemberHour
from agent_contracts_service.ops.models import AgentContractsAudit
from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import Placement
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.sessions import OpsRole, Principal, Role, role_for_account_type
from portal_kit.testing.plugin import PortalServers, issue_session

MERCHANT = "turkeyf2"
OTHER_MERCHANT = "otherbrand"
AGENT_TYPE, MEMBER_TYPE, TRIAL_TYPE = 1, 0, 4
CONSUMERS = (
    ("AUTH", "member_registered"),
    ("GAMES", "games_bet_settled"),
    ("LOTTERY", "lottery_bet_settled"),
    ("WALLET", "deposit_credited"),
    ("WALLET", "withdrawal_paid"),
)
TABLES = (TeamMember, TeamLink, MemberHour, Contract, ContractRequest, ContractHistory, AgentContractsAudit)


def now() -> datetime:
    return datetime.now(UTC)


def registered(account_id: str, upline_id: str | None, *, account_type: int = AGENT_TYPE,
               merchant: str = MERCHANT, username: str | None = None) -> AuthMemberRegisteredV1:  # fmt: skip
    return AuthMemberRegisteredV1.model_validate(
        {
            "id": str(uuid.uuid4()), "subject": AuthMemberRegisteredV1.SUBJECT, "occurredAt": now().isoformat(),
            "merchant": merchant,
            "data": {
                "accountId": account_id, "username": username or f"u{account_id[:8]}", "accountType": account_type,
                "uplineId": upline_id, "registerMethod": "USERNAME",
            },
        }
    )  # fmt: skip


@dataclass
class AgentContracts:
    http: httpx.AsyncClient
    db: Database
    servers: PortalServers

    async def place(self, upline_id: str | None = None, *, account_type: int = AGENT_TYPE,
                    merchant: str = MERCHANT) -> str:  # fmt: skip
        """A new account in the tree (as its registration would place it); its id."""
        account_id = str(uuid.uuid4())
        async with self.db.transaction() as session:
            placement = Placement(account_id, f"u{account_id[:8]}", account_type, upline_id)
            await team.place(session, merchant, placement, now())
        return account_id

    async def chain(self, length: int, *, top: str | None = None) -> list[str]:
        """``length`` agents, each the direct downline of the one before."""
        ids: list[str] = []
        upline = top
        for _ in range(length):
            upline = await self.place(upline)
            ids.append(upline)
        return ids

    async def token(self, account_id: str, account_type: int = AGENT_TYPE, merchant: str = MERCHANT) -> str:
        principal = Principal(role_for_account_type(account_type), merchant, account_id, account_type=account_type,
                              username=f"u{account_id[:8]}")  # fmt: skip
        return await issue_session(self.servers.redis_url, principal)

    async def ops_token(self, merchant: str = MERCHANT, roles: frozenset[OpsRole] = frozenset({OpsRole.ADMIN})) -> str:
        principal = Principal(Role.OPS, merchant, "ops-1", username="ops.alice", ops_roles=roles,
                              ops_merchants=frozenset({merchant}))  # fmt: skip
        return await issue_session(self.servers.redis_url, principal)

    async def call(self, method: str, path: str, token: str, body: dict[str, Any] | None = None,
                   params: dict[str, str] | None = None, merchant: str = MERCHANT) -> httpx.Response:  # fmt: skip
        headers = {"Authorization": token, "Merchant": merchant}
        return await self.http.request(method, path, json=body, params=params, headers=headers)

    async def snapshot(self) -> dict[str, int]:
        """Rows per table (every brand): a refusal leaves them all as they were."""
        found: dict[str, int] = {}
        async with self.db.reader() as session:
            for model in TABLES:
                found[model.__tablename__] = int(await session.scalar(select(func.count()).select_from(model)) or 0)
        return found

    async def rows(self, model: Any, **equal: Any) -> list[Any]:
        async with self.db.reader() as session:
            query = select(model).filter_by(**equal)
            return list((await session.scalars(query)).all())

    async def publish(self, event: BaseModel, *, msg_id: str | None = None) -> None:
        """Into the producer's stream, as its relay does (``Nats-Msg-Id`` = the event id unless told otherwise)."""
        nc = await nats.connect(self.servers.nats_url)
        try:
            js = nc.jetstream()
            subject = str(event.model_dump()["subject"])
            event_id = str(event.model_dump()["id"])
            headers = {"Nats-Msg-Id": msg_id or event_id, "Portal-Event-Id": event_id}
            await js.publish(subject, event.model_dump_json().encode(), headers=headers)
        finally:
            await nc.close()

    async def wait_for_consumers(self, timeout: float = 30.0) -> None:
        nc = await nats.connect(self.servers.nats_url)
        try:
            js = nc.jetstream()
            async with asyncio.timeout(timeout):
                while True:
                    try:
                        for stream, name in CONSUMERS:
                            await js.consumer_info(stream, f"agent-contracts__{name}")
                        return
                    except Exception:  # noqa: BLE001 - not there yet
                        await asyncio.sleep(0.1)
        finally:
            await nc.close()


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 15.0) -> None:
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.05)
