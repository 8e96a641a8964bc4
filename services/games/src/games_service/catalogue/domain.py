"""The catalogue's fixed vocabulary (spec §3, §9)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Protocol

# The header's order of vendor categories (spec §2): lottery, live, fish, slots, card games, e-sports,
# sports betting, cockfight.
GAME_TYPES = ("LOTT", "ELOTT", "LIVE", "FISH", "RNG", "PVP", "ESPORTS", "SPORTS", "COCKFIGHT")
SLOT_SUB_CATEGORIES = ("SC", "VP", "JP", "TG", "AC", "BG")


class NodeKind(StrEnum):
    """A catalogue node: a game, or a vendor's lobby (VASSALAGE) that opens a list of its games."""

    GAME = "GAME"
    VASSALAGE = "VASSALAGE"


GAME, VASSALAGE = NodeKind
IN_HOUSE_VENDOR = "BGS"  # the portal's own games (games_service.bgs)
IN_HOUSE_MAX_STAKE = 10_000_000  # minor units (100,000.00): the largest stake of an in-house round, any room
# Node ids are PostgreSQL bigints: a larger number names no game and must not reach the database.
NODE_ID_MAX = 2**63 - 1


def under_maintenance(until: datetime | None, now: datetime) -> bool:
    return until is not None and until > now


class PlayRules(Protocol):
    """What the rules of play read of a game: a catalogue row, or the in-house games' lean read of one
    (``bgs.repository.PlayableGame``, no ORM object on a round's path)."""

    @property
    def vendor(self) -> str: ...
    @property
    def support_play(self) -> int: ...
    @property
    def playable(self) -> bool: ...


class Maintained(Protocol):
    """A vendor's maintenance window, as the rules of play read it."""

    @property
    def maintenance_until(self) -> datetime | None: ...
