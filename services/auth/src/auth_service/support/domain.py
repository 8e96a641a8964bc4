"""How ops find a member: by the start of a username, an exact mobile number, id or address."""

from __future__ import annotations

from enum import StrEnum


class SearchBy(StrEnum):
    USERNAME = "username"  # the start of it, case-insensitive (usernames are stored lower-case)
    MOBILE = "mobile"  # the number without its dialing code, exactly
    ID = "id"
    ADDRESS = "address"  # the address it registered or last signed in from, exactly


class MemberOrder(StrEnum):
    """The orders of a member search: ``match`` (the default) the search's own (a name search by username, any other
    newest first); by username; the newest account first; the oldest first; each then by id."""

    MATCH = "match"
    USERNAME = "username"
    NEWEST = "newest"
    OLDEST = "oldest"


class AccountStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"


class NoteOrder(StrEnum):
    """The orders of the notes on a member: the newest first, the oldest first (by id)."""

    NEWEST = "newest"
    OLDEST = "oldest"


def prefix_pattern(search: str) -> str:
    """A ``LIKE`` pattern for names starting with ``search`` (lower-cased), its ``%``, ``_`` and ``\\`` literal."""
    escaped = search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{escaped}%"
