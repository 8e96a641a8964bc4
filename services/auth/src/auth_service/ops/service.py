"""Ops people: the login (password and TOTP, each code used once), short sessions carrying their roles and
brands; invitations and enrolment (the invitee sets their own password and TOTP); the changes a second admin
approves (invitations, grants, address ranges); ops actions on a brand's accounts (agents, locks, status); auth's
audit of ops actions."""

from __future__ import annotations

import hmac
import logging
import secrets
import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import IntegrityError

from auth_service import totp, totp_claims
from auth_service.accounts import repository as accounts
from auth_service.accounts.domain import DISABLED as ACCOUNT_DISABLED
from auth_service.accounts.domain import is_agent
from auth_service.accounts.models import Account
from auth_service.accounts.schemas import MemberRead, NewAgent
from auth_service.accounts.service import member_view
from auth_service.context import AuthContext
from auth_service.key_names import hidden
from auth_service.ops import repository
from auth_service.ops.domain import (
    ACTIVE,
    DISABLED,
    GRANT,
    INVITATION_LIFETIME,
    INVITE,
    INVITED,
    PENDING,
    RANGE_ADD,
    RANGE_REMOVE,
    OpsPersonOrder,
    OpsRequestOrder,
    brands_in_reach,
    check_checker,
    check_grant_by_checker,
    checked_email,
    checked_grant,
    checked_password,
    checked_range,
    checked_username,
    reach,
    token_digest,
    within,
)
from auth_service.ops.models import OpsPerson, OpsRequest
from auth_service.ops.schemas import (
    OpsAuditRead,
    OpsEnrolBody,
    OpsEnrolConfirm,
    OpsEnrolRead,
    OpsGrant,
    OpsInvitation,
    OpsLoginBody,
    OpsPersonChange,
    OpsPersonRead,
    OpsRangeRead,
    OpsRequestRead,
    OpsSessionRead,
)
from auth_service.passwords import hash_password, verify_password
from auth_service.sessions.service import login_failures_key, wait_turn
from portal_kit.audit import AuditFilters
from portal_kit.audit import OpsAuditRead as AuditRecord
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, DomainError, Forbidden, NotFound, TooManyRequests, Unauthorized
from portal_kit.paging import Page, page_of
from portal_kit.sessions import ALL_MERCHANTS, Principal, Role, ops_roles_of
from portal_kit.throttle import count, throttle

TOTP_ISSUER = "Portal ops"
NAME_ALERT_TRIES = 20  # tries of one name from anywhere in a failure window that raise an alert (and each 20 more)
# Tries of every name from one address in the short window past which only a name already signed in from that
# address (within KNOWN_PAIR_SECONDS) is still let through: a cap on spraying names, that shuts no owner out.
ADDRESS_LIMIT = 300
KNOWN_PAIR_SECONDS = 30 * 24 * 3600
ENROL_TRIES_PER_HOUR = 20  # enrolment calls (token guesses) per address
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
        email=person.email,
        invitedBy=person.invited_by,
        approvedBy=person.approved_by,
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


def _address_key(secret: str, ip: str | None) -> str:
    """Every name's tries from one address, for the address's cap."""
    return "auth:ops-login-address:" + hidden(secret, ip or "")


def _known_key(secret: str, username: str, ip: str | None) -> str:
    """A name that signed in from this address lately: the address's cap does not hold it back."""
    return "auth:ops-login-known:" + hidden(secret, f"{username}\n{ip or ''}")


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
    ``code``, ``wait``, ``address`` (the address's cap), ``range`` (outside the admitted ranges), ``disabled``),
    never a password."""
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
    exit address and tries other names shuts nobody out; every name's tries from one address are capped as well
    (``ADDRESS_LIMIT``), except for a name that signed in from that address before (``_known_key``), so spraying
    names stops there and no owner is shut out; a name's tries from every address are counted for the alert
    (``_count_name_try``). Once an address range is approved, only its addresses are admitted
    (``ops.address.denied``). A wrong password, a wrong code and a code used before all answer the same
    ``ops.login.failed``, so a guess learns nothing about which factor failed; every failure is audited."""
    settings = ctx.settings
    username = body.username.strip().lower()
    limit_key = _limit_key(settings.secret_key, username, ip)
    await throttle(ctx.valkey, limit_key, settings.ip_login_limit, settings.ip_login_window_seconds)
    await _count_name_try(ctx, username, ip, user_agent)
    address_tries = await count(ctx.valkey, _address_key(settings.secret_key, ip), settings.ip_login_window_seconds)
    if address_tries > ADDRESS_LIMIT and not await ctx.valkey.exists(_known_key(settings.secret_key, username, ip)):
        await _audit_failure(ctx, username, None, ip, user_agent, "address")
        raise TooManyRequests()
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
        admitted = await repository.ranges(session)
    if admitted and not within(ip, admitted):
        await _audit_failure(ctx, username, person, ip, user_agent, "range")
        raise Forbidden("ops.address.denied")
    password_right = await verify_password(person.password_hash if person else None, body.password)
    sealed = person.totp_secret if person is not None and password_right else None
    secret = totp.unseal(sealed, settings.secret_key) if sealed is not None else None
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
    await ctx.valkey.set(_known_key(settings.secret_key, person.username, ip), "1", ex=KNOWN_PAIR_SECONDS)
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


# Invitations and enrolment ---------------------------------------------------------------------------------------


def request_view(request: OpsRequest) -> OpsRequestRead:
    return OpsRequestRead(
        id=request.id,
        kind=request.kind,
        target=request.target,
        merchants=list(request.merchants),
        before=request.before,
        after=request.after,
        status=request.status,
        maker=request.maker,
        checker=request.checker,
        createdAt=_stamp(request.created_at) or "",
        decidedAt=_stamp(request.decided_at),
    )


async def _person_of(ctx: AuthContext, principal: Principal) -> OpsPerson:
    """The active ops person behind a session: a maker or a checker is someone (a development ``ops-token``
    session has no person and makes or checks nothing, ``ops.person_required``)."""
    if principal.account_id is not None:
        async with ctx.db.reader() as session:
            person = await repository.person(session, principal.account_id)
        if person is not None and person.status == ACTIVE:
            return person
    raise Forbidden("ops.person_required")


def _new_request(kind: str, target: str, merchants: list[str], maker: OpsPerson, **change: object) -> OpsRequest:
    before = change.get("before")
    after = change.get("after")
    return OpsRequest(
        id=str(uuid.uuid4()),
        kind=kind,
        target=target,
        merchants=sorted(set(merchants)),
        before=dict(before) if isinstance(before, dict) else None,
        after=dict(after) if isinstance(after, dict) else {},
        status=PENDING,
        maker_id=maker.id,
        maker=maker.username,
    )


async def invite(ctx: AuthContext, actor: Principal, ip: str | None, body: OpsInvitation) -> OpsRequestRead:
    """``POST /wps/ops/auth/people/invitations``: an admin asks for someone with roles and brands within their
    own. The name is taken at once (``pending``); nothing is sent until a second admin approves (``approve``)."""
    maker = await _person_of(ctx, actor)
    roles, merchants = checked_grant(actor, body.roles, body.merchants)
    person = OpsPerson(
        id=str(uuid.uuid4()),
        username=checked_username(body.username),
        email=checked_email(body.email),
        roles=roles,
        merchants=merchants,
        status=PENDING,
        created_by=maker.username,
        invited_by=maker.id,
    )
    wanted = {"username": person.username, "email": person.email, "roles": roles, "merchants": merchants}
    request = _new_request(INVITE, person.id, merchants, maker, after=wanted)
    try:
        async with ctx.db.transaction() as session:
            if await repository.username_taken(session, person.username):
                raise Conflict("username.exists")
            if await repository.email_taken(session, person.email or ""):
                raise Conflict("ops.email.exists")  # two accounts of one mailbox would be one person
            await repository.add_person(session, person)
            await repository.add_request(session, request)
            repository.audit(session, ALL_MERCHANTS, actor, "ops.person.invite", person.id, after=wanted, ip=ip)
    except IntegrityError as clash:  # the same name, or the same mailbox, invited twice at once
        constraint = getattr(getattr(clash.orig, "diag", None), "constraint_name", None)
        raise Conflict("ops.email.exists" if constraint == "uq_ops_person_live_email" else "username.exists") from None
    return request_view(request)


async def request_grant(
    ctx: AuthContext, actor: Principal, ip: str | None, person_id: str, body: OpsGrant
) -> OpsRequestRead:
    """``POST /wps/ops/auth/people/{id}/grant``: an admin asks that someone's roles and brands become these
    (granting or removing a role, adding or removing a brand); a second admin approves it."""
    maker = await _person_of(ctx, actor)
    if person_id == maker.id:
        raise Forbidden("ops.self_change")
    async with ctx.db.transaction() as session:
        person = await repository.person(session, person_id)
        if person is None or person.status == PENDING:
            raise NotFound("account.not_found")
        reach(actor, list(person.merchants))
        roles, merchants = checked_grant(actor, body.roles, body.merchants)
        before = {"roles": list(person.roles), "merchants": list(person.merchants)}
        after = {"roles": roles, "merchants": merchants}
        touched = list(person.merchants) + merchants
        request = _new_request(GRANT, person.id, touched, maker, before=before, after=after)
        await repository.add_request(session, request)
        repository.audit(session, ALL_MERCHANTS, actor, "ops.person.grant.request", person.id,
                         before=before, after=after, ip=ip)  # fmt: skip
    return request_view(request)


async def request_range(ctx: AuthContext, actor: Principal, ip: str | None, cidr: str, add: bool) -> OpsRequestRead:
    """``POST /wps/ops/auth/ranges`` and ``/ranges/remove``: an admin of every brand asks that the ops login
    admit (or no longer admit) an address range; a second admin of every brand approves it."""
    maker = await _person_of(ctx, actor)
    reach(actor, [ALL_MERCHANTS])
    wanted = checked_range(cidr)
    async with ctx.db.transaction() as session:
        current = await repository.ranges(session)
        if add and wanted in current:
            raise Conflict("ops.range.exists")
        if not add and wanted not in current:
            raise NotFound("ops.range.not_found")
        if not add and current == [wanted]:
            raise Conflict("ops.range.last")
        after = sorted({*current, wanted}) if add else [c for c in current if c != wanted]
        kind = RANGE_ADD if add else RANGE_REMOVE
        request = _new_request(kind, wanted, [ALL_MERCHANTS], maker, before={"ranges": current},
                               after={"ranges": after})  # fmt: skip
        await repository.add_request(session, request)
        repository.audit(session, ALL_MERCHANTS, actor, f"ops.{kind}.request", wanted,
                         before={"ranges": current}, after={"ranges": after}, ip=ip)  # fmt: skip
    return request_view(request)


async def requests(
    ctx: AuthContext, actor: Principal, page: Page, *, status: str | None, kind: str | None, maker: str | None,
    order: OpsRequestOrder,
) -> PageRead[OpsRequestRead]:  # fmt: skip
    """A page of the requests an admin may see: those whose brands are all within the admin's own, filtered and in
    ``order`` (the newest first by default)."""
    async with ctx.db.reader() as session:
        found, total = await repository.requests_page(
            session, page, brands=brands_in_reach(actor), status=status, kind=kind, maker=maker, order=order
        )
    return page_of(page, [request_view(r) for r in found], total)


async def address_ranges(ctx: AuthContext) -> list[OpsRangeRead]:
    async with ctx.db.reader() as session:
        rows = await repository.range_rows(session)
    return [
        OpsRangeRead(cidr=r.cidr, addedBy=r.added_by, approvedBy=r.approved_by, createdAt=_stamp(r.created_at) or "")
        for r in rows
    ]


class _Stale(Exception):
    """The request no longer fits what it would change (the person or the ranges changed since): it is closed
    as ``stale`` and the maker asks again."""


async def approve(ctx: AuthContext, actor: Principal, ip: str | None, request_id: str) -> OpsRequestRead:
    """``POST /wps/ops/auth/requests/{id}/approve``: a second admin carries a request out. The request is locked,
    so of two approvals at once one carries it out and the other is told it is decided (``ops.request.decided``).
    The checker is not the maker nor anyone the maker brought in (``domain.check_checker``), is an admin of every
    brand it touches and may grant what it grants (``domain.check_grant_by_checker``)."""
    checker = await _person_of(ctx, actor)
    token: str | None = None
    invitee: OpsPerson | None = None
    revoke: str | None = None
    try:
        async with ctx.db.transaction() as session:
            request = await repository.lock_request(session, request_id)
            if request is None or not all(actor.may_act_for(m) for m in request.merchants):
                raise NotFound("ops.request.not_found")
            if request.status != PENDING:
                raise Conflict("ops.request.decided")
            maker = await repository.person(session, request.maker_id)
            maker_brought_in_by = (maker.invited_by, maker.approved_by) if maker is not None else ()
            check_checker(request.maker_id, checker.id, (checker.invited_by, checker.approved_by), maker_brought_in_by)
            if request.kind in (INVITE, GRANT):
                person = await repository.lock_person(session, request.target)
                if person is not None and person.id == checker.id:
                    raise Forbidden("ops.self_change")
                if request.kind == INVITE:
                    if person is None or person.status != PENDING:
                        raise _Stale
                    check_grant_by_checker(actor, list(person.roles), list(person.merchants), request.merchants)
                    token, invitee = issue_token(person), person
                    person.approved_by = checker.id
                    repository.audit(session, ALL_MERCHANTS, actor, "ops.person.invite.approve", person.id,
                                     before={"status": PENDING}, after={"status": INVITED, "request": request.id},
                                     ip=ip)  # fmt: skip
                else:
                    if person is None or request.before != {"roles": person.roles, "merchants": person.merchants}:
                        raise _Stale
                    roles, merchants = _strings(request.after.get("roles")), _strings(request.after.get("merchants"))
                    check_grant_by_checker(actor, roles, merchants, request.merchants)
                    person.roles, person.merchants = roles, merchants
                    revoke = person.id
                    repository.audit(session, ALL_MERCHANTS, actor, "ops.person.change", person.id,
                                     before=request.before, after=request.after | {"request": request.id},
                                     ip=ip)  # fmt: skip
            else:
                reach(actor, [ALL_MERCHANTS])
                await repository.lock_ranges(session)
                current = await repository.ranges(session)
                if request.before != {"ranges": current}:
                    raise _Stale
                after = _strings(request.after.get("ranges"))
                if not after:
                    raise Conflict("ops.range.last")
                if not within(ip, after):  # a change of ranges never shuts out the admin who approves it
                    raise Conflict("ops.range.locks_out")
                if request.kind == RANGE_ADD:
                    repository.stage_range(session, request.target, request.maker, checker.username)
                else:
                    await repository.remove_range(session, request.target)
                repository.audit(session, ALL_MERCHANTS, actor, f"ops.{request.kind}", request.target,
                                 before=request.before, after=request.after | {"request": request.id},
                                 ip=ip)  # fmt: skip
            await repository.decide(session, request, "approved", checker)
            view = request_view(request)
    except _Stale:
        async with ctx.db.transaction() as session:
            stale = await repository.lock_request(session, request_id)
            if stale is not None and stale.status == PENDING:
                await repository.decide(session, stale, "stale", checker)
                repository.audit(session, ALL_MERCHANTS, actor, "ops.request.stale", request_id, ip=ip)
        raise Conflict("ops.request.stale") from None
    if revoke is not None:
        await ctx.sessions.revoke_account(ALL_MERCHANTS, revoke)
    if token is not None and invitee is not None:
        await _mail_token(ctx, invitee, token)
    return view


def _strings(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


async def reject(ctx: AuthContext, actor: Principal, ip: str | None, request_id: str) -> OpsRequestRead:
    """``POST /wps/ops/auth/requests/{id}/reject``: the maker withdraws a request, or an admin of every brand it
    touches refuses it. A refused invitation frees its name."""
    checker = await _person_of(ctx, actor)
    async with ctx.db.transaction() as session:
        request = await repository.lock_request(session, request_id)
        if request is None or not all(actor.may_act_for(m) for m in request.merchants):
            raise NotFound("ops.request.not_found")
        if request.status != PENDING:
            raise Conflict("ops.request.decided")
        if request.kind == INVITE:
            person = await repository.lock_person(session, request.target)
            if person is not None and person.status == PENDING:
                await repository.drop_person(session, person)
        await repository.decide(session, request, "rejected", checker)
        repository.audit(session, ALL_MERCHANTS, actor, "ops.request.reject", request.id,
                         before={"status": PENDING, "kind": request.kind, "target": request.target},
                         after={"status": "rejected"}, ip=ip)  # fmt: skip
        return request_view(request)


def issue_token(person: OpsPerson) -> str:
    """A new one-time enrolment token (256 random bits) for an invited person: only its digest is kept, and
    it stops working after ``INVITATION_LIFETIME`` or its first use (a token issued before stops at once)."""
    token = secrets.token_urlsafe(32)
    person.status = INVITED
    person.enrol_token_hash = token_digest(token)
    person.enrol_expires_at = datetime.now(UTC) + INVITATION_LIFETIME
    person.enrol_totp_secret = None
    return token


async def resend_invitation(ctx: AuthContext, actor: Principal, ip: str | None, person_id: str) -> None:
    """``POST /wps/ops/auth/people/{id}/invitation``: a new link for an approved invitation (lost or expired) to
    the e-mail address the checker approved; the link sent before stops working. Nobody sees the token."""
    await _person_of(ctx, actor)
    async with ctx.db.transaction() as session:
        person = await repository.lock_person(session, person_id)
        if person is None or person.status != INVITED:
            raise NotFound("account.not_found")
        reach(actor, list(person.merchants))
        token = issue_token(person)
        repository.audit(session, ALL_MERCHANTS, actor, "ops.person.invite.resend", person.id, ip=ip)
    await _mail_token(ctx, person, token)


def invitation_link(public_url: str, token: str) -> str:
    """The enrolment link: the token in the fragment, which the browser never sends to a server or a log; the
    enrolment page posts it in a body."""
    return f"{public_url.rstrip('/')}/ops/#enrolToken={token}"


async def _mail_token(ctx: AuthContext, person: OpsPerson, token: str) -> None:
    """The link goes to the invitee's e-mail (the channel password-reset links use), in the three languages;
    nobody else sees it. A mail that cannot be sent answers ``mail.failed``: an admin sends a new link."""
    hours = int(INVITATION_LIFETIME.total_seconds() // 3600)
    link = invitation_link(ctx.settings.public_url, token)
    text = (
        f"Portal ops davetiniz ({person.username}): {hours} saat içinde bu bağlantıyı açın, şifrenizi belirleyin ve "
        f"doğrulayıcı uygulamanızı bağlayın. Bağlantıyı kimseyle paylaşmayın.\n{link}\n\n"
        f"Your Portal ops invitation ({person.username}): open this link within {hours} hours, set your own "
        f"password and enrol your authenticator app. Share the link with nobody.\n{link}\n\n"
        f"您的 Portal 运营邀请（{person.username}）：请在 {hours} 小时内打开此链接，设置您自己的密码并绑定身份验证器。"
        f"请勿与任何人分享此链接。\n{link}\n"
    )
    if not person.email:
        raise DomainError("mail.failed", status=502)
    try:
        await ctx.mailer.send(person.email, "Portal ops: davet / invitation / 邀请", text)
    except OSError:
        raise DomainError("mail.failed", status=502) from None


def _enrolling(session_person: OpsPerson | None, digest: str) -> OpsPerson:
    """The invited person of a token, or ``ops.invitation.invalid`` (unknown, used, expired: the same answer)."""
    if (
        session_person is None
        or session_person.status != INVITED
        or session_person.enrol_token_hash is None
        or not hmac.compare_digest(session_person.enrol_token_hash, digest)
        or session_person.enrol_expires_at is None
        or session_person.enrol_expires_at <= datetime.now(UTC)
    ):
        raise DomainError("ops.invitation.invalid")
    return session_person


async def _enrol_try(ctx: AuthContext, ip: str | None) -> None:
    """Each enrolment call is counted (atomically, per address) before its token is looked at; the ops address
    ranges hold for it as for the login."""
    key = "auth:ops-enrol-ip:" + hidden(ctx.settings.secret_key, ip or "")
    await throttle(ctx.valkey, key, ENROL_TRIES_PER_HOUR, 3600)
    async with ctx.db.reader() as session:
        admitted = await repository.ranges(session)
    if admitted and not within(ip, admitted):
        raise Forbidden("ops.address.denied")


async def enrol(ctx: AuthContext, ip: str | None, body: OpsEnrolBody) -> OpsEnrolRead:
    """``POST /wps/ops/auth/enrolment``: the invitee, with the token from their link, gets a new TOTP secret
    for their authenticator app; it is shown to them alone and counts once confirmed (``confirm_enrolment``).
    Asked again, it answers a new secret (the one before is forgotten)."""
    await _enrol_try(ctx, ip)
    digest = token_digest(body.token)
    secret = totp.new_secret()
    async with ctx.db.transaction() as session:
        person = _enrolling(await repository.lock_person_by_token(session, digest), digest)
        person.enrol_totp_secret = totp.seal(secret, ctx.settings.secret_key)
        username = person.username
        repository.audit(session, ALL_MERCHANTS, username, "ops.person.enrol.start", person.id, ip=ip)
    return OpsEnrolRead(
        username=username, totpSecret=secret, totpUri=totp.provisioning_uri(secret, username, TOTP_ISSUER)
    )


async def confirm_enrolment(ctx: AuthContext, ip: str | None, body: OpsEnrolConfirm) -> OpsPersonRead:
    """``POST /wps/ops/auth/enrolment/confirm``: the invitee sets their own password (the ops rule, argon2id)
    and proves the authenticator with a code; the person becomes active and the token is spent. The row is
    locked by its token, so of two confirmations at once one succeeds and the other finds no token."""
    await _enrol_try(ctx, ip)
    digest = token_digest(body.token)
    password_hash = await hash_password(checked_password(body.password))
    async with ctx.db.transaction() as session:
        person = _enrolling(await repository.lock_person_by_token(session, digest), digest)
        if person.enrol_totp_secret is None:
            raise DomainError("ops.invitation.invalid")
        secret = totp.unseal(person.enrol_totp_secret, ctx.settings.secret_key)
        if not await totp_claims.accepted(ctx.valkey, f"ops:{person.id}", secret, body.totp):
            raise DomainError("totp.invalid")
        person.password_hash, person.totp_secret = password_hash, person.enrol_totp_secret
        person.enrol_token_hash = person.enrol_expires_at = person.enrol_totp_secret = None
        person.status = ACTIVE
        repository.audit(session, ALL_MERCHANTS, person.username, "ops.person.enrol", person.id,
                         before={"status": INVITED}, after={"status": ACTIVE}, ip=ip)  # fmt: skip
        view = person_view(person)
    return view


async def change_person(
    ctx: AuthContext, actor: Principal, ip: str | None, person_id: str, change: OpsPersonChange
) -> OpsPersonRead:
    """An admin disables someone (every session they have ends at once) or lets them back in; not themselves.
    Roles and brands change only through a request a second admin approves (``request_grant``)."""
    if person_id == actor.account_id:
        raise Forbidden("ops.self_change")
    try:
        view = await _changed_person(ctx, actor, ip, person_id, change)
    except IntegrityError:  # an invitation took the mailbox meanwhile
        raise Conflict("ops.email.exists") from None
    if change.status == DISABLED:
        await ctx.sessions.revoke_account(ALL_MERCHANTS, person_id)
    return view


async def _changed_person(
    ctx: AuthContext, actor: Principal, ip: str | None, person_id: str, change: OpsPersonChange
) -> OpsPersonRead:
    async with ctx.db.transaction() as session:
        person = await repository.lock_person(session, person_id)
        if person is None or person.status in (PENDING, INVITED):
            raise NotFound("account.not_found")
        reach(actor, list(person.merchants))
        if (
            change.status == ACTIVE
            and person.status == DISABLED
            and await repository.email_taken(session, person.email or "")
        ):
            raise Conflict("ops.email.exists")  # someone else has held the mailbox since: one mailbox, one person
        before = _grant(person)
        person.status = change.status
        repository.audit(session, ALL_MERCHANTS, actor, "ops.person.change", person.id, before=before,
                         after=_grant(person), ip=ip)  # fmt: skip
        return person_view(person)


async def people(
    ctx: AuthContext, actor: Principal, page: Page, *, status: str | None, role: str | None, search: str | None,
    order: OpsPersonOrder,
) -> PageRead[OpsPersonRead]:  # fmt: skip
    """A page of the ops people whose brands are all within the admin's own, filtered and in ``order``."""
    async with ctx.db.reader() as session:
        found, total = await repository.people_page(
            session, page, brands=brands_in_reach(actor), status=status, role=role, search=search, order=order
        )
    return page_of(page, [person_view(p) for p in found], total)


async def audit_log(ctx: AuthContext, merchant: str, page: Page, filters: AuditFilters) -> PageRead[OpsAuditRead]:
    """One page of auth's audit of the brand, filtered and in order, read in the kit's one shape and answered in
    the fields this call has always answered."""
    async with ctx.db.reader() as session:
        rows, total = await repository.audit_rows(session, merchant, page, filters)
    return page_of(page, [OpsAuditRead.of(AuditRecord.model_validate(row)) for row in rows], total)


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
    if status == ACCOUNT_DISABLED:
        await ctx.sessions.revoke_account(merchant, account_id)


async def lock(
    ctx: AuthContext, merchant: str, account_id: str, hours: int, reason: str, actor: Principal, ip: str | None
) -> datetime:
    """Ops lock an account for ``hours``: no login admits it until then (``account.locked``), and every session it has
    ends at once; unlocking lifts it early. The lock's end."""
    async with ctx.db.transaction() as session:
        account = await accounts.lock(session, merchant, account_id)
        if account is None:
            raise NotFound("account.not_found")
        until = datetime.now(UTC) + timedelta(hours=hours)
        before = account.locked_until.isoformat() if account.locked_until else None
        after = {"lockedUntil": until.isoformat(), "reason": reason}  # auth's audit answers what ``after`` holds
        repository.audit(session, merchant, actor, "account.lock", account_id,
                         before={"lockedUntil": before}, after=after, ip=ip)  # fmt: skip
        account.locked_until = until
    await ctx.sessions.revoke_account(merchant, account_id)
    return until


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
