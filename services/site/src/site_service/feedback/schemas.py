from __future__ import annotations

from pydantic import Field

from site_service.config.schemas import Read, Strict
from site_service.feedback.domain import FeedbackStatus


class FeedbackBody(Strict):
    # The 140-character rule answers its own code (feedback.too_long); this bound only stops abuse.
    content: str = Field(max_length=4000)


class FeedbackReceipt(Read):
    id: int


class FeedbackRead(Read):
    id: int
    accountId: str | None
    content: str
    clientIp: str | None
    createdAt: str
    status: FeedbackStatus


class FeedbackMark(Strict):
    status: FeedbackStatus
