"""Pure rules of the games' ops plane: a maintenance window's bounds, and a vendor's or a game's state as an audit
row keeps it."""

from __future__ import annotations

from datetime import datetime

from portal_kit.errors import DomainError

# The longest maintenance window ops may set at once (a vendor gone for longer is switched off instead).
MAX_WINDOW_DAYS = 90


def check_window(starts: datetime, until: datetime, now: datetime) -> None:
    """A window ends in the future (``maintenance.until_past``), after its start (``maintenance.until_before_from``)
    and within ``MAX_WINDOW_DAYS`` of now (``maintenance.too_long``)."""
    if until <= now:
        raise DomainError("maintenance.until_past")
    if until <= starts:
        raise DomainError("maintenance.until_before_from")
    if (until - now).days >= MAX_WINDOW_DAYS:
        raise DomainError("maintenance.too_long", days=MAX_WINDOW_DAYS)


def stamp(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def vendor_target(code: str, game_type: str) -> str:
    """The audit's name of a vendor row: its code and game type (``BGS:RNG``)."""
    return f"{code}:{game_type}"


def game_target(node_id: int) -> str:
    return f"game:{node_id}"
