"""Pure rules of ops people: who may grant what (nobody grants more than they hold), and their names."""

from __future__ import annotations

import re

from portal_kit.errors import DomainError, Forbidden
from portal_kit.sessions import ALL_MERCHANTS, OpsRole, Principal

USERNAME = re.compile(r"[a-z][a-z0-9._-]{2,63}")
MERCHANT = re.compile(r"[a-z0-9][a-z0-9_-]{1,31}")
MIN_PASSWORD = 12
ACTIVE = "active"


def checked_username(username: str) -> str:
    name = username.strip().lower()
    if not USERNAME.fullmatch(name):
        raise DomainError("validation.failed", field="username")
    return name


def checked_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise DomainError("validation.failed", field="password", reason=f"at least {MIN_PASSWORD} characters")
    return password


def checked_grant(grantor: Principal, roles: list[str], merchants: list[str]) -> tuple[list[str], list[str]]:
    """The roles and brands an admin may give someone: known roles, at least one of each, and only brands the
    admin may act for themselves (``*`` only from an admin of every brand)."""
    known = {role.value for role in OpsRole}
    if not roles or any(role not in known for role in roles):
        raise DomainError("validation.failed", field="roles")
    if not merchants or any(m != ALL_MERCHANTS and not MERCHANT.fullmatch(m) for m in merchants):
        raise DomainError("validation.failed", field="merchants")
    reach(grantor, merchants)
    return sorted(set(roles)), sorted(set(merchants))


def reach(grantor: Principal, merchants: list[str]) -> None:
    """An admin may manage someone only when every brand of theirs is within the admin's own brands."""
    if not all(grantor.may_act_for(m) for m in merchants):
        raise Forbidden()
