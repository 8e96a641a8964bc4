"""The payment password belongs to the auth service; the wallet asks it over NATS request/reply
(``rpc.auth.payment_password.verify``, contract in proto/) before money leaves a member's wallet."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from portal_events import PaymentPasswordVerifyReply, PaymentPasswordVerifyRequest
from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import ask
from wallet_service.ledger.domain import MoneyError

SUBJECT = "rpc.auth.payment_password.verify"
REFUSALS = frozenset(
    {"payment_password.invalid", "payment_password.not_set", "payment_password.locked", "security.cooling_off"}
)


async def verify(nc: NATS, merchant: str, account_id: str, password: str) -> None:
    """Return when auth accepts the password; otherwise raise its refusal."""
    if not password:
        raise MoneyError("payment_password.invalid")
    request = PaymentPasswordVerifyRequest(merchant=merchant, accountId=account_id, password=password)
    answer = await ask(nc, SUBJECT, request, PaymentPasswordVerifyReply)
    if answer.success:
        return
    code = str(answer.errorCode)
    if code in REFUSALS:
        raise MoneyError(code)
    raise DomainError("service_unavailable", status=503)
