"""Pure rules of the feedback inbox: a note's states and the orders ops list it in."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class FeedbackStatus(StrEnum):
    """A note arrives ``new``; ops mark it ``handled`` when dealt with (and back to ``new`` if that was a slip)."""

    NEW = "new"
    HANDLED = "handled"


class FeedbackOrder(StrEnum):
    """The inbox's orders: the newest first, the oldest first; each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class FeedbackFilters:
    """What the inbox is narrowed to; ``None`` leaves a filter out. ``text`` is looked for in the note, ``account``
    is the writer's account id (exact)."""

    status: FeedbackStatus | None = None
    account: str | None = None
    text: str | None = None
