"""Pure rules of the account record: the record types a member filters by."""

from __future__ import annotations

from wallet_service.ledger.domain import MoneyError

# Record type → the money transaction kinds behind it.
TYPES: dict[str, tuple[str, ...]] = {
    "deposit": ("deposit",),
    "withdrawal": ("withdrawal", "withdrawal_refund"),
    "transfer": ("transfer",),
    "upline": ("upline",),
    "bet": ("debit",),
    "win": ("credit",),
    "rollback": ("rollback",),
    "adjustment": ("adjustment",),
    "bonus": ("grant",),
}
TYPE_OF_KIND = {kind: name for name, kinds in TYPES.items() for kind in kinds}


def kinds_for(record_type: str | None) -> tuple[str, ...] | None:
    if record_type in (None, "", "all"):
        return None
    if record_type not in TYPES:
        raise MoneyError("record_type.unknown")
    return TYPES[record_type]
