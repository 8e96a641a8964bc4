"""The payment password: set or changed by its member over HTTP; checked for other services (the wallet,
before money leaves) over NATS request/reply ``rpc.auth.payment_password.verify``
``{merchant, accountId, password}`` → the envelope with ``{valid: true}``, or ``payment_password.invalid``,
``payment_password.not_set``, ``payment_password.locked`` (5 wrong answers within 15 minutes lock it for
the rest of that window), ``security.cooling_off`` (within ``cooling_off_seconds`` of a change to a way into the
account: its password, mobile, authenticator or payment password; a thief who changed one cannot cash out
before the member notices)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import func

from auth_service.accounts import current_password
from auth_service.accounts.models import ACCOUNTS, Account
from auth_service.accounts.schemas import PaymentPasswordChange
from auth_service.context import AuthContext
from auth_service.passwords import hash_password, verify_password
from portal_events import PaymentPasswordVerifyReply, PaymentPasswordVerifyRequest
from portal_kit.db import Database
from portal_kit.errors import DomainError, NotFound
from portal_kit.messaging.rpc import Responder, accepted, refusal
from portal_kit.throttle import count
from portal_kit.valkey_link import ValkeyLink, as_str

log = logging.getLogger("auth.payment_password")
SUBJECT = "rpc.auth.payment_password.verify"
MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
MIN_LENGTH, MAX_LENGTH = 6, 32


def _failures_key(merchant: str, account_id: str) -> str:
    return f"auth:paypw-fail:{merchant}:{account_id}"


def _refused(code: str) -> PaymentPasswordVerifyReply:
    return refusal(PaymentPasswordVerifyReply, code)


async def _account(db: Database, merchant: str, account_id: str) -> Account:
    async with db.reader() as session:
        account = await ACCOUNTS.get(session, merchant, id=account_id)
    if account is None:
        raise NotFound("account.not_found")
    return account


async def _guess_current(valkey: ValkeyLink, merchant: str, account_id: str, hashed: str, password: str) -> str | None:
    """The current payment password, asked before a change: ``None`` when right, else the refusal's code.
    Each guess is counted (on the wallet check's counter) before it is compared, so parallel guesses cannot
    overshoot ``MAX_FAILURES``; a right answer clears the count."""
    key = _failures_key(merchant, account_id)
    tries = await count(valkey, key, WINDOW_SECONDS)
    if tries > MAX_FAILURES:
        return "payment_password.locked"
    if await verify_password(hashed, password):
        await valkey.execute("DEL", key)
        return None
    return "payment_password.locked" if tries == MAX_FAILURES else "payment_password.invalid"


async def check(
    db: Database, valkey: ValkeyLink, merchant: str, account_id: str, password: str, cooling_off_seconds: int
) -> PaymentPasswordVerifyReply:
    """The wallet's check before money leaves. Several right answers at once (parallel withdrawals) must all
    pass, so here a failure is counted after the comparison; the change below counts before it."""
    key = _failures_key(merchant, account_id)
    if int(as_str(await valkey.execute("GET", key)) or 0) >= MAX_FAILURES:
        return _refused("payment_password.locked")
    try:
        account = await _account(db, merchant, account_id)
    except NotFound:
        return _refused("account.not_found")
    if account.payment_password_hash is None:
        return _refused("payment_password.not_set")
    if await verify_password(account.payment_password_hash, password):
        await valkey.execute("DEL", key)
        changed = account.security_changed_at
        if changed is not None and datetime.now(UTC) < changed + timedelta(seconds=cooling_off_seconds):
            return _refused("security.cooling_off")
        return accepted(PaymentPasswordVerifyReply, {"valid": True})
    failures = await count(valkey, key, WINDOW_SECONDS)
    return _refused("payment_password.locked" if failures >= MAX_FAILURES else "payment_password.invalid")


async def change(ctx: AuthContext, merchant: str, account_id: str, body: PaymentPasswordChange) -> None:
    """Set the first payment password (with the login password: a session alone does not suffice) or change it
    (with the current one, a wrong one counting against the same lock as the wallet's check; a change starts
    the cooling-off)."""
    new = body.newPaymentPassword
    if not MIN_LENGTH <= len(new) <= MAX_LENGTH or new.strip() != new:
        raise DomainError("payment_password.format", min=MIN_LENGTH, max=MAX_LENGTH)
    if new != body.confirmPaymentPassword:
        raise DomainError("password.confirm.mismatch")
    account = await _account(ctx.db, merchant, account_id)
    if account.payment_password_hash is None:
        await current_password.confirm(ctx, account, body.loginPassword)
        values = {}
    else:
        refusal = await _guess_current(
            ctx.valkey, merchant, account_id, account.payment_password_hash, body.oldPaymentPassword
        )
        if refusal:
            raise DomainError(refusal, status=429 if refusal.endswith("locked") else 400)
        values = {"security_changed_at": func.now()}
    async with ctx.db.transaction() as session:
        await session.execute(
            ACCOUNTS.update(merchant, id=account_id).values(payment_password_hash=await hash_password(new), **values)
        )


def payment_password_answers(redis_url: str, cooling_off_seconds: int) -> Callable[[Responder, Database], None]:
    def register(responder: Responder, db: Database) -> None:
        valkey = ValkeyLink(redis_url)

        async def verify(request: PaymentPasswordVerifyRequest) -> PaymentPasswordVerifyReply:
            return await check(db, valkey, request.merchant, request.accountId, request.password, cooling_off_seconds)

        responder.answer(
            SUBJECT, PaymentPasswordVerifyRequest, PaymentPasswordVerifyReply, verify, queue="auth", responders=8
        )

    return register
