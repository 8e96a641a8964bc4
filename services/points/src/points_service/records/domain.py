"""Pure rules of the points records: which exchange an entry belongs to (a mall redemption or a conversion to cash,
named by the entry's source), and the state a record shows (spec §4: in process, rejected, approved)."""

from __future__ import annotations

from typing import Literal

from points_service.ledger.domain import EntryKind

Status = Literal["in_process", "rejected", "approved"]
Exchange = tuple[Literal["redemption", "conversion"], int]
# An entry's source → the exchange it belongs to (checked in this order: a conversion's refund before a redemption's).
SOURCES: tuple[tuple[str, Literal["redemption", "conversion"]], ...] = (
    ("redemption:", "redemption"),
    ("refund:conversion:", "conversion"),
    ("refund:", "redemption"),
    ("conversion:", "conversion"),
)
STATES: dict[str, Status] = {
    "IN_PROCESS": "in_process", "APPROVED": "approved", "REJECTED": "rejected",  # a redemption's
    "PENDING": "in_process", "PAID": "approved", "FAILED": "rejected",  # a conversion's
}  # fmt: skip


def exchange_of(source: str) -> Exchange | None:
    """The exchange an entry written from ``source`` belongs to (none for an earning)."""
    for prefix, exchange in SOURCES:
        if source.startswith(prefix) and source[len(prefix) :].isdigit():
            return exchange, int(source[len(prefix) :])
    return None


def status_of(kind: str, exchange_status: str | None) -> Status:
    """Points earned by a rule are approved when written; points spent show their exchange's state; points given back
    belong to a rejected (or refused) one."""
    if kind == EntryKind.REFUND:
        return "rejected"
    if exchange_status is not None:
        return STATES.get(exchange_status, "in_process")
    return "approved"
