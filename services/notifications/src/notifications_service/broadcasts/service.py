"""Ops broadcasts: a message for every member of a brand, for one member or for a list of them, in their inboxes at
once and pushed to the sockets open now (the message itself on the brand's subject, or on each member's)."""

from __future__ import annotations

from datetime import UTC, datetime

from nats.aio.client import Client as NATS

from notifications_service.broadcasts import repository
from notifications_service.broadcasts.domain import BroadcastAudience, BroadcastFilters, audience_of
from notifications_service.broadcasts.schemas import BroadcastRead, BroadcastWrite
from notifications_service.inbox.domain import MessageKind, pushed, pushed_to, stamp
from notifications_service.inbox.models import MemberMessage
from notifications_service.ops.service import record
from notifications_service.push.subjects import publish
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


def view(message: MemberMessage, members: int, first: str | None) -> BroadcastRead:
    audience = BroadcastAudience(message.audience)
    return BroadcastRead(
        id=message.id, title=message.title, body=message.body, writtenBy=message.written_by or "",
        occurredAt=stamp(message.occurred_at), audience=audience,
        audienceCount=None if audience is BroadcastAudience.ALL else members,
        accountId=first if audience is BroadcastAudience.MEMBER else None,
    )  # fmt: skip


def _state(message: MemberMessage, account_ids: list[str]) -> dict[str, object]:
    state: dict[str, object] = {"title": message.title, "body": message.body, "audience": message.audience}
    if account_ids:
        state["accountIds"] = account_ids
    return state


async def broadcasts(db: Database, merchant: str, page: Page, filters: BroadcastFilters) -> PageRead[BroadcastRead]:
    """A page of the brand's broadcasts, filtered and in order, and how many pass the filters."""
    async with db.reader() as session:
        rows, total = await repository.page_of_broadcasts(session, merchant, page, filters)
    return page_of(page, [view(*row.tuple()) for row in rows], total)


async def write(db: Database, nc: NATS, merchant: str, actor: Principal, body: BroadcastWrite) -> BroadcastRead:
    """Write it for its audience (refused whole, before anything is written, when the list breaks the rule), then
    push it: once on the brand's subject, or to each member's."""
    account_ids = audience_of(body.audience, body.accountIds)
    async with db.transaction() as session:
        message = MemberMessage(
            merchant=merchant, account_id=None, kind=MessageKind.BROADCAST.value, title=body.title, body=body.body,
            occurred_at=datetime.now(UTC), written_by=actor_name(actor), audience=body.audience.value,
        )  # fmt: skip
        await repository.add(session, message, account_ids)
        record(session, merchant, actor, "broadcast.write", str(message.id), {}, _state(message, sorted(account_ids)))
    if body.audience is BroadcastAudience.ALL:
        await publish(nc, pushed(message))
    else:
        for account_id in account_ids:
            await publish(nc, pushed_to(message, account_id))
    return view(message, len(account_ids), account_ids[0] if account_ids else None)


async def withdraw(db: Database, merchant: str, actor: Principal, message_id: int) -> None:
    """Take a broadcast back: gone from every inbox it was in."""
    async with db.transaction() as session:
        message = await repository.for_update(session, merchant, message_id)
        if message is None:
            raise NotFound("broadcast.not_found")
        account_ids = await repository.members(session, message_id)
        record(session, merchant, actor, "broadcast.withdraw", str(message.id), _state(message, account_ids), {})
        await repository.delete_message(session, message_id)
