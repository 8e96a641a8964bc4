"""The event envelope every message on the bus carries: ``{id, subject, occurredAt, merchant, data}``."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

EVENT_ID_HEADER = "Portal-Event-Id"
MSG_ID_HEADER = "Nats-Msg-Id"


@dataclass(frozen=True)
class Event:
    subject: str
    merchant: str
    data: dict[str, Any]
    id: str = field(default_factory=lambda: str(uuid.uuid4()))
    occurred_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "subject": self.subject,
            "occurredAt": self.occurred_at.isoformat().replace("+00:00", "Z"),
            "merchant": self.merchant,
            "data": self.data,
        }

    def encode(self) -> bytes:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False).encode()

    @classmethod
    def decode(cls, body: bytes) -> Event:
        raw = json.loads(body)
        return cls(
            id=str(raw["id"]),
            subject=str(raw["subject"]),
            merchant=str(raw["merchant"]),
            data=dict(raw["data"]),
            occurred_at=datetime.fromisoformat(str(raw["occurredAt"]).replace("Z", "+00:00")),
        )


def stream_name(service: str) -> str:
    """One stream per producing service: ``site`` → ``SITE`` with subjects ``site.>``."""
    return service.upper().replace("-", "_")
