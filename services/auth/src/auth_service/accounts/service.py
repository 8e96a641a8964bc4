"""Registration, member info, password change, affiliate codes and agent accounts."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from auth_service.accounts.domain import (
    MEMBER_TYPE,
    FieldProblem,
    check_fields,
    is_agent,
    is_weak,
)
from auth_service.accounts.models import Account, LoginRecord
from auth_service.accounts.schemas import NewAgent, PasswordChange, RegisterBody
from auth_service.challenges import bot_check_passes, captcha_matches
from auth_service.context import AuthContext, Caller
from auth_service.events import member_registered
from auth_service.i18n import field_label, rule_text
from auth_service.passwords import hash_password, verify_password
from auth_service.sessions.service import open_session
from portal_kit.errors import Conflict, DomainError, Forbidden, NotFound
from portal_kit.sessions import AGENT_TYPES, Principal
from portal_kit.throttle import throttle

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


async def find_agent_by_code(ctx: AuthContext, merchant: str, code: str) -> Account | None:
    async with ctx.db.reader() as session:
        return await session.scalar(
            select(Account).where(
                Account.merchant == merchant,
                func.upper(Account.affiliate_code) == code.upper(),
                Account.account_type.in_(AGENT_TYPES),
                Account.status == "active",
            )
        )


async def register(ctx: AuthContext, caller: Caller, body: RegisterBody) -> dict[str, Any]:
    """Username registration (``PUT /wps/member/register``): every field against the brand's rules, then one
    transaction writes the account and ``auth.member.registered.v1``, and the member is logged in."""
    brand = await ctx.site.brand(caller.merchant)
    if not brand.flag("USERNAMEREG3"):
        raise Forbidden("register.disabled")
    await throttle(ctx.redis, f"auth:register-ip:{caller.ip}", ctx.settings.ip_register_limit, 3600)
    if brand.flag("BOTCHECK3") and not await bot_check_passes(ctx.redis, body.botCheckId, body.botCheckNonce):
        raise DomainError("botcheck.failed")
    values = {field: str(value) for field, value in body.model_dump().items() if isinstance(value, str)}
    problems = check_fields(brand.rules, values, datetime.now(UTC).date())
    if problems:
        raise problem_error(problems[0], caller.language, problems)
    birthday_asked = brand.rules.get("birthday", {}).get("enabled")
    if not birthday_asked and not body.adult:
        raise DomainError("register.age")
    if not body.acceptTerms:
        raise DomainError("register.terms")
    captcha_rule = brand.rules.get("captcha", {})
    captcha_asked = brand.flag("REGCAPTCHA3") and captcha_rule.get("enabled")
    if captcha_asked and not await captcha_matches(ctx.redis, body.captchaId, body.captcha):
        raise DomainError("captcha.invalid")
    upline_id = None
    if body.affiliateCode:
        agent = await find_agent_by_code(ctx, caller.merchant, body.affiliateCode)
        if agent is None:
            raise DomainError("invitation.code.error")
        upline_id = agent.id
    elif not brand.flag("DIRECTREG3"):
        raise DomainError("affiliate.required")

    enabled = {field for field, rule in brand.rules.items() if rule.get("enabled")}

    def given(field: str) -> str | None:
        return values.get(field) or None if field in enabled else None

    password_hash = await hash_password(body.password)
    payment_hash = await hash_password(body.paymentPassword) if given("paymentPassword") else None
    account = Account(
        id=str(uuid.uuid4()),
        merchant=caller.merchant,
        username=body.username.lower(),
        account_type=MEMBER_TYPE,
        status="active",
        password_hash=password_hash,
        payment_password_hash=payment_hash,
        nickname=given("nickname"),
        fullname=given("fullname"),
        payee_name=given("payeeName"),
        email=given("email"),
        mobile_num=given("mobileNum"),
        country_dialing_code=given("countryDialingCode"),
        birthday=given("birthday"),
        id_number=given("idNumber"),
        contacts={field: values[field] for field in CONTACT_FIELDS if given(field)},
        upline_id=upline_id,
        register_ip=caller.ip,
        register_method="USERNAME",
    )
    try:
        async with ctx.db.transaction() as session:
            session.add(account)
            await session.flush()
            member_registered(session, account)
    except IntegrityError:
        raise Conflict("username.exists") from None
    return await open_session(ctx, caller, account, must_change_password=is_weak(body.password), first_login=True)


def member_view(account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "account": account.username,
        "nickname": account.nickname or account.username,
        "type": account.account_type,
        "fullname": account.fullname,
        "email": account.email,
        "mobileNum": account.mobile_num,
        "countryDialingCode": account.country_dialing_code,
        "uplineId": account.upline_id,
        "affiliateCode": account.affiliate_code,
        "hasPaymentPassword": account.payment_password_hash is not None,
        "lastLoginAt": account.last_login_at.isoformat() if account.last_login_at else None,
        "lastLoginIp": account.last_login_ip,
        "createdAt": account.created_at.isoformat(),
    }


async def own_account(ctx: AuthContext, principal: Principal) -> Account:
    async with ctx.db.reader() as session:
        account = await session.scalar(
            select(Account).where(Account.id == principal.account_id, Account.merchant == principal.merchant)
        )
    if account is None:
        raise NotFound("account.not_found")
    return account


async def recent_logins(ctx: AuthContext, principal: Principal, limit: int = 10) -> list[dict[str, Any]]:
    async with ctx.db.reader() as session:
        rows = await session.scalars(
            select(LoginRecord)
            .where(LoginRecord.account_id == principal.account_id)
            .order_by(LoginRecord.id.desc())
            .limit(limit)
        )
        return [{"at": row.at.isoformat(), "ip": row.ip, "success": row.success} for row in rows]


async def change_password(ctx: AuthContext, caller: Caller, principal: Principal, body: PasswordChange) -> None:
    """Old password checked, new one by the brand's password rule; every other session of the account ends
    and this one is released from a forced change."""
    account = await own_account(ctx, principal)
    if not await verify_password(account.password_hash, body.oldPassword):
        raise DomainError("password.old.incorrect")
    brand = await ctx.site.brand(caller.merchant)
    rule = brand.rules.get("password")
    if rule and rule.get("enabled"):
        problems = check_fields(
            {"password": {**rule, "required": True}}, {"password": body.newPassword}, datetime.now(UTC).date()
        )
        if problems:
            raise problem_error(problems[0], caller.language, problems)
    if is_weak(body.newPassword):
        raise DomainError("password.weak")
    if body.newPassword != body.confirmNewPassword:
        raise DomainError("register.password.mismatch")
    if body.newPassword == body.oldPassword:
        raise DomainError("password.same")
    new_hash = await hash_password(body.newPassword)
    async with ctx.db.transaction() as session:
        stored = await session.get(Account, account.id, with_for_update=True)
        assert stored is not None
        stored.password_hash = new_hash
        stored.password_changed_at = datetime.now(UTC)
    await ctx.sessions.revoke_account(principal.merchant, account.id, keep=principal.token_hash)
    if principal.token_hash:
        await ctx.sessions.release_password_change(principal.token_hash)


async def affiliate(ctx: AuthContext, merchant: str, code: str) -> dict[str, Any]:
    agent = await find_agent_by_code(ctx, merchant, code.strip()) if code.strip() else None
    if agent is None:
        raise DomainError("invitation.code.error")
    return {"valid": True, "agent": agent.nickname or agent.username}


async def create_agent(ctx: AuthContext, merchant: str, body: NewAgent) -> dict[str, Any]:
    if not is_agent(body.accountType):
        raise DomainError("validation.failed", field="accountType", reason="1, 2, 41 or 42")
    account = Account(
        id=str(uuid.uuid4()),
        merchant=merchant,
        username=body.username.lower(),
        account_type=body.accountType,
        status="active",
        password_hash=await hash_password(body.password),
        nickname=body.nickname or None,
        affiliate_code=body.affiliateCode.upper(),
        upline_id=body.uplineId,
        register_method="OPS",
    )
    try:
        async with ctx.db.transaction() as session:
            session.add(account)
            await session.flush()
            member_registered(session, account)
    except IntegrityError:
        raise Conflict("username.exists") from None
    return member_view(account)


async def unlock(ctx: AuthContext, merchant: str, account_id: str) -> None:
    async with ctx.db.transaction() as session:
        account = await session.scalar(
            select(Account).where(Account.id == account_id, Account.merchant == merchant).with_for_update()
        )
        if account is None:
            raise NotFound("account.not_found")
        account.locked_until = None
        username = account.username
    await ctx.redis.delete(f"auth:login-fail:{merchant}:{username}")
