"""Helpers of the notifications tests: members' sessions as auth writes them, events as the wallet's outbox
relay publishes them, real sockets and HTTP calls against a chosen replica."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
from notifications_service.inbox.handlers import message_of
from notifications_service.inbox.models import MemberMessage
from notifications_service.push.subjects import publish
from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from portal_events import (
    LotteryBetSettledV1,
    NotificationsPush,
    WalletDepositCreditedV1,
    WalletDepositFailedV1,
    WalletWithdrawalPaidV1,
    WalletWithdrawalRejectedV1,
)
from portal_kit.messaging.events import EVENT_ID_HEADER, MSG_ID_HEADER, new_event
from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import nats_client
from portal_kit.testing.plugin import PortalServers
from portal_kit.testing.sessions import member_session, ops_session
from portal_stack.services import WS_OPTIONS

BRAND = "turkeyf2"
HEARTBEAT_SECONDS = 1.0
CONSUMERS = ("deposit_credited", "deposit_failed", "withdrawal_approved", "withdrawal_rejected", "withdrawal_paid")


def replica_process(
    servers: PortalServers,
    database_url: str,
    name: str,
    nats_url: str | None = None,
    heartbeat: float = HEARTBEAT_SECONDS,
    settings: dict[str, str] | None = None,
) -> ManagedProcess:
    """An API process of the service, as a pod behind the gateway: on the suite's NATS unless ``nats_url``; with
    more of its settings (``NOTIFICATIONS_...`` variables) in ``settings``."""
    port = free_port()
    return ManagedProcess(
        name,
        [sys.executable, "-m", "uvicorn", "notifications_service.main:app", "--host", "127.0.0.1", "--port", str(port),
         *WS_OPTIONS],
        servers.root / "logs" / f"{name}-{port}.log",
        lambda: port_open(port),
        env={"NOTIFICATIONS_DATABASE_URL": database_url, "REDIS_URL": servers.redis_url,
             "NATS_URL": nats_url or servers.nats_url, "NOTIFICATIONS_HEARTBEAT_SECONDS": str(heartbeat),
             **(settings or {})},
        port=port,
    )  # fmt: skip


@dataclass
class Replica:
    process: ManagedProcess

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.process.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.process.port}/ws"


@dataclass
class Member:
    merchant: str
    account_id: str
    token: str


class Socket:
    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    async def frame(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame other than a ping (each ping is answered, as the web does), within ``timeout``."""
        async with asyncio.timeout(timeout):
            while True:
                frame: dict[str, Any] = json.loads(await self.connection.recv())
                if frame["type"] != "ping":
                    return frame
                await self.connection.send(json.dumps({"type": "pong"}))

    async def send(self, frame: dict[str, Any] | str | bytes) -> None:
        await self.connection.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    async def closed_with(self, timeout: float = 10.0) -> int | None:
        """Read until the server closes; its close code."""
        try:
            while True:
                await asyncio.wait_for(self.connection.recv(), timeout)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    async def close(self) -> None:
        await self.connection.close()


class Notifications:
    def __init__(self, servers: PortalServers, replicas: list[Replica], database_url: str) -> None:
        self.servers = servers
        self.replicas = replicas
        self.database_url = database_url
        self.sockets: list[Socket] = []

    async def member(self, merchant: str = BRAND, account_type: int = 0) -> Member:
        account_id = str(uuid.uuid4())
        token = await member_session(
            self.servers.redis_url, merchant, account_id, account_type=account_type, username=f"m{account_id[:8]}"
        )
        return Member(merchant, account_id, token)

    async def session(self, member: Member) -> str:
        """Another session of ``member`` (another login: another device, another browser)."""
        username = f"m{member.account_id[:8]}"
        return await member_session(self.servers.redis_url, member.merchant, member.account_id, username=username)

    async def ops(self, *roles: OpsRole, merchants: tuple[str, ...] = ("*",)) -> str:
        return await ops_session(
            self.servers.redis_url, "ops.tester", roles=roles, merchants=merchants, account_id=f"ops-{uuid.uuid4()}"
        )

    async def connect(self, token: str, replica: int = 0, protocols: list[str] | None = None) -> Socket:
        connection = await connect(
            self.replicas[replica].ws_url,
            subprotocols=protocols or ["portal.v1", token],
            open_timeout=10,  # type: ignore[list-item]
        )
        socket = Socket(connection)
        self.sockets.append(socket)
        return socket

    async def opened(self, member: Member, replica: int = 0) -> tuple[Socket, int]:
        """A member's socket, past its ``ready`` frame; with the last message id it named."""
        socket = await self.connect(member.token, replica)
        ready = await socket.frame()
        assert ready["type"] == "ready"
        return socket, int(ready["lastId"])

    async def publish(self, event: BaseModel, message_id: str | None = None) -> None:
        """As the producer's outbox relay does: on its stream, the event id as the message id (another message
        id with the same event is a redelivery by a relay that crashed before it marked the row sent)."""
        async with nats_client(self.servers.nats_url) as nc:
            event_id = str(event.id)
            headers = {MSG_ID_HEADER: message_id or event_id, EVENT_ID_HEADER: event_id}
            await nc.jetstream().publish(event.SUBJECT, event.model_dump_json().encode(), headers=headers)

    async def push(self, push: NotificationsPush) -> None:
        """As the worker does after its commit (or, without a message, as a worker of the previous version did)."""
        async with nats_client(self.servers.nats_url) as nc:
            await publish(nc, push)
            await nc.flush()

    @staticmethod
    async def stored(connection: psycopg.AsyncConnection[Any], member: Member, amount: int) -> MemberMessage:
        """A deposit-failed message inserted on ``connection`` (committed when it commits), as the worker writes it;
        with the id the insert gave it."""
        message = message_of(Notifications.deposit_failed(member, amount))
        inserted = await connection.execute(
            "INSERT INTO member_message (merchant, account_id, kind, title, body, amount, currency, reference, reason,"
            " occurred_at) VALUES (%s, %s, %s, '', '', %s, %s, %s, %s, %s) RETURNING id",
            (message.merchant, message.account_id, message.kind, message.amount, message.currency, message.reference,
             message.reason, message.occurred_at),
        )  # fmt: skip
        row = await inserted.fetchone()
        assert row is not None
        message.id, message.title, message.body = row[0], "", ""
        return message

    @staticmethod
    def deposit_credited(member: Member, amount: int) -> WalletDepositCreditedV1:
        data = {"depositId": str(uuid.uuid4()), "accountId": member.account_id, "channel": "BANK_TRANSFER",
                "amount": amount, "currency": "TRY", "creditedAt": "2026-11-24T10:00:00Z"}  # fmt: skip
        return new_event(WalletDepositCreditedV1, member.merchant, data)

    @staticmethod
    def deposit_failed(member: Member, amount: int) -> WalletDepositFailedV1:
        data = {"depositId": str(uuid.uuid4()), "accountId": member.account_id, "channel": "BANK_TRANSFER",
                "amount": amount, "currency": "TRY", "reason": "name differs", "failedAt": "2026-11-24T10:01:00Z"}  # fmt: skip
        return new_event(WalletDepositFailedV1, member.merchant, data)

    @staticmethod
    def withdrawal_rejected(member: Member, amount: int) -> WalletWithdrawalRejectedV1:
        data = {"withdrawalId": str(uuid.uuid4()), "accountId": member.account_id, "amount": amount,
                "currency": "TRY", "reason": "bank closed", "rejectedAt": "2026-11-24T10:02:00Z"}  # fmt: skip
        return new_event(WalletWithdrawalRejectedV1, member.merchant, data)

    @staticmethod
    def withdrawal_paid(member: Member, amount: int) -> WalletWithdrawalPaidV1:
        data = {"withdrawalId": str(uuid.uuid4()), "accountId": member.account_id, "amount": amount,
                "currency": "TRY", "paidAt": "2026-11-24T10:03:00Z"}  # fmt: skip
        return new_event(WalletWithdrawalPaidV1, member.merchant, data)

    @staticmethod
    def lottery_settled(member: Member, win: int) -> LotteryBetSettledV1:
        data = {"betId": str(uuid.uuid4()), "accountId": member.account_id, "playerName": "m", "vendor": "LOTT",
                "gameCode": "SSC_1", "issue": "202611240001", "betType": "BIG", "currency": "TRY", "stake": 100,
                "win": win, "validBet": 100, "settledAt": "2026-11-24T10:04:00Z"}  # fmt: skip
        return new_event(LotteryBetSettledV1, member.merchant, data)

    async def call(
        self, method: str, path: str, token: str | None = None, replica: int = 0, merchant: str = BRAND,
        language: str = "EN", **kwargs: Any,
    ) -> httpx.Response:  # fmt: skip
        headers = {"Language": language, "Merchant": merchant}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        async with httpx.AsyncClient(base_url=self.replicas[replica].url, timeout=10) as http:
            return await http.request(method, path, headers=headers, **kwargs)

    async def inbox(self, member: Member, replica: int = 0) -> list[dict[str, Any]]:
        answer = await self.call("GET", "/wps/notifications/messages", member.token, replica, member.merchant)
        assert answer.status_code == 200, answer.text
        items: list[dict[str, Any]] = answer.json()["value"]["list"]
        return items

    async def unread(self, member: Member) -> int:
        answer = await self.call("GET", "/wps/relay/CSP_unreadCount", member.token, merchant=member.merchant)
        assert answer.status_code == 200, answer.text
        return int(answer.json()["value"]["count"])

    async def wait_for_inbox(self, member: Member, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        async with asyncio.timeout(timeout):
            while len(items := await self.inbox(member)) < count:
                await asyncio.sleep(0.05)
        return items

    async def wait_for_consumers(self, timeout: float = 30.0) -> None:
        """Until the worker's durable consumers exist (it creates them as it starts)."""
        async with nats_client(self.servers.nats_url) as nc:
            js = nc.jetstream()
            async with asyncio.timeout(timeout):
                while True:
                    try:
                        for name in CONSUMERS:
                            await js.consumer_info("WALLET", f"notifications__{name}")
                        await js.consumer_info("LOTTERY", "notifications__lottery_win")
                        return
                    except Exception:  # noqa: BLE001 - not there yet
                        await asyncio.sleep(0.1)

    async def close(self) -> None:
        for socket in self.sockets:
            await socket.close()
