"""Events on the bus: each is a model generated from its contract in ``proto/`` (``portal_events``), an envelope
``{id, subject, occurredAt, merchant, data}`` whose class names its subject as ``SUBJECT``. The kit works with
any such model and never imports the generated package itself."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from pydantic import BaseModel

EVENT_ID_HEADER = "Portal-Event-Id"
MSG_ID_HEADER = "Nats-Msg-Id"

EventModel = TypeVar("EventModel", bound=BaseModel)


def subject_of(kind: type[BaseModel]) -> str:
    subject = getattr(kind, "SUBJECT", None)
    if not isinstance(subject, str):
        raise TypeError(f"{kind.__name__} is no event model: it names no SUBJECT")
    return subject


def new_event(kind: type[EventModel], merchant: str, data: BaseModel | dict[str, Any]) -> EventModel:
    """A new event of ``kind`` with a fresh id and the current time, validated against its contract: an event
    that breaks its schema fails here, in the producer's transaction, and never reaches the outbox."""
    return kind.model_validate(
        {
            "id": str(uuid.uuid4()),
            "subject": subject_of(kind),
            "occurredAt": datetime.now(UTC),
            "merchant": merchant,
            "data": data,
        }
    )


def event_id(event: BaseModel) -> str:
    return str(cast(Any, event).id)


def stream_name(service: str) -> str:
    """One stream per producing service: ``site`` → ``SITE`` with subjects ``site.>``."""
    return service.upper().replace("-", "_")
