"""The outbox: an event is written in the same transaction as the change that caused it. Every insert into it
notifies ``outbox`` when its transaction commits (a statement trigger, ``NOTIFY_TRIGGER``), whoever wrote it: an
ORM session or a server-side function; the service's relay listens and publishes at once."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, DateTime, Index, Integer, String, Table, Text, event, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base
from portal_kit.messaging.events import event_id, subject_of
from portal_kit.telemetry import inject_headers


class OutboxMessage(Base):
    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "created_at", postgresql_where=text("published_at IS NULL")),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[dict[str, Any]] = mapped_column(JSONB)
    headers: Mapped[dict[str, str]] = mapped_column(JSONB, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)


# PostgreSQL delivers a transaction's notifications when it commits, none when it rolls back, and one of several
# alike: a commit that staged events wakes the listening relays once.
NOTIFY_CHANNEL = "outbox"
NOTIFY_FUNCTION = f"""
CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{NOTIFY_CHANNEL}', '');
    RETURN NULL;
END $$
"""
NOTIFY_TRIGGER = (
    "CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()"
)
DROP_NOTIFY = ("DROP TRIGGER IF EXISTS outbox_notify ON outbox", "DROP FUNCTION IF EXISTS outbox_notify()")


@event.listens_for(OutboxMessage.__table__, "after_create")
def _notify_at_commit(_: Table, connection: Connection, **__: Any) -> None:
    """A database made from the models (the tests') gets the trigger the migrations install."""
    connection.exec_driver_sql(NOTIFY_FUNCTION)
    connection.exec_driver_sql(NOTIFY_TRIGGER)


def add_event(session: AsyncSession, event: BaseModel) -> OutboxMessage:
    """Stage ``event`` (a generated event model, see ``new_event``) in the caller's transaction; the relay
    publishes it only if that transaction commits. The current trace context is stored with it so the trace
    continues in the consumer."""
    message = OutboxMessage(
        id=event_id(event),
        subject=subject_of(type(event)),
        body=event.model_dump(mode="json"),
        headers=dict(inject_headers({})),
        attempts=0,
    )
    session.add(message)
    return message
