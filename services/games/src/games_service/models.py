"""Every table of the games service, for Alembic."""

from __future__ import annotations

from games_service.aggregator.models import VendorRound, VendorSession, VendorTransaction
from games_service.bgs.models import JackpotShare, RevealedSeed, Round, SeedKey, SeedPair
from games_service.catalogue.models import Game, Vendor
from games_service.dashboard.models import PlayDay
from games_service.favourites.models import Favourite
from games_service.ops.models import GamesAudit
from games_service.records.models import BetRecord
from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage

__all__ = [
    "Base",
    "BetRecord",
    "Favourite",
    "Game",
    "GamesAudit",
    "InboxMessage",
    "JackpotShare",
    "OutboxMessage",
    "PlayDay",
    "RevealedSeed",
    "Round",
    "SeedKey",
    "SeedPair",
    "Vendor",
    "VendorRound",
    "VendorSession",
    "VendorTransaction",
]
