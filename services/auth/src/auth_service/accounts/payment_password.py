"""The payment password: set or changed by its member over HTTP; checked for other services (the wallet,
before money leaves) over NATS request/reply ``rpc.auth.payment_password.verify``
``{merchant, accountId, password}`` → the envelope with ``{valid: true}``, or ``payment_password.invalid``,
``payment_password.not_set``, ``payment_password.locked`` (5 different wrong answers within 15 minutes lock it
for the rest of that window; each guess is counted before it is compared, ``payment_password_guesses``),
``security.cooling_off`` (within ``cooling_off_seconds`` of a change to a way into the
account: its password, mobile, authenticator or payment password; a thief who changed one cannot cash out
before the member notices)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from auth_service.accounts import current_password, repository
from auth_service.accounts.models import Account
from auth_service.accounts.payment_password_guesses import PaymentPasswordGuesses
from auth_service.accounts.schemas import PaymentPasswordChange
from auth_service.context import AuthContext
from auth_service.passwords import hash_password
from portal_events import PaymentPasswordVerifyReply, PaymentPasswordVerifyRequest
from portal_kit.db import Database
from portal_kit.errors import DomainError, NotFound
from portal_kit.messaging.rpc import Responder, accepted, refusal
from portal_kit.valkey_link import ValkeyLink

log = logging.getLogger("auth.payment_password")
RESPONDERS = 8  # the wallet's checks answered at once, each with its own Valkey connection
SUBJECT = "rpc.auth.payment_password.verify"
MIN_LENGTH, MAX_LENGTH = 6, 32


def _refused(code: str) -> PaymentPasswordVerifyReply:
    return refusal(PaymentPasswordVerifyReply, code)


async def _account(db: Database, merchant: str, account_id: str) -> Account:
    async with db.reader() as session:
        account = await repository.by_id(session, merchant, account_id)
    if account is None:
        raise NotFound("account.not_found")
    return account


async def check(
    db: Database,
    guesses: PaymentPasswordGuesses,
    merchant: str,
    account_id: str,
    password: str,
    cooling_off_seconds: int,
) -> PaymentPasswordVerifyReply:
    """The wallet's check before money leaves: the guess is counted before it is compared (so parallel wrong
    guesses cannot outrun the lock), and the same right answer sent several times at once counts once (so
    parallel withdrawals with the right password all pass)."""
    try:
        account = await _account(db, merchant, account_id)
    except NotFound:
        return _refused("account.not_found")
    if account.payment_password_hash is None:
        return _refused("payment_password.not_set")
    refused = await guesses.attempt(merchant, account_id, account.payment_password_hash, password)
    if refused is not None:
        return _refused(refused)
    changed = account.security_changed_at
    if changed is not None and datetime.now(UTC) < changed + timedelta(seconds=cooling_off_seconds):
        return _refused("security.cooling_off")
    return accepted(PaymentPasswordVerifyReply, {"valid": True})


async def change(ctx: AuthContext, merchant: str, account_id: str, body: PaymentPasswordChange) -> None:
    """Set the first payment password (with the login password: a session alone does not suffice) or change it
    (with the current one, a wrong one counting against the same lock as the wallet's check; a change starts
    the cooling-off). An empty current one is no guess: ``validation.failed``, never counted."""
    new = body.newPaymentPassword
    if not MIN_LENGTH <= len(new) <= MAX_LENGTH or new.strip() != new:
        raise DomainError("payment_password.format", min=MIN_LENGTH, max=MAX_LENGTH)
    if new != body.confirmPaymentPassword:
        raise DomainError("password.confirm.mismatch")
    account = await _account(ctx.db, merchant, account_id)
    guesses = PaymentPasswordGuesses(ctx.valkey)
    if account.payment_password_hash is None:
        await current_password.confirm(ctx, account, body.loginPassword)
    else:
        if not body.oldPaymentPassword:
            raise DomainError("validation.failed", field="oldPaymentPassword", reason="")
        refused = await guesses.attempt(merchant, account_id, account.payment_password_hash, body.oldPaymentPassword)
        if refused:
            raise DomainError(refused, status=429 if refused.endswith("locked") else 400)
    async with ctx.db.transaction() as session:
        await repository.set_payment_password(
            session,
            merchant,
            account_id,
            await hash_password(new),
            cooling_off=account.payment_password_hash is not None,
        )
    await guesses.forget(merchant, account_id)


def payment_password_answers(redis_url: str, cooling_off_seconds: int) -> Callable[[Responder, Database], None]:
    def register(responder: Responder, db: Database) -> None:
        guesses = PaymentPasswordGuesses(ValkeyLink(redis_url, connections=RESPONDERS, client_name="auth"))

        async def verify(request: PaymentPasswordVerifyRequest) -> PaymentPasswordVerifyReply:
            return await check(db, guesses, request.merchant, request.accountId, request.password, cooling_off_seconds)

        responder.answer(
            SUBJECT,
            PaymentPasswordVerifyRequest,
            PaymentPasswordVerifyReply,
            verify,
            queue="auth",
            responders=RESPONDERS,
        )

    return register
