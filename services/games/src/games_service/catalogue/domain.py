"""The catalogue's fixed vocabulary (spec §3, §9)."""

from __future__ import annotations

from dataclasses import dataclass
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


def vendors_cache_key(merchant: str) -> str:
    """The Valkey key of the brand's vendor list as ``GCSGAME_newGameVendor`` caches it."""
    return f"games:vendors:{merchant}"


def hot_cache_key(merchant: str, language: str) -> str:
    """The Valkey key of the brand's hot games in ``language`` as ``GCSGAME_hotGamesV2`` caches them."""
    return f"games:hot:{merchant}:{language}"


def under_maintenance(start: datetime | None, until: datetime | None, now: datetime) -> bool:
    """A window is in force from its start (none: from when it was set) until its end; a window set to start
    later shows nothing until then."""
    return until is not None and until > now and (start is None or start <= now)


class VendorState(StrEnum):
    """A vendor as ops see it: ``open``; ``scheduled`` (a window starts later); ``maintenance`` (a window is in
    force); ``off`` (switched off: its games are hidden and do not launch)."""

    OPEN = "open"
    SCHEDULED = "scheduled"
    MAINTENANCE = "maintenance"
    OFF = "off"


def vendor_state(enabled: bool, start: datetime | None, until: datetime | None, now: datetime) -> VendorState:
    if not enabled:
        return VendorState.OFF
    if under_maintenance(start, until, now):
        return VendorState.MAINTENANCE
    if until is not None and until > now:
        return VendorState.SCHEDULED
    return VendorState.OPEN


class PlayRules(Protocol):
    """What the rules of play read of a game: a catalogue row, or the in-house games' lean read of one
    (``bgs.repository.PlayableGame``, no ORM object on a round's path)."""

    @property
    def vendor(self) -> str: ...
    @property
    def support_play(self) -> int: ...
    @property
    def playable(self) -> bool: ...
    @property
    def enabled(self) -> bool: ...


class Maintained(Protocol):
    """A vendor's switch and maintenance window, as the rules of play read them."""

    @property
    def enabled(self) -> bool: ...
    @property
    def maintenance_from(self) -> datetime | None: ...
    @property
    def maintenance_until(self) -> datetime | None: ...


@dataclass(frozen=True, slots=True)
class VendorWindow:
    """A vendor's switch and window without its ORM row (the in-house games' lean read)."""

    enabled: bool
    maintenance_from: datetime | None
    maintenance_until: datetime | None
