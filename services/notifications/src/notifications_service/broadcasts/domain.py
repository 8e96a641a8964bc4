"""Whom an ops broadcast is for, and the rule of its list: pure, tested without I/O."""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from portal_kit.errors import DomainError

MOST_MEMBERS = 1_000  # the members of one targeted broadcast
MOST_SENT = 10_000  # the account ids a body may carry at all: more is not read (``validation.failed``)


class BroadcastAudience(StrEnum):
    ALL = "all"  # every member of the brand, those who join later too
    MEMBER = "member"  # one member
    LIST = "list"  # a segment: the members listed


class BroadcastOrder(StrEnum):
    """The broadcasts list's orders: the newest first (the default) or the oldest first; those of the same moment
    by their id, so a page never shifts between two reads."""

    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class BroadcastFilters:
    """What the broadcasts list is narrowed to (``None``: not narrowed): whom they are for, who wrote them (any
    case), words of their title (any case), sent from ``since`` and before ``until`` (UTC)."""

    audience: BroadcastAudience | None = None
    written_by: str | None = None
    search: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    order: BroadcastOrder = BroadcastOrder.NEWEST


def _account_id(text: str) -> str | None:
    """``text`` as auth writes an account id (a UUID, lower case), or None when it cannot be one."""
    try:
        parsed = uuid.UUID(text.strip().lower())
    except ValueError:
        return None
    canonical = str(parsed)
    return canonical if canonical == text.strip().lower() else None


def audience_of(audience: BroadcastAudience, account_ids: list[str]) -> list[str]:
    """The account ids a broadcast is for (none: every member), in the order given; refused with a code naming
    what is wrong, the offending ids in the envelope's ``value``."""
    if audience is BroadcastAudience.ALL:
        if account_ids:
            raise DomainError("broadcast.audience_not_listed", status=400)
        return []
    if not account_ids:
        raise DomainError("broadcast.audience_empty", status=400)
    if audience is BroadcastAudience.MEMBER and len(account_ids) != 1:
        raise DomainError("broadcast.audience_one_member", status=400)
    if len(account_ids) > MOST_MEMBERS:
        raise DomainError("broadcast.audience_too_many", status=400)
    unknown = [text for text in account_ids if _account_id(text) is None]
    if unknown:
        raise DomainError("broadcast.audience_unknown", status=400, value={"accountIds": unknown[:20]})
    ids = [str(_account_id(text)) for text in account_ids]
    repeated = sorted(account_id for account_id, times in Counter(ids).items() if times > 1)
    if repeated:
        raise DomainError("broadcast.audience_repeated", status=400, value={"accountIds": repeated[:20]})
    return ids
