"""Payloads and answers of the ops broadcasts: plain text (the web shows it as text, never as HTML)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints


class BroadcastWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    body: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]


class BroadcastRead(BaseModel):
    id: int
    title: str
    body: str
    writtenBy: str
    occurredAt: str
