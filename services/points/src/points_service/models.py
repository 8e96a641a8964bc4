"""Every table of the points service, for Alembic."""

from __future__ import annotations

from points_service.conversion.models import Conversion, ConversionRule
from points_service.earning.models import PointProgress
from points_service.envelopes.models import RedEnvelope, RedEnvelopeShare
from points_service.ledger.models import PointAccount, PointEntry
from points_service.mall.models import MallItem, MallRedemption
from points_service.members.models import PointMember
from points_service.missions.models import Mission, MissionPlayDay, MissionProgress
from points_service.ops.models import PointsAudit
from points_service.promotions.models import (
    BonusGrant,
    PlayDayNet,
    Promotion,
    PromotionApplication,
    PromotionApplicationImage,
    PromotionDepositor,
    PromotionJoin,
)
from points_service.raffles.models import Raffle, RafflePrize, RaffleTicket
from points_service.referral.models import ReferralCode, ReferralInvitation, ReferralRule, ReferralTotal
from points_service.rules.models import PointRule
from points_service.vip.models import VipLevel, VipLevelUp, VipMember
from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage

__all__ = [
    "Base",
    "BonusGrant",
    "Conversion",
    "ConversionRule",
    "InboxMessage",
    "MallItem",
    "MallRedemption",
    "Mission",
    "MissionPlayDay",
    "MissionProgress",
    "OutboxMessage",
    "PlayDayNet",
    "PointAccount",
    "PointEntry",
    "PointMember",
    "PointProgress",
    "PointRule",
    "PointsAudit",
    "Promotion",
    "PromotionApplication",
    "PromotionApplicationImage",
    "PromotionDepositor",
    "PromotionJoin",
    "Raffle",
    "RafflePrize",
    "RaffleTicket",
    "RedEnvelope",
    "RedEnvelopeShare",
    "ReferralCode",
    "ReferralInvitation",
    "ReferralRule",
    "ReferralTotal",
    "VipLevel",
    "VipLevelUp",
    "VipMember",
]
