"""Ops people: the login (password and TOTP, each code used once), short sessions carrying their roles and
brands, and their management by admins; ops actions on a brand's accounts (agents, locks, status); auth's audit of
ops actions."""

from __future__ import annotations

import logging
import uuid
from datetime import datetime

from sqlalchemy.exc import IntegrityError

from auth_service import totp, totp_claims
from auth_service.accounts import repository as accounts
from auth_service.accounts.domain import DISABLED, is_agent
from auth_service.accounts.models import Account
from auth_service.accounts.schemas import MemberRead, NewAgent
from auth_service.accounts.service import member_view
from auth_service.context import AuthContext
from auth_service.key_names import hidden
from auth_service.ops import repository
from auth_service.ops.domain import ACTIVE, checked_grant, checked_password, checked_username, reach
from auth_service.ops.models import OpsPerson
from auth_service.ops.schemas import (
    NewOpsPerson,
    NewOpsPersonRead,
    OpsAuditRead,
    OpsLoginBody,
    OpsPersonChange,
    OpsPersonRead,
    OpsSessionRead,
)
from auth_service.passwords import hash_password, verify_password
from auth_service.sessions.service import login_failures_key, wait_turn
from portal_kit.audit import OpsAuditRead as AuditRecord
from portal_kit.errors import Conflict, DomainError, Forbidden, NotFound, Unauthorized
from portal_kit.paging import Page
from portal_kit.sessions import ALL_MERCHANTS, Principal, Role, ops_roles_of
from portal_kit.throttle import count, throttle

TOTP_ISSUER = "Portal ops"
NAME_ALERT_TRIES = 20  # tries of one name from anywhere in a failure window that raise an alert (and each 20 more)
log = logging.getLogger("auth.ops")


def _stamp(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


def person_view(person: OpsPerson) -> OpsPersonRead:
    return OpsPersonRead(
        id=person.id,
        username=person.username,
        roles=list(person.roles),
        merchants=list(person.merchants),
        status=person.status,
        createdBy=person.created_by,
        createdAt=_stamp(person.created_at) or "",
        lastLoginAt=_stamp(person.last_login_at),
    )


def _grant(person: OpsPerson) -> dict[str, object]:
    return {"roles": list(person.roles), "merchants": list(person.merchants), "status": person.status}


def _tries_key(secret: str, username: str, ip: str | None) -> str:
    """A name's tries from one address; the key names neither (a keyed digest of both, ``key_names``)."""
    return "auth:ops-login-tries:" + hidden(secret, f"{username}\n{ip or ''}")


def _limit_key(secret: str, username: str, ip: str | None) -> str:
    """The limit of a name's tries from one address: per name, so that someone sharing an exit address (an
    office's NAT) who tries other names shuts nobody out."""
    return "auth:ops-login-limit:" + hidden(secret, f"{username}\n{ip or ''}")


def _name_key(secret: str, username: str) -> str:
    """A name's tries from every address, for the alert."""
    return "auth:ops-login-name:" + hidden(secret, username)


async def _count_name_try(ctx: AuthContext, username: str, ip: str | None, user_agent: str | None) -> None:
    """Count a try of ``username`` from any address. Guesses spread over many addresses are not slowed by any one
    address's delay: each time they add up to another ``NAME_ALERT_TRIES`` in a window, the one try that got there
    (the counter is atomic) writes it in the audit and logs an alert; nothing is locked."""
    window = ctx.settings.failure_window_seconds
    tries = await count(ctx.valkey, _name_key(ctx.settings.secret_key, username), window)
    if tries % NAME_ALERT_TRIES != 0:
        return
    log.critical("ops login alert: %d tries of the ops name %r from any address within %d s", tries, username, window)
    async with ctx.db.transaction() as session:
        repository.audit(
            session, ALL_MERCHANTS, username[:64], "ops.login.alert", username[:64],
            after={"tries": tries, "windowSeconds": window, "userAgent": (user_agent or "")[:200]}, ip=ip,
        )  # fmt: skip


async def _audit_failure(
    ctx: AuthContext, username: str, person: OpsPerson | None, ip: str | None, user_agent: str | None, reason: str
) -> None:
    """A failed login in auth's audit of ops people: the name tried, from where, when and why (``password``,
    ``code``, ``wait``, ``disabled``), never a password."""
    async with ctx.db.transaction() as session:
        repository.audit(
            session,
            ALL_MERCHANTS,
            username[:64],
            "ops.login.failed",
            person.id if person is not None else username[:64],
            after={"reason": reason, "userAgent": (user_agent or "")[:200]},
            ip=ip,
        )


async def login(ctx: AuthContext, ip: str | None, user_agent: str | None, body: OpsLoginBody) -> OpsSessionRead:
    """``POST /wps/ops/auth/login``: username, password and the current TOTP code. Each try is counted before
    anything is compared: past the free tries of a name from one address each further try waits its turn, twice
    as long as the last (``login.wait``), so a guesser slows down and nobody can lock a name for its owner. The
    limit of tries in a few minutes (``TOO_MANY_REQUESTS``) holds per name and address too, so whoever shares an
    exit address and tries other names shuts nobody out; a name's tries from every address are counted for the
    alert (``_count_name_try``). A wrong password, a wrong code and a code used before all answer the same
    ``ops.login.failed``, so a guess learns nothing about which factor failed; every failure is audited."""
    settings = ctx.settings
    username = body.username.strip().lower()
    limit_key = _limit_key(settings.secret_key, username, ip)
    await throttle(ctx.valkey, limit_key, settings.ip_login_limit, settings.ip_login_window_seconds)
    await _count_name_try(ctx, username, ip, user_agent)
    tries_key = _tries_key(settings.secret_key, username, ip)
    wait_key = f"{tries_key}:wait"
    tries = await count(ctx.valkey, tries_key, settings.failure_window_seconds)
    try:
        await wait_turn(ctx.valkey, settings, tries, wait_key)
    except DomainError:
        await _audit_failure(ctx, username, None, ip, user_agent, "wait")
        raise
    async with ctx.db.reader() as session:
        person = await repository.person_by_username(session, username)
    password_right = await verify_password(person.password_hash if person else None, body.password)
    secret = totp.unseal(person.totp_secret, settings.secret_key) if person is not None and password_right else None
    if (
        person is None
        or secret is None
        or not await totp_claims.accepted(ctx.valkey, f"ops:{person.id}", secret, body.totp)
    ):
        await _audit_failure(ctx, username, person, ip, user_agent, "code" if secret is not None else "password")
        raise Unauthorized("ops.login.failed")
    if person.status != ACTIVE:
        await _audit_failure(ctx, username, person, ip, user_agent, "disabled")
        raise Forbidden("account.disabled")
    async with ctx.db.transaction() as session:
        await repository.stamp_login(session, person.id)
        repository.audit(session, ALL_MERCHANTS, person.username, "ops.login", person.id, ip=ip)
    await ctx.valkey.delete(tries_key, wait_key)
    principal = Principal(
        role=Role.OPS,
        merchant=ALL_MERCHANTS,
        account_id=person.id,
        username=person.username,
        ops_roles=ops_roles_of(person.roles),
        ops_merchants=frozenset(person.merchants),
    )
    token = await ctx.sessions.create(principal, settings.ops_session_ttl_seconds)
    return OpsSessionRead(
        token=token,
        expiresIn=settings.ops_session_ttl_seconds,
        username=person.username,
        roles=sorted(principal.ops_roles),
        merchants=sorted(principal.ops_merchants),
    )


async def create_person(ctx: AuthContext, actor: Principal, ip: str | None, body: NewOpsPerson) -> NewOpsPersonRead:
    """An admin adds someone with roles and brands within their own; the TOTP secret is shown this once."""
    roles, merchants = checked_grant(actor, body.roles, body.merchants)
    secret = totp.new_secret()
    person = OpsPerson(
        id=str(uuid.uuid4()),
        username=checked_username(body.username),
        password_hash=await hash_password(checked_password(body.password)),
        totp_secret=totp.seal(secret, ctx.settings.secret_key),
        roles=roles,
        merchants=merchants,
        status=ACTIVE,
        created_by=actor.username or "ops",
    )
    async with ctx.db.transaction() as session:
        if await repository.username_taken(session, person.username):
            raise Conflict("username.exists")
        await repository.add_person(session, person)
        repository.audit(session, ALL_MERCHANTS, actor, "ops.person.create", person.id, after=_grant(person), ip=ip)
    return NewOpsPersonRead(
        **person_view(person).model_dump(),
        totpSecret=secret,
        totpUri=totp.provisioning_uri(secret, person.username, TOTP_ISSUER),
    )


async def change_person(
    ctx: AuthContext, actor: Principal, ip: str | None, person_id: str, change: OpsPersonChange
) -> OpsPersonRead:
    """An admin changes someone's roles, brands or status (not their own). Every session the person has
    ends at once, so the change holds from their next call."""
    if person_id == actor.account_id:
        raise Forbidden("ops.self_change")
    async with ctx.db.transaction() as session:
        person = await repository.lock_person(session, person_id)
        if person is None:
            raise NotFound("account.not_found")
        reach(actor, list(person.merchants))
        before = _grant(person)
        roles, merchants = checked_grant(
            actor,
            change.roles if change.roles is not None else list(person.roles),
            change.merchants if change.merchants is not None else list(person.merchants),
        )
        person.roles, person.merchants = roles, merchants
        if change.status is not None:
            person.status = change.status
        repository.audit(session, ALL_MERCHANTS, actor, "ops.person.change", person.id, before=before,
                     after=_grant(person), ip=ip)  # fmt: skip
        view = person_view(person)
    await ctx.sessions.revoke_account(ALL_MERCHANTS, person_id)
    return view


async def people(ctx: AuthContext, actor: Principal) -> list[OpsPersonRead]:
    """The ops people whose brands are all within the admin's own."""
    async with ctx.db.reader() as session:
        everyone = await repository.everyone(session)
    return [person_view(p) for p in everyone if all(actor.may_act_for(m) for m in p.merchants)]


async def audit_log(ctx: AuthContext, merchant: str, page: Page) -> list[OpsAuditRead]:
    """One page of auth's audit of the brand, read in the kit's one shape and answered in the fields this call
    has always answered."""
    async with ctx.db.reader() as session:
        rows = await repository.audit_page(session, merchant, page)
    return [OpsAuditRead.of(AuditRecord.model_validate(row)) for row in rows]


async def me(ctx: AuthContext, principal: Principal) -> OpsPersonRead:
    """The signed-in ops person (a development session from ``ops-token`` has no record: its grant is shown)."""
    if principal.account_id is not None:
        async with ctx.db.reader() as session:
            person = await repository.person(session, principal.account_id)
        if person is not None:
            return person_view(person)
    return OpsPersonRead(
        id="",
        username=principal.username or "ops",
        roles=sorted(principal.ops_roles),
        merchants=sorted(principal.ops_merchants or {principal.merchant}),
        status=ACTIVE,
        createdBy="ops-token",
        createdAt="",
        lastLoginAt=None,
    )


# Ops actions on a brand's accounts (admins of the brand) -----------------------------------------------------


async def create_agent(ctx: AuthContext, merchant: str, body: NewAgent, actor: Principal, ip: str | None) -> MemberRead:
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
            await accounts.add_account(session, account)
            repository.audit(session, merchant, actor, "account.create_agent", account.id,
                             after={"username": account.username, "accountType": account.account_type}, ip=ip)  # fmt: skip
    except IntegrityError:
        raise Conflict("username.exists") from None
    return member_view(account)


async def set_status(
    ctx: AuthContext, merchant: str, account_id: str, status: str, actor: Principal, ip: str | None
) -> None:
    """Ops disable an account (no way in admits it any more, ``may_sign_in``) or enable it again. Disabling
    ends every session it has, in every process at once."""
    async with ctx.db.transaction() as session:
        account = await accounts.lock(session, merchant, account_id)
        if account is None:
            raise NotFound("account.not_found")
        repository.audit(session, merchant, actor, "account.status", account_id,
                         before={"status": account.status}, after={"status": status}, ip=ip)  # fmt: skip
        account.status = status
    if status == DISABLED:
        await ctx.sessions.revoke_account(merchant, account_id)


async def unlock(ctx: AuthContext, merchant: str, account_id: str, actor: Principal, ip: str | None) -> None:
    async with ctx.db.transaction() as session:
        account = await accounts.lock(session, merchant, account_id)
        if account is None:
            raise NotFound("account.not_found")
        locked = account.locked_until.isoformat() if account.locked_until else None
        repository.audit(session, merchant, actor, "account.unlock", account_id,
                         before={"lockedUntil": locked}, after={"lockedUntil": None}, ip=ip)  # fmt: skip
        account.locked_until = None
        username = account.username
    await ctx.valkey.delete(login_failures_key(ctx, merchant, username))
