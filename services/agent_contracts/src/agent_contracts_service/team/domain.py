"""The tree's pure rules."""

from __future__ import annotations

from dataclasses import dataclass

from portal_kit.sessions import AGENT_TYPES, TRIAL_TYPE


@dataclass(frozen=True)
class Placement:
    """Where a registered account goes: under ``upline_id`` (``None``: a root of its own)."""

    account_id: str
    username: str
    account_type: int
    upline_id: str | None


def joins_team(account_type: int) -> bool:
    """Trial accounts (free play) belong to no team."""
    return account_type != TRIAL_TYPE


def is_agent(account_type: int | None) -> bool:
    return account_type in AGENT_TYPES


def upline_of(account_id: str, upline_id: str | None) -> str | None:
    """An account named as its own upline is a root."""
    return None if not upline_id or upline_id == account_id else upline_id


def move_refusal(member_id: str, new_upline_id: str, upline_in_subtree: bool) -> str | None:
    """Why moving ``member_id`` under ``new_upline_id`` is refused, or ``None``: never under itself nor under any
    of its own descendants (a cycle)."""
    if member_id == new_upline_id or upline_in_subtree:
        return "team.move_cycle"
    return None


def contains_pattern(search: str) -> str:
    """A case-insensitive "contains" pattern with the user's ``%``, ``_`` and ``\\`` taken literally."""
    escaped = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
