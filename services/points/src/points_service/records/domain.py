"""Pure rules of the points records: what a record shows of an entry that is no exchange of the mall."""

from __future__ import annotations

from typing import Literal

from points_service.ledger.domain import EntryKind

Status = Literal["in_process", "rejected", "approved"]

# The kinds written once and for all: points earned by a rule are approved when they are written.
SETTLED_KINDS = frozenset({EntryKind.EARN})


def status_of(kind: str) -> Status:
    """The exchange state of an entry of ``kind`` (spec §4: in process, rejected, approved). Every entry the ledger
    holds today is earned, so approved; the mall's exchanges bring their own state."""
    return "approved" if kind in SETTLED_KINDS else "in_process"
