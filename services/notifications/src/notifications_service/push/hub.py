"""The sockets one process holds. Each brand it holds a member of has one NATS subscription (every subject of the
brand: its members' and its broadcasts), so whichever process consumed the event, the process holding the socket
delivers it; a push to a member this process does not hold is dropped on its subject, unread. (One subscription
per brand, not per member: nats-py gives each subscription with a callback its own task and queue, which every
idle socket paid for.) A push carries the message as it was stored: each socket of
that member sends it, unless it already did (no read per socket, and a message whose push a newer one's overtook is
still delivered); its frame is encoded once for all the sockets it goes to. A push without one makes each socket
send what is new since its own cursor. Each push is delivered in tasks of its own, a broadcast in runs of sockets
each sent in turn, so that a slow socket holds up no other member's push and of a broadcast only its run; a
socket's frames still go out in the order their pushes came. A socket that missed pushes
catches up on ``resume``, and every socket of the process when its NATS connection comes back.

The wallet's balance pushes (``push.wallet``: a member's money moved, whatever moved it) are heard the same way, one
more subscription a brand, and become a ``balance`` frame on each of that member's sockets here (the page reads its
balance again); nothing is read or kept for them.

It also keeps the sockets within their limits (``push.limits``): a process at its cap closes its oldest socket to
take a new one; a socket admitted past its session's or account's limit names those that gave way, which this
process closes if it holds them and otherwise pushes to the member's subject, heard by whichever process does."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fastapi import WebSocket
from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from pydantic import BaseModel, ValidationError
from redis.asyncio import Redis
from starlette.websockets import WebSocketState

from notifications_service.inbox import repository
from notifications_service.inbox.domain import MessageKind, Reader
from notifications_service.inbox.schemas import MessageRead
from notifications_service.push.limits import AccountSockets, session_tag
from notifications_service.push.schemas import (
    PROCESS_FULL,
    SUPERSEDED,
    CloseCode,
    SocketBalanceFrame,
    SocketMessageFrame,
    SocketPingFrame,
)
from notifications_service.push.subjects import (
    brand_subject,
    brand_subjects,
    encoded,
    member_of_wallet_subject,
    member_subject,
    wallet_brand_subjects,
)
from portal_events import NotificationsPush, WalletBalancePush
from portal_kit.db import Database

log = logging.getLogger("notifications.hub")
RECENT_SENT = 100  # the ids a socket remembers sending, so that a pushed message a read already sent is not sent twice
FAN_OUT_RUN = 100  # the sockets one task sends a push to in turn
CATCH_UP_AT_ONCE = 8  # sockets reading what they missed at the same time, after the NATS connection came back


def pushed_read(push: NotificationsPush) -> MessageRead | None:
    """The message a push carries, as its readers see it (new, so unread)."""
    if push.message is None:
        return None
    carried = push.message
    return MessageRead(
        id=carried.id, kind=MessageKind(carried.kind), title=carried.title, body=carried.body, amount=carried.amount,
        currency=carried.currency, reference=carried.reference, reason=carried.reason,
        occurredAt=repository.stamp(carried.occurredAt), read=False,
        broadcast=push.accountId is None or carried.kind == MessageKind.BROADCAST.value,
    )  # fmt: skip


PING = SocketPingFrame(type="ping").model_dump_json()
BALANCE = SocketBalanceFrame(type="balance").model_dump_json()


@dataclass(eq=False, slots=True)
class Connection:
    ws: WebSocket
    reader: Reader
    token_key: str
    socket_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    entry: str | None = None  # its place among its account's sockets (``push.limits``), once admitted
    cursor: int = 0
    answered_at: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sent: deque[int] | None = None  # made on the first message: most idle sockets never get one

    async def send(self, frame: BaseModel) -> None:
        await self.send_text(frame.model_dump_json())

    async def send_text(self, text: str) -> None:
        if self.ws.application_state is WebSocketState.CONNECTED:
            await self.ws.send_text(text)

    def has_sent(self, message_id: int) -> bool:
        return self.sent is not None and message_id in self.sent

    async def send_message(self, message: MessageRead, text: str | None = None) -> None:
        """Send ``message`` (``text``: its frame, already encoded) and remember it as sent."""
        await self.send_text(text if text is not None else message_frame(message))
        if self.sent is None:
            self.sent = deque(maxlen=RECENT_SENT)
        self.sent.append(message.id)
        self.cursor = max(self.cursor, message.id)

    async def close(self, code: int, reason: str | None = None) -> None:
        if self.ws.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError):  # the browser left meanwhile
                await self.ws.close(code, reason)


def _drop(index: dict[str, list[Connection]], key: str, conn: Connection) -> None:
    held = index.get(key)
    if held is not None and conn in held:
        held.remove(conn)
        if not held:
            del index[key]


def message_frame(message: MessageRead) -> str:
    return SocketMessageFrame(type="message", message=message).model_dump_json()


async def _send_balance(conn: Connection) -> None:
    await conn.send_text(BALANCE)


async def _deliver(conn: Connection, *, message: MessageRead, text: str) -> None:
    async with conn.lock:
        if not conn.has_sent(message.id):
            await conn.send_message(message, text)


async def _run(conns: list[Connection], deliver: Callable[[Connection], Awaitable[None]]) -> None:
    for conn in conns:
        try:
            await deliver(conn)
        except Exception:  # a socket gone meanwhile: its endpoint leaves
            log.debug("a push was not delivered to a socket", exc_info=True)


class Hub:
    def __init__(self, nc: NATS, db: Database, resume_limit: int, accounts: AccountSockets, max_sockets: int) -> None:
        self.nc = nc
        self.db = db
        self.resume_limit = resume_limit
        self.accounts = accounts
        self.max_sockets = max_sockets
        self.opened: dict[Connection, None] = {}  # the sockets this process holds, oldest first
        # A member's sockets (by the member's subject) and a session's (by its token's key) are a few: lists, a
        # quarter of a set's size; a brand's (by the brand's subject) are every socket here of the brand: a set.
        self.by_member: dict[str, list[Connection]] = {}
        self.by_brand: dict[str, set[Connection]] = {}
        self.by_token: dict[str, list[Connection]] = {}
        self._subscriptions: dict[str, Subscription] = {}  # by brand
        self._balance_subscriptions: dict[str, Subscription] = {}  # by brand: the wallet's balance pushes
        self._tasks: set[asyncio.Task[None]] = set()
        self._membership = asyncio.Lock()

    @staticmethod
    def _member(conn: Connection) -> str:
        return member_subject(conn.reader.merchant, conn.reader.account_id)

    async def join(self, conn: Connection) -> None:
        """Hold ``conn``: the process's oldest sockets closed first when it holds all it may."""
        async with self._membership:  # two tabs of one member joining at once make one subscription
            while len(self.opened) >= self.max_sockets:
                oldest = next(iter(self.opened))
                del self.opened[oldest]
                self._spawn(oldest.close(CloseCode.TRY_AGAIN_LATER, PROCESS_FULL))
            self.opened[conn] = None
            self.by_member.setdefault(self._member(conn), []).append(conn)
            merchant = conn.reader.merchant
            self.by_brand.setdefault(brand_subject(merchant), set()).add(conn)
            if merchant not in self._subscriptions:
                self._subscriptions[merchant] = await self.nc.subscribe(brand_subjects(merchant), cb=self._heard)
                self._balance_subscriptions[merchant] = await self.nc.subscribe(
                    wallet_brand_subjects(merchant), cb=self._balance_heard
                )
            self.by_token.setdefault(conn.token_key, []).append(conn)

    async def admit(self, conn: Connection) -> None:
        """Count ``conn`` among its account's sockets, on every replica; those that gave way to it are closed, here
        or by the process holding them."""
        admitted = await self.accounts.admit(conn.reader, session_tag(conn.token_key), conn.socket_id)
        conn.entry = admitted.entry
        await self._give_way(conn.reader, admitted.gave_way)

    async def _give_way(self, reader: Reader, sockets: list[str]) -> None:
        """Close the sockets of ``reader``'s account named in ``sockets``: those held here at once, and the others
        by a push to the member's subject, heard by whichever process holds them."""
        if not sockets:
            return
        subject = member_subject(reader.merchant, reader.account_id)
        if self._close_superseded(subject, set(sockets)) < len(sockets):
            push = NotificationsPush(
                kind="superseded", merchant=reader.merchant, accountId=reader.account_id, sockets=sockets
            )
            await self.nc.publish(subject, encoded(push))

    def _close_superseded(self, subject: str, sockets: set[str]) -> int:
        """Close the sockets of ``subject`` named in ``sockets`` that this process holds; how many it holds."""
        superseded = [conn for conn in self.by_member.get(subject, ()) if conn.socket_id in sockets]
        for conn in superseded:
            self._spawn(conn.close(CloseCode.SUPERSEDED, SUPERSEDED))
        return len(superseded)

    async def leave(self, conn: Connection) -> None:
        async with self._membership:
            self.opened.pop(conn, None)
            _drop(self.by_member, self._member(conn), conn)
            _drop(self.by_token, conn.token_key, conn)
            merchant = conn.reader.merchant
            brand = brand_subject(merchant)
            held = self.by_brand.get(brand)
            if held is not None:
                held.discard(conn)
                if not held:
                    del self.by_brand[brand]
            if brand not in self.by_brand:  # its last member here left
                for subscriptions in (self._subscriptions, self._balance_subscriptions):
                    subscription = subscriptions.pop(merchant, None)
                    if subscription is not None:
                        await subscription.unsubscribe()
        if conn.entry is not None:
            try:
                await self.accounts.release(conn.reader, conn.entry)
            except Exception:  # its lease runs out instead
                log.warning("a closed socket's entry was not released", exc_info=True)

    async def _heard(self, msg: Msg) -> None:
        held_here = self.by_member.get(msg.subject) or self.by_brand.get(msg.subject)
        if not held_here:
            return  # another process's member (or one who just left)
        try:
            push = NotificationsPush.model_validate_json(msg.data)
        except ValidationError as exc:
            log.warning("a push on %s breaks its contract: %s", msg.subject, exc)
            return
        if push.kind == "superseded":
            self._close_superseded(msg.subject, set(push.sockets or ()))
            return
        held = list(held_here)
        message = pushed_read(push)
        deliver: Callable[[Connection], Awaitable[None]]
        if push.kind == "balance":
            deliver = _send_balance
        elif message is None:
            deliver = self.send_new
        else:
            deliver = partial(_deliver, message=message, text=message_frame(message))
        # In tasks of their own: the subscription's next push (another member's, maybe) does not wait for these
        # sockets. A broadcast goes out in runs of sockets, one task a run, each socket's send awaited in turn (a
        # task a socket cost more than the send); a socket that cannot take its frame holds up only its run. Tasks
        # start in the order they were made and a socket's lock is taken in that order: its frames keep theirs.
        for start in range(0, len(held), FAN_OUT_RUN):
            self._spawn(_run(held[start : start + FAN_OUT_RUN], deliver))

    async def _balance_heard(self, msg: Msg) -> None:
        """The wallet says a member's money moved: a ``balance`` frame to each of their sockets here, if any."""
        member = member_of_wallet_subject(msg.subject)
        held_here = self.by_member.get(member) if member is not None else None
        if not held_here:
            return  # another process's member (or one who just left)
        try:
            WalletBalancePush.model_validate_json(msg.data)
        except ValidationError as exc:
            log.warning("a balance push on %s breaks its contract: %s", msg.subject, exc)
            return
        self._spawn(_run(list(held_here), _send_balance))

    async def send_new(self, conn: Connection, after: int | None = None) -> None:
        """Send ``conn`` its messages after its cursor (or after ``after``, a resume), oldest first."""
        async with conn.lock:
            if after is not None:
                conn.cursor = after
            while True:
                batch = await repository.newer(self.db, conn.reader, conn.cursor, self.resume_limit)
                for message in batch:
                    await conn.send_message(message)
                if len(batch) < self.resume_limit or after is not None:
                    return  # a resume sends at most one batch; the list call has the rest

    async def catch_up(self) -> None:
        """Every socket sends what is new since its cursor: pushes published while this process's NATS connection
        was down never reached it."""
        gate = asyncio.Semaphore(CATCH_UP_AT_ONCE)

        async def one(conn: Connection) -> None:
            async with gate:
                await self.send_new(conn)

        await asyncio.gather(*(one(conn) for conn in self._held()), return_exceptions=True)

    def sessions_ended(self, token_keys: list[str]) -> None:
        """Close at once the sockets of sessions that just ended (told by the session cache)."""
        for key in token_keys:
            for conn in list(self.by_token.get(key, ())):
                self._spawn(conn.close(CloseCode.SESSION_ENDED))

    async def reconnected(self) -> None:
        """The NATS client's reconnect callback: the catch-up in a task of its own, so that the client's reconnect
        does not wait for every socket's read."""
        self._spawn(self.catch_up())

    def _held(self) -> list[Connection]:
        """Every socket this process holds (each under its one session)."""
        return [conn for conns in self.by_token.values() for conn in conns]

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def heartbeat(self, valkey: Redis, every: float) -> None:
        """Every ``every`` seconds, one pass over the sockets (one task for all of them, not one each): close
        those silent for two pings and those whose session is gone (looked up in one pipeline), ping the rest;
        renew the leases of their places among their accounts' sockets, closing those that gave way meanwhile."""
        while True:
            await asyncio.sleep(every)
            try:
                await self._beat(valkey, every)
            except Exception:
                log.exception("heartbeat pass failed")

    async def _beat(self, valkey: Redis, every: float) -> None:
        now = time.monotonic()
        held = self._held()
        silent = {conn for conn in held if now - conn.answered_at > 2 * every}
        keys = list(self.by_token)
        alive: list[int] = []
        if keys:
            async with valkey.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.exists(key)
                alive = await pipe.execute()
        ended = {key for key, exists in zip(keys, alive, strict=True) if not exists}
        closing = [conn.close(CloseCode.SILENT) for conn in silent]
        closing += [conn.close(CloseCode.SESSION_ENDED) for conn in held if conn.token_key in ended]
        pinged = [conn.send_text(PING) for conn in held if conn not in silent and conn.token_key not in ended]
        await asyncio.gather(*closing, *pinged, return_exceptions=True)
        await self._renew(held)

    async def _renew(self, held: list[Connection]) -> None:
        """Renew the leases of the sockets' places; close those that gave way meanwhile (their close never came),
        and those that gave way to a place taken again (``push.limits``)."""
        # Only sockets still held: a place released meanwhile (its socket left) must not be put back.
        admitted = [conn for conn in held if conn.entry is not None and conn in self.opened]
        renewal = await self.accounts.renew([(conn.reader, conn.entry) for conn in admitted if conn.entry is not None])
        closing = [admitted[position].close(CloseCode.SUPERSEDED, SUPERSEDED) for position in renewal.superseded]
        await asyncio.gather(*closing, return_exceptions=True)
        displaced: dict[Reader, list[str]] = {}
        for position, socket_id in renewal.displaced:
            displaced.setdefault(admitted[position].reader, []).append(socket_id)
        for reader, sockets in displaced.items():
            await self._give_way(reader, sockets)

    async def close_all(self) -> None:
        await asyncio.gather(*(conn.close(CloseCode.GOING_AWAY) for conn in self._held()), return_exceptions=True)
        for subscription in [*self._subscriptions.values(), *self._balance_subscriptions.values()]:
            await subscription.unsubscribe()
        self._subscriptions.clear()
        self._balance_subscriptions.clear()
