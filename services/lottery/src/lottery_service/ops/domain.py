"""Pure rules of voiding an issue: an issue is voided only while it still takes bets (before its close), by two
people: a finance maker proposes, a finance checker who is someone else approves."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from portal_kit.audit import actor_name
from portal_kit.errors import Forbidden
from portal_kit.sessions import Principal

__all__ = ["APPROVED", "LAPSED", "PENDING", "REJECTED", "VoidRequestOrder", "VoidRequestStatus", "actor_name",
           "refuse_same_person", "shown_status", "voidable"]  # fmt: skip


class VoidRequestStatus(StrEnum):
    """A proposal to void an issue: decided by a second ops person, lapsed when the issue can no longer be voided."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    LAPSED = "lapsed"


PENDING, APPROVED, REJECTED, LAPSED = VoidRequestStatus


class VoidRequestOrder(StrEnum):
    """The proposals' orders: the newest first, the oldest first; each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"


def voidable(status: str, closes_at: datetime, now: datetime) -> bool:
    """Before its close an issue's outcome is not fixed in anyone's favour; after it, it is drawn as committed."""
    return status == "open" and now < closes_at


def refuse_same_person(requested_by: str, actor: Principal) -> None:
    """Whoever proposed the void may not decide it."""
    if requested_by == actor_name(actor):
        raise Forbidden("ops.same_person")


def shown_status(status: str, issue_voidable: bool) -> str:
    """A proposal still pending once its issue can no longer be voided is ``lapsed``."""
    return LAPSED if status == PENDING and not issue_voidable else status
