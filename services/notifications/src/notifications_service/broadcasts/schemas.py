"""Payloads and answers of the ops broadcasts: plain text (the web shows it as text, never as HTML)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from notifications_service.broadcasts.domain import MOST_SENT, BroadcastAudience

AccountIdText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64), Field(strict=True)]


class BroadcastWrite(BaseModel):
    """A message for every member of the brand (``audience`` all, no ``accountIds``), for one member (member, one
    account id) or for a list of members (list, 1 to 1,000 account ids). Account ids, not usernames: the members'
    names are auth's (the ops console finds a member's id with auth's member search)."""

    model_config = ConfigDict(extra="forbid")
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    body: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
    audience: BroadcastAudience = BroadcastAudience.ALL
    # Past 1,000 is refused by the rule (``broadcast.audience_too_many``); past MOST_SENT the body is not read.
    accountIds: Annotated[list[AccountIdText], Field(max_length=MOST_SENT)] = []


class BroadcastRead(BaseModel):
    id: int
    title: str
    body: str
    writtenBy: str
    occurredAt: str
    audience: BroadcastAudience
    audienceCount: int | None  # how many members it is for; None: every member of the brand
    accountId: str | None  # the member of a one-member message
