"""Ops broadcasts: a message for every member of a brand, in their inboxes at once and pushed to the sockets
open now (the message itself on the brand's subject)."""

from __future__ import annotations

from datetime import UTC, datetime

from nats.aio.client import Client as NATS

from notifications_service.broadcasts import repository
from notifications_service.broadcasts.schemas import BroadcastRead, BroadcastWrite
from notifications_service.inbox.domain import MessageKind, pushed, stamp
from notifications_service.inbox.models import MemberMessage
from notifications_service.ops.service import record
from notifications_service.push.subjects import publish
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.errors import NotFound
from portal_kit.sessions import Principal

LISTED = 100


def view(message: MemberMessage) -> BroadcastRead:
    return BroadcastRead(id=message.id, title=message.title, body=message.body, writtenBy=message.written_by or "",
                         occurredAt=stamp(message.occurred_at))  # fmt: skip


def _state(message: MemberMessage) -> dict[str, object]:
    return {"title": message.title, "body": message.body}


async def broadcasts(db: Database, merchant: str) -> list[BroadcastRead]:
    async with db.reader() as session:
        return [view(row) for row in await repository.newest(session, merchant, LISTED)]


async def write(db: Database, nc: NATS, merchant: str, actor: Principal, body: BroadcastWrite) -> BroadcastRead:
    async with db.transaction() as session:
        message = MemberMessage(
            merchant=merchant, account_id=None, kind=MessageKind.BROADCAST.value, title=body.title, body=body.body,
            occurred_at=datetime.now(UTC), written_by=actor_name(actor),
        )  # fmt: skip
        await repository.add(session, message)
        record(session, merchant, actor, "broadcast.write", str(message.id), {}, _state(message))
    await publish(nc, pushed(message))
    return view(message)


async def withdraw(db: Database, merchant: str, actor: Principal, message_id: int) -> None:
    """Take a broadcast back: gone from every inbox."""
    async with db.transaction() as session:
        message = await repository.for_update(session, merchant, message_id)
        if message is None:
            raise NotFound("broadcast.not_found")
        record(session, merchant, actor, "broadcast.withdraw", str(message.id), _state(message), {})
        await repository.delete_message(session, message_id)
