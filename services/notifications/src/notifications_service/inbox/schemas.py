"""Answers and payloads of the inbox calls; a message is also what a socket pushes."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from notifications_service.inbox.domain import MessageKind


class MessageRead(BaseModel):
    """One message. Money messages carry no text: the web words them in the reader's language from ``kind``,
    ``amount`` (minor units), ``currency``, ``occurredAt`` and, for a refusal, ``reason``."""

    id: int
    kind: MessageKind
    title: str
    body: str
    amount: int | None
    currency: str | None
    reference: str | None
    reason: str | None
    occurredAt: str
    read: bool
    broadcast: bool


class UnreadCountRead(BaseModel):
    count: int  # every unread message
    rewards: int  # of them, those telling of a reward ready (a bonus released, points paid as cash): the badge
    missions: int  # the member's missions whose reward is ready to claim: the missions badge


class MarkRead(BaseModel):
    """Mark the messages ``ids`` read, or every message when ``all``."""

    model_config = ConfigDict(extra="forbid")
    ids: Annotated[list[Annotated[int, Field(strict=True, ge=1)]], Field(max_length=200)] = []
    all: Annotated[bool, Field(strict=True)] = False


class MarkedRead(BaseModel):
    marked: int
