"""Pure rules of deposits: the channels, and the signatures between the wallet and the sandbox gateway."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from portal_kit.compare import same_secret
from wallet_service.ledger.domain import MoneyError


class DepositChannel(StrEnum):
    BANK_TRANSFER = "BANK_TRANSFER"
    SANDBOX = "SANDBOX"


BANK_TRANSFER, SANDBOX = DepositChannel
CHANNELS = (BANK_TRANSFER, SANDBOX)


class DepositState(StrEnum):
    PENDING = "pending"
    CREDITED = "credited"
    REJECTED = "rejected"
    FAILED = "failed"


PENDING, CREDITED, REJECTED, FAILED = DepositState


class DepositOrder(StrEnum):
    """The orders of the ops deposit queue: ``queue`` (the default) reads the pending deposits oldest first (the
    longest wait on top) and anything else newest first; the newest first; the oldest first; each by the time asked,
    then by id."""

    QUEUE = "queue"
    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class Transition:
    sources: frozenset[str]
    channels: frozenset[str]
    target: str
    credits: bool  # whether the move credits the member's wallet (from the deposits clearing account)


# Every move a deposit can make: ops decide bank transfers, the gateway decides its own orders. A deposit
# leaves "pending" once, so it is credited at most once.
TRANSITIONS: dict[str, Transition] = {
    "approve": Transition(frozenset({PENDING}), frozenset({BANK_TRANSFER}), CREDITED, credits=True),
    "reject": Transition(frozenset({PENDING}), frozenset({BANK_TRANSFER}), REJECTED, credits=False),
    "gateway_success": Transition(frozenset({PENDING}), frozenset({SANDBOX}), CREDITED, credits=True),
    "gateway_failure": Transition(frozenset({PENDING}), frozenset({SANDBOX}), FAILED, credits=False),
}


def transition(state: str, channel: str, action: str) -> Transition:
    """The move ``action`` makes from ``state`` for a deposit of ``channel``; a deposit already decided, or
    an action of another channel, is refused (``deposit.already_decided``)."""
    move = TRANSITIONS[action]
    if state not in move.sources or channel not in move.channels:
        raise MoneyError("deposit.already_decided")
    return move


SIGNATURE_HEADER = "X-Gateway-Signature"


def sign(secret: str, body: bytes) -> str:
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def signature_valid(secret: str, body: bytes, signature: str | None) -> bool:
    return signature is not None and same_secret(sign(secret, body), signature)


def seal_order(secret: str, order: dict[str, Any]) -> str:
    """An order as the checkout URL carries it: base64url JSON and its signature, so nobody can change the
    amount on the way to the gateway."""
    raw = json.dumps(order, sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=") + "." + sign(secret, raw)


def open_order(secret: str, sealed: str) -> dict[str, Any] | None:
    try:
        encoded, signature = sealed.rsplit(".", 1)
        raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except ValueError:
        return None
    if not same_secret(sign(secret, raw), signature):
        return None
    order: dict[str, Any] = json.loads(raw)
    return order
