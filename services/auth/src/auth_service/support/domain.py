"""How ops find a member: by the start of a username, an exact mobile number, id or address."""

from __future__ import annotations

from enum import StrEnum


class SearchBy(StrEnum):
    USERNAME = "username"  # the start of it, case-insensitive (usernames are stored lower-case)
    MOBILE = "mobile"  # the number without its dialing code, exactly
    ID = "id"
    ADDRESS = "address"  # the address it registered or last signed in from, exactly


def prefix_pattern(search: str) -> str:
    """A ``LIKE`` pattern for names starting with ``search`` (lower-cased), its ``%``, ``_`` and ``\\`` literal."""
    escaped = search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{escaped}%"
