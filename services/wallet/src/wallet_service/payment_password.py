"""The payment password belongs to the auth service; the wallet asks it over NATS request/reply
(``rpc.auth.payment_password.verify``) before money leaves a member's wallet."""

from __future__ import annotations

import json

from nats.aio.client import Client as NATS
from nats.errors import NoRespondersError, TimeoutError

from portal_kit.errors import DomainError
from wallet_service.ledger.domain import MoneyError

SUBJECT = "rpc.auth.payment_password.verify"
REFUSALS = frozenset({"payment_password.invalid", "payment_password.not_set", "payment_password.locked"})


async def verify(nc: NATS, merchant: str, account_id: str, password: str) -> None:
    """Return when auth accepts the password; otherwise raise its refusal."""
    if not password:
        raise MoneyError("payment_password.invalid")
    body = json.dumps({"merchant": merchant, "accountId": account_id, "password": password}).encode()
    try:
        reply = await nc.request(SUBJECT, body, timeout=5)
        answer = json.loads(reply.data)
    except (NoRespondersError, TimeoutError, ValueError):
        raise DomainError("service_unavailable", status=503) from None
    if answer.get("success"):
        return
    code = str(answer.get("errorCode"))
    if code in REFUSALS:
        raise MoneyError(code)
    raise DomainError("service_unavailable", status=503)
