"""Pure rules of the records: how a winner's name shows, which categories the board knows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from games_service.catalogue.domain import GAME_TYPES
from portal_kit.errors import DomainError

ALL = "ALL"
WINNERS_LIMIT = 20  # spec §9: the board asks for 20
BOARD_DAYS = 7  # the board shows the biggest wins of the last week
RECENT_GAMES = 12


def masked(name: str) -> str:
    """A winner's account name as the public board shows it: the first two and the last character."""
    if len(name) <= 3:
        return name[:1] + "***"
    return f"{name[:2]}***{name[-1]}"


class BetOrder(StrEnum):
    """The orders of a member's betting record as ops read it: the latest settled first, the earliest first (by the
    settlement time, ``ix_bet_record_member`` either way; then by id)."""

    NEWEST = "newest"
    OLDEST = "oldest"


def game_type_filter(value: str | None) -> str | None:
    """A list's game type: none, empty or ``ALL`` (every game type: None), or one game type."""
    upper = (value or ALL).upper()
    if upper == ALL:
        return None
    if upper not in GAME_TYPES:
        raise DomainError("game_type.unknown")
    return upper


@dataclass(frozen=True)
class SettledBet:
    """A round of any vendor, settled: what the bet record and ``games.bet.settled.v1`` tell."""

    vendor: str
    round_id: str  # the vendor's id of the round, unique within the vendor
    merchant: str
    account_id: str
    player_name: str
    game_type: str
    game_code: str
    currency: str
    stake: int
    valid_bet: int
    win: int
    settled_at: datetime
