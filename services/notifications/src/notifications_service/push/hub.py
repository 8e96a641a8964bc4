"""The sockets one process holds. Each member it holds has one NATS subscription (their subject), each brand one
more (its broadcasts): a nudge heard there makes every socket of that member send what is new since its own
cursor, so whichever process consumed the event, the process holding the socket delivers it, and a socket that
missed nudges catches up on the next one or on ``resume``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field

from fastapi import WebSocket
from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocketState

from notifications_service.inbox import repository
from notifications_service.inbox.domain import Reader
from notifications_service.push.schemas import CloseCode, SocketBalanceFrame, SocketMessageFrame, SocketPingFrame
from notifications_service.push.subjects import brand_subject, member_subject
from portal_events import NotificationsPush
from portal_kit.db import Database
from portal_kit.valkey_link import ValkeyLink

log = logging.getLogger("notifications.hub")


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    reader: Reader
    token_key: str
    cursor: int = 0
    answered_at: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, frame: BaseModel) -> None:
        if self.ws.application_state is WebSocketState.CONNECTED:
            await self.ws.send_text(frame.model_dump_json())

    async def close(self, code: int) -> None:
        if self.ws.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError):  # the browser left meanwhile
                await self.ws.close(code)


class Hub:
    def __init__(self, nc: NATS, db: Database, resume_limit: int) -> None:
        self.nc = nc
        self.db = db
        self.resume_limit = resume_limit
        self.by_subject: dict[str, set[Connection]] = {}
        self.by_token: dict[str, set[Connection]] = {}
        self._subscriptions: dict[str, Subscription] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._membership = asyncio.Lock()

    @staticmethod
    def _subjects(conn: Connection) -> tuple[str, str]:
        return member_subject(conn.reader.merchant, conn.reader.account_id), brand_subject(conn.reader.merchant)

    async def join(self, conn: Connection) -> None:
        async with self._membership:  # two tabs of one member joining at once make one subscription
            for subject in self._subjects(conn):
                self.by_subject.setdefault(subject, set()).add(conn)
                if subject not in self._subscriptions:
                    self._subscriptions[subject] = await self.nc.subscribe(subject, cb=self._heard)
            self.by_token.setdefault(conn.token_key, set()).add(conn)

    async def leave(self, conn: Connection) -> None:
        async with self._membership:
            for subject in self._subjects(conn):
                held = self.by_subject.get(subject)
                if held is None:
                    continue
                held.discard(conn)
                if not held:
                    del self.by_subject[subject]
                    subscription = self._subscriptions.pop(subject, None)
                    if subscription is not None:
                        await subscription.unsubscribe()
            tokens = self.by_token.get(conn.token_key)
            if tokens is not None:
                tokens.discard(conn)
                if not tokens:
                    del self.by_token[conn.token_key]

    async def _heard(self, msg: Msg) -> None:
        try:
            push = NotificationsPush.model_validate_json(msg.data)
        except ValidationError as exc:
            log.warning("a push on %s breaks its contract: %s", msg.subject, exc)
            return
        held = list(self.by_subject.get(msg.subject, ()))
        await asyncio.gather(*(self._deliver(conn, push) for conn in held), return_exceptions=True)

    async def _deliver(self, conn: Connection, push: NotificationsPush) -> None:
        if push.kind == "balance":
            await conn.send(SocketBalanceFrame(type="balance"))
        else:
            await self.send_new(conn)

    async def send_new(self, conn: Connection, after: int | None = None) -> None:
        """Send ``conn`` its messages after its cursor (or after ``after``, a resume), oldest first."""
        async with conn.lock:
            if after is not None:
                conn.cursor = after
            while True:
                batch = await repository.newer(self.db, conn.reader, conn.cursor, self.resume_limit)
                for message in batch:
                    await conn.send(SocketMessageFrame(type="message", message=message))
                    conn.cursor = message.id
                if len(batch) < self.resume_limit or after is not None:
                    return  # a resume sends at most one batch; the list call has the rest

    def sessions_ended(self, token_keys: list[str]) -> None:
        """Close at once the sockets of sessions that just ended (told by the session cache)."""
        for key in token_keys:
            for conn in list(self.by_token.get(key, ())):
                task = asyncio.get_running_loop().create_task(conn.close(CloseCode.SESSION_ENDED))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def heartbeat(self, valkey: ValkeyLink, every: float) -> None:
        """Every ``every`` seconds, one pass over the sockets (one task for all of them, not one each): close
        those silent for two pings and those whose session is gone (looked up in one pipeline), ping the rest."""
        while True:
            await asyncio.sleep(every)
            try:
                await self._beat(valkey, every)
            except Exception:
                log.exception("heartbeat pass failed")

    async def _beat(self, valkey: ValkeyLink, every: float) -> None:
        now = time.monotonic()
        held = [conn for conns in self.by_token.values() for conn in conns]
        silent = {conn for conn in held if now - conn.answered_at > 2 * every}
        keys = list(self.by_token)
        alive = await valkey.pipeline(*(("EXISTS", key) for key in keys)) if keys else []
        ended = {key for key, exists in zip(keys, alive, strict=True) if not exists}
        closing = [conn.close(CloseCode.SILENT) for conn in silent]
        closing += [conn.close(CloseCode.SESSION_ENDED) for conn in held if conn.token_key in ended]
        pinged = [
            conn.send(SocketPingFrame(type="ping"))
            for conn in held
            if conn not in silent and conn.token_key not in ended
        ]
        await asyncio.gather(*closing, *pinged, return_exceptions=True)

    async def close_all(self) -> None:
        held = {conn for conns in self.by_token.values() for conn in conns}
        await asyncio.gather(*(conn.close(CloseCode.GOING_AWAY) for conn in held), return_exceptions=True)
        for subscription in list(self._subscriptions.values()):
            await subscription.unsubscribe()
        self._subscriptions.clear()
