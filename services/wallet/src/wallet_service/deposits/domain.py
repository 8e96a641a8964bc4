"""Pure rules of deposits: the channels, and the signatures between the wallet and the sandbox gateway."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from portal_kit.compare import same_secret

BANK_TRANSFER, SANDBOX = "BANK_TRANSFER", "SANDBOX"
CHANNELS = (BANK_TRANSFER, SANDBOX)
PENDING, CREDITED, REJECTED, FAILED = "pending", "credited", "rejected", "failed"
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
