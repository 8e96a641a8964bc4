"""Pure rules of withdrawals: the states, the member's confirmation, proof images."""

from __future__ import annotations

from datetime import datetime

from wallet_service.ledger.domain import MoneyError, money_text

PENDING, APPROVED, PAID, REJECTED = "pending", "approved", "paid", "rejected"
RECEIVED, RECEIVED_AUTO = "received", "received_auto"
PARTLY_RECEIVED, NOT_RECEIVED = "partly_received", "not_received"
REFUNDED, CLOSED = "refunded", "closed"

# What a member may answer once a withdrawal is paid, and the state each answer leads to.
CONFIRMATIONS = {"received": RECEIVED, "partly": PARTLY_RECEIVED, "not_received": NOT_RECEIVED}
DISPUTED = (PARTLY_RECEIVED, NOT_RECEIVED)

MAX_PROOFS = 3
MAX_PROOF_BYTES = 5 * 1024 * 1024
_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}


def effective_status(status: str, deadline: datetime | None, now: datetime) -> str:
    """A paid withdrawal nobody confirmed before its deadline counts as received (forced)."""
    if status == PAID and deadline is not None and now >= deadline:
        return RECEIVED_AUTO
    return status


def proof_type(data: bytes) -> str:
    """The image type of a proof, from its first bytes: png or jpg, under 5 MB."""
    if len(data) >= MAX_PROOF_BYTES:
        raise MoneyError("proof.too_large")
    for signature, content_type in _SIGNATURES.items():
        if data.startswith(signature):
            return content_type
    raise MoneyError("proof.type_invalid")


def checked_confirmation(answer: str, amount: int, remainder: int | None, proofs: int) -> int | None:
    """Validate a member's answer; returns the remainder not received (None when all arrived)."""
    if answer not in CONFIRMATIONS:
        raise MoneyError("request.invalid", field="result")
    if proofs > MAX_PROOFS:
        raise MoneyError("proof.too_many")
    if answer == "received":
        return None
    if answer == "not_received":
        if proofs == 0:
            raise MoneyError("proof.required")
        return amount
    if remainder is None or isinstance(remainder, bool) or not 0 < remainder < amount:
        raise MoneyError("remainder.invalid", amount=money_text(amount))
    return remainder
