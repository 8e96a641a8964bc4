"""The inbox's statements: each read or change is one prepared statement (``Database.rows``), because sockets
run them on a resume and a catch-up. A reader sees their own messages and their brand's broadcasts for everyone or
for them (``member_message_audience``), minus what they deleted."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.inbox.domain import REWARD_KINDS, MessageKind, Reader
from notifications_service.inbox.domain import stamp as stamp  # the hub writes its frames' times with it
from notifications_service.inbox.models import MemberMessage, MemberMissionBadge
from notifications_service.inbox.schemas import MessageRead
from portal_kit.db import Database

_COLUMNS = """m.id, m.kind, m.title, m.body, m.amount, m.currency, m.reference, m.reason, m.occurred_at,
    r.read_at IS NOT NULL, m.account_id IS NULL"""
# The reader's own messages, the brand's broadcasts for everyone and those for them.
_FOR_READER = """m.merchant = %(merchant)s AND (m.account_id = %(account)s OR (m.account_id IS NULL AND (
      m.audience = 'all' OR EXISTS (SELECT 1 FROM member_message_audience a
                                    WHERE a.message_id = m.id AND a.account_id = %(account)s))))"""
_SEEN_BY = f"""FROM member_message m
    LEFT JOIN member_message_receipt r ON r.message_id = m.id AND r.account_id = %(account)s
    WHERE {_FOR_READER}
      AND r.deleted_at IS NULL"""

NEWER = f"SELECT {_COLUMNS} {_SEEN_BY} AND m.id > %(after)s ORDER BY m.id LIMIT %(limit)s"
PAGE = f"SELECT {_COLUMNS}, count(*) OVER () {_SEEN_BY} ORDER BY m.id DESC LIMIT %(limit)s OFFSET %(offset)s"
_BADGE = """(SELECT count(*) FROM member_mission_badge b
    WHERE b.merchant = %(merchant)s AND b.account_id = %(account)s AND b.completed AND NOT b.claimed)"""
UNREAD = f"""SELECT count(*), count(*) FILTER (WHERE m.kind = ANY(%(rewards)s)), {_BADGE}
    {_SEEN_BY} AND r.read_at IS NULL"""
NEWEST = f"SELECT coalesce(max(m.id), 0) {_SEEN_BY}"
_RECEIPT = f"""INSERT INTO member_message_receipt (message_id, account_id, read_at, deleted_at)
    SELECT m.id, %(account)s::varchar, now(), {{deleted}} FROM member_message m
    WHERE {_FOR_READER} {{which}}
    ON CONFLICT (message_id, account_id) DO UPDATE
    SET read_at = coalesce(member_message_receipt.read_at, excluded.read_at),
        deleted_at = coalesce(member_message_receipt.deleted_at, excluded.deleted_at)"""  # noqa: S608 - constants
MARK_READ = _RECEIPT.format(deleted="NULL", which="AND m.id = ANY(%(ids)s)") + (
    " WHERE member_message_receipt.read_at IS NULL RETURNING message_id"
)
MARK_ALL_READ = (
    _RECEIPT.format(deleted="NULL", which="") + " WHERE member_message_receipt.read_at IS NULL RETURNING message_id"
)
DELETE = _RECEIPT.format(deleted="now()", which="AND m.id = %(id)s") + " RETURNING message_id"


def _message(row: tuple[Any, ...]) -> MessageRead:
    return MessageRead(
        id=row[0], kind=MessageKind(row[1]), title=row[2], body=row[3], amount=row[4], currency=row[5],
        reference=row[6], reason=row[7], occurredAt=stamp(row[8]), read=row[9], broadcast=row[10],
    )  # fmt: skip


def _of(reader: Reader, **more: object) -> dict[str, object]:
    return {"merchant": reader.merchant, "account": reader.account_id, **more}


async def newer(db: Database, reader: Reader, after: int, limit: int) -> list[MessageRead]:
    """The reader's messages after id ``after``, oldest first."""
    return [_message(row) for row in await db.rows(NEWER, _of(reader, after=after, limit=limit))]


async def page(db: Database, reader: Reader, offset: int, limit: int) -> tuple[list[MessageRead], int]:
    """A page of the reader's messages, newest first, and how many there are."""
    rows = await db.rows(PAGE, _of(reader, offset=offset, limit=limit))
    total = int(rows[0][11]) if rows else 0
    if not rows and offset:
        total = int((await db.call(f"SELECT count(*) {_SEEN_BY}", _of(reader)) or (0,))[0])
    return [_message(row) for row in rows], total


async def unread(db: Database, reader: Reader) -> tuple[int, int, int]:
    """How many of the reader's messages are unread, how many of those tell of a reward, and how many of the
    reader's missions have a reward ready to claim."""
    found = await db.call(UNREAD, _of(reader, rewards=[kind.value for kind in REWARD_KINDS])) or (0, 0, 0)
    return int(found[0]), int(found[1]), int(found[2])


async def keep(session: AsyncSession, message: MemberMessage) -> None:
    """Write a message in the consumer's transaction (its id given at once, for its push after the commit)."""
    session.add(message)
    await session.flush()


async def mark_mission(session: AsyncSession, merchant: str, account_id: str, mission_id: int, flag: str) -> None:
    """Set a mission's ``completed`` or ``claimed`` flag for the member (the row made when it is the first told)."""
    values = {"merchant": merchant, "account_id": account_id, "mission_id": mission_id, "completed": False,
              "claimed": False, flag: True}  # fmt: skip
    statement = insert(MemberMissionBadge).values(**values)
    await session.execute(
        statement.on_conflict_do_update(index_elements=["merchant", "account_id", "mission_id"], set_={flag: True})
    )


async def newest(db: Database, reader: Reader) -> int:
    return int((await db.call(NEWEST, _of(reader)) or (0,))[0])


async def mark_read(db: Database, reader: Reader, ids: list[int] | None) -> int:
    """Mark ``ids`` (every message when None) read; returns how many were unread."""
    if ids is None:
        return len(await db.rows(MARK_ALL_READ, _of(reader)))
    return len(await db.rows(MARK_READ, _of(reader, ids=ids)))


async def delete(db: Database, reader: Reader, message_id: int) -> bool:
    """Delete a message from the reader's inbox (a broadcast only for them); False when they have no such one."""
    return bool(await db.rows(DELETE, _of(reader, id=message_id)))
