"""Pure rules of ops people: who may grant what (nobody grants more than they hold), who may check another
admin's request (a second person, never one the maker brought in), their names, e-mails and address ranges."""

from __future__ import annotations

import hashlib
import ipaddress
import re
from collections.abc import Iterable
from datetime import timedelta
from enum import StrEnum

from portal_kit.errors import DomainError, Forbidden
from portal_kit.sessions import ALL_MERCHANTS, OpsRole, Principal

USERNAME = re.compile(r"[a-z][a-z0-9._-]{2,63}")
MERCHANT = re.compile(r"[a-z0-9][a-z0-9_-]{1,31}")
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s.]{2,}")
MIN_PASSWORD = 12
ACTIVE = "active"
PENDING = "pending"  # an invitation waiting for a second admin
INVITED = "invited"  # approved: its one-time token is out, the person has not enrolled yet
DISABLED = "disabled"
INVITATION_LIFETIME = timedelta(hours=48)
# Widest range an admin may add: a /8 of IPv4, a /32 of IPv6 (0.0.0.0/0 would admit the internet).
WIDEST_PREFIX = {4: 8, 6: 32}

# Kinds of maker–checker requests.
INVITE, GRANT, RANGE_ADD, RANGE_REMOVE = "person.invite", "person.grant", "range.add", "range.remove"


class OpsPersonOrder(StrEnum):
    """The people list's orders: the newest first, the oldest first, by username (A to Z); each then by id, so a
    page never shifts between two reads."""

    NEWEST = "newest"
    OLDEST = "oldest"
    USERNAME = "username"


class OpsRequestOrder(StrEnum):
    """The requests list's orders: the newest first, the oldest first; each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"


def brands_in_reach(actor: Principal) -> list[str] | None:
    """The brands whose people and requests ``actor`` sees (those whose brands are all among them); ``None``: every
    brand's (an admin of ``*``). The same reach as ``Principal.may_act_for``, for a query."""
    scope = actor.ops_merchants or frozenset({actor.merchant})
    return None if ALL_MERCHANTS in scope else sorted(scope)


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


def checked_email(email: str) -> str:
    address = email.strip().lower()
    if len(address) > 254 or not EMAIL.fullmatch(address):
        raise DomainError("validation.failed", field="email")
    return address


def checked_range(cidr: str) -> str:
    """A CIDR range in its canonical form (host bits cleared), no wider than ``WIDEST_PREFIX``."""
    try:
        network = ipaddress.ip_network(cidr.strip(), strict=False)
    except ValueError:
        raise DomainError("validation.failed", field="cidr") from None
    if network.prefixlen < WIDEST_PREFIX[network.version]:
        raise DomainError("validation.failed", field="cidr", reason="too wide")
    return str(network)


def within(ip: str | None, ranges: Iterable[str]) -> bool:
    """Whether ``ip`` lies in one of ``ranges`` (an unreadable or missing address lies in none)."""
    try:
        address = ipaddress.ip_address((ip or "").strip())
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(cidr) for cidr in ranges)


def token_digest(token: str) -> str:
    """What is kept of an enrolment token: its SHA-256 (a 256-bit random token needs no slow hash)."""
    return hashlib.sha256(token.encode()).hexdigest()


def check_checker(
    maker_id: str,
    checker_id: str | None,
    checker_brought_in_by: Iterable[str | None],
    maker_brought_in_by: Iterable[str | None] = (),
) -> None:
    """A request is checked by a second person: never its maker (``ops.self_approval``), never someone the maker
    brought in, and never someone who brought the maker in, by inviting them or by approving their invitation
    (``ops.related_approval``), so that one admin cannot become two by inviting a second account: neither seat of
    a request is held by the pair. A development session without a person (``ops-token``) is nobody and checks
    nothing (``ops.person_required``)."""
    if checker_id is None:
        raise Forbidden("ops.person_required")
    if checker_id == maker_id:
        raise Forbidden("ops.self_approval")
    if maker_id in set(checker_brought_in_by) or checker_id in set(maker_brought_in_by):
        raise Forbidden("ops.related_approval")


def check_grant_by_checker(checker: Principal, roles: list[str], merchants: list[str], touched: list[str]) -> None:
    """A checker approves only what they could grant themselves: an admin of every brand the request touches
    (the person's brands before and after) and of every brand it grants; ``*`` only by an admin of every brand."""
    reach(checker, touched)
    checked_grant(checker, roles, merchants)
