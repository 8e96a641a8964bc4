"""Login, logout and free play; the growing wait between tries of a name; the second factor of a login from a new
address. A session is an opaque token in Redis (portal_kit.sessions), opened by ``accounts.service.open_session``.

The second factor (``NEWIPVERIFY3``, spec §4): a password login from an address the account never logged in from
before (when it has logged in before) is refused with ``login_verify_required`` (403) whose value is ``{ticket,
methods, firstTimeLogin, passwordExpired}`` instead of a session. Methods are those the account can answer
(``domain.methods_of``): ``sms`` (a code to the bound mobile), ``totp`` (the bound authenticator app, each code
once) and ``email`` (a code to the bound e-mail); the bound bank account name (``payeeName``, which the spec
lists) only for an account with none of those, since a name is no secret. ``POST /wps/session/login/verify/send``
sends the code of ``sms`` or ``email``; ``POST /wps/session/login/verify`` (E) with the code or the name opens the
session. A ticket lives 10 minutes; an account has 5 tries in 10 minutes across all its tickets (a new ticket from
the right password brings no new tries)."""

from __future__ import annotations

import json
import secrets
import uuid
from datetime import UTC, datetime
from typing import Any

from redis.asyncio import Redis

from auth_service import totp, totp_claims
from auth_service.accounts import repository as accounts
from auth_service.accounts.domain import ACTIVE, is_weak, password_expired
from auth_service.accounts.models import Account
from auth_service.accounts.schemas import CaptchaFlagRead, CodeSentRead, LoginWaitRead, SessionRead, VerifyTicketRead
from auth_service.accounts.service import account_for_code, open_session
from auth_service.challenges import bot_check_passes, captcha_matches
from auth_service.codes import check_code, phone_number, send_code
from auth_service.context import AuthContext, Caller
from auth_service.key_names import hidden
from auth_service.passwords import hash_password, needs_rehash, verify_password
from auth_service.sessions.domain import Entry, admit, delay_seconds, methods_of
from auth_service.sessions.schemas import LoginBody
from auth_service.settings import AuthSettings
from portal_kit.compare import same_secret
from portal_kit.errors import DomainError, Forbidden, TooManyRequests, Unauthorized
from portal_kit.sessions import TRIAL_TYPE, Principal
from portal_kit.site import Brand
from portal_kit.throttle import count, throttle
from portal_kit.valkey_link import as_int, as_str

TICKET_SECONDS = 600
MAX_VERIFY_TRIES = 5


def login_failures_key(ctx: AuthContext, merchant: str, username: str) -> str:
    return f"auth:login-fail:{merchant}:{hidden(ctx.settings.secret_key, username)}"


async def wait_turn(valkey: Redis, settings: AuthSettings, tries: int, wait_key: str) -> None:
    """Return when this try may be compared; otherwise ``login.wait`` (429) with the seconds left. Shared by the
    member and the ops logins: past the free tries each further try of a name from one address is compared only
    when it claims the next turn (``SET NX`` with the delay as its life); of parallel tries one gets it, the others
    are told to wait. A guesser slows down; nobody is locked out, so nobody can lock another's name by failing on
    purpose."""
    delay = delay_seconds(settings, tries)
    if delay == 0:
        return
    if not await valkey.set(wait_key, "1", ex=delay, nx=True):
        wait = max(as_int(await valkey.ttl(wait_key)), 1)
        raise DomainError("login.wait", status=429, value=LoginWaitRead(captcha=True, waitSeconds=wait), seconds=wait)


async def login(ctx: AuthContext, caller: Caller, body: LoginBody, entry: Entry) -> SessionRead:
    """``POST /wps/session/login``: username and password. After ``captcha_after_failures`` failures of a
    username the captcha is required; after ``login_free_tries`` tries of a username from one address each
    further try waits twice as long as the one before (up to ``login_max_delay_seconds``, ``login.wait``). A
    guesser slows down without locking the member out: nobody can lock another's account by failing on purpose."""
    brand = await ctx.site.brand(caller.merchant)
    await ctx.site.admits(caller.merchant, caller.ip)
    if body.type == "sms":
        return await _login_by_code(ctx, caller, body, entry, brand)
    if not brand.flag("USERNAMELOGIN3"):
        raise DomainError("login.type.unsupported")
    settings = ctx.settings
    ip_key = _ip_key(ctx, caller)
    bot_check = brand.flag("BOTCHECK3")
    if bot_check:  # the address is counted before the bot check, the username's counters after it
        await throttle(ctx.valkey, ip_key, settings.ip_login_limit, settings.ip_login_window_seconds)
        if not await bot_check_passes(ctx.valkey, body.botCheckId, body.botCheckNonce):
            raise DomainError("botcheck.failed")
    username = body.username.lower()
    failures_key = login_failures_key(ctx, caller.merchant, username)
    tries_key, wait_key = _delay_keys(ctx, caller, username)
    # This guess is counted before it is compared, so parallel guesses cannot outrun the captcha or the delay.
    counted = await ctx.login_counts.count(ip_key, failures_key, tries_key, count_address=not bot_check)
    if counted.throttled:
        raise TooManyRequests()
    attempt = counted.attempt
    if attempt is None:  # enough failures before this try: the captcha first, then the try is counted
        await _require_captcha(ctx, body)
        attempt = await count(ctx.valkey, failures_key, settings.failure_window_seconds)
    elif attempt > settings.captcha_after_failures:
        await _require_captcha(ctx, body)
    tries = counted.tries
    if tries is None:
        tries = await count(ctx.valkey, tries_key, settings.failure_window_seconds)
    await wait_turn(ctx.valkey, settings, tries, wait_key)

    account, new_address = await accounts.account_and_address(ctx.db, caller.merchant, username, caller.ip)
    now = datetime.now(UTC)
    if account is not None and account.locked_until is not None and account.locked_until > now:
        raise Forbidden("account.locked")
    if not await verify_password(account.password_hash if account else None, body.password):
        await _failed(ctx, caller, account, attempt)
    assert account is not None
    admit(account, entry, now)

    counters = (failures_key, *_delay_keys(ctx, caller, username))  # a right password clears them
    if account.password_hash and needs_rehash(account.password_hash):
        new_hash = await hash_password(body.password)
        async with ctx.db.transaction() as session:
            await accounts.rehash_password(session, account.id, new_hash)
    expired = brand.flag("PWDEXPFORCECHANGE3") and password_expired(
        account.password_changed_at, now, ctx.settings.password_max_age_days
    )
    must_change, first = is_weak(body.password) or expired, account.last_login_at is None
    if brand.flag("NEWIPVERIFY3") and new_address:
        if methods_of(account):
            await ctx.valkey.delete(*counters)
            await require_verification(ctx, account, must_change, first)
        # Nothing bound to verify with: the login goes ahead, but no money leaves for the cooling-off period.
        await accounts.start_cooling_off(ctx.db, account.id)
    return await open_session(
        ctx, caller, account, must_change_password=must_change, first_login=first, forget=counters
    )


async def complete_verification(ctx: AuthContext, caller: Caller, ticket: str, method: str, answer: str) -> SessionRead:
    account, state = await verify(ctx, caller, ticket, method, answer)
    return await open_session(
        ctx, caller, account, must_change_password=state["mustChange"], first_login=state["first"]
    )


async def _login_by_code(ctx: AuthContext, caller: Caller, body: LoginBody, entry: Entry, brand: Brand) -> SessionRead:
    """Login by mobile number and SMS code (``MOBILEVERCODELOGIN3``): no bot check and no forced password
    change, as spec §4 says; a wrong code is counted against the code."""
    if not brand.flag("MOBILEVERCODELOGIN3"):
        raise DomainError("login.type.unsupported")
    await throttle(ctx.valkey, _ip_key(ctx, caller), ctx.settings.ip_login_limit, ctx.settings.ip_login_window_seconds)
    account = await account_for_code(ctx, caller.merchant, body.countryDialingCode, body.username, body.password)
    admit(account, entry, datetime.now(UTC))
    return await open_session(
        ctx, caller, account, must_change_password=False, first_login=account.last_login_at is None
    )


async def _require_captcha(ctx: AuthContext, body: LoginBody) -> None:
    if not body.captcha:
        raise DomainError("captcha.required", value=CaptchaFlagRead(captcha=True))
    if not await captcha_matches(ctx.valkey, body.captchaId, body.captcha):
        raise DomainError("captcha.invalid", value=CaptchaFlagRead(captcha=True))


def _delay_keys(ctx: AuthContext, caller: Caller, username: str) -> tuple[str, str]:
    secret = ctx.settings.secret_key
    tries = f"auth:login-tries:{caller.merchant}:{hidden(secret, username)}:{hidden(secret, str(caller.ip))}"
    return tries, f"{tries}:wait"


def _ip_key(ctx: AuthContext, caller: Caller) -> str:
    return f"auth:login-ip:{hidden(ctx.settings.secret_key, str(caller.ip))}"


async def _failed(ctx: AuthContext, caller: Caller, account: Account | None, failures: int) -> None:
    """Refuse a wrong guess (already counted, for unknown usernames too, so answers do not tell which exist)."""
    if account is not None:
        async with ctx.db.transaction() as session:
            accounts.add_failed_login(session, account.id, caller.ip, (caller.user_agent or "")[:300])
    raise Unauthorized(
        "login.password.incorrect", value=CaptchaFlagRead(captcha=failures >= ctx.settings.captcha_after_failures)
    )


async def logout(ctx: AuthContext, principal: Principal) -> None:
    if principal.token_hash:
        await ctx.sessions.end(principal.token_hash)


async def free_play(ctx: AuthContext, caller: Caller) -> SessionRead:
    """``POST /wps/session/login/freeplay``: a trial account (type 4) and its session, when the brand allows."""
    brand = await ctx.site.brand(caller.merchant)
    if not brand.flag("FREEPLAY3"):
        raise Forbidden("freeplay.disabled")
    await ctx.site.admits(caller.merchant, caller.ip)
    freeplay = f"auth:freeplay-ip:{hidden(ctx.settings.secret_key, str(caller.ip))}"
    await throttle(ctx.valkey, freeplay, ctx.settings.ip_freeplay_limit, 3600)
    account = Account(
        id=str(uuid.uuid4()),
        merchant=caller.merchant,
        username=f"trial{secrets.token_hex(5)}",
        account_type=TRIAL_TYPE,
        status=ACTIVE,
        password_hash=None,
        register_ip=caller.ip,
        register_method="FREEPLAY",
    )
    async with ctx.db.transaction() as session:
        await accounts.add_account(session, account)
    return await open_session(ctx, caller, account, must_change_password=False, first_login=True)


# The second factor of a login from a new address -------------------------------------------------------------


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
        account = await accounts.by_key(session, state["accountId"])
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
        phone = phone_number(account.country_dialing_code or "", account.mobile_num or "")
        return CodeSentRead(expiredMinutes=await send_code(ctx, caller, "verify", phone))
    minutes = await send_code(ctx, caller, "verify", _email_target(account), mail_to=account.email)
    return CodeSentRead(expiredMinutes=minutes)


async def verify(
    ctx: AuthContext, caller: Caller, ticket: str, method: str, answer: str
) -> tuple[Account, dict[str, Any]]:
    """The account and the ticket's state when ``answer`` is right; the ticket is then spent."""
    state, account = await _ticket(ctx, caller, ticket)
    if await count(ctx.valkey, f"auth:verify-tries:{account.id}", TICKET_SECONDS) > MAX_VERIFY_TRIES:
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
