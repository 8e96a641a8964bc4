"""Login, logout and free play. A session is an opaque token in Redis (portal_kit.sessions)."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from enum import StrEnum

from sqlalchemy import update

from auth_service.accounts.domain import ACTIVE, MEMBER_TYPE, is_agent, is_weak, password_expired
from auth_service.accounts.lookup import account_for_code
from auth_service.accounts.models import Account, LoginRecord
from auth_service.accounts.schemas import CaptchaFlagRead, SessionRead
from auth_service.challenges import bot_check_passes, captcha_matches
from auth_service.context import AuthContext, Caller
from auth_service.events import member_registered
from auth_service.key_names import hidden
from auth_service.passwords import hash_password, needs_rehash, verify_password
from auth_service.sessions.login_delay import wait_turn
from auth_service.sessions.schemas import LoginBody
from auth_service.sessions.verification import methods_of, require_verification, verify
from portal_kit.errors import DomainError, Forbidden, TooManyRequests, Unauthorized
from portal_kit.sessions import TRIAL_TYPE, Principal, role_for_account_type
from portal_kit.site import Brand
from portal_kit.throttle import count, throttle


class Entry(StrEnum):
    """The member site admits members and agents (agents use it too); the agent entry admits only agents."""

    MEMBER = "member"
    AGENT = "agent"


# The login's reads and writes are one prepared statement each, outside the ORM (a login is a hot path).
ACCOUNT_COLUMNS = tuple(column.key for column in Account.__table__.columns)
# The account, and whether the caller's address is new to it (it has signed in before, never from there).
_ACCOUNT_AND_ADDRESS = (
    f"SELECT {', '.join(ACCOUNT_COLUMNS)}, "  # noqa: S608 - the model's own column names
    "EXISTS (SELECT 1 FROM login_record r WHERE r.account_id = account.id AND r.success) "
    "AND NOT EXISTS (SELECT 1 FROM login_record r WHERE r.account_id = account.id AND r.success AND r.ip {}) "
    "FROM account WHERE merchant = %(merchant)s AND username = %(username)s"
)
ACCOUNT_AND_ADDRESS = _ACCOUNT_AND_ADDRESS.format("= %(ip)s")
ACCOUNT_AND_NO_ADDRESS = _ACCOUNT_AND_ADDRESS.format("IS NULL")  # a caller whose address is unknown
RECORD_LOGIN = (
    "WITH signed_in AS (UPDATE account SET last_login_at = now(), last_login_ip = %s WHERE id = %s RETURNING id) "
    "INSERT INTO login_record (account_id, ip, user_agent, success) SELECT id, %s, %s, true FROM signed_in"
)


START_COOLING_OFF = "UPDATE account SET security_changed_at = now() WHERE id = %s RETURNING id"


def login_failures_key(ctx: AuthContext, merchant: str, username: str) -> str:
    return f"auth:login-fail:{merchant}:{hidden(ctx.settings.secret_key, username)}"


async def open_session(
    ctx: AuthContext,
    caller: Caller,
    account: Account,
    *,
    must_change_password: bool,
    first_login: bool,
    forget: Sequence[str] = (),
) -> SessionRead:
    """The session, written with ``forget`` (the login's failure and delay counters) gone in the same round trip."""
    principal = Principal(
        role=role_for_account_type(account.account_type),
        merchant=account.merchant,
        account_id=account.id,
        account_type=account.account_type,
        username=account.username,
        must_change_password=must_change_password,
    )
    token = await ctx.sessions.create(principal, ctx.settings.session_ttl_seconds, forget=forget)
    await ctx.db.call(RECORD_LOGIN, (caller.ip, account.id, caller.ip, (caller.user_agent or "")[:300]))
    return SessionRead(
        token=token,
        firstTimeLogin=first_login,
        passwordExpired=must_change_password,
        captcha=False,
        type=account.account_type,
    )


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

    account, new_address = await _account_of(ctx, caller, username)
    now = datetime.now(UTC)
    if account is not None and account.locked_until is not None and account.locked_until > now:
        raise Forbidden("account.locked")
    if not await verify_password(account.password_hash if account else None, body.password):
        await _failed(ctx, caller, account, attempt)
    assert account is not None
    _admit(account, entry, now)

    counters = (failures_key, *_delay_keys(ctx, caller, username))  # a right password clears them
    if account.password_hash and needs_rehash(account.password_hash):
        new_hash = await hash_password(body.password)
        async with ctx.db.transaction() as session:
            await session.execute(update(Account).where(Account.id == account.id).values(password_hash=new_hash))
    expired = brand.flag("PWDEXPFORCECHANGE3") and password_expired(
        account.password_changed_at, now, ctx.settings.password_max_age_days
    )
    must_change, first = is_weak(body.password) or expired, account.last_login_at is None
    if brand.flag("NEWIPVERIFY3") and new_address:
        if methods_of(account):
            await ctx.valkey.delete(*counters)
            await require_verification(ctx, account, must_change, first)
        # Nothing bound to verify with: the login goes ahead, but no money leaves for the cooling-off period.
        await ctx.db.call(START_COOLING_OFF, (account.id,))
    return await open_session(
        ctx, caller, account, must_change_password=must_change, first_login=first, forget=counters
    )


async def _account_of(ctx: AuthContext, caller: Caller, username: str) -> tuple[Account | None, bool]:
    """The account of ``username`` at the caller's brand, and whether the caller's address is new to it."""
    parameters = {"merchant": caller.merchant, "username": username, "ip": caller.ip}
    found = await ctx.db.read(ACCOUNT_AND_ADDRESS if caller.ip is not None else ACCOUNT_AND_NO_ADDRESS, parameters)
    if found is None:
        return None, False
    return Account(**dict(zip(ACCOUNT_COLUMNS, found, strict=False))), bool(found[-1])


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
    _admit(account, entry, datetime.now(UTC))
    return await open_session(
        ctx, caller, account, must_change_password=False, first_login=account.last_login_at is None
    )


def may_sign_in(account: Account, now: datetime) -> None:
    """The lock and status checks every way into an account shares (a login, a password reset)."""
    if account.locked_until is not None and account.locked_until > now:
        raise Forbidden("account.locked")
    if account.status != ACTIVE:
        raise Forbidden("account.disabled")


def _admit(account: Account, entry: Entry, now: datetime) -> None:
    """What every way of logging in checks: ``may_sign_in`` and the entry."""
    may_sign_in(account, now)
    if entry is Entry.AGENT and not is_agent(account.account_type):
        raise Forbidden("login.not_agent")
    if entry is Entry.MEMBER and not (account.account_type == MEMBER_TYPE or is_agent(account.account_type)):
        raise Forbidden("login.not_member")


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
            session.add(
                LoginRecord(
                    account_id=account.id, ip=caller.ip, user_agent=(caller.user_agent or "")[:300], success=False
                )
            )
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
        session.add(account)
        await session.flush()
        member_registered(session, account)
    return await open_session(ctx, caller, account, must_change_password=False, first_login=True)
