"""The outbox: an event is written in the same transaction as the change that caused it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import DateTime, Index, Integer, String, Text, event, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, Session, mapped_column

from portal_kit.db import DATABASE_INFO, Base
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


STAGED = "portal.outbox.staged"  # in a session's ``info``: it staged events, the relay is told at its commit


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
    session.info[STAGED] = True
    return message


@event.listens_for(Session, "after_commit")
def _tell_of_committed_events(session: Session) -> None:
    """The relay learns of committed events at once (``Database.events_committed``), not at its next poll."""
    if session.info.pop(STAGED, False):
        database = session.info.get(DATABASE_INFO)
        if database is not None and database.events_committed is not None:
            database.events_committed()


@event.listens_for(Session, "after_rollback")
def _forget_rolled_back_events(session: Session) -> None:
    session.info.pop(STAGED, None)
