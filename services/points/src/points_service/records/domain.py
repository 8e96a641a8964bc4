"""Pure rules of the points records: the state a record shows (spec §4: in process, rejected, approved), and which
mall exchange an entry belongs to."""

from __future__ import annotations

from typing import Literal

from points_service.ledger.domain import EntryKind

Status = Literal["in_process", "rejected", "approved"]
EXCHANGE_PREFIXES: dict[str, str] = {EntryKind.REDEEM: "redemption:", EntryKind.REFUND: "refund:"}
REDEMPTION_STATES: dict[str, Status] = {"IN_PROCESS": "in_process", "APPROVED": "approved", "REJECTED": "rejected"}


def exchange_of(kind: str, source: str) -> int | None:
    """The mall redemption an entry of ``kind`` written from ``source`` belongs to (none for an earning)."""
    prefix = EXCHANGE_PREFIXES.get(kind)
    if prefix is None or not source.startswith(prefix) or not source[len(prefix) :].isdigit():
        return None
    return int(source[len(prefix) :])


def status_of(kind: str, redemption_status: str | None) -> Status:
    """Points earned by a rule are approved when written; points spent show their redemption's state; points given
    back belong to a rejected one."""
    if kind == EntryKind.REFUND:
        return "rejected"
    if kind == EntryKind.REDEEM and redemption_status is not None:
        return REDEMPTION_STATES.get(redemption_status, "in_process")
    return "approved"
