"""Every table of the lottery service, for Alembic."""

from __future__ import annotations

from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.models import Bet, Slip
from lottery_service.brand_games.models import BrandGame
from lottery_service.draws.models import Issue, SeedKeyRecord
from lottery_service.ops.models import VoidRequest
from portal_kit.db import Base
from portal_kit.messaging.outbox import OutboxMessage

__all__ = ["Base", "Bet", "BrandGame", "Issue", "LotteryAudit", "OutboxMessage", "SeedKeyRecord", "Slip", "VoidRequest"]
