"""Pure rules of withdrawals: the states and their transitions (a table, with what each moves), the
member's confirmation, proof images."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum

from portal_kit.images import MAX_IMAGES, body_bytes, image_type
from wallet_service.ledger.domain import MoneyError, money_text


class WithdrawalState(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    PAID = "paid"
    REJECTED = "rejected"
    RECEIVED = "received"
    RECEIVED_AUTO = "received_auto"
    PARTLY_RECEIVED = "partly_received"
    NOT_RECEIVED = "not_received"
    REFUNDED = "refunded"
    CLOSED = "closed"


PENDING, APPROVED, PAID, REJECTED = (
    WithdrawalState.PENDING,
    WithdrawalState.APPROVED,
    WithdrawalState.PAID,
    WithdrawalState.REJECTED,
)
RECEIVED, RECEIVED_AUTO = WithdrawalState.RECEIVED, WithdrawalState.RECEIVED_AUTO
PARTLY_RECEIVED, NOT_RECEIVED = WithdrawalState.PARTLY_RECEIVED, WithdrawalState.NOT_RECEIVED
REFUNDED, CLOSED = WithdrawalState.REFUNDED, WithdrawalState.CLOSED

# What a member may answer once a withdrawal is paid, and the state each answer leads to.
CONFIRMATIONS = {"received": RECEIVED, "partly": PARTLY_RECEIVED, "not_received": NOT_RECEIVED}
DISPUTED = (PARTLY_RECEIVED, NOT_RECEIVED)


class WithdrawalOrder(StrEnum):
    """The orders of the ops withdrawal queue: ``queue`` (the default) reads a waiting state oldest first (the longest wait on
    top) and anything else newest first; the newest first; the oldest first;
    each by the time asked, then by id."""

    QUEUE = "queue"
    NEWEST = "newest"
    OLDEST = "oldest"


class Money(Enum):
    """What a transition does to the member's money (the service carries it out on the ledger)."""

    NONE = "none"
    RELEASE = "release"  # the held amount is spendable again
    PAY_OUT = "pay_out"  # the held amount leaves the wallet to the withdrawals clearing account
    REFUND = "refund"  # what was not received comes back from the clearing account


@dataclass(frozen=True)
class Transition:
    sources: frozenset[str]
    target: str
    money: Money


# Every move a withdrawal can make after its request (which holds the amount): by ops, by the member's
# confirmation, or by the deadline. Anything not listed is refused.
TRANSITIONS: dict[str, Transition] = {
    "approve": Transition(frozenset({PENDING}), APPROVED, Money.NONE),
    "reject": Transition(frozenset({PENDING, APPROVED}), REJECTED, Money.RELEASE),
    "pay": Transition(frozenset({APPROVED}), PAID, Money.PAY_OUT),
    "received": Transition(frozenset({PAID}), RECEIVED, Money.NONE),
    "partly": Transition(frozenset({PAID}), PARTLY_RECEIVED, Money.NONE),
    "not_received": Transition(frozenset({PAID}), NOT_RECEIVED, Money.NONE),
    "deadline": Transition(frozenset({PAID}), RECEIVED_AUTO, Money.NONE),
    # A forced-received (unconfirmed in time) withdrawal is final: it refunds nothing.
    "refund": Transition(frozenset(DISPUTED), REFUNDED, Money.REFUND),
    "close": Transition(frozenset(DISPUTED), CLOSED, Money.NONE),
}
OPS_ACTIONS = ("approve", "reject", "pay", "refund", "close")


def transition(state: str, action: str) -> Transition:
    """The move ``action`` makes from ``state``; refused (``withdrawal.state_invalid``) when not allowed."""
    move = TRANSITIONS.get(action)
    if move is None:
        raise MoneyError("request.invalid", field="action")
    if state not in move.sources:
        raise MoneyError("withdrawal.state_invalid", state=state)
    return move


def refund_owed(state: str, amount: int, remainder: int | None) -> int:
    """What a refund gives back: the remainder of a partly received withdrawal, else the whole amount."""
    return int(remainder or 0) if state == PARTLY_RECEIVED else amount


MAX_PROOFS = MAX_IMAGES
# A confirmation's body: its proofs in base64 and room for the rest of it.
CONFIRMATION_MAX_BODY_BYTES = body_bytes(MAX_PROOFS)


def effective_status(status: str, deadline: datetime | None, now: datetime) -> str:
    """A paid withdrawal nobody confirmed before its deadline counts as received (forced)."""
    if status == PAID and deadline is not None and now >= deadline:
        return RECEIVED_AUTO
    return status


def proof_type(data: bytes) -> str:
    """The image type of a proof, from its first bytes: png or jpg, under 5 MB (``portal_kit.images``)."""
    return image_type(data, prefix="proof")


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
