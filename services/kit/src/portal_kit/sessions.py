"""Session verification from Redis and role dependencies.

The auth service writes sessions; every service verifies them here. A session is stored under
``session:<sha256(token)>`` (so a Redis dump holds no usable token) as JSON:
``{"accountId", "merchant", "role", "accountType", "username", "mustChangePassword"}``. Roles: visitor
(no session), trial, member, agent, ops. An ops session with merchant ``*`` may act for every brand.
Each account's sessions are indexed under ``account-sessions:<merchant>:<accountId>`` so that a password
change can end the others. A session that must change its password is refused by every role dependency
except those that admit it (``allow_password_change``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from fastapi import Depends, Header, Request
from redis.asyncio import Redis

from portal_kit.errors import Forbidden, Unauthorized
from portal_kit.merchant import MerchantCode

AGENT_TYPES = frozenset({1, 2, 41, 42})
TRIAL_TYPE = 4
ALL_MERCHANTS = "*"


class Role(StrEnum):
    VISITOR = "visitor"
    TRIAL = "trial"
    MEMBER = "member"
    AGENT = "agent"
    OPS = "ops"


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

    @property
    def is_visitor(self) -> bool:
        return self.role is Role.VISITOR


def token_key(token: str) -> str:
    return "session:" + hashlib.sha256(token.encode()).hexdigest()


class SessionStore:
    """Reads (and, for auth and tests, writes) sessions in Redis."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    @staticmethod
    def _index(merchant: str, account_id: str) -> str:
        return f"account-sessions:{merchant}:{account_id}"

    async def create(self, principal: Principal, ttl_seconds: int) -> str:
        token = secrets.token_urlsafe(32)
        body = {
            "accountId": principal.account_id,
            "merchant": principal.merchant,
            "role": principal.role.value,
            "accountType": principal.account_type,
            "username": principal.username,
            "mustChangePassword": principal.must_change_password,
        }
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(token_key(token), json.dumps(body), ex=ttl_seconds)
            if principal.account_id is not None:
                index = self._index(principal.merchant, principal.account_id)
                pipe.sadd(index, token_key(token))
                pipe.expire(index, ttl_seconds, gt=True)
                pipe.expire(index, ttl_seconds, nx=True)
            await pipe.execute()
        return token

    async def load(self, token: str) -> Principal | None:
        key = token_key(token)
        raw = await self.redis.get(key)
        if raw is None:
            return None
        body = json.loads(raw)
        return Principal(
            role=Role(body["role"]),
            merchant=body["merchant"],
            account_id=body.get("accountId"),
            account_type=body.get("accountType"),
            username=body.get("username"),
            token_hash=key,
            must_change_password=bool(body.get("mustChangePassword", False)),
        )

    async def revoke(self, token: str) -> None:
        await self.redis.delete(token_key(token))

    async def release_password_change(self, key: str) -> None:
        """Clear the forced password change of the session stored under ``key`` (its token key)."""
        raw = await self.redis.get(key)
        if raw is not None:
            body = json.loads(raw)
            body["mustChangePassword"] = False
            await self.redis.set(key, json.dumps(body), keepttl=True, xx=True)

    async def revoke_account(self, merchant: str, account_id: str, keep: str | None = None) -> int:
        """End every session of the account except ``keep`` (a token key); returns how many ended."""
        index = self._index(merchant, account_id)
        keys = [key for key in await self.redis.smembers(index) if key != keep]
        if keys:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(*keys)
                pipe.srem(index, *keys)
                await pipe.execute()
        return len(keys)


def _bare_token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    value = authorization.strip()
    if value.lower().startswith("bearer "):
        value = value[7:].strip()
    return value or None


async def current_principal(
    request: Request,
    merchant: MerchantCode,
    authorization: Annotated[str | None, Header()] = None,
) -> Principal:
    """The caller: a visitor without a token; 401 for a token that is unknown, expired or of another brand."""
    token = _bare_token(authorization)
    if token is None:
        return Principal(role=Role.VISITOR, merchant=merchant)
    principal = await SessionStore(request.app.state.redis).load(token)
    if principal is None:
        raise Unauthorized("user.or.token.invalid")
    if principal.merchant not in (merchant, ALL_MERCHANTS):
        raise Unauthorized("user.or.token.invalid")
    return principal


CurrentPrincipal = Annotated[Principal, Depends(current_principal)]


def require_roles(*roles: Role, allow_password_change: bool = False) -> Callable[..., Awaitable[Principal]]:
    """A dependency admitting only ``roles``: no session → 401, a trial account on a real-account
    action → 403 ``in_need_true_account``, any other role → 403 ``access.denied``; a session that must
    change its password → 403 ``password.change.required`` unless ``allow_password_change``."""
    allowed = frozenset(roles)

    async def dependency(principal: CurrentPrincipal) -> Principal:
        if principal.role in allowed:
            if principal.must_change_password and not allow_password_change:
                raise Forbidden("password.change.required")
            return principal
        if principal.is_visitor:
            raise Unauthorized()
        if principal.role is Role.TRIAL and allowed & {Role.MEMBER, Role.AGENT}:
            raise Forbidden("in_need_true_account")
        raise Forbidden()

    return dependency


OpsPrincipal = Annotated[Principal, Depends(require_roles(Role.OPS))]
MemberPrincipal = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]


def check_brand_access(code: str, principal: Principal) -> Principal:
    """An operator may act on a brand only with a session for that brand or for every brand (``*``)."""
    if principal.merchant not in (ALL_MERCHANTS, code):
        raise Forbidden()
    return principal


async def brand_ops(code: str, principal: OpsPrincipal) -> Principal:
    """Dependency for ops routes with the brand in the path (``.../merchants/{code}/...``)."""
    return check_brand_access(code, principal)


BrandOps = Annotated[Principal, Depends(brand_ops)]
