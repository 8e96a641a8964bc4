"""The second factor of a login from a new address (``NEWIPVERIFY3``, spec §4).

A password login from an address the account never logged in from before (when it has logged in before)
is refused with ``login_verify_required`` (403) whose value is ``{ticket, methods, firstTimeLogin,
passwordExpired}`` instead of a session. Methods are those the account can answer: ``sms`` (a code to the
bound mobile), ``totp`` (the bound authenticator app, each code once) and ``email`` (a code to the bound
e-mail); the bound bank account name (``payeeName``, which the spec lists) only for an account with none of
those, since a name is no secret. ``POST /wps/session/login/verify/send`` sends the code of ``sms`` or
``email``; ``POST /wps/session/login/verify`` (E) with the code or the name opens the session. A ticket lives
10 minutes; an account has 5 tries in 10 minutes across all its tickets (a new ticket from the right password
brings no new tries).
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from auth_service import totp, totp_claims
from auth_service.accounts.models import Account
from auth_service.accounts.schemas import CodeSentRead, VerifyTicketRead
from auth_service.codes import check_code, phone_number, send_code
from auth_service.context import AuthContext, Caller
from portal_kit.compare import same_secret
from portal_kit.errors import DomainError
from portal_kit.throttle import count
from portal_kit.valkey_link import as_int, as_str

TICKET_SECONDS = 600
MAX_TRIES = 5


def methods_of(account: Account) -> list[str]:
    methods = []
    if account.mobile_num and account.country_dialing_code:
        methods.append("sms")
    if account.totp_enabled and account.totp_secret:
        methods.append("totp")
    if account.email:
        methods.append("email")
    if not methods and account.payee_name:
        methods.append("payeeName")
    return methods


async def require_verification(
    ctx: AuthContext, account: Account, must_change_password: bool, first_login: bool
) -> None:
    """Refuse the session for now: ``login_verify_required`` with the ticket to complete."""
    ticket = secrets.token_urlsafe(24)
    state = {
        "accountId": account.id,
        "merchant": account.merchant,
        "mustChange": must_change_password,
        "first": first_login,
    }
    await ctx.valkey.set(f"auth:verify:{ticket}", json.dumps(state), ex=TICKET_SECONDS)
    value = VerifyTicketRead(
        ticket=ticket, methods=methods_of(account), firstTimeLogin=first_login, passwordExpired=must_change_password
    )
    raise DomainError("login_verify_required", status=403, value=value)


async def _ticket(ctx: AuthContext, caller: Caller, ticket: str) -> tuple[dict[str, Any], Account]:
    raw = as_str(await ctx.valkey.get(f"auth:verify:{ticket}"))
    if raw is None:
        raise DomainError("verification.failed")
    state: dict[str, Any] = json.loads(raw)
    async with ctx.db.reader() as session:
        account = await session.get(Account, state["accountId"])
    if account is None or state["merchant"] != caller.merchant:
        raise DomainError("verification.failed")
    return state, account


def _email_target(account: Account) -> str:
    return f"email:{account.email}"


async def send_verification(ctx: AuthContext, caller: Caller, ticket: str, method: str) -> CodeSentRead:
    _, account = await _ticket(ctx, caller, ticket)
    if method not in methods_of(account) or method in ("payeeName", "totp"):
        raise DomainError("verification.failed")
    if method == "sms":
        return await send_code(
            ctx, caller, "verify", phone_number(account.country_dialing_code or "", account.mobile_num or "")
        )
    return await send_code(ctx, caller, "verify", _email_target(account), mail_to=account.email)


async def verify(
    ctx: AuthContext, caller: Caller, ticket: str, method: str, answer: str
) -> tuple[Account, dict[str, Any]]:
    """The account and the ticket's state when ``answer`` is right; the ticket is then spent."""
    state, account = await _ticket(ctx, caller, ticket)
    if await count(ctx.valkey, f"auth:verify-tries:{account.id}", TICKET_SECONDS) > MAX_TRIES:
        await ctx.valkey.delete(f"auth:verify:{ticket}")
        raise DomainError("verification.failed")
    if method not in methods_of(account):
        raise DomainError("verification.failed")
    if method == "payeeName":
        right = same_secret((account.payee_name or "").strip().casefold(), answer.strip().casefold())
    elif method == "totp":
        secret = totp.unseal(account.totp_secret or "", ctx.settings.secret_key)
        right = await totp_claims.accepted(ctx.valkey, account.id, secret, answer)
    elif method == "sms":
        phone = phone_number(account.country_dialing_code or "", account.mobile_num or "")
        right = await check_code(ctx, caller.merchant, "verify", phone, answer)
    else:
        right = await check_code(ctx, caller.merchant, "verify", _email_target(account), answer)
    if not right or not as_int(await ctx.valkey.delete(f"auth:verify:{ticket}")):
        raise DomainError("verification.failed")
    return account, state
