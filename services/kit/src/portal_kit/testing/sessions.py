"""Signed-in callers for tests: sessions written to the run's Valkey as the auth service writes them, for a
member (a trial account or an agent by their account type) or an ops person."""

from __future__ import annotations

from collections.abc import Iterable

from portal_kit.sessions import OpsRole, Principal, Role, role_for_account_type
from portal_kit.testing.plugin import issue_session


async def member_session(
    redis_url: str,
    merchant: str,
    account_id: str,
    *,
    account_type: int | None = 0,
    username: str | None = None,
    role: Role | None = None,
) -> str:
    """The token of a session of the account ``account_id`` of ``merchant``: a member, a trial account or an
    agent as its ``account_type`` makes it (a ``role`` named wins; no account type in the session when None)."""
    principal = Principal(
        role=role or role_for_account_type(account_type or 0),
        merchant=merchant,
        account_id=account_id,
        account_type=account_type,
        username=username,
    )
    return await issue_session(redis_url, principal)


async def ops_session(
    redis_url: str,
    username: str,
    *,
    roles: Iterable[OpsRole] = (OpsRole.ADMIN,),
    merchants: Iterable[str] = (),
    account_id: str | None = None,
) -> str:
    """The token of an ops session of ``username`` holding ``roles`` for ``merchants`` (none named: every brand,
    the session's own merchant being ``*``)."""
    principal = Principal(
        role=Role.OPS,
        merchant="*",
        account_id=account_id,
        username=username,
        ops_roles=frozenset(roles),
        ops_merchants=frozenset(merchants),
    )
    return await issue_session(redis_url, principal)
