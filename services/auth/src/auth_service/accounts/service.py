"""Registration, sessions opened for an account, member info, password changes and resets, the bound mobile and
authenticator, affiliate codes."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError

from auth_service import totp, totp_claims
from auth_service.accounts import current_password, repository
from auth_service.accounts.domain import MEMBER_TYPE, FieldProblem, check_fields, is_agent, is_weak, may_sign_in
from auth_service.accounts.models import Account
from auth_service.accounts.repository import MemberRow
from auth_service.accounts.schemas import (
    AffiliateRead,
    CodeSentRead,
    DownlineRead,
    DownlineRegistration,
    LoginRecordRead,
    MemberRead,
    MobileRead,
    MobileReset,
    PasswordChange,
    RegisterBody,
    SessionRead,
    SmsRequest,
    TokenReset,
    TotpSecretRead,
)
from auth_service.challenges import bot_check_passes, captcha_matches
from auth_service.codes import admit_send, check_code, phone_number, send_code
from auth_service.context import AuthContext, Caller
from auth_service.i18n import field_label, rule_text
from auth_service.key_names import hidden
from auth_service.passwords import hash_password
from portal_kit.errors import Conflict, DomainError, Forbidden, NotFound
from portal_kit.sessions import Principal, role_for_account_type
from portal_kit.site import Brand
from portal_kit.throttle import count, throttle
from portal_kit.valkey_link import as_str

TOTP_GUESSES, TOTP_GUESS_WINDOW_SECONDS = 5, 900
CONTACT_FIELDS = (
    "qqNum",
    "line",
    "whatsapp",
    "facebook",
    "wechat",
    "telegram",
    "zalo",
    "recommenderId",
    "referralCode",
)


def problem_error(problem: FieldProblem, language: str, problems: list[FieldProblem]) -> DomainError:
    listed = [{"field": p.field, "code": p.code} for p in problems]
    label = field_label(problem.field, language)
    if problem.code == "register.field.invalid":
        rule = rule_text(problem.pattern_id, problem.min_length, problem.max_length, language)
        return DomainError(problem.code, value=listed, label=label, rule=rule)
    return DomainError(problem.code, value=listed, label=label)


async def _taken(ctx: AuthContext, account: Account, error: IntegrityError) -> Conflict:
    """Which field of a new account is taken, the username before the mobile number: when both are, the database
    names only the first unique index it checked, and that order is its own (a rebuilt index moves last)."""
    async with ctx.db.reader() as session:
        if await repository.username_taken(session, account.merchant, account.username):
            return Conflict("username.exists")
    return Conflict("mobile.exists" if "mobile" in str(error.orig) else "username.exists")


async def open_session(
    ctx: AuthContext,
    caller: Caller,
    account: Account,
    *,
    must_change_password: bool,
    first_login: bool,
    forget: Sequence[str] = (),
) -> SessionRead:
    """The account signed in (a login, a registration, a reset): the session, written with ``forget`` (the
    login's failure and delay counters) gone in the same round trip, and the login recorded in one statement."""
    principal = Principal(
        role=role_for_account_type(account.account_type),
        merchant=account.merchant,
        account_id=account.id,
        account_type=account.account_type,
        username=account.username,
        must_change_password=must_change_password,
    )
    token = await ctx.sessions.create(principal, ctx.settings.session_ttl_seconds, forget=forget)
    await repository.record_login(ctx.db, account.id, caller.ip, (caller.user_agent or "")[:300])
    return SessionRead(
        token=token,
        firstTimeLogin=first_login,
        passwordExpired=must_change_password,
        captcha=False,
        type=account.account_type,
    )


async def account_by_phone(ctx: AuthContext, merchant: str, phone: str) -> Account | None:
    async with ctx.db.reader() as session:
        return await repository.by_phone(session, merchant, phone)


async def account_for_code(
    ctx: AuthContext, merchant: str, country_dialing_code: str, mobile: str, code: str
) -> Account:
    """The account whose mobile number received ``code`` (a ``noLogin`` code, spent by this check): the login
    by SMS and the forgotten password by mobile."""
    phone = phone_number(country_dialing_code, mobile)
    if not await check_code(ctx, merchant, "noLogin", phone, code):
        raise DomainError("sms.code.invalid")
    account = await account_by_phone(ctx, merchant, phone)
    if account is None:
        raise DomainError("sms.code.invalid")
    return account


async def find_agent_by_code(ctx: AuthContext, merchant: str, code: str) -> Account | None:
    async with ctx.db.reader() as session:
        return await repository.active_agent_by_code(session, merchant, code)


async def register(ctx: AuthContext, caller: Caller, body: RegisterBody) -> SessionRead:
    """Username registration (``PUT /wps/member/register``)."""
    brand = await ctx.site.brand(caller.merchant)
    if not brand.flag("USERNAMEREG3"):
        raise Forbidden("register.disabled")
    values = await _checked(ctx, caller, brand, body, skip=frozenset())
    return await _create_member(ctx, caller, brand, body, values, body.username.lower(), body.password, "USERNAME")


async def register_mobile(ctx: AuthContext, caller: Caller, body: RegisterBody) -> SessionRead:
    """Mobile registration (``PUT /wps/member/register/mobile``): the mobile number is always required and is
    the account's name; the SMS code is required when the brand sets ``REGMOBVERF3``; a password is set only
    when it sets ``MOBILENUMPASSREG3`` (otherwise the member logs in by SMS code)."""
    brand = await ctx.site.brand(caller.merchant)
    if not brand.flag("MOBILENUMREG3"):
        raise Forbidden("register.disabled")
    phone = phone_number(body.countryDialingCode or "90", body.mobileNum)
    with_password = brand.flag("MOBILENUMPASSREG3")
    skip = frozenset({"username", "mobileNum"} | (set() if with_password else {"password", "confirmPassword"}))
    values = await _checked(ctx, caller, brand, body, skip=skip)
    if brand.flag("REGMOBVERF3") and not await check_code(
        ctx, caller.merchant, "register", phone, body.verificationCode
    ):
        raise DomainError("sms.code.invalid")
    username = "m" + phone.lstrip("+")
    return await _create_member(
        ctx, caller, brand, body, values, username, body.password if with_password else None, "MOBILE"
    )


async def _checked(
    ctx: AuthContext, caller: Caller, brand: Brand, body: RegisterBody, skip: frozenset[str]
) -> dict[str, str]:
    """Every check both registration modes share; returns the trimmed values of the enabled fields."""
    await ctx.site.admits(caller.merchant, caller.ip)
    address = hidden(ctx.settings.secret_key, str(caller.ip))
    await throttle(ctx.valkey, f"auth:register-ip:{address}", ctx.settings.ip_register_limit, 3600)
    if brand.flag("BOTCHECK3") and not await bot_check_passes(ctx.valkey, body.botCheckId, body.botCheckNonce):
        raise DomainError("botcheck.failed")
    values = {field: str(value) for field, value in body.model_dump().items() if isinstance(value, str)}
    rules = {field: rule for field, rule in brand.rules.items() if field not in skip}
    problems = check_fields(rules, values, datetime.now(UTC).date())
    if problems:
        raise problem_error(problems[0], caller.language, problems)
    if not brand.rules.get("birthday", {}).get("enabled") and not body.adult:
        raise DomainError("register.age")
    if not body.acceptTerms:
        raise DomainError("register.terms")
    captcha_asked = brand.flag("REGCAPTCHA3") and brand.rules.get("captcha", {}).get("enabled")
    if captcha_asked and not await captcha_matches(ctx.valkey, body.captchaId, body.captcha):
        raise DomainError("captcha.invalid")
    enabled = {field for field, rule in brand.rules.items() if rule.get("enabled")} | {
        "mobileNum",
        "countryDialingCode",
    } & skip
    return {field: value for field, value in values.items() if value and (field in enabled or field in skip)}


def referral_code(raw: str) -> str | None:
    """A friend's invite code the registration carried (``?ref=`` of their link), for points: letters and digits,
    4–16 of them, upper case; anything else is no code (the registration goes on without one)."""
    code = raw.strip().upper()
    return code if 4 <= len(code) <= 16 and code.isascii() and code.isalnum() else None


async def _create_member(
    ctx: AuthContext,
    caller: Caller,
    brand: Brand,
    body: RegisterBody,
    values: dict[str, str],
    username: str,
    password: str | None,
    method: str,
) -> SessionRead:
    """The affiliate code, then one transaction writing the account and ``auth.member.registered.v1``; the
    member is then logged in. A name or number taken meanwhile is refused by the database's unique index."""
    upline_id = None
    if body.affiliateCode:
        agent = await find_agent_by_code(ctx, caller.merchant, body.affiliateCode)
        if agent is None:
            raise DomainError("invitation.code.error")
        upline_id = agent.id
    elif not brand.flag("DIRECTREG3"):
        raise DomainError("affiliate.required")
    mobile = values.get("mobileNum")
    account = Account(
        id=str(uuid.uuid4()),
        merchant=caller.merchant,
        username=username,
        account_type=MEMBER_TYPE,
        status="active",
        password_hash=await hash_password(password) if password else None,
        payment_password_hash=await hash_password(values["paymentPassword"]) if values.get("paymentPassword") else None,
        nickname=values.get("nickname"),
        fullname=values.get("fullname"),
        payee_name=values.get("payeeName"),
        email=values.get("email"),
        mobile_num=mobile,
        country_dialing_code=(values.get("countryDialingCode") or "90").lstrip("+") if mobile else None,
        birthday=values.get("birthday"),
        id_number=values.get("idNumber"),
        contacts={field: values[field] for field in CONTACT_FIELDS if values.get(field)},
        upline_id=upline_id,
        register_ip=caller.ip,
        register_method=method,
    )
    try:
        async with ctx.db.transaction() as session:
            await repository.add_account(session, account, referral_code(body.referralCode))
    except IntegrityError as error:
        raise await _taken(ctx, account, error) from None
    weak = password is not None and is_weak(password)
    return await open_session(ctx, caller, account, must_change_password=weak, first_login=True)


# Fields an agent's registration of a downline never asks: they prove a stranger, and the agent is signed in.
DOWNLINE_SKIPPED = frozenset({"captcha", "verificationCode", "affiliateCode", "recommenderId", "referralCode"})
AFFILIATE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


async def register_downline(
    ctx: AuthContext, caller: Caller, agent: Principal, body: DownlineRegistration
) -> DownlineRead:
    """``PUT /wps/agent/downlines``: an account under the calling agent, by the brand's username registration
    rules. A downline agent takes its upline's agent type and a new affiliate code; a member is type 0. Counted per
    agent (``AUTH_DOWNLINE_REGISTER_LIMIT`` an hour) before anything is checked."""
    await throttle(
        ctx.valkey, f"auth:downline-register:{caller.merchant}:{agent.account_id}",
        ctx.settings.downline_register_limit, 3600,
    )  # fmt: skip
    async with ctx.db.reader() as session:
        upline = await repository.by_id(session, caller.merchant, str(agent.account_id))
    if upline is None or upline.status != "active" or not is_agent(upline.account_type):
        raise Forbidden("access.denied")
    brand = await ctx.site.brand(caller.merchant)
    values = {field: str(value) for field, value in body.model_dump().items() if isinstance(value, str)}
    rules = {field: rule for field, rule in brand.rules.items() if field not in DOWNLINE_SKIPPED}
    rules["username"] = {**rules.get("username", {}), "enabled": True, "required": True}
    rules["password"] = {**rules.get("password", {}), "enabled": True, "required": True}
    problems = check_fields(rules, values, datetime.now(UTC).date())
    if problems:
        raise problem_error(problems[0], caller.language, problems)
    if not brand.rules.get("birthday", {}).get("enabled") and not body.adult:
        raise DomainError("register.age")
    enabled = {field for field, rule in rules.items() if rule.get("enabled")}
    kept = {field: value for field, value in values.items() if value and field in enabled}
    as_agent = body.accountType == "AGENT"
    mobile = kept.get("mobileNum")
    account = Account(
        id=str(uuid.uuid4()),
        merchant=caller.merchant,
        username=body.username.lower(),
        account_type=upline.account_type if as_agent else MEMBER_TYPE,
        status="active",
        password_hash=await hash_password(body.password),
        payment_password_hash=await hash_password(kept["paymentPassword"]) if kept.get("paymentPassword") else None,
        nickname=kept.get("nickname"),
        fullname=kept.get("fullname"),
        payee_name=kept.get("payeeName"),
        email=kept.get("email"),
        mobile_num=mobile,
        country_dialing_code=(kept.get("countryDialingCode") or "90").lstrip("+") if mobile else None,
        birthday=kept.get("birthday"),
        id_number=kept.get("idNumber"),
        contacts={field: kept[field] for field in CONTACT_FIELDS if kept.get(field)},
        affiliate_code="".join(secrets.choice(AFFILIATE_ALPHABET) for _ in range(10)) if as_agent else None,
        upline_id=upline.id,
        register_ip=caller.ip,
        register_method="USERNAME",
    )
    try:
        async with ctx.db.transaction() as session:
            await repository.add_account(session, account)
    except IntegrityError as error:
        raise await _taken(ctx, account, error) from None
    return DownlineRead(
        accountId=account.id, username=account.username, accountType=account.account_type,
        affiliateCode=account.affiliate_code,
    )  # fmt: skip


async def send_sms(ctx: AuthContext, caller: Caller, body: SmsRequest, purpose: str) -> CodeSentRead:
    """``noLogin`` codes go only to numbers of existing accounts, ``register`` codes only to new numbers; the
    answer to an unknown ``noLogin`` number is the same, so it tells nobody which numbers are members."""
    brand = await ctx.site.brand(caller.merchant)
    if brand.flag("BOTCHECK3") and not await bot_check_passes(ctx.valkey, body.botCheckId, body.botCheckNonce):
        raise DomainError("botcheck.failed")
    phone = phone_number(body.countryDialingCode, body.mobile)
    if purpose != "register":  # the forgotten-password code has a limit of its own per address
        address = hidden(ctx.settings.secret_key, str(caller.ip))
        await throttle(ctx.valkey, f"auth:sms-reset-ip:{address}", ctx.settings.sms_reset_per_ip_per_hour, 3600)
    account = await account_by_phone(ctx, caller.merchant, phone)
    if purpose == "register":
        if account is not None:
            raise Conflict("mobile.exists")
        return CodeSentRead(expiredMinutes=await send_code(ctx, caller, purpose, phone))
    if account is None:
        await admit_send(ctx, caller, purpose, phone)  # the same limits and countdown, and no message
        return CodeSentRead(expiredMinutes=ctx.settings.sms_code_minutes)
    return CodeSentRead(expiredMinutes=await send_code(ctx, caller, purpose, phone))


async def reset_by_mobile(ctx: AuthContext, caller: Caller, body: MobileReset) -> SessionRead:
    """Forgot password by mobile (``POST /wps/member/password/verification``): the ``noLogin`` code, a new
    password by the brand's rule; every session of the account ends and the member is logged in."""
    account = await account_for_code(
        ctx, caller.merchant, body.countryDialingCode, body.mobileNum, body.verificationCode
    )
    may_sign_in(account, datetime.now(UTC))
    await _check_new_password(ctx, caller, body.newPassword, body.confirmNewPassword or body.newPassword)
    await _set_password(ctx, account.id, body.newPassword)
    await ctx.sessions.revoke_account(caller.merchant, account.id)
    return await open_session(ctx, caller, account, must_change_password=False, first_login=False)


async def request_reset_by_email(ctx: AuthContext, caller: Caller, username: str, email: str) -> None:
    """Forgot password by e-mail (``POST /wps/member/password/email``): when the username and the e-mail
    belong together, a one-time link valid ``AUTH_RESET_TOKEN_MINUTES`` goes to that address."""
    await throttle(ctx.valkey, f"auth:reset-ip:{hidden(ctx.settings.secret_key, str(caller.ip))}", 5, 3600)
    async with ctx.db.reader() as session:
        account = await repository.by_username_and_email(
            session, caller.merchant, username.strip().lower(), email.strip().lower()
        )
    if account is None or not account.email:
        raise DomainError("account.email.not_found")
    await throttle(ctx.valkey, f"auth:reset-account:{account.id}", 3, 3600)
    token = secrets.token_urlsafe(32)
    minutes = ctx.settings.reset_token_minutes
    await ctx.valkey.set(_reset_key(token), account.id, ex=minutes * 60)
    # In the fragment, which the browser never sends: the token stays out of access logs and Referer headers.
    link = f"{ctx.settings.public_url.rstrip('/')}/#resetToken={token}"
    texts = {
        "TR": (
            "Şifre sıfırlama",
            f"Şifrenizi sıfırlamak için {minutes} dakika içinde bu bağlantıyı açın:\n{link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayın.",
        ),
        "EN": (
            "Password reset",
            f"Open this link within {minutes} minutes to set a new password:\n{link}\n\nIf you did not ask for this, ignore this e-mail.",
        ),
        "CN": ("重置密码", f"请在 {minutes} 分钟内打开以下链接设置新密码：\n{link}\n\n如非本人操作，请忽略此邮件。"),
    }
    subject, text = texts[caller.language]
    try:
        await ctx.mailer.send(account.email, subject, text)
    except OSError:
        await ctx.valkey.delete(_reset_key(token))
        raise DomainError("mail.failed", status=502) from None


def _reset_key(token: str) -> str:
    return "auth:reset:" + hashlib.sha256(token.encode()).hexdigest()


async def reset_by_token(ctx: AuthContext, caller: Caller, body: TokenReset) -> SessionRead:
    """The link's second half (``POST /wps/member/password/reset``): one use; every session ends; logged in."""
    account_id = as_str(await ctx.valkey.get(_reset_key(body.token)))
    if account_id is None:
        raise DomainError("reset.token.invalid")
    async with ctx.db.reader() as session:
        account = await repository.by_id(session, caller.merchant, str(account_id))
    if account is None:
        raise DomainError("reset.token.invalid")
    may_sign_in(account, datetime.now(UTC))  # a locked account keeps its link for when the lock ends
    await _check_new_password(ctx, caller, body.newPassword, body.confirmNewPassword)
    if await ctx.valkey.getdel(_reset_key(body.token)) is None:  # spent by a concurrent use meanwhile
        raise DomainError("reset.token.invalid")
    await _set_password(ctx, account.id, body.newPassword)
    await ctx.sessions.revoke_account(caller.merchant, account.id)
    return await open_session(ctx, caller, account, must_change_password=False, first_login=False)


async def _check_new_password(ctx: AuthContext, caller: Caller, new: str, confirm: str) -> None:
    brand = await ctx.site.brand(caller.merchant)
    rule = brand.rules.get("password")
    if rule and rule.get("enabled"):
        problems = check_fields({"password": {**rule, "required": True}}, {"password": new}, datetime.now(UTC).date())
        if problems:
            raise problem_error(problems[0], caller.language, problems)
    if is_weak(new):
        raise DomainError("password.weak")
    if new != confirm:
        raise DomainError("register.password.mismatch")


async def _set_password(ctx: AuthContext, account_id: str, password: str) -> None:
    new_hash = await hash_password(password)
    async with ctx.db.transaction() as session:
        await repository.set_password(session, account_id, new_hash)


def member_view(account: Account | MemberRow) -> MemberRead:
    return MemberRead(
        id=account.id,
        account=account.username,
        nickname=account.nickname or account.username,
        type=account.account_type,
        fullname=account.fullname,
        email=account.email,
        mobileNum=account.mobile_num,
        countryDialingCode=account.country_dialing_code,
        uplineId=account.upline_id,
        affiliateCode=account.affiliate_code,
        hasPaymentPassword=account.payment_password_hash is not None,
        totpBound=account.totp_enabled,
        icon=account.icon,
        lastLoginAt=account.last_login_at.isoformat() if account.last_login_at else None,
        lastLoginIp=account.last_login_ip,
        createdAt=account.created_at.isoformat(),
    )


async def member_info(ctx: AuthContext, principal: Principal) -> MemberRead:
    """``/wps/member/info``, the hottest read of auth."""
    row = await repository.member_row(ctx.db, principal.merchant, principal.account_id)
    if row is None:
        raise NotFound("account.not_found")
    return member_view(row)


async def own_account(ctx: AuthContext, principal: Principal) -> Account:
    async with ctx.db.reader() as session:
        account = await repository.by_id(session, principal.merchant, principal.account_id)
    if account is None:
        raise NotFound("account.not_found")
    return account


async def recent_logins(ctx: AuthContext, principal: Principal, limit: int = 10) -> list[LoginRecordRead]:
    async with ctx.db.reader() as session:
        rows = await repository.recent_logins(session, principal.account_id, limit)
        return [LoginRecordRead(at=row.at.isoformat(), ip=row.ip, success=row.success) for row in rows]


def _bound_phone(account: Account) -> str:
    if not account.mobile_num or not account.country_dialing_code:
        raise DomainError("mobile.not_bound")
    return phone_number(account.country_dialing_code, account.mobile_num)


def _change_purpose(account: Account) -> str:
    return f"password:{account.id}"


async def send_password_change_code(ctx: AuthContext, caller: Caller, principal: Principal) -> CodeSentRead:
    """``CHNGPASSVERIF3``: a code to the account's bound mobile, asked by the password change."""
    account = await own_account(ctx, principal)
    return CodeSentRead(expiredMinutes=await send_code(ctx, caller, _change_purpose(account), _bound_phone(account)))


async def change_password(ctx: AuthContext, caller: Caller, principal: Principal, body: PasswordChange) -> None:
    """Old password checked, new one by the brand's password rule; every other session of the account ends
    and this one is released from a forced change."""
    account = await own_account(ctx, principal)
    await current_password.confirm(ctx, account, body.oldPassword)
    if (await ctx.site.brand(principal.merchant)).flag("CHNGPASSVERIF3"):
        phone = _bound_phone(account)
        if not await check_code(ctx, principal.merchant, _change_purpose(account), phone, body.verificationCode):
            raise DomainError("sms.code.invalid")
    await _check_new_password(ctx, caller, body.newPassword, body.confirmNewPassword)
    if body.newPassword == body.oldPassword:
        raise DomainError("password.same")
    await _set_password(ctx, account.id, body.newPassword)
    await ctx.sessions.revoke_account(principal.merchant, account.id, keep=principal.token_hash)
    if principal.token_hash:
        await ctx.sessions.release_password_change(principal.token_hash)


def _binding_purpose(principal: Principal) -> str:
    return f"bind:{principal.account_id}"


async def send_binding_code(
    ctx: AuthContext, caller: Caller, principal: Principal, dial: str, mobile: str
) -> CodeSentRead:
    """Binding a mobile number to a signed-in account, step one: a code by SMS to the new number. The code is tied
    to the account (its purpose names it), so nobody else can spend it; a number another account holds is refused
    (``mobile.exists``)."""
    phone = phone_number(dial, mobile)
    if await account_by_phone(ctx, caller.merchant, phone) is not None:
        raise Conflict("mobile.exists")
    return CodeSentRead(expiredMinutes=await send_code(ctx, caller, _binding_purpose(principal), phone))


async def bind_mobile(
    ctx: AuthContext, caller: Caller, principal: Principal, dial: str, mobile: str, code: str, password: str
) -> MobileRead:
    """Step two: the number with the code and the login password (a stolen session alone cannot move the
    account's SMS codes to its own phone). Binding starts the cooling-off before money may leave."""
    phone = phone_number(dial, mobile)
    account = await own_account(ctx, principal)
    await current_password.confirm(ctx, account, password)
    if not await check_code(ctx, caller.merchant, _binding_purpose(principal), phone, code):
        raise DomainError("sms.code.invalid")
    number, dialing_code = mobile.strip(), dial.strip().lstrip("+")
    try:
        async with ctx.db.transaction() as session:
            await repository.set_mobile(session, principal.merchant, principal.account_id, number, dialing_code)
    except IntegrityError:
        raise Conflict("mobile.exists") from None
    return MobileRead(mobileNum=number, countryDialingCode=dialing_code)


async def start_totp(ctx: AuthContext, principal: Principal, issuer: str) -> TotpSecretRead:
    """Binding an authenticator, step one: a new secret (kept 10 minutes until confirmed) and its otpauth URI.
    A bound authenticator is not replaced this way (``totp.bound``): it is removed first, with one of its codes,
    so a stolen session cannot swap in its own."""
    account = await own_account(ctx, principal)
    if account.totp_enabled:
        raise DomainError("totp.bound")
    secret = totp.new_secret()
    await ctx.valkey.set(f"auth:totp-pending:{account.id}", totp.seal(secret, ctx.settings.secret_key), ex=600)
    return TotpSecretRead(secret=secret, uri=totp.provisioning_uri(secret, account.username, issuer))


async def _count_totp_guess(ctx: AuthContext, account_id: str) -> None:
    """Each guess at the account's authenticator codes is counted before it is compared: five per 15 minutes."""
    if await count(ctx.valkey, f"auth:totp-tries:{account_id}", TOTP_GUESS_WINDOW_SECONDS) > TOTP_GUESSES:
        raise DomainError("totp.locked", status=429)


async def confirm_totp(ctx: AuthContext, principal: Principal, code: str, password: str) -> None:
    """Step two: the login password proves the session is still its member's (as binding a mobile asks), and a
    code from the app proves it holds the secret; from now on it is a second factor."""
    account = await own_account(ctx, principal)
    await current_password.confirm(ctx, account, password)
    sealed = as_str(await ctx.valkey.get(f"auth:totp-pending:{account.id}"))
    await _count_totp_guess(ctx, account.id)
    if sealed is None or not await totp_claims.accepted(
        ctx.valkey, account.id, totp.unseal(sealed, ctx.settings.secret_key), code
    ):
        raise DomainError("totp.invalid")
    async with ctx.db.transaction() as session:
        await repository.set_totp(session, account.id, str(sealed))
    await ctx.valkey.delete(f"auth:totp-pending:{account.id}")


async def remove_totp(ctx: AuthContext, principal: Principal, code: str) -> None:
    account = await own_account(ctx, principal)
    await _count_totp_guess(ctx, account.id)
    if not account.totp_enabled or not await totp_claims.accepted(
        ctx.valkey, account.id, totp.unseal(account.totp_secret or "", ctx.settings.secret_key), code
    ):
        raise DomainError("totp.invalid")
    async with ctx.db.transaction() as session:
        await repository.set_totp(session, account.id, None)


ICONS = range(1, 13)


async def set_icon(ctx: AuthContext, principal: Principal, icon: int) -> None:
    if icon not in ICONS:
        raise DomainError("validation.failed", field="icon", reason="1-12")
    async with ctx.db.transaction() as session:
        await repository.set_icon(session, principal.merchant, principal.account_id, icon)


async def affiliate(ctx: AuthContext, merchant: str, code: str) -> AffiliateRead:
    agent = await find_agent_by_code(ctx, merchant, code.strip()) if code.strip() else None
    if agent is None:
        raise DomainError("invitation.code.error")
    return AffiliateRead(valid=True)
