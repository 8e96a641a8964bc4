"""The member's payment password, which only auth keeps: a service about to move a member's money or points asks
auth over NATS request/reply (``rpc.auth.payment_password.verify``, contract in proto/) first."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from portal_events import PaymentPasswordVerifyReply, PaymentPasswordVerifyRequest
from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import ask

PAYMENT_CHECK_SUBJECT = "rpc.auth.payment_password.verify"
# auth's refusals and the status each is answered with
PAYMENT_CHECK_REFUSALS = {
    "payment_password.invalid": 400,
    "payment_password.not_set": 400,
    "payment_password.locked": 429,  # too many wrong guesses: wait
    "security.cooling_off": 403,  # the account's security changed lately: money and points stay
}


async def verify_payment_password(nc: NATS, merchant: str, account_id: str, password: str) -> None:
    """Return when auth accepts the account's payment password; otherwise raise its refusal, or
    ``service_unavailable`` (503) when auth does not answer as its contract says."""
    if not password:
        raise DomainError("payment_password.invalid")
    request = PaymentPasswordVerifyRequest(merchant=merchant, accountId=account_id, password=password)
    answer = await ask(nc, PAYMENT_CHECK_SUBJECT, request, PaymentPasswordVerifyReply)
    if answer.success:
        return
    code = str(answer.errorCode)
    if code in PAYMENT_CHECK_REFUSALS:
        raise DomainError(code, status=PAYMENT_CHECK_REFUSALS[code])
    raise DomainError("service_unavailable", status=503)
