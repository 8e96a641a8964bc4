"""Session verification from Valkey and role dependencies.

The auth service writes sessions; every service verifies them here. A session is stored under
``session:<sha256(token)>`` (so a Valkey dump holds no usable token) as JSON:
``{"accountId", "merchant", "role", "accountType", "username", "mustChangePassword"}``. Roles: visitor
(no session), trial, member, agent, ops. An ops session carries the ops person's roles (``opsRoles``, see
``OpsRole``) and the brands they may act for (``opsMerchants``; ``*`` for every brand); its ``merchant`` is ``*``
so that it is accepted on every brand's host.
Each account's sessions are indexed under ``account-sessions:<merchant>:<accountId>`` so that a password
change can end the others. A session that must change its password is refused by every role dependency
except those that admit it (``allow_password_change``).

Verification usually needs no round trip: each process keeps the sessions it verified for a few seconds
(``SessionCache``). Every change of a session (logout, the end of an account's sessions, a password change
done) is published on the Valkey channel ``sessions:changed`` in the same MULTI as the change itself, and every
process drops what it heard of at once; a process whose subscription is not live does not use its cache.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from fastapi import Depends, Request
from redis.asyncio import Redis

from portal_kit.errors import Forbidden, Unauthorized
from portal_kit.merchant import merchant_code
from portal_kit.openapi import READS_HEADERS
from portal_kit.valkey_link import Subscriber, as_int, as_str

AGENT_TYPES = frozenset({1, 2, 41, 42})
CHANGED_CHANNEL = "sessions:changed"
TRIAL_TYPE = 4
ALL_MERCHANTS = "*"


class Role(StrEnum):
    VISITOR = "visitor"
    TRIAL = "trial"
    MEMBER = "member"
    AGENT = "agent"
    OPS = "ops"


class OpsRole(StrEnum):
    """What an ops person may do. Every role may read; ``admin`` may do everything the others may."""

    VIEWER = "viewer"  # read brands, members' journals, deposits, withdrawals, audits
    CONTENT = "content"  # write announcements, banners, help and messages
    FINANCE_MAKER = "finance-maker"  # decide deposits, approve or reject withdrawals, request adjustments
    FINANCE_CHECKER = "finance-checker"  # pay withdrawals, settle disputes, approve adjustment requests
    ADMIN = "admin"  # brand settings, accounts, ops people


def ops_roles_of(values: Iterable[str]) -> frozenset[OpsRole]:
    """The known roles among ``values`` (a role this code does not know grants nothing)."""
    known = {role.value for role in OpsRole}
    return frozenset(OpsRole(value) for value in values if value in known)


def role_for_account_type(account_type: int) -> Role:
    if account_type == TRIAL_TYPE:
        return Role.TRIAL
    if account_type in AGENT_TYPES:
        return Role.AGENT
    return Role.MEMBER


@dataclass(frozen=True)
class Principal:
    role: Role
    merchant: str
    account_id: str | None = None
    account_type: int | None = None
    username: str | None = None
    token_hash: str | None = None
    must_change_password: bool = False
    ops_roles: frozenset[OpsRole] = frozenset()
    ops_merchants: frozenset[str] = frozenset()

    @property
    def is_visitor(self) -> bool:
        return self.role is Role.VISITOR

    def holds(self, role: OpsRole) -> bool:
        """An ops person holds ``role`` when granted it or ``admin``; any role grants ``viewer``."""
        if self.role is not Role.OPS or not self.ops_roles:
            return False
        return role is OpsRole.VIEWER or role in self.ops_roles or OpsRole.ADMIN in self.ops_roles

    def may_act_for(self, merchant: str) -> bool:
        scope = self.ops_merchants or frozenset({self.merchant})
        return ALL_MERCHANTS in scope or merchant in scope


def token_key(token: str) -> str:
    return "session:" + hashlib.sha256(token.encode()).hexdigest()


class SessionCache:
    """The sessions this process verified in the last ``seconds`` (never past their own expiry), dropped as
    soon as ``sessions:changed`` names them. Used only while the subscription is live: a lost or renewed
    subscription empties the cache, and an answer read from Valkey while any change arrived is not kept (it
    may predate the change). A subscription that dies without an error is noticed by its next unanswered
    ``PING`` (``valkey_link.Subscriber``): until then a revoked session can outlive its revocation in this process
    by at most ``seconds``."""

    def __init__(self, valkey: Redis, *, seconds: float = 10.0, size: int = 50_000) -> None:
        self.seconds = seconds
        self.size = size
        self.live = False
        self.epoch = 0
        self._entries: dict[str, tuple[float, Principal]] = {}
        # Told the token keys of every session that changed (a process holding sockets closes theirs).
        self.watchers: list[Callable[[list[str]], None]] = []
        self._subscriber = Subscriber(valkey, [CHANGED_CHANNEL], self._heard, self._reset)

    def get(self, key: str) -> Principal | None:
        if not self.live:
            return None
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[0] < time.monotonic():
            self._entries.pop(key, None)
            return None
        return entry[1]

    def put(self, key: str, principal: Principal, ttl_ms: int, epoch: int) -> None:
        if not self.live or epoch != self.epoch or ttl_ms <= 0:
            return
        if len(self._entries) >= self.size:
            self._entries.pop(next(iter(self._entries)))
        self._entries[key] = (time.monotonic() + min(self.seconds, ttl_ms / 1000), principal)

    def drop(self, keys: Iterable[str]) -> None:
        self.epoch += 1
        dropped = list(keys)
        for key in dropped:
            self._entries.pop(key, None)
        for watcher in self.watchers:
            watcher(dropped)

    def _heard(self, _channel: str, keys: str) -> None:
        self.drop(keys.split())

    def _reset(self, live: bool) -> None:
        """The subscription (re)confirmed, or lost: what was heard before counts for nothing."""
        self.epoch += 1
        self._entries.clear()
        self.live = live

    async def start(self) -> None:
        await self._subscriber.start()

    async def stop(self) -> None:
        await self._subscriber.stop()
        self._reset(live=False)


class SessionStore:
    """Reads (and, for auth and tests, writes) sessions in Valkey, through this process's cache if it has one."""

    def __init__(self, valkey: Redis, cache: SessionCache | None = None) -> None:
        self.valkey = valkey
        self.cache = cache

    @staticmethod
    def _index(merchant: str, account_id: str) -> str:
        return f"account-sessions:{merchant}:{account_id}"

    async def create(self, principal: Principal, ttl_seconds: int, *, forget: Sequence[str] = ()) -> str:
        """A new session's token; the keys ``forget`` are deleted in the same transaction (one round trip)."""
        token = secrets.token_urlsafe(32)
        body: dict[str, object] = {
            "accountId": principal.account_id,
            "merchant": principal.merchant,
            "role": principal.role.value,
            "accountType": principal.account_type,
            "username": principal.username,
            "mustChangePassword": principal.must_change_password,
        }
        if principal.role is Role.OPS:
            body["opsRoles"] = sorted(principal.ops_roles)
            body["opsMerchants"] = sorted(principal.ops_merchants)
        key = token_key(token)
        async with self.valkey.pipeline(transaction=True) as pipe:
            pipe.set(key, json.dumps(body), ex=ttl_seconds)
            if principal.account_id is not None:
                index = self._index(principal.merchant, principal.account_id)
                pipe.sadd(index, key)
                pipe.expire(index, ttl_seconds, gt=True)
                pipe.expire(index, ttl_seconds, nx=True)
            if forget:
                pipe.delete(*forget)
            await pipe.execute()
        return token

    async def load(self, token: str) -> Principal | None:
        key = token_key(token)
        if self.cache is not None and (cached := self.cache.get(key)) is not None:
            return cached
        epoch = self.cache.epoch if self.cache is not None else 0
        async with self.valkey.pipeline(transaction=False) as pipe:
            pipe.get(key)
            pipe.pttl(key)
            raw, ttl_ms = await pipe.execute()
        if not isinstance(raw, str):
            return None
        body = json.loads(raw)
        principal = Principal(
            role=Role(body["role"]),
            merchant=body["merchant"],
            account_id=body.get("accountId"),
            account_type=body.get("accountType"),
            username=body.get("username"),
            token_hash=key,
            must_change_password=bool(body.get("mustChangePassword", False)),
            ops_roles=ops_roles_of(body.get("opsRoles", ())),
            ops_merchants=frozenset(body.get("opsMerchants", ())),
        )
        if self.cache is not None:
            self.cache.put(key, principal, as_int(ttl_ms), epoch)
        return principal

    async def alive(self, key: str) -> bool:
        """Whether the session stored under ``key`` (its token key) still exists: one that ended (logout, a
        password change or reset, the account disabled) is gone. Asked of Valkey every time, never of the cache,
        for a decision that must follow the end at once (a bet of a game the session launched)."""
        return await self.valkey.exists(key) == 1

    def _changed(self, keys: list[str]) -> None:
        if self.cache is not None:
            self.cache.drop(keys)

    async def revoke(self, token: str) -> None:
        await self.end(token_key(token))

    async def end(self, key: str) -> None:
        """End the session stored under ``key`` (its token key), in every process at once."""
        async with self.valkey.pipeline(transaction=True) as pipe:
            pipe.delete(key)
            pipe.publish(CHANGED_CHANNEL, key)
            await pipe.execute()
        self._changed([key])

    async def release_password_change(self, key: str) -> None:
        """Clear the forced password change of the session stored under ``key`` (its token key)."""
        raw = as_str(await self.valkey.get(key))
        if raw is not None:
            body = json.loads(raw)
            body["mustChangePassword"] = False
            async with self.valkey.pipeline(transaction=True) as pipe:
                pipe.set(key, json.dumps(body), keepttl=True, xx=True)
                pipe.publish(CHANGED_CHANNEL, key)
                await pipe.execute()
            self._changed([key])

    async def revoke_account(self, merchant: str, account_id: str, keep: str | None = None) -> int:
        """End every session of the account except ``keep`` (a token key); returns how many ended."""
        index = self._index(merchant, account_id)
        members = await self.valkey.smembers(index)
        keys = sorted(key for key in members if isinstance(key, str) and key != keep)
        if keys:
            async with self.valkey.pipeline(transaction=True) as pipe:
                pipe.delete(*keys)
                pipe.srem(index, *keys)
                pipe.publish(CHANGED_CHANNEL, " ".join(keys))
                await pipe.execute()
            self._changed(keys)
        return len(keys)


def _bare_token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    value = authorization.strip()
    if value.lower().startswith("bearer "):
        value = value[7:].strip()
    return value or None


async def current_principal(request: Request) -> Principal:
    """The caller: a visitor without a token; 401 for a token that is unknown, expired or of another brand.
    (The headers are read from the request, one dependency level in all: see ``merchant_code``.)"""
    merchant = await merchant_code(request)
    token = _bare_token(request.headers.get("authorization"))
    if token is None:
        return Principal(role=Role.VISITOR, merchant=merchant)
    sessions: SessionStore = request.app.state.sessions
    principal = await sessions.load(token)
    if principal is None:
        raise Unauthorized("user.or.token.invalid")
    if principal.merchant not in (merchant, ALL_MERCHANTS):
        raise Unauthorized("user.or.token.invalid")
    return principal


setattr(current_principal, READS_HEADERS, ("merchant", "authorization"))
CurrentPrincipal = Annotated[Principal, Depends(current_principal)]


def require_roles(*roles: Role, allow_password_change: bool = False) -> Callable[..., Awaitable[Principal]]:
    """A dependency admitting only ``roles``: no session → 401, a trial account on a real-account
    action → 403 ``in_need_true_account``, any other role → 403 ``access.denied``; a session that must
    change its password → 403 ``password.change.required`` unless ``allow_password_change``."""
    allowed = frozenset(roles)

    async def dependency(request: Request) -> Principal:
        principal = await current_principal(request)
        if principal.role in allowed:
            if principal.must_change_password and not allow_password_change:
                raise Forbidden("password.change.required")
            return principal
        if principal.is_visitor:
            raise Unauthorized()
        if principal.role is Role.TRIAL and allowed & {Role.MEMBER, Role.AGENT}:
            raise Forbidden("in_need_true_account")
        raise Forbidden()

    setattr(dependency, READS_HEADERS, ("merchant", "authorization"))
    return dependency


OpsPrincipal = Annotated[Principal, Depends(require_roles(Role.OPS))]
MemberPrincipal = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]


def check_brand_access(code: str, principal: Principal) -> Principal:
    """An operator may act on a brand only when their session's brands include it (or are every brand, ``*``)."""
    if not principal.may_act_for(code):
        raise Forbidden()
    return principal


def require_ops(role: OpsRole) -> Callable[..., Awaitable[Principal]]:
    """Dependency for ops routes with the brand in the path (``.../merchants/{code}/...``): an ops session
    that may act for that brand and holds ``role``; anyone else 401 or 403 (``ops.role_required``)."""

    async def dependency(code: str, principal: OpsPrincipal) -> Principal:
        check_brand_access(code, principal)
        if not principal.holds(role):
            raise Forbidden("ops.role_required")
        return principal

    return dependency


def require_ops_everywhere(role: OpsRole) -> Callable[..., Awaitable[Principal]]:
    """Dependency for ops routes that concern no one brand (a new brand, ops people): ``role`` for every brand."""

    async def dependency(principal: OpsPrincipal) -> Principal:
        return await require_ops(role)(ALL_MERCHANTS, principal)

    return dependency


# Who reads members' personal data and the brand's money figures: every role but the content editor's.
FINANCE_READERS = frozenset({OpsRole.VIEWER, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN})


async def finance_reader(code: str, principal: OpsPrincipal) -> Principal:
    """An ops session that may act for brand ``code`` with a role of ``FINANCE_READERS`` (granted, not implied:
    a content editor, whom every role's ``viewer`` would admit, is refused ``ops.role_required``)."""
    check_brand_access(code, principal)
    if not principal.ops_roles & FINANCE_READERS:
        raise Forbidden("ops.role_required")
    return principal


OpsFinanceReader = Annotated[Principal, Depends(finance_reader)]
OpsViewer = Annotated[Principal, Depends(require_ops(OpsRole.VIEWER))]
OpsContent = Annotated[Principal, Depends(require_ops(OpsRole.CONTENT))]
OpsMaker = Annotated[Principal, Depends(require_ops(OpsRole.FINANCE_MAKER))]
OpsChecker = Annotated[Principal, Depends(require_ops(OpsRole.FINANCE_CHECKER))]
OpsAdmin = Annotated[Principal, Depends(require_ops(OpsRole.ADMIN))]
OpsAdminEverywhere = Annotated[Principal, Depends(require_ops_everywhere(OpsRole.ADMIN))]
