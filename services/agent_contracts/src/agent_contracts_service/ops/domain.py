"""The ops reads' pure rules: how the agents list is searched, filtered and ordered."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class AgentOrder(StrEnum):
    """The agents list's orders: the newest registration first, by username (A to Z), the most direct downlines
    first; each then by account id, so a page never shifts between two reads."""

    REGISTERED = "registered"
    USERNAME = "username"
    DOWNLINES = "downlines"


class AgentType(IntEnum):
    """The agents' account types (the kit's ``AGENT_TYPES``)."""

    AGENT = 1
    AGENT_2 = 2
    AGENT_41 = 41
    AGENT_42 = 42


class ContractFilter(StrEnum):
    """Beside a contract kind: any active contract, or none."""

    ANY = "ANY"
    NONE = "NONE"


def prefix_pattern(search: str) -> str:
    """A case-insensitive "starts with" pattern (lower case) with the user's ``%``, ``_`` and ``\\`` taken
    literally."""
    escaped = search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{escaped}%"
