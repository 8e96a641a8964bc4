"""Pure rules of the account record: the record types a member filters by (``points``: the points record, kept by
the points service and asked of it)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from wallet_service.ledger.domain import MoneyError

# Record type → the money transaction kinds behind it.
TYPES: dict[str, tuple[str, ...]] = {
    "deposit": ("deposit",),
    "withdrawal": ("withdrawal", "withdrawal_refund"),
    "transfer": ("transfer",),
    "upline": ("upline", "downline"),
    "downline": ("downline",),
    "bet": ("debit",),
    "win": ("credit",),
    "rollback": ("rollback",),
    "adjustment": ("adjustment",),
    "bonus": ("grant", "reward", "bonus_grant", "bonus_release", "bonus_forfeit"),
    "salary": ("salary",),
    "purchase": ("purchase", "purchase_refund"),
}
POINTS = "points"

# The movement types ops filter a member's journal by (the keys of ``TYPES``).
MovementType = Literal[
    "deposit", "withdrawal", "transfer", "upline", "downline", "bet", "win", "rollback", "adjustment", "bonus",
    "salary", "purchase",
]  # fmt: skip


class JournalOrder(StrEnum):
    """The orders of a member's journal as ops read it: the newest line first, the oldest first (by id, the order
    the ledger wrote them in)."""

    NEWEST = "newest"
    OLDEST = "oldest"


# A kind a record type takes one side of: 1 the line that receives (a positive amount), -1 the line that gives. A
# transfer from an agent to its downline (kind ``downline``) is ``downline`` in the agent's record and ``upline``
# (money exchanged with one's upline) in the receiver's.
ONE_SIDE: dict[tuple[str, str], int] = {("upline", "downline"): 1, ("downline", "downline"): -1}

# A kind and the side of its lines a filter takes (None: both).
KindSide = tuple[str, int | None]


def type_of(kind: str, amount: int) -> str:
    """The record type of a journal line of ``kind`` (the kind itself when no type names it)."""
    side = 1 if amount > 0 else -1
    for name, kinds in TYPES.items():
        if kind in kinds and ONE_SIDE.get((name, kind), side) == side:
            return name
    return kind


def kinds_for(record_type: str | None) -> tuple[str, ...] | None:
    if record_type in (None, "", "all"):
        return None
    if record_type not in TYPES:
        raise MoneyError("record_type.unknown")
    return TYPES[record_type]


def lines_for(record_type: str | None) -> tuple[KindSide, ...] | None:
    """The kinds and sides of the journal lines a record type shows (None: every line)."""
    kinds = kinds_for(record_type)
    if kinds is None or record_type is None:
        return None
    return tuple((kind, ONE_SIDE.get((record_type, kind))) for kind in kinds)
